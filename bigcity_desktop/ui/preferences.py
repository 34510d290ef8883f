"""Preferences (Tools → Preferences… in the game, Edit → Preferences… in the
sandbox): language, bot speed, animations, colour palette, light or dark, confirm before
passing, the sound's volume and mute. Remembered with QSettings under the keys below; OK writes them and
emits ``applied`` so that open windows take them over at once (the language
when the program is next started)."""

from __future__ import annotations

from dataclasses import dataclass

from PySide6.QtCore import QSettings, Qt, Signal
from PySide6.QtWidgets import (
    QCheckBox,
    QComboBox,
    QDialog,
    QDialogButtonBox,
    QFormLayout,
    QHBoxLayout,
    QLabel,
    QSlider,
    QVBoxLayout,
)

from bigcity_desktop.i18n import (
    LANGUAGE_KEY,
    LANGUAGES,
    QT_TRANSLATE_NOOP,
    current_language,
    effective_language,
    language_setting,
    translate,
)
from bigcity_desktop.ui.playerkeybox import KeyAccess, PlayerKeyBox
from bigcity_desktop.ui.settingvalues import as_bool
from bigcity_desktop.ui.sound import (
    DEFAULT_SOUND_VOLUME,
    SOUND_MUTED_KEY,
    SOUND_VOLUME_KEY,
    Effect,
    SoundPlayer,
    SoundSettings,
)

BOT_SPEEDS = {"Instant": 0, "Fast": 250, "Normal": 700, "Slow": 1500}
#: the words shown for the speeds and the bot levels (the keys stay English: object names, settings)
_SPEED_WORDS = (
    QT_TRANSLATE_NOOP("Preferences", "Instant"),
    QT_TRANSLATE_NOOP("Preferences", "Fast"),
    QT_TRANSLATE_NOOP("Preferences", "Normal"),
    QT_TRANSLATE_NOOP("Preferences", "Slow"),
)


def speed_label(name: str) -> str:
    """A key of BOT_SPEEDS as the menus show it."""
    return translate("Preferences", name)


ANIMATIONS_KEY = "prefs/animations"
PALETTE_KEY = "prefs/palette"
CONFIRM_PASS_KEY = "prefs/confirmPass"
DISCOVERY_KEY = "net/discovery"
BOT_DELAY_KEY = "game/botDelayMs"
PALETTES = ("standard", "colourblind")
SCHEME_KEY = "prefs/colourScheme"
SCHEMES = ("system", "light", "dark")  # follow the system's light or dark palette, or one of them


@dataclass
class Preferences:
    language: str = ""  # "" = the system's
    bot_delay_ms: int = BOT_SPEEDS["Normal"]
    animations: bool = True
    palette: str = "standard"
    scheme: str = "system"  # light or dark: "system", "light", "dark"
    confirm_pass: bool = False
    discovery: bool = True  # find network tables on the local network (mDNS), and show one's own
    sound_volume: int = DEFAULT_SOUND_VOLUME  # the sound effects, 0 to 100
    sound_muted: bool = False

    @classmethod
    def load(cls, settings: QSettings | None = None) -> Preferences:
        s = settings if settings is not None else QSettings()
        try:
            delay = int(str(s.value(BOT_DELAY_KEY, BOT_SPEEDS["Normal"])))
        except (TypeError, ValueError):
            delay = BOT_SPEEDS["Normal"]
        palette = str(s.value(PALETTE_KEY, "standard") or "standard")
        scheme = str(s.value(SCHEME_KEY, "system") or "system")
        sound = SoundSettings.load(s)
        return cls(
            language=language_setting(s),
            bot_delay_ms=delay if 0 <= delay <= 10_000 else BOT_SPEEDS["Normal"],
            animations=as_bool(s.value(ANIMATIONS_KEY), True),
            palette=palette if palette in PALETTES else "standard",
            scheme=scheme if scheme in SCHEMES else "system",
            confirm_pass=as_bool(s.value(CONFIRM_PASS_KEY), False),
            discovery=as_bool(s.value(DISCOVERY_KEY), True),
            sound_volume=sound.volume,
            sound_muted=sound.muted,
        )

    def save(self, settings: QSettings | None = None) -> None:
        s = settings if settings is not None else QSettings()
        s.setValue(LANGUAGE_KEY, self.language)
        s.setValue(BOT_DELAY_KEY, int(self.bot_delay_ms))
        s.setValue(ANIMATIONS_KEY, bool(self.animations))
        s.setValue(PALETTE_KEY, self.palette)
        s.setValue(SCHEME_KEY, self.scheme)
        s.setValue(CONFIRM_PASS_KEY, bool(self.confirm_pass))
        s.setValue(DISCOVERY_KEY, bool(self.discovery))
        s.setValue(SOUND_VOLUME_KEY, min(100, max(0, int(self.sound_volume))))
        s.setValue(SOUND_MUTED_KEY, bool(self.sound_muted))
        s.sync()


class PreferencesDialog(QDialog):
    """The preferences form; OK saves them and emits ``applied(Preferences)``."""

    applied = Signal(object)

    def __init__(self, settings: QSettings | None = None, parent=None, player_key: KeyAccess | None = None):
        super().__init__(parent)
        self.setObjectName("PreferencesDialog")
        self.setWindowTitle(translate("Preferences", "Preferences"))
        self.settings = settings if settings is not None else QSettings()
        self.started_language = current_language()
        self._preview: SoundPlayer | None = None  # plays an effect when the volume slider is let go
        prefs = Preferences.load(self.settings)
        lay = QVBoxLayout(self)
        form = QFormLayout()

        self.language = QComboBox()
        self.language.setObjectName("language")
        system = LANGUAGES[effective_language("")]
        self.language.addItem(translate("Preferences", "System default ({language})").format(language=system), "")
        for code, name in LANGUAGES.items():
            self.language.addItem(name, code)
        self.language.setCurrentIndex(max(0, self.language.findData(prefs.language)))
        self.language.setToolTip(translate("Preferences", "The language of menus, messages and the rules summary"))
        form.addRow(translate("Preferences", "&Language:"), self.language)

        self.speed = QComboBox()
        self.speed.setObjectName("botSpeed")
        for name, ms in BOT_SPEEDS.items():
            label = speed_label(name)
            if ms:
                label = translate("Preferences", "{speed} ({seconds} s per move)").format(
                    speed=label, seconds=f"{ms / 1000:g}"
                )
            self.speed.addItem(label, ms)
        i = self.speed.findData(prefs.bot_delay_ms)
        if i < 0:  # a delay set by hand in the settings file: shown as it is
            self.speed.addItem(
                translate("Preferences", "{ms} ms per move").format(ms=prefs.bot_delay_ms), prefs.bot_delay_ms
            )
            i = self.speed.count() - 1
        self.speed.setCurrentIndex(i)
        form.addRow(translate("Preferences", "&Bot speed:"), self.speed)

        self.animations = QCheckBox(translate("Preferences", "Move pieces and cards, count up the scores"))
        self.animations.setObjectName("animations")
        self.animations.setToolTip(
            translate(
                "Preferences",
                "Short motion (under half a second, never in the way of a click or key), the bots' moves "
                "flashed on the board and the end-of-game moment; off: everything shows at once",
            )
        )
        self.animations.setChecked(prefs.animations)
        form.addRow(translate("Preferences", "&Animations:"), self.animations)

        self.palette_box = QComboBox()
        self.palette_box.setObjectName("palette")
        self.palette_box.addItem(translate("Preferences", "Standard"), "standard")
        self.palette_box.addItem(translate("Preferences", "Colour-blind safe"), "colourblind")
        self.palette_box.setCurrentIndex(max(0, self.palette_box.findData(prefs.palette)))
        self.palette_box.setToolTip(
            translate("Preferences", "The player colours offered for new games and used on the board")
        )
        form.addRow(translate("Preferences", "Colour &palette:"), self.palette_box)

        self.scheme_box = QComboBox()
        self.scheme_box.setObjectName("scheme")
        self.scheme_box.addItem(translate("Preferences", "As the system"), "system")
        self.scheme_box.addItem(translate("Preferences", "Light"), "light")
        self.scheme_box.addItem(translate("Preferences", "Dark"), "dark")
        self.scheme_box.setCurrentIndex(max(0, self.scheme_box.findData(prefs.scheme)))
        self.scheme_box.setToolTip(
            translate("Preferences", "Light or dark windows and board; “As the system” follows the system's setting")
        )
        form.addRow(translate("Preferences", "&Light or dark:"), self.scheme_box)

        self.confirm_pass = QCheckBox(translate("Preferences", "Ask before passing a turn"))
        self.confirm_pass.setObjectName("confirmPass")
        self.confirm_pass.setChecked(prefs.confirm_pass)
        form.addRow(translate("Preferences", "&Confirm:"), self.confirm_pass)

        self.discovery = QCheckBox(translate("Preferences", "Find tables on this network, and show mine"))
        self.discovery.setObjectName("discovery")
        self.discovery.setChecked(prefs.discovery)
        self.discovery.setToolTip(
            translate(
                "Preferences",
                "Network games: tables on computers of the same local network appear in Join by themselves (mDNS)",
            )
        )
        form.addRow(translate("Preferences", "&Network:"), self.discovery)
        sound_row = self._sound_row(prefs)
        sound_label = QLabel(translate("Preferences", "&Sound:"))
        sound_label.setBuddy(self.sound_volume)  # a row of two widgets: the label's key goes to the slider
        form.addRow(sound_label, sound_row)
        lay.addLayout(form)
        if player_key is not None:  # who this profile is at table servers (ui/playerkeybox.py)
            lay.addWidget(PlayerKeyBox(player_key, self))

        self.note = QLabel()
        self.note.setObjectName("languageNote")
        self.note.setWordWrap(True)
        lay.addWidget(self.note)
        self.language.currentIndexChanged.connect(self._language_changed)
        self._language_changed()

        buttons = QDialogButtonBox(QDialogButtonBox.StandardButton.Ok | QDialogButtonBox.StandardButton.Cancel)
        buttons.accepted.connect(self.accept)
        buttons.rejected.connect(self.reject)
        lay.addWidget(buttons)
        self.buttons = buttons

    def _sound_row(self, prefs: Preferences) -> QHBoxLayout:
        """The volume slider and the mute box, side by side."""
        self.sound_volume = QSlider(Qt.Orientation.Horizontal)
        self.sound_volume.setObjectName("soundVolume")
        self.sound_volume.setRange(0, 100)
        self.sound_volume.setSingleStep(5)
        self.sound_volume.setPageStep(10)
        self.sound_volume.setValue(prefs.sound_volume)
        self.sound_volume.setAccessibleName(translate("Preferences", "Sound volume"))
        self.sound_volume.setToolTip(
            translate(
                "Preferences",
                "How loud the sound effects play: a building placed, a tile laid, cards drawn, a bot's move, "
                "your turn, the end of a game",
            )
        )
        self.sound_volume.sliderPressed.connect(self._prepare_preview)
        self.sound_volume.sliderReleased.connect(self._preview_sound)
        self.sound_muted = QCheckBox(translate("Preferences", "Mute"))
        self.sound_muted.setObjectName("soundMuted")
        self.sound_muted.setChecked(prefs.sound_muted)
        self.sound_muted.setToolTip(translate("Preferences", "No sound at all"))
        self.sound_muted.toggled.connect(lambda muted: self.sound_volume.setEnabled(not muted))
        self.sound_volume.setEnabled(not prefs.sound_muted)
        row = QHBoxLayout()
        row.addWidget(self.sound_volume, 1)
        row.addWidget(self.sound_muted)
        return row

    def _preview_player(self) -> SoundPlayer:

        if self._preview is None:
            self._preview = SoundPlayer(self.settings, self)
        return self._preview

    def _prepare_preview(self) -> None:
        """The slider taken: the effects load, to be heard when it is let go."""
        self._preview_player().prepare()

    def _preview_sound(self) -> None:
        """The slider let go: one effect at the chosen volume, to hear it."""

        self._preview_player().play(Effect.BUILDING, SoundSettings(volume=self.sound_volume.value()))

    def _language_changed(self) -> None:
        chosen = effective_language(self.language.currentData())
        if chosen != self.started_language:
            self.note.setText(
                translate("Preferences", "The new language is used when Big City Desktop is started again.")
            )
        else:
            self.note.setText("")

    def preferences(self) -> Preferences:
        return Preferences(
            language=str(self.language.currentData()),
            bot_delay_ms=int(self.speed.currentData()),
            animations=self.animations.isChecked(),
            palette=str(self.palette_box.currentData()),
            scheme=str(self.scheme_box.currentData()),
            confirm_pass=self.confirm_pass.isChecked(),
            discovery=self.discovery.isChecked(),
            sound_volume=self.sound_volume.value(),
            sound_muted=self.sound_muted.isChecked(),
        )

    def accept(self) -> None:
        prefs = self.preferences()
        prefs.save(self.settings)
        self.applied.emit(prefs)
        super().accept()
