#!/usr/bin/env bash
# Install the built .deb on this machine with dpkg -i, run the installed
# launcher's --self-check (and --version) from /usr/games as the menu entry
# does, check that dpkg --verify finds every file as shipped (md5sums), remove
# the package with dpkg -r,
# and check that nothing of it is left: every file it shipped is gone, and
# every folder it made is gone (so the program wrote nothing beside its files).
# The self-check runs with a throw-away home; the user's data folders are the
# only place the program writes to.
#
#   bash scripts/check_deb.sh dist/fiftyfifty-desktop_<version>_<arch>.deb
#
# Needs root (or sudo); refuses to run when the package is already installed.
set -euo pipefail
[ $# -eq 1 ] || { echo "usage: bash scripts/check_deb.sh PACKAGE.deb" >&2; exit 2; }
deb=$1
package=$(dpkg-deb -f "$deb" Package)
version=$(dpkg-deb -f "$deb" Version)
as_root=(); [ "$(id -u)" -eq 0 ] || as_root=(sudo)
if dpkg-query -W -f='${Status}' "$package" 2>/dev/null | grep -q installed; then
    echo "check_deb: $package is already installed on this machine; remove it first (dpkg -r $package)" >&2
    exit 1
fi

work=$(mktemp -d)
# Every path in the package; and which of its folders exist already (those shared with other packages).
dpkg-deb --fsys-tarfile "$deb" | tar -t | sed -e 's|^\./|/|' -e 's|/$||' | grep -v '^/\?$' > "$work/shipped"
while read -r path; do
    if [ -d "$path" ]; then echo "$path"; fi
done < "$work/shipped" > "$work/folders-before"

removed=no
remove() {
    if [ "$removed" = no ]; then "${as_root[@]}" dpkg -r "$package" >/dev/null; removed=yes; fi
}
trap 'remove; rm -rf "$work"' EXIT

echo "== dpkg -i $deb"
"${as_root[@]}" dpkg -i "$deb" >/dev/null
launcher=$(PATH=/usr/games:$PATH command -v "$package")
[ "$launcher" = "/usr/games/$package" ] || { echo "FAIL  the launcher on PATH is $launcher"; exit 1; }
verify=$(dpkg --verify "$package" 2>&1) || true
[ -z "$verify" ] || { echo "FAIL  dpkg --verify $package:"; echo "$verify"; exit 1; }
echo "ok    dpkg --verify: every file as its md5sums say"
echo "== $launcher --self-check (from a throw-away home)"
mkdir "$work/home"
(cd "$work/home" && env -i PATH=/usr/games:/usr/bin:/bin HOME="$work/home" SDL_VIDEODRIVER=dummy \
    SDL_AUDIODRIVER=dummy "$package" --self-check)
shown=$(env -i PATH=/usr/games:/usr/bin:/bin HOME="$work/home" "$package" --version)
[ "$shown" = "$package $version" ] || { echo "FAIL  --version printed '$shown', not '$package $version'"; exit 1; }
echo "ok    --version: $shown"

echo "== dpkg -r $package"
remove
status=$(dpkg-query -W -f='${Status}' "$package" 2>/dev/null || true)
case "$status" in
    ""|*not-installed) ;;
    *) echo "FAIL  after dpkg -r the package's status is '$status'"; exit 1 ;;
esac
left=0
while read -r path; do
    if { [ -e "$path" ] || [ -L "$path" ]; } && ! grep -qxF "$path" "$work/folders-before"; then
        echo "FAIL  left after removal: $path"
        left=1
    fi
done < "$work/shipped"
[ $left -eq 0 ] || exit 1
echo "ok    removed: none of the package's $(wc -l < "$work/shipped") paths is left"
