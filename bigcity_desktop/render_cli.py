"""``bigcity-cli render LAYOUT OUT.png|OUT.svg [--width W] [--view plan|city] [--rotation R]``.

Draws a layout file exactly as the sandbox shows it (the same scene, with
each building's score as the sandbox computes it) into a PNG or SVG file,
without any window, and prints ``{"written": OUT, "width": W, "height": H}``.

The image is drawn into a scratch folder first and then written to OUT by
this module itself, so that a full disk or any other write error is one
line (exit 2), never a half-written image or a library's own message
(libpng's ``Write Error``). An existing OUT that is not a regular file (a
device such as ``/dev/full``, a pipe) is written to as it is, never
replaced.
"""

from __future__ import annotations

import argparse
import contextlib
import json
import os
import shutil
import stat
import sys
import tempfile
from collections.abc import Iterator
from pathlib import Path
from typing import TYPE_CHECKING, NoReturn

if TYPE_CHECKING:
    from bigcity_desktop.cliargs import Subparsers


def register(subparsers: Subparsers) -> None:
    from bigcity_desktop.cliargs import whole_number

    p = subparsers.add_parser("render", help="draw a layout into a PNG or SVG file, headless")
    p.add_argument("layout")
    p.add_argument("out", metavar="OUT", help="the image to write: .png or .svg")
    p.add_argument("--width", type=whole_number, default=1200, help="width in pixels (default 1200)")
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


def _fail(msg: str) -> NoReturn:
    from bigcity_desktop.cliargs import CliError

    raise CliError(msg)


def _reason(exc: OSError) -> str:
    from bigcity_desktop.cliargs import reason

    return reason(exc)


def cmd_render(args: argparse.Namespace) -> int:
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
    target = _Target(out)
    target.check()  # an unwritable place fails here, before drawing
    from bigcity_desktop.scene import render_city

    scratch = tempfile.mkdtemp(prefix="bigcity-render-")
    try:
        drawn = Path(scratch) / f"image{out.suffix.lower()}"
        try:
            with _quiet_libraries():
                w, h = render_city(city, drawn, width=args.width, view=args.view, rotation=args.rotation)
            data = drawn.read_bytes()
        except (OSError, ValueError) as exc:
            why = _reason(exc) if isinstance(exc, OSError) else str(exc)
            _fail(f"{args.out}: cannot draw the image (in the temporary folder {scratch}): {why}")
        if not data:
            _fail(f"{args.out}: cannot draw the image: nothing was drawn")
    finally:
        shutil.rmtree(scratch, ignore_errors=True)
    target.write(data)
    sys.stdout.write(json.dumps({"written": str(out), "width": w, "height": h}) + "\n")
    return 0


class _Target:
    """The image file: a regular file is replaced atomically (a fresh file
    beside it, written, flushed to the disk, renamed over it); anything else
    that exists (a device, a pipe) is written to in place."""

    def __init__(self, path: Path) -> None:
        self.path = path
        try:
            mode = os.stat(path).st_mode
        except OSError:
            mode = None
        self.in_place = mode is not None and not stat.S_ISREG(mode)
        self.folder = path.parent if str(path.parent) else Path(".")

    def check(self) -> None:
        if self.in_place:
            if not os.access(self.path, os.W_OK):
                _fail(f"{self.path}: cannot write the image: permission denied")
            return
        try:
            fd, tmp = tempfile.mkstemp(prefix=f".{self.path.stem}.", suffix=".tmp", dir=self.folder)
            os.close(fd)
            os.unlink(tmp)
        except OSError as exc:
            _fail(f"{self.path}: cannot write the image: {_reason(exc)}")

    def write(self, data: bytes) -> None:
        try:
            if self.in_place:
                with open(self.path, "wb") as fh:
                    fh.write(data)
                    fh.flush()
                return
            fd, tmp = tempfile.mkstemp(prefix=f".{self.path.stem}.", suffix=".tmp", dir=self.folder)
            try:
                with os.fdopen(fd, "wb") as fh:
                    fh.write(data)
                    fh.flush()
                    os.fsync(fh.fileno())
                os.replace(tmp, self.path)
            except BaseException:
                with contextlib.suppress(OSError):
                    os.unlink(tmp)
                raise
        except OSError as exc:
            _fail(f"{self.path}: cannot write the image: {_reason(exc)}")


@contextlib.contextmanager
def _quiet_libraries() -> Iterator[None]:
    """Qt's own warnings (font, painter) and whatever a C library prints
    while drawing do not reach the terminal: the command answers with one
    line of JSON, or one line of error."""
    from PySide6.QtCore import qInstallMessageHandler

    previous = qInstallMessageHandler(lambda *_args: None)
    saved = None
    try:
        sys.stderr.flush()
        saved = os.dup(2)
        devnull = os.open(os.devnull, os.O_WRONLY)
        os.dup2(devnull, 2)
        os.close(devnull)
    except OSError:  # pragma: no cover - no descriptor 2 to quiet
        saved = None
    try:
        yield
    finally:
        if saved is not None:
            os.dup2(saved, 2)
            os.close(saved)
        qInstallMessageHandler(previous)
