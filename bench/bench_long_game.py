"""Per-event cost in a long game: the app's path for one dial turn at command 100 and at command
50,000 (DESIGN.md: "the same at command 50,000 as at command 100").

Each event goes through what the app does: TableController turns the DialChanged into a
command, commits it to a CommandStore on a temporary file (a real SQLite commit, WAL,
synchronous=FULL) and applies it to the engine; then the reads the app's session makes after
every event (the history's length and last command, the last lines of the log, prompts,
status). Two tables are kept side by side, one 100 commands into its game and one 50,000, and
events alternate between them, so the shared machine's noise falls on both alike.

The long game is a real game: random legal play (hidden hands, as the app plays) and dial
turns, the commands the table logs most, to fill it; its command log is written to the store
in one transaction before measuring.

Run: .venv/bin/python bench/bench_long_game.py [--quick]
"""

from __future__ import annotations

import random
import resource
import statistics
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from bench.targets import report  # noqa: E402
from companion_app.games.zeal.adapter import ADAPTER as ZEAL  # noqa: E402
from companion_app.store import CommandStore  # noqa: E402
from companion_app.table import TableController  # noqa: E402
from engine.zeal import PlayerSetup, ZealGame, ZealSetup  # noqa: E402
from engine.zeal import actions as za  # noqa: E402
from engine.zeal.cards import sample_catalog  # noqa: E402
from engine.zeal.randomplay import choose  # noqa: E402
from engine.zeal.record import setup_to_dict  # noqa: E402
from hardware.events import DialChanged  # noqa: E402
from hardware.seats import SeatMap  # noqa: E402

WHAT = "per-event cost in a long game"
DEVICE = "a17a0001"
STORY_LINES = 12  # the log lines the app shows


class NoTags:
    def card_for(self, uid: bytes, card_ref: str | None = None) -> str | None:
        return None


def long_game(commands: int, seed: int = 7) -> ZealGame:
    """A hidden-hands two-player game ``commands`` commands in: random legal play for its first
    few hundred, then dial turns (devotion set by hand, always legal)."""
    setup = ZealSetup(
        players=(PlayerSetup("Alena"), PlayerSetup("Anton")),
        seed=seed,
        catalog=sample_catalog(),
        first_player=0,
        hidden_hands=True,
    )
    game = ZealGame(setup)
    rnd = random.Random(seed)
    while len(game.history) < min(commands, 400) and game.outcome() is None:
        game.apply(choose(rnd, list(game.legal_actions())))
    seat = 0
    while len(game.history) < commands:
        game.apply(za.SetDevotion(seat, current=rnd.randrange(0, 14)))
        seat = 1 - seat
    return game


def table_at(commands: int, folder: str) -> tuple[TableController, CommandStore]:
    game = long_game(commands)
    store = CommandStore(str(Path(folder) / f"game{commands}.db"))
    game_id = store.new_game("zeal", setup_to_dict(game.setup))
    store.replace_commands(game_id, [za.to_dict(a) for a in game.history])
    seats = SeatMap()
    seats.assign_dial(DEVICE, 0, 0)
    table = TableController(game, ZEAL, seats, NoTags(), game.catalog, log=store, game_id=game_id)
    return table, store


def session_reads(game: ZealGame) -> Any:
    """What the app's session reads after every event."""
    history = game.history
    return (
        len(history),
        history[-1] if len(history) else None,
        game.log[-STORY_LINES:],
        game.prompts(),
        game.status(),
    )


def event(table: TableController, value: int) -> float:
    start = time.perf_counter()
    table.handle(DialChanged(DEVICE, 0, value))
    session_reads(table.game)
    return time.perf_counter() - start


def engine_only(game: ZealGame, value: int) -> float:
    start = time.perf_counter()
    game.apply(za.SetDevotion(0, current=value))
    session_reads(game)
    return time.perf_counter() - start


def store_only(store: CommandStore, game_id: int) -> float:
    start = time.perf_counter()
    store.append(game_id, za.to_dict(za.SetDevotion(0, current=1)))
    return time.perf_counter() - start


def ms(values: list[float]) -> str:
    ordered = sorted(values)
    p99 = ordered[min(len(ordered) - 1, int(0.99 * len(ordered)))]
    return f"p50 {statistics.median(values) * 1000:.3f} ms, p99 {p99 * 1000:.3f} ms"


def main() -> int:
    quick = "--quick" in sys.argv
    events = 100 if quick else 400
    sizes = (100, 50_000)
    rss0 = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss
    with tempfile.TemporaryDirectory() as folder:
        tables = {n: table_at(n, folder) for n in sizes}
        rss1 = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss
        samples: dict[int, list[float]] = {n: [] for n in sizes}
        engine: dict[int, list[float]] = {n: [] for n in sizes}
        store: dict[int, list[float]] = {n: [] for n in sizes}
        for i in range(events):
            value = 1 + i % 13  # a change every time: every event is a command
            for n in sizes:
                table, _ = tables[n]
                samples[n].append(event(table, value))
        for i in range(events):
            for n in sizes:
                table, db = tables[n]
                engine[n].append(engine_only(table.game, 1 + i % 13))
                assert table.game_id is not None
                store[n].append(store_only(db, table.game_id))
        for _, db in tables.values():
            db.close()
    small, big = (statistics.median(samples[n]) for n in sizes)
    # "The same": the median at 50,000 within 10 % of the median at 100 (the SQLite commit's
    # fsync dominates and varies, so a finer line would measure the disk, not the game).
    same = big <= small * 1.10
    for n in sizes:
        print(f"app per-event path at command {n:,}: {ms(samples[n])} over {events} dial events")
    print(
        report(
            f"per-event cost, median at 50,000 / at 100: {big / small:.2f}x "
            "(same means within 10 %)",
            WHAT,
            same,
        )
    )
    small_engine, big_engine = (statistics.median(engine[n]) for n in sizes)
    print(
        f"  the engine's share alone (apply + session reads), median at 50,000 / at 100: "
        f"{big_engine / small_engine:.2f}x (not the target: the target is the whole path)"
    )
    for n in sizes:
        print(
            f"  parts at command {n:,}: engine apply + session reads {ms(engine[n])}; "
            f"CommandStore.append alone {ms(store[n])}"
        )
    for n in sizes:
        game = long_game(n)
        copies = []
        for _ in range(50):
            start = time.perf_counter()
            list(game.log)[-STORY_LINES:]  # companion_app/session.py's story, as written today
            copies.append(time.perf_counter() - start)
        print(
            f"  the session's story read as written today, list(game.log)[-{STORY_LINES}:], at "
            f"command {n:,} ({len(game.log):,} log lines): {ms(copies)} (game.log[-{STORY_LINES}:] "
            "costs the same at any length)"
        )
    print(
        f"  what still grows with the game: memory, every state kept for undo "
        f"(peak RSS +{(rss1 - rss0) / 1024:.0f} MB for the two games); the SQLite file"
    )
    return 0


if __name__ == "__main__":
    sys.exit(main())
