"""What software centres and Debian's checkers read in the Linux packages:
the AppStream metainfo (appstreamcli), the desktop entry and MIME type
(German too), one application ID everywhere, and lintian on the .deb.

Run by `make package-test` after `make package`. appstreamcli (Debian:
appstream), desktop-file-validate (desktop-file-utils) and lintian are
installed by .ci/run; without one of them its test says so and skips,
unless BIGCITY_REQUIRE_LINUX_TOOLS=1 (.ci/run), where it fails.
"""

from __future__ import annotations

import os
import re
import shutil
import subprocess
import sys
import xml.etree.ElementTree as ET
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
DIST = ROOT / "dist"
LINUX = ROOT / "packaging" / "linux"
sys.path.insert(0, str(LINUX))
sys.path.insert(0, str(ROOT / "packaging" / "tests"))
import metainfo  # noqa: E402
from test_versions import versions, versions_module  # noqa: E402

APP_ID = metainfo.APP_ID
VERSION = versions_module.project_version()
XML_LANG = "{http://www.w3.org/XML/1998/namespace}lang"


def _tool(name: str) -> str:
    found = shutil.which(name)
    if found:
        return found
    message = f"{name} is not installed (.ci/run installs it)"
    if os.environ.get("BIGCITY_REQUIRE_LINUX_TOOLS") == "1":
        pytest.fail(f"BIGCITY_REQUIRE_LINUX_TOOLS=1 but {message}")
    pytest.skip(message)


@pytest.fixture(scope="module")
def deb() -> Path:
    found = sorted(DIST.glob(f"bigcity_{versions(VERSION).dpkg}_*.deb"))
    if not found:
        pytest.fail("no .deb in dist/: run `make package` first")
    return found[-1]


@pytest.fixture(scope="module")
def unpacked(deb: Path, tmp_path_factory: pytest.TempPathFactory) -> Path:
    root = tmp_path_factory.mktemp("deb")
    subprocess.run(["dpkg-deb", "-x", str(deb), str(root)], check=True)
    return root


def test_one_application_id_everywhere() -> None:
    """The macOS bundle ID is the AppStream ID, the desktop entry's name,
    the icon's name and the app's Wayland app ID."""
    spec = (ROOT / "packaging" / "bigcity.spec").read_text(encoding="utf-8")
    assert f'BUNDLE_ID = "{APP_ID}"' in spec
    assert re.fullmatch(r"[a-z]+\.[a-z0-9]+\.[a-z0-9]+", APP_ID)  # reverse DNS
    desktop = (LINUX / f"{APP_ID}.desktop").read_text(encoding="utf-8")
    assert f"Icon={APP_ID}\n" in desktop
    app = (ROOT / "bigcity_desktop" / "app.py").read_text(encoding="utf-8")
    assert f'setDesktopFileName("{APP_ID}")' in app
    component = ET.fromstring(metainfo.metainfo(VERSION))
    assert component.findtext("id") == APP_ID
    assert component.findtext("launchable") == f"{APP_ID}.desktop"


def test_german_in_the_desktop_entry_and_the_mime_type() -> None:
    desktop = (LINUX / f"{APP_ID}.desktop").read_text(encoding="utf-8")
    for key in ("Name[de]=", "GenericName[de]=Brettspiel", "Comment[de]=", "Keywords[de]="):
        assert key in desktop, key
    mime = ET.parse(LINUX / f"{APP_ID}.mime.xml").getroot()
    ns = {"m": "http://www.freedesktop.org/standards/shared-mime-info"}
    comments = {c.get(XML_LANG, "en"): c.text for c in mime.findall("m:mime-type/m:comment", ns)}
    assert comments == {"en": "Big City game", "de": "Big-City-Partie"}
    assert mime.find("m:mime-type/m:icon", ns).get("name") == "application-x-bigcity-game"  # type: ignore[union-attr]


def test_metainfo_releases_come_from_the_changelog() -> None:
    component = ET.fromstring(metainfo.metainfo(VERSION))
    releases = component.findall("releases/release")
    entries = metainfo.releases(metainfo.CHANGELOG.read_text(encoding="utf-8"))
    assert [r.get("version") for r in releases] == [e.version for e in entries]
    assert releases[0].get("version") == VERSION
    first = entries[0]
    assert [li.text for li in releases[0].findall("description/ul/li")] == [metainfo._plain(i) for i in first.items]
    assert all(re.fullmatch(r"\d{4}-\d{2}-\d{2}", r.get("date") or "") for r in releases)
    assert component.find("content_rating").get("type") == "oars-1.1"  # type: ignore[union-attr]
    (image,) = component.findall("screenshots/screenshot/image")
    assert image.text and image.text.startswith("https://") and image.text.endswith("/docs/images/city-view.png")
    assert (ROOT / "docs" / "images" / "city-view.png").is_file()


def test_changelog_notes_and_release_check() -> None:
    script = [sys.executable, str(LINUX / "metainfo.py")]
    notes = subprocess.run([*script, "--notes", VERSION], capture_output=True, text=True, check=True).stdout
    assert notes.startswith("- ")
    missing = subprocess.run([*script, "--check-release", "99.0.0"], capture_output=True, text=True)
    assert missing.returncode == 1 and "CHANGELOG.md needs an entry" in missing.stderr


def test_appstreamcli_validates_the_metainfo_and_the_installed_tree(unpacked: Path) -> None:
    tool = _tool("appstreamcli")
    meta = unpacked / "usr" / "share" / "metainfo" / f"{APP_ID}.metainfo.xml"
    # --no-net: the URLs are not fetched (CI reaches no web site); --explain
    # says why for anything found.
    result = subprocess.run(
        [tool, "validate", "--no-net", "--pedantic", "--explain", str(meta)], capture_output=True, text=True
    )
    print("\n" + result.stdout.strip())
    assert result.returncode == 0, result.stdout + result.stderr
    assert not re.search(r"^[EW]: ", result.stdout, re.M), result.stdout
    tree = subprocess.run([tool, "validate-tree", "--no-net", str(unpacked)], capture_output=True, text=True)
    assert tree.returncode == 0, tree.stdout + tree.stderr
    assert not re.search(r"^[EW]: ", tree.stdout, re.M), tree.stdout


def test_desktop_entry_validates() -> None:
    tool = _tool("desktop-file-validate")
    result = subprocess.run([tool, str(LINUX / f"{APP_ID}.desktop")], capture_output=True, text=True)
    assert result.returncode == 0 and not result.stdout.strip(), result.stdout + result.stderr


def test_lintian_is_clean_but_for_the_explained_overrides(deb: Path) -> None:
    tool = _tool("lintian")
    overrides = (LINUX / "lintian-overrides").read_text(encoding="utf-8").splitlines()
    for i, line in enumerate(overrides):
        if line.startswith("bigcity:"):
            assert i > 0 and overrides[i - 1].startswith("# ") and len(overrides[i - 1]) > 20, f"no reason for {line}"
    result = subprocess.run(
        [tool, "--fail-on", "error,warning", "--tag-display-limit", "0", "--show-overrides", str(deb)],
        capture_output=True,
        text=True,
    )
    shown = [line for line in result.stdout.splitlines() if re.match(r"^[EWIPXO]: ", line)]
    overridden = [line for line in shown if line.startswith("O: ")]
    print(f"\nlintian: {len(overridden)} overridden, {len(shown) - len(overridden)} other tag(s)")
    unexplained = [line for line in shown if re.match(r"^[EW]: ", line)]
    # With --show-overrides lintian exits 2 for the overridden errors too, so
    # the verdict is read from the tags it prints (1 would be lintian failing).
    assert result.returncode in (0, 2) and overridden, result.stdout[-2000:] + result.stderr
    assert not unexplained, "\n".join(unexplained)
