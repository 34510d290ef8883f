"""Help → How to play: a short guide in pages, its numbers from the rules
data, its pictures drawn by the board (issue 33, item 7)."""

from __future__ import annotations

import dataclasses

from PySide6.QtCore import QSize, QUrl
from PySide6.QtGui import QImage, QTextDocument

from bigcity_desktop.engine import get_rules
from bigcity_desktop.game import guideart
from bigcity_desktop.help.guide import GuideDialog, pages
from bigcity_desktop.scene import style as S

from .test_german import german  # noqa: F401  (the fixture)


def text_of(page) -> str:
    doc = QTextDocument()
    doc.setHtml(page.body)
    return doc.toPlainText()


def test_the_guide_covers_the_game_in_a_few_pages():
    keys = [p.key for p in pages()]
    assert keys == [
        "goal",
        "turn",
        "neighborhoods",
        "lots",
        "scoring",
        "city_hall",
        "streetcars",
        "end",
        "jumbo",
        "here",
    ]
    assert all(p.title and p.body for p in pages())


def test_the_guide_takes_its_numbers_from_the_rules_data():
    """A value changed in the rules shows in the guide: no number is written into its text."""
    rules, jumbo = get_rules("original"), get_rules("jumbo")
    shown = {p.key: text_of(p) for p in pages(rules, jumbo)}
    assert f"There are {rules.streetcar_count} streetcars" in shown["streetcars"]
    assert "single 2, double 6, triple 10" in shown["scoring"]
    changed = dataclasses.replace(rules, streetcar_count=23, max_players=6)
    shown = {p.key: text_of(p) for p in pages(changed, jumbo)}
    assert "There are 23 streetcars" in shown["streetcars"]
    assert "for 2 to 6 players" in shown["goal"]
    # the jumbo page lists what differs, from the two rules files
    assert f"up to {jumbo.city_hall_max}" in shown["jumbo"] and "Redevelopment" in shown["jumbo"]


def test_playing_here_states_the_keys_and_points_at_the_readme():
    here = text_of(pages()[-1])
    for key in ("R ", "Ctrl+Z", "F3", "F9", "Supply"):
        assert key in here
    assert "README" in here and "bigcity-cli" in here
    # the command line's options are in the README, not in the guide
    assert "--" not in "".join(text_of(p) for p in pages())


def test_the_guide_turns_its_pages(qtbot):
    d = GuideDialog(pictures=guideart.PICTURES)
    qtbot.addWidget(d)
    d.show()
    assert d.size() == QSize(900, 640)
    assert d.page == 0 and not d.back_button.isEnabled()
    d.next_button.click()
    assert d.page == 1 and d.contents.currentRow() == 1 and d.back_button.isEnabled()
    d.contents.setCurrentRow(6)
    assert d.page == 6 and "streetcars" in d.browser.toPlainText()
    d.show_page(len(d.pages) - 1)
    assert not d.next_button.isEnabled()
    d.back_button.click()
    assert d.page == len(d.pages) - 2


def test_the_pictures_come_from_the_board(qtbot):
    d = GuideDialog(pictures=guideart.PICTURES)
    qtbot.addWidget(d)
    for i, page in enumerate(d.pages):
        d.show_page(i)
        image = d.browser.document().resource(QTextDocument.ResourceType.ImageResource, QUrl(f"guide:{page.key}"))
        if page.picture is None:
            continue
        assert isinstance(image, QImage) and not image.isNull(), page.key
        assert 300 <= image.width() / image.devicePixelRatio() <= 340
        if page.picture != "tile":  # (a neighborhood in hand greys the board it may not reach)
            assert image.pixelColor(2, 2) == S.TABLE  # the board's own table around the city
    without = GuideDialog()  # nobody handed pictures: the text alone
    qtbot.addWidget(without)
    assert "The goal" in without.browser.toPlainText()


def test_a_picture_is_drawn_once_per_scheme_and_language(monkeypatch):
    drawn = []
    real = guideart.draw
    monkeypatch.setattr(guideart, "draw", lambda *a: drawn.append(a) or real(*a))
    pictures = guideart.GuidePictures()
    first = pictures("score", 330, 1.0)
    assert pictures("score", 330, 1.0) is first and len(drawn) == 1
    try:
        S.set_scheme("dark")
        dark = pictures("score", 330, 1.0)
    finally:
        S.set_scheme("light")
    assert dark is not first and dark.pixelColor(2, 2) != first.pixelColor(2, 2)
    assert len(drawn) == 2 and pictures("nothing", 330, 1.0) is None


def test_the_score_picture_shows_the_bubble_with_the_score():
    scene = guideart._scene(guideart._with_streetcars())
    guideart._building(scene)
    board = scene.interaction
    assert board.last_judgement is not None and board.last_judgement.legal
    assert board.last_judgement.score == 14  # (6 + 1 in the outskirts) × 2 beside the line
    board.cancel_mode()


def test_the_guide_speaks_german(german, qtbot):  # noqa: F811
    d = GuideDialog(pictures=guideart.PICTURES)
    qtbot.addWidget(d)
    assert d.windowTitle() == "So wird Big City gespielt"
    assert d.contents.item(0).text() == "Das Ziel"
    assert "Strg+Z" in GuideDialog.page_html(d, d.pages[-1])


def test_help_how_to_play_opens_the_illustrated_guide(qtbot, window):
    d = guideart.open_guide(window)
    assert d.isVisible() and d.parent() is window and d.pictures is guideart.PICTURES
    assert d.picture(d.pages[0]) is not None
    d.close()


def test_the_guide_names_the_windows_own_keys(window, qtbot):
    """The keys come from the window (the City view's and the side panel's), not from the guide's text."""
    from bigcity_desktop.help.guide import GuideKeys

    moved = text_of(pages(keys=GuideKeys("F7", "F8"))[-1])
    assert "F7, or the City view button" in moved and "F8, or the Log & chart button" in moved
    d = window.show_guide()
    qtbot.addWidget(d)
    assert d.pictures is not None  # opened from Help: with the board's pictures
    d.show_page(len(d.pages) - 1)
    assert "F3" in d.browser.toPlainText() and "F9" in d.browser.toPlainText()
