"""Who may sign what in a tournament: Ed25519 keys (the ``cryptography`` package), as short text.

The host signs the tournament's state with its own private key; tables and watchers hold only
its public key, so nothing they hold makes a state anyone accepts. Each table signs its results
with a private key of its own; the host checks them with that table's public key. A signature
covers a *purpose* word as well as the body, so a message signed for one use ("result") is
never taken for another ("state").

The whole API (issue 23's broadcast signs each table's public view with these too):

- ``new_private_key() -> str``: a fresh private key, as text (43 characters, base64url).
- ``public_key(private) -> str``: its public key, as text (43 characters).
- ``sign(purpose, body, private) -> bytes``: a signed message, ``{"sig": ..., "body": ...}``
  (JSON, in exactly that layout: the signature covers the body's bytes as sent).
- ``open_signed(purpose, payload, public_for, limit) -> dict``: the body of a signed
  message, read within ``limit`` (size and nesting, see ``messages.py``);
  ``public_for(body)`` names the public key it must carry (``UnknownSigner``, a
  ``BadMessage``, when it names none). Anything else raises ``BadMessage`` (never another
  exception), with its kind (``.kind``, what counters group by) and the reason in words.
- ``fingerprint(der) -> str``: a certificate's SHA-256, as text (the join code's TLS pin).

Keys as text are what the join codes carry; a malformed key is a ``BadMessage`` too.
"""

from __future__ import annotations

import base64
import hashlib
import json
from collections.abc import Callable
from typing import Any

from cryptography.exceptions import InvalidSignature
from cryptography.hazmat.primitives.asymmetric.ed25519 import Ed25519PrivateKey, Ed25519PublicKey
from cryptography.hazmat.primitives.serialization import Encoding, PublicFormat

from companion_app.tournament import messages
from companion_app.tournament.messages import BadMessage, Limit, check_size, decode


class UnknownSigner(BadMessage):
    """``public_for`` named no key for the message's body: signed by nobody this tournament
    knows (the body may be another kind of message, which a caller tells by this type)."""

    def __init__(self, message: str) -> None:
        super().__init__(messages.UNKNOWN_SIGNER, message)


# Purpose words: what a signature was made for (issue 23 adds its own for a table's view).
RESULT = "result"  # a table's game result, signed with that table's key
STATE = "state"  # the host's tournament state, signed with the host's key

KEY_TEXT = 43  # 32 bytes in unpadded base64url
SIG_TEXT = 86  # 64 bytes in unpadded base64url


def _text(raw: bytes) -> str:
    return base64.urlsafe_b64encode(raw).rstrip(b"=").decode()


def _raw(text: str, size: int, what: str, kind: str = messages.BAD_KEY) -> bytes:
    if not isinstance(text, str) or not text.isascii() or len(text) != (size * 4 + 2) // 3:
        raise BadMessage(kind, f"{what} is not {size} bytes of base64url text")
    try:
        return base64.urlsafe_b64decode(text + "=" * (-len(text) % 4))
    except ValueError:
        raise BadMessage(kind, f"{what} is not base64url text") from None


def new_private_key() -> str:
    return _text(Ed25519PrivateKey.generate().private_bytes_raw())


def _private(private: str) -> Ed25519PrivateKey:
    return Ed25519PrivateKey.from_private_bytes(_raw(private, 32, "the private key"))


def public_key(private: str) -> str:
    return _text(_private(private).public_key().public_bytes(Encoding.Raw, PublicFormat.Raw))


def check_key(text: str, what: str) -> str:
    """``text`` if it is a key's text (32 bytes of base64url); BadMessage naming ``what``."""
    _raw(text, 32, what)
    return text


def canonical(body: dict[str, Any]) -> bytes:
    """The body as signed: sorted, compact JSON."""
    return json.dumps(body, sort_keys=True, separators=(",", ":")).encode()


def _covered(purpose: str, body_text: bytes) -> bytes:
    """What a signature covers: the purpose word, then the body's bytes as sent."""
    return b"altar-tournament " + purpose.encode() + b"\n" + body_text


# A signed message has one layout: {"sig":"<86 characters>","body":<the body as signed>}. The
# reader checks the signature over the body's bytes as they came and parses only the body,
# never writing it again (that cost more than the signature itself).
_HEAD = b'{"sig":"'
_MID = b'","body":'
_BODY_AT = len(_HEAD) + SIG_TEXT + len(_MID)


def sign(purpose: str, body: dict[str, Any], private: str) -> bytes:
    text = canonical(body)
    sig = _private(private).sign(_covered(purpose, text))
    return _HEAD + _text(sig).encode() + _MID + text + b"}"


def open_signed(
    purpose: str,
    payload: bytes,
    public_for: Callable[[dict[str, Any]], str | None],
    limit: Limit,
) -> dict[str, Any]:
    check_size(payload, limit)
    payload = bytes(payload)
    layout = payload.startswith(_HEAD) and payload.endswith(b"}")
    if not layout or payload[_BODY_AT - len(_MID) : _BODY_AT] != _MID:
        raise BadMessage(messages.NOT_SIGNED, "not a signed Altar message")
    text = payload[_BODY_AT:-1]
    body = decode(text, limit)
    public = public_for(body)
    if public is None:
        raise UnknownSigner("signed by nobody this tournament knows")
    try:
        sig = payload[len(_HEAD) : _BODY_AT - len(_MID)].decode("ascii")
    except UnicodeDecodeError:
        raise BadMessage(
            messages.GARBLED_SIGNATURE, "the signature is not base64url text"
        ) from None
    key = Ed25519PublicKey.from_public_bytes(_raw(public, 32, "the public key"))
    raw_sig = _raw(sig, 64, "the signature", messages.GARBLED_SIGNATURE)
    try:
        key.verify(raw_sig, _covered(purpose, text))
    except InvalidSignature:
        raise BadMessage(messages.SIGNED_WRONGLY, "the signature does not match") from None
    return body


def fingerprint(der: bytes) -> str:
    return _text(hashlib.sha256(der).digest())
