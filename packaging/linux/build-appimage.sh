#!/usr/bin/env bash
# AppImage from the PyInstaller folder:
#     bash packaging/linux/build-appimage.sh "dist/Big City" build/icons dist
# Writes dist/BigCity-<version>-linux-<arch>.AppImage (the name the README gives).
#
# Lays out an AppDir (AppRun from packaging/linux/AppRun, the desktop
# entry, icons and AppStream metainfo under the ID
# org.bigcitydesktop.bigcity, the folder under usr/lib) and packs it with appimagetool 1.9.1 and the type 2 runtime of
# 2025-11-08, both pinned by SHA-256: the tool from $APPIMAGETOOL, else
# downloaded (and checked) into build/tools/. Only x86_64 is pinned.
#
# Where the tool cannot be had (no network to GitHub, as on a closed build
# machine) that is an error, so `make package` never quietly ships without
# its AppImage. A build that means to do without says so and why:
# BIGCITY_SKIP_APPIMAGE="<the reason>" (.ci/run does: its machine reaches no
# GitHub); the reason is printed.
set -euo pipefail

bundle=${1:-"dist/Big City"}
icons=${2:-build/icons}
out=${3:-dist}
here="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
root="$(cd "$here/../.." && pwd)"
app_id=org.bigcitydesktop.bigcity
version=$(sed -n 's/^__version__ = "\(.*\)"/\1/p' "$root/bigcity_desktop/__init__.py")
arch=$(uname -m)
tools="$root/build/tools"

tool_version=1.9.1
tool_url="https://github.com/AppImage/appimagetool/releases/download/$tool_version/appimagetool-x86_64.AppImage"
tool_sha256=ed4ce84f0d9caff66f50bcca6ff6f35aae54ce8135408b3fa33abfc3cb384eb0
runtime_url="https://github.com/AppImage/type2-runtime/releases/download/20251108/runtime-x86_64"
runtime_sha256=2fca8b443c92510f1483a883f60061ad09b46b978b2631c807cd873a47ec260d

give_up() {
    echo "error: no AppImage: $1" >&2
    echo "       (to build the other packages without it, set BIGCITY_SKIP_APPIMAGE to the reason)" >&2
    exit 1
}

if [ -n "${BIGCITY_SKIP_APPIMAGE:-}" ]; then
    echo "AppImage skipped on purpose: $BIGCITY_SKIP_APPIMAGE"
    exit 0
fi

# fetch URL SHA256 DEST: download unless DEST is there with that checksum.
fetch() {
    if [ -f "$3" ] && echo "$2  $3" | sha256sum --check --status; then
        return 0
    fi
    mkdir -p "$(dirname "$3")"
    if ! curl -fsSL --retry 3 --connect-timeout 10 --max-time 300 -o "$3.part" "$1"; then
        rm -f "$3.part"
        return 1
    fi
    if ! echo "$2  $3.part" | sha256sum --check --status; then
        rm -f "$3.part"
        echo "error: $1 does not have the pinned SHA-256 $2" >&2
        exit 1
    fi
    mv "$3.part" "$3"
    chmod +x "$3"
}

[ "$arch" = x86_64 ] || give_up "appimagetool is pinned for x86_64 only, this is $arch"
tool=${APPIMAGETOOL:-$tools/appimagetool-$tool_version-x86_64.AppImage}
runtime=$tools/appimage-runtime-20251108-x86_64
if [ -z "${APPIMAGETOOL:-}" ]; then
    fetch "$tool_url" "$tool_sha256" "$tool" || give_up "$tool_url cannot be downloaded here"
fi
fetch "$runtime_url" "$runtime_sha256" "$runtime" || give_up "$runtime_url cannot be downloaded here"

mkdir -p "$out"
appdir="$root/build/AppDir"
rm -rf "$appdir"
share="$appdir/usr/share"
mkdir -p "$appdir/usr/lib" "$share/applications" "$share/metainfo" "$share/mime/packages"
cp -a "$bundle" "$appdir/usr/lib/bigcity"
cp "$here/$app_id.desktop" "$appdir/$app_id.desktop"
cp "$here/$app_id.desktop" "$share/applications/$app_id.desktop"
cp "$icons/bigcity-256.png" "$appdir/$app_id.png"
for size in 16 32 48 64 128 256 512; do
    mkdir -p "$share/icons/hicolor/${size}x$size/apps" "$share/icons/hicolor/${size}x$size/mimetypes"
    cp "$icons/bigcity-$size.png" "$share/icons/hicolor/${size}x$size/apps/$app_id.png"
    cp "$icons/bigcity-file-$size.png" "$share/icons/hicolor/${size}x$size/mimetypes/application-x-bigcity-game.png"
done
cp "$here/$app_id.mime.xml" "$share/mime/packages/$app_id.xml"
python3 "$here/metainfo.py" "$share/metainfo/$app_id.appdata.xml" >/dev/null
# the entry: the game, or --cli / --server for the other two programs
install -m 755 "$here/AppRun" "$appdir/AppRun"

target="$out/BigCity-$version-linux-$arch.AppImage"
# Without FUSE (containers, CI) the tool can still run extracted. The
# metainfo is validated by `make package-test` (appstreamcli), not here.
ARCH=$arch APPIMAGE_EXTRACT_AND_RUN=1 "$tool" --no-appstream --runtime-file "$runtime" "$appdir" "$target"
echo "$target"
