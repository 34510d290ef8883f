"""The engine's sentences a browser page may be sent: the German of only
those goes to the page (net/web.py, ``sentences.de.json``).

A sentence reaches the page as ``{"$msg": template, fields}`` in a view
(the log, a last move, the end's reason), in the table presented (the
board's places, what stands on a lot, where a neighborhood's spot is), in a
rules summary, or in the page's own check of the deal (fairdeal.js, in
``engine/fairdeal.py``'s words). All of these are said by the engine and the
presenter; the templates are the string constants of those packages'
modules (read from their code objects, so a bundle without sources reads
them too) that the catalogue's context ``Engine`` translates. Left out are
the modules whose sentences never reach the page: a refusal's reason goes
to it as plain English text (``refused``), and the file formats' errors
and the bots' hints and analyses are the app's alone."""

from __future__ import annotations

import functools
import importlib
import importlib.util
import pkgutil
from collections.abc import Iterable, Iterator
from types import CodeType

#: the packages whose sentences a page may be sent
PACKAGES = ("bigcity_desktop.engine", "bigcity_desktop.present")
#: their modules whose sentences never reach a page
NOT_TO_THE_PAGE = frozenset(
    {
        "bigcity_desktop.engine.legality",  # refusals: `refused` carries their plain text
        "bigcity_desktop.engine.jsonio",  # a file's errors
        "bigcity_desktop.engine.layout",
        "bigcity_desktop.engine.record",
    }
)


def _constants(code: CodeType) -> Iterator[str]:
    """Every string constant of `code` and of the code nested in it."""
    stack = [code]
    while stack:
        for value in stack.pop().co_consts:
            if isinstance(value, str):
                yield value
            elif isinstance(value, CodeType):
                stack.append(value)
            elif isinstance(value, (tuple, frozenset)):
                yield from (v for v in value if isinstance(v, str))


def _modules(packages: Iterable[str]) -> Iterator[str]:
    for name in packages:
        package = importlib.import_module(name)
        for found in pkgutil.walk_packages(package.__path__, name + "."):
            yield found.name


@functools.cache
def _said() -> frozenset[str] | None:
    """The string constants of the modules whose sentences a page may be
    sent (read once per process); None when their code cannot be read."""
    out: set[str] = set()
    read = False
    for name in _modules(PACKAGES):
        if name in NOT_TO_THE_PAGE:
            continue
        spec = importlib.util.find_spec(name)
        get_code = getattr(spec.loader if spec is not None else None, "get_code", None)
        code = get_code(name) if get_code is not None else None
        if isinstance(code, CodeType):
            read = True
            out.update(_constants(code))
    return frozenset(out) if read else None


def page_templates(templates: Iterable[str]) -> set[str] | None:
    """Those of `templates` (the catalogue's ``Engine`` sources) a page may
    be sent; None when the modules' code cannot be read (then all of them)."""
    said = _said()
    return None if said is None else {t for t in templates if t in said}
