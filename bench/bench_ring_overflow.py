"""How often the device's 32-frame replay ring overflows under the fault test's harsh script.

tests/hardware/test_faults.py plays a device through a lossy radio (frames dropped, corrupted,
doubled, reordered at a given rate) with a reconnect every 0.3 s of play. When handshakes keep
failing the ring can fill and drop its oldest events. That test asserts only what must hold on
every run (nothing lost silently, nothing doubled or reordered); how often the ring overflows
is a figure of the script and the fault rate, measured here over many seeds, not asserted.

Prints, for each fault rate and transport, the runs whose ring overflowed out of the runs made,
and checks on every run what the test checks. No target: a measurement.
Run: .venv/bin/python bench/bench_ring_overflow.py [--runs 500]
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from tests.hardware.test_faults import harsh_run, what_must_hold  # noqa: E402

RATES = (0.05, 0.10, 0.20, 0.30)


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--runs", type=int, default=500, help="seeds per rate and transport")
    args, _ = parser.parse_known_args()
    broken = 0
    for rate in RATES:
        for serial in (False, True):
            overflowed = 0
            for seed in range(args.runs):
                got, expected, dropped, messages = harsh_run(seed, rate, serial)
                overflowed += dropped > 0
                try:
                    what_must_hold(got, expected, dropped, messages)
                except AssertionError:
                    broken += 1
                    print(f"  seed {seed} at {rate:.0%}: lost silently, doubled or reordered")
            per_1000 = 1000 * overflowed / args.runs
            transport = "serial bytes" if serial else "BLE frames"
            print(
                f"ring overflow at {rate:.0%} faults, {transport}: {overflowed} of {args.runs} "
                f"runs ({per_1000:.1f} in 1,000)  [measurement, no target]"
            )
    print(f"nothing lost silently, doubled or reordered: {'held' if not broken else 'BROKEN'}")
    return 1 if broken else 0


if __name__ == "__main__":
    sys.exit(main())
