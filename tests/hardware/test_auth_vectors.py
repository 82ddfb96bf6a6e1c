"""Claim proofs, session keys, Chaskey and X25519: the shared vectors (tests/vectors), on
CPython against its own hmac, then the same file on MicroPython."""

from __future__ import annotations

import hashlib
import hmac
import json

import pytest

from hardware import handshake, wire, x25519
from tests.firmware.micropython_vm import HERE as FW_HERE
from tests.firmware.micropython_vm import ROOT, run_on_micropython, vm_available

VECTORS_PATH = ROOT / "tests" / "vectors" / "wire_vectors.json"
VECTORS = json.loads(VECTORS_PATH.read_text())
HERE = ROOT / "tests" / "hardware"


@pytest.mark.parametrize("v", VECTORS["auth"])
def test_proofs_and_directional_session_keys_on_cpython(v: dict[str, str]) -> None:
    k, t = bytes.fromhex(v["key"]), bytes.fromhex(v["transcript"])
    assert handshake.device_proof(k, t).hex() == v["device_proof"]
    assert handshake.host_proof(k, t).hex() == v["host_proof"]
    d2h, h2d = handshake.session_keys(k, t)
    assert (d2h.hex(), h2d.hex()) == (v["d2h"], v["h2d"])
    assert d2h != h2d  # one key per direction: a reflected frame fails its MAC
    assert handshake.claim_key(bytes.fromhex(v["shared"]), t).hex() == v["claim_key"]


def test_hmac_matches_the_standard_library() -> None:
    for key, data in ((b"Jefe", b"what do ya want for nothing?"), (bytes(100), b"x" * 200)):
        assert handshake.hmac_sha256(key, data) == hmac.new(key, data, hashlib.sha256).digest()


def test_chaskey_matches_the_published_vectors() -> None:
    c = VECTORS["chaskey"]
    key, msg = bytes.fromhex(c["key"]), bytes(range(64))
    for v in c["chaskey8"]:
        assert wire.chaskey(key, msg[: v["n"]], 8).hex() == v["tag"]
    for v in c["chaskey12"]:
        assert wire.chaskey(key, msg[: v["n"]]).hex() == v["tag"]


def test_x25519_matches_rfc_7748() -> None:
    for v in VECTORS["x25519"]:
        out = x25519.x25519(bytes.fromhex(v["scalar"]), bytes.fromhex(v["u"]))
        assert out.hex() == v["out"], v["source"]


def test_x25519_refuses_a_small_order_point() -> None:
    with pytest.raises(ValueError):
        x25519.shared_secret(bytes(range(32)), bytes(32))


def test_auth_vectors_pass_on_micropython() -> None:
    why = vm_available()
    if why:
        pytest.fail(why)  # `make test` installs the VM: its absence is a defect, not a skip
    run = run_on_micropython(
        "test_auth_vectors",
        {
            "/lib/wire.py": ROOT / "hardware" / "wire.py",
            "/lib/wire_core.py": ROOT / "hardware" / "wire_core.py",
            "/lib/x25519.py": ROOT / "hardware" / "x25519.py",
            "/lib/handshake.py": ROOT / "hardware" / "handshake.py",
            "/vectors/wire_vectors.json": VECTORS_PATH,
            "/lib/test_auth_vectors.py": HERE / "mp" / "test_auth_vectors.py",
        },
    )
    assert run.returncode == 0, run.output
    assert "4 passed" in run.output and "0 failed" in run.output, run.output
    assert FW_HERE.exists()
