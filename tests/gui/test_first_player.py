"""What a new player tripped over (issue 25): the hint's outline and reason
last as long as the position does, and name the cards it means; and the
hint speaks the player's language."""

from __future__ import annotations

from bigcity_desktop.engine import ActionKind, Build, GameState, Offer, Phase, PlaceTile

from .conftest import advance, find_position, players


def _position(until, edition="original", n=3):
    return find_position(until, edition, n, tries=39)


def _fake_hint(monkeypatch, choose, text="it scores well"):
    import bigcity_desktop.game.hints as hints_mod

    monkeypatch.setattr(hints_mod, "hint_function", lambda: lambda view, player: (choose(view), text))


def _ask_hint(window, qtbot):
    got = []
    window.hints.hintReady.connect(lambda a, t: got.append((a, t)))
    window.hints.request_hint()
    qtbot.waitUntil(lambda: bool(got), timeout=10000)
    return got[0]


def test_the_hint_outline_goes_when_the_move_is_made(window, qtbot, monkeypatch):
    """25.1: the dashed outline stayed on the board for rounds after the move."""
    _fake_hint(monkeypatch, lambda v: v.legal_actions(ActionKind.BUILD)[0])
    s = _position(
        lambda st: st.phase == Phase.ACTION and st.current_player == 0 and bool(st.legal_actions(ActionKind.BUILD))
    )
    ctrl = window.ctrl
    ctrl.starting.start_from_state(s, players(["human", "random", "random"]))
    action, _ = _ask_hint(window, qtbot)
    assert window.scene._select_items  # the hinted move is outlined
    ctrl.session.act(Build(action.building, tuple(action.properties)))
    qtbot.waitUntil(lambda: s.current_player != 0 or s.phase != Phase.ACTION, timeout=5000)
    assert not window.scene._select_items  # the move was made: the outline went with it
    assert not window.statusBar().currentMessage().startswith("Hint:")


def test_the_hint_reason_stays_until_a_move(window, qtbot, monkeypatch):
    """25.3: the reason was gone from the status bar after a few seconds."""
    _fake_hint(monkeypatch, lambda v: v.legal_actions(ActionKind.BUILD)[0])
    s = _position(
        lambda st: st.phase == Phase.ACTION and st.current_player == 0 and bool(st.legal_actions(ActionKind.BUILD))
    )
    window.ctrl.starting.start_from_state(s, players(["human", "random", "random"]))
    _ask_hint(window, qtbot)
    bar = window.statusBar()
    assert bar.currentMessage() == "Hint: It scores well."
    window.show_message("Property 3 is free.")  # a passing message (a click on a lot)...
    bar.clearMessage()  # ...times out
    assert bar.currentMessage() == "Hint: It scores well."  # the hint is back


def test_a_redevelopment_hint_ticks_the_cards_it_names(window, qtbot, monkeypatch):
    """25.3: "Offer 58 face down" did not tick card 58."""
    s = _position(lambda st: st.phase == Phase.OFFER and st.current_player == 0, edition="jumbo")
    _fake_hint(monkeypatch, lambda v: Offer((v.hands[0][0],), False), "offer it")
    ctrl = window.ctrl
    ctrl.starting.start_from_state(s, players(["human", "random", "random"]))
    action, _ = _ask_hint(window, qtbot)
    assert ctrl.hand_model.checked_cards() == list(action.cards)


# ---------------------------------------------------------------- 25.5: default names
def test_taking_back_your_own_offered_card_reads_well():
    """25.5: the log said "Carl took a face-down card of stack 5 from Carl"."""
    from bigcity_desktop.engine import Take

    for sd in range(1, 60):
        st = GameState.new("jumbo", 3, sd, ["You", "Bea", "Carl"])
        try:
            s = advance(
                st,
                lambda x: (
                    x.phase == Phase.TAKE and any(a.owner == x.current_player for a in x.legal_actions(ActionKind.TAKE))
                ),
                seed=sd,
            )
        except AssertionError:
            continue
        p = s.current_player
        own = next(a for a in s.legal_actions(ActionKind.TAKE) if a.owner == p)
        s.apply(Take(own.owner, own.slot))
        text = (
            s.events[-1].text
            if s.events[-1].kind == "take"
            else next(e.text for e in reversed(s.events) if e.kind == "take")
        )
        assert "took back" in text and s.names[p] not in text, text
        return
    raise AssertionError("no position where a player may take back an own card")


def test_take_back_says_you_choose_again(qtbot):
    """25.5: "Move taken back: You chooses again." """
    from bigcity_desktop.game.core.controller import GameConfig, GameController, SeatConfig

    ctrl = GameController(autosave=False)
    ctrl.session.bot_delay_ms = 0
    ctrl.starting.new_game(GameConfig("original", [SeatConfig("You"), SeatConfig("Bea", "random")], seed=4))
    said = []
    ctrl.message.connect(said.append)
    qtbot.waitUntil(lambda: ctrl.session.seat_view().my_turn(), timeout=10000)
    number = ctrl.session.seat_view().spare_tiles()[0]
    x, y, r = next(
        (*xy, r) for r in range(4) for xy in sorted(ctrl.session.seat_view().legal_tile_positions(number, r))
    )
    assert ctrl.session.act(PlaceTile(number, x, y, r)) is None
    qtbot.waitUntil(lambda: ctrl.session.seat_view().my_turn() or ctrl.starting.local.game.is_over, timeout=10000)
    assert ctrl.session.undo() is None
    line = next(m for m in said if m.startswith("Move taken back"))
    assert "you choose again" in line and "chooses" not in line, line
    ctrl.session.stop()


def test_hot_seat_sentences_about_you(window, qtbot):
    """25.4/25.5: hot-seat sentences with the first seat's default name agree."""
    from bigcity_desktop.game.core import wording as presenters
    from bigcity_desktop.game.core.controller import GameConfig, SeatConfig

    ctrl = window.ctrl
    ctrl.starting.new_game(GameConfig("original", [SeatConfig("You"), SeatConfig("Bea")], seed=3))
    qtbot.waitUntil(lambda: ctrl.session.handoff_pending is not None, timeout=3000)
    assert ctrl.session.name(ctrl.session.handoff_pending) == "You"
    assert "I am You" not in window.overlay.button.text()
    assert window.panes["hand"].windowTitle() == "Hand hidden — for you"
    text = presenters.turn_text(
        ctrl.starting.local.game, my_turn=False, handoff=0, name=ctrl.session.name, is_bot=lambda p: False
    )
    assert "<b>you</b>" in text
    window._reveal()
    assert window.panes["hand"].windowTitle() == "Your hand"


# ---------------------------------------------------------------- 25.11
def test_the_new_game_dialog_remembers_the_last_setup_between_runs(qtbot, data_dir, settings):
    """25.11: the New game dialog forgot the last setup (edition, levels)."""
    from bigcity_desktop.game.core.controller import GameConfig, SeatConfig
    from bigcity_desktop.game.shell.mainwindow import GameWindow

    first = GameWindow(settings=settings)
    qtbot.addWidget(first)
    first.set_bot_speed(0, save=False)
    # a bot's own name (Greta is a hard bot's) and a name a player typed (Zed)
    cfg = GameConfig("jumbo", [SeatConfig("Ann"), SeatConfig("Greta", "hard"), SeatConfig("Zed", "medium")])
    first.start_game(cfg)
    first.ctrl.session.stop()
    first.close()
    again = GameWindow(settings=settings)  # the app started again
    qtbot.addWidget(again)
    dlg = again.show_new_game()
    got = dlg.config()
    assert got.edition == "jumbo"
    assert [(s.name, s.kind) for s in got.seats] == [("Ann", "human"), ("Greta", "hard"), ("Zed", "medium")]
    dlg.reject()
    # a damaged setting is no setup at all: the defaults
    settings.setValue("newGame/count", "many")
    assert again.saved_setup() is None
    again.ctrl.session.stop()
