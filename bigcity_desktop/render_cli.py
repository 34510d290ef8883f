"""``bigcity-cli render LAYOUT OUT.png|OUT.svg [--width W] [--view plan|city] [--rotation R]``.

Draws a layout file exactly as the sandbox shows it (the same scene, with
each building's score as the sandbox computes it) into a PNG or SVG file,
without any window, and prints ``{"written": OUT, "width": W, "height": H}``.
"""

from __future__ import annotations

import contextlib
import json
import os
import sys
import tempfile
from pathlib import Path


def register(subparsers) -> None:
    p = subparsers.add_parser("render", help="draw a layout into a PNG or SVG file, headless")
    p.add_argument("layout")
    p.add_argument("out", metavar="OUT", help="the image to write: .png or .svg")
    p.add_argument("--width", type=int, default=1200, help="width in pixels (default 1200)")
    p.add_argument(
        "--view",
        choices=("plan", "city"),
        default="plan",
        help="plan: the board from above (default); city: the model city, in perspective",
    )
    p.add_argument(
        "--rotation",
        type=int,
        default=0,
        choices=(0, 1, 2, 3),
        help="the city view's camera turned 0-3 quarter turns (default 0)",
    )
    p.set_defaults(func=cmd_render)


def _fail(msg: str):
    from bigcity_desktop.cli import CliError

    raise CliError(msg)


def cmd_render(args) -> int:
    from bigcity_desktop.engine.jsonio import read_capped
    from bigcity_desktop.engine.layout import LayoutError
    from bigcity_desktop.sandbox.model import SandboxError, SandboxModel, replay

    out = Path(args.out)
    if out.suffix.lower() not in (".png", ".svg"):
        _fail(f"{args.out}: the image must end in .png or .svg")
    if not 16 <= args.width <= 20000:
        _fail(f"--width must be between 16 and 20000, not {args.width}")
    try:
        raw = read_capped(args.layout, "layout", LayoutError)
        rules, steps = SandboxModel.read(raw)
        city, _ = replay(rules, steps)
    except (LayoutError, SandboxError) as exc:
        _fail(f"{args.layout}: {exc}")
    if out.is_dir():
        _fail(f"{args.out}: cannot write the image: it is a folder")
    folder = out.parent if str(out.parent) else Path(".")
    # draw into a fresh file beside the target, then rename it: an
    # unwritable place fails here, before drawing, with the system's reason
    try:
        fd, tmp_name = tempfile.mkstemp(prefix=f".{out.stem}.", suffix=out.suffix, dir=folder)
        os.close(fd)
    except OSError as exc:
        _fail(f"{args.out}: cannot write the image: {exc.strerror or exc}")
    tmp = Path(tmp_name)
    from bigcity_desktop.scene import render_city

    try:
        with _quiet_qt():
            w, h = render_city(city, tmp, width=args.width, view=args.view, rotation=args.rotation)
        if tmp.stat().st_size == 0:
            raise OSError("nothing was written")
        os.replace(tmp, out)
    except (OSError, ValueError) as exc:
        _fail(f"{args.out}: cannot write the image: {getattr(exc, 'strerror', None) or exc}")
    finally:
        if tmp.exists():
            try:
                tmp.unlink()
            except OSError:
                pass
    sys.stdout.write(json.dumps({"written": str(out), "width": w, "height": h}) + "\n")
    return 0


@contextlib.contextmanager
def _quiet_qt():
    """Qt's own warnings (font, painter) do not reach the terminal: the
    command answers with one line of JSON, or one line of error."""
    from PySide6.QtCore import qInstallMessageHandler

    previous = qInstallMessageHandler(lambda *_args: None)
    try:
        yield
    finally:
        qInstallMessageHandler(previous)
