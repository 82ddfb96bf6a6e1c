"""Every firmware module's tests, run on the real MicroPython VM with simulated chips."""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.firmware.micropython_vm import HERE, ROOT, run_on_micropython

FIRMWARE = ROOT / "firmware"


def firmware_files() -> dict[str, Path]:
    """The firmware as deployed (under /lib, with wire_core.py) plus the simulated chips, and the
    host's codec wire.py, which the tests' table side uses (it is not deployed)."""
    files: dict[str, Path] = {
        "/lib/wire_core.py": ROOT / "hardware" / "wire_core.py",
        "/lib/wire.py": ROOT / "hardware" / "wire.py",
        "/lib/x25519.py": ROOT / "hardware" / "x25519.py",
    }
    for path in sorted(FIRMWARE.rglob("*.py")):
        rel = path.relative_to(FIRMWARE).as_posix()
        if rel in ("main.py", "manifest.py"):
            continue  # main.py needs machine (its parts come from altarfw.device); manifest: build
        files["/lib/" + rel] = path
    files["/lib/board_config.py"] = FIRMWARE / "board_config.py"
    for path in sorted((HERE / "mp").glob("sim_*.py")):
        files["/lib/" + path.name] = path
    # aioble and bluetooth do not exist in the VM: fakes at their API, for tests only.
    files["/lib/aioble.py"] = HERE / "mp" / "fake_aioble.py"
    files["/lib/bluetooth.py"] = HERE / "mp" / "fake_bluetooth.py"
    return files


MODULES = [
    "test_mfrc522",
    "test_pn532",
    "test_scanner",
    "test_encoder",
    "test_buttons",
    "test_feedback",
    "test_link",
    "test_link_attacks",
    "test_claim_attacks",
    "test_ndef",
    "test_device",
    "test_serial_io",
    "test_ble",
    "test_main_boot",
    "test_vm_facts",
]


@pytest.mark.parametrize("module", MODULES)
def test_firmware_module_on_micropython(micropython_vm: None, module: str) -> None:
    files = firmware_files()
    files[f"/lib/{module}.py"] = HERE / "mp" / f"{module}.py"
    if module in ("test_link", "test_link_attacks", "test_claim_attacks"):
        files["/lib/test_link.py"] = HERE / "mp" / "test_link.py"  # its host-side helpers
        files["/lib/handshake.py"] = ROOT / "hardware" / "handshake.py"  # the table's side
    if module == "test_main_boot":
        files["/lib/main.py"] = FIRMWARE / "main.py"
        files["/lib/machine.py"] = HERE / "mp" / "fake_machine.py"
    run = run_on_micropython(module, files)
    assert run.returncode == 0, run.output
    assert " 0 failed" in run.output
    if module == "test_main_boot":
        assert "pair button held at boot, staying in the REPL" in run.output
