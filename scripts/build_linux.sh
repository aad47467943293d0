#!/usr/bin/env bash
# Build the Linux download from a clean checkout:
#   dist/fiftyfifty-desktop-<version>-linux-<arch>.tar.gz
# then unpack it into an empty folder and run its --self-check with a bare
# environment (no Python packages of this project on the path), so a bundle
# that misses a file or a module fails here rather than on a player's machine.
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
rm -rf "dist/$NAME" "$ARCHIVE"
"$VENV/bin/python" -m PyInstaller --noconfirm --clean --log-level WARN \
    --distpath dist --workpath build/pyinstaller build.spec
tar -C dist -czf "$ARCHIVE" "$NAME"

echo "== self-check of the unpacked archive, outside the repository, with a bare environment"
unpacked=$(mktemp -d)
trap 'rm -rf "$unpacked"' EXIT
tar -C "$unpacked" -xzf "$ARCHIVE"
(cd "$unpacked" && env -i PATH=/usr/bin:/bin HOME="$unpacked" SDL_VIDEODRIVER=dummy SDL_AUDIODRIVER=dummy \
    "./$NAME/$NAME" --self-check)

echo "== built $ARCHIVE ($(du -h "$ARCHIVE" | cut -f1); unpacked $(du -sh "dist/$NAME" | cut -f1))"
