"""Firmware numbers measured on the real MicroPython VM (WebAssembly, under node).

Run: .venv/bin/python bench/bench_firmware.py
Prints detents decoded versus sent at several spin speeds (contact bounce and interrupt
latency simulated), the size of every event frame (unsigned and signed), what the security
costs (frame MAC, a claim's key agreement), and the heap used after importing the firmware
(.py files, ROMFS) and, live, with the device built, its reader polled and a claimed session
running, each beside its target with met / not met.
"""

from __future__ import annotations

import re
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from bench.targets import target_number  # noqa: E402
from tests.firmware.micropython_vm import HERE, run_on_micropython, vm_available  # noqa: E402
from tests.firmware.test_firmware_heap import (  # noqa: E402
    RECONNECT_SLACK,
    measure,
    measure_built,
    romfs_image,
)
from tests.firmware.test_firmware_on_micropython import firmware_files  # noqa: E402

# The heap budget, bytes: bench/targets.toml's row, as tests/firmware/test_firmware_heap.py
# holds it too (never a threshold of the bench's own).
HEAP = "firmware heap, built and running a claimed session"
LIMIT = int(target_number(HEAP))


def main() -> int:
    why = vm_available()
    if why:
        print("cannot run the firmware bench:", why)
        return 1
    files = firmware_files()
    files["/lib/bench_vm.py"] = HERE / "mp" / "bench_vm.py"
    run = run_on_micropython("bench_vm", files, timeout=300)
    lines = [m.group(1) for m in re.finditer(r"^BENCH (.*)$", run.output, re.M)]
    if run.returncode != 0 or not lines:
        print(run.output)
        return 1
    for line in lines:
        print(line)
    heap_files = dict(files)
    heap_files["/lib/test_heap.py"] = HERE / "mp" / "test_heap.py"
    used_py, _ = measure(heap_files)
    with tempfile.TemporaryDirectory() as tmp:
        image = romfs_image(Path(tmp))
        used_rom, _ = measure({"/lib/test_heap.py": HERE / "mp" / "test_heap.py"}, image)
        live, _, growth, allocated = measure_built(image, {})
    print(f"heap after import, firmware as .py files: {used_py} bytes")
    print(
        f"heap after import, firmware in ROMFS: {used_rom} bytes "
        f"(budget {LIMIT}, {'met' if used_rom <= LIMIT else 'not met'})"
    )
    print(
        f"heap built, reader polling, claimed session sending signed events, ROMFS: {live} "
        f"bytes live: budget {LIMIT}, {'met' if live <= LIMIT else 'not met'}"
    )
    print(
        f"  a reconnect (new handshake) adds {growth} bytes (at most {RECONNECT_SLACK}: "
        f"{'met' if growth <= RECONNECT_SLACK else 'not met'}); {allocated} bytes allocated in "
        "all on the way, garbage included (this VM's gc.collect() from Python frees nothing)"
    )
    return 0


if __name__ == "__main__":
    sys.exit(main())
