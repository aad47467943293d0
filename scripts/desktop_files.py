"""The files a Linux desktop reads about the game, the same in the .deb, the
AppImage and the Flatpak: the desktop entry, the AppStream metadata (what a
software centre shows) and the icons, all named after the one application id
(``fiftyfifty_desktop.APP_ID``).

    python scripts/desktop_files.py --prefix /app --exec fiftyfifty-desktop

writes ``share/applications``, ``share/metainfo`` and ``share/icons`` under
the prefix (the Flatpak build does). Names, summaries, keywords and release
notes come in every language of ``config/i18n``; the release notes and dates
from ``packaging/releases.yaml``.
"""

from __future__ import annotations

import argparse
import os
import sys
from pathlib import Path
from xml.sax.saxutils import escape, quoteattr

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "scripts"))
sys.path.insert(0, str(ROOT))

import yaml  # noqa: E402
from make_icon import SIZE as DRAWN_SIZE, draw_icon  # noqa: E402  (it chooses the dummy video driver)
import pygame  # noqa: E402

from fiftyfifty_desktop import APP_ID, BUG_TRACKER, HOMEPAGE, __license__, __version__  # noqa: E402
from fiftyfifty_desktop.ui.i18n import load_translations  # noqa: E402

PACKAGE = "fiftyfifty-desktop"
#: The hicolor theme's usual fixed sizes; each is drawn down from the 256-pixel icon.
ICON_SIZES = (16, 22, 24, 32, 48, 64, 128, 256)
#: The screenshots a software centre shows (made with scripts/screenshots.py, kept in packaging/screenshots),
#: each with the catalogue key of its caption; the first is the default.
SCREENSHOTS = (("take5.png", "game.take5"), ("fiftyfive.png", "game.fiftyfive"), ("thirteen.png", "game.thirteen"),
               ("title.png", "title.heading"))
#: Where the screenshots can be fetched, from the tagged release's own files.
SCREENSHOT_URL = (HOMEPAGE.replace("https://github.com/", "https://raw.githubusercontent.com/")
                  + "/v{version}/packaging/screenshots/{name}")


def translations() -> dict[str, dict[str, str]]:
    """Every catalogue, English first: the source of each translated name and comment."""
    tables = load_translations(ROOT / "config" / "i18n")
    return dict(sorted(tables.items(), key=lambda item: item[0] != "en"))


def releases() -> list[dict]:
    """packaging/releases.yaml: version, date and the notes in every language, newest first."""
    return yaml.safe_load((ROOT / "packaging" / "releases.yaml").read_text(encoding="utf-8"))


def desktop_entry(tables: dict[str, dict[str, str]], command: str = PACKAGE) -> str:
    lines = ["[Desktop Entry]", "Type=Application"]
    for field, key in (("Name", "title.heading"), ("Comment", "about.summary"), ("Keywords", "about.keywords")):
        for lang, table in tables.items():
            lines.append(f"{field}{'' if lang == 'en' else f'[{lang}]'}={table[key]}")
    lines += [f"Exec={command}", f"Icon={APP_ID}", "Terminal=false", "Categories=Game;CardGame;",
              f"StartupWMClass={PACKAGE}"]
    return "\n".join(lines) + "\n"


def lang_attribute(lang: str) -> str:
    return "" if lang == "en" else f" xml:lang={quoteattr(lang)}"


def metainfo(tables: dict[str, dict[str, str]]) -> str:
    def translated(tag: str, text_of, indent: str) -> list[str]:
        return [f"{indent}<{tag}{lang_attribute(lang)}>{escape(text_of(lang, table))}</{tag}>"
                for lang, table in tables.items()]

    def key(name: str):
        return lambda lang, table: table[name]

    screenshots = []
    for number, (name, caption) in enumerate(SCREENSHOTS):
        screenshots += ["    <screenshot type=\"default\">" if number == 0 else "    <screenshot>",
                        *translated("caption", key(caption), "      "),
                        f"      <image>{escape(SCREENSHOT_URL.format(version=__version__, name=name))}</image>",
                        "    </screenshot>"]
    release_lines = []
    for release in releases():
        release_lines += [f'    <release version="{release["version"]}" date="{release["date"]}">',
                          "      <description>", "        <ul>"]
        for number in range(len(release["notes"]["en"])):
            release_lines += translated("li", lambda lang, table: release["notes"][lang][number], "          ")
        release_lines += ["        </ul>", "      </description>", "    </release>"]
    return "\n".join([
        '<?xml version="1.0" encoding="UTF-8"?>',
        '<component type="desktop-application">',
        f"  <id>{APP_ID}</id>",
        "  <metadata_license>CC0-1.0</metadata_license>",
        f"  <project_license>{__license__}</project_license>",
        *translated("name", key("title.heading"), "  "),
        *translated("summary", key("about.summary"), "  "),
        '  <developer id="io.github.fiftyfifty_desktop">',
        "    <name>The fiftyfifty_desktop developers</name>",
        "  </developer>",
        "  <description>",
        *translated("p", key("about.description"), "    "),
        "  </description>",
        f'  <launchable type="desktop-id">{APP_ID}.desktop</launchable>',
        f'  <url type="homepage">{HOMEPAGE}</url>',
        f'  <url type="bugtracker">{BUG_TRACKER}</url>',
        "  <categories>",
        "    <category>Game</category>",
        "    <category>CardGame</category>",
        "  </categories>",
        "  <keywords>",
        *[f"    <keyword{lang_attribute(lang)}>{escape(word)}</keyword>" for lang, table in tables.items()
          for word in table["about.keywords"].strip(";").split(";")],
        "  </keywords>",
        "  <provides>",
        f"    <binary>{PACKAGE}</binary>",
        "  </provides>",
        "  <recommends>",
        "    <control>pointing</control>",
        "    <control>keyboard</control>",
        "  </recommends>",
        "  <requires>",
        '    <display_length compare="ge">540</display_length>',
        "  </requires>",
        "  <screenshots>",
        *screenshots,
        "  </screenshots>",
        # Nothing in the game is violent, sexual, or shares what a player types beyond a player name at a table.
        '  <content_rating type="oars-1.1"/>',
        "  <releases>",
        *release_lines,
        "  </releases>",
        "</component>",
    ]) + "\n"


def write(path: Path, text: str, mode: int = 0o644) -> None:
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(text, encoding="utf-8")
    path.chmod(mode)


def write_icons(share: Path) -> None:
    """The icon at every hicolor size under ``share/icons``."""
    pygame.font.init()
    icon = draw_icon()
    for size in ICON_SIZES:
        target = share / f"icons/hicolor/{size}x{size}/apps/{APP_ID}.png"
        target.parent.mkdir(parents=True, exist_ok=True)
        image = icon if size == DRAWN_SIZE else pygame.transform.smoothscale(icon, (size, size))
        pygame.image.save(image, str(target))
        target.chmod(0o644)


def write_desktop_files(share: Path, command: str = PACKAGE) -> None:
    """The desktop entry, the metadata and the icons under ``share`` (a prefix's ``share`` folder)."""
    tables = translations()
    write(share / "applications" / f"{APP_ID}.desktop", desktop_entry(tables, command))
    write(share / "metainfo" / f"{APP_ID}.metainfo.xml", metainfo(tables))
    write_icons(share)


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--prefix", type=Path, required=True, help="writes under PREFIX/share")
    parser.add_argument("--exec", dest="command", default=PACKAGE, help="the desktop entry's command")
    args = parser.parse_args()
    write_desktop_files(args.prefix / "share", args.command)
    print(f"{os.path.join(args.prefix, 'share')}: desktop entry, metadata and icons of {APP_ID} {__version__}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
