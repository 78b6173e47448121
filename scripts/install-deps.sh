#!/usr/bin/env bash
# Installs, on a Debian or Ubuntu machine, the system packages XMLBind needs and the machine
# lacks, and nothing else; a machine that has them all is left alone (no apt-get update).
#
#   scripts/install-deps.sh            the C libraries every product builds with: expat
#                                      (XMLBind), libmicrohttpd and zlib (XMLBindHTTP, and so
#                                      XMLBindRPC, XMLBindSOAP and the xmlbind tool), pkg-config
#   scripts/install-deps.sh --tests    also what the tests' peers need: python3 with venv
#                                      (spyne, zeep, lxml and feedparser are then installed
#                                      from PyPI by scripts/soap-peers.sh) and xmllint
#
# As root it runs apt-get itself; otherwise through sudo. Where there is no dpkg (not a
# Debian machine) it installs nothing and says what the build will look for.
set -euo pipefail

packages=(libexpat1-dev libmicrohttpd-dev zlib1g-dev pkg-config)

if ! command -v dpkg >/dev/null 2>&1; then
    echo "install-deps: no dpkg here; make sure these (or your system's equivalents) are installed: ${packages[*]}" >&2
    exit 0
fi

missing=()
for package in "${packages[@]}"; do
    dpkg -s "$package" >/dev/null 2>&1 || missing+=("$package")
done
if [ "${1:-}" = "--tests" ]; then
    # Tools, not headers: whichever python3 and xmllint come first on the PATH will do.
    python3 -c 'import venv, ensurepip' >/dev/null 2>&1 || missing+=(python3 python3-venv)
    command -v xmllint >/dev/null 2>&1 || missing+=(libxml2-utils)
fi
[ ${#missing[@]} -eq 0 ] && exit 0

echo "install-deps: installing ${missing[*]}" >&2
if [ "$(id -u)" -eq 0 ]; then
    sudo=()
elif command -v sudo >/dev/null 2>&1; then
    sudo=(sudo)
else
    echo "install-deps: not root and no sudo: install ${missing[*]} first (apt-get install -y ${missing[*]})" >&2
    exit 1
fi
"${sudo[@]}" apt-get update >&2
"${sudo[@]}" env DEBIAN_FRONTEND=noninteractive apt-get install -y "${missing[@]}" >&2
