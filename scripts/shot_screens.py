"""Screenshots of the game window on each screen of issue 46's test, in both
languages: the virtual screens of tests/gui/test_screens.py (1024×700,
1366×768, 1920×1080 at 150 %, 3840×2160 at 200 %), each a child process
(tests/gui/screens_child.py) on the offscreen platform's screen of that size:

    screenshots/screens/<screen>_<lang>-action.png      a game in progress, every panel closed
    screenshots/screens/<screen>_<lang>-city.png        ... on the model city (a new player's table)
    screenshots/screens/<screen>_<lang>-jumbo.png       a jumbo game of four in progress
    screenshots/screens/<screen>_<lang>-offer.png       the jumbo redevelopment: offering (six cards offered)
    screenshots/screens/<screen>_<lang>-take.png        ... taking an offered card (all eight on the table)
    screenshots/screens/<screen>_<lang>-end-<edition>.png the end view of a game of each edition
    screenshots/screens/<screen>_<lang>-drawer.png      the log and the chart on the panel sheet
    screenshots/screens/<screen>_<lang>-panel-<key>.png one panel of the sheet open (log, chart, table)
    screenshots/screens/<screen>_<lang>-sandbox.png     the sandbox

and the board's share of the window in each, printed. ``--screen`` and
``--lang`` take one of each; ``--scheme dark`` shoots the dark scheme
(files named ``<screen>_<lang>_dark-...``).
"""

from __future__ import annotations

import argparse
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
from tests.gui.virtual_screen import SCREENS, run_child  # noqa: E402  (the screen test's screens, one launch)

OUT_DIR = ROOT / "screenshots" / "screens"


def shoot(screen: str, lang: str, scheme: str, tmp: Path) -> dict:
    width, height, scale = SCREENS[screen]
    prefix = OUT_DIR / f"{screen.replace('@', '_at')}_{lang}{'_dark' if scheme == 'dark' else ''}"
    return run_child(tmp, width, height, scale, str(prefix), lang, scheme, timeout=600)


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--screen", choices=list(SCREENS), action="append")
    ap.add_argument("--lang", choices=("en", "de"), action="append")
    ap.add_argument("--scheme", choices=("light", "dark"), default="light")
    args = ap.parse_args()
    OUT_DIR.mkdir(parents=True, exist_ok=True)
    with tempfile.TemporaryDirectory(prefix="bigcity-shots-screens-") as tmp:
        for screen in args.screen or SCREENS:
            for lang in args.lang or ("en", "de"):
                found = shoot(screen, lang, args.scheme, Path(tmp))
                shares = {k: found[k]["share"] for k in ("action", "city", "jumbo", "offer", "take", "drawer")}
                shares.update({f"panel-{k}": v["share"] for k, v in found["panels"].items()})
                print(screen, lang, "board share:", ", ".join(f"{k} {v:.3f}" for k, v in shares.items()))
    return 0


if __name__ == "__main__":
    sys.exit(main())
