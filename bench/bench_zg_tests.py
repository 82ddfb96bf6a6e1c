"""Z-G's test (rules/z-g.md, "The Test"): dot-against-dot tests computed per second, the work
the tablet does when a player scans an action card and a target card. Random games per second
for every game are in bench_engine.py. Run: .venv/bin/python bench/bench_zg_tests.py"""

from __future__ import annotations

import random
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from engine.zg.cards import sample_catalog  # noqa: E402
from engine.zg.dot_match import run_test  # noqa: E402

SECONDS = 2.0


def main() -> None:
    cards = [c for c in sample_catalog().cards if c.is_zgear]
    rnd = random.Random(1)
    pairs = [
        (rnd.choice(cards).ends[rnd.randrange(2)], rnd.choice(cards).ends[rnd.randrange(2)])
        for _ in range(1000)
    ]
    done, start = 0, time.process_time()
    while time.process_time() - start < SECONDS:
        for attack, target in pairs:
            run_test(attack, target)
        done += len(pairs)
    rate = done / (time.process_time() - start)
    per_test_us = 1e6 / rate
    print(
        f"Z-G tests computed (two card ends, every blaze rule, the chart): {rate:,.0f}/s of CPU, "
        f"{per_test_us:.1f} us each (no DESIGN.md target; a scan pair must feel instant: "
        f"well under 1 ms)"
    )


if __name__ == "__main__":
    main()
