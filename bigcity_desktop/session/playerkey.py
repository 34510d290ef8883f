"""The app's player key: made the first time the player goes online, kept
in the profile's secrets file (0600 in a 0700 folder, :mod:`.secretfile`),
filed under the settings file as a seat's token is, so two profiles are two
players. Shown, exported and replaced in Preferences as a code
(``BCK1.…``, :func:`bigcity_desktop.net.identity.export_code`); the page
reads the same code. Qt-free; the key is loaded only when it is needed
(the signatures' library is not part of the cold start).
"""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING

from .secretfile import get_secret, set_secret, set_secret_soon

if TYPE_CHECKING:
    from bigcity_desktop.net.identity import PlayerKey

#: the key's slot in the secrets file (per settings file)
KEY_SLOT = "player-key"


class ProfileKey:
    """The key of the profile whose settings file is `scope`, as Preferences
    shows it (ui/playerkeybox.py's KeyAccess)."""

    def __init__(self, scope: str, path: Path | None = None) -> None:
        self.scope = scope
        self.path = path

    def player(self) -> str:
        return player_key(self.scope, self.path).player

    def code(self) -> str:
        return key_code(self.scope, self.path)

    def replace(self, code: str) -> str:
        return replace_key(self.scope, code, self.path)


def player_key(scope: str, path: Path | None = None) -> PlayerKey:
    """The profile's key; made and kept the first time. A key that cannot
    be kept (the file is not writable) still serves this session."""
    from bigcity_desktop.net.identity import IdentityError, PlayerKey, export_code, import_code

    code = get_secret(scope, KEY_SLOT, path)
    if code is not None:
        try:
            return import_code(code)
        except IdentityError:
            pass  # a damaged entry: a new key (the old one could not sign anyway)
    key = PlayerKey.new()
    set_secret_soon(scope, KEY_SLOT, export_code(key), path)  # (a session starting on the GUI thread)
    return key


def key_code(scope: str, path: Path | None = None) -> str:
    """The profile's key as a code to carry to another computer or browser."""
    from bigcity_desktop.net.identity import export_code

    return export_code(player_key(scope, path))


def replace_key(scope: str, code: str, path: Path | None = None) -> str:
    """The profile takes the key of `code` (IdentityError with a sentence
    when it is not one); its player id."""
    from bigcity_desktop.net.identity import export_code, import_code

    key = import_code(code)
    if not set_secret(scope, KEY_SLOT, export_code(key), path):
        raise OSError("the profile's secrets file cannot be written")
    return key.player
