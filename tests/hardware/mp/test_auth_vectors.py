# Claim proofs and session keys on the MicroPython VM: the same JSON CPython checks, so the
# device and the host derive the same bytes. Runs under tests/firmware/mptest.py.
import binascii
import json

import wire

with open("/vectors/auth_vectors.json") as f:
    V = json.load(f)


def _b(h):
    return binascii.unhexlify(h)


def test_hmac_matches_rfc_4231():
    for v in V["hmac"]:
        assert binascii.hexlify(wire.hmac_sha256(_b(v["key"]), _b(v["data"]))).decode() == v["mac"]


def test_proofs_and_session_keys():
    for v in V["auth"]:
        k, nd, nh = _b(v["key"]), _b(v["device_nonce"]), _b(v["host_nonce"])
        assert binascii.hexlify(wire.device_proof(k, nd, nh)).decode() == v["device_proof"]
        assert binascii.hexlify(wire.host_proof(k, nd, nh)).decode() == v["host_proof"]
        assert binascii.hexlify(wire.session_key(k, nd, nh)).decode() == v["session_key"]


def test_claim_payloads():
    for v in V["claim"]:
        key = _b(v["key"]) if v["key"] else None
        payload = wire.claim_payload(_b(v["table_id"]), _b(v["host_nonce"]), key)
        assert binascii.hexlify(payload).decode() == v["payload"]
        table, nonce, got_key = wire.parse_claim(payload)
        assert got_key == key and table == _b(v["table_id"]) and nonce == _b(v["host_nonce"])
