# Claim proofs, session keys, Chaskey and X25519 on the MicroPython VM: the same JSON CPython
# checks, so the device and the host derive the same bytes. Runs under tests/firmware/mptest.py.
import binascii
import json

import handshake
import wire
import x25519

with open("/vectors/wire_vectors.json") as f:
    V = json.load(f)


def _b(h):
    return binascii.unhexlify(h)


def _h(b):
    return binascii.hexlify(b).decode()


def test_proofs_and_directional_session_keys():
    for v in V["auth"]:
        k, t = _b(v["key"]), _b(v["transcript"])
        assert _h(handshake.device_proof(k, t)) == v["device_proof"]
        assert _h(handshake.host_proof(k, t)) == v["host_proof"]
        d2h, h2d = handshake.session_keys(k, t)
        assert _h(d2h) == v["d2h"] and _h(h2d) == v["h2d"]
        assert _h(handshake.claim_key(_b(v["shared"]), t)) == v["claim_key"]


def test_chaskey_published_and_protocol_vectors():
    c = V["chaskey"]
    key = _b(c["key"])
    msg = bytes(range(64))
    for v in c["chaskey8"]:
        assert _h(wire.chaskey(key, msg[: v["n"]], 8)) == v["tag"]
    for v in c["chaskey12"]:
        assert _h(wire.chaskey(key, msg[: v["n"]])) == v["tag"]


def test_x25519_rfc_7748():
    for v in V["x25519"]:
        assert _h(x25519.x25519(_b(v["scalar"]), _b(v["u"]))) == v["out"], v["source"]


def test_claim_payloads_round_trip():
    for new in (False, True):
        p = handshake.claim_payload(b"TBL1", b"12345678", new)
        assert handshake.parse_claim(p) == (b"TBL1", b"12345678", new)
