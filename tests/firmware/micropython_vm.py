"""Runs MicroPython test modules on the real VM (WebAssembly build under node) from pytest."""

from __future__ import annotations

import shutil
import subprocess
from dataclasses import dataclass
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
HERE = Path(__file__).resolve().parent
MPVM = HERE / "mpvm"
HARNESS = MPVM / "run_micropython.mjs"


@dataclass
class VmRun:
    returncode: int
    output: str


def vm_available() -> str | None:
    """None when the VM can run here, else why not (so a skip says what to install)."""
    if shutil.which("node") is None:
        return "node is not installed"
    if not (MPVM / "node_modules" / "@micropython").exists():
        return (
            "the MicroPython VM is not installed: run `make test` (npm ci in tests/firmware/mpvm)"
        )
    return None


def run_on_micropython(
    module: str, files: dict[str, Path], timeout: float = 120, romfs: Path | None = None
) -> VmRun:
    """Copy files (VM path -> host path) into the VM with mptest.py and run `module`'s tests.

    With `romfs`, that ROMFS image is mounted at /rom (modules in /rom/lib run in place)."""
    specs = {"/lib/mptest.py": HERE / "mptest.py", **files}
    args = ["node", str(HARNESS)]
    for vm_path, host_path in specs.items():
        args += ["--file", f"{host_path}={vm_path}"]
    if romfs is not None:
        args += ["--romfs", str(romfs)]
    args += ["--run", module]
    # The harness imports the VM package from tests/firmware/mpvm/node_modules.
    proc = subprocess.run(
        args,
        cwd=MPVM,
        capture_output=True,
        text=True,
        timeout=timeout,
    )
    return VmRun(proc.returncode, proc.stdout + proc.stderr)
