"""The page's modules sent without the comments that fill whole lines
(net/slim.py): each served module has the source's lines, those blanked
were comments, and it is still JavaScript node reads; a template literal's
lines and a comment with code after it are kept."""

from __future__ import annotations

import re
import shutil
import subprocess
from importlib import resources
from pathlib import Path

import pytest

from bigcity_desktop.net.slim import blank_comments
from bigcity_desktop.net.web import PACKAGE, load_static

_COMMENT_LINE = re.compile(rb"^\s*(//|/\*|\*)")


def modules() -> list[tuple[str, bytes]]:
    folder = resources.files(PACKAGE) / "static"
    return sorted((f.name, f.read_bytes()) for f in folder.iterdir() if f.name.endswith(".js"))


def test_only_comment_lines_are_blanked_and_the_lines_stay() -> None:
    served = load_static()
    before = after = 0
    for name, source in modules():
        sent = served[name].body
        assert sent == blank_comments(source)
        old, new = source.split(b"\n"), sent.split(b"\n")
        assert len(old) == len(new), name  # a line number in the console is the source's
        for line, kept in zip(old, new, strict=True):
            assert kept == line or (kept == b"" and _COMMENT_LINE.match(line)), (name, line)
        before, after = before + len(source), after + len(sent)
    assert after < 0.8 * before  # (a third of the bytes when written)


def test_the_modules_sent_are_still_javascript(tmp_path: Path) -> None:
    node = shutil.which("node")
    if node is None:
        pytest.skip("node is needed to read the modules")
    for name, file in load_static().items():
        if name.endswith(".js"):
            path = tmp_path / name.replace(".js", ".mjs")
            path.write_bytes(file.body)
            done = subprocess.run([node, "--check", str(path)], capture_output=True, text=True, timeout=60)
            assert done.returncode == 0, (name, done.stderr)


def test_what_is_kept() -> None:
    source = b"\n".join(
        [
            b"// a note",
            b"/**",
            b" * A doc.",
            b" * @param {number} n",
            b" */",
            b"export const a = 1; // after code: kept",
            b"/** @type {HTMLElement} */ (document.body).hidden = true;",
            b"/* a block */ const b = 2;",
            b"/* opened",
            b"   closed */ const c = 3;",
            b"const text = `first",
            b"// inside a template: kept",
            b"/* also kept */",
            b"last`;",
            b"  // indented note",
            b'const url = "http://x"; /** @type {number} */',
        ]
    )
    out = blank_comments(source).split(b"\n")
    assert out[0:5] == [b""] * 5
    assert out[5:8] == source.split(b"\n")[5:8]
    assert out[8:14] == source.split(b"\n")[8:14]
    assert out[14] == b"" and out[15] == source.split(b"\n")[15]
