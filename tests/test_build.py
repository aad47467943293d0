"""The download is named after the version the package reports; startup can be timed."""

import os
import shutil
import subprocess
import sys
import sysconfig
import time
import tomllib
import zipfile
from pathlib import Path

import pytest

import fiftyfifty_desktop

ROOT = Path(__file__).resolve().parent.parent


def test_package_version_and_licence_match_pyproject():
    project = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))["project"]
    assert fiftyfifty_desktop.__version__ == project["version"]
    assert fiftyfifty_desktop.__license__ == project["license"]["text"]


def test_version_option_prints_the_version():
    done = subprocess.run([sys.executable, "-m", "fiftyfifty_desktop", "--version"], capture_output=True, text=True,
                          env={**os.environ, "PYTHONPATH": str(ROOT)}, timeout=60)
    assert done.returncode == 0 and done.stdout == f"fiftyfifty-desktop {fiftyfifty_desktop.__version__}\n"


def test_first_frame_variable_prints_the_time_of_the_first_frame_and_quits(tmp_path):
    env = {**os.environ, "FIFTYFIFTY_FIRST_FRAME": "1", "FIFTYFIFTY_HOME": str(tmp_path),
           "SDL_VIDEODRIVER": "dummy", "SDL_AUDIODRIVER": "dummy", "PYTHONPATH": str(ROOT)}
    before = time.time()
    done = subprocess.run([sys.executable, "-m", "fiftyfifty_desktop"], env=env, cwd=tmp_path,
                          capture_output=True, text=True, timeout=60)
    assert done.returncode == 0, done.stderr
    [line] = [line for line in done.stdout.splitlines() if line.startswith("first frame at ")]
    assert before < float(line.split()[-1]) < time.time()


def readme_setup_commands() -> list[str]:
    """The indented command lines of the README's "Set up" section."""
    readme = (ROOT / "README.md").read_text(encoding="utf-8")
    section = readme.split("## Set up", 1)[1].split("\n## ", 1)[0]
    return [line.strip() for line in section.splitlines() if line.startswith("    ")]


def test_ci_runs_the_readmes_set_up_commands_exactly_as_written():
    commands = readme_setup_commands()
    assert len(commands) == 2 and all(c.startswith("python3 -m venv .venv && ") for c in commands)
    ci_lines = [line.strip().strip("()") for line in (ROOT / ".ci" / "run").read_text(encoding="utf-8").splitlines()]
    for command in commands:
        assert command in ci_lines, f".ci/run does not run the README's {command!r}"


def load_script(name: str):
    import importlib.util

    spec = importlib.util.spec_from_file_location(name, ROOT / "scripts" / f"{name}.py")
    module = importlib.util.module_from_spec(spec)
    sys.modules.setdefault(name, module)  # dataclasses look their module up there
    spec.loader.exec_module(module)
    return module


def test_the_desktop_entry_and_metadata_carry_every_language():
    import xml.etree.ElementTree as ET

    from fiftyfifty_desktop.ui.i18n import load_translations

    desktop_files = load_script("desktop_files")
    tables = desktop_files.translations()
    assert set(tables) == set(load_translations()) and next(iter(tables)) == "en"
    entry = desktop_files.desktop_entry(tables).splitlines()
    assert entry[0] == "[Desktop Entry]" and "Categories=Game;CardGame;" in entry
    for lang, table in tables.items():
        suffix = "" if lang == "en" else f"[{lang}]"
        assert f"Name{suffix}={table['title.heading']}" in entry
        assert f"Comment{suffix}={table['about.summary']}" in entry
        assert f"Keywords{suffix}={table['about.keywords']}" in entry and table["about.keywords"].endswith(";")
    component = ET.fromstring(desktop_files.metainfo(tables))
    lang_attr = "{http://www.w3.org/XML/1998/namespace}lang"
    assert {n.get(lang_attr, "en") for n in component.findall("name")} == set(tables)
    assert component.find("id").text == fiftyfifty_desktop.APP_ID
    assert component.find("launchable").text == f"{fiftyfifty_desktop.APP_ID}.desktop"
    assert component.find("releases/release").get("version") == fiftyfifty_desktop.__version__
    notes = component.findall("releases/release/description/ul/li")
    assert {n.get(lang_attr, "en") for n in notes} == set(tables)
    assert component.find("url[@type='homepage']").text == fiftyfifty_desktop.HOMEPAGE
    assert component.find("url[@type='bugtracker']").text == fiftyfifty_desktop.BUG_TRACKER
    assert component.find("developer/name").text and component.find("content_rating") is not None
    for image in component.findall("screenshots/screenshot/image"):
        assert (ROOT / "packaging" / "screenshots" / image.text.rsplit("/", 1)[1]).is_file()
    assert len(component.findall("screenshots/screenshot")) == len(desktop_files.SCREENSHOTS) >= 3


def test_the_application_id_is_one_flathub_accepts_and_everything_uses_it():
    app_id = fiftyfifty_desktop.APP_ID
    assert app_id.startswith("io.github.") and not app_id.endswith(".desktop") and app_id.count(".") >= 2
    assert all(part.isidentifier() for part in app_id.split("."))  # no hyphen, no leading digit
    manifest = ROOT / "packaging" / "flatpak" / f"{app_id}.yml"
    assert f"app-id: {app_id}\n" in manifest.read_text(encoding="utf-8")
    urls = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))["project"]["urls"]
    assert urls == {"Homepage": fiftyfifty_desktop.HOMEPAGE, "Issues": fiftyfifty_desktop.BUG_TRACKER}


def test_the_release_notes_begin_with_the_version_and_a_tag_must_name_it():
    notes = load_script("release_notes")
    import yaml

    releases = yaml.safe_load((ROOT / "packaging" / "releases.yaml").read_text(encoding="utf-8"))
    version = fiftyfifty_desktop.__version__
    assert notes.release_problem(f"v{version}", releases) is None
    assert notes.release_problem(None, releases) is None
    assert "does not name the version" in notes.release_problem("v999.0.0", releases)
    assert "begins with 0.0.1" in notes.release_problem(None, [{**releases[0], "version": "0.0.1"}])
    from fiftyfifty_desktop.ui.i18n import load_translations

    for release in releases:
        assert set(release["notes"]) == set(load_translations())
        assert len({len(lines) for lines in release["notes"].values()}) == 1


def test_the_wheel_library_stems_name_the_files_of_every_system():
    notices = load_script("third_party_notices")
    for name, expected in [("libSDL2_image-2-d6906c81.0.so.0.800.12", "sdl2_image"), ("SDL2.dll", "sdl"),
                           ("libpng16-16.dll", "png"), ("libSDL2-2.0.0.dylib", "sdl"),
                           ("libz.1.3.1.zlib-ng.dylib", "z"), ("libmpg123-8b3c3c9e.so.0.49.4", "mpg")]:
        assert notices.stem(name) == expected
        assert expected in notices.WHEEL_LIBRARIES
    for _project, _licence, text in [*notices.WHEEL_LIBRARIES.values(), notices.ZLIB_NG]:
        assert (notices.KEPT_TEXTS / text).is_file()


def test_macos_zlib_ng_is_named_zlib_ng_and_zlib_stays_zlib():
    notices = load_script("third_party_notices")
    assert notices.wheel_library("libz.1.3.1.zlib-ng.dylib")[0] == "zlib-ng"
    assert notices.wheel_library("libz-2c8b1a2f.so.1.3.1")[0] == "zlib"
    assert notices.wheel_library("libnothing-known.so") is None
    assert "zlib-ng" in (notices.KEPT_TEXTS / "zlib-ng.txt").read_text(encoding="utf-8")


def test_an_spdx_expression_names_each_licence_once_and_not_its_exception():
    notices = load_script("third_party_notices")
    assert notices.spdx_identifiers("(MIT OR Apache-2.0) AND Unicode-3.0") == ["MIT", "Apache-2.0", "Unicode-3.0"]
    assert notices.spdx_identifiers("Apache-2.0 WITH LLVM-exception OR MIT") == ["Apache-2.0", "MIT"]
    assert notices.spdx_identifiers("MIT OR Apache-2.0 AND MIT") == ["MIT", "Apache-2.0"]
    for text in notices.SPDX_TEXTS.values():
        assert (notices.KEPT_TEXTS / text).is_file()


@pytest.mark.parametrize("package", ["cryptography", "orjson"])
def test_the_rust_crates_built_into_a_wheel_come_from_its_own_sbom(package):
    """The crates (and cryptography's OpenSSL) are read from the installed wheel's .dist-info/sboms, each with a
    licence whose text ships; build-time crates (cc, marked excluded) are not listed as built in."""
    notices = load_script("third_party_notices")
    parts = notices.embedded_parts(package, package)
    names = {part.name for part in parts}
    assert len(parts) >= 10 and "cc" not in names and all(part.inside == package for part in parts)
    assert {"pyo3-ffi", "libc"} <= names
    for part in parts:
        assert part.licence and part.version
        assert all(name in notices.SPDX_TEXTS for name in notices.spdx_identifiers(part.licence))
    if package == "cryptography":
        [openssl] = [part for part in parts if part.name == "OpenSSL"]
        assert int(openssl.version.split(".")[0]) >= 3 and openssl.licence == "Apache-2.0"


def test_an_sbom_part_without_a_licence_stops_the_build_unless_it_is_a_known_openssl():
    notices = load_script("third_party_notices")
    assert notices.sbom_licence({"name": "openssl", "version": "3.5.7"}) == "Apache-2.0"
    assert notices.sbom_licence({"name": "x", "licenses": [{"license": {"id": "MIT"}}, {"expression": "A OR B"}]}) \
        == "(MIT) AND (A OR B)"
    for part in ({"name": "openssl", "version": "1.1.1w"}, {"name": "mystery", "version": "1.0"}):
        with pytest.raises(SystemExit, match="without a licence"):
            notices.sbom_licence(part)


def test_every_gpl_component_points_to_its_source_and_an_unknown_one_stops_the_build():
    notices = load_script("third_party_notices")
    pygame = notices.Component("pygame-ce", "2.5.8", "GNU Library or Lesser General Public License (LGPL)", "", "")
    fluidsynth = notices.Component("FluidSynth", "from pygame-ce's wheel", "LGPL-2.1+", "", "")
    sdl = notices.Component("SDL2", "from pygame-ce's wheel", "Zlib", "", "")
    lines = notices.gpl_source_lines([pygame, fluidsynth, sdl])
    assert lines == ["FluidSynth: https://github.com/FluidSynth/fluidsynth/releases, at the version "
                     "https://github.com/pygame-community/pygame-ce/tree/2.5.8/buildconfig names",
                     "pygame-ce: https://pypi.org/project/pygame-ce/2.5.8/#files (the source archive)"]
    with pytest.raises(SystemExit, match="GPL_SOURCES"):
        notices.gpl_source_lines([notices.Component("readline", "8", "GPL-3+", "", "")])


def test_the_copyright_file_names_licences_as_the_debian_format_writes_them():
    build_deb = load_script("build_deb")
    assert build_deb.dep5_licence("MIT License") == "Expat"
    assert build_deb.dep5_licence("MPL-2.0 AND (Apache-2.0 OR MIT)") == "MPL-2.0, and Apache-2.0 or Expat"
    assert build_deb.dep5_licence("Apache-2.0 WITH LLVM-exception") == "Apache-2.0 with LLVM-exception exception"
    assert build_deb.dep5_licence("GNU General Public License v2 (GPLv2)") == "GPL-2+ with Bootloader exception"
    with pytest.raises(SystemExit, match="DEP5_NAMES"):
        build_deb.dep5_licence("Some Licence Of Its Own")


def test_the_bundle_collects_every_declared_run_time_dependency_by_its_modules():
    notices = load_script("third_party_notices")
    declared = notices.python_packages()
    assert {notices.canonical_name(name) for name in declared} >= {"pygame-ce", "pyyaml", "platformdirs", "websockets"}
    assert {"pygame", "yaml", "platformdirs", "websockets"} <= set(notices.top_level_modules(declared))
    with pytest.raises(SystemExit, match="no-such-game-dependency"):
        notices.top_level_modules(["no_such.game-dependency"])


def test_a_dependency_for_another_python_or_an_extra_is_not_collected(monkeypatch):
    """What a package needs only on another Python, another system or for an extra is not installed where the
    bundle is built, so asking for its files would stop the build (cryptography's typing-extensions, say)."""
    notices = load_script("third_party_notices")
    requires = {"fiftyfifty_desktop": ["needed>=1", "old-only; python_version < '3.0'", "tested; extra == 'test'",
                                       "elsewhere-only; sys_platform == 'no-such-system'"],
                "needed": ["deeper; python_version >= '3.0'"], "deeper": None}
    monkeypatch.setattr(notices.metadata, "requires", lambda name: requires[name])
    assert notices.python_packages() == ["deeper", "needed"]


def test_the_glibc_floor_fails_a_bundle_that_needs_more_than_the_floor_and_passes_it_at_its_need(tmp_path):
    import shutil

    floor = load_script("glibc_floor")
    bundle = tmp_path / "bundle"
    bundle.mkdir()
    shutil.copy(Path(sys.executable).resolve(), bundle / "program")
    needs = floor.required_versions(bundle / "program")
    assert "GLIBC" in needs and needs["GLIBC"] >= (2, 2, 5)
    needed = ".".join(map(str, needs["GLIBC"]))
    script = ROOT / "scripts" / "glibc_floor.py"
    at_need = subprocess.run([sys.executable, str(script), str(bundle), "--floor", needed], capture_output=True, text=True)
    below = subprocess.run([sys.executable, str(script), str(bundle), "--floor", "2.0"], capture_output=True, text=True)
    assert at_need.returncode == 0, at_need.stdout
    assert below.returncode == 1 and f"FAIL  GLIBC_{needed} needed" in below.stdout


def test_the_wheels_only_floor_reads_just_the_files_components_json_says_come_from_wheels(tmp_path):
    import json

    floor = load_script("glibc_floor")
    bundle = tmp_path / "bundle"
    (bundle / "_internal" / "licenses").mkdir(parents=True)
    for path in ("program", "_internal/libpython.so", "_internal/ext.so"):
        shutil.copy(Path(sys.executable).resolve(), bundle / path)
    (bundle / floor.COMPONENTS).write_text(json.dumps([
        {"name": "PyInstaller bootloader", "files": ["program"], "origin": "wheel"},
        {"name": "Python", "files": ["libpython.so"], "origin": "base"},
        {"name": "orjson", "files": ["ext.so"]}]), encoding="utf-8")
    assert floor.wheel_files(bundle) == {bundle / "program", bundle / "_internal" / "ext.so"}
    done = subprocess.run([sys.executable, str(ROOT / "scripts" / "glibc_floor.py"), str(bundle), "--wheels-only",
                           "--floor", "2.0"], capture_output=True, text=True)
    assert done.returncode == 1 and "(only the 2 ELF files from wheels)" in done.stdout


def test_the_bundle_keeps_what_network_play_imports() -> None:
    """websockets imports ssl and hashlib even for plain ws:// tables: the bundle must not leave them out."""
    spec = (Path(__file__).resolve().parent.parent / "build.spec").read_text()
    excludes = spec.split("EXCLUDES = [", 1)[1].split("]", 1)[0]
    for module in ("ssl", "_ssl", "hashlib", "_hashlib", "asyncio", "websockets"):
        assert f'"{module}"' not in excludes


def test_the_copyright_file_refers_to_debians_copy_of_a_gpl_or_apache_text_a_component_carries():
    build_deb = load_script("build_deb")
    own_terms = "Bootloader Exception\n\nYou may link the bootloader with any program.\n"
    gpl = "\t\t    GNU GENERAL PUBLIC LICENSE\n\t\t       Version 2, June 1991\n\n Everyone is permitted..."
    apache = "                                 Apache License\n                           Version 2.0, January 2004\n"
    text = build_deb.with_common_licences_referred_to(own_terms + "\n" + gpl + "\n" + apache)
    assert text.startswith(own_terms.rstrip()) and "Everyone is permitted" not in text
    assert "/usr/share/common-licenses/GPL-2." in text and "/usr/share/common-licenses/Apache-2.0." in text
    assert build_deb.with_common_licences_referred_to(own_terms) == own_terms


def test_the_debian_changelog_has_one_entry_per_release_newest_first():
    build_deb = load_script("build_deb")
    import yaml

    releases = yaml.safe_load((ROOT / "packaging" / "releases.yaml").read_text(encoding="utf-8"))
    changelog = build_deb.changelog()
    heads = [line for line in changelog.splitlines() if line.startswith("fiftyfifty-desktop (")]
    assert heads == [f"fiftyfifty-desktop ({r['version']}) unstable; urgency=medium" for r in releases]
    assert changelog.count("\n -- ") == len(releases) and " +0000" in changelog


def test_the_readme_checks_the_appimage_runtime_against_the_checksum_the_workflow_pins():
    import yaml

    workflow = yaml.safe_load((ROOT / ".github" / "workflows" / "release.yml").read_text(encoding="utf-8"))
    pinned = workflow["env"]["APPIMAGE_RUNTIME_SHA256"]
    assert len(pinned) == 64 and set(pinned) <= set("0123456789abcdef")
    assert f'echo "{pinned}  runtime-x86_64" | sha256sum --check' in (ROOT / "README.md").read_text(encoding="utf-8")


def test_pyproject_names_every_package_and_maps_the_shipped_folders_into_the_package():
    """Mapped packages rule out a package search, so pyproject names each one: a package left out would be
    missing from every regular install while an editable one works."""
    setuptools = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))["tool"]["setuptools"]
    found = sorted(".".join(init.parent.relative_to(ROOT).parts) for init in (ROOT / "fiftyfifty_desktop").rglob("__init__.py"))
    mapped = {f"fiftyfifty_desktop.resources.{name}": name for name in ("assets", "config")}
    assert sorted(setuptools["packages"]) == sorted(found + list(mapped))
    assert setuptools["package-dir"] == mapped
    assert setuptools["package-data"] == {package: ["**/*"] for package in mapped}
    assert "data-files" not in setuptools


def test_the_bundle_and_the_deb_put_the_shipped_folders_where_a_wheel_does():
    """One place for the shipped files in every download: the bundle's data files go to the package's folders,
    and the .deb links the fonts it finds there to the system's copies."""
    from fiftyfifty_desktop.resources import FONT_FILES

    spec = (ROOT / "build.spec").read_text(encoding="utf-8")
    for name in ("assets", "config"):
        assert f'(str(ROOT / "{name}"), "fiftyfifty_desktop/resources/{name}")' in spec
    fonts = "/".join(FONT_FILES[False][:-1])
    assert load_script("build_deb").BUNDLED_FONTS == f"_internal/fiftyfifty_desktop/resources/{fonts}"
    assert set(load_script("build_deb").SYSTEM_FONTS) == {parts[-1] for parts in FONT_FILES.values()}


def shipped_files() -> list[str]:
    """Every file of the repository's config/ and assets/, as the wheel holds it."""
    return sorted(f"fiftyfifty_desktop/resources/{path.relative_to(ROOT).as_posix()}" for folder in ("config", "assets")
                  for path in (ROOT / folder).rglob("*") if path.is_file() and "__pycache__" not in path.parts)


@pytest.mark.slow
def test_the_wheel_installed_in_a_new_environment_holds_every_shipped_file_and_passes_its_self_check(tmp_path):
    """``pip install .`` of a regular (non-editable) install: the wheel is built from this checkout, installed
    into a new environment that sees the dependencies of this one (so nothing is downloaded but the build
    backend pyproject names), and its own --self-check runs there, outside the repository."""
    # A copy of what the wheel is built from, so that no build/ or egg-info left in the checkout by an earlier
    # build can supply a file that pyproject.toml no longer ships.
    source = tmp_path / "source"
    source.mkdir()
    for name in ("pyproject.toml", "README.md", "LICENSE"):
        shutil.copy2(ROOT / name, source / name)
    for folder in ("fiftyfifty_desktop", "config", "assets"):
        shutil.copytree(ROOT / folder, source / folder, ignore=shutil.ignore_patterns("__pycache__", "*.egg-info"))
    wheels = tmp_path / "wheels"
    pip = [sys.executable, "-m", "pip", "--disable-pip-version-check", "-q"]
    subprocess.run([*pip, "wheel", "--no-deps", "-w", str(wheels), str(source)], check=True, timeout=600,
                   capture_output=True, cwd=tmp_path)
    [wheel] = wheels.glob("fiftyfifty_desktop-*.whl")
    names = zipfile.ZipFile(wheel).namelist()
    in_wheel = sorted(name for name in names if name.startswith(("fiftyfifty_desktop/resources/config/",
                                                                  "fiftyfifty_desktop/resources/assets/")))
    assert in_wheel == shipped_files() and len(in_wheel) > 30
    assert not any("__pycache__" in name or name.endswith(".pyc") for name in names)

    env = tmp_path / "env"
    subprocess.run([sys.executable, "-m", "venv", "--without-pip", str(env)], check=True, timeout=120)
    python = env / "bin" / "python"
    site = Path(subprocess.run([python, "-c", "import sysconfig; print(sysconfig.get_path('purelib'))"],
                               check=True, capture_output=True, text=True, timeout=60).stdout.strip())
    # The dependencies as this environment has them; its .pth files (this checkout's editable install) stay
    # unread, since only a site folder's own .pth files are.
    (site / "dependencies.pth").write_text(sysconfig.get_path("purelib") + "\n", encoding="utf-8")
    subprocess.run([*pip, "--python", str(python), "install", "--no-deps", "--no-index", str(wheel)], check=True,
                   timeout=300, capture_output=True)
    home = tmp_path / "home"
    clean = {key: value for key, value in os.environ.items() if not key.startswith("PYTHON")}
    done = subprocess.run([env / "bin" / "fiftyfifty-desktop", "--self-check"], capture_output=True, text=True,
                          timeout=900, cwd=tmp_path,
                          env={**clean, "FIFTYFIFTY_HOME": str(home), "SDL_VIDEODRIVER": "dummy",
                               "SDL_AUDIODRIVER": "dummy"})
    lines = done.stdout.splitlines()
    assert done.returncode == 0, done.stdout + done.stderr
    assert lines[0] == (f"ok    files: config/ in {site}/fiftyfifty_desktop/resources/config, "
                        f"assets/ in {site}/fiftyfifty_desktop/resources/assets")
    assert any(line.startswith("ok    config/tutorials: 4 guided games, ") for line in lines)
    assert lines[-1] == "self-check: all passed"


def release_workflow() -> tuple[str, dict]:
    import yaml

    text = (ROOT / ".github" / "workflows" / "release.yml").read_text(encoding="utf-8")
    return text, yaml.safe_load(text)


def test_every_action_is_pinned_to_a_commit_with_its_tag_and_every_container_to_a_digest():
    import re

    text, workflow = release_workflow()
    uses = [step["uses"] for job in workflow["jobs"].values() for step in job["steps"] if "uses" in step]
    assert len(uses) >= 20
    for action in uses:
        assert re.fullmatch(r"[\w.-]+/[\w./-]+@[0-9a-f]{40}", action), action
    for line in (line for line in text.splitlines() if "uses: " in line):
        assert re.search(r"@[0-9a-f]{40} # v\d+(\.\d+)*$", line), line
    images = [job["container"] if isinstance(job["container"], str) else job["container"]["image"]
              for job in workflow["jobs"].values() if "container" in job]
    assert len(images) == 2 and all(re.search(r"@sha256:[0-9a-f]{64}$", image) for image in images)
    assert "quay.io/pypa/manylinux_2_28_x86_64@" in workflow["jobs"]["linux"]["container"]
    assert re.fullmatch(r"[0-9a-f]{64}", workflow["env"]["INNO_SETUP_SHA256"])
    assert "innosetup-6." in workflow["env"]["INNO_SETUP_URL"] and "choco" not in text


def test_the_release_is_published_only_after_the_tests_and_every_build_and_check():
    _text, workflow = release_workflow()
    jobs = workflow["jobs"]

    def needed(name: str) -> set[str]:
        direct = jobs[name].get("needs", [])
        direct = [direct] if isinstance(direct, str) else direct
        return set(direct).union(*(needed(job) for job in direct)) if direct else set()

    assert needed("publish") == set(jobs) - {"publish"}
    runs = {name: "\n".join(step.get("run", "") for step in job["steps"]) for name, job in jobs.items()}
    assert "python -m pytest" in runs["tests"] and "-m mypy" in runs["tests"] and "actionlint" in runs["tests"]
    for check in ("lintian --fail-on error,warning", "scripts/check_deb.sh", "scripts/check_copyright.py",
                  "scripts/check_reproducible.sh"):
        assert check in runs["linux-packages"]
    assert "scripts/release_base.sh" in runs["linux"] and "scripts/glibc_floor.py" in runs["linux"]
    assert set(workflow["permissions"].values()) == {"read"} and "permissions" not in jobs["tests"]


def test_the_readme_verifies_an_attestation_against_the_release_workflow_at_the_version_tag():
    readme = (ROOT / "README.md").read_text(encoding="utf-8")
    repository = fiftyfifty_desktop.HOMEPAGE.removeprefix("https://github.com/")
    assert (f"--cert-identity https://github.com/{repository}/.github/workflows/release.yml@refs/tags/v<version>"
            in readme)
    assert f"--repo {repository}" in readme and "--deny-self-hosted-runners" in readme
    assert "✓ Verification succeeded!" in readme and (ROOT / ".github" / "workflows" / "release.yml").is_file()


def test_the_release_base_pins_its_sources_by_checksum_and_the_readme_states_its_versions_and_floor():
    import re

    script = (ROOT / "scripts" / "release_base.sh").read_text(encoding="utf-8")
    versions = dict(re.findall(r"^(PYTHON_VERSION|OPENSSL_VERSION)=(\S+)$", script, re.M))
    checksums = re.findall(r"^(?:PYTHON|OPENSSL)_SHA256=([0-9a-f]{64})$", script, re.M)
    assert versions["PYTHON_VERSION"].startswith("3.11.") and versions["OPENSSL_VERSION"].startswith("3.")
    assert len(checksums) == 2 and script.count("sha256sum --check --strict") == 1
    readme = (ROOT / "README.md").read_text(encoding="utf-8")
    assert f"Python {versions['PYTHON_VERSION']} and OpenSSL {versions['OPENSSL_VERSION']}" in readme
    floor = load_script("glibc_floor").FLOOR["GLIBC"]
    assert floor == (2, 28) and "glibc 2.28\nor newer" in readme


def test_the_windows_setup_removes_the_old_bundle_on_upgrade_and_needs_windows_10():
    setup = (ROOT / "packaging" / "windows" / "fiftyfifty-desktop.iss").read_text(encoding="utf-8")
    assert "\nMinVersion=10.0\n" in setup
    delete = setup.split("[InstallDelete]\n", 1)[1].split("\n\n", 1)[0]
    assert 'Type: filesandordirs; Name: "{app}\\_internal"' in delete
    assert setup.index("[InstallDelete]") < setup.index("[Files]")
    assert "left-by-an-older-version" in (ROOT / "scripts" / "check_windows_setup.sh").read_text(encoding="utf-8")


def test_the_flatpak_takes_checksummed_wheels_for_both_pythons_and_writes_the_bundles_notices():
    import yaml

    manifest = yaml.safe_load((ROOT / "packaging" / "flatpak" / f"{fiftyfifty_desktop.APP_ID}.yml")
                              .read_text(encoding="utf-8"))
    pinned = (ROOT / "packaging" / "requirements-build.txt").read_text(encoding="utf-8")
    files = [source for module in manifest["modules"] for source in module["sources"] if source["type"] == "file"]
    assert files and all(source["sha256"] in pinned and source["url"].endswith(".whl") for source in files)
    names = {source["url"].rsplit("/", 1)[1] for source in files}
    for package in ("pygame_ce", "pyyaml", "websockets", "cffi", "orjson"):
        for python in ("cp312", "cp313"):
            for arch in ("x86_64", "aarch64"):
                assert any(n.startswith(f"{package}-") and f"-{python}-" in n and arch in n for n in names), \
                    (package, python, arch)
    commands = [command for module in manifest["modules"] for command in module["build-commands"]]
    assert 'python3 scripts/third_party_notices.py --out "${FLATPAK_DEST}/share/licenses/${FLATPAK_ID}"' in commands
    assert manifest["runtime-version"] == "25.08"


def test_the_notices_of_an_install_as_packages_cover_every_library_of_the_pygame_ce_wheel():
    """The Flatpak ships pygame-ce's wheel whole (libasound too, which a PyInstaller bundle leaves to the
    system): every file of it belongs to a component with a licence."""
    notices = load_script("third_party_notices")
    packages = notices.python_packages()
    binaries = notices.installed_binaries(packages)
    wheel_libraries = [target for target, _source in binaries if target.startswith("pygame_ce.libs/")]
    assert len(wheel_libraries) >= 20
    listed = notices.components(binaries, None, notices.metadata_entries(packages))
    covered = {path for component in listed for path in component.files}
    assert set(wheel_libraries) <= covered
    assert "Python" not in {component.name for component in listed}
