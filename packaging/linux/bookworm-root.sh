#!/usr/bin/env bash
# A fresh Debian 12 (bookworm) root, as a player's new machine has it, for
# installing the .deb into:
#     bash packaging/linux/bookworm-root.sh DEST
# Makes DEST a minimal bookworm system (debootstrap --variant=minbase) with
# the Debian mirror this machine's apt uses (read from its sources, so the
# script names none). The debootstrap result is kept as a tarball in
# $BIGCITY_CI_CACHE (default /var/cache/bigcity-ci) and unpacked from there
# next time, for a week: a fresh root then costs seconds, not minutes.
# Root only (debootstrap and chroot need it). Prints DEST.
set -euo pipefail

dest=${1:?usage: bookworm-root.sh DEST}
cache=${BIGCITY_CI_CACHE:-/var/cache/bigcity-ci}
tarball="$cache/bookworm-minbase.tar.gz"

if [ "$(id -u)" -ne 0 ]; then
    echo "error: a bookworm root needs root (debootstrap, chroot)" >&2
    exit 1
fi
command -v debootstrap >/dev/null || { echo "error: debootstrap not found (apt install debootstrap)" >&2; exit 1; }

mirror() {
    local uri
    uri=$(grep -hE '^\s*URIs:' /etc/apt/sources.list.d/*.sources 2>/dev/null | awk '{print $2}' | grep -v security | head -n 1 || true)
    if [ -z "$uri" ]; then
        uri=$(grep -hE '^\s*deb\s' /etc/apt/sources.list 2>/dev/null | awk '{print $2}' | grep -v security | head -n 1 || true)
    fi
    [ -n "$uri" ] || { echo "error: no Debian mirror in this machine's apt sources" >&2; exit 1; }
    echo "$uri"
}

mkdir -p "$cache" "$dest"
if [ -f "$tarball" ] && [ -n "$(find "$tarball" -mtime -7 2>/dev/null)" ]; then
    tar -xzf "$tarball" -C "$dest"
else
    rm -f "$tarball"
    debootstrap --variant=minbase bookworm "$dest" "$(mirror)" >&2
    # no packages of the build machine's: the root is as a player's new system
    chroot "$dest" apt-get clean
    tar -czf "$tarball.part" -C "$dest" . && mv "$tarball.part" "$tarball"
fi
echo "$dest"
