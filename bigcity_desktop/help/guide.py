"""Help → How to play: a short player's guide in pages, with a table of
contents and Back / Next.

Every number the guide states is read from the bundled rules data at run
time (the original edition, and the jumbo edition's differences), through
the same sentences as the rules summary where they are the same. The
pictures come from whoever opens the guide (``pictures(name, width)``: the
game window hands in the board's own drawings, see game/guideart.py); the
guide shows its text alone without them. The full manual is docs/GAME.md;
the command line is in the README.
"""

from __future__ import annotations

import html
from collections.abc import Callable
from dataclasses import dataclass

from PySide6.QtCore import QUrl
from PySide6.QtGui import QImage, QTextDocument
from PySide6.QtWidgets import (
    QDialog,
    QDialogButtonBox,
    QHBoxLayout,
    QListWidget,
    QPushButton,
    QTextBrowser,
    QVBoxLayout,
)

from bigcity_desktop.engine.rules import (
    EndRule,
    RefillMode,
    Rules,
    StartScores,
    StreetcarLine,
    UselessCards,
    get_rules,
)
from bigcity_desktop.i18n import rules_text, translate

from .rules_summary import bonus_texts, multiplier_texts, when_text

# what draws a picture of the guide: (name, width on screen, the screen's
# pixels to a point) -> an image (its device pixel ratio set), or None
Pictures = Callable[[str, int, float], QImage | None]

PICTURE_WIDTH = 330


@dataclass(frozen=True)
class Page:
    """One page of the guide: its title, its text (simple HTML) and the name of its picture."""

    key: str
    title: str
    body: str
    picture: str | None = None
    caption: str = ""


def _p(text: str) -> str:
    return f"<p>{text}</p>"


def _ul(items: list[str]) -> str:
    return "<ul>" + "".join(f"<li>{i}</li>" for i in items) + "</ul>"


def _building(rules: Rules, btype: str) -> str:
    return html.escape(rules_text(rules.buildings[btype].label))


def _hand(rules: Rules) -> str:
    """ "5 cards (6 with 5 players)": the hand size, and where it differs."""
    sizes = rules.hand_size
    usual = sizes[rules.min_players]
    out = translate("Guide", "{n} cards").format(n=usual)
    other = [
        translate("Guide", "{size} with {n} players").format(size=s, n=n)
        for n, s in sorted(sizes.items())
        if s != usual
    ]
    return out + (" (" + ", ".join(other) + ")" if other else "")


def _goal(rules: Rules, jumbo: Rules) -> Page:
    body = _p(
        translate(
            "Guide",
            "Together you build one city, neighborhood by neighborhood. Every building scores once, for the "
            "player who puts it up; when the game ends the highest score wins, and ties stay ties.",
        )
    )
    body += _p(
        translate("Guide", "Big City is for {low} to {high} players ({jlow} to {jhigh} in the jumbo edition).").format(
            low=rules.min_players, high=rules.max_players, jlow=jumbo.min_players, jhigh=jumbo.max_players
        )
    )
    body += _p(
        translate(
            "Guide",
            "You build with property cards: card 23 is lot 3 of neighborhood 2, and you may build on a lot "
            "only while you hold its card. Your hand holds {hand}; the cards come from {stacks} stacks, one "
            "for each neighborhood.",
        ).format(hand=_hand(rules), stacks=len(rules.tiles))
    )
    return Page(
        "goal",
        translate("Guide", "The goal"),
        body,
        "city",
        translate("Guide", "A city in the making, seen as the model city."),
    )


def _turn(rules: Rules) -> Page:
    items = [
        translate("Guide", "<b>Build</b>: put up a building on lots whose cards you hold."),
        translate("Guide", "<b>Park or factory</b>: play a park or factory card and put its piece on free lots."),
        translate("Guide", "<b>Streetcar</b>: lay streetcars along the streets."),
        translate("Guide", "<b>Neighborhood</b>: lay a neighborhood that is not yet in the city."),
        translate("Guide", "<b>Exchange</b>: give back any of your cards and draw new ones."),
        translate("Guide", "<b>Pass</b>."),
    ]
    body = _p(translate("Guide", "On your turn you take exactly one action:")) + _ul(items)
    body += _p(
        translate(
            "Guide",
            "Streetcars, neighborhoods, parks, factories and the special buildings open on the turn after "
            "City Hall is built.",
        )
    )
    if rules.refill_mode == RefillMode.HARD:
        refill = translate(
            "Guide", "Then you draw back up to {hand}, one card at a time, at most {n} from any one stack."
        )
    else:
        refill = translate(
            "Guide",
            "Then you draw back up to {hand}, one card at a time, at most {n} from any one stack while "
            "another stack can still give one.",
        )
    body += _p(refill.format(hand=_hand(rules), n=rules.refill_per_stack))
    if rules.useless_cards == UselessCards.TURN_START:
        useless = translate(
            "Guide",
            "A card whose lot already holds a building is useless: it is struck through in your hand, "
            "discarded at the start of your turn and replaced when you draw.",
        )
    else:
        useless = translate(
            "Guide",
            "A card whose lot already holds a building is useless: it is struck through in your hand and "
            "stays there until you exchange it.",
        )
    body += _p(useless)
    return Page(
        "turn",
        translate("Guide", "A turn"),
        body,
        "lit",
        translate("Guide", "A single business in hand, with the cards 13, 19, 25 and 32: those lots light up."),
    )


def _neighborhoods(rules: Rules) -> Page:
    tiles = "; ".join(
        translate("Guide", "{n} players: {tiles}").format(n=n, tiles=", ".join(map(str, t)))
        for n, t in sorted(rules.start_tiles.items())
    )
    body = _p(
        translate(
            "Guide",
            "The city is made of {n} neighborhoods. Neighborhood 1 starts it; then the players lay more of "
            "them in turn before the first building goes up ({tiles}).",
        ).format(n=len(rules.tiles), tiles=tiles)
    )
    body += _p(
        translate(
            "Guide",
            "A new neighborhood must touch the city with at least two of its lots, and may be turned any way "
            "round. Once City Hall stands, laying one of the others is an action of its own.",
        )
    )
    body += _p(
        translate(
            "Guide",
            "You may hold, draw and exchange the cards of a neighborhood that is not yet in the city, but you "
            "can build on its lots only once it is laid.",
        )
    )
    return Page(
        "neighborhoods",
        translate("Guide", "The neighborhoods"),
        body,
        "tile",
        translate("Guide", "Neighborhood 3 in hand, on a place where it may go."),
    )


def _lots() -> Page:
    body = _p(
        translate(
            "Guide",
            "A lot that touches the open land around the city is in the <b>outskirts</b> (green on the "
            "board); a lot that the city surrounds is in the <b>city centre</b> (orange). A hole closed in "
            "by the city counts as centre.",
        )
    )
    body += _p(
        translate(
            "Guide",
            "A building is in the outskirts if any of its lots is, and in the centre only if all of them "
            "are. That is judged when it is built: a building never scores again, however the city grows "
            "around it.",
        )
    )
    body += _p(
        translate(
            "Guide",
            "As neighborhoods are added, outskirts become centre: lot 16 was outskirts until neighborhood 2 "
            "was laid beside it.",
        )
    )
    return Page(
        "lots",
        translate("Guide", "Outskirts and city centre"),
        body,
        "lots",
        translate("Guide", "Neighborhoods 1, 2 and 3: green outskirts, orange centre."),
    )


def _values(rules: Rules, btype: str) -> str:
    rule = rules.buildings[btype]
    return ", ".join(
        translate("Guide", "{variant} {points}").format(variant=html.escape(rules_text(v.name)), points=v.base)
        for v in rule.variants
    )


def _scoring(rules: Rules) -> Page:
    body = _p(
        translate(
            "Guide",
            "Residences and businesses come as single, double and triple buildings, on one, two or three "
            "lots in a row. Base points: {values}.",
        ).format(values=_values(rules, "residence"))
    )
    rows = []
    for btype in ("residence", "business"):
        rule = rules.buildings[btype]
        extras = bonus_texts(rules, rule) + multiplier_texts(rules, rule)
        rows.append(f"<b>{_building(rules, btype)}</b>: " + html.escape("; ".join(extras)))
    body += _ul(rows)
    body += _p(
        translate(
            "Guide",
            "Add the bonuses to the base, then multiply by the <b>highest</b> multiplier that applies (never "
            "by two of them). While you hold a piece, its bubble tells what it would score there and why.",
        )
    )
    return Page(
        "scoring",
        translate("Guide", "What scores"),
        body,
        "score",
        translate("Guide", "A double residence in hand beside the streetcar line: the bubble adds it up."),
    )


def _city_hall(rules: Rules) -> Page:
    ch = rules.city_hall_type
    rule = rules.buildings[ch]
    body = _p(
        translate(
            "Guide",
            "<b>City Hall</b> may be built at any time, {where}; it scores {points}. It opens the rest of the "
            "game: from the next player's turn on, streetcars, neighborhoods, parks, factories and the "
            "special buildings may be built, and the businesses next to it score more.",
        ).format(
            where=html.escape(when_text(rules, ch, rule)),
            points=translate("Guide", "{points} points").format(points=rules.city_hall_start),
        )
    )
    rows = []
    special = rules.groups.get("special", frozenset[str]())
    specials = [b for b in rules.buildings if b in special and b != ch]  # in the rules' order
    for btype in specials:
        r = rules.buildings[btype]
        score = translate("Guide", "{points} points").format(points=" / ".join(str(v.base) for v in r.variants))
        extras = bonus_texts(rules, r) + multiplier_texts(rules, r)
        text = "; ".join([score, when_text(rules, btype, r), *extras])
        rows.append(f"<b>{_building(rules, btype)}</b>: " + html.escape(text))
    body += _p(translate("Guide", "The special buildings:")) + _ul(rows)
    for btype in [b for b, r in rules.buildings.items() if r.with_card]:
        r = rules.buildings[btype]
        body += _p(
            translate("Guide", "<b>{building}</b> scores nothing itself: {when}.").format(
                building=_building(rules, btype), when=html.escape(when_text(rules, btype, r))
            )
        )
    return Page(
        "city_hall",
        translate("Guide", "City Hall and the special buildings"),
        body,
        "city_hall",
        translate("Guide", "City Hall on 15: the businesses beside it score double."),
    )


def _streetcars(rules: Rules) -> Page:
    if rules.streetcar_line == StreetcarLine.TREE:
        line = translate("Guide", "The line may branch, but never close a loop.")
    else:
        line = translate("Guide", "The line may not branch: each new streetcar extends one of its two ends.")
    body = _p(
        translate(
            "Guide",
            "There are {count} streetcars. The first streetcar action lays {first}; every later one up to "
            "{later}, each joined to the line. {line}",
        ).format(
            count=rules.streetcar_count,
            first=rules.streetcar_first_action,
            later=rules.streetcar_per_action,
            line=line,
        )
    )
    body += _p(
        translate(
            "Guide",
            "A building is next to the line when a streetcar lies along one of its outer streets (touching "
            "a corner is not enough); see What scores and the special buildings for what that is worth. "
            "A street under a building of several lots takes no streetcar.",
        )
    )
    return Page(
        "streetcars",
        translate("Guide", "Streetcars"),
        body,
        "streetcar",
        translate(
            "Guide",
            "A streetcar line of four pieces; the double residence on 33 and 36, built beside it, scored double.",
        ),
    )


def _end_text(rules: Rules) -> str:
    if rules.end_rule == EndRule.CONSECUTIVE_PASSES:
        return translate("Guide", "when as many turns in a row as there are players were passes")
    return translate("Guide", "at the end of a round in which every action was a pass or an exchange")


def _end(rules: Rules) -> Page:
    body = _p(
        translate(
            "Guide",
            "The game ends at once when all {n} neighborhoods are laid and every lot holds a building (parks "
            "and factories count), or {end}.",
        ).format(n=len(rules.tiles), end=_end_text(rules))
    )
    body += _p(
        translate(
            "Guide",
            "The highest score wins; ties stay ties. A pass that would end the game always asks first, with "
            "Keep playing as the default.",
        )
    )
    return Page("end", translate("Guide", "The end of the game"), body)


def _jumbo(rules: Rules, jumbo: Rules) -> Page:
    items = []
    if jumbo.max_players != rules.max_players:
        items.append(
            translate("Guide", "For {low} to {high} players.").format(low=jumbo.min_players, high=jumbo.max_players)
        )
    if jumbo.start_scores != rules.start_scores and jumbo.start_scores == StartScores.STAGGERED:
        items.append(translate("Guide", "The start player begins on 0 points, the next players on 1, 2 and 3."))
    if jumbo.city_hall_step:
        items.append(
            translate(
                "Guide",
                "City Hall is worth {start} at first and {step} more after every round it is not built, up to {max}.",
            ).format(start=jumbo.city_hall_start, step=jumbo.city_hall_step, max=jumbo.city_hall_max)
        )
    if jumbo.streetcar_line != rules.streetcar_line and jumbo.streetcar_line == StreetcarLine.PATH:
        items.append(
            translate("Guide", "The streetcar line may not branch: each new streetcar extends one of its two ends.")
        )
    if jumbo.refill_mode == RefillMode.FEWEST:
        items.append(
            translate("Guide", "You draw at most {n} card from a stack while another stack can still give one.").format(
                n=jumbo.refill_per_stack
            )
        )
    if jumbo.exchange_draws_separately:
        items.append(
            translate(
                "Guide",
                "An exchange draws as many cards as it gave back (at most {n} from a stack), before the refill.",
            ).format(n=jumbo.exchange_per_stack)
        )
    if jumbo.end_rule != rules.end_rule:
        items.append(
            translate("Guide", "Besides a complete city, the game ends only {end}.").format(end=_end_text(jumbo))
        )
    for btype, r in jumbo.buildings.items():
        old = rules.buildings.get(btype)
        if old is not None and [v.count for v in old.variants] != [v.count for v in r.variants]:
            items.append(
                translate("Guide", "{building}: {n} pieces instead of {old}.").format(
                    building=_building(jumbo, btype),
                    n=sum(v.count for v in r.variants),
                    old=sum(v.count for v in old.variants),
                )
            )
    body = _p(
        translate("Guide", "The 20th anniversary jumbo edition plays the same way, with these differences:")
    ) + _ul(items)
    if jumbo.redevelopment:
        body += _p(
            translate(
                "Guide",
                "<b>Redevelopment.</b> After every round each player offers 1 or 2 cards, face up or face "
                "down. Then the players take as many cards as they offered from the others' offers: those "
                "who offered face up choose first, the lowest score first. A card that cannot be built now "
                "must be offered face down.",
            )
        )
    return Page("jumbo", translate("Guide", "The jumbo edition"), body)


@dataclass(frozen=True)
class GuideKeys:
    """The window's keys the guide names (the window knows them; the guide
    does not import it)."""

    city_view: str = "F3"
    side_panel: str = "F9"
    full_screen: str = "F11"


def _here(k: GuideKeys) -> Page:
    mouse = [
        translate(
            "Guide",
            "Pick up a piece in the Supply (click it, or drag it onto the board): the lots where you may "
            "build it light up, and its bubble tells the score. Drop it on a lit lot, or click there.",
        ),
        translate(
            "Guide",
            "Drag a card from your hand onto its lot: a menu offers the buildings that may stand there, with "
            "their scores. A park or factory card (or the park or factory in the Supply) carries its piece.",
        ),
        translate("Guide", "R (or the mouse wheel) turns the piece in hand; Esc or a right click puts it back."),
        translate("Guide", "Where a piece cannot go, the reason appears beside the pointer."),
        translate("Guide", "Tick cards in your hand and press Exchange; after your action click a stack to draw."),
    ]
    keys = [
        translate(
            "Guide", "B goes to the Supply, Enter picks the piece up, N moves it to the next lit spot, Enter places it."
        ),
        translate("Guide", "Ctrl+Z takes your last move back, in games that allow take-backs."),
        translate(
            "Guide",
            "{key}, or the City view button, switches between the model city (where a new player starts) and the flat plan.",
        ).format(key=k.city_view),
        translate(
            "Guide", "{key}, or the Log & chart button, shows the game log and the score chart beside the board."
        ).format(key=k.side_panel),
        translate("Guide", "{key} plays full screen.").format(key=k.full_screen),
    ]
    body = (
        _p(translate("Guide", "<b>With the mouse</b>"))
        + _ul(mouse)
        + _p(translate("Guide", "<b>With the keyboard</b>"))
        + _ul(keys)
    )
    body += _p(
        translate(
            "Guide",
            "Help → Keyboard lists every key, Help → Rules every value of the edition you play, and Help → "
            "Tutorial teaches a first game step by step.",
        )
    )
    body += _p(
        translate(
            "Guide",
            "The programs for the command line (bigcity-cli, bigcity-server) are described in the README "
            "that comes with Big City Desktop.",
        )
    )
    return Page("here", translate("Guide", "Playing here"), body)


def pages(rules: Rules | None = None, jumbo: Rules | None = None, keys: GuideKeys | None = None) -> list[Page]:
    """The guide's pages, their numbers from `rules` (the original edition)
    and `jumbo` (the jumbo edition's differences)."""
    rules = rules or get_rules("original")
    jumbo = jumbo or get_rules("jumbo")
    return [
        _goal(rules, jumbo),
        _turn(rules),
        _neighborhoods(rules),
        _lots(),
        _scoring(rules),
        _city_hall(rules),
        _streetcars(rules),
        _end(rules),
        _jumbo(rules, jumbo),
        _here(keys or GuideKeys()),
    ]


class GuideDialog(QDialog):
    """The player's guide: its contents on the left, a page on the right,
    Back and Next below (not modal)."""

    def __init__(self, parent=None, pictures: Pictures | None = None, keys: GuideKeys | None = None):
        super().__init__(parent)
        self.setObjectName("GuideDialog")
        self.setWindowTitle(translate("Guide", "How to play Big City"))
        self.pictures = pictures
        self.page = -1  # the page shown
        self.pages = pages(keys=keys)
        lay = QVBoxLayout(self)
        row = QHBoxLayout()
        self.contents = QListWidget()
        self.contents.setObjectName("guideContents")
        self.contents.setAccessibleName(translate("Guide", "Contents"))
        self.contents.addItems([p.title for p in self.pages])
        self.contents.setFixedWidth(210)
        self.contents.setWordWrap(True)
        row.addWidget(self.contents)
        self.browser = QTextBrowser()
        self.browser.setObjectName("guidePage")
        self.browser.setOpenExternalLinks(True)
        row.addWidget(self.browser, 1)
        lay.addLayout(row, 1)
        buttons = QDialogButtonBox(QDialogButtonBox.StandardButton.Close)
        self.back_button = QPushButton(translate("Guide", "< &Back"))
        self.next_button = QPushButton(translate("Guide", "&Next >"))
        self.back_button.setObjectName("guideBack")
        self.next_button.setObjectName("guideNext")
        buttons.addButton(self.back_button, QDialogButtonBox.ButtonRole.ActionRole)
        buttons.addButton(self.next_button, QDialogButtonBox.ButtonRole.ActionRole)
        self.back_button.clicked.connect(lambda: self.show_page(self.page - 1))
        self.next_button.clicked.connect(lambda: self.show_page(self.page + 1))
        buttons.rejected.connect(self.reject)
        lay.addWidget(buttons)
        self.contents.currentRowChanged.connect(self.show_page)
        self.show_page(0)
        self.resize(900, 640)
        self.next_button.setFocus()

    def show_page(self, index: int) -> None:
        """Show page `index` (kept within the guide)."""
        index = max(0, min(index, len(self.pages) - 1))
        self.page = index
        if self.contents.currentRow() != index:
            self.contents.setCurrentRow(index)
        page = self.pages[index]
        self.browser.setHtml(self.page_html(page))
        self.back_button.setEnabled(index > 0)
        self.next_button.setEnabled(index < len(self.pages) - 1)

    def page_html(self, page: Page) -> str:
        """The page's text with its picture (when there is one) beside it."""
        head = f"<h2>{html.escape(page.title)}</h2>"
        image = self.picture(page)
        if image is None:
            return head + page.body
        w = round(image.width() / image.devicePixelRatio())
        url = f"guide:{page.key}"
        self.browser.document().addResource(QTextDocument.ResourceType.ImageResource, QUrl(url), image)
        figure = f'<img src="{url}" width="{w}"><br><small>{html.escape(page.caption)}</small>'
        return (
            f'{head}<table cellspacing="0" cellpadding="0"><tr><td valign="top">{page.body}</td>'
            f'<td valign="top" width="{w + 16}" style="padding-left: 16px;">{figure}</td></tr></table>'
        )

    def picture(self, page: Page) -> QImage | None:
        """The page's picture, drawn by the source the guide was handed (None: none)."""
        if page.picture is None or self.pictures is None:
            return None
        image = self.pictures(page.picture, PICTURE_WIDTH, self.devicePixelRatioF())
        return image if image is not None and not image.isNull() else None
