"""The explorer's command line (docs/app.md, "The table explorer").

python -m tests.app.explorer --game zeal --players 2 --size 800x1280 --seed 7 --steps 40
python -m tests.app.explorer --long
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

from tests.app.explorer.launch import ROOT, SIZES, every_game, run_all, summary
from tests.app.explorer.runner import Exploration


def main() -> int:
    parser = argparse.ArgumentParser(prog="python -m tests.app.explorer")
    parser.add_argument("--game", help="one game's kind (zeal, deeds, vile, devacurse, zg)")
    parser.add_argument("--players", type=int, help="how many players (default: fewest, most)")
    parser.add_argument("--size", choices=SIZES, help="one window size (default: both)")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--steps", type=int, default=40)
    parser.add_argument("--long", action="store_true", help="thousands of steps, many seeds")
    parser.add_argument("--out", default=str(ROOT / "test-output" / "explorer"))
    args = parser.parse_args()
    if args.long:
        plans = every_game(args.steps if args.steps != 40 else 120, seeds=range(1, 6))
    else:
        plans = every_game(args.steps, seeds=(args.seed,))
    if args.game:
        plans = [p for p in plans if p.game == args.game]
        if args.players:
            plans = [Exploration(args.game, args.players, args.seed, args.steps)]
    sizes = (args.size,) if args.size else SIZES
    results = run_all(plans, Path(args.out), sizes, timeout=3600)
    print(summary(results))
    failed = any(not r.get("ok") or any(o["failures"] for o in r["outcomes"]) for r in results)
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
