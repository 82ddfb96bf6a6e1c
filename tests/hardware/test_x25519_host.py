"""The host's X25519 (``cryptography``) and the device's (plain Python, deployed to the board)
against RFC 7748's vectors and against each other: seeded random keys on CPython, and the
library's outputs checked by the device's code on the MicroPython VM."""

from __future__ import annotations

import json
import random
from pathlib import Path

import pytest

from hardware import x25519, x25519_host
from tests.firmware.micropython_vm import ROOT, run_on_micropython, vm_available

VECTORS = json.loads((ROOT / "tests" / "vectors" / "wire_vectors.json").read_text())
SEED = 7748


def test_the_host_library_matches_rfc_7748() -> None:
    for v in VECTORS["x25519"]:
        out = x25519_host.x25519(bytes.fromhex(v["scalar"]), bytes.fromhex(v["u"]))
        assert out.hex() == v["out"], v["source"]


def test_host_and_device_agree_on_keys_and_secrets() -> None:
    rng = random.Random(SEED)
    for _ in range(25):
        host_private, device_private = rng.randbytes(32), rng.randbytes(32)
        host_public = x25519_host.public_key(host_private)
        device_public = x25519.public_key(device_private)
        assert host_public == x25519.public_key(host_private)
        assert device_public == x25519_host.public_key(device_private)
        # The claim's key agreement: each side with its own implementation, the same secret.
        secret = x25519_host.shared_secret(host_private, device_public)
        assert secret == x25519.shared_secret(device_private, host_public)
        u = rng.randbytes(32)  # any point, as a forger could send it
        assert x25519_host.x25519(host_private, u) == x25519.x25519(host_private, u)


def test_both_refuse_a_small_order_point_and_wrong_sizes() -> None:
    for impl in (x25519, x25519_host):
        with pytest.raises(ValueError, match="not a usable X25519 key"):
            impl.shared_secret(bytes(range(32)), bytes(32))
        with pytest.raises(ValueError):
            impl.x25519(bytes(31), bytes(32))


def test_the_devices_code_on_micropython_gives_the_librarys_outputs(tmp_path: Path) -> None:
    why = vm_available()
    if why:
        pytest.fail(why)  # `make test` installs the VM: its absence is a defect, not a skip
    rng = random.Random(SEED + 1)
    cross = []
    for _ in range(4):
        scalar, u = rng.randbytes(32), rng.randbytes(32)
        cross.append(
            {"scalar": scalar.hex(), "u": u.hex(), "out": x25519_host.x25519(scalar, u).hex()}
        )
        pub = x25519_host.public_key(scalar)
        cross.append({"scalar": scalar.hex(), "u": x25519.BASE_POINT.hex(), "out": pub.hex()})
    (tmp_path / "x25519_cross.json").write_text(json.dumps(cross))
    run = run_on_micropython(
        "test_x25519_cross",
        {
            "/lib/x25519.py": ROOT / "hardware" / "x25519.py",
            "/vectors/x25519_cross.json": tmp_path / "x25519_cross.json",
            "/lib/test_x25519_cross.py": ROOT
            / "tests"
            / "hardware"
            / "mp"
            / "test_x25519_cross.py",
        },
    )
    assert run.returncode == 0, run.output
    assert "1 passed" in run.output and "0 failed" in run.output, run.output
