"""The command store's two costs a long game feels: one append (the SQLite commit the app makes
before every command is shown), and opening the file at start-up (quick_check, and the engine's
replay check of the game it offers to resume).

    .venv/bin/python bench/bench_store.py [--runs 5]

Append: the median per-append time of ``runs`` runs of 300 appends into a game that already
has 100, 10,000 or 50,000 commands, with synchronous=OFF so the query is timed, not the disk,
and then with the store's own synchronous=FULL (an fsync per command: the disk's number).
Target (issue 13): the same cost at command 50,000 as at command 100; met when the ratio is
at most 1.5.
Start-up: ``open_store`` on a file with a finished 50,000-command game and an unfinished real
Zeal game, with and without the Zeal replay check. No DESIGN.md target: printed for the
record beside the app's cold start (bench_app.py).
Resume (issue 37), every game: the session's resume (``GameSession.saved_game`` and
``resume``, as the Start screen's button runs them) of a game 100, 10,000 and 50,000 commands
long, CPU time, median of ``RESUME_RUNS`` (or ``runs`` if more), each from a collected heap,
the lengths in turn, from the store's snapshots as the session keeps them (every
SNAPSHOT_EVERY commands) and, beside it, with the snapshots deleted (the whole log
replayed, as before snapshots). Each game's long log is random legal play that never takes
the move that would end the game, with a dial turn (the adapter's ``dial_action``) one command
in four; when every move would end it the log goes on with dial turns alone (its mix is
printed: how many commands were the game's own moves). Target: the same at 50,000 as at 100.
"""

from __future__ import annotations

import argparse
import gc
import json
import os
import random
import statistics
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from collections import Counter  # noqa: E402

from bench.targets import report, target_number  # noqa: E402
from companion_app.games import adapter_for  # noqa: E402
from companion_app.saves.game_record import setup_record  # noqa: E402
from companion_app.saves.replay_check import replay_check  # noqa: E402
from companion_app.saves.store import CommandStore, open_store  # noqa: E402
from companion_app.session.game_session import GameSession  # noqa: E402
from companion_app.session.log_window import LOG_ROWS, LogWindow  # noqa: E402
from companion_app.session.resume import KEPT_SNAPSHOTS, SNAPSHOT_EVERY, body_of  # noqa: E402
from companion_app.session.turn_series import HistoryRecorder  # noqa: E402
from engine import games  # noqa: E402
from engine.zeal import ZealGame  # noqa: E402
from engine.zeal import actions as za  # noqa: E402
from engine.zeal.cards import sample_catalog  # noqa: E402
from engine.zeal.kind import KIND as ZEAL_KIND  # noqa: E402
from engine.zeal.randomplay import choose, random_setup  # noqa: E402
from hardware.registry import TagRegistry  # noqa: E402

PASS = json.dumps({"type": "Pass", "player": 0})
RATIO_TARGET = 1.5


def _fill(store: CommandStore, game_id: int, n: int) -> None:
    db = store._db
    db.execute("BEGIN")
    db.executemany(
        "INSERT INTO commands VALUES (?, ?, ?, 0.0)", [(game_id, i, PASS) for i in range(n)]
    )
    db.execute("COMMIT")
    db.execute("PRAGMA wal_checkpoint(TRUNCATE)")


def per_append_ms(before: int, synchronous: str, runs: int) -> float:
    with tempfile.TemporaryDirectory() as folder:
        store = CommandStore(os.path.join(folder, "games.sqlite"))
        store._db.execute(f"PRAGMA synchronous={synchronous}")
        game_id = store.new_game("zeal", {})
        _fill(store, game_id, before)
        times = []
        for _ in range(runs):
            start = time.perf_counter()
            for _ in range(300):
                store.append(game_id, {"type": "Pass", "player": 0})
            times.append((time.perf_counter() - start) / 300 * 1000)
            for _ in range(300):
                store.remove_last(game_id)
        store.close()
    return statistics.median(times)


def start_up_ms(runs: int) -> tuple[float, float, int]:
    with tempfile.TemporaryDirectory() as folder:
        path = os.path.join(folder, "games.sqlite")
        store = CommandStore(path)
        store._db.execute("PRAGMA synchronous=OFF")
        old = store.new_game("zeal", {})
        _fill(store, old, 50_000)
        store.finish(old)
        setup = random_setup(5)
        game = ZealGame(setup)
        rnd = random.Random(5)
        game_id = store.new_game("zeal", setup_record(ZEAL_KIND, setup, (0, 1)))
        while not game.is_over() and len(game.history) < 400:
            action = choose(rnd, list(game.legal_actions()))
            game.apply(action)
            store.append(game_id, za.to_dict(action))
        store.close()
        plain, checked = [], []
        for _ in range(runs):
            for check, out in (
                (None, plain),
                (replay_check(lambda _kind: sample_catalog()), checked),
            ):
                start = time.perf_counter()
                opened, recovery = open_store(path, check)
                out.append((time.perf_counter() - start) * 1000)
                assert recovery is None
                opened.close()
    return statistics.median(plain), statistics.median(checked), len(game.history)


RESUME = "resume of a long game"
RESUME_RUNS = 9
SIZES = (100, 10_000, 50_000)
DIAL_SHARE = 0.25


def long_log(kind: str, commands: int, seed: int = 1) -> tuple[Any, list[Any], Counter[str]]:
    """(setup, commands, their mix): a game of ``kind`` ``commands`` long that never ends."""
    engine = games.get(kind)
    adapter = adapter_for(kind)
    game = engine.game.start(engine.random_game(seed, 2, 1).game.setup)
    rnd = random.Random(seed)
    mix: Counter[str] = Counter()
    while len(game.history) < commands:
        moved = False
        if rnd.random() >= DIAL_SHARE:
            options = list(game.legal_actions())
            rnd.shuffle(options)
            for action in options:
                game.apply(action)
                if game.outcome() is None:
                    moved = True
                    mix[type(action).__name__] += 1
                    break
                game.undo()  # that move would end the game: another
        if not moved:
            turn = _dial_turn(game, adapter, rnd)
            game.apply(turn)
            if game.outcome() is not None:  # a life dialled to nothing: another turn
                game.undo()
                continue
            mix["a dial turn"] += 1
    return game.setup, list(game.history), mix


def _dial_turn(game: Any, adapter: Any, rnd: random.Random) -> Any:
    """A seat's dial turned, or where the game refuses that (Z-G with open hands: the cards
    are set instead) one of the seat's counters set, as a burst of taps does."""
    for _ in range(100):
        seat = rnd.randrange(len(game.player_names()))
        spec = adapter.dial(game, seat)
        turn = adapter.dial_action(game, seat, rnd.randrange(spec.minimum, spec.maximum + 1))
        if game.explain(turn) is None:
            return turn
        counters = adapter.counters(game, seat)
        if counters:
            c = rnd.choice(counters)
            top = c.maximum if c.maximum is not None else c.value + 5
            try:
                turn = adapter.counter_action(game, seat, c.key, rnd.randrange(c.minimum, top + 1))
            except ValueError:  # a counter only tapped (Z-G's slag: toggle_action), not set
                continue
            if game.explain(turn) is None:
                return turn
    raise RuntimeError("no dial turn or counter the game takes: the long log can't go on")


def keep_snapshots(
    store: CommandStore, game_id: int, kind: str, setup: Any, actions: list[Any]
) -> list[float]:
    """The snapshots the session keeps as the game is played (resume.py's Snapshots.after:
    every SNAPSHOT_EVERY commands, with the log screen's rows; the newest KEPT_SNAPSHOTS);
    returns the CPU ms each of the last ones cost (rows, body, commit)."""
    spent = []
    engine = games.get(kind)
    adapter = adapter_for(kind)
    history = HistoryRecorder(adapter)
    window = LogWindow()
    game = engine.game.start(setup)
    history.record(game)
    newest = len(actions) - len(actions) % SNAPSHOT_EVERY
    for i, action in enumerate(actions):
        game.apply(action)
        history.record(game)
        seq = i + 1
        if seq % SNAPSHOT_EVERY == 0 and seq > newest - KEPT_SNAPSHOTS * SNAPSHOT_EVERY:
            times = [0.0] * seq
            if seq > newest - (KEPT_SNAPSHOTS - 1) * SNAPSHOT_EVERY:
                t0 = time.process_time()  # the first words all the log's rows: not timed
            rows = window.rows(game, adapter, times)
            body = body_of(game, history, rows)
            assert body is not None, f"{kind}: no snapshot of its state"
            store.save_snapshot(game_id, seq, body, keep=KEPT_SNAPSHOTS)
            if seq > newest - (KEPT_SNAPSHOTS - 1) * SNAPSHOT_EVERY:
                spent.append((time.process_time() - t0) * 1000)
    return spent


SNAPSHOT_MS: dict[str, list[float]] = {}  # kind -> CPU ms of its last snapshots


def _saved(folder: str, kind: str, setup: Any, actions: list[Any], snapshots: bool) -> str:
    """A store file holding the game, with the snapshots the session would have kept."""
    engine = games.get(kind)
    path = os.path.join(folder, f"{kind}-{len(actions)}-{snapshots}.sqlite")
    store = CommandStore(path)
    store._db.execute("PRAGMA synchronous=OFF")
    game_id = store.new_game(kind, setup_record(engine, setup, (0, 1)))
    store.replace_commands(game_id, [engine.action_to_dict(a) for a in actions])
    if snapshots:
        SNAPSHOT_MS[kind] = keep_snapshots(store, game_id, kind, setup, actions)
    store.close()
    return path


def resume_once(path: str) -> tuple[float, int]:
    """CPU ms of the session's resume of the file's game, and the commands it replayed."""
    session = GameSession(CommandStore(path), lambda _kind: TagRegistry(":memory:"))
    # Every resume starts from a collected heap: a collection the previous one's garbage
    # would set off falls on no length more than another (measured: it was a third of the
    # spread between lengths).
    gc.collect()
    t0 = time.process_time()
    saved = session.saved_game()
    assert saved is not None
    session.resume(saved)
    spent = (time.process_time() - t0) * 1000
    session.store.close()
    return spent, session.replayed_on_resume


def check_once(path: str) -> float:
    """CPU ms of open_store with the app's replay check (start-up, before Resume)."""
    check = replay_check(lambda kind: adapter_for(kind).catalog())
    t0 = time.process_time()
    store, notice = open_store(path, check)
    spent = (time.process_time() - t0) * 1000
    assert notice is None, notice.message()
    store.close()
    return spent


def resume_report(runs: int, kinds: tuple[str, ...]) -> None:
    limit = target_number(RESUME)
    for kind in kinds:
        setup, actions, mix = long_log(kind, max(SIZES))
        own = sum(n for name, n in mix.items() if name != "a dial turn")
        print(
            f"{kind}: a {len(actions):,}-command log, {own / len(actions):.0%} the game's own "
            f"moves ({', '.join(f'{k} {v / len(actions):.1%}' for k, v in mix.most_common(6))})"
        )
        with tempfile.TemporaryDirectory() as folder:
            files = {
                n: (
                    _saved(folder, kind, setup, actions[:n], True),
                    _saved(folder, kind, setup, actions[:n], False),
                )
                for n in SIZES
            }
            # Rounds interleave the lengths, so the shared machine's noise falls on all alike.
            got: dict[int, list[tuple[float, int, float, float]]] = {n: [] for n in SIZES}
            for _ in range(runs):
                for n, (with_them, without) in files.items():
                    ms, replayed = resume_once(with_them)
                    got[n].append((ms, replayed, resume_once(without)[0], check_once(with_them)))
            after = {n: (statistics.median(r[0] for r in got[n]), got[n][0][1]) for n in SIZES}
            before = {n: (statistics.median(r[2] for r in got[n]), n) for n in SIZES}
            checked = {
                n: (statistics.median(r[3] for r in got[n]), check_once(files[n][1])) for n in SIZES
            }
        ratio = after[SIZES[-1]][0] / after[SIZES[0]][0]
        figures = ", ".join(
            f"at {n:,} {after[n][0]:.2f} ms ({after[n][1]} replayed, the snapshot's "
            f"{min(LOG_ROWS, n - after[n][1])} log rows; {before[n][0]:.1f} ms replaying all)"
            for n in SIZES
        )
        long_ratio = after[SIZES[-1]][0] / after[SIZES[1]][0]
        print(
            report(
                f"  {kind} resume (CPU, median of {runs}): {figures}; at {SIZES[-1]:,} / at "
                f"{SIZES[0]:,}: {ratio:.2f} (the same: within {limit - 1:.0%}); at "
                f"{SIZES[-1]:,} / at {SIZES[1]:,}, both with the log screen's "
                f"{LOG_ROWS} rows: {long_ratio:.2f}",
                RESUME,
                ratio <= limit,
            )
        )
        print(
            f"  {kind} start-up check (open_store with the replay check, CPU, median): "
            + ", ".join(
                f"at {n:,} {checked[n][0]:.1f} ms ({checked[n][1]:.1f} ms replaying all)"
                for n in SIZES
            )
            + " (no target of its own: it comes before the resume)"
        )
        cost = statistics.median(SNAPSHOT_MS[kind])
        print(
            f"  {kind} a snapshot at command {SIZES[-1]:,}: {cost:.2f} ms of CPU (the log's new "
            f"rows, the body, its commit), {cost * 1000 / SNAPSHOT_EVERY:.0f} us a command at "
            f"one every {SNAPSHOT_EVERY}"
        )


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--runs", type=int, default=5)
    parser.add_argument("--resume-only", action="store_true")
    parser.add_argument("--games", default=",".join(games.kinds()))
    args = parser.parse_args()
    runs = args.runs
    # The resume's figures are a few ms each: more runs for their medians (each collected first).
    resume_report(max(runs, RESUME_RUNS), tuple(args.games.split(",")))
    if args.resume_only:
        return
    for synchronous in ("OFF", "FULL"):
        at = {n: per_append_ms(n, synchronous, runs) for n in (100, 10_000, 50_000)}
        ratio = at[50_000] / at[100]
        verdict = "met" if ratio <= RATIO_TARGET else "not met"
        print(
            f"append, synchronous={synchronous}: "
            + ", ".join(f"{ms:.3f} ms at {n:,}" for n, ms in at.items())
            + f"; 50,000 / 100 = {ratio:.2f} (target <= {RATIO_TARGET}: {verdict})"
        )
    plain, checked, moves = start_up_ms(runs)
    print(
        f"open_store, 50,000-command finished game + {moves}-command game to resume: "
        f"{plain:.0f} ms (quick_check), {checked:.0f} ms with the Zeal replay check"
    )


if __name__ == "__main__":
    main()
