"""`bigcity-cli render`: headless PNG/SVG of a layout."""

import json

from PySide6.QtGui import QImage

from bigcity_desktop import cli


def test_render_png_width(demo_path, tmp_path, capsys):
    out = tmp_path / "city.png"
    assert cli.main(["render", str(demo_path), str(out), "--width", "640"]) == 0
    ans = json.loads(capsys.readouterr().out)
    assert ans == {"written": str(out), "width": 640, "height": ans["height"]}
    img = QImage(str(out))
    assert img.width() == 640 and img.height() == ans["height"]


def test_render_svg(demo_path, tmp_path, capsys):
    out = tmp_path / "city.svg"
    assert cli.main(["render", str(demo_path), str(out)]) == 0
    assert json.loads(capsys.readouterr().out)["width"] == 1200
    assert "<svg" in out.read_text()


def test_render_bad_layout(tmp_path, capsys):
    bad = tmp_path / "bad.json"
    bad.write_text('{"format": "bigcity-layout", "version": 1, "edition": "original", "neighborhoods": []}')
    assert cli.main(["render", str(bad), str(tmp_path / "x.png")]) == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and "neighborhoods" in err
    assert cli.main(["render", str(bad), str(tmp_path / "x.gif")]) == 2


def test_cli_render_city_view(demo_path, tmp_path, capsys):
    out = tmp_path / "city.png"
    assert cli.main(["render", str(demo_path), str(out), "--view", "city", "--rotation", "2", "--width", "600"]) == 0
    ans = json.loads(capsys.readouterr().out)
    assert ans["width"] == 600 and QImage(str(out)).width() == 600
    assert cli.main(["render", str(demo_path), str(out), "--view", "city", "--rotation", "5"]) == 2
    assert "rotation" in capsys.readouterr().err
