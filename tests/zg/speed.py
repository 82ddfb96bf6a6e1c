"""Z-G speed, printed: tests computed per second (the pure dot-against-dot function) and random
games per second (KIND.random_game). Run: .venv/bin/python -m tests.zg.speed"""

from __future__ import annotations

import random
import time

from engine import games
from engine.zg.cards import sample_catalog
from engine.zg.dot_match import run_test


def tests_per_second(seconds: float = 1.0) -> float:
    cards = [c for c in sample_catalog().cards if c.is_zgear]
    rnd = random.Random(1)
    pairs = [
        (rnd.choice(cards).ends[rnd.randrange(2)], rnd.choice(cards).ends[rnd.randrange(2)])
        for _ in range(1000)
    ]
    done, start = 0, time.perf_counter()
    while time.perf_counter() - start < seconds:
        for attack, target in pairs:
            run_test(attack, target)
        done += len(pairs)
    return done / (time.perf_counter() - start)


def games_per_second(count: int = 40) -> tuple[float, float, int]:
    kind = games.get("zg")
    kind.random_game(0, 2, 5000)  # warm the catalog
    actions, capped, start = 0, 0, time.perf_counter()
    for seed in range(count):
        played = kind.random_game(seed, 2 + seed % 3, 5000)
        actions += len(played.game.history)
        capped += played.capped
    elapsed = time.perf_counter() - start
    return count / elapsed, actions / count, capped


def reference(count: int = 10) -> float:
    """Zeal's random games per second at the same moment: the machine is shared, so a number
    alone says little."""
    kind = games.get("zeal")
    kind.random_game(0, 2, 3000)
    start = time.perf_counter()
    for seed in range(count):
        kind.random_game(seed, 2, 3000)
    return count / (time.perf_counter() - start)


def main() -> None:
    print(f"zg tests computed per second: {tests_per_second():,.0f}")
    rate, length, capped = games_per_second()
    print(
        f"zg random games per second: {rate:.1f} "
        f"(2-4 players, {length:.0f} actions a game, {capped} capped)"
    )
    print(f"zeal random games per second, same moment, 2 players: {reference():.1f}")


if __name__ == "__main__":
    main()
