"""The handshake's material, for the host and for tests: proofs, session keys, a new claim's
key and code, CLAIM and AUTH payloads, and the parts HELLO and public keys travel in.

Like wire.py it keeps to what MicroPython runs (the firmware tests' table side uses it on the
VM), but it is not deployed: the device computes the same bytes with altarfw/auth.py and its
Link, and the shared vectors (tests/vectors) hold both to the specification
(docs/protocol.md, "Connection, claim and authentication").
"""

import hashlib

try:
    from hardware.wire import (
        KEY_SIZE,
        MAX_PAYLOAD,
        NONCE_SIZE,
        PROOF_SIZE,
        SESSION_KEY_SIZE,
        TABLE_ID_SIZE,
        WireError,
    )
except ImportError:  # on MicroPython, where wire.py is a top-level module
    from wire import (  # type: ignore[import-not-found, no-redef]
        KEY_SIZE,
        MAX_PAYLOAD,
        NONCE_SIZE,
        PROOF_SIZE,
        SESSION_KEY_SIZE,
        TABLE_ID_SIZE,
        WireError,
    )

PUBLIC_KEY_SIZE = 32  # X25519


def hmac_sha256(key: bytes | bytearray, data: bytes | bytearray | memoryview) -> bytes:
    """HMAC-SHA256 (RFC 2104): the frame MAC, the claim proofs and the session key.

    Written out because MicroPython has hashlib.sha256 but no hmac module.
    """
    if len(key) > 64:
        key = hashlib.sha256(key).digest()
    pad = bytes(key) + bytes(64 - len(key))
    inner = hashlib.sha256(bytes(b ^ 0x36 for b in pad))
    inner.update(data)
    outer = hashlib.sha256(bytes(b ^ 0x5C for b in pad))
    outer.update(inner.digest())
    return outer.digest()


# Parts.
#
# HELLO and the claim's public keys do not fit one 20-byte frame. They go in parts, each
# payload starting with index << 4 | last index, then up to PART_DATA bytes; a receiver takes
# them in order (a transport that loses one loses the message, and the sender's retry timer
# sends every part again).
PART_DATA = MAX_PAYLOAD - 1  # 14


def parts(data: bytes | bytearray) -> list[bytes]:
    """Split data into part payloads (at most 16 parts)."""
    n = (len(data) + PART_DATA - 1) // PART_DATA or 1
    if n > 16:
        raise WireError("%d bytes need more than 16 parts" % len(data))
    return [
        bytes([(i << 4) | (n - 1)]) + bytes(data[i * PART_DATA : (i + 1) * PART_DATA])
        for i in range(n)
    ]


class Reassembler:
    """Puts parts back together: ``feed(payload)`` -> the whole message once its last part came
    in order, else None. A part out of order starts over (the sender repeats them all)."""

    def __init__(self, size: int) -> None:
        self.size = size
        self._buf = bytearray()
        self._next = 0

    def feed(self, payload: bytes | bytearray | memoryview) -> bytes | None:
        if len(payload) < 2:
            raise WireError("a message part of %d bytes" % len(payload))
        index, last = payload[0] >> 4, payload[0] & 0x0F
        if index == 0:
            self._buf = bytearray()
            self._next = 0
        if index != self._next or index > last:
            self._next = 0
            return None
        self._buf.extend(payload[1:])
        self._next += 1
        if len(self._buf) > self.size:
            self._next = 0
            raise WireError("a message of more than %d bytes in parts" % self.size)
        if index < last:
            return None
        self._next = 0
        if len(self._buf) != self.size:
            raise WireError(
                "a message of %d bytes in parts, expected %d" % (len(self._buf), self.size)
            )
        return bytes(self._buf)


def device_proof(key: bytes, transcript: bytes) -> bytes:
    """The device's AUTH: HMAC(K, "altar-dev" + transcript)[:8]. The transcript is the HELLO
    payload, the CLAIM payload and, for a new claim, the host's then the device's public key:
    a HELLO or CLAIM changed on the way gives another proof."""
    return hmac_sha256(key, b"altar-dev" + transcript)[:PROOF_SIZE]


def host_proof(key: bytes, transcript: bytes) -> bytes:
    """The host's AUTH: HMAC(K, "altar-host" + transcript)[:8]."""
    return hmac_sha256(key, b"altar-host" + transcript)[:PROOF_SIZE]


def session_keys(key: bytes, transcript: bytes) -> tuple[bytes, bytes]:
    """-> (device-to-host key, host-to-device key), 16 bytes each: one per direction, so a frame
    sent back to its sender (reflected) fails the MAC."""
    d2h = hmac_sha256(key, b"altar-d2h" + transcript)[:SESSION_KEY_SIZE]
    h2d = hmac_sha256(key, b"altar-h2d" + transcript)[:SESSION_KEY_SIZE]
    return d2h, h2d


def claim_key(shared: bytes, transcript: bytes) -> bytes:
    """A new claim's device key from the X25519 shared secret: HMAC(shared, "altar-claim" +
    transcript)[:16]. Both public keys are in the transcript."""
    return hmac_sha256(shared, b"altar-claim" + transcript)[:KEY_SIZE]


def claim_code(key: bytes, transcript: bytes) -> str:
    """Six digits both ends of a new claim can show: equal codes, no one in the middle."""
    d = hmac_sha256(key, b"altar-code" + transcript)
    n = (d[0] << 24 | d[1] << 16 | d[2] << 8 | d[3]) % 1000000
    return "%06d" % n


def claim_payload(
    table_id: bytes | bytearray, host_nonce: bytes | bytearray, new: bool = False
) -> bytes:
    """CLAIM: table id (4), host nonce (8) [, 0x01: a new claim, the host's KEY parts sent first]."""
    if len(table_id) != TABLE_ID_SIZE or len(host_nonce) != NONCE_SIZE:
        raise WireError("CLAIM needs a 4-byte table id and an 8-byte nonce")
    return bytes(table_id) + bytes(host_nonce) + (b"\x01" if new else b"")


def parse_claim(payload: bytes | bytearray | memoryview) -> tuple[bytes, bytes, bool]:
    """-> (table_id, host_nonce, new claim)."""
    if len(payload) not in (12, 13) or (len(payload) == 13 and payload[12] != 1):
        raise WireError("CLAIM payload of %d bytes, expected 12 or 13" % len(payload))
    return bytes(payload[0:4]), bytes(payload[4:12]), len(payload) == 13


def parse_auth(payload: bytes | bytearray | memoryview) -> bytes:
    if len(payload) != PROOF_SIZE:
        raise WireError("AUTH payload of %d bytes, expected %d" % (len(payload), PROOF_SIZE))
    return bytes(payload)
