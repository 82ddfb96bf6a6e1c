"""Soak of random games (issue 34): every game ends by the rules, or is stopped only by a proven
claim that no one can win (Game.stalemate), and none runs past the cap.

Plays seeds 1..N of every registered game with its random play-out (5,000 Zeal games and 1,000
of each other game unless told otherwise) and prints, for each game: games, ended by the
rules, stopped by a proven claim, capped; the seeds of any capped game, to replay one; and
how many games the table would have been offered to stop (Game.stall_note) along the way
without a proof. Not part of `make test` nor of `make bench` (minutes of CPU).

Run: .venv/bin/python bench/soak.py [--zeal N] [--others N] [--cap ACTIONS] [--only KIND]
"""

from __future__ import annotations

import argparse
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from engine import games  # noqa: E402

CAP = 100_000  # actions: far past any game that ends (Zeal's longest ended ones run ~5,000)


def soak(kind: str, count: int, cap: int) -> tuple[str, bool]:
    game_kind = games.get(kind)
    ended = stopped = 0
    capped: list[int] = []
    noted = 0
    longest = 0
    start = time.process_time()
    for seed in range(1, count + 1):
        result = game_kind.random_game(seed, 2, cap)
        game = result.game
        longest = max(longest, len(game.history))
        if result.capped:
            capped.append(seed)
        elif result.stalled:
            stopped += 1
        else:
            assert game.outcome() is not None, f"{kind} seed {seed}: neither over nor stopped"
            ended += 1
        noted += result.noted
    seconds = time.process_time() - start
    ok = not capped
    line = (
        f"{game_kind.title}: {count} games, {ended} ended by the rules, {stopped} stopped by a "
        f"proven claim that no one can win, {len(capped)} capped at {cap:,} actions"
        f"{' (seeds ' + ', '.join(map(str, capped[:20])) + ')' if capped else ''}; "
        f"{noted} offered to stop without a proof on the way; longest {longest:,} actions; "
        f"{seconds:.0f} s CPU — target: none capped: {'met' if ok else 'not met'}"
    )
    return line, ok


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--zeal", type=int, default=5000)
    parser.add_argument("--others", type=int, default=1000)
    parser.add_argument("--cap", type=int, default=CAP)
    parser.add_argument("--only", default=None)
    args = parser.parse_args()
    failed = False
    for kind in games.kinds():
        if args.only and kind != args.only:
            continue
        line, ok = soak(kind, args.zeal if kind == "zeal" else args.others, args.cap)
        print(line, flush=True)
        failed |= not ok
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
