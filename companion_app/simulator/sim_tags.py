"""Tags for the simulated reader: one stable 7-byte UID per card id (no Kivy here).

Real NTAG UIDs are 7 bytes starting with the maker's code (0x04, NXP); we make the rest from
the card id, so the same card always has the same tag in tests and demos.
"""

from __future__ import annotations

import hashlib

UNKNOWN_UID = bytes.fromhex("04deadbeef0001")


def sim_uid(card_id: str) -> bytes:
    return b"\x04" + hashlib.sha1(card_id.encode("utf-8")).digest()[:6]
