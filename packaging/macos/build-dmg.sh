#!/usr/bin/env bash
# macOS: the disk image from dist/Big City.app, signed and notarized when the
# secrets are there. Run from the repository root after PyInstaller:
#
#     BIGCITY_CODESIGN_IDENTITY="Developer ID Application: ..." \
#         pyinstaller --noconfirm packaging/bigcity.spec      # signs every binary, then the .app (no --deep)
#     bash packaging/macos/build-dmg.sh
#
# Environment:
#   BIGCITY_CODESIGN_IDENTITY   the Developer ID Application identity (in the keychain); unset: ad hoc, no notarization
#   APPLE_ID, APPLE_TEAM_ID, APPLE_APP_PASSWORD
#                               notarytool credentials (an app-specific password); all three or none
#
# With an identity and the three Apple ID variables, both the .app and the
# DMG are notarized and stapled (the .app before it goes into the DMG).
#
# Output: dist/BigCity-<version>-macos-<arch>.dmg, where <arch> is the
# machine's (arm64 or x86_64): numpy has no universal2 wheels, so each
# architecture is built on its own runner.
set -euo pipefail

app="dist/Big City.app"
version=$(sed -n 's/^__version__ = "\(.*\)"/\1/p' bigcity_desktop/__init__.py)
arch=$(uname -m)
dmg="dist/BigCity-$version-macos-$arch.dmg"
identity=${BIGCITY_CODESIGN_IDENTITY:-}

[ -d "$app" ] || { echo "$app not found: run pyinstaller packaging/bigcity.spec first" >&2; exit 1; }

# PyInstaller signed each binary and then the bundle; check the result as
# Gatekeeper will (--deep here only verifies, it signs nothing).
codesign --verify --strict --deep --verbose=2 "$app"
/usr/libexec/PlistBuddy -c "Print :LSMinimumSystemVersion" "$app/Contents/Info.plist"
# No bundled binary may need a newer macOS than Info.plist promises.
python3 packaging/macos/minos.py --check "$app"

notarize=no
if [ -n "$identity" ] && [ -n "${APPLE_ID:-}" ] && [ -n "${APPLE_TEAM_ID:-}" ] && [ -n "${APPLE_APP_PASSWORD:-}" ]; then
    notarize=yes
fi

# submit FILE: notarize it with notarytool (waiting for Apple's verdict).
submit() {
    xcrun notarytool submit "$1" --apple-id "$APPLE_ID" --team-id "$APPLE_TEAM_ID" \
        --password "$APPLE_APP_PASSWORD" --wait --timeout 30m
}

# The .app first: notarized and its ticket stapled into it, so that a copy
# taken out of the DMG (or off a network share) opens offline too.
if [ "$notarize" = yes ]; then
    zip="$(mktemp -d)/BigCity.zip"
    ditto -c -k --keepParent "$app" "$zip"
    submit "$zip"
    xcrun stapler staple "$app"
    xcrun stapler validate "$app"
    spctl --assess --type execute --verbose=2 "$app"
fi

stage=$(mktemp -d)
cp -R "$app" "$stage/"
ln -s /Applications "$stage/Applications"
rm -f "$dmg"
hdiutil create -volname "Big City $version" -srcfolder "$stage" -fs HFS+ -format UDZO -ov "$dmg"
rm -rf "$stage"

# Then the DMG around it: signed, notarized, stapled.
if [ -n "$identity" ]; then
    codesign --force --timestamp --sign "$identity" "$dmg"
    if [ "$notarize" = yes ]; then
        submit "$dmg"
        xcrun stapler staple "$dmg"
        xcrun stapler validate "$dmg"
        spctl --assess --type open --context context:primary-signature --verbose=2 "$dmg"
    else
        echo "Signed but not notarized: APPLE_ID, APPLE_TEAM_ID and APPLE_APP_PASSWORD are not all set."
    fi
else
    echo "Ad hoc signed only (no BIGCITY_CODESIGN_IDENTITY): Gatekeeper will ask testers to confirm."
fi
echo "$dmg"
