"""Altar wire protocol: the host's codec; ``docs/protocol.md`` is its specification.

What the device runs too (CRC-16, COBS encoding, sequence order) is in ``wire_core.py``, which
the firmware deploy copies to the board and this module re-exports: one implementation for both
sides. The rest (Frame, pack/unpack, the payload builders and parsers, the names) is the
host's; the firmware folds the protocol numbers it needs with ``const()``, held to these by
tests/hardware/test_firmware_numbers.py. This module still runs unchanged on MicroPython (the
firmware tests' table side uses it on the VM), so it keeps to their common subset: no
``typing`` import, no dataclasses, no f-strings with ``=``, and annotations only where
MicroPython ignores them.

A frame, before framing::

    byte 0      version (bits 7-5) | MAC flag (bit 4) | message type (bits 3-0)
    bytes 1-2   sequence number, little endian, numbered per sender
    payload     0..MAX_PAYLOAD bytes, by message type (0..MAX_SIGNED_PAYLOAD when signed)
    [4 bytes]   MAC: Chaskey-12 (session key of this direction, everything before it),
                truncated; only if flagged
    2 bytes     CRC-16/CCITT-FALSE over everything before it, little endian

Every frame, either way, is at most MAX_FRAME = 20 bytes: one BLE notification (or write) at
the default ATT MTU of 23. HELLO and the public keys of a claim are longer, so they travel in
parts (``parts``/``Reassembler``): the payload's first byte is index << 4 | last index.

On a byte stream (USB serial) each frame is COBS-encoded and ends with a 0x00 delimiter, so a
reader resynchronises on the next 0x00 after noise or a boot banner. A BLE notification carries
one frame as it is (the notification is the delimiter). Every event frame is at most 20 bytes,
one BLE notification at the default MTU; ``MAX_EVENT_FRAME`` states it and the tests hold it.

Version 2 (docs/protocol.md, "Threat model"): a claim agrees a new key by X25519 (x25519.py),
so a listener learns nothing; proofs and session keys are bound to the HELLO and CLAIM
(transcript); each direction has its own session key, so a frame reflected back to its sender
fails its MAC.

Events carry absolute state (the dial's value, the tag present or removed), so a frame that is
delivered twice cannot count twice.
"""

import struct

# What the device runs too (deployed as wire_core.py): re-exported here for the host.
try:
    from hardware.wire_core import cobs_encode_into as cobs_encode_into
    from hardware.wire_core import crc16 as crc16
    from hardware.wire_core import seq_after as seq_after
except ImportError:  # on MicroPython (the firmware tests' table side), wire_core is top-level
    from wire_core import cobs_encode_into, crc16, seq_after  # type: ignore  # noqa: F401

PROTOCOL_VERSION = 2  # fits in 3 bits; a HELLO of another version is refused with a message

# Message types (4 bits). Device -> host events first, then link control, then host commands.
HELLO = 0  # device -> host: versions, device id, capabilities, counts, nonce
TAG = 1  # device -> host: reader, present or removed, UID
CARD = 2  # device -> host: reader, card reference read from the tag (sent before TAG present)
DIAL = 3  # device -> host: dial index, absolute value
BUTTON = 4  # device -> host: button index, press kind
STATUS = 5  # device -> host: battery, free heap, uptime, error count
DIAG = 6  # device -> host: a diagnostic (reader reset, queue overflow ...)
ACK = 7  # both ways: cumulative acknowledgement of the peer's sequence numbers
PING = 8  # both ways: heartbeat; answered with PONG
PONG = 9
SET_DIAL = 10  # host -> device: dial index, value, minimum, maximum
FEEDBACK = 11  # host -> device: confirm or refuse a scan (LED colour, buzzer)
CLAIM = 12  # host -> device: claim with a challenge; device answers with AUTH
AUTH = 13  # both ways: challenge-response material
REFUSE = 14  # both ways: a request refused, with a reason code
KEY = 15  # both ways, during a new claim: one part of an X25519 public key

TYPE_NAMES = (
    "HELLO",
    "TAG",
    "CARD",
    "DIAL",
    "BUTTON",
    "STATUS",
    "DIAG",
    "ACK",
    "PING",
    "PONG",
    "SET_DIAL",
    "FEEDBACK",
    "CLAIM",
    "AUTH",
    "REFUSE",
    "KEY",
)

# Event types: the ones numbered, kept in the replay ring and acknowledged.
EVENT_TYPES = (TAG, CARD, DIAL, BUTTON, STATUS, DIAG)

# Who may send what: each side drops (and counts) every other type, so a frame reflected or
# injected from the wrong side is never obeyed. Indexed by message type: 1 = allowed.
FROM_DEVICE = bytes((1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 0, 0, 0, 1, 1, 1))
FROM_HOST = bytes((0, 0, 0, 0, 0, 0, 0, 1, 1, 1, 1, 1, 1, 1, 1, 1))

# Sessions end (and a new handshake makes new keys) before a sequence number can come round
# again. A frame with a wrong MAC never ends one (issue 27): it is dropped and counted, so a
# forger's flood costs the forger; each try has a 1 in 2**32 chance (docs/protocol.md).
REKEY_AFTER = 0x4000

# Button press kinds.
PRESS_SHORT = 1
PRESS_LONG = 2
PRESS_DOUBLE = 3

# Feedback kinds.
FEEDBACK_OK = 1
FEEDBACK_REFUSE = 2
FEEDBACK_ATTENTION = 3

HEADER_SIZE = 3
CRC_SIZE = 2
MAC_SIZE = 4
MAX_FRAME = 20  # bytes, every frame: one BLE notification at the default ATT MTU of 23
MAX_EVENT_FRAME = MAX_FRAME
MAX_PAYLOAD = MAX_FRAME - HEADER_SIZE - CRC_SIZE  # 15, unsigned
MAX_SIGNED_PAYLOAD = MAX_PAYLOAD - MAC_SIZE  # 11
MAX_UID = 10  # ISO 14443A triple-size UID
MAX_CARD_REF = 10  # bytes of ASCII after "altar:" in a tag's NDEF URI
# A COBS frame grows by one byte in 254, plus its delimiter.
MAX_ENCODED = MAX_FRAME + MAX_FRAME // 254 + 2

_MAC_FLAG = 0x10
# Version 1 frames ran to 57 bytes: one that long with a good CRC is told apart as a version.
_LONGEST_OLD_FRAME = 57


class WireError(ValueError):
    """A frame that cannot be trusted; the message says why, for people wiring a device."""


# The kinds of WireError the host link answers differently (hardware/link.py), told apart by
# their class, never by their words.
class VersionMismatch(WireError):
    """A frame of another protocol version: a HELLO of one means other firmware is needed."""


class WrongMac(WireError):
    """A MAC that this session's key did not make: a forgery, or a replay of an old session."""


class Unsigned(WireError):
    """A frame without a MAC where the session requires one."""


class Frame:
    """One decoded frame. ``payload`` is bytes; ``authenticated`` is True when a MAC was checked."""

    def __init__(
        self, version: int, msg_type: int, seq: int, payload: bytes, authenticated: bool = False
    ) -> None:
        self.version = version
        self.msg_type = msg_type
        self.seq = seq
        self.payload = payload
        self.authenticated = authenticated

    def __eq__(self, other: object) -> bool:
        return (
            isinstance(other, Frame)
            and self.version == other.version
            and self.msg_type == other.msg_type
            and self.seq == other.seq
            and self.payload == other.payload
            and self.authenticated == other.authenticated
        )

    def __repr__(self) -> str:
        return "Frame(%s seq=%d payload=%s%s)" % (
            type_name(self.msg_type),
            self.seq,
            _hex(self.payload),
            " authenticated" if self.authenticated else "",
        )


def type_name(msg_type: int) -> str:
    if 0 <= msg_type < len(TYPE_NAMES):
        return TYPE_NAMES[msg_type]
    return "UNKNOWN(%d)" % msg_type


def _hex(data: bytes | bytearray | memoryview) -> str:
    return "".join("%02x" % b for b in data)


# ---------------------------------------------------------------- COBS


def cobs_encode(data: bytes | bytearray | memoryview) -> bytes:
    """COBS-encode data and append the 0x00 delimiter."""
    dst = bytearray(len(data) + len(data) // 254 + 2)
    n = cobs_encode_into(data, len(data), dst)
    return bytes(dst[:n])


def cobs_decode(data: bytes | bytearray | memoryview) -> bytes:
    """Decode one COBS block (without its delimiter); WireError if it is malformed."""
    out = bytearray()
    i = 0
    n = len(data)
    while i < n:
        code = data[i]
        if code == 0:
            raise WireError("a zero byte inside a frame (COBS)")
        i += 1
        end = i + code - 1
        if end > n:
            raise WireError("a frame cut short (its COBS length runs past its end)")
        out.extend(data[i:end])
        i = end
        if code != 0xFF and i < n:
            out.append(0)
    return bytes(out)


# ---------------------------------------------------------------- MAC


_M32 = 0xFFFFFFFF


def _rotl(x: int, r: int) -> int:
    return ((x << r) | (x >> (32 - r))) & _M32


def _times2(k: list[int]) -> list[int]:
    return [
        ((k[0] << 1) & _M32) ^ (0x87 if k[3] >> 31 else 0),
        ((k[1] << 1) & _M32) | (k[0] >> 31),
        ((k[2] << 1) & _M32) | (k[1] >> 31),
        ((k[3] << 1) & _M32) | (k[2] >> 31),
    ]


# The last two keys and their (K, K1, K2): a session uses one key each way.
_subkey_cache: dict[bytes, tuple[list[int], list[int], list[int]]] = {}


def _subkeys(key: bytes | bytearray) -> tuple[list[int], list[int], list[int]]:
    key = bytes(key)
    found = _subkey_cache.get(key)
    if found is None:
        if len(_subkey_cache) >= 2:
            _subkey_cache.clear()
        k = list(struct.unpack("<4I", key))
        k1 = _times2(k)
        found = (k, k1, _times2(k1))
        _subkey_cache[key] = found
    return found


def chaskey(
    key: bytes | bytearray, data: bytes | bytearray | memoryview, rounds: int = 12
) -> bytes:
    """Chaskey (Mouha et al., 2014) over data; 12 rounds is Chaskey-12, 8 the original.

    The frame MAC: a 128-bit-key MAC made for 32-bit microcontrollers, one permutation per
    16-byte block (every signed frame is one block). On the host 32-bit words; the firmware
    (altarfw/auth.py) computes the same in 16-bit halves so that it allocates nothing.
    """
    k, k1, k2 = _subkeys(key)
    data = bytes(data)
    v = list(k)
    n = len(data)
    full = (n - 1) // 16 if n else 0  # blocks before the last one
    for b in range(full):
        m = struct.unpack_from("<4I", data, b * 16)
        v = [v[0] ^ m[0], v[1] ^ m[1], v[2] ^ m[2], v[3] ^ m[3]]
        _permute(v, rounds)
    last = bytearray(16)
    rest = data[full * 16 :]
    last[: len(rest)] = rest
    if n and len(rest) == 16:
        lk = k1
    else:
        last[len(rest)] = 0x01
        lk = k2
    m = struct.unpack("<4I", last)
    v = [v[j] ^ m[j] ^ lk[j] for j in range(4)]
    _permute(v, rounds)
    return struct.pack("<4I", v[0] ^ lk[0], v[1] ^ lk[1], v[2] ^ lk[2], v[3] ^ lk[3])


def _permute(v: list[int], rounds: int) -> None:
    v0, v1, v2, v3 = v
    for _ in range(rounds):
        v0 = (v0 + v1) & _M32
        v1 = _rotl(v1, 5) ^ v0
        v0 = _rotl(v0, 16)
        v2 = (v2 + v3) & _M32
        v3 = _rotl(v3, 8) ^ v2
        v0 = (v0 + v3) & _M32
        v3 = _rotl(v3, 13) ^ v0
        v2 = (v2 + v1) & _M32
        v1 = _rotl(v1, 7) ^ v2
        v2 = _rotl(v2, 16)
    v[0], v[1], v[2], v[3] = v0, v1, v2, v3


def mac4(key: bytes, data: bytes | bytearray | memoryview) -> bytes:
    """The frame MAC: Chaskey-12(key, data) truncated to 4 bytes (like BLE's 4-byte MIC)."""
    return chaskey(key, data)[:MAC_SIZE]


def _macs_equal(a: bytes | bytearray | memoryview, b: bytes | bytearray | memoryview) -> bool:
    # Compare every byte, so the time taken does not tell how many bytes matched.
    if len(a) != len(b):
        return False
    diff = 0
    for i in range(len(a)):
        diff |= a[i] ^ b[i]
    return diff == 0


# ---------------------------------------------------------------- frames


def pack(
    msg_type: int, seq: int, payload: bytes | bytearray | memoryview = b"", key: bytes | None = None
) -> bytes:
    """Build a raw frame (no COBS). With a key, the frame carries a MAC."""
    if not 0 <= msg_type <= 15:
        raise WireError("message type %d is out of range 0-15" % msg_type)
    limit = MAX_PAYLOAD if key is None else MAX_SIGNED_PAYLOAD
    if len(payload) > limit:
        raise WireError("payload of %d bytes is over the %d-byte limit" % (len(payload), limit))
    first = (PROTOCOL_VERSION << 5) | msg_type
    if key is not None:
        first |= _MAC_FLAG
    body = bytearray(struct.pack("<BH", first, seq & 0xFFFF))
    body.extend(payload)
    if key is not None:
        body.extend(mac4(key, body))
    body.extend(struct.pack("<H", crc16(body)))
    return bytes(body)


def encode(
    msg_type: int, seq: int, payload: bytes | bytearray | memoryview = b"", key: bytes | None = None
) -> bytes:
    """Build a frame ready for a byte stream: COBS-encoded, 0x00-terminated."""
    return cobs_encode(pack(msg_type, seq, payload, key))


def unpack(raw: bytes | bytearray | memoryview, key: bytes | None = None) -> Frame:
    """Check and split one raw frame. WireError says what was wrong.

    With a key, a frame must carry a valid MAC; without one, a MAC-flagged frame is still
    parsed (its MAC unchecked, ``authenticated`` False) so the host can report it.
    """
    if len(raw) < HEADER_SIZE + CRC_SIZE:
        raise WireError("a frame of %d bytes is too short to be one" % len(raw))
    if len(raw) > _LONGEST_OLD_FRAME:
        raise WireError("a frame of %d bytes is longer than any Altar frame" % len(raw))
    got_crc = raw[-2] | (raw[-1] << 8)
    if crc16(raw, 0, len(raw) - CRC_SIZE) != got_crc:
        raise WireError("checksum mismatch: the frame was damaged on the way")
    first = raw[0]
    seq = raw[1] | (raw[2] << 8)
    version = first >> 5
    if version != PROTOCOL_VERSION:
        raise VersionMismatch(
            "protocol version %d, but this side speaks version %d: update the firmware or the app"
            % (version, PROTOCOL_VERSION)
        )
    if len(raw) > MAX_FRAME:
        raise WireError("a frame of %d bytes is longer than any Altar frame" % len(raw))
    msg_type = first & 0x0F
    end = len(raw) - CRC_SIZE
    authenticated = False
    if first & _MAC_FLAG:
        end -= MAC_SIZE
        if end < HEADER_SIZE:
            raise WireError("a frame flagged with a MAC is too short to hold one")
        if key is not None:
            if not signed_by(raw, key):
                raise WrongMac(WRONG_MAC)
            authenticated = True
    elif key is not None:
        raise Unsigned("a frame without a MAC from a device that must sign its frames")
    return Frame(version, msg_type, seq, bytes(raw[HEADER_SIZE:end]), authenticated)


WRONG_MAC = "wrong MAC: this frame was not sent by the device this table claimed"


def signed_by(raw: bytes | bytearray | memoryview, key: bytes) -> bool:
    """Whether a MAC-flagged frame that ``unpack`` already took apart (without a key) carries
    a valid MAC under ``key``: the host first reads the header to know whose frame it is, then
    checks the MAC, without taking the frame apart a second time."""
    end = len(raw) - CRC_SIZE - MAC_SIZE
    if not raw[0] & _MAC_FLAG or end < HEADER_SIZE:
        return False
    return _macs_equal(mac4(key, raw[:end]), raw[end : end + MAC_SIZE])


def decode(encoded: bytes | bytearray | memoryview, key: bytes | None = None) -> Frame:
    """Decode one COBS block (with or without its trailing delimiter)."""
    if len(encoded) and encoded[-1] == 0:
        encoded = encoded[:-1]
    return unpack(cobs_decode(encoded), key)


class StreamDecoder:
    """Splits a byte stream into frames at 0x00 delimiters, skipping anything malformed.

    ``feed(data)`` returns a list of Frame or WireError items in arrival order: errors are
    returned, not raised, so one bad frame never stops the stream. Bytes before the first
    delimiter (a boot banner, REPL text) become at most one error; an over-long run without a
    delimiter is dropped and reported once.
    """

    def __init__(self, key: bytes | None = None) -> None:
        self.key = key
        self._buf = bytearray()
        self._overflow = False

    def feed(self, data: bytes | bytearray | memoryview) -> list[Frame | WireError]:
        out: list[Frame | WireError] = []
        for b in data:
            if b == 0:
                if self._overflow:
                    out.append(
                        WireError("%s: no frame delimiter within %d bytes" % ("noise", MAX_ENCODED))
                    )
                elif self._buf:
                    try:
                        out.append(decode(self._buf, self.key))
                    except WireError as e:
                        out.append(e)
                self._buf = bytearray()
                self._overflow = False
            elif not self._overflow:
                self._buf.append(b)
                if len(self._buf) > MAX_ENCODED:
                    self._overflow = True
                    self._buf = bytearray()
        return out


# ---------------------------------------------------------------- payloads


def hello_payload(
    fw_version: tuple[int, int, int],
    device_id: bytes | bytearray | memoryview,
    capabilities: int,
    dials: int,
    readers: int,
    nonce: bytes | bytearray | memoryview,
) -> bytes:
    """HELLO (18 bytes, sent in two parts): firmware major.minor.patch, 4-byte device id,
    capability bits, dial and reader counts, 8-byte nonce (its first 4 bytes: the boot id).
    The protocol version is the frame header's."""
    if len(device_id) != 4 or len(nonce) != NONCE_SIZE:
        raise WireError("HELLO needs a 4-byte device id and an 8-byte nonce")
    return (
        struct.pack("<BBB", fw_version[0], fw_version[1], fw_version[2])
        + bytes(device_id)
        + struct.pack("<BBB", capabilities, dials, readers)
        + bytes(nonce)
    )


HELLO_SIZE = 18


def parse_hello(
    payload: bytes | bytearray | memoryview,
) -> tuple[tuple[int, int, int], bytes, int, int, int, bytes]:
    """-> ((major, minor, patch), device_id, capabilities, dials, readers, nonce)."""
    if len(payload) != HELLO_SIZE:
        raise WireError("HELLO payload of %d bytes, expected %d" % (len(payload), HELLO_SIZE))
    p = payload
    return (p[0], p[1], p[2]), bytes(p[3:7]), p[7], p[8], p[9], bytes(p[10:18])


# Capability bits in HELLO.
CAP_SERIAL = 0x01
CAP_BLE = 0x02
CAP_NDEF = 0x04
CAP_FEEDBACK_LED = 0x08
CAP_FEEDBACK_BUZZER = 0x10
CAP_AUTH = 0x20
# The device can say a dial was turned against its stop (a DIAL with DIAL_AT_STOP), and does so
# for a dial whose SET_DIAL asked for it (SET_DIAL_REPORT_STOPS): a host that never asks, as
# hosts before this bit never do, never sees a DIAL it cannot parse.
CAP_DIAL_STOP = 0x40

# DIAL's optional third byte (flags).
DIAL_AT_STOP = 0x01  # turned against its minimum or maximum: the value is unchanged
# SET_DIAL's optional fifth byte (flags).
SET_DIAL_REPORT_STOPS = 0x01  # say so when this dial is turned against its stop


def tag_payload(reader: int, present: bool, uid: bytes | bytearray | memoryview) -> bytes:
    """TAG: bit 7 present, bits 0-6 reader index; then the full UID (4, 7 or 10 bytes)."""
    if not 0 <= reader <= 0x7F:
        raise WireError("reader index %d is out of range" % reader)
    if len(uid) not in (4, 7, 10):
        raise WireError("a UID of %d bytes: ISO 14443A UIDs have 4, 7 or 10" % len(uid))
    return bytes([(0x80 if present else 0) | reader]) + bytes(uid)


def parse_tag(payload: bytes | bytearray | memoryview) -> tuple[int, bool, bytes]:
    """-> (reader, present, uid)."""
    if len(payload) not in (5, 8, 11):
        raise WireError("TAG payload of %d bytes, expected 5, 8 or 11" % len(payload))
    return payload[0] & 0x7F, bool(payload[0] & 0x80), bytes(payload[1:])


def card_payload(reader: int, ref: bytes | bytearray | memoryview) -> bytes:
    """CARD: reader index, then the card reference (ASCII, 1..10 bytes)."""
    if not 1 <= len(ref) <= MAX_CARD_REF:
        raise WireError("a card reference of %d bytes, expected 1 to %d" % (len(ref), MAX_CARD_REF))
    return bytes([reader]) + bytes(ref)


def parse_card(payload: bytes | bytearray | memoryview) -> tuple[int, bytes]:
    """-> (reader, ref bytes)."""
    if not 2 <= len(payload) <= MAX_CARD_REF + 1:
        raise WireError("CARD payload of %d bytes" % len(payload))
    return payload[0], bytes(payload[1:])


def dial_payload(index: int, value: int, at_stop: bool = False) -> bytes:
    """DIAL: dial index, absolute value (0-255); with ``at_stop`` a third byte, DIAL_AT_STOP:
    turned against its stop, the value unchanged (only to a host that asked: SET_DIAL)."""
    if not 0 <= index <= 255 or not 0 <= value <= 255:
        raise WireError("dial %d value %d is out of range 0-255" % (index, value))
    if at_stop:
        return bytes([index, value, DIAL_AT_STOP])
    return bytes([index, value])


def parse_dial(payload: bytes | bytearray | memoryview) -> tuple[int, int]:
    """-> (index, value); dial_at_stop(payload) tells whether it was turned against its stop."""
    if len(payload) not in (2, 3):
        raise WireError("DIAL payload of %d bytes, expected 2 or 3" % len(payload))
    return payload[0], payload[1]


def dial_at_stop(payload: bytes | bytearray | memoryview) -> bool:
    """True for a DIAL that says its dial was turned against its stop (DIAL_AT_STOP)."""
    return len(payload) == 3 and bool(payload[2] & DIAL_AT_STOP)


def button_payload(index: int, kind: int) -> bytes:
    if kind not in (PRESS_SHORT, PRESS_LONG, PRESS_DOUBLE):
        raise WireError("unknown button press kind %d" % kind)
    return bytes([index, kind])


def parse_button(payload: bytes | bytearray | memoryview) -> tuple[int, int]:
    """-> (index, kind)."""
    if len(payload) != 2 or payload[1] not in (PRESS_SHORT, PRESS_LONG, PRESS_DOUBLE):
        raise WireError("BUTTON payload is malformed")
    return payload[0], payload[1]


def status_payload(battery: int, free_heap: int, uptime_s: int, errors: int) -> bytes:
    """STATUS: battery % (255 = on USB power), free heap in bytes, uptime in s, error count."""
    return struct.pack(
        "<BIIH", battery & 0xFF, free_heap & 0xFFFFFFFF, uptime_s & 0xFFFFFFFF, errors & 0xFFFF
    )


def parse_status(payload: bytes | bytearray | memoryview) -> tuple[int, int, int, int]:
    """-> (battery, free_heap, uptime_s, errors)."""
    if len(payload) != 11:
        raise WireError("STATUS payload of %d bytes, expected 11" % len(payload))
    battery, heap, uptime, errors = struct.unpack("<BIIH", payload)
    return int(battery), int(heap), int(uptime), int(errors)


def ack_payload(seq: int) -> bytes:
    """ACK: every frame up to and including seq has arrived (cumulative)."""
    return struct.pack("<H", seq & 0xFFFF)


def parse_ack(payload: bytes | bytearray | memoryview) -> int:
    if len(payload) != 2:
        raise WireError("ACK payload of %d bytes, expected 2" % len(payload))
    return payload[0] | (payload[1] << 8)


def set_dial_payload(
    index: int, value: int, minimum: int, maximum: int, report_stops: bool = False
) -> bytes:
    """SET_DIAL: index, value, range; with ``report_stops`` a fifth byte, SET_DIAL_REPORT_STOPS
    (send it only to a device whose HELLO has CAP_DIAL_STOP: older ones refuse 5 bytes)."""
    if not 0 <= minimum <= value <= maximum <= 255:
        raise WireError("dial range %d..%d with value %d is not valid" % (minimum, maximum, value))
    if report_stops:
        return bytes([index, value, minimum, maximum, SET_DIAL_REPORT_STOPS])
    return bytes([index, value, minimum, maximum])


def set_dial_reports_stops(payload: bytes | bytearray | memoryview) -> bool:
    """True for a SET_DIAL that asks the dial to say when it is turned against its stop."""
    return len(payload) == 5 and bool(payload[4] & SET_DIAL_REPORT_STOPS)


def parse_set_dial(payload: bytes | bytearray | memoryview) -> tuple[int, int, int, int]:
    """-> (index, value, minimum, maximum); set_dial_reports_stops(payload) for the flag."""
    if len(payload) not in (4, 5):
        raise WireError("SET_DIAL payload of %d bytes, expected 4 or 5" % len(payload))
    index, value, minimum, maximum = payload[0], payload[1], payload[2], payload[3]
    if not minimum <= value <= maximum:
        raise WireError("dial range %d..%d with value %d is not valid" % (minimum, maximum, value))
    return index, value, minimum, maximum


def feedback_payload(kind: int, reader: int = 0) -> bytes:
    return bytes([kind, reader])


def parse_feedback(payload: bytes | bytearray | memoryview) -> tuple[int, int]:
    """-> (kind, reader)."""
    if len(payload) != 2 or payload[0] not in (FEEDBACK_OK, FEEDBACK_REFUSE, FEEDBACK_ATTENTION):
        raise WireError("FEEDBACK payload is malformed")
    return payload[0], payload[1]


# ---------------------------------------------------------------- claim and authentication
#
# docs/protocol.md, "Connection, claim and authentication". Written out here (not with the hmac
# module) so the device computes the very same bytes on MicroPython, which has no hmac.

# A PING carrying this token asks the device for a fresh HELLO: on a byte stream the device
# cannot see the host open the port, so the host starts every connection with it.
HELLO_REQUEST = b"hello"

TABLE_ID_SIZE = 4
NONCE_SIZE = 8
KEY_SIZE = 16
PROOF_SIZE = 8
SESSION_KEY_SIZE = 16

# REFUSE reason codes; the text that follows is for people.
REFUSE_VERSION = 1  # the peer speaks another protocol version
REFUSE_HOLD_BUTTON = 2  # a new claim while the device's button is not held
REFUSE_OTHER_TABLE = 3  # the device is claimed by another table
REFUSE_BAD_PROOF = 4  # an AUTH proof did not match: wrong key
REFUSE_NOT_AUTHENTICATED = 5  # a frame that needs a session arrived before one was set up
# The unclaim is agreed in two steps (docs/protocol.md, "Unclaim"): REFUSE 6 asks, the device
# answers REFUSE 6 "ready" and keeps its key; the table forgets its key, then says REFUSE 9, and
# only then does the device forget its own and answer REFUSE 9 "forgotten". All signed.
REFUSE_UNCLAIM = 6  # both ways, signed: "let go?" and the device's "ready" (it keeps its key)
REFUSE_REKEY = 7  # host -> device, signed: end this session; a new handshake follows
REFUSE_BUSY = 8  # device -> host (before issue 35): another new claim was in progress
REFUSE_UNCLAIM_DONE = 9  # both ways, signed: "this table forgot; forget yours", "forgotten"
REFUSE_TWO_CLAIMS = 10  # device -> host: two claims proved at once; the press took neither

# The device's first PING of a connection carries its boot id (4 random bytes made at boot):
# signed, right after the host's proof checked out; unsigned after the HELLO when nobody
# claimed it. A new boot id: the device restarted and numbers its events from 0 again.
BOOT_ID_SIZE = 4


def refuse_payload(code: int, text: str) -> bytes:
    """REFUSE: reason code, then the reason in ASCII (cut to fit one frame)."""
    return bytes([code & 0xFF]) + text.encode()[: MAX_SIGNED_PAYLOAD - 1]


def parse_refuse(payload: bytes | bytearray | memoryview) -> tuple[int, str]:
    """-> (code, text); undecodable text bytes become '?'."""
    if len(payload) < 1:
        raise WireError("REFUSE payload is empty")
    text = "".join(chr(b) if 32 <= b < 127 else "?" for b in payload[1:])
    return payload[0], text


def diag_payload(code: int, detail: bytes | bytearray = b"") -> bytes:
    return bytes([code & 0xFF]) + bytes(detail)[: MAX_SIGNED_PAYLOAD - 1]


def parse_diag(payload: bytes | bytearray | memoryview) -> tuple[int, bytes]:
    if len(payload) < 1:
        raise WireError("DIAG payload is empty")
    return payload[0], bytes(payload[1:])


# DIAG codes: exactly those the firmware sends (docs/protocol.md, docs/hardware.md).
DIAG_READER_RESET = 1  # detail: reader, 1 if it came back
DIAG_RING_OVERFLOW = 2  # detail: events dropped (u16)
DIAG_SECURITY = 4  # detail: unsigned (u16), forged (u16) frames dropped since the last one
DIAG_RANDOM_UID = 5  # detail: reader (a phone or a bank card, not a card's tag)
DIAG_READER_MISSING = 6  # detail: reader (it did not answer at start-up)
DIAG_INTERNAL = 7  # detail: which loop raised (1 sensing, 2 readers, 3 status, 4 transport)
DIAG_NAMES = {
    DIAG_READER_RESET: "reader reset",
    DIAG_RING_OVERFLOW: "replay ring overflow",
    DIAG_SECURITY: "frames from a stranger dropped",
    DIAG_RANDOM_UID: "a phone or bank card on a reader, not a card",
    DIAG_READER_MISSING: "a reader did not answer at start-up",
    DIAG_INTERNAL: "a firmware loop failed and carried on",
}


def diag_security_payload(unsigned: int, forged: int) -> bytes:
    """DIAG 4: unsigned and forged frames the device dropped since its last DIAG 4."""
    return diag_payload(DIAG_SECURITY, struct.pack("<HH", unsigned, forged))


def parse_diag_security(detail: bytes) -> tuple[int, int]:
    """DIAG 4's detail -> (unsigned, forged)."""
    if len(detail) != 4:
        raise WireError("DIAG 4 detail of %d bytes, expected 4" % len(detail))
    unsigned, forged = struct.unpack("<HH", detail)
    return unsigned, forged


def is_signed(raw: bytes | bytearray | memoryview) -> bool:
    """True when a raw frame is flagged as carrying a MAC (checked or not)."""
    return len(raw) > 0 and bool(raw[0] & _MAC_FLAG)


# ---------------------------------------------------------------- BLE GATT
#
# One service; the device notifies frames on one characteristic and takes the host's frames as
# writes without response on another. The advertisement carries the service UUID and, as service
# data under it, the 4-byte id of the table that claimed the device (absent when unclaimed), so a
# host scans for its own table's devices without connecting to its neighbours'.
BLE_SERVICE_UUID = "a17a0001-6c61-4a0e-8b5a-616c74617231"
BLE_NOTIFY_UUID = "a17a0002-6c61-4a0e-8b5a-616c74617231"  # device -> host frames
BLE_WRITE_UUID = "a17a0003-6c61-4a0e-8b5a-616c74617231"  # host -> device frames
BLE_NAME_PREFIX = "Altar-"  # then the device id in hex: "Altar-a1b2c3d4"
