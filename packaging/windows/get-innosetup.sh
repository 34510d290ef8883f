#!/usr/bin/env bash
# The Inno Setup compiler (ISCC.exe 6.4.1) for compiling bigcity.iss under
# wine on Linux (make package-test, .ci/run): the npm package `innosetup`
# carries the whole compiler, including the German messages. Fetched with
# npm from its registry, checked against the pinned SHA-256, unpacked into
# build/tools/innosetup/. Prints the path of ISCC.exe.
#     bash packaging/windows/get-innosetup.sh
set -euo pipefail

version=6.4.1
sha256=fc36b763a729c8964416552d733f4864ac4a4934d0a6569e20c2feb4c29b9684
root="$(cd "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd)"
tools="$root/build/tools"
dest="$tools/innosetup-$version"

if [ ! -f "$dest/bin/ISCC.exe" ]; then
    mkdir -p "$tools"
    tarball=$(cd "$tools" && npm pack --silent "innosetup@$version")
    echo "$sha256  $tools/$tarball" | sha256sum --check --quiet
    rm -rf "$dest" "$tools/package"
    tar -xzf "$tools/$tarball" -C "$tools"
    mv "$tools/package" "$dest"
    rm -f "$tools/$tarball"
fi
echo "$dest/bin/ISCC.exe"
