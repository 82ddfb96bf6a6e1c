"""Per-event cost in a long game: one real command through the session's whole path at command
100, 10,000 and 50,000 (target: the same at 50,000 as at 100); the session's undo of the last
command and the resume at the same lengths.

The long game (bench/long_play.py) is a 4-player hidden-hands Zeal game as a table plays it:
cards scanned, combat, dial turns and the adjustments that keep a long game going; every
command is a real one, and the state, history and log grow as a long evening's game does (its
mix and its table are printed). Three sessions are opened on it, resumed 100,
10,000 and 50,000 commands in (each saved in a CommandStore on a temporary file, with the
snapshots the session keeps, and resumed as the app resumes a game: from the newest good one), and each event is the game's next real command through
``GameSession.command``: the check, the SQLite commit (WAL, synchronous=FULL), the engine's
apply, the session's history, the dial resync (a dial at every seat), the stalemate check,
and then the redraw the frame runs (``redraw.redraw``: seats, choices, prompts, log rows,
story, the history plot's samples). Events alternate between the sessions, so the shared
machine's noise falls on both alike. Times are CPU time (the SQLite fsync's wait is not the
game's), with wall time beside them. The resume itself (the replay, which also samples the
history) and the first redraw after it are printed apart: they happen once, not per event.
Undo: after the events, the last command is taken back (``GameSession.undo_last``: the engine's
snapshot, the store's row, the session's history; then the redraw) and given again, the sessions
alternating; the undo's CPU time, redraw included, is compared at 50,000 and at 100. Each
resume is made 7 times (3 with --quick), the lengths in turn, and its median compared.

Two sets of sessions are measured so (issue 37: the figures had grown by 10-18 %, and whether
that was the length or the position was not known). The real game's, at its own positions:
their tables differ (none of its permanents in play at 100, 10 at 50,000), and the redraw
costs more for a fuller table. And the same position after 100, 10,000 and 50,000 commands:
the real game's first 100 commands after dial turns that come back where they began, so the
position is the one at 100 in all three (checked) and every event is the same command on the
same table; only the history, the log and the store are longer. A figure that grows there
grows with the length alone (measured 2026-12-02: it does not, for the event and the undo).

Run: .venv/bin/python bench/bench_long_game.py [--quick]
"""

from __future__ import annotations

import os
import random
import statistics
import sys
import tempfile
import time
from collections import Counter
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))
os.environ.setdefault("KIVY_NO_ARGS", "1")
os.environ.setdefault("KIVY_NO_CONSOLELOG", "1")

from bench.bench_store import keep_snapshots  # noqa: E402
from bench.long_play import long_game, next_command  # noqa: E402
from bench.targets import report, target_number  # noqa: E402
from companion_app import engine_build  # noqa: E402
from companion_app.saves.game_record import setup_record  # noqa: E402
from companion_app.saves.store import CommandStore  # noqa: E402
from companion_app.session.game_session import GameSession  # noqa: E402
from companion_app.session.log_window import LOG_ROWS  # noqa: E402
from engine import games  # noqa: E402
from engine.zeal import ZealGame  # noqa: E402
from engine.zeal import actions as za  # noqa: E402
from hardware.registry import TagRegistry  # noqa: E402

WHAT = "per-event cost in a long game"
SIZES = (100, 10_000, 50_000)
UNDO = "undo of the last command in a long game"
RESUME_WHAT = "resume of a long game"


def saved_file(setup: Any, played: list[za.Action], folder: str, label: str) -> str:
    """A CommandStore file holding the game of ``played``, with the snapshots the session
    would have kept as it was played."""
    db = str(Path(folder) / f"{label}{len(played)}.sqlite")
    store = CommandStore(db)
    game_id = store.new_game("zeal", setup_record(games.get("zeal"), setup, (0, 1, 2, 3)))
    store.replace_commands(game_id, [za.to_dict(a) for a in played])
    keep_snapshots(store, game_id, "zeal", setup, played)
    store.close()
    return db


def session_at(db: str, seats: int) -> tuple[GameSession, float, int, float]:
    """A session resumed on the file's game, as the app resumes; with the CPU s of the
    resume, the commands it replayed and the CPU s of the first redraw after it."""
    session = GameSession(CommandStore(db), lambda _kind: TagRegistry(":memory:"))
    # A dial at every seat, so the resync after each command has dials to bring to the
    # engine's values (what it would send goes where a table without a link sends it).
    for seat in range(seats):
        session.assign_dial("bench-dials", seat, seat)
    saved = session.saved_game()
    assert saved is not None
    t0 = time.process_time()
    session.resume(saved)
    t1 = time.process_time()
    session._refresh()  # the first frame after the resume: reported apart, not an event's
    return session, t1 - t0, session.replayed_on_resume, time.process_time() - t1


TABLE: dict[tuple[str, int], int] = {}  # permanents in play where each length's events begin


def padded(setup: Any, real: list[za.Action], n: int) -> list[za.Action]:
    """The first SIZES[0] commands of the real game after ``n - SIZES[0]`` dial turns that
    come back where they began (seat 0's devotion turned up one and back, in pairs): a game
    ``n`` commands long whose position, every record of it, is the real game's at SIZES[0]
    (checked), its newest log rows the same, only its history, log and store longer."""
    game = ZealGame(setup)
    devotion = game.state.players[0].devotion
    pair = [za.SetDevotion(0, current=devotion + 1), za.SetDevotion(0, current=devotion)]
    turns = pair * ((n - SIZES[0]) // 2)
    for turn in pair:
        if game.explain(turn) is not None:
            raise AssertionError(f"the padding's dial turn is refused: {game.explain(turn)}")
        game.apply(turn)
    return turns + real[: SIZES[0]]


def one_event(session: GameSession, rnd: random.Random) -> tuple[float, float, float]:
    """(CPU s for the command, CPU s for the redraw, wall s for both)."""
    game = session.game
    assert isinstance(game, ZealGame)
    command = next_command(game, rnd)
    wall, cpu = time.perf_counter(), time.process_time()
    if not session.command(command):
        raise AssertionError(f"the long game's command was refused: {session.message}")
    mid = time.process_time()
    session._refresh()  # the redraw the next frame runs
    end = time.process_time()
    return mid - cpu, end - mid, time.perf_counter() - wall


def undo_once(session: GameSession) -> float:
    """CPU s of the session's undo of the last command and the redraw after it; the command
    is then given again (untimed), so the game keeps its length."""
    game = session.game
    assert game is not None
    session._refresh()  # a redraw has read the log and history, as one always has
    action = game.history[-1]
    t0 = time.process_time()
    if not session.undo_last():
        raise AssertionError(f"the long game's undo was refused: {session.message}")
    session._refresh()
    spent = time.process_time() - t0
    if not session.command(action):
        raise AssertionError(f"the undone command was refused again: {session.message}")
    return spent


def ms(values: list[float]) -> str:
    ordered = sorted(values)
    p99 = ordered[min(len(ordered) - 1, int(0.99 * len(ordered)))]
    return f"median {statistics.median(values) * 1000:.2f} ms, p99 {p99 * 1000:.2f} ms"


def measure(
    sessions: dict[int, GameSession], events: int, seed: Any
) -> tuple[
    dict[int, list[float]], dict[int, list[float]], dict[int, list[float]], dict[int, list[float]]
]:
    """(command, redraw, wall, undo) per length: ``events`` real commands each, the sessions
    in turn (the machine's noise on all alike), then ``events // 3`` undos each, in turn.
    ``seed(n)``: the random source each length's commands are drawn from."""
    rnds = {n: random.Random(seed(n)) for n in sessions}
    cmd: dict[int, list[float]] = {n: [] for n in sessions}
    draw: dict[int, list[float]] = {n: [] for n in sessions}
    wall: dict[int, list[float]] = {n: [] for n in sessions}
    for _ in range(events):
        for n, session in sessions.items():
            c, d, w = one_event(session, rnds[n])
            cmd[n].append(c)
            draw[n].append(d)
            wall[n].append(w)
    undo: dict[int, list[float]] = {n: [] for n in sessions}
    for _ in range(events // 3):
        for n, session in sessions.items():
            undo[n].append(undo_once(session))
    return cmd, draw, wall, undo


def verdicts(
    title: str,
    resumed: dict[int, float],
    cmd: dict[int, list[float]],
    draw: dict[int, list[float]],
    undo: dict[int, list[float]],
    events: int,
) -> None:
    """The three figures of one set of sessions beside their targets."""
    first, last = SIZES[0], SIZES[-1]
    ratio = resumed[last] / resumed[first]
    print(
        report(
            f"  {title}: resume (CPU, median): "
            + ", ".join(f"at {n:,} {resumed[n] * 1000:.1f} ms" for n in SIZES)
            + f"; at {last:,} / at {first:,}: {ratio:.2f}x; at {last:,} / at {SIZES[1]:,}, "
            f"both with the log screen's {LOG_ROWS} rows in the snapshot: "
            f"{resumed[last] / resumed[SIZES[1]]:.2f}x",
            RESUME_WHAT,
            ratio <= target_number(RESUME_WHAT),
        )
    )
    undone = {n: statistics.median(undo[n]) for n in SIZES}
    ratio = undone[last] / undone[first]
    print(
        report(
            f"  {title}: session undo of the last command + its redraw (CPU), median: "
            + ", ".join(f"at {n:,} {undone[n] * 1000:.2f} ms" for n in SIZES)
            + f"; at {last:,} / at {first:,}: {ratio:.2f}x ({events // 3} undos each)",
            UNDO,
            ratio <= target_number(UNDO),
        )
    )
    whole = {
        n: statistics.median([a + b for a, b in zip(cmd[n], draw[n], strict=True)]) for n in SIZES
    }
    ratio = whole[last] / whole[first]
    limit = target_number(WHAT)
    print(
        report(
            f"  {title}: per-event cost (command + redraw, CPU), median: "
            + ", ".join(f"at {n:,} {whole[n] * 1000:.2f} ms" for n in SIZES)
            + f"; at {last:,} / at {first:,}: {ratio:.2f}x (the same: within {limit - 1:.0%})",
            WHAT,
            ratio <= limit,
        )
    )


def main() -> int:
    quick = "--quick" in sys.argv
    events = 60 if quick else 300
    resumes = 3 if quick else 7
    t0 = time.process_time()
    game, _ = long_game(max(SIZES))
    built = time.process_time() - t0
    dials = sum(isinstance(a, za.SetDevotion) for a in game.history)
    print(
        f"the long game: {len(game.history):,} commands ({dials:,} "
        f"dial turns), turn {game.state.turn}, {len(game.log):,} log lines, "
        f"played in {built:.1f} s of CPU time"
    )
    mix = Counter(type(a).__name__ for a in game.history)
    print(
        "  its mix: "
        + ", ".join(f"{kind} {n / len(game.history):.1%}" for kind, n in mix.most_common())
    )
    state = game.state
    print(
        f"  the table at its end: {sum(len(p.in_play) for p in state.players)} permanents in "
        f"play, {sum(p.hand_size for p in state.players)} cards in hands, "
        f"{sum(p.deck_size for p in state.players)} in decks, "
        f"{sum(sum(b.face_up for b in p.bases) for p in state.players)} bases standing"
    )
    real = list(game.history)
    seats = len(state.players)
    # The rules' digest a snapshot is stamped with: the app makes it at start-up, as it
    # chooses the build (companion_app/engine_build.py), never in a resume.
    engine_build.rules_digest()
    # Two sets of sessions at the three lengths. The real game's: its own positions there,
    # whose tables differ (an empty one at 100, a full one at 50,000). The same position's:
    # the real game's position at 100 reached after 100, 10,000 and 50,000 commands (padded),
    # every event the same command on the same table: what is left is the length alone.
    sets = {
        "the real game": {n: real[:n] for n in SIZES},
        "the same position": {n: padded(game.setup, real, n) for n in SIZES},
    }
    with tempfile.TemporaryDirectory() as folder:
        results = {}
        for label, games_of in sets.items():
            tag = label.replace(" ", "-")
            resumed: dict[int, list[float]] = {n: [] for n in SIZES}
            first_frame: dict[int, float] = {}
            replayed: dict[int, int] = {}
            sessions: dict[int, GameSession] = {}
            files = {
                n: saved_file(game.setup, played, folder, tag) for n, played in games_of.items()
            }
            # Each resume ``resumes`` times, the lengths in turn: its median is compared.
            for _ in range(resumes):
                for n, db in files.items():
                    session, spent, replayed[n], first_frame[n] = session_at(db, seats)
                    resumed[n].append(spent)
                    if n in sessions:
                        sessions[n].store.close()
                    sessions[n] = session
            if label == "the same position":
                states = [s.require_game().state for s in sessions.values()]
                assert all(s == states[0] for s in states), "the padded games' positions differ"
            for n, s in sessions.items():
                played_game = s.game
                assert isinstance(played_game, ZealGame)
                TABLE[label, n] = sum(len(p.in_play) for p in played_game.state.players)
            seed = (lambda n: n) if label == "the real game" else (lambda n: 0)
            cmd, draw, wall, undo = measure(sessions, events, seed)
            for s in sessions.values():
                s.store.close()
            median_resume = {n: statistics.median(resumed[n]) for n in SIZES}
            results[label] = (median_resume, cmd, draw, wall, undo, replayed, first_frame)
    for label, (resumed_at, cmd, draw, wall, _undo, replayed, first_frame) in results.items():
        print(f"{label}:")
        for n in SIZES:
            print(
                f"  at command {n:,}: command {ms(cmd[n])}; redraw {ms(draw[n])}; "
                f"both, wall {ms(wall[n])} (CPU time; {events} real commands; "
                f"{TABLE[label, n]} permanents in play as they began)"
            )
        for n in SIZES:
            print(
                f"  resuming at command {n:,}: {resumed_at[n] * 1000:.1f} ms of CPU (median of "
                f"{resumes}; from the newest good snapshot, {replayed[n]} commands replayed, "
                f"sampling the history as it goes; the snapshot keeps the log screen's "
                f"{min(LOG_ROWS, n - replayed[n])} newest rows, fewer than {LOG_ROWS} only in "
                f"a game that short); then its first redraw: "
                f"{first_frame[n] * 1000:.1f} ms (the log's newest {LOG_ROWS} rows, those "
                f"before the snapshot kept with it; no target for either)"
            )
    for label, (resumed_at, cmd, draw, _wall, undo, _replayed, _first) in results.items():
        verdicts(label, resumed_at, cmd, draw, undo, events)
    print(
        "  (the real game's tables differ with its length; the same position's do not: "
        "there, a figure that grows grows with the length alone)"
    )
    return 0


if __name__ == "__main__":
    sys.exit(main())
