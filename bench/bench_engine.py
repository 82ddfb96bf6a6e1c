"""Engine benchmark: commands applied per second, undo cost, replay of a 10,000-command log,
and random full two-player games per second. Targets (docs DESIGN.md): >= 20,000 commands/s,
replay <= 0.5 s, >= 50 games/s, on one core.

Run: .venv/bin/python bench/bench_engine.py
"""

from __future__ import annotations

import random
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from engine.zeal import ZealGame  # noqa: E402
from engine.zeal import actions as za  # noqa: E402
from engine.zeal.randomplay import choose, play_out, random_setup  # noqa: E402


def record_log(target: int) -> tuple[list[tuple[object, list[za.Action]]], int]:
    """Random games played to the end, until ``target`` commands are recorded."""
    games: list[tuple[object, list[za.Action]]] = []
    total = 0
    seed = 0
    while total < target:
        game = ZealGame(random_setup(seed))
        play_out(game, seed, max_actions=target - total)
        games.append((game.setup, list(game.history)))
        total += len(game.history)
        seed += 1
    return games, total


def bench_apply(games: list[tuple[object, list[za.Action]]]) -> tuple[float, list[float]]:
    """Commands applied per second (apply = explain + perform + snapshot), per-command times."""
    per: list[float] = []
    start = time.perf_counter()
    for setup, actions in games:
        game = ZealGame(setup)  # type: ignore[arg-type]
        for action in actions:
            t0 = time.perf_counter()
            game.apply(action)
            per.append(time.perf_counter() - t0)
    elapsed = time.perf_counter() - start
    return len(per) / elapsed, per


def bench_undo(games: list[tuple[object, list[za.Action]]]) -> list[float]:
    per: list[float] = []
    for setup, actions in games[:3]:
        game = ZealGame.replay(setup, actions)  # type: ignore[arg-type]
        while game.history:
            t0 = time.perf_counter()
            game.undo()
            per.append(time.perf_counter() - t0)
    return per


def bench_replay(games: list[tuple[object, list[za.Action]]]) -> float:
    start = time.perf_counter()
    for setup, actions in games:
        ZealGame.replay(setup, actions)  # type: ignore[arg-type]
    return time.perf_counter() - start


def bench_games(seconds: float) -> tuple[float, float, float, int]:
    """Random full two-player games (choosing among legal_actions()) per second, by the wall
    clock and by this process's CPU time (steadier on a machine shared with other jobs)."""
    start = time.perf_counter()
    cpu_start = time.process_time()
    games = 0
    actions = 0
    finished = 0
    while time.perf_counter() - start < seconds:
        game = ZealGame(random_setup(10_000 + games))
        actions += play_out(game, games, max_actions=3000)
        finished += game.outcome() is not None
        games += 1
    elapsed = time.perf_counter() - start
    cpu = time.process_time() - cpu_start
    return games / elapsed, games / cpu, actions / games, finished


def pct(values: list[float], q: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(q * len(ordered)))]


def main() -> None:
    random.seed(0)
    _ = choose
    games, total = record_log(10_000)
    rate, per = bench_apply(games)
    print(
        f"commands applied: {rate:,.0f}/s over {total} commands "
        f"(p50 {pct(per, 0.5) * 1e6:.0f} us, p99 {pct(per, 0.99) * 1e6:.0f} us)"
    )
    undo = bench_undo(games)
    print(
        f"undo: p50 {pct(undo, 0.5) * 1e6:.1f} us, p99 {pct(undo, 0.99) * 1e6:.1f} us, "
        f"mean {statistics.mean(undo) * 1e6:.1f} us"
    )
    replay = bench_replay(games)
    print(f"replay of a {total}-command log: {replay:.3f} s")
    per_s, per_cpu_s, mean_actions, finished = bench_games(10.0)
    print(
        f"random full two-player games: {per_s:.1f}/s wall, {per_cpu_s:.1f}/s of CPU time "
        f"(mean {mean_actions:.0f} actions per game, {finished} finished)"
    )


if __name__ == "__main__":
    main()
