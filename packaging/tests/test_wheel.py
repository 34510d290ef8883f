"""pip users get the whole game: the sdist and the wheel, built as pip builds
them (`python -m build`: an isolated build environment with only the
build-system requirements, the wheel made from the sdist), installed into a
fresh venv, and started there in German with Help -> How to play.

Run by `make package-test`; needs `build` (the build extra) and the
package index (the build environment and the fresh venv install from it).
"""

from __future__ import annotations

import email.parser
import os
import re
import subprocess
import sys
import tarfile
import textwrap
import venv
import zipfile
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT / "packaging" / "tests"))
from test_versions import versions_module  # noqa: E402

VERSION = versions_module.project_version()
TIMEOUT = 900


@pytest.fixture(scope="module")
def built(tmp_path_factory: pytest.TempPathFactory) -> tuple[Path, Path]:
    pytest.importorskip("build", reason="`build` is not installed: pip install -e '.[build]'")
    out = tmp_path_factory.mktemp("pypi")
    result = subprocess.run(
        [sys.executable, "-m", "build", "--outdir", str(out), str(ROOT)],
        capture_output=True,
        text=True,
        timeout=TIMEOUT,
    )
    assert result.returncode == 0, result.stdout[-4000:] + result.stderr[-4000:]
    (sdist,) = out.glob("*.tar.gz")
    (wheel,) = out.glob("*.whl")
    assert sdist.name == f"bigcity_desktop-{VERSION}.tar.gz"
    assert wheel.name == f"bigcity_desktop-{VERSION}-py3-none-any.whl"
    return sdist, wheel


def test_sdist_holds_what_the_wheel_build_needs(built: tuple[Path, Path]) -> None:
    sdist, _ = built
    with tarfile.open(sdist) as tar:
        names = {n.split("/", 1)[1] for n in tar.getnames() if "/" in n}
    for name in (
        "scripts/i18n.py",
        "packaging/build_backend/bigcity_build.py",
        "docs/GAME.md",
        "docs/GAME.de.md",
        "resources/i18n/bigcity_de.ts",
        "CHANGELOG.md",
    ):
        assert name in names, name
    assert not [n for n in names if n.endswith((".qm", ".pyc"))]


def test_wheel_carries_translations_guides_and_full_metadata(built: tuple[Path, Path]) -> None:
    _, wheel = built
    with zipfile.ZipFile(wheel) as whl:
        names = set(whl.namelist())
        info = f"bigcity_desktop-{VERSION}.dist-info"
        meta = email.parser.Parser().parsestr(whl.read(f"{info}/METADATA").decode())
        entry_points = whl.read(f"{info}/entry_points.txt").decode()
        qm = whl.read("bigcity_desktop/_resources/i18n/bigcity_de.qm")
    for name in ("help/GAME.md", "help/GAME.de.md", "i18n/bigcity_de.ts", "rules/original.toml"):
        assert f"bigcity_desktop/_resources/{name}" in names, name
    page = sorted(p.name for p in (ROOT / "bigcity_desktop" / "web" / "static").iterdir() if p.is_file())
    assert "index.html" in page and "main.js" in page
    for name in page:  # the browser seat's page (net/web.py), every file of it
        assert f"bigcity_desktop/web/static/{name}" in names, name
    assert qm[:16] == bytes.fromhex("3cb86418caef9c95cd211cbf60a1bddd")  # Qt's .qm magic
    # the game window is a GUI script (no console window on Windows), the command line a console one
    assert re.search(r"\[gui_scripts\]\s+bigcity = bigcity_desktop\.app:main", entry_points), entry_points
    assert re.search(r"\[console_scripts\]\s+bigcity-cli = bigcity_desktop\.cli:main", entry_points), entry_points
    assert re.search(r"^bigcity-server = bigcity_desktop\.net\.hosting:main$", entry_points, re.M), entry_points
    classifiers = meta.get_all("Classifier") or []
    assert "Topic :: Games/Entertainment :: Board Games" in classifiers
    assert "Natural Language :: German" in classifiers
    assert "License-Expression" in meta and meta["License-Expression"] == "MIT"
    urls = dict(u.split(", ", 1) for u in meta.get_all("Project-URL") or [])
    assert {"Homepage", "Repository", "Issues", "Changelog"} <= set(urls)
    assert "board game" in (meta["Keywords"] or "")
    readme = meta.get_payload()
    assert "![The city view](https://raw.githubusercontent.com/" in readme
    assert f"/v{VERSION}/docs/images/city-view.png)" in readme
    assert not re.search(r"\]\((?!https?:|#)[^)]+\)", readme), "a relative link is left in the README"


CHECK = textwrap.dedent(
    """
    import sys
    from pathlib import Path

    import bigcity_desktop
    from bigcity_desktop.app import _application, build_main_window
    from bigcity_desktop.i18n import current_language, translate

    package = Path(bigcity_desktop.__file__).parent
    assert "site-packages" in package.parts, package
    app = _application("bigcity")  # the language of the system (LANG below): German
    assert current_language() == "de", current_language()
    window = build_main_window()
    action = window.actions["guide"]
    assert action.text() == "So wird &gespielt", action.text()
    action.trigger()  # Help -> How to play
    dialog = window.guide_dialog
    assert dialog.contents.item(0).text() == "Das Ziel", dialog.contents.item(0).text()
    assert "Gemeinsam bauen Sie eine Stadt" in dialog.browser.toPlainText()[:400]
    assert dialog.windowTitle() != "How to play Big City", dialog.windowTitle()
    print("german and guide ok:", package)
    """
)


def test_wheel_in_a_fresh_venv_plays_in_german_with_the_guide(built: tuple[Path, Path], tmp_path: Path) -> None:
    _, wheel = built
    env_dir = tmp_path / "venv"
    venv.create(env_dir, with_pip=True)
    python = env_dir / "bin" / "python"
    install = subprocess.run(
        [str(python), "-m", "pip", "install", "--disable-pip-version-check", "-q", str(wheel)],
        capture_output=True,
        text=True,
        timeout=TIMEOUT,
    )
    assert install.returncode == 0, install.stdout[-3000:] + install.stderr[-3000:]
    assert (env_dir / "bin" / "bigcity").is_file() and (env_dir / "bin" / "bigcity-cli").is_file()
    env = {
        "PATH": f"{env_dir / 'bin'}:/usr/bin:/bin",
        "HOME": str(tmp_path),
        "XDG_CONFIG_HOME": str(tmp_path / "config"),
        "BIGCITY_DATA_DIR": str(tmp_path / "data"),
        "QT_QPA_PLATFORM": "offscreen",
        "LANG": "de_DE.UTF-8",
        "LANGUAGE": "de",
    }
    # run from an empty folder, so that nothing of the checkout is importable
    result = subprocess.run(
        [str(python), "-c", CHECK], env=env, cwd=tmp_path, capture_output=True, text=True, timeout=300
    )
    assert result.returncode == 0, result.stdout + result.stderr
    print("\n" + result.stdout.strip())
    version = subprocess.run(["bigcity-cli", "--help"], env=env, cwd=tmp_path, capture_output=True, text=True)
    assert version.returncode == 0 and "tournament" in version.stdout
    # the table server, with websockets and zeroconf installed as dependencies
    server = subprocess.run(["bigcity-server", "--help"], env=env, cwd=tmp_path, capture_output=True, text=True)
    assert server.returncode == 0 and server.stdout.startswith("usage: bigcity-server"), server.stderr
    imports = subprocess.run(
        [str(python), "-c", "import websockets.asyncio.server, zeroconf.asyncio, ssl"], env=env, cwd=tmp_path
    )
    assert imports.returncode == 0
    assert os.access(env_dir / "bin" / "bigcity", os.X_OK)
    size = int(subprocess.run(["du", "-sxb", str(env_dir)], capture_output=True, text=True).stdout.split()[0])
    print(f"footprint: the wheel in a fresh venv {size / 1e6:.0f} MB (with pip)")
