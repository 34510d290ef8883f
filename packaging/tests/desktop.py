"""A player at a real X display: Xvfb, the installed program on Qt's xcb
platform, and real X events (xdotool) - the way issue 49's crash dialog was
met, and the way no offscreen check meets it.

The program is started with ``BIGCITY_PROBE`` naming a file, where the game
window writes the screen positions of its windows, buttons, spare
neighborhoods and drop spots (bigcity_desktop/game/probe.py); this module
reads it to know where to press, and only presses through the X server.

Used by test_real_display.py (``make package-test``); runs where Xvfb,
xdotool and ImageMagick's ``import`` are installed (.ci/run installs them).
"""

from __future__ import annotations

import json
import os
import re
import shutil
import signal
import subprocess
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

#: the longest a step may take before the check fails (a guard against a hang, not a measure of speed)
GUARD = 90.0
#: what in the program's output means a player met a broken install
FAULTS = re.compile(
    r"Traceback \(most recent call last\)|met an error it did not expect|Could not load the Qt platform plugin"
    r"|Cannot load library|cannot open shared object file|not page-aligned|undefined symbol"
    r"|QFactoryLoader|Segmentation fault|core dumped|Fatal Python error|ImportError|ModuleNotFoundError",
)

TOOLS = ("Xvfb", "xdotool", "import")


def missing_tools() -> list[str]:
    return [t for t in TOOLS if shutil.which(t) is None]


def free_display() -> int:
    for n in range(90, 200):
        if not Path(f"/tmp/.X11-unix/X{n}").exists() and not Path(f"/tmp/.X{n}-lock").exists():
            return n
    raise RuntimeError("no free X display number between :90 and :199")


class Xvfb:
    """A virtual X screen (no window manager, as on a bare CI machine)."""

    def __init__(self, size: tuple[int, int] = (1366, 768), dpi: int = 96) -> None:
        self.size = size
        self.number = free_display()
        self.display = f":{self.number}"
        self.proc = subprocess.Popen(
            ["Xvfb", self.display, "-screen", "0", f"{size[0]}x{size[1]}x24", "-dpi", str(dpi), "-nolisten", "tcp"],
            stdout=subprocess.DEVNULL,
            stderr=subprocess.DEVNULL,
        )
        socket = Path(f"/tmp/.X11-unix/X{self.number}")
        wait_for(lambda: socket.exists() or self.proc.poll() is not None, 30, "Xvfb's socket")
        if self.proc.poll() is not None:
            raise RuntimeError(f"Xvfb {self.display} did not start")

    def xdotool(self, *args: str) -> str:
        out = subprocess.run(
            ["xdotool", *args], env={**os.environ, "DISPLAY": self.display}, capture_output=True, text=True, timeout=30
        )
        return out.stdout

    def screenshot(self, path: Path) -> Path:
        path.parent.mkdir(parents=True, exist_ok=True)
        subprocess.run(
            ["import", "-window", "root", str(path)],
            env={**os.environ, "DISPLAY": self.display},
            check=True,
            timeout=60,
            capture_output=True,
        )
        return path

    def close(self) -> None:
        self.proc.terminate()
        try:
            self.proc.wait(10)
        except subprocess.TimeoutExpired:
            self.proc.kill()


def wait_for(condition: Callable[[], object], timeout: float, what: str) -> Any:
    """Poll `condition` until it gives something true; fail naming `what` after `timeout` seconds."""
    end = time.monotonic() + timeout
    while True:
        value = condition()
        if value:
            return value
        if time.monotonic() > end:
            raise AssertionError(f"waited {timeout:.0f} s for {what}")
        time.sleep(0.1)


@dataclass
class Player:
    """The program under test on the display, and the hand on its mouse and keyboard."""

    screen: Xvfb
    command: Sequence[str]
    probe: Path  # where the program writes its report, as seen from here
    env: dict[str, str]
    shots: Path
    log: Path
    proc: subprocess.Popen[bytes] | None = None
    taken: list[Path] = field(default_factory=list)
    before_release: dict[str, Any] | None = None  # the report just before the last drag let go
    drags_as_clicks: int = 0  # drags the list took as a click (the piece then placed by a click)

    def start(self) -> None:
        self.log.parent.mkdir(parents=True, exist_ok=True)
        with self.log.open("wb") as out:
            self.proc = subprocess.Popen(list(self.command), env=self.env, stdout=out, stderr=subprocess.STDOUT)

    # -- what the program says --------------------------------------------
    def report(self) -> dict[str, Any] | None:
        try:
            data = json.loads(self.probe.read_text(encoding="utf-8"))
        except (OSError, ValueError):
            return None
        if "error" in data:
            raise AssertionError(f"the window's probe failed: {data['error']}")
        return data if isinstance(data, dict) else None

    def output(self) -> str:
        return self.log.read_text(encoding="utf-8", errors="replace") if self.log.exists() else ""

    def faults(self) -> list[str]:
        return [line for line in self.output().splitlines() if FAULTS.search(line)]

    def alive(self) -> bool:
        return self.proc is not None and self.proc.poll() is None

    def until(
        self, test: Callable[[dict[str, Any]], object], what: str, timeout: float = GUARD, shot: str = "failed"
    ) -> Any:
        def look() -> object:
            if not self.alive():
                raise AssertionError(f"the program ended while waiting for {what}:\n{self.output()[-3000:]}")
            if self.faults():
                raise AssertionError(f"the program failed while waiting for {what}:\n{self.output()[-3000:]}")
            r = self.report()
            return test(r) if r is not None else None

        try:
            return wait_for(look, timeout, what)
        except AssertionError:
            if self.alive():
                self.shot(shot)  # what the player saw when the step did not come
            raise

    def window(self, test: Callable[[dict[str, Any]], bool], what: str) -> dict[str, Any]:
        """The window `test` picks, once its buttons have held still for a moment (a drawer opening, a
        dialog laid out: a click aimed at where a button was a moment ago would miss it)."""
        seen: dict[str, Any] | None = None
        while True:
            now = self.until(lambda r: next((w for w in r["windows"] if test(w)), None), what)
            if seen is not None and now["buttons"] == seen["buttons"] and now["rect"] == seen["rect"]:
                return now
            seen = now
            time.sleep(0.4)

    def game(self) -> dict[str, Any]:
        r = self.report()
        return (r or {}).get("game") or {}

    # -- the hand ------------------------------------------------------------
    def click(self, at: Sequence[int]) -> None:
        self.screen.xdotool("mousemove", "--sync", str(at[0]), str(at[1]))
        self.screen.xdotool("click", "1")

    def button(self, window: dict[str, Any], pattern: str) -> None:
        """Click the button of `window` whose text or object name matches `pattern`."""
        rx = re.compile(pattern, re.I)
        for b in window["buttons"]:
            if rx.search(b["text"]) or rx.search(b["name"]):
                self.click(b["at"])
                return
        raise AssertionError(f"no button {pattern!r} in {window['title']!r}: {[b['text'] for b in window['buttons']]}")

    def keys(self, window: dict[str, Any], *keys: str) -> None:
        """Focus `window` (there is no window manager to do it) and press `keys`."""
        self.screen.xdotool("windowfocus", "--sync", str(window["id"]))
        for key in keys:
            self.screen.xdotool("key", "--clearmodifiers", key)

    def drag(self, start: Sequence[int], aim: Callable[[], Sequence[int]]) -> None:
        """Press at `start`, move past the drag distance (the piece is picked up), then to `aim()` and let go."""
        x, y = int(start[0]), int(start[1])
        self.screen.xdotool("mousemove", "--sync", str(x), str(y))
        self.screen.xdotool("mousedown", "1")
        for step in range(1, 6):
            self.screen.xdotool("mousemove", "--sync", str(x + 6 * step), str(y + 4 * step))
            time.sleep(0.05)
        tx, ty = (int(v) for v in aim())
        for step in range(1, 9):
            self.screen.xdotool("mousemove", "--sync", str(x + (tx - x) * step // 8), str(y + (ty - y) * step // 8))
            time.sleep(0.05)
        time.sleep(0.3)
        self.before_release = self.report()
        self.screen.xdotool("mouseup", "1")

    def shot(self, name: str) -> Path:
        path = self.screen.screenshot(self.shots / f"{len(self.taken):02d}-{name}.png")
        self.taken.append(path)
        return path

    def stop(self, timeout: float = 30) -> int | None:
        if self.proc is None:
            return None
        try:
            return self.proc.wait(timeout)
        except subprocess.TimeoutExpired:
            self.proc.send_signal(signal.SIGTERM)
            try:
                self.proc.wait(10)
            except subprocess.TimeoutExpired:
                self.proc.kill()
            return None


def is_main(w: dict[str, Any]) -> bool:
    return w["class"] == "GameWindow"


def is_home(w: dict[str, Any]) -> bool:
    """The game window showing its home view (no game yet)."""
    return is_main(w) and any(b["name"] == "homeNewGame" for b in w["buttons"])


def place_a_piece(player: Player) -> None:
    """Drag a spare neighborhood, or a building of the Supply, onto a spot the board offers for it, and see it
    placed."""
    before = player.game()["moves"]
    pieces = player.until(lambda r: r["tiles"] or r["supply"], "a piece that fits, in the Neighborhoods or Supply")
    start = pieces[0]["at"]

    def aim() -> Sequence[int]:
        # picking the piece up may refit the board: aim once the spots have held still for a moment
        spots: list[list[int]] = []
        while True:
            now = player.until(lambda r: r["spots"], "the board's spots for the piece in hand", 30)
            if now == spots:
                return spots[len(spots) // 2]
            spots = now
            time.sleep(0.5)

    target: list[Sequence[int]] = []
    player.drag(start, lambda: target.append(aim()) or target[-1])
    placed = lambda r: (r.get("game") or {}).get("moves", 0) > before  # noqa: E731
    try:
        player.until(placed, "the piece placed on the board", 10, shot="drag-left-piece-held")
    except AssertionError:
        # On a loaded machine the X server may fold the drag's first motions into the press, and the list takes
        # it as a click: the piece is then held ("a click places it"). A player clicks; so does this hand.
        held = (player.report() or {}).get("held")
        if not held or not held.get("placeable"):
            raise
        player.drags_as_clicks += 1
        player.click(target[-1])
    try:
        player.until(placed, "the piece placed on the board", 30)
    except AssertionError as exc:
        held = (player.before_release or {}).get("held")
        status = (player.report() or {}).get("status")
        raise AssertionError(
            f"{exc}; before letting go the piece in hand was {held}; the window says {status!r}"
        ) from exc


#: Help → How to play's key in the open Help menu, by the app's language
GUIDE_KEY = {"en": "p", "de": "g"}  # "How to &play", "So wird &gespielt"


#: seconds a first start's dialog has to come up over the home view before the home view alone counts
DIALOG_GRACE = 15.0


def play_short_game(player: Player, tiles: int = 2, language: str = "en") -> dict[str, Path]:
    """Issue 49's short game: New game, moves by drag, Log & chart (the chart drawn), the city view,
    Preferences → Sound, Help → How to play, quit. Returns the screenshots by step."""
    shots: dict[str, Path] = {}
    player.start()
    main = player.window(is_main, "the game window")
    first = ("NameDialog", "tutorialOfferBox", "NewGameDialog")
    began = time.monotonic()

    def first_screen(r: dict[str, Any]) -> dict[str, Any] | None:
        # a dialog before the home view under it: the name question comes up over the home view
        # (shown first), so the home view alone counts only once no dialog came for a while
        dialog = next((w for w in r["windows"] if w["name"] in first or w["class"] in first), None)
        if dialog is not None or time.monotonic() - began < DIALOG_GRACE:
            return dialog
        return next((w for w in r["windows"] if is_home(w)), None)

    offer = player.until(
        first_screen, "the first start's name question, the welcome, the home view or the New game dialog"
    )
    shots["start"] = player.shot("start")
    if offer["name"] == "NameDialog":  # the first start asks the player's name
        player.keys(offer, "ctrl+a")
        player.screen.xdotool("type", "--delay", "30", "Robin")
        player.button(offer, r"^OK$")
        offer = player.until(
            lambda r: next((w for w in r["windows"] if w["name"] in first[1:] or w["class"] in first[1:]), None),
            "the welcome or the New game dialog",
        )
    if offer["name"] == "tutorialOfferBox":
        player.button(offer, r"^Not now$|^Jetzt nicht$")
    if offer["class"] != "NewGameDialog":  # the home view over the table (issue 46.9): its New game
        player.button(player.window(is_home, "the home view"), r"^homeNewGame$")
    dialog = player.window(lambda w: w["class"] == "NewGameDialog", "the New game dialog")
    shots["new_game"] = player.shot("new-game")
    player.button(dialog, r"^startButton$")
    player.until(lambda r: (r.get("game") or {}).get("my_turn"), "the player's first turn")
    for _ in range(tiles):
        player.until(lambda r: (r.get("game") or {}).get("my_turn"), "the player's turn")
        place_a_piece(player)
    shots["moves"] = player.shot("moves")
    main = player.window(is_main, "the game window")
    x, y, w, h = main["rect"]
    width, height = player.screen.size
    assert x >= 0 and y >= 0 and x + w <= width and y + h <= height, f"the window {main['rect']} is off the screen"
    player.button(main, r"^drawerSwitchButton$")
    chart = player.until(lambda r: r["chart"]["visible"] and r["chart"], "the score chart in the Log & chart drawer")
    # the app says so in the drawer, not with a crash, when numpy or pyqtgraph cannot load; a player still lost it
    assert chart["problem"] is None, f"the score chart's library did not load: {chart['problem']}"
    player.until(lambda r: r["chart"]["lines"] > 0, "the score chart's lines drawn")
    shots["chart"] = player.shot("log-and-chart")
    main = player.window(is_main, "the game window")  # the drawer moved its buttons
    # a new profile's board is the model city (issue 46.7): the switch goes to the plan and back
    city_first = player.until(lambda r: ("city" if r["city_view"] else "plan",), "the board")[0] == "city"
    player.button(main, r"^cityViewSwitchButton$")
    player.until(lambda r: r["city_view"] != city_first, "the other board")
    shots["plan" if city_first else "city"] = player.shot("plan-view" if city_first else "city-view")
    if city_first:
        main = player.window(is_main, "the game window")
        player.button(main, r"^cityViewSwitchButton$")
        player.until(lambda r: r["city_view"], "the city view")
        shots["city"] = player.shot("city-view")
    player.keys(main, "ctrl+comma")
    prefs = player.window(lambda w: w["class"] == "PreferencesDialog", "Preferences")
    slider = next(b for b in prefs["buttons"] if b["name"] == "soundVolume")
    player.drag(slider["at"], lambda: (slider["at"][0] - 30, slider["at"][1]))  # let go: an effect plays
    time.sleep(1.0)
    shots["preferences"] = player.shot("preferences")
    player.keys(prefs, "Escape")
    player.until(lambda r: not any(w["class"] == "PreferencesDialog" for w in r["windows"]), "Preferences closed")
    player.keys(main, "alt+h")
    player.shot("help-menu")
    player.keys(main, GUIDE_KEY[language])
    guide = player.window(lambda w: w["class"] == "GuideDialog", "How to play")
    shots["guide"] = player.shot("how-to-play")
    player.keys(guide, "Escape")
    player.keys(main, "ctrl+q")
    code = player.stop(GUARD)
    assert code == 0, f"the program did not quit cleanly (exit {code}):\n{player.output()[-3000:]}"
    return shots
