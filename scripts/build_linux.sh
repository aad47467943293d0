#!/usr/bin/env bash
# Build the Linux downloads from a clean checkout:
#   dist/fiftyfifty-desktop-<version>-linux-<arch>.tar.gz
#   dist/fiftyfifty-desktop_<version>_<debian arch>.deb
# Unpack the archive into an empty folder and run its --self-check with a bare
# environment (no Python packages of this project on the path), so a bundle
# that misses a file or a module fails here rather than on a player's machine;
# then check the .deb's desktop entry (desktop-file-validate) and AppStream
# metadata (appstreamcli, where it can be had). Validators that are missing
# are installed with apt-get (as root, or through sudo), and the script says so.
# scripts/check_deb.sh installs and removes the .deb itself.
#
#   bash scripts/build_linux.sh        (the venv goes to build/venv; BUILD_VENV=... to move it)
set -euo pipefail
cd "$(dirname "$0")/.."
NAME=fiftyfifty-desktop
VENV=${BUILD_VENV:-build/venv}

echo "== fresh build environment in $VENV"
python3 -m venv --clear "$VENV"
"$VENV/bin/python" -m pip install -q . pyinstaller
VERSION=$("$VENV/bin/python" -c 'import fiftyfifty_desktop; print(fiftyfifty_desktop.__version__)')
ARCHIVE=dist/$NAME-$VERSION-linux-$(uname -m).tar.gz

echo "== bundle"
rm -rf "dist/$NAME" "$ARCHIVE" dist/"$NAME"_*.deb
"$VENV/bin/python" -m PyInstaller --noconfirm --clean --log-level WARN \
    --distpath dist --workpath build/pyinstaller build.spec
tar -C dist -czf "$ARCHIVE" "$NAME"

echo "== self-check of the unpacked archive, outside the repository, with a bare environment"
unpacked=$(mktemp -d)
trap 'rm -rf "$unpacked"' EXIT
tar -C "$unpacked" -xzf "$ARCHIVE"
(cd "$unpacked" && env -i PATH=/usr/bin:/bin HOME="$unpacked" SDL_VIDEODRIVER=dummy SDL_AUDIODRIVER=dummy \
    "./$NAME/$NAME" --self-check)

echo "== Debian package"
DEB=$("$VENV/bin/python" scripts/build_deb.py)

echo "== validate the package's desktop entry and AppStream metadata"
missing=()
command -v desktop-file-validate >/dev/null || missing+=(desktop-file-utils)
command -v appstreamcli >/dev/null || missing+=(appstream)
if [ ${#missing[@]} -gt 0 ]; then
    as_root=(); [ "$(id -u)" -eq 0 ] || as_root=(sudo)
    echo "   not installed: ${missing[*]}; installing with apt-get"
    "${as_root[@]}" apt-get update -q >/dev/null
    "${as_root[@]}" apt-get install -y -q "${missing[@]}" >/dev/null || echo "   apt-get could not install ${missing[*]}"
fi
contents=$(mktemp -d)
trap 'rm -rf "$unpacked" "$contents"' EXIT
dpkg-deb -x "$DEB" "$contents"
desktop-file-validate "$contents"/usr/share/applications/*.desktop
echo "ok    desktop entry"
if command -v appstreamcli >/dev/null; then
    appstreamcli validate --no-net "$contents"/usr/share/metainfo/*.metainfo.xml
else
    echo "skip  AppStream metadata: appstreamcli is not available here"
fi

echo "== built $ARCHIVE ($(du -h "$ARCHIVE" | cut -f1); unpacked $(du -sh "dist/$NAME" | cut -f1))"
echo "== built $DEB ($(du -h "$DEB" | cut -f1))"
