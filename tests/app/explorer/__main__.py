"""The explorer's command line (docs/app.md, "The table explorer"): whole games.

python -m tests.app.explorer --game zeal --players 2 --size 800x1280 --seed 7
python -m tests.app.explorer --seed random     # one new seed, printed
python -m tests.app.explorer --seeds 20        # make explore: 20 new seeds, printed
"""

from __future__ import annotations

import argparse
import random
import sys
from pathlib import Path

from tests.app.explorer.launch import CAP, KILL_CHANCE, ROOT, SIZES, every_game, run_all, summary


def main() -> int:
    parser = argparse.ArgumentParser(prog="python -m tests.app.explorer")
    parser.add_argument("--game", help="one game's kind (zeal, deeds, vile, devacurse, zg)")
    parser.add_argument(
        "--players", type=int, help="how many players (default: fewest, middle, most)"
    )
    parser.add_argument("--size", choices=SIZES, help="one window size (default: both)")
    parser.add_argument("--seed", default="1", help='a seed, or "random" (a new one, printed)')
    parser.add_argument("--seeds", type=int, help="this many new seeds (printed), each table")
    parser.add_argument("--steps", type=int, default=CAP, help="the cap on a game's steps")
    parser.add_argument("--kills", type=float, default=KILL_CHANCE, help="stop chance a step")
    parser.add_argument("--check-every", type=int, default=1, help="whole-screen check every N")
    parser.add_argument("--out", default=str(ROOT / "test-output" / "explorer"))
    args = parser.parse_args()
    fresh = random.SystemRandom()
    if args.seeds:
        seeds = [fresh.randrange(10**6) for _ in range(args.seeds)]
    elif args.seed == "random":
        seeds = [fresh.randrange(10**6)]
    else:
        seeds = [int(args.seed)]
    print(f"seeds: {' '.join(map(str, seeds))}", flush=True)
    plans = every_game(seeds, args.steps, args.kills, args.check_every)
    if args.game:
        plans = [p for p in plans if p.game == args.game]
    if args.players:
        plans = [p for p in plans if p.players == args.players]
    if not plans:
        parser.error("no table matches --game and --players")
    sizes = (args.size,) if args.size else SIZES
    results = run_all(plans, Path(args.out), sizes, timeout=6 * 3600)
    print(summary(results))
    print(f"seeds: {' '.join(map(str, seeds))}")
    failed = any(not r.get("ok") or any(o["failures"] for o in r["outcomes"]) for r in results)
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
