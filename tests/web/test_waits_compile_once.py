"""Every page wait is written as a function, never as a bare expression.

The page's Content-Security-Policy forbids `eval`. Playwright evaluates a bare
expression again on every animation frame, and only the first evaluation is
allowed under that policy: a wait whose condition is false at first fails with
an EvalError on a slower machine (CI did). A function is compiled once.
"""

from __future__ import annotations

import ast
from pathlib import Path

HERE = Path(__file__).parent


def _first_text(node: ast.expr) -> str | None:
    if isinstance(node, ast.Constant) and isinstance(node.value, str):
        return node.value
    if isinstance(node, ast.JoinedStr):
        return "".join(str(v.value) if isinstance(v, ast.Constant) else "0" for v in node.values)
    return None


def test_every_wait_for_function_is_a_function() -> None:
    bare: list[str] = []
    for path in sorted(HERE.rglob("*.py")):
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if not (isinstance(node, ast.Call) and isinstance(node.func, ast.Attribute)):
                continue
            if node.func.attr != "wait_for_function" or not node.args:
                continue
            text = _first_text(node.args[0])
            if text is not None and "=>" not in text.split("\n")[0] and not text.lstrip().startswith("function"):
                bare.append(f"{path.name}:{node.lineno}")
    assert bare == [], f"write these waits as '() => …': {bare}"
