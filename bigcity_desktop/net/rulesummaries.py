"""The rules summary of a table's own rules, for the browser page's Help.

The page asks ``/static/summary.<digest>.json`` for the rules digest its
table names (the table info's ``rules_digest``; its first :data:`SHOWN`
hex digits, so the name stays within the served names' 64 characters): the summary of those rules
worded as engine messages (present/rulesummary.py), which the page renders
in its own language with DOM text only (web/static/rulesummary.js), each
value marked when it is our reading and when it differs from the bundled
edition. The rules are found among the live tables (house rules travel
inside the table) and the bundled editions; a digest of neither is 404.
Made once per digest and kept for the last :data:`KEPT` digests asked.
"""

from __future__ import annotations

import json
import re
from collections import OrderedDict
from collections.abc import Mapping

from bigcity_desktop.engine.rules import EDITIONS, Rules, get_rules
from bigcity_desktop.present.rulesummary import summarize, summary_json

from .tables import Table

#: how many hex digits of the digest the name holds (160 bits)
SHOWN = 40
#: the name the page asks for
NAME = re.compile(rf"summary\.([0-9a-f]{{{SHOWN}}})\.json")
#: how many digests' summaries are kept made
KEPT = 32


class Summaries:
    """The summaries of the rules of one server's tables, by rules digest."""

    def __init__(self, tables: Mapping[str, Table] | None = None) -> None:
        """`tables`: the server's live tables, by id (looked at when a summary is asked)."""
        self.tables = tables if tables is not None else {}
        self.made: OrderedDict[str, bytes] = OrderedDict()

    def find(self, digest: str) -> Rules | None:
        """The rules whose digest begins with `digest`: a live table's, or a bundled edition's."""
        live = (t.rules for t in list(self.tables.values()))
        return next((r for r in (*live, *map(get_rules, EDITIONS)) if r.digest.startswith(digest)), None)

    def body(self, name: str) -> bytes | None:
        """The JSON of a file name ``summary.<digest>.json``, or None."""
        matched = NAME.fullmatch(name)
        if matched is None:
            return None
        digest = matched.group(1)
        if digest in self.made:
            self.made.move_to_end(digest)
            return self.made[digest]
        rules = self.find(digest)
        if rules is None:
            return None
        body = json.dumps(summary_json(summarize(rules)), ensure_ascii=False, separators=(",", ":")).encode()
        self.made[digest] = body
        while len(self.made) > KEPT:
            self.made.popitem(last=False)
        return body
