"""The page's modules sent without the comments that fill whole lines.

The page is plain JavaScript with no build step: its JSDoc types are for
``tsc`` (``make lint-web``) and its notes for the reader of the source, and
they are about a third of its bytes. When the server reads the files
(net/web.py) each comment that fills its lines is blanked: a line comment
alone on its line, and a block comment from the start of one line to the
end of a line. The line itself stays, empty, so a line number in the
browser's console is the source's. A line inside a template literal, and a
block comment with code after it on its last line, are left as they are;
nothing else is touched."""

from __future__ import annotations

import re

_LINE_COMMENT = re.compile(rb"^[ \t]*//")
_BLOCK_START = re.compile(rb"^[ \t]*/\*")
_BACKTICK = re.compile(rb"(?<!\\)`")


def _ends_block(line: bytes) -> bool:
    """Whether the block comment ends with this line, and nothing follows it."""
    return line.count(b"*/") == 1 and line.rstrip().endswith(b"*/")


def blank_comments(source: bytes) -> bytes:
    """`source`, a module, with each comment that fills its lines blanked."""
    out: list[bytes] = []
    block: list[bytes] | None = None  # the lines of a block comment, until its end
    in_template = False
    for line in source.split(b"\n"):
        if block is not None:
            block.append(line)
            if b"*/" in line:
                out.extend([b""] * len(block) if _ends_block(line) else block)
                block = None
            continue
        if not in_template and _LINE_COMMENT.match(line):
            out.append(b"")
            continue
        if not in_template and _BLOCK_START.match(line):
            if b"*/" not in line:
                block = [line]
                continue
            if _ends_block(line) and line.count(b"/*") == 1:
                out.append(b"")
                continue
        out.append(line)
        # a template literal opened or closed (a backtick in a trailing comment counts too;
        # tests/net/test_slim.py holds every module's blanked lines to comments)
        in_template ^= len(_BACKTICK.findall(line)) % 2 == 1
    if block is not None:  # a comment never closed: as it was
        out.extend(block)
    return b"\n".join(out)
