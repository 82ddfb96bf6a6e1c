"""Reading a message off the broker: any message costs at most itself.

Anyone who can publish on a topic can send anything there: a megabyte, ``'[' * 200000`` (which
makes ``json.loads`` recurse until ``RecursionError``), bytes that are not UTF-8, JSON that is
not an object. ``decode`` checks the size before reading, the nesting before parsing, and turns
every error decoding can raise into ``BadMessage``; callers count what they drop and carry on.
"""

from __future__ import annotations

import json
import re
from dataclasses import dataclass
from typing import Any


class BadMessage(ValueError):
    """A message that is refused: too big, too deep, not JSON, not signed, signed wrongly."""


@dataclass(frozen=True)
class Limit:
    max_bytes: int
    max_depth: int


# A result is a flat object of about 200 bytes; a state carries the whole tournament (an 8-player
# team draft with every game and decider is under 20 KiB) nested 4 deep.
RESULT = Limit(max_bytes=4096, max_depth=4)
STATE = Limit(max_bytes=256 * 1024, max_depth=6)

_STRING = re.compile(rb'"[^"\\]*(?:\\.[^"\\]*)*"', re.DOTALL)  # a JSON string, unrolled
_ONLY_BRACKETS = bytes.maketrans(b"{}", b"[]")
_NOT_BRACKETS = bytes(b for b in range(256) if b not in b"[]{}")


def deeper_than(payload: bytes, limit: int) -> bool:
    """Whether the JSON's arrays and objects nest deeper than ``limit``, told without parsing
    it (brackets inside strings do not count; unbalanced ones count as deep). Each pass takes
    away the innermost pairs, in C: a payload nested ``limit`` deep has none left after
    ``limit`` passes."""
    # Outside strings: every other piece between quotes, unless a quote is escaped somewhere.
    outside = _STRING.sub(b"", payload) if b"\\" in payload else b"".join(payload.split(b'"')[::2])
    brackets = outside.translate(_ONLY_BRACKETS, _NOT_BRACKETS)
    for _ in range(limit):
        if not brackets:
            return False
        brackets = brackets.replace(b"[]", b"")
    return bool(brackets)


def reason(e: BaseException) -> str:
    """A refusal's reason without its numbers, so refusals of one kind are counted together."""
    return re.sub(r"\b\d+\b", "N", str(e) or type(e).__name__)[:80]


def decode(payload: bytes, limit: Limit) -> dict[str, Any]:
    """The JSON object in ``payload``, or BadMessage saying why not. Never raises anything
    else."""
    if not isinstance(payload, bytes | bytearray):
        raise BadMessage("not a message")
    if len(payload) > limit.max_bytes:
        raise BadMessage(f"{len(payload)} bytes, more than the {limit.max_bytes} allowed")
    if deeper_than(payload, limit.max_depth):
        raise BadMessage(f"nested deeper than {limit.max_depth}")
    try:
        msg = json.loads(payload)
    except (ValueError, RecursionError, TypeError) as e:  # UnicodeDecodeError is a ValueError
        raise BadMessage(f"not JSON ({type(e).__name__})") from None
    if not isinstance(msg, dict):
        raise BadMessage("not a JSON object")
    return msg
