"""A seat's rating and reputation as the app words them beside a name
(the server's figures, net/playerdesk.py): "1540?, 96% finished"."""

from __future__ import annotations

from bigcity_desktop.i18n import translate
from bigcity_desktop.net.protocol import SeatInfo


def badge_text(s: SeatInfo) -> str:
    """The seat's rating (with "?" while provisional) and share of games finished; "" when it has none."""
    parts = []
    if s.rating is not None:
        parts.append(f"{s.rating}{'?' if s.provisional else ''}")
    if s.finished is not None:
        parts.append(translate("Network", "{n}% finished").format(n=s.finished))
    return ", ".join(parts)


def with_badge(name: str, s: SeatInfo) -> str:
    """`name` followed by the seat's badge in brackets, if it has one."""
    badge = badge_text(s)
    return f"{name} [{badge}]" if badge else name


def pages_text(address: str, table: str, over: bool) -> str:
    """Links to the server's pages (net/gamepages.py) for the table dock:
    the ranking, and the game's replay once it is over; `address` is the
    session's ``ws[s]://host:port``."""
    base = (
        "https://" + address[len("wss://") :] if address.startswith("wss://") else "http://" + address[len("ws://") :]
    )
    ranking = translate("Network", "Rated players")
    links = [f'<a href="{base}/players">{ranking}</a>']
    if over:
        replay = translate("Network", "This game’s page")
        links.append(f'<a href="{base}/g/{table}">{replay}</a>')
    return " · ".join(links)
