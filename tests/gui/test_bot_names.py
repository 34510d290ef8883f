"""Bots with names and a face: the names table, the New game dialog's
names and portraits, the players table ("Greta (hard)")."""

from __future__ import annotations

from PySide6.QtCore import Qt
from PySide6.QtGui import QImage

from bigcity_desktop.engine import GameState
from bigcity_desktop.game.core.botfaces import NAME_TABLE, bot_names, emblem_pixmap, is_bot_name, pick_names
from bigcity_desktop.game.core.controller import BOT_LEVELS
from bigcity_desktop.game.core.models import PlayersModel
from bigcity_desktop.game.dialogs import NewGameDialog

from .conftest import players
from .test_german import german  # noqa: F401  (the fixture)


def test_every_bot_level_has_names_of_its_own():
    assert set(BOT_LEVELS) <= set(NAME_TABLE)
    every = [n for names in NAME_TABLE.values() for n in names]
    assert len(every) == len(set(every))  # a name tells its level
    assert all(len(names) >= 3 for names in NAME_TABLE.values())
    assert is_bot_name("Greta") and not is_bot_name("You")


def test_picked_names_are_unique_and_give_way_to_human_names():
    kinds = ["human", "hard", "hard", "medium", "hard"]
    names = pick_names(kinds, ["Greta", None, None, "Bea", None])
    assert names == ["Greta", "Viktor", "Ada", "Bea", "Magnus"]
    # a current name is kept while it fits, a clash is moved on
    assert pick_names(["hard", "hard"], [None, None], ["Ada", "Ada"]) == ["Ada", "Greta"]
    # a level out of names numbers its first
    many = pick_names(["easy"] * 7, [None] * 7)
    assert len(set(many)) == 7 and many[5:] == ["Pip 2", "Pip 3"]
    assert pick_names(["easy", "easy"], [None, "pip"])[0] == "Rosie"  # names differ whatever the case


def test_the_new_game_dialog_names_the_bots_and_shows_their_faces(qtbot):
    d = NewGameDialog()
    qtbot.addWidget(d)
    assert [s.name for s in d.config().seats] == ["You", "Bea", "Carl"]
    d.count.setValue(4)
    kinds = [row[2] for row in d.rows]
    kinds[1].setCurrentIndex(kinds[1].findData("hard"))
    kinds[3].setCurrentIndex(kinds[3].findData("hard"))
    seats = d.config().seats
    assert [(s.name, s.kind) for s in seats] == [
        ("You", "human"),
        ("Greta", "hard"),
        ("Carl", "medium"),
        ("Viktor", "hard"),
    ]
    # a human takes a bot's name: the bot gives way; a typed name stays when the level changes
    qtbot.keyClicks(d.rows[0][1], "X")
    d.rows[0][1].clear()
    qtbot.keyClicks(d.rows[0][1], "Greta")
    assert [s.name for s in d.config().seats] == ["Greta", "Viktor", "Carl", "Ada"]
    kinds[0].setCurrentIndex(kinds[0].findData("easy"))
    assert d.config().seats[0].name == "Greta"
    # a bot seat made human gets the seat's default name back
    kinds[3].setCurrentIndex(kinds[3].findData("human"))
    assert d.config().seats[3].name == "Dora"
    # faces: a bot's portrait, nothing for a human
    assert not d.faces[1].pixmap().toImage().isNull()
    assert d.faces[1].accessibleName() == "Face of the hard bot"
    assert d.faces[3].accessibleName() == ""
    img = d.faces[3].pixmap().toImage()
    assert all(img.pixelColor(x, y).alpha() == 0 for x in range(0, img.width(), 4) for y in range(0, img.height(), 4))


def test_a_previous_setup_keeps_typed_names_and_renames_bot_names(qtbot):
    from bigcity_desktop.game.core.controller import GameConfig, SeatConfig

    prev = GameConfig("original", [SeatConfig("Anna"), SeatConfig("Bea", "easy"), SeatConfig("Max", "hard")])
    d = NewGameDialog(previous=prev)
    qtbot.addWidget(d)
    assert [s.name for s in d.config().seats] == ["Anna", "Pip", "Max"]


def test_each_level_has_a_face_of_its_own():
    images = {lv: emblem_pixmap(lv, "#1f77b4", 24).toImage() for lv in NAME_TABLE}
    assert all(img.format() != QImage.Format.Format_Invalid for img in images.values())
    assert len({bytes(img.constBits()) for img in images.values()}) == len(images)


def test_the_players_table_reads_greta_hard(qtbot):
    s = GameState.new("original", 3, 1)
    from bigcity_desktop.game.core.wording import player_rows

    m = PlayersModel()
    ps = players(["human", "hard", "random"], ["You", "Greta", "Lucky"])
    m.reset(player_rows(s, ps, lambda i: "#d62728", lambda k: k))
    texts = [m.index(i, 0).data().lstrip("\N{BLACK RIGHT-POINTING TRIANGLE} ") for i in range(3)]
    assert texts == ["You", "Greta (hard)", "Lucky (random)"]
    # the marker, and a bot's face beside it
    human, bot = (m.index(i, 0).data(Qt.ItemDataRole.DecorationRole).pixmap(35, 16).toImage() for i in (0, 1))
    assert human.pixelColor(human.width() * 3 // 4, human.height() // 2).alpha() == 0
    assert bot.pixelColor(bot.width() * 3 // 4, bot.height() // 2).alpha() > 0
    assert m.index(1, 0).data(Qt.ItemDataRole.AccessibleTextRole).startswith("Greta (hard), marker")


def test_bot_names_follow_the_language(german, qtbot):  # noqa: F811
    assert bot_names("random")[0] == "Glückspilz"
    d = NewGameDialog()
    qtbot.addWidget(d)
    d.rows[1][2].setCurrentIndex(d.rows[1][2].findData("random"))
    assert d.config().seats[1].name == "Glückspilz"


def test_the_new_game_dialog_reads_the_declared_levels(qtbot):
    from bigcity_desktop.bots.levels import LEVELS, MENU_ORDER
    from bigcity_desktop.game.dialogs import kind_choices, kind_tip

    assert [kind for _label, kind in kind_choices()] == ["human", *MENU_ORDER]
    d = NewGameDialog()
    qtbot.addWidget(d)
    box = d.rows[1][2]
    for level in LEVELS:
        i = box.findData(level.key)
        assert box.itemText(i) == f"Bot — {level.label}"
        assert box.itemData(i, Qt.ItemDataRole.ToolTipRole) == kind_tip(level.key) == level.description


def test_the_levels_words_follow_the_language(german, qtbot):  # noqa: F811
    from bigcity_desktop.game.core.botfaces import level_label, level_tip
    from bigcity_desktop.game.core.wording import player_rows

    assert [level_label(k) for k in ("easy", "hard", "random")] == ["leicht", "schwer", "zufällig"]
    assert level_tip("easy") == "Nimmt das beste Gebäude, das sich bietet"
    assert level_label("grumpy") == "grumpy" and level_tip("grumpy") == ""  # a level this version does not know
    d = NewGameDialog()
    qtbot.addWidget(d)
    box = d.rows[1][2]
    assert box.itemText(box.findData("hard")) == "Bot – schwer"
    m = PlayersModel()
    m.reset(player_rows(GameState.new("original", 2, 1), players(["human", "hard"], ["Du", "Greta"]), str, str))
    assert m.index(1, 0).data().endswith("Greta (schwer)")
