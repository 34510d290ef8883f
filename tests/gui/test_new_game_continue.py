"""The New game dialog's unused seats show no face; the Continue dialog's
thumbnails are large enough to recognise a city (issue 33, item 7)."""

from __future__ import annotations

import pytest
from PySide6.QtCore import QSize

from bigcity_desktop.engine import GameState
from bigcity_desktop.engine.layout import layout_to_json
from bigcity_desktop.engine.record import PlayerInfo
from bigcity_desktop.game.dialogs import NewGameDialog
from bigcity_desktop.game.gamefiles import continue_dialog
from bigcity_desktop.scene import style as S
from bigcity_desktop.session.saves import SaveSummary


def test_unused_seats_show_no_face(qtbot):
    d = NewGameDialog()
    qtbot.addWidget(d)
    d.count.setValue(3)
    for i in (3, 4):
        assert d.rows[i][2].currentData() == "medium"  # a bot level waits there
        assert d.faces[i].isHidden()
        assert d.faces[i].pixmap().toImage().pixelColor(20, 20).alpha() == 0
        assert d.faces[i].accessibleName() == ""
    assert not d.faces[1].isHidden() and d.faces[1].accessibleName()
    d.count.setValue(5)
    assert not d.faces[4].isHidden() and d.faces[4].pixmap().toImage().pixelColor(22, 22).alpha() > 0
    d.count.setValue(2)
    assert d.faces[2].isHidden() and d.faces[2].accessibleName() == ""


def summary(tmp_path) -> SaveSummary:
    state = GameState.new("original", 2, 3)
    return SaveSummary(
        "a",
        tmp_path / "a.bigcity",
        (PlayerInfo("You", "human"), PlayerInfo("Bea", "medium")),
        state.rules.title,
        1,
        (0, 0),
        False,
        0.0,
        layout_to_json(state.city),
    )


@pytest.mark.parametrize(("screen", "low", "high"), [((1024, 700), 160, 200), ((1600, 1000), 230, 320)])
def test_continue_thumbnails_are_large_enough_to_recognise_a_city(screen, low, high):
    assert low <= continue_dialog.thumb_side(QSize(*screen)) <= high


def test_a_thumbnail_is_drawn_at_its_size_not_upscaled(tmp_path, monkeypatch, qapp):
    widths = []
    real = continue_dialog.city_image
    monkeypatch.setattr(continue_dialog, "city_image", lambda city, w, c: widths.append(w) or real(city, w, c))
    pix = continue_dialog.thumbnail(summary(tmp_path), 180, 2.0)
    assert pix.size() == QSize(360, 360) and pix.devicePixelRatio() == 2.0
    assert widths and max(widths) >= 300  # drawn for the pixels it fills
    image = pix.toImage()
    assert image.pixelColor(180, 180) != S.TABLE  # the city fills the middle


def test_the_continue_list_shows_its_thumbnails_at_that_size(tmp_path, qtbot, monkeypatch):
    class OneSave:
        def summaries(self):
            return [summary(tmp_path)]

        def problem(self):
            return None

    monkeypatch.setattr(continue_dialog, "thumb_side", lambda _size: 176)
    d = continue_dialog.ContinueDialog(OneSave())  # type: ignore[arg-type]
    qtbot.addWidget(d)
    assert d.list.iconSize() == QSize(176, 176)
    item = d.list.item(0)
    assert item.sizeHint().height() >= 176
    assert item.icon().availableSizes() and max(s.width() for s in item.icon().availableSizes()) >= 176
