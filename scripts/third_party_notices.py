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
- what a wheel's extension modules carry statically, read at build time from
  the wheel's own SBOMs (PEP 770, ``.dist-info/sboms/*.json``, CycloneDX):
  the Rust crates of cryptography and orjson with each crate's licence as its
  Cargo metadata states it, and the OpenSSL inside cryptography;
- on Linux, the system libraries copied from the build machine, with the
  copyright file of the Debian package each comes from (``dpkg -S``), or the
  licence files of its RPM package (``rpm -qf``, on the release's AlmaLinux
  base), and a library the build's own Python brings beside it (OpenSSL).

Run as a script, it writes the same notices for the game installed as packages
(the Flatpak does, into share/licenses):

    python3 scripts/third_party_notices.py --out DIR

A bundled library that none of these accounts for stops the build: its licence
has to be looked up and added, never guessed. So does a component under the
(L)GPL without a published source to point to. The notices go to
``build/licenses``: ``THIRD-PARTY-NOTICES.txt`` (the list), one text per
component, and ``components.json``, from which scripts/build_deb.py writes the
.deb's machine-readable copyright file.
"""

from __future__ import annotations

import argparse
import json
import platform
import re
import shutil
import subprocess
import sys
import sysconfig
import tomllib
from dataclasses import asdict, dataclass, field
from importlib import metadata
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
#: The project's issue tracker (fiftyfifty_desktop.BUG_TRACKER, the Issues address in pyproject.toml).
BUG_TRACKER = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))["project"]["urls"]["Issues"]
KEPT_TEXTS = ROOT / "packaging" / "licenses"
#: The libraries inside pygame-ce's wheels, by the stem of their file name (lower case, without "lib",
#: version and hash): (project, licence, text in packaging/licenses). The same on Linux, Windows and macOS.
#: (The Linux wheel's libasound is the system's in a PyInstaller bundle; an install as packages ships it.)
WHEEL_LIBRARIES = {
    "asound": ("alsa-lib", "LGPL-2.1+", "alsa-lib.txt"),
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
#: macOS wheels carry zlib-ng (libz.1.3.1.zlib-ng.dylib), a separate project under the zlib licence.
ZLIB_NG = ("zlib-ng", "Zlib", "zlib-ng.txt")
#: The system libraries a Linux bundle copies from the build machine, by file stem: (project, licence as the
#: Debian copyright format names it). The package manager only tells which package a file comes from, and that
#: package's copyright file covers its whole source (util-linux for libuuid, say), so the licence of the
#: library itself is stated here; its text is still the package's own copyright file.
SYSTEM_LIBRARIES = {
    "bz": ("bzip2", "bzip2-1.0.6"),
    "crypto": ("OpenSSL", "OpenSSL"),
    "ffi": ("libffi", "Expat"),
    "lzma": ("XZ Utils (liblzma)", "public-domain"),
    "sqlite": ("SQLite", "public-domain"),
    "ssl": ("OpenSSL", "OpenSSL"),
    "uuid": ("libuuid (util-linux)", "BSD-3-clause"),
    "z": ("zlib", "Zlib"),
}
#: Licence texts by SPDX identifier, for what the wheels' SBOMs name (Rust crates, OpenSSL): the texts of SPDX's
#: licence list (its npm package spdx-license-list 6.12.0), MPL-2.0 and GPL-2 as Debian keeps them. A licence
#: an SBOM names that is not here stops the build. An exception (after WITH) only adds permissions.
SPDX_TEXTS = {"Apache-2.0": "Apache-2.0.txt", "BSD-3-Clause": "BSD-3-Clause.txt", "BSL-1.0": "BSL-1.0.txt",
              "GPL-2.0-only": "GPL-2.txt", "MIT": "MIT.txt", "MPL-2.0": "MPL-2.0.txt",
              "Unicode-3.0": "Unicode-3.0.txt", "Unlicense": "Unlicense.txt"}
#: Licences of what an SBOM names without one, by name: (project, licence, the first major version it holds
#: for). cryptography's sbom.json names only the OpenSSL it builds in; OpenSSL is Apache-2.0 from version 3 on.
SBOM_LICENCES = {"openssl": ("OpenSSL", "Apache-2.0", 3)}
#: Where the source of each component under the GPL or LGPL is published, as those licences ask of anyone who
#: passes a binary on. {version} is the bundled version. The exact sources pygame-ce's wheels build SDL and its
#: libraries from are named in its build configuration at the same tag.
PYGAME_BUILD = "https://github.com/pygame-community/pygame-ce/tree/{pygame}/buildconfig"
GPL_SOURCES = {
    "pygame-ce": "https://pypi.org/project/pygame-ce/{version}/#files (the source archive)",
    "PyInstaller bootloader (the program's executable)":
        "https://pypi.org/project/pyinstaller/{version}/#files (the source archive, bootloader/ in it)",
    "FluidSynth": "https://github.com/FluidSynth/fluidsynth/releases, at the version " + PYGAME_BUILD + " names",
    "libsndfile": "https://github.com/libsndfile/libsndfile/releases, at the version " + PYGAME_BUILD + " names",
    "mpg123": "https://www.mpg123.de/download.shtml, at the version " + PYGAME_BUILD + " names",
    "alsa-lib": "https://www.alsa-project.org/files/pub/lib/, at the version " + PYGAME_BUILD + " names",
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
    text: str  # the file in licenses/ that holds the licence (several, comma-separated, for an embedded part)
    files: list[str] = field(default_factory=list)  # bundle paths it accounts for
    inside: str = ""  # for a part built into another component's files (a Rust crate): that component's name
    source_text: str = ""  # where the licence text is read from, when none of the usual places has it
    #: "wheel" for what a wheel brings (the same on any build base), "base" for what the build system's Python
    #: and its libraries bring (different on another base)
    origin: str = "wheel"


def stem(file_name: str) -> str:
    """``libSDL2_image-2-d6906c81.0.so.0.800.12`` -> ``sdl2_image``; ``SDL2.dll`` -> ``sdl``; ``libpng16-16.dll`` -> ``png``."""
    base = re.split(r"[-.]", file_name.lower(), maxsplit=1)[0]
    return re.sub(r"\d+$", "", base.removeprefix("lib"))


def wheel_library(file_name: str) -> tuple[str, str, str] | None:
    """(project, licence, text) of a library a wheel carries, by its file name; None when it is not known."""
    if "zlib-ng" in file_name.lower():
        return ZLIB_NG
    return WHEEL_LIBRARIES.get(stem(file_name))


def spdx_identifiers(expression: str) -> list[str]:
    """The licences an SPDX expression names, each once: ``(MIT OR Apache-2.0) AND Unicode-3.0`` gives MIT,
    Apache-2.0 and Unicode-3.0; ``Apache-2.0 WITH LLVM-exception`` gives Apache-2.0 (an exception only adds
    permissions to the licence it follows)."""
    identifiers: list[str] = []
    tokens = re.findall(r"[A-Za-z0-9.+-]+", expression)
    for before, token in zip([""] + tokens, tokens):
        if token not in ("AND", "OR", "WITH") and before != "WITH" and token not in identifiers:
            identifiers.append(token)
    return identifiers


def sbom_licence(part: dict) -> str:
    """The SPDX licence expression of one CycloneDX component (``expression``, or ``license.id`` entries)."""
    names = [entry.get("expression") or entry.get("license", {}).get("id") or entry.get("license", {}).get("name")
             for entry in part.get("licenses", [])]
    names = [name for name in names if name]
    if names:
        return " AND ".join(names if len(names) == 1 else [f"({name})" for name in names])
    _project, licence, first_major = SBOM_LICENCES.get(part["name"].lower(), ("", "", 0))
    version = part.get("version", "")
    if not licence or not version.split(".")[0].isdigit() or int(version.split(".")[0]) < first_major:
        raise SystemExit(f"third_party_notices: an SBOM names {part['name']} {version} without a licence, and "
                         "SBOM_LICENCES does not know it; look its licence up and add it there")
    return licence


def embedded_parts(package: str, holder: str) -> list[Component]:
    """What ``package``'s wheel builds into its own files, as the wheel's SBOMs list it (``.dist-info/sboms``,
    PEP 770; cryptography's and orjson's are made by cargo-cyclonedx from their Cargo.lock and the crates'
    Cargo.toml, plus cryptography's OpenSSL). Crates the SBOM marks ``excluded`` (build scripts' helpers,
    such as cc) are not in the binary and are left out. ``holder`` is the component they are built into."""
    try:
        files = metadata.distribution(package).files or []
    except metadata.PackageNotFoundError:
        return []
    parts: dict[tuple[str, str], Component] = {}
    for file in sorted(files, key=str):
        if ".dist-info/sboms/" not in file.as_posix() or not file.name.endswith(".json"):
            continue
        bom = json.loads(file.read_text(encoding="utf-8"))
        for part in bom.get("components", []):
            if part.get("scope") == "excluded":
                continue
            licence = sbom_licence(part)
            unknown = [name for name in spdx_identifiers(licence) if name not in SPDX_TEXTS]
            if unknown:
                raise SystemExit(f"third_party_notices: {package}'s SBOM names {part['name']} under "
                                 f"{', '.join(unknown)}, which SPDX_TEXTS has no text for; add it")
            texts = ", ".join(dict.fromkeys(SPDX_TEXTS[name] for name in spdx_identifiers(licence)))
            # A Rust crate by its crate name; a library the SBOM names by its source (OpenSSL) by its project.
            crate = part.get("purl", "").startswith("pkg:cargo/")
            name = part["name"] if crate else SBOM_LICENCES.get(part["name"].lower(), (part["name"],))[0]
            author = part.get("author") or f"the {name} authors"
            parts.setdefault((name, part.get("version", "")), Component(
                name, part.get("version", ""), licence, author, texts, inside=holder))
    return list(parts.values())


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


def metadata_entries(packages: list[str]) -> list[dict[str, str]]:
    """pip-licenses' fields read from the installed metadata itself, where the game is installed as packages
    without pip-licenses (the Flatpak): the SPDX expression, else the licence classifiers, else the field."""
    entries = []
    for package in packages:
        meta = metadata.metadata(package)
        classifiers = [c.rsplit(" :: ", 1)[1] for c in meta.get_all("Classifier") or [] if c.startswith("License :: ")]
        licence = meta.get("License-Expression") or "; ".join(classifiers) or (meta.get("License") or "").split("\n")[0]
        files = sorted((f for f in metadata.distribution(package).files or []
                        if ".dist-info/" in f.as_posix() and f.name.upper().startswith(("LICENSE", "COPYING"))), key=str)
        entries.append({"Name": meta["Name"], "Version": meta["Version"], "License": licence or "UNKNOWN",
                        "Author": meta.get("Author") or meta.get("Author-email") or "UNKNOWN",
                        "LicenseText": files[0].read_text(encoding="utf-8") if files else "UNKNOWN"})
    return entries


def installed_binaries(packages: list[str]) -> list[tuple[str, str]]:
    """Every compiled file the installed ``packages`` bring (extension modules, the libraries their wheels carry),
    as (path in the site folder, real path): what an install as packages (the Flatpak) ships of them."""
    found = []
    for package in packages:
        distribution = metadata.distribution(package)
        for file in distribution.files or []:
            path = Path(distribution.locate_file(file))
            if re.search(r"\.(so|pyd|dylib)$|\.so\.", path.name) and path.is_file():
                found.append((file.as_posix(), str(path)))
    return found


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


def system_library(library: Path) -> tuple[str, str]:
    """(project, licence) of a system library the bundle copies; an unknown one stops the build."""
    known = SYSTEM_LIBRARIES.get(stem(library.name))
    if known is None:
        raise SystemExit(f"third_party_notices: the build copies the system library {library}, which "
                         "SYSTEM_LIBRARIES does not know; add its project and licence there")
    project, licence = known
    if project == "OpenSSL" and re.search(r"\.so\.([3-9]|\d\d)", library.name):
        licence = "Apache-2.0"  # OpenSSL 3 and later (libssl.so.3); 1.1.1 and older had the OpenSSL licence
    return project, licence


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


def uses_dpkg() -> bool:
    """Whether the build system's packages are Debian's (else RPM's, as on the release's AlmaLinux base)."""
    return Path("/var/lib/dpkg/status").is_file()


def system_package(library: Path) -> tuple[str, str]:
    """(package, version) of the Debian or RPM package that installed a system library."""
    if uses_dpkg():
        package = debian_package(library)
        version = subprocess.run(["dpkg-query", "-W", "-f=${Version}", package], check=True, capture_output=True,
                                 text=True).stdout
        return package, version
    try:
        listing = subprocess.run(["rpm", "-qf", "--queryformat", "%{NAME}\t%{VERSION}-%{RELEASE}\n", str(library)],
                                 check=True, capture_output=True, text=True).stdout
    except (OSError, subprocess.CalledProcessError):
        raise SystemExit(f"third_party_notices: {library} is bundled, but no RPM package owns it, so its licence "
                         "is unknown; build with libraries from the system's packages")
    package, version = listing.splitlines()[0].split("\t")
    return package, version


def system_licence_text(package: str) -> str:
    """The licence text of a system package: Debian's copyright file, or the files RPM marks as its licence."""
    if uses_dpkg():
        return (Path("/usr/share/doc") / package / "copyright").read_text(encoding="utf-8")
    files = subprocess.run(["rpm", "-qL", package], check=True, capture_output=True, text=True).stdout.split()
    texts = [f"----- {name} -----\n{Path(name).read_text(encoding='utf-8', errors='replace')}" for name in files
             if Path(name).is_file()]
    if not texts:
        raise SystemExit(f"third_party_notices: the RPM package {package} installed no licence file")
    return "\n\n".join(texts)


def built_with_python(library: Path, base: Path) -> Component | None:
    """A library the build's own Python brings beside itself (the OpenSSL 3 that scripts/release_base.sh
    builds into its prefix), with the licence text and version left in <prefix>/share/licenses/<project>/;
    None for Python's own files."""
    if library.name.startswith("libpython") or stem(library.name) not in SYSTEM_LIBRARIES:
        return None
    project, licence = system_library(library)
    folder = base / "share" / "licenses" / project.lower()
    if not (folder / "LICENSE.txt").is_file():
        raise SystemExit(f"third_party_notices: the build's Python brings {library.name}, but {folder} has no "
                         "LICENSE.txt of it")
    version = (folder / "VERSION").read_text(encoding="utf-8").strip() if (folder / "VERSION").is_file() else ""
    return Component(project, version, licence, f"the {project} authors", f"{project}.txt",
                     source_text=str(folder / "LICENSE.txt"), origin="base")


def is_extension_module(path: Path) -> bool:
    return bool(re.search(r"\.(cpython-.*\.so|pyd|abi3\.so)$", path.name))


def components(binaries: list[tuple[str, str]], executable: str | None,
               pip_entries: list[dict[str, str]]) -> list[Component]:
    """What ships, from PyInstaller's (bundle path, source path) list of binaries; with no ``executable``, of an
    install as packages, which brings neither PyInstaller's bootloader nor a Python of its own."""
    found: dict[str, Component] = {}

    def add(key: str, make) -> Component:
        if key not in found:
            found[key] = make()
        return found[key]

    for entry in pip_entries:
        name = entry["Name"]
        text = f"{name}.txt"
        add(name, lambda: Component(name, entry["Version"], entry["License"], entry["Author"], text))
        for part in embedded_parts(name, name):
            add(f"{name}:{part.name}:{part.version}", lambda: part)
    base = Path(sys.base_prefix).resolve()
    python = None
    if executable is not None:
        python = add("Python", lambda: Component("Python", platform.python_version(), "PSF-2.0",
                                                 "Python Software Foundation", "Python.txt", origin="base"))
        bootloader = found["pyinstaller"]
        bootloader.name, bootloader.files = "PyInstaller bootloader (the program's executable)", [executable]
    owners = owning_distributions()
    for target, source in binaries:
        real = Path(source).resolve()
        owner = owners.get(real)
        if owner is not None and not is_extension_module(real):
            known = wheel_library(real.name)
            if known is None:
                raise SystemExit(f"third_party_notices: {owner}'s wheel brings {real.name}, whose project is not in "
                                 "WHEEL_LIBRARIES; add it there with its licence")
            project, licence, text = known
            component = add(project, lambda: Component(project, f"from {owner}'s wheel", licence,
                                                       f"the {project} authors", text))
        elif owner is not None and owner in found:
            component = found[owner]
        elif real.is_relative_to(base):
            beside = built_with_python(real, base)
            if beside is None and python is None:
                raise SystemExit(f"third_party_notices: {real} belongs to no installed package")
            component = add(f"python:{beside.name}", lambda: beside) if beside else python
        elif sys.platform.startswith("linux"):
            package, version = system_package(real)
            project, licence = system_library(real)
            component = add(f"system:{package}", lambda: Component(
                f"{project}, the system's {package}", version, licence, f"the {project} authors", f"{package}.txt",
                origin="base"))
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
    if component.source_text:
        return Path(component.source_text).read_text(encoding="utf-8")
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
    return system_licence_text(component.text.removesuffix(".txt"))


def gpl_source_lines(listed: list[Component]) -> list[str]:
    """Where to get the source of every component under the GPL or LGPL; one without a known place stops the build."""
    versions = {c.name: c.version for c in listed}
    lines = []
    for component in sorted(listed, key=lambda c: c.name.lower()):
        if component.inside or "GPL" not in component.licence and "General Public" not in component.licence:
            continue
        if component.name not in GPL_SOURCES:
            raise SystemExit(f"third_party_notices: {component.name} is under {component.licence}, and GPL_SOURCES "
                             "names no place for its source; add one")
        where = GPL_SOURCES[component.name].format(version=component.version, pygame=versions.get("pygame-ce", ""))
        lines.append(f"{component.name}: {where}")
    return lines


def write_notices(binaries: list[tuple[str, str]], executable: str | None, folder: Path) -> list[Component]:
    """Write ``folder`` anew: the list, every licence text, and components.json (no ``executable``: for an
    install as packages, read from their metadata)."""
    shutil.rmtree(folder, ignore_errors=True)
    folder.mkdir(parents=True)
    if executable is None:
        pip_entries = metadata_entries(python_packages())
    else:
        pip_entries = pip_licenses([*python_packages(), "pyinstaller"])
    listed = components(binaries, executable, pip_entries)
    texts = {entry["Name"]: every_licence_file(entry["Name"], entry["LicenseText"]) for entry in pip_entries}
    for component in listed:
        if component.inside:
            for text in component.text.split(", "):
                shutil.copyfile(KEPT_TEXTS / text, folder / text)
        else:
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
        if not component.inside:
            lines.append(f"{component.name} {component.version}: {component.licence} ({component.text})")
    for holder in sorted({c.inside for c in listed if c.inside}, key=str.lower):
        lines += ["", f"Built into {holder}'s files, as its wheel's SBOM (.dist-info/sboms) lists them:"]
        for part in sorted((c for c in listed if c.inside == holder), key=lambda c: c.name.lower()):
            lines.append(f"  {part.name} {part.version}: {part.licence} ({part.text}), {part.copyright}")
    lines += ["", "The source of each component under the GPL or LGPL, which you may also ask the project for",
              f"({BUG_TRACKER}):"] + [f"  {line}" for line in gpl_source_lines(listed)]
    (folder / "THIRD-PARTY-NOTICES.txt").write_text("\n".join(lines) + "\n", encoding="utf-8")
    (folder / "components.json").write_text(json.dumps([asdict(c) for c in listed], indent=1) + "\n",
                                            encoding="utf-8")
    return listed


def main() -> int:
    parser = argparse.ArgumentParser(description="Write the third-party notices of the game installed as packages "
                                                 "(the Flatpak's), as the downloads' bundles carry them.")
    parser.add_argument("--out", type=Path, required=True, help="the folder to write (emptied first)")
    args = parser.parse_args()
    packages = python_packages()
    listed = write_notices(installed_binaries(packages), None, args.out)
    print(f"third_party_notices: {len(listed)} components of {len(packages)} packages in {args.out}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
