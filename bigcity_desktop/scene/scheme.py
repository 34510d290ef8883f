"""Light and dark (issue 25, dark mode): the colour scheme the app shows.

The choice (Preferences → Colours, the ``prefs/colourScheme`` setting) is
"system" (follow the system's light or dark palette; the default), "light"
or "dark". :func:`apply_scheme` sets the board's colours (scene/style.py)
and, where the choice differs from the system, the window's palette too;
:func:`restyle_views` repaints the open boards (the windows repaint
their charts and bubbles).
"""

from __future__ import annotations

from PySide6.QtCore import QRectF, Qt
from PySide6.QtGui import QColor, QGuiApplication, QPainter, QPalette, QPen
from PySide6.QtWidgets import QApplication, QProxyStyle, QStyle, QStyleOption, QWidget

from . import style as S

SCHEME_KEY = "prefs/colourScheme"
CHOICES = ("system", "light", "dark")

_system: list[QPalette] = []  # the palette the app started with (the system's)
_styles: list[QStyle] = []  # the app's style once framed (kept alive here)

#: the edge drawn around a check box or radio button on a dark palette (3:1 on the window at least)
INDICATOR_EDGE = QColor("#8a857c")


class FramedIndicators(QProxyStyle):
    """Fusion draws an unticked check box's edge a little darker than the
    window: on a dark palette the box all but disappears (seen in the dark
    Preferences and Host dialogs). This style draws the same box with an edge
    that can be seen, on dark palettes only."""

    def drawPrimitive(
        self,
        element: QStyle.PrimitiveElement,
        option: QStyleOption,
        painter: QPainter,
        widget: QWidget | None = None,
    ) -> None:
        super().drawPrimitive(element, option, painter, widget)
        radio = element == QStyle.PrimitiveElement.PE_IndicatorRadioButton
        if not (radio or element == QStyle.PrimitiveElement.PE_IndicatorCheckBox):
            return
        if not palette_is_dark(option.palette):  # type: ignore[attr-defined]
            return
        painter.save()
        painter.setRenderHint(QPainter.RenderHint.Antialiasing)
        painter.setPen(QPen(INDICATOR_EDGE, 1))
        painter.setBrush(Qt.BrushStyle.NoBrush)
        box = QRectF(option.rect).adjusted(0.5, 0.5, -1.5, -1.5)  # type: ignore[attr-defined]
        if radio:
            painter.drawEllipse(box)
        else:
            painter.drawRoundedRect(box, 1.5, 1.5)
        painter.restore()


def frame_indicators(app: QApplication) -> None:
    """Under the Fusion style (Linux, and wherever the system has no style of
    its own), give check boxes and radio buttons an edge that shows on dark."""
    style = app.style()
    if isinstance(style, FramedIndicators) or style is None or style.name().lower() != "fusion":
        return
    framed = FramedIndicators("Fusion")
    _styles.append(framed)
    app.setStyle(framed)


def system_palette() -> QPalette:
    """The palette the system gave the app (remembered at the first call)."""
    if not _system:
        app = QApplication.instance()
        _system.append(QPalette(QGuiApplication.palette() if app is None else QApplication.palette()))
    return _system[0]


def palette_is_dark(palette: QPalette) -> bool:
    return palette.color(QPalette.ColorRole.Window).lightness() < 128


def system_is_dark() -> bool:
    """The system shows dark windows: its colour scheme says so, or its palette does."""
    from PySide6.QtCore import Qt

    hints = QGuiApplication.styleHints()
    scheme = hints.colorScheme() if hints is not None else Qt.ColorScheme.Unknown
    if scheme == Qt.ColorScheme.Dark:
        return True
    if scheme == Qt.ColorScheme.Light:
        return False
    return palette_is_dark(system_palette())


def effective_scheme(choice: str) -> str:
    """ "light" or "dark": what `choice` ("system", "light", "dark") shows now."""
    if choice in ("light", "dark"):
        return choice
    return "dark" if system_is_dark() else "light"


def dark_palette() -> QPalette:
    """A dark window palette (for the Dark choice on a light system)."""
    p = QPalette()
    window, base, text = QColor("#2b2a27"), QColor("#201f1c"), QColor("#ece8df")
    roles = {
        QPalette.ColorRole.Window: window,
        QPalette.ColorRole.WindowText: text,
        QPalette.ColorRole.Base: base,
        QPalette.ColorRole.AlternateBase: QColor("#2f2d29"),
        QPalette.ColorRole.ToolTipBase: QColor("#3a3833"),
        QPalette.ColorRole.ToolTipText: text,
        QPalette.ColorRole.PlaceholderText: QColor("#9a958c"),
        QPalette.ColorRole.Text: text,
        QPalette.ColorRole.Button: QColor("#3a3833"),
        QPalette.ColorRole.ButtonText: text,
        QPalette.ColorRole.BrightText: QColor("#ff8a80"),
        QPalette.ColorRole.Light: QColor("#4a4741"),
        QPalette.ColorRole.Midlight: QColor("#403e38"),
        QPalette.ColorRole.Mid: QColor("#33312c"),
        QPalette.ColorRole.Dark: QColor("#171614"),
        QPalette.ColorRole.Shadow: QColor("#000000"),
        QPalette.ColorRole.Highlight: QColor("#3f6fb5"),
        QPalette.ColorRole.HighlightedText: QColor("#ffffff"),
        QPalette.ColorRole.Link: QColor("#8ab4f8"),
        QPalette.ColorRole.LinkVisited: QColor("#c58af9"),
    }
    for role, colour in roles.items():
        p.setColor(role, colour)
    grey = QColor("#8a857c")
    for role in (QPalette.ColorRole.WindowText, QPalette.ColorRole.Text, QPalette.ColorRole.ButtonText):
        p.setColor(QPalette.ColorGroup.Disabled, role, grey)
    return p


def light_palette() -> QPalette:
    """A light window palette (for the Light choice on a dark system)."""
    app = QApplication.instance()
    style = app.style() if isinstance(app, QApplication) else None
    p = style.standardPalette() if style is not None else QPalette()
    return p if not palette_is_dark(p) else QPalette(QColor("#efefef"))


def apply_scheme(choice: str) -> str:
    """Show `choice` ("system", "light", "dark"; anything else is "system"):
    the board's colours, and the windows' palette. The scheme shown ("light"
    or "dark")."""
    choice = choice if choice in CHOICES else "system"
    shown = effective_scheme(choice)
    S.set_scheme(shown)
    app = QApplication.instance()
    if isinstance(app, QApplication):
        system = system_palette()
        frame_indicators(app)
        if choice == "system" or palette_is_dark(system) == (shown == "dark"):
            app.setPalette(system)
        else:
            app.setPalette(dark_palette() if shown == "dark" else light_palette())
        # a window with a style sheet keeps its polished palette: polish it again
        for w in app.topLevelWidgets():
            sheet = w.styleSheet()
            if sheet:
                w.setStyleSheet("")
                w.setStyleSheet(sheet)
    return shown


def restyle_views() -> None:
    """Every open board (the game's, a sandbox's, a replay's) takes the scheme's colours."""
    from .view import CityView

    for w in QApplication.allWidgets():
        if isinstance(w, CityView):
            w.restyle()
