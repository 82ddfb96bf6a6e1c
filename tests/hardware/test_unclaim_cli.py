"""`altar unclaim` (issue 27) over a real pseudo-terminal, against the simulated device: both
sides forget the key; a device not claimed by this table, or no port, is said in words."""

from __future__ import annotations

from pathlib import Path

import pytest

from companion_app.cli import main
from hardware.keys import KeyStore
from hardware.simulator import PtySimulator, SimulatedDevice

KEY = bytes(range(16))


def test_unclaim_forgets_the_key_on_both_sides(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    keys_path = str(tmp_path / "device-keys.sqlite")
    keys = KeyStore(keys_path)
    table = keys.table_id()
    keys.store("a1b2c3d4", KEY)
    keys.close()
    device = SimulatedDevice(b"\xa1\xb2\xc3\xd4", dials=1, readers=0)
    device.endpoint.claim = (table, KEY)
    with PtySimulator(device) as sim:
        code = main(["unclaim", "a1b2c3d4", "--keys", keys_path, "--port", sim.port])
    out = capsys.readouterr().out
    assert code == 0, out
    assert "is unclaimed: this table and the device forgot their key" in out
    assert device.endpoint.claim is None, "the device forgot it too"
    assert KeyStore(keys_path).key_for("a1b2c3d4") is None
    # Again: nothing left to unclaim, said so.
    assert main(["unclaim", "a1b2c3d4", "--keys", keys_path, "--port", sim.port]) == 1
    assert "not claimed by this table" in capsys.readouterr().out


def test_unclaim_needs_a_port_or_here_only(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    keys_path = str(tmp_path / "k.sqlite")
    keys = KeyStore(keys_path)
    keys.store("a1b2c3d4", KEY)
    keys.close()
    assert main(["unclaim", "a1b2c3d4", "--keys", keys_path]) == 2
    assert "--port" in capsys.readouterr().out
    assert main(["unclaim", "a1b2c3d4", "--keys", keys_path, "--here-only"]) == 0
    assert "keeps a key nobody holds" in capsys.readouterr().out
    assert KeyStore(keys_path).key_for("a1b2c3d4") is None
