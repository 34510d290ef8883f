"""``bigcity-cli render LAYOUT OUT.png|OUT.svg [--width W]``.

Draws a layout file exactly as the sandbox shows it (the same scene, with
each building's score as the sandbox computes it) into a PNG or SVG file,
without any window, and prints ``{"written": OUT, "width": W, "height": H}``.
"""

from __future__ import annotations

import json
import sys
from pathlib import Path


def register(subparsers) -> None:
    p = subparsers.add_parser("render", help="draw a layout into a PNG or SVG file, headless")
    p.add_argument("layout")
    p.add_argument("out", metavar="OUT", help="the image to write: .png or .svg")
    p.add_argument("--width", type=int, default=1200, help="width in pixels (default 1200)")
    p.set_defaults(func=cmd_render)


def _fail(msg: str):
    from bigcity_desktop.cli import CliError

    raise CliError(msg)


def cmd_render(args) -> int:
    from bigcity_desktop.engine.layout import LayoutError
    from bigcity_desktop.sandbox.model import SandboxError, SandboxModel, replay

    out = Path(args.out)
    if out.suffix.lower() not in (".png", ".svg"):
        _fail(f"{args.out}: the image must end in .png or .svg")
    if not 16 <= args.width <= 20000:
        _fail(f"--width must be between 16 and 20000, not {args.width}")
    try:
        raw = Path(args.layout).read_bytes()
    except OSError as exc:
        _fail(f"{args.layout}: cannot read it: {exc.strerror or exc}")
    try:
        rules, steps = SandboxModel.read(raw)
        city, _ = replay(rules, steps)
    except (LayoutError, SandboxError) as exc:
        _fail(f"{args.layout}: {exc}")
    from bigcity_desktop.scene import render_city

    try:
        w, h = render_city(city, out, width=args.width)
    except OSError as exc:
        _fail(f"{args.out}: {exc}")
    sys.stdout.write(json.dumps({"written": str(out), "width": w, "height": h}) + "\n")
    return 0
