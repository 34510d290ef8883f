"""A player's identity without passwords: an Ed25519 key pair the player's
own program makes and keeps, proved to a server on every connection.

The server sends a fresh random challenge in its ``welcome``; the client
signs :func:`proof_bytes` — a fixed label, the ``Host`` it connected to and
the challenge — and sends ``identify`` with its public key, the signature
and the name it asks for. The server checks the signature against the key
and its own challenge and the ``Host`` header of this very connection, so a
signature is good once, on one connection, for one server name: a server
the player connects to cannot pass the proof on to another (see
docs/PROTOCOL.md, "Player identity", for the threat model).

A player is known by the public key, written URL-safe base64 without
padding (43 characters), the *player id*. The private key travels only as
a player's own export: :func:`export_code` (``BCK1.<seed>.<public>``, the
32-byte seed and the public key in the same base64) and back with
:func:`import_code`. The browser page makes and reads the same code
(``web/static/identity.js``, WebCrypto's Ed25519, its JWK ``d`` and ``x``).

The signatures are the ``cryptography`` package's, never hand-written.
"""

from __future__ import annotations

import base64
import binascii
import re
import secrets
from dataclasses import dataclass

from cryptography.exceptions import InvalidSignature
from cryptography.hazmat.primitives.asymmetric.ed25519 import Ed25519PrivateKey, Ed25519PublicKey
from cryptography.hazmat.primitives.serialization import Encoding, NoEncryption, PrivateFormat, PublicFormat

#: what every proof begins with (a signature made for something else is never a proof)
LABEL = b"bigcity-identify-1"
#: a player id: the public key, 32 bytes in URL-safe base64 without padding
PLAYER_ID = re.compile(r"[A-Za-z0-9_-]{43}")
#: a signature: 64 bytes in URL-safe base64 without padding
SIGNATURE = re.compile(r"[A-Za-z0-9_-]{86}")
#: an exported key, as a player carries it to another computer or browser
CODE = re.compile(r"BCK1\.([A-Za-z0-9_-]{43})\.([A-Za-z0-9_-]{43})")
#: the random bytes of a server's challenge
CHALLENGE_BYTES = 32


class IdentityError(ValueError):
    """An exported key that cannot be read; the message says why."""


def b64(raw: bytes) -> str:
    """URL-safe base64 without padding."""
    return base64.urlsafe_b64encode(raw).rstrip(b"=").decode("ascii")


def unb64(text: str) -> bytes:
    return base64.urlsafe_b64decode(text + "=" * (-len(text) % 4))


def new_challenge() -> str:
    """A server's fresh challenge for one connection (43 characters)."""
    return b64(secrets.token_bytes(CHALLENGE_BYTES))


def proof_bytes(host: str, challenge: str) -> bytes:
    """What a client signs: the label, the server's name and port as the
    client connected to them (the ``Host`` header) and the challenge."""
    return b"\0".join((LABEL, host.lower().encode("utf-8"), challenge.encode("ascii")))


def verify(player: str, signature: str, host: str, challenge: str) -> bool:
    """Whether `signature` proves that the holder of `player`'s key answered
    `challenge` on a connection to `host`."""
    if not PLAYER_ID.fullmatch(player) or not SIGNATURE.fullmatch(signature):
        return False
    try:
        key = Ed25519PublicKey.from_public_bytes(unb64(player))
        key.verify(unb64(signature), proof_bytes(host, challenge))
    except (InvalidSignature, ValueError, binascii.Error):
        return False
    return True


@dataclass(frozen=True)
class PlayerKey:
    """A player's key pair (the app's; the page keeps its own in the browser)."""

    seed: bytes  # the 32-byte private key

    @staticmethod
    def new() -> PlayerKey:
        private = Ed25519PrivateKey.generate()
        return PlayerKey(private.private_bytes(Encoding.Raw, PrivateFormat.Raw, NoEncryption()))

    def _private(self) -> Ed25519PrivateKey:
        return Ed25519PrivateKey.from_private_bytes(self.seed)

    @property
    def player(self) -> str:
        """The player id: the public key, URL-safe base64."""
        return b64(self._private().public_key().public_bytes(Encoding.Raw, PublicFormat.Raw))

    def prove(self, host: str, challenge: str) -> str:
        """The signature of an ``identify`` message."""
        return b64(self._private().sign(proof_bytes(host, challenge)))


def export_code(key: PlayerKey) -> str:
    """The key as a code to carry elsewhere: ``BCK1.<seed>.<player id>``."""
    return f"BCK1.{b64(key.seed)}.{key.player}"


def import_code(text: str) -> PlayerKey:
    """A key from its code (spaces and line breaks anywhere are ignored);
    IdentityError with a sentence when it is not one."""
    code = "".join(text.split())
    found = CODE.fullmatch(code)
    if found is None:
        raise IdentityError("This is not a player key's code (it begins with BCK1. and has two parts after it).")
    try:
        key = PlayerKey(unb64(found.group(1)))
        player = key.player
    except (ValueError, binascii.Error):
        raise IdentityError("This player key's code is damaged.") from None
    if player != found.group(2):
        raise IdentityError("This player key's code is damaged: its two halves do not belong together.")
    return key
