"""The sandbox's help texts and the keys its table handles (Help → Keyboard)."""

from __future__ import annotations

from bigcity_desktop.i18n import QT_TRANSLATE_NOOP, translate

HELP_TEXT = QT_TRANSLATE_NOOP(
    "SandboxWindow",
    """<h3>The tile-layout sandbox</h3>
<p>The sandbox is a table on which you build a Big City freely: no cards, no
turns, no opponents. Use it to try out neighborhood arrangements, to see what a
building would score in a given spot, or to prepare a start position.</p>
<ul>
<li><b>Neighborhoods</b> wait in the tray on the left. Drag one onto the table
or click it: while you hold it, every spot where it may go for its current
turn is outlined in blue (a dot marks where its middle must go). Turn it with
<b>R</b>, the mouse wheel or the tray's turn buttons. A neighborhood must touch
the city with at least two of its properties; when a drop is refused the status
bar says why.</li>
<li><b>Buildings</b> are in the palette on the right, with how many are left.
Drag one onto the city or click it and move over the city. The covered
properties turn green or red; the bubble gives the reason, or the score with
every step of its calculation. <b>R</b>/wheel turns the piece, <b>M</b> mirrors the
L factory. Buildings that need City Hall may only be built once City Hall
stands in the layout.</li>
<li><b>Streetcars</b>: press <i>Draw streetcar line</i> (City Hall must stand),
then click the highlighted streets one after the other. Press Esc to stop.</li>
<li><b>Where is it worth most?</b> Pick a building in the heat-map box: every
property where it could legally stand is coloured by the best score it could
get there.</li>
<li>Click a piece to select it and press <b>Delete</b> to remove it, or
right-click it. A piece that others depend on (a neighborhood under a building,
a streetcar in the middle of the line) is not removed: the status bar says what
to remove first. <b>Ctrl+Z</b> / <b>Ctrl+Shift+Z</b> undo and redo every step.</li>
<li>The <b>Rules</b> menu switches between the editions or opens a house-rules
file; the whole layout is rebuilt and rescored under the new rules (or the
switch is refused if the layout is impossible under them).</li>
<li><b>File</b>: open and save layout files, export the picture (PNG or SVG), or
start a game from this arrangement of neighborhoods.</li>
</ul>
<p>Drag the table with the mouse (or the middle button) to move around; the
wheel zooms (Ctrl+wheel while you hold a piece).</p>
""",
)
HELP_CITY_VIEW = QT_TRANSLATE_NOOP(
    "SandboxWindow",
    """<p><b>View &rarr; City view</b> (<b>F3</b>, or the <i>City</i> button in the
board's corner) shows the layout as a model city; <b>,</b> and <b>.</b> (or
&#8634; &#8635;) turn the camera. Everything above works there too, and
<i>Export image</i> then draws the model city.</p>
""",
)
HELP_KEYBOARD = QT_TRANSLATE_NOOP(
    "SandboxWindow",
    """<p><b>Without a mouse</b>: <b>T</b> goes to the neighborhoods and <b>B</b>
to the buildings (arrow keys choose, Enter picks the piece up), <b>S</b> draws
the streetcar line. The arrow keys move the board cursor, <b>N</b> /
<b>Shift+N</b> jump to the next / previous legal spot (buildings: best score
first), Enter or Space places the piece. With no piece in hand, Enter selects
the piece under the cursor and <b>Delete</b> removes it. <b>F6</b> moves
between the table and the docks; <i>Help &rarr; Keyboard</i> lists every
key.</p>
""",
)


def sandbox_board_keys() -> list[tuple[str, str]]:
    """The keys the sandbox's table and docks handle themselves (not menu shortcuts)."""
    return [
        (
            translate("KeyboardDialog", "Arrow keys"),
            translate(
                "KeyboardDialog", "Move the board cursor over the lots (and the streets while placing a streetcar)"
            ),
        ),
        (
            translate("KeyboardDialog", "Enter or Space"),
            translate("KeyboardDialog", "Place the piece at the cursor; with no piece, select the piece under it"),
        ),
        (
            translate("KeyboardDialog", "Tab, Shift+Tab"),
            translate("KeyboardDialog", "Move the focus to the next (previous) control; the focused one is outlined"),
        ),
        (
            translate("KeyboardDialog", "Arrow keys in a list"),
            translate("KeyboardDialog", "Choose a neighborhood in the tray or a building in the palette"),
        ),
        (
            translate("KeyboardDialog", "Enter in a list"),
            translate("KeyboardDialog", "Pick up the chosen neighborhood or building"),
        ),
    ]
