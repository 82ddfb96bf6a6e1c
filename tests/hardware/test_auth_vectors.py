"""Claim proofs and session keys: wire.py against CPython's own hmac, then on MicroPython."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from hardware import wire
from tests.firmware.micropython_vm import ROOT, run_on_micropython, vm_available

HERE = Path(__file__).parent
VECTORS = json.loads((HERE / "vectors" / "auth_vectors.json").read_text())


@pytest.mark.parametrize("v", VECTORS["auth"])
def test_proofs_and_session_key_on_cpython(v: dict[str, str]) -> None:
    k, nd, nh = (bytes.fromhex(v[n]) for n in ("key", "device_nonce", "host_nonce"))
    assert wire.device_proof(k, nd, nh).hex() == v["device_proof"]
    assert wire.host_proof(k, nd, nh).hex() == v["host_proof"]
    assert wire.session_key(k, nd, nh).hex() == v["session_key"]


def test_hmac_matches_rfc_4231() -> None:
    for v in VECTORS["hmac"]:
        assert wire.hmac_sha256(bytes.fromhex(v["key"]), bytes.fromhex(v["data"])).hex() == v["mac"]


def test_auth_vectors_pass_on_micropython() -> None:
    why = vm_available()
    if why:
        pytest.fail(why)  # `make test` installs the VM: its absence is a defect, not a skip
    run = run_on_micropython(
        "test_auth_vectors",
        {
            "/lib/wire.py": ROOT / "hardware" / "wire.py",
            "/vectors/auth_vectors.json": HERE / "vectors" / "auth_vectors.json",
            "/lib/test_auth_vectors.py": HERE / "mp" / "test_auth_vectors.py",
        },
    )
    assert run.returncode == 0, run.output
    assert "3 passed" in run.output and "0 failed" in run.output, run.output
