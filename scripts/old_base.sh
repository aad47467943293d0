#!/usr/bin/env bash
# Run a command in a Debian 11 (bullseye, glibc 2.31) root with Python 3.11,
# with this checkout at /src: CI builds the Linux downloads there, on a machine
# with no container engine. The release builds them on another base, the
# manylinux_2_28 image (scripts/release_base.sh), whose files this root's
# build does not reproduce: here the bundle carries Debian 11's Python 3.11.2
# and OpenSSL 1.1.1 and needs glibc 2.31 (scripts/glibc_floor.py --floor 2.31).
#
#   sudo bash scripts/old_base.sh bash scripts/build_linux.sh
#
# The root is made with debootstrap and chroot (as root). Debian 11 has no
# Python 3.11, so it is built from Debian's own source package of it
# (bookworm's python3.11) against bullseye's libraries. Making the root takes
# about ten minutes the first time; it is kept in $OLD_BASE (default
# /var/cache/fiftyfifty-desktop/bullseye) and made again only when its recipe
# below changes. Needs debootstrap on the machine.
set -euo pipefail
cd "$(dirname "$0")/.."
[ $# -gt 0 ] || { echo "usage: bash scripts/old_base.sh COMMAND [ARGUMENTS]" >&2; exit 2; }
[ "$(id -u)" -eq 0 ] || { echo "old_base: needs root (debootstrap, chroot and mounts)" >&2; exit 1; }
command -v debootstrap >/dev/null || { echo "old_base: needs debootstrap: apt-get install debootstrap" >&2; exit 1; }
MIRROR=http://deb.debian.org/debian
ROOT_DIR=${OLD_BASE:-/var/cache/fiftyfifty-desktop/bullseye}
# The root's recipe: change it with the steps that make the root, and every machine makes its root again.
recipe="bullseye, Python 3.11.2 from Debian's source, tools of build_linux.sh: 1"

# The build sees a clean environment, less the few settings that steer it.
passed=()
# The build environment of the root is its own (the checkout's build/venv may be this machine's).
export BUILD_VENV=${BUILD_VENV:-build/venv-debian11}
for name in SOURCE_DATE_EPOCH SDL_VIDEODRIVER SDL_AUDIODRIVER PYTHONDONTWRITEBYTECODE PIP_QUIET DIST BUILD_VENV BUILD_STAGES \
            APPIMAGE_RUNTIME; do
    [ -z "${!name:-}" ] || passed+=("$name=${!name}")
done
in_root() { chroot "$ROOT_DIR" /usr/bin/env -i PATH=/opt/python3.11/bin:/usr/sbin:/usr/bin:/sbin:/bin HOME=/root \
    LANG=C.UTF-8 "${passed[@]}" "$@"; }

if [ "$(cat "$ROOT_DIR/.recipe" 2>/dev/null)" != "$recipe" ]; then
    echo "== making the Debian 11 build root in $ROOT_DIR (once; about ten minutes)"
    rm -rf "$ROOT_DIR"
    mkdir -p "$(dirname "$ROOT_DIR")"
    debootstrap --variant=minbase bullseye "$ROOT_DIR" "$MIRROR" > "$ROOT_DIR.log" 2>&1 \
        || { tail -5 "$ROOT_DIR.log"; exit 1; }
    cat > "$ROOT_DIR/etc/apt/sources.list" <<EOF
deb $MIRROR bullseye main
deb $MIRROR bullseye-updates main
deb http://deb.debian.org/debian-security bullseye-security main
deb-src $MIRROR bookworm main
EOF
    # What the build needs, as python:3.11-bullseye has it: a compiler and the libraries Python's own
    # modules link against; then the tools scripts/build_linux.sh asks for.
    in_root apt-get update -q >/dev/null
    in_root env DEBIAN_FRONTEND=noninteractive apt-get install -y -q --no-install-recommends \
        build-essential dpkg-dev ca-certificates git xz-utils libssl-dev libffi-dev libsqlite3-dev zlib1g-dev \
        libbz2-dev liblzma-dev uuid-dev binutils patchelf help2man desktop-file-utils appstream squashfs-tools \
        >/dev/null
    in_root sh -c 'mkdir -p /opt/build && cd /opt/build && apt-get source -q --download-only python3.11' >/dev/null
    in_root sh -c 'cd /opt/build && tar xzf python3.11_*.orig.tar.gz && cd Python-3.11.* &&
        ./configure -q --prefix=/opt/python3.11 --enable-shared && make -s -j"$(nproc)" >/dev/null 2>&1 &&
        make -s install >/dev/null 2>&1' \
        || { echo "old_base: building Python 3.11 in the root failed" >&2; exit 1; }
    echo /opt/python3.11/lib > "$ROOT_DIR/etc/ld.so.conf.d/python3.11.conf"
    in_root ldconfig
    rm -rf "$ROOT_DIR/opt/build"
    in_root python3.11 -c 'import ssl, sqlite3, ctypes, lzma, bz2, zlib, uuid'
    echo "$recipe" > "$ROOT_DIR/.recipe"
fi

# The checkout's commit time dates the build (git may not read a worktree's folder from inside the root).
export SOURCE_DATE_EPOCH=${SOURCE_DATE_EPOCH:-$(git log -1 --format=%ct)}
passed+=("SOURCE_DATE_EPOCH=$SOURCE_DATE_EPOCH")
mkdir -p "$ROOT_DIR/src" "$ROOT_DIR/proc" "$ROOT_DIR/dev"
# This machine's name servers and certificate authorities (a network may inspect TLS with its own).
cp /etc/resolv.conf "$ROOT_DIR/etc/resolv.conf"
cp /etc/ssl/certs/ca-certificates.crt "$ROOT_DIR/etc/ssl/certs/ca-certificates.crt"
passed+=("PIP_CERT=/etc/ssl/certs/ca-certificates.crt" "SSL_CERT_FILE=/etc/ssl/certs/ca-certificates.crt")
unmount() { umount "$ROOT_DIR/src" "$ROOT_DIR/proc" "$ROOT_DIR/dev" 2>/dev/null || true; }
trap unmount EXIT
mount --bind "$PWD" "$ROOT_DIR/src"
mount -t proc proc "$ROOT_DIR/proc"
mount --bind /dev "$ROOT_DIR/dev"
echo "== in Debian 11 ($(in_root ldd --version | head -1)): $*"
in_root sh -c 'cd /src && exec "$@"' sh "$@"
