#!/usr/bin/env bash
# AppImage from the PyInstaller folder:
#     bash packaging/linux/build-appimage.sh "dist/Big City" build/icons dist
# Lays out an AppDir (AppRun, desktop entry, icon, the folder under usr/lib)
# and packs it with appimagetool: the one on PATH, else the release that
# APPIMAGETOOL_URL names (downloaded once into build/). Where neither can be
# had (no network to the AppImage project, as on a closed build machine), it
# says so and exits 0, so `make package` still builds the .deb and tar.gz.
set -euo pipefail

bundle=${1:-"dist/Big City"}
icons=${2:-build/icons}
out=${3:-dist}
here="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
root="$(cd "$here/../.." && pwd)"
version=$(sed -n 's/^__version__ = "\(.*\)"/\1/p' "$root/bigcity_desktop/__init__.py")
arch=$(uname -m)
url=${APPIMAGETOOL_URL:-"https://github.com/AppImage/appimagetool/releases/download/continuous/appimagetool-$arch.AppImage"}

tool=$(command -v appimagetool || true)
if [ -z "$tool" ]; then
    tool="$root/build/appimagetool-$arch.AppImage"
    if [ ! -x "$tool" ]; then
        if ! curl -fsSL --connect-timeout 10 --max-time 120 -o "$tool.part" "$url" 2>/dev/null; then
            rm -f "$tool.part"
            echo "AppImage skipped: appimagetool is not on PATH and $url cannot be downloaded here."
            exit 0
        fi
        mv "$tool.part" "$tool"
        chmod +x "$tool"
    fi
fi

mkdir -p "$out"
appdir="$root/build/AppDir"
rm -rf "$appdir"
mkdir -p "$appdir/usr/lib" "$appdir/usr/share/icons/hicolor/256x256/apps" "$appdir/usr/share/mime/packages"
cp -a "$bundle" "$appdir/usr/lib/bigcity"
cp "$here/bigcity.desktop" "$appdir/bigcity.desktop"
cp "$icons/bigcity-256.png" "$appdir/bigcity.png"
cp "$icons/bigcity-256.png" "$appdir/usr/share/icons/hicolor/256x256/apps/bigcity.png"
cp "$here/bigcity-mime.xml" "$appdir/usr/share/mime/packages/bigcity.xml"
cat > "$appdir/AppRun" <<'SH'
#!/bin/sh
# bigcity-cli is reached as: BigCity.AppImage --cli SUBCOMMAND ...
HERE="$(dirname "$(readlink -f "$0")")"
if [ "${1:-}" = "--cli" ]; then
    shift
    exec "$HERE/usr/lib/bigcity/bigcity-cli" "$@"
fi
exec "$HERE/usr/lib/bigcity/bigcity" "$@"
SH
chmod +x "$appdir/AppRun"

target="$out/BigCity-$version-$arch.AppImage"
# Without FUSE (containers, CI) the tool can still run extracted.
ARCH=$arch APPIMAGE_EXTRACT_AND_RUN=1 "$tool" --no-appstream "$appdir" "$target"
echo "$target"
