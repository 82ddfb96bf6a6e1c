"""The firmware folds the protocol's numbers it needs into private constants (``_DIAL =
const(3)  # wire.DIAL``) so the device's heap holds no names for them (docs/hardware.md,
"Install the firmware"). Each such line names its wire.py counterpart; these tests hold every
one to it, so the device and the host cannot drift apart."""

from __future__ import annotations

import re
from pathlib import Path

from hardware import wire

ROOT = Path(__file__).resolve().parents[2]
FIRMWARE = ROOT / "firmware" / "altarfw"
# `_NAME = const(value)  # wire.NAME ...` or `... "text" ...  # wire.NAME`
CONST_LINE = re.compile(r"const\(([^)]+)\)\s*# wire\.([A-Z_0-9]+)")
TEXT_LINE = re.compile(r"b?\"([^\"]*)\".*# .*wire\.([A-Z_0-9]+)")


def _bits(table: bytes) -> int:
    return sum(1 << i for i, allowed in enumerate(table) if allowed)


def folded_numbers() -> list[tuple[str, int, str, int]]:
    """-> (file, line number, wire name, folded value) for every folded constant."""
    found = []
    for path in sorted(FIRMWARE.glob("*.py")):
        for n, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1):
            m = CONST_LINE.search(line)
            if m:
                found.append((path.name, n, m.group(2), int(m.group(1), 0)))
    return found


def test_every_folded_protocol_number_equals_wire_py() -> None:
    found = folded_numbers()
    assert len(found) >= 30, "link.py, app.py, device.py and boot.py fold their numbers"
    for name, line, wire_name, value in found:
        expected = getattr(wire, wire_name)
        if isinstance(expected, bytes):  # a per-type table, folded as one bit per type
            expected = _bits(expected)
        assert value == expected, f"{name}:{line}: {value} but wire.{wire_name} is {expected}"


def test_every_folded_text_equals_wire_py() -> None:
    texts = []
    for path in sorted(FIRMWARE.glob("*.py")):
        for n, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1):
            m = TEXT_LINE.search(line)
            if m:
                texts.append((path.name, n, m.group(2), m.group(1)))
    assert {t[2] for t in texts} >= {"BLE_SERVICE_UUID", "BLE_NOTIFY_UUID", "BLE_WRITE_UUID"}
    for name, line, wire_name, text in texts:
        expected = getattr(wire, wire_name)
        if isinstance(expected, bytes):
            expected = expected.decode()
        assert expected.startswith(text), f"{name}:{line}: {text!r} but wire.{wire_name}"


def test_the_firmware_loads_only_the_codec_s_device_half() -> None:
    for path in sorted(FIRMWARE.glob("*.py")):
        source = path.read_text(encoding="utf-8")
        assert not re.search(r"^\s*import wire\b(?!_)", source, re.M), path.name
        assert not re.search(r"\bwire\.[a-z_]+\(", source), f"{path.name} calls host wire.py"
