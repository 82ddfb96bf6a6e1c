# The wire protocol's shared test vectors, run on the MicroPython VM: the same JSON file that
# tests/hardware/test_wire_vectors.py checks on CPython, so both interpreters agree byte for byte.
import binascii
import json

import wire

with open("/vectors/wire_vectors.json") as f:
    VECTORS = json.load(f)


def _key(v):
    return binascii.unhexlify(v["key"]) if v["key"] else None


def test_every_frame_packs_to_its_vector_bytes():
    for v in VECTORS["frames"]:
        raw = wire.pack(v["type"], v["seq"], binascii.unhexlify(v["payload"]), _key(v))
        assert binascii.hexlify(raw).decode() == v["raw"], v["name"]
        enc = wire.encode(v["type"], v["seq"], binascii.unhexlify(v["payload"]), _key(v))
        assert binascii.hexlify(enc).decode() == v["encoded"], v["name"]


def test_every_frame_decodes_from_its_vector_bytes():
    for v in VECTORS["frames"]:
        frame = wire.decode(binascii.unhexlify(v["encoded"]), _key(v))
        assert frame.msg_type == v["type"], v["name"]
        assert frame.seq == v["seq"], v["name"]
        assert binascii.hexlify(frame.payload).decode() == v["payload"], v["name"]
        assert frame.authenticated == (v["key"] is not None), v["name"]


def test_every_rejected_vector_is_refused_with_its_reason():
    for v in VECTORS["rejected"]:
        try:
            wire.unpack(binascii.unhexlify(v["raw"]), _key(v))
        except wire.WireError as e:
            assert v["error"] in str(e), (v["name"], str(e))
        else:
            raise AssertionError("accepted: " + v["name"])


def test_event_frames_fit_one_ble_notification():
    for v in VECTORS["frames"]:
        if v["type"] in wire.EVENT_TYPES:
            assert len(v["raw"]) // 2 <= wire.MAX_EVENT_FRAME, v["name"]


def test_cobs_encode_into_allocates_nothing():
    import micropython

    src = bytearray(b"\x21\x05\x00\x01\x00\x07\x33")
    dst = bytearray(wire.MAX_ENCODED)
    micropython.heap_lock()
    try:
        n = wire.cobs_encode_into(src, len(src), dst)
        crc = wire.crc16(src, 0, len(src))
    finally:
        micropython.heap_unlock()
    assert n == len(wire.cobs_encode(src))
    assert crc == wire.crc16(bytes(src))
