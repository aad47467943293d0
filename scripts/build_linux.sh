#!/usr/bin/env bash
# Build the Linux downloads from a clean checkout:
#   $DIST/fiftyfifty-desktop-<version>-linux-<arch>.tar.gz
#   $DIST/fiftyfifty-desktop_<version>_<debian arch>.deb
#   $DIST/fiftyfifty-desktop-<version>-<arch>.AppImage   (when an AppImage runtime is given)
# DIST is dist/ unless set. The build environment is installed from
# packaging/requirements-build.txt (every package pinned, with hashes). The
# bundle is made reproducible: files dated SOURCE_DATE_EPOCH (the commit's time
# unless set), a fixed hash seed, archive members sorted and owned by root, so
# two builds of one commit give the same checksums (scripts/check_reproducible.sh).
# Unpack the archive into an empty folder and run its --self-check with a bare
# environment (no Python packages of this project on the path), so a bundle
# that misses a file or a module fails here rather than on a player's machine;
# then check the .deb's desktop entry (desktop-file-validate) and AppStream
# metadata (appstreamcli). A missing tool stops the build before anything is
# done, naming the Debian packages to install: the script installs nothing.
# scripts/check_deb.sh installs and removes the .deb itself; scripts/glibc_floor.py
# checks which Linux the bundle needs; scripts/old_base.sh runs this script in a
# Debian 11 root (CI's base), the release workflow in the manylinux_2_28 image.
#
#   bash scripts/build_linux.sh        (the venv goes to build/venv; BUILD_VENV=... to move it)
#
# BUILD_STAGES picks the stages (default both): "bundle" builds the bundle and
# the .tar.gz and self-checks it; "packages" packs the .tar.gz in $DIST (the
# bundle stage's, or one built elsewhere) as the .deb and AppImage. The release
# builds the bundle on its old base and packs it on a current Debian-family
# system, where dpkg, lintian and appstream are at home.
#
# The AppImage needs the AppImage type 2 runtime (github.com/AppImage/type2-runtime),
# which no Debian package has: APPIMAGE_RUNTIME=path/to/runtime-x86_64 builds it.
set -euo pipefail
cd "$(dirname "$0")/.."
NAME=fiftyfifty-desktop
VENV=${BUILD_VENV:-build/venv}
DIST=${DIST:-dist}

STAGES=${BUILD_STAGES:-bundle packages}
stage() { [[ " $STAGES " == *" $1 "* ]]; }
stage bundle || stage packages || { echo "build_linux: BUILD_STAGES names no stage (bundle, packages)" >&2; exit 1; }

missing=()
tools=()
stage bundle && tools+=(objdump:binutils patchelf:patchelf)
stage packages && tools+=(dpkg-deb:dpkg help2man:help2man desktop-file-validate:desktop-file-utils \
                          appstreamcli:appstream mksquashfs:squashfs-tools)
for tool in "${tools[@]}"; do
    command -v "${tool%%:*}" >/dev/null || missing+=("${tool#*:}")
done
if [ ${#missing[@]} -gt 0 ]; then
    echo "build_linux: first install the build tools: apt-get install ${missing[*]}" >&2
    exit 1
fi
if [ -n "${APPIMAGE_RUNTIME:-}" ] && [ ! -f "$APPIMAGE_RUNTIME" ]; then
    echo "build_linux: APPIMAGE_RUNTIME=$APPIMAGE_RUNTIME is not a file" >&2
    exit 1
fi

# Reproducible: every date is the commit's, and Python's hash seed is fixed.
export SOURCE_DATE_EPOCH=${SOURCE_DATE_EPOCH:-$(git log -1 --format=%ct)}
export PYTHONHASHSEED=0
export TZ=UTC

echo "== build environment in $VENV (packaging/requirements-build.txt, hashes checked)"
requirements=packaging/requirements-build.txt
# Made again only when the requirements or the Python change.
stamp="$VENV/made-from"
made_from="$(sha256sum "$requirements" | cut -d' ' -f1) $(readlink -f "$(command -v python3)")"
if [ "$(cat "$stamp" 2>/dev/null)" != "$made_from" ]; then
    python3 -m venv --clear "$VENV"
    "$VENV/bin/python" -m pip install -q --disable-pip-version-check --require-hashes --only-binary :all: -r "$requirements"
    echo "$made_from" > "$stamp"
fi
# The project itself, from this checkout, with the pinned setuptools and no other download.
"$VENV/bin/python" -m pip install -q --disable-pip-version-check --no-deps --no-build-isolation --force-reinstall .
VERSION=$("$VENV/bin/python" -c 'import fiftyfifty_desktop; print(fiftyfifty_desktop.__version__)')
ARCHIVE=$DIST/$NAME-$VERSION-linux-$(uname -m).tar.gz

unpacked=$(mktemp -d)
contents=$(mktemp -d)
trap 'rm -rf "$unpacked" "$contents"' EXIT
if stage bundle; then
echo "== bundle (and its third-party notices, in licenses/)"
rm -rf "${DIST:?}/$NAME" "$ARCHIVE" "$DIST/${NAME}_"*.deb "$DIST/$NAME-"*.AppImage
"$VENV/bin/python" -m PyInstaller --noconfirm --clean --log-level WARN \
    --distpath "$DIST" --workpath build/pyinstaller build.spec
# The Python that built the bundle may name its own library folder in its modules (RUNPATH): that
# path means nothing on another machine. Paths relative to the file itself ($ORIGIN) stay.
while read -r elf; do
    runpath=$(patchelf --print-rpath "$elf")
    if [ -n "$runpath" ] && [[ "$runpath" != *'$ORIGIN'* ]]; then patchelf --remove-rpath "$elf"; fi
done < <(find "$DIST/$NAME" -type f \( -name '*.so' -o -name '*.so.*' \))
find "$DIST/$NAME" -exec touch --no-dereference --date="@$SOURCE_DATE_EPOCH" {} +
tar -C "$DIST" --sort=name --owner=0 --group=0 --numeric-owner --mtime="@$SOURCE_DATE_EPOCH" \
    --format=gnu -cf - "$NAME" | gzip -9 -n > "$ARCHIVE"

echo "== self-check of the unpacked archive, outside the repository, with a bare environment"
tar -C "$unpacked" -xzf "$ARCHIVE"
(cd "$unpacked" && env -i PATH=/usr/bin:/bin HOME="$unpacked" SDL_VIDEODRIVER=dummy SDL_AUDIODRIVER=dummy \
    "./$NAME/$NAME" --self-check)
echo "== built $ARCHIVE ($(du -h "$ARCHIVE" | cut -f1); unpacked $(du -sh "$DIST/$NAME" | cut -f1))"
fi
stage packages || exit 0

if ! stage bundle; then
    [ -f "$ARCHIVE" ] || { echo "build_linux: the packages stage needs $ARCHIVE (the bundle stage's)" >&2; exit 1; }
    echo "== the bundle from $ARCHIVE"
    rm -rf "${DIST:?}/$NAME" "$DIST/${NAME}_"*.deb "$DIST/$NAME-"*.AppImage
    tar -C "$DIST" -xzf "$ARCHIVE"
fi

echo "== Debian package"
DEB=$("$VENV/bin/python" scripts/build_deb.py --bundle "$DIST/$NAME" --out "$DIST")

echo "== validate the package's desktop entry and AppStream metadata"
dpkg-deb -x "$DEB" "$contents"
desktop-file-validate "$contents"/usr/share/applications/*.desktop
echo "ok    desktop entry"
appstreamcli validate --no-net --pedantic "$contents"/usr/share/metainfo/*.metainfo.xml

if [ -n "${APPIMAGE_RUNTIME:-}" ]; then
    echo "== AppImage"
    APPIMAGE=$("$VENV/bin/python" scripts/build_appimage.py --bundle "$DIST/$NAME" --runtime "$APPIMAGE_RUNTIME" \
        --out "$DIST")
    echo "== built $APPIMAGE ($(du -h "$APPIMAGE" | cut -f1))"
else
    echo "skip  AppImage: no APPIMAGE_RUNTIME given"
fi

echo "== built $DEB ($(du -h "$DEB" | cut -f1))"
