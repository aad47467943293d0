#!/usr/bin/env bash
# On Windows (Git's bash): run the setup program for this user only, as the
# README describes (/CURRENTUSER, no administrator rights), check the
# Start-menu shortcut, self-check the installed program, install it again over
# itself as an upgrade does and check that a file the new version does not ship
# is gone, then uninstall and check that the folder and the shortcut are gone.
# The release workflow runs it on x64 Windows and on Windows 11 on Arm.
#
#   MSYS_NO_PATHCONV=1 bash scripts/check_windows_setup.sh dist/fiftyfifty-desktop-<version>-windows-setup.exe
set -euo pipefail
[ $# -eq 1 ] || { echo "usage: bash scripts/check_windows_setup.sh SETUP.exe" >&2; exit 2; }
setup=$1
installed="$LOCALAPPDATA/Programs/Card Table"
shortcut="$APPDATA/Microsoft/Windows/Start Menu/Programs/Card Table.lnk"

echo "== $setup /CURRENTUSER"
"$setup" /VERYSILENT /SUPPRESSMSGBOXES /CURRENTUSER /TASKS=desktopicon
ls "$shortcut"
"$installed/fiftyfifty-desktop.exe" --self-check > self-check.txt || { cat self-check.txt; exit 1; }
cat self-check.txt
test -f "$installed/_internal/licenses/THIRD-PARTY-NOTICES.txt"
echo "ok    installed for this user in $installed, with its licences"

echo "== the same setup again, as an upgrade over a version that shipped one more file"
stale="$installed/_internal/left-by-an-older-version.pyd"
touch "$stale"
"$setup" /VERYSILENT /SUPPRESSMSGBOXES /CURRENTUSER
if [ -e "$stale" ]; then echo "FAIL  the upgrade left the older version's $stale"; exit 1; fi
echo "ok    upgraded: the older version's files are gone"

echo "== uninstall"
"$installed/unins000.exe" /VERYSILENT /SUPPRESSMSGBOXES
# The uninstaller hands over to a copy of itself and returns at once: wait for the folder to go.
for _ in $(seq 60); do [ -e "$installed" ] || break; sleep 1; done
if [ -e "$installed" ]; then echo "FAIL  left after uninstall:"; ls -R "$installed"; exit 1; fi
if [ -e "$shortcut" ]; then echo "FAIL  Start-menu shortcut left"; exit 1; fi
echo "ok    removed: no folder, no shortcut"
