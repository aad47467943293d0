#!/usr/bin/env bash
# Build the Linux downloads a second time into build/again and compare their
# checksums with those in dist/ (built first by scripts/build_linux.sh, with
# the same SOURCE_DATE_EPOCH): the same commit must give the same files, so
# anyone can rebuild a release and check it is what was published.
#
#   bash scripts/build_linux.sh && bash scripts/check_reproducible.sh
#
# Settings the first build was given (BUILD_VENV, APPIMAGE_RUNTIME, BUILD_STAGES)
# must be given again here. With BUILD_STAGES=packages the same .tar.gz is packed
# again (the release packs on another system than it builds the bundle on).
set -euo pipefail
cd "$(dirname "$0")/.."
STAGES=${BUILD_STAGES:-bundle packages}
first=()
[[ " $STAGES " == *" bundle "* ]] && first+=(dist/fiftyfifty-desktop-*.tar.gz)
[[ " $STAGES " == *" packages "* ]] && first+=(dist/fiftyfifty-desktop_*.deb)
compgen -G "dist/fiftyfifty-desktop-*.AppImage" >/dev/null && first+=(dist/fiftyfifty-desktop-*.AppImage)
[ -f "${first[0]}" ] || { echo "check_reproducible: build first: bash scripts/build_linux.sh" >&2; exit 1; }
rm -rf build/again
mkdir -p build/again
[[ " $STAGES " == *" bundle "* ]] || cp dist/fiftyfifty-desktop-*.tar.gz build/again/
DIST=build/again bash scripts/build_linux.sh > build/again.log 2>&1 || { tail -20 build/again.log; exit 1; }
differ=0
for file in "${first[@]}"; do
    again="build/again/$(basename "$file")"
    if [ ! -f "$again" ]; then
        echo "FAIL  the second build made no $(basename "$file")"; differ=1
    elif [ "$(sha256sum < "$file")" != "$(sha256sum < "$again")" ]; then
        echo "FAIL  $(basename "$file") differs between two builds"; differ=1
    else
        echo "ok    $(basename "$file"): the same in both builds, sha256 $(sha256sum < "$file" | cut -c1-16)…"
    fi
done
[ $differ -eq 0 ] || { echo "(the second build's files are in build/again)"; exit 1; }
