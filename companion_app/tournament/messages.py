"""Reading a message off the broker: any message costs at most itself.

Anyone who can publish on a topic can send anything there: a megabyte, ``'[' * 200000`` (which
makes ``json.loads`` recurse until ``RecursionError``), bytes that are not UTF-8, JSON that is
not an object. ``decode`` checks the size before reading, the nesting before parsing, and turns
every error decoding can raise into ``BadMessage``; callers count what they drop and carry on.

A refusal has a kind (one of the constants below: a few words that never change) and a message
(the whole reason, numbers and all, for the log and the screens). Counters group by the kind:
two messages of one kind worded with different numbers, or in other words, count together.
"""

from __future__ import annotations

import json
import re
from dataclasses import dataclass
from typing import Any, Final

# What a message is refused for: the keys of the counters (``Host.refusals``, ``Seen.dropped``).
NOT_BYTES: Final = "not bytes"  # the broker handed over something else
TOO_BIG: Final = "too big"
TOO_DEEP: Final = "too deep"
NOT_JSON: Final = "not JSON"
NOT_AN_OBJECT: Final = "not an object"
NOT_SIGNED: Final = "not signed"  # not in a signed message's layout
GARBLED_SIGNATURE: Final = "garbled signature"  # where the signature goes, no signature's text
SIGNED_WRONGLY: Final = "signed wrongly"  # a signature the key does not verify
UNKNOWN_SIGNER: Final = "unknown signer"  # no key this reader knows for the body
BAD_KEY: Final = "bad key"  # a key's text that is no key
MISADDRESSED: Final = "misaddressed"  # for another table or tournament than its topic's
UNKNOWN_TOPIC: Final = "unknown topic"  # a topic that is no table's
MALFORMED: Final = "malformed"  # a body without the fields its kind of message has
DOES_NOT_ADD_UP: Final = "does not add up"  # a state whose version is not its count of changes
NOT_JOINED: Final = "not joined"  # a result for a table no tablet is bound to yet
SECOND_TABLET: Final = "second tablet"  # a join from another tablet than the table's
OTHER_TABLE_S_MATCH: Final = "another table's match"
TOURNAMENT_REFUSED: Final = "refused by the tournament"  # not due, no such match, ...


class BadMessage(ValueError):
    """A message that is refused, for ``kind`` (one of the constants above, or a reader's own
    such as the broadcast's ``channel.NOT_ADMITTED``); ``str(e)`` says why in words."""

    def __init__(self, kind: str, message: str) -> None:
        super().__init__(message)
        self.kind = kind


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


def kind_of(e: BaseException) -> str:
    """The counter a refused message goes to: a BadMessage's kind; for anything else (a bug
    a stranger's message found) the exception's type."""
    return e.kind if isinstance(e, BadMessage) else type(e).__name__


def check_size(payload: bytes, limit: Limit) -> None:
    """BadMessage unless ``payload`` is bytes within the limit's size: checked first, before
    anything reads it."""
    if not isinstance(payload, bytes | bytearray):
        raise BadMessage(NOT_BYTES, "not a message")
    if len(payload) > limit.max_bytes:
        raise BadMessage(TOO_BIG, f"{len(payload)} bytes, more than the {limit.max_bytes} allowed")


def decode(payload: bytes, limit: Limit) -> dict[str, Any]:
    """The JSON object in ``payload``, or BadMessage saying why not. Never raises anything
    else."""
    check_size(payload, limit)
    if deeper_than(payload, limit.max_depth):
        raise BadMessage(TOO_DEEP, f"nested deeper than {limit.max_depth}")
    try:
        msg = json.loads(payload)
    except (ValueError, RecursionError, TypeError) as e:  # UnicodeDecodeError is a ValueError
        raise BadMessage(NOT_JSON, f"not JSON ({type(e).__name__})") from None
    if not isinstance(msg, dict):
        raise BadMessage(NOT_AN_OBJECT, "not a JSON object")
    return msg
