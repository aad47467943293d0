"""Third-party notices for a download: what it bundles besides the game, under
which licence, with each licence's text.

build.spec calls :func:`write_notices` with the files PyInstaller is about to
bundle, so the notices name exactly what ships:

- the Python packages the game depends on (and PyInstaller's bootloader, the
  program's executable), read from the installed packages by pip-licenses;
- Python itself, with the licence file of the Python that builds the bundle;
- the libraries pygame-ce's wheel carries (SDL and its image, sound and font
  libraries), whose texts are kept in ``packaging/licenses/`` (taken from
  Debian's copyright files of the same projects);
- on Linux, the system libraries copied from the build machine, with the
  copyright file of the Debian package each comes from (``dpkg -S``).

A bundled library that none of these accounts for stops the build: its licence
has to be looked up and added, never guessed. The notices go to
``build/licenses``: ``THIRD-PARTY-NOTICES.txt`` (the list), one text per
component, and ``components.json``, from which scripts/build_deb.py writes the
.deb's machine-readable copyright file.
"""

from __future__ import annotations

import json
import re
import shutil
import subprocess
import sys
import sysconfig
from dataclasses import asdict, dataclass, field
from importlib import metadata
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
KEPT_TEXTS = ROOT / "packaging" / "licenses"
#: The libraries inside pygame-ce's wheels, by the stem of their file name (lower case, without "lib",
#: version and hash): (project, licence, text in packaging/licenses). The same on Linux, Windows and macOS.
WHEEL_LIBRARIES = {
    "sdl": ("SDL2", "Zlib", "sdl2.txt"),
    "sdl2_image": ("SDL2_image", "Zlib", "sdl2_image.txt"),
    "sdl2_mixer": ("SDL2_mixer", "Zlib", "sdl2_mixer.txt"),
    "sdl2_ttf": ("SDL2_ttf", "Zlib", "sdl2_ttf.txt"),
    "flac": ("FLAC", "BSD-3-Clause", "flac.txt"),
    "brotlicommon": ("Brotli", "MIT", "brotli.txt"),
    "brotlidec": ("Brotli", "MIT", "brotli.txt"),
    "fluidsynth": ("FluidSynth", "LGPL-2.1+", "fluidsynth.txt"),
    "freetype": ("FreeType", "FTL", "freetype.txt"),
    "harfbuzz": ("HarfBuzz", "MIT", "harfbuzz.txt"),
    "jpeg": ("libjpeg-turbo", "IJG and BSD-3-Clause", "libjpeg-turbo.txt"),
    "mpg": ("mpg123", "LGPL-2.1", "mpg123.txt"),
    "ogg": ("libogg", "BSD-3-Clause", "libogg.txt"),
    "opus": ("Opus", "BSD-3-Clause", "opus.txt"),
    "opusfile": ("opusfile", "BSD-3-Clause", "opusfile.txt"),
    "png": ("libpng", "Libpng", "libpng.txt"),
    "portmidi": ("PortMidi", "MIT", "portmidi.txt"),
    "sharpyuv": ("libwebp", "BSD-3-Clause", "libwebp.txt"),
    "webp": ("libwebp", "BSD-3-Clause", "libwebp.txt"),
    "webpdemux": ("libwebp", "BSD-3-Clause", "libwebp.txt"),
    "sndfile": ("libsndfile", "LGPL-2.1+", "libsndfile.txt"),
    "tiff": ("LibTIFF", "libtiff", "libtiff.txt"),
    "vorbis": ("libvorbis", "BSD-3-Clause", "libvorbis.txt"),
    "vorbisenc": ("libvorbis", "BSD-3-Clause", "libvorbis.txt"),
    "vorbisfile": ("libvorbis", "BSD-3-Clause", "libvorbis.txt"),
    "wavpack": ("WavPack", "BSD-3-Clause", "wavpack.txt"),
    "xmp": ("libxmp", "MIT", "libxmp.txt"),
    "z": ("zlib", "Zlib", "zlib.txt"),
    "zlib": ("zlib", "Zlib", "zlib.txt"),
}
#: Licence texts the kept copyright files point to as /usr/share/common-licenses/<name>.
COMMON_LICENCES = ("Apache-2.0", "Artistic", "CC0-1.0", "GFDL-1.2", "GPL-2", "GPL-3", "LGPL-2", "LGPL-2.1")
#: Licence texts for packages whose wheel carries none.
PACKAGE_TEXTS = {"pygame-ce": "LGPL-2.1.txt"}


@dataclass
class Component:
    name: str
    version: str
    licence: str
    copyright: str
    text: str  # the file in licenses/ that holds the licence
    files: list[str] = field(default_factory=list)  # bundle paths it accounts for


def stem(file_name: str) -> str:
    """``libSDL2_image-2-d6906c81.0.so.0.800.12`` -> ``sdl2_image``; ``SDL2.dll`` -> ``sdl``; ``libpng16-16.dll`` -> ``png``."""
    base = re.split(r"[-.]", file_name.lower(), maxsplit=1)[0]
    return re.sub(r"\d+$", "", base.removeprefix("lib"))


def python_packages() -> list[str]:
    """The distributions the game needs at run time, its dependencies' dependencies included."""
    from packaging.requirements import Requirement  # PyInstaller's own dependency, so there when it builds

    wanted, found = ["fiftyfifty_desktop"], []
    while wanted:
        name = wanted.pop()
        for text in metadata.requires(name) or []:
            requirement = Requirement(text)
            if requirement.marker is not None and not requirement.marker.evaluate({"extra": ""}):
                continue  # an extra, or another Python or system (typing-extensions for Python < 3.11, say)
            dependency = requirement.name
            if dependency not in found:
                found.append(dependency)
                wanted.append(dependency)
    return sorted(found, key=str.lower)


def canonical_name(name: str) -> str:
    """A distribution's name as packaging compares them: ``PyYAML`` and ``pyyaml``, ``pygame_ce`` and ``pygame-ce``."""
    return re.sub(r"[-_.]+", "-", name).lower()


def top_level_modules(packages: list[str]) -> list[str]:
    """The modules that ``packages`` (distribution names) install at the top level.

    build.spec bundles each of them, so a dependency added to pyproject.toml is collected, with its
    PyInstaller hook, from its declaration instead of being left out until a player meets the missing
    import. A package that installs no module stops the build: it cannot be bundled as declared.
    """
    wanted = {canonical_name(package) for package in packages}
    providers = metadata.packages_distributions()
    modules = sorted(module for module, names in providers.items()
                     if module.isidentifier() and wanted & {canonical_name(name) for name in names})
    provided = {canonical_name(name) for module in modules for name in providers[module]}
    if wanted - provided:
        sys.exit(f"build: no module found for the dependencies {', '.join(sorted(wanted - provided))}")
    return modules


def pip_licenses(packages: list[str]) -> list[dict[str, str]]:
    listing = subprocess.run(
        [sys.executable, "-m", "piplicenses", "--packages", *packages, "--with-authors", "--with-urls",
         "--with-license-file", "--no-license-path", "--format=json"],
        check=True, capture_output=True, text=True).stdout
    return json.loads(listing)


def every_licence_file(package: str, first: str) -> str:
    """``first`` (the one licence file pip-licenses reads) and every other file the wheel ships as its licence
    (PEP 639's ``licenses/`` folder): orjson ships Apache-2.0, MIT and MPL-2.0, cryptography Apache and BSD."""
    try:
        files = metadata.distribution(package).files or []
    except metadata.PackageNotFoundError:
        return first
    texts = [first] if first and first != "UNKNOWN" else []
    for file in sorted(files, key=str):
        if ".dist-info/licenses/" not in file.as_posix():
            continue
        text = file.read_text(encoding="utf-8")
        if text and text.strip() not in (t.strip() for t in texts):
            texts.append(f"----- {file.name} -----\n{text}" if texts else text)
    return "\n\n".join(texts) if texts else first


def owning_distributions() -> dict[Path, str]:
    """Every installed file of every distribution, by its real path: which package a bundled library came from."""
    owners: dict[Path, str] = {}
    for distribution in metadata.distributions():
        for file in distribution.files or []:
            owners[Path(distribution.locate_file(file)).resolve()] = distribution.metadata["Name"]
    return owners


def debian_package(library: Path) -> str:
    """The Debian package that installed a system library, looked up by file name in a folder of the
    same name: with a merged /usr, dpkg knows /usr/lib/x/libz.so.1 as /lib/x/libz.so.1 or the other way."""
    try:
        listing = subprocess.run(["dpkg", "-S", f"*/{library.name}"], check=True, capture_output=True,
                                 text=True).stdout
    except (OSError, subprocess.CalledProcessError):
        raise SystemExit(f"third_party_notices: {library} is bundled or needed, but no Debian package owns it, so "
                         "its licence is unknown; build with libraries from the system's packages")
    owners = [line.split(": ", 1) for line in listing.splitlines() if ": " in line]
    same_folder = [package for package, path in owners if Path(path).parent.name == library.parent.name]
    return (same_folder or [owners[0][0]])[0].split(":")[0]  # "libc6:amd64" -> "libc6"


def debian_copyright(library: Path) -> tuple[str, str, Path]:
    """(package, version, copyright file) of the Debian package that installed a system library."""
    package = debian_package(library)
    version = subprocess.run(["dpkg-query", "-W", "-f=${Version}", package], check=True, capture_output=True,
                             text=True).stdout
    return package, version, Path("/usr/share/doc") / package / "copyright"


def is_extension_module(path: Path) -> bool:
    return bool(re.search(r"\.(cpython-.*\.so|pyd|abi3\.so)$", path.name))


def components(binaries: list[tuple[str, str]], executable: str, pip_entries: list[dict[str, str]]) -> list[Component]:
    """What ships, from PyInstaller's (bundle path, source path) list of binaries."""
    found: dict[str, Component] = {}

    def add(key: str, make) -> Component:
        if key not in found:
            found[key] = make()
        return found[key]

    for entry in pip_entries:
        name = entry["Name"]
        text = f"{name}.txt"
        add(name, lambda: Component(name, entry["Version"], entry["License"], entry["Author"], text))
    base = Path(sys.base_prefix).resolve()
    python = add("Python", lambda: Component("Python", sysconfig.get_python_version(), "PSF-2.0",
                                             "Python Software Foundation", "Python.txt"))
    bootloader = found["pyinstaller"]
    bootloader.name, bootloader.files = "PyInstaller bootloader (the program's executable)", [executable]
    owners = owning_distributions()
    for target, source in binaries:
        real = Path(source).resolve()
        owner = owners.get(real)
        if owner is not None and not is_extension_module(real):
            if stem(real.name) not in WHEEL_LIBRARIES:
                raise SystemExit(f"third_party_notices: {owner}'s wheel brings {real.name}, whose project is not in "
                                 "WHEEL_LIBRARIES; add it there with its licence")
            project, licence, text = WHEEL_LIBRARIES[stem(real.name)]
            component = add(project, lambda: Component(project, f"from {owner}'s wheel", licence,
                                                       f"the {project} authors", text))
        elif owner is not None and owner in found:
            component = found[owner]
        elif real.is_relative_to(base):
            component = python
        elif sys.platform.startswith("linux"):
            package, version, _ = debian_copyright(real)
            component = add(f"debian:{package}", lambda: Component(
                package, version, "see the text", f"the {package} authors", f"{package}.txt"))
        else:
            raise SystemExit(f"third_party_notices: no licence is known for the bundled {real}; "
                             "add its project to WHEEL_LIBRARIES or build with a Python that ships it")
        component.files.append(target)
    return list(found.values())


def python_licence() -> str:
    """The licence file of the Python that builds the bundle (in its standard library, or beside it on Windows)."""
    for folder in (Path(sysconfig.get_path("stdlib")), Path(sys.base_prefix)):
        if (folder / "LICENSE.txt").is_file():
            return (folder / "LICENSE.txt").read_text(encoding="utf-8")
    raise SystemExit(f"third_party_notices: the Python in {sys.base_prefix} has no LICENSE.txt")


def licence_text(component: Component, pip_entries: dict[str, str]) -> str:
    if component.name == "Python":
        return python_licence()
    kept = KEPT_TEXTS / component.text
    if kept.is_file():
        return kept.read_text(encoding="utf-8")
    if component.text.removesuffix(".txt") in pip_entries:
        text = pip_entries[component.text.removesuffix(".txt")]
        if text and text != "UNKNOWN":
            return text
        kept_for_package = PACKAGE_TEXTS.get(component.text.removesuffix(".txt"))
        if kept_for_package:
            return (KEPT_TEXTS / kept_for_package).read_text(encoding="utf-8")
        raise SystemExit(f"third_party_notices: the package {component.name} ships no licence text; "
                         "add one to PACKAGE_TEXTS")
    package = component.text.removesuffix(".txt")
    return (Path("/usr/share/doc") / package / "copyright").read_text(encoding="utf-8")


def write_notices(binaries: list[tuple[str, str]], executable: str, folder: Path) -> list[Component]:
    """Write ``folder`` anew: the list, every licence text, and components.json."""
    shutil.rmtree(folder, ignore_errors=True)
    folder.mkdir(parents=True)
    pip_entries = pip_licenses([*python_packages(), "pyinstaller"])
    listed = components(binaries, executable, pip_entries)
    texts = {entry["Name"]: every_licence_file(entry["Name"], entry["LicenseText"]) for entry in pip_entries}
    for component in listed:
        (folder / component.text).write_text(licence_text(component, texts), encoding="utf-8")
    for name in COMMON_LICENCES:
        shutil.copyfile(KEPT_TEXTS / f"{name}.txt", folder / f"{name}.txt")
    shutil.copyfile(ROOT / "LICENSE", folder / "fiftyfifty_desktop.txt")
    shutil.copyfile(ROOT / "assets" / "fonts" / "LICENSE", folder / "DejaVu-fonts.txt")
    lines = ["Card Table (fiftyfifty_desktop) is MIT-licensed: fiftyfifty_desktop.txt.",
             "Its DejaVu Sans fonts: Bitstream Vera licence, DejaVu changes in the public domain: DejaVu-fonts.txt.",
             "",
             "It bundles the following, each under its own licence, whose text is the named file in this folder.",
             "Where a text refers to /usr/share/common-licenses/NAME, that licence is NAME.txt here.",
             ""]
    for component in sorted(listed, key=lambda c: c.name.lower()):
        lines.append(f"{component.name} {component.version}: {component.licence} ({component.text})")
    (folder / "THIRD-PARTY-NOTICES.txt").write_text("\n".join(lines) + "\n", encoding="utf-8")
    (folder / "components.json").write_text(json.dumps([asdict(c) for c in listed], indent=1) + "\n",
                                            encoding="utf-8")
    return listed
