#!/usr/bin/env bash
# Make the release's Linux build base inside the manylinux_2_28 image (AlmaLinux 8,
# glibc 2.28, security support until 2029; the release workflow names the image by
# digest): the tools of scripts/build_linux.sh's bundle stage, and a shared CPython
# 3.11 (PyInstaller needs libpython, which the image's own Pythons lack) built
# against OpenSSL 3.5 (an LTS release, supported until April 2030), whose libssl
# and libcrypto the bundle then carries for the network's TLS. Each source archive
# is checked against its SHA-256 before it is unpacked; the Python goes to
# $RELEASE_PYTHON (default /opt/python3.11), OpenSSL's licence text and version to
# its share/licenses/openssl/, where scripts/third_party_notices.py reads them.
#
#   bash scripts/release_base.sh && PATH=/opt/python3.11/bin:$PATH bash scripts/build_linux.sh
#
# Run as root in that image only (it installs packages with dnf).
set -euo pipefail
PYTHON_VERSION=3.11.16
# python.org's archive (the same SHA-256 as the official python:3.11 images' PYTHON_SHA256).
PYTHON_SHA256=91bcdebfdde239a003ae93738a7fce0f9230fee5c4bc2b86f6e6e8c6f98aabe8
OPENSSL_VERSION=3.5.7
# The openssl-3.5.7 release archive (the SHA-256 published with it).
OPENSSL_SHA256=a8c0d28a529ca480f9f36cf5792e2cd21984552a3c8e4aa11a24aa31aeac98e8
PREFIX=${RELEASE_PYTHON:-/opt/python3.11}

[ -f /etc/almalinux-release ] || { echo "release_base: run this in the manylinux_2_28 image" >&2; exit 1; }
# What Python's modules link against, what OpenSSL's Configure needs, and the bundle stage's tools.
dnf install -y -q bzip2-devel libffi-devel libuuid-devel sqlite-devel xz-devel zlib-devel \
    perl-IPC-Cmd perl-Time-Piece binutils patchelf git >/dev/null

work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
fetch() {  # URL FILE SHA256
    curl -fsSL --retry 3 -o "$work/$2" "$1"
    echo "$3  $work/$2" | sha256sum --check --strict
}
fetch "https://github.com/openssl/openssl/releases/download/openssl-$OPENSSL_VERSION/openssl-$OPENSSL_VERSION.tar.gz" \
    openssl.tar.gz "$OPENSSL_SHA256"
fetch "https://www.python.org/ftp/python/$PYTHON_VERSION/Python-$PYTHON_VERSION.tar.xz" python.tar.xz "$PYTHON_SHA256"

echo "== OpenSSL $OPENSSL_VERSION into $PREFIX"
mkdir "$work/openssl" "$work/python"
tar -C "$work/openssl" --strip-components=1 -xzf "$work/openssl.tar.gz"
(cd "$work/openssl" && ./Configure linux-x86_64 --prefix="$PREFIX" --libdir=lib --openssldir=/etc/ssl \
    shared no-tests no-docs >/dev/null && make -s -j"$(nproc)" >/dev/null && make -s install_sw >/dev/null)
mkdir -p "$PREFIX/share/licenses/openssl"
cp "$work/openssl/LICENSE.txt" "$PREFIX/share/licenses/openssl/LICENSE.txt"
echo "$OPENSSL_VERSION" > "$PREFIX/share/licenses/openssl/VERSION"

echo "== Python $PYTHON_VERSION into $PREFIX"
tar -C "$work/python" --strip-components=1 -xJf "$work/python.tar.xz"
(cd "$work/python" && ./configure -q --prefix="$PREFIX" --enable-shared --with-openssl="$PREFIX" \
    --with-openssl-rpath=no LDFLAGS="-Wl,-rpath,$PREFIX/lib" && make -s -j"$(nproc)" >/dev/null 2>&1 \
    && make -s install >/dev/null 2>&1)
"$PREFIX/bin/python3" - <<EOF
import platform, ssl, sqlite3, ctypes, lzma, bz2, zlib, uuid
assert platform.python_version() == "$PYTHON_VERSION", platform.python_version()
assert ssl.OPENSSL_VERSION.startswith("OpenSSL $OPENSSL_VERSION "), ssl.OPENSSL_VERSION
print(f"ok    Python {platform.python_version()} with {ssl.OPENSSL_VERSION}")
EOF
