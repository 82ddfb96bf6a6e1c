"""The wire codec on CPython: shared vectors (also run on MicroPython), round trips, and fuzz."""

import json
from pathlib import Path

import pytest
from hypothesis import given
from hypothesis import strategies as st

from hardware import handshake, wire

VECTORS = json.loads((Path(__file__).parents[1] / "vectors" / "wire_vectors.json").read_text())


def _key(v: dict[str, object]) -> bytes | None:
    return bytes.fromhex(str(v["key"])) if v["key"] else None


@pytest.mark.parametrize("v", VECTORS["frames"], ids=lambda v: v["name"])
def test_vector_packs_and_decodes(v: dict[str, object]) -> None:
    payload = bytes.fromhex(str(v["payload"]))
    assert wire.pack(int(str(v["type"])), int(str(v["seq"])), payload, _key(v)).hex() == v["raw"]
    assert (
        wire.encode(int(str(v["type"])), int(str(v["seq"])), payload, _key(v)).hex() == v["encoded"]
    )
    frame = wire.decode(bytes.fromhex(str(v["encoded"])), _key(v))
    assert (frame.msg_type, frame.seq, frame.payload) == (v["type"], v["seq"], payload)


def _vector(name: str) -> bytes:
    return bytes.fromhex(str(next(v for v in VECTORS["frames"] if v["name"] == name)["payload"]))


def test_the_stop_vectors_build_and_parse_as_protocol_md_says() -> None:
    """Issue 16 (docs/protocol.md, DIAL and SET_DIAL): the optional flag bytes."""
    at_stop = _vector("signed dial at its stop")
    assert wire.dial_payload(1, 0, at_stop=True) == at_stop
    assert wire.parse_dial(at_stop) == (1, 0) and wire.dial_at_stop(at_stop)
    assert not wire.dial_at_stop(_vector("signed dial"))
    asks = _vector("signed set dial reporting stops")
    assert wire.set_dial_payload(0, 5, 0, 13, report_stops=True) == asks
    assert wire.parse_set_dial(asks) == (0, 5, 0, 13) and wire.set_dial_reports_stops(asks)
    assert not wire.set_dial_reports_stops(_vector("signed set dial"))
    with pytest.raises(wire.WireError, match="expected 2 or 3"):
        wire.parse_dial(b"\x00\x01\x01\x01")


@pytest.mark.parametrize("v", VECTORS["rejected"], ids=lambda v: v["name"])
def test_rejected_vector_names_its_reason(v: dict[str, object]) -> None:
    with pytest.raises(wire.WireError, match=str(v["error"])):
        wire.unpack(bytes.fromhex(str(v["raw"])), _key(v))


# The host link answers these three by their class (hardware/link.py), never by their words.
KINDS = {
    "version 1": "VersionMismatch",
    "wrong mac": "WrongMac",
    "unsigned where a MAC is required": "Unsigned",
}


@pytest.mark.parametrize("v", VECTORS["rejected"], ids=lambda v: v["name"])
def test_rejected_vector_is_of_the_kind_the_link_tells_apart(v: dict[str, object]) -> None:
    kinds = (wire.VersionMismatch, wire.WrongMac, wire.Unsigned)
    with pytest.raises(wire.WireError) as raised:
        wire.unpack(bytes.fromhex(str(v["raw"])), _key(v))
    wanted = KINDS.get(str(v["name"]))
    if wanted is None:
        assert not isinstance(raised.value, kinds)
    else:
        assert type(raised.value).__name__ == wanted


def test_every_event_frame_fits_one_ble_notification() -> None:
    key = bytes(16)
    largest = [
        wire.pack(wire.TAG, 0xFFFF, wire.tag_payload(127, True, bytes(10)), key),
        wire.pack(wire.CARD, 0xFFFF, wire.card_payload(0, b"X" * wire.MAX_CARD_REF), key),
        wire.pack(wire.DIAL, 0xFFFF, wire.dial_payload(7, 13), key),
        wire.pack(wire.BUTTON, 0xFFFF, wire.button_payload(7, wire.PRESS_DOUBLE), key),
        wire.pack(wire.STATUS, 0xFFFF, wire.status_payload(255, 2**32 - 1, 2**32 - 1, 65535), key),
    ]
    assert max(len(f) for f in largest) == wire.MAX_EVENT_FRAME == 20


@given(st.binary(max_size=600))
def test_cobs_round_trip(data: bytes) -> None:
    encoded = wire.cobs_encode(data)
    assert 0 not in encoded[:-1] and encoded[-1] == 0
    assert wire.cobs_decode(encoded[:-1]) == data


@given(
    st.integers(0, 15),
    st.integers(0, 0xFFFF),
    st.binary(max_size=wire.MAX_PAYLOAD),
    st.none() | st.binary(min_size=16, max_size=16),
)
def test_frame_round_trip(msg_type: int, seq: int, payload: bytes, key: bytes | None) -> None:
    if key is not None:
        payload = payload[: wire.MAX_SIGNED_PAYLOAD]
    raw = wire.pack(msg_type, seq, payload, key)
    assert len(raw) <= wire.MAX_FRAME  # every frame: one BLE notification at the default MTU
    frame = wire.decode(wire.cobs_encode(raw), key)
    assert (frame.msg_type, frame.seq, frame.payload) == (msg_type, seq, payload)
    assert frame.authenticated == (key is not None)


def test_a_payload_too_long_for_one_notification_is_refused() -> None:
    with pytest.raises(wire.WireError, match="over the 15-byte limit"):
        wire.pack(wire.PING, 0, bytes(16))
    with pytest.raises(wire.WireError, match="over the 11-byte limit"):
        wire.pack(wire.PING, 0, bytes(12), bytes(16))


@given(st.binary(min_size=1, max_size=64), st.randoms())
def test_parts_reassemble_and_survive_loss_and_reordering(data: bytes, rnd: object) -> None:
    """HELLO and public keys travel in parts: in order they come back whole; a lost or
    reordered part gives nothing (never a wrong message), and a full resend recovers."""
    import random as _random

    assert isinstance(rnd, _random.Random)
    parts = handshake.parts(data)
    assert all(len(wire.pack(wire.KEY, 0, p)) <= wire.MAX_FRAME for p in parts)
    r = handshake.Reassembler(len(data))
    got = [r.feed(p) for p in parts]
    assert got[-1] == data and all(g is None for g in got[:-1])
    if len(parts) > 1:
        mixed = list(parts)
        del mixed[rnd.randrange(len(mixed))]
        rnd.shuffle(mixed)
        for p in mixed:
            assert r.feed(p) in (None,)  # incomplete: never a message
        assert [r.feed(p) for p in parts][-1] == data


def test_hello_is_split_in_two_parts_of_at_most_20_bytes() -> None:
    hello = wire.hello_payload((1, 2, 3), b"\x01\x02\x03\x04", 0x21, 2, 1, bytes(range(8)))
    frames = [wire.pack(wire.HELLO, 0, p) for p in handshake.parts(hello)]
    assert [len(f) for f in frames] == [20, 10]
    r = handshake.Reassembler(wire.HELLO_SIZE)
    assert [r.feed(wire.unpack(f).payload) for f in frames][-1] == hello


@given(st.binary(max_size=400))
def test_stream_decoder_never_raises_on_noise(noise: bytes) -> None:
    # Noise may, very rarely, decode to a frame (CRC-16 passes 1 time in 65536); it must never raise.
    for item in wire.StreamDecoder().feed(noise):
        assert isinstance(item, (wire.Frame, wire.WireError))


def test_stream_decoder_resyncs_after_a_boot_banner() -> None:
    good = wire.encode(wire.DIAL, 3, wire.dial_payload(0, 4))
    items = wire.StreamDecoder().feed(b"ets Jun  8 2016 00:22:57\r\nrst:0x1\r\n\x00" + good)
    frames = [i for i in items if isinstance(i, wire.Frame)]
    assert [(f.msg_type, f.payload) for f in frames] == [(wire.DIAL, b"\x00\x04")]


def test_stream_decoder_drops_an_overlong_run_and_recovers() -> None:
    good = wire.encode(wire.DIAL, 1, wire.dial_payload(1, 2))
    items = wire.StreamDecoder().feed(b"\x01" * 5000 + b"\x00" + good)
    assert isinstance(items[0], wire.WireError) and "no frame delimiter" in str(items[0])
    assert isinstance(items[-1], wire.Frame)


def test_sequence_numbers_compare_across_the_wrap() -> None:
    assert wire.seq_after(0, 0xFFFF)
    assert not wire.seq_after(0xFFFF, 0)
    assert not wire.seq_after(5, 5)
