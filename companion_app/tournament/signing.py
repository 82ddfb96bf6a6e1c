"""Signed messages: HMAC-SHA256 over canonical JSON, with keys derived from the tournament key.

The host holds the tournament key. Each table gets only its own table key, so it can sign its
own match results and nobody else's; every tablet gets the standings key to check what the host
publishes. (HMAC is symmetric: a tablet could forge standings, but never a result; the host's
log of results is what counts, and it republishes the standings from it.)
"""

from __future__ import annotations

import hashlib
import hmac
import json
import secrets
from typing import Any


class BadSignature(ValueError):
    """A message that is not signed with the key it claims."""


def new_key() -> str:
    return secrets.token_hex(32)


def derive(tournament_key: str, purpose: str) -> str:
    return hmac.new(bytes.fromhex(tournament_key), purpose.encode(), hashlib.sha256).hexdigest()


def table_key(tournament_key: str, table: int) -> str:
    return derive(tournament_key, f"table {table}")


def standings_key(tournament_key: str) -> str:
    return derive(tournament_key, "standings")


def canonical(body: dict[str, Any]) -> bytes:
    return json.dumps(body, sort_keys=True, separators=(",", ":")).encode()


def sign(body: dict[str, Any], key: str) -> bytes:
    mac = hmac.new(bytes.fromhex(key), canonical(body), hashlib.sha256).hexdigest()
    return json.dumps({"body": body, "sig": mac}, separators=(",", ":")).encode()


def open_signed(payload: bytes, key_for: Any) -> dict[str, Any]:
    """The body of a signed message; ``key_for(body)`` names the key it must be signed with."""
    try:
        msg = json.loads(payload)
        body, sig = msg["body"], msg["sig"]
    except (ValueError, KeyError, TypeError):
        raise BadSignature("not a signed Altar message") from None
    if not isinstance(body, dict) or not isinstance(sig, str):
        raise BadSignature("not a signed Altar message")
    key = key_for(body)
    if key is None:
        raise BadSignature("signed by nobody this tournament knows")
    good = hmac.new(bytes.fromhex(key), canonical(body), hashlib.sha256).hexdigest()
    if not hmac.compare_digest(good, sig):
        raise BadSignature("the signature does not match")
    return body
