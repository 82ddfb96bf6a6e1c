"""Writes the protocol's shared test vectors (protocol version 2). Run once per protocol change:

    .venv/bin/python -m tests.vectors.make_vectors

The frames are built here from the specification with CPython's own CRC (binascii.crc_hqx),
HMAC (hmac) and struct, not with wire.py's; the Chaskey-8 vectors are the published ones (the
Chaskey reference code), the X25519 ones RFC 7748's. wire.py, x25519.py and the firmware must
agree with them on CPython and on MicroPython. Never regenerate to make a test pass.
"""

from __future__ import annotations

import binascii
import hashlib
import hmac
import json
import struct
from pathlib import Path

from hardware import wire  # only for Chaskey-12, checked against Chaskey-8's published vectors

HERE = Path(__file__).parent
KEY = bytes(range(16))
VERSION = 2

# Chaskey (8 rounds) reference vectors: key words 833D3433 009F389F 2398E64F 417ACF39,
# message bytes 0, 1, ..., n-1; tags as four little-endian words.
CHASKEY8 = {
    0: (0x792E8FE5, 0x75CE87AA, 0x2D1450B5, 0x1191970B),
    1: (0x13A9307B, 0x50E62C89, 0x4577BD88, 0xC0BBDC18),
    15: (0x51B94DA4, 0xEFCC4DE8, 0x192412EA, 0xBBC170DD),
    16: (0x79271CA9, 0xD66A1C71, 0x81CA474E, 0x49831CAD),
    17: (0x048DA968, 0x4E25D096, 0x2D6CF897, 0xBC3959CA),
    63: (0x9047FAD7, 0x88136D8C, 0xA488286B, 0x7FE9352C),
}
CHASKEY8_KEY = struct.pack("<4I", 0x833D3433, 0x009F389F, 0x2398E64F, 0x417ACF39)

X25519 = [
    {
        "scalar": "a546e36bf0527c9d3b16154b82465edd62144c0ac1fc5a18506a2244ba449ac4",
        "u": "e6db6867583030db3594c1a424b15f7c726624ec26b3353b10a903a6d0ab1c4c",
        "out": "c3da55379de9c6908e94ea4df28d084f32eccf03491c71f754b4075577a28552",
        "source": "RFC 7748 section 5.2",
    },
    {
        "scalar": "77076d0a7318a57d3c16c17251b26645df4c2f87ebc0992ab177fba51db92c2a",
        "u": "0900000000000000000000000000000000000000000000000000000000000000",
        "out": "8520f0098930a754748b7ddcb43ef75a0dbf3a0d26381af4eba4a98eaa9b4e6a",
        "source": "RFC 7748 section 6.1, Alice's public key",
    },
    {
        "scalar": "5dab087e624a8a4b79e17f8b83800ee66f3bb1292618b6fd1c2f8b27ff88e0eb",
        "u": "8520f0098930a754748b7ddcb43ef75a0dbf3a0d26381af4eba4a98eaa9b4e6a",
        "out": "4a5d9d5ba4ce2de1728e3bf480350f25e07e21c947d19e3376f09b3c1e161742",
        "source": "RFC 7748 section 6.1, the shared secret",
    },
]


def crc(data: bytes) -> bytes:
    return struct.pack("<H", binascii.crc_hqx(data, 0xFFFF))


def frame(msg_type: int, seq: int, payload: bytes, key: bytes | None) -> bytes:
    first = (VERSION << 5) | msg_type | (0x10 if key else 0)
    body = bytes([first]) + struct.pack("<H", seq) + payload
    if key:
        body += wire.chaskey(key, body)[:4]
    return body + crc(body)


def cobs(data: bytes) -> bytes:
    out = bytearray()
    for block in data.split(b"\x00"):
        while len(block) >= 254:
            out += b"\xff" + block[:254]
            block = block[254:]
        out += bytes([len(block) + 1]) + block
    return bytes(out) + b"\x00"


def hm(key: bytes, data: bytes) -> bytes:
    return hmac.new(key, data, hashlib.sha256).digest()


HELLO = bytes.fromhex("010000a1b2c3d40502010102030405060708")
CLAIM = bytes.fromhex("7a621e055566778899aabbcc")


def frames() -> list[dict[str, object]]:
    rows = [
        ("hello part 0", 0, 0, bytes([0x01]) + HELLO[:14], None),
        ("hello part 1", 0, 0, bytes([0x11]) + HELLO[14:], None),
        ("tag present 4-byte uid", 1, 1, bytes.fromhex("8004a1b2c3"), None),
        ("tag removed 10-byte uid", 1, 3, bytes.fromhex("0004112233445566778899"), None),
        ("card reference", 2, 4, b"\x00" + b"ZL-001", None),
        ("dial with zero bytes", 3, 0x0100, bytes.fromhex("0000"), None),
        ("claim", 12, 0, CLAIM, None),
        ("claim new", 12, 0, CLAIM + b"\x01", None),
        ("key part 2", 15, 0, bytes([0x22]) + bytes(range(28, 32)), None),
        ("signed dial", 3, 7, bytes.fromhex("0105"), KEY),
        ("signed tag 10-byte uid", 1, 0xFFFF, bytes.fromhex("8004112233445566778899"), KEY),
        ("signed status", 5, 9, struct.pack("<BIIH", 255, 20000, 3600, 2), KEY),
        ("signed set dial", 10, 2, bytes([0, 5, 0, 13]), KEY),
        # Issue 16: a dial turned against its stop (DIAL's third byte, 1 = at the stop), for a
        # host whose SET_DIAL asked for it (its fifth byte, 1 = report stops).
        ("signed dial at its stop", 3, 8, bytes([1, 0, 1]), KEY),
        ("signed set dial reporting stops", 10, 3, bytes([0, 5, 0, 13, 1]), KEY),
    ]
    out = []
    for name, t, seq, payload, key in rows:
        raw = frame(t, seq, payload, key)
        assert len(raw) <= 20, name
        out.append(
            {
                "name": name,
                "type": t,
                "seq": seq,
                "payload": payload.hex(),
                "key": key.hex() if key else None,
                "raw": raw.hex(),
                "encoded": cobs(raw).hex(),
            }
        )
    return out


def rejected() -> list[dict[str, object]]:
    good = frame(3, 5, b"\x01\x07", KEY)
    bad_mac = good[:-6] + bytes([good[-6] ^ 1]) + good[-5:-2]
    bad_mac += crc(bad_mac)
    v1 = bytes([0x23, 5, 0, 1, 7])
    v1 += crc(v1)
    unsigned = frame(3, 5, b"\x01\x07", None)
    long_body = bytes([0x41]) + bytes(20)
    return [
        {
            "name": "bad crc",
            "raw": (unsigned[:-1] + b"\x00").hex(),
            "key": None,
            "error": "checksum",
        },
        {"name": "too short", "raw": "4100", "key": None, "error": "too short"},
        {"name": "version 1", "raw": v1.hex(), "key": None, "error": "protocol version"},
        {"name": "wrong mac", "raw": bad_mac.hex(), "key": KEY.hex(), "error": "wrong MAC"},
        {
            "name": "unsigned where a MAC is required",
            "raw": unsigned.hex(),
            "key": KEY.hex(),
            "error": "without a MAC",
        },
        {
            "name": "21 bytes",
            "raw": (long_body[:19] + crc(long_body[:19])).hex(),
            "key": None,
            "error": "longer than any",
        },
    ]


def auth() -> list[dict[str, str]]:
    out = []
    for key, hello, claim in (
        (KEY, HELLO, CLAIM),
        (b"\xff" * 16, bytes(18), bytes.fromhex("0102030405060708090a0b0c")),
    ):
        t = hello + claim
        out.append(
            {
                "key": key.hex(),
                "transcript": t.hex(),
                "device_proof": hm(key, b"altar-dev" + t)[:8].hex(),
                "host_proof": hm(key, b"altar-host" + t)[:8].hex(),
                "d2h": hm(key, b"altar-d2h" + t)[:16].hex(),
                "h2d": hm(key, b"altar-h2d" + t)[:16].hex(),
                "claim_key": hm(key + key, b"altar-claim" + t)[:16].hex(),
                "shared": (key + key).hex(),
            }
        )
    return out


def chaskey() -> dict[str, object]:
    msg = bytes(range(64))
    c8 = [{"n": n, "tag": struct.pack("<4I", *words).hex()} for n, words in CHASKEY8.items()]
    for v in c8:
        assert wire.chaskey(CHASKEY8_KEY, msg[: int(str(v["n"]))], 8).hex() == v["tag"]
    c12 = [{"n": n, "tag": wire.chaskey(CHASKEY8_KEY, msg[:n]).hex()} for n in (0, 1, 14, 16, 17)]
    return {"key": CHASKEY8_KEY.hex(), "chaskey8": c8, "chaskey12": c12}


def main() -> None:
    (HERE / "wire_vectors.json").write_text(
        json.dumps(
            {
                "comment": "Wire protocol v2 test vectors, made by tests/vectors/make_vectors.py "
                "from the specification (CPython's crc_hqx, hmac; published Chaskey-8 and RFC "
                "7748 vectors). Checked on CPython and on MicroPython. Never regenerate to make a "
                "test pass: a change here is a protocol change.",
                "frames": frames(),
                "rejected": rejected(),
                "auth": auth(),
                "chaskey": chaskey(),
                "x25519": X25519,
            },
            indent=1,
        )
        + "\n"
    )


if __name__ == "__main__":
    main()
