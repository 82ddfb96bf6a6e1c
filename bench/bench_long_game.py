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
alternating; the undo's CPU time, redraw included, is compared at 50,000 and at 100.

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

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))
os.environ.setdefault("KIVY_NO_ARGS", "1")
os.environ.setdefault("KIVY_NO_CONSOLELOG", "1")

from bench.bench_store import keep_snapshots  # noqa: E402
from bench.long_play import long_game, next_command  # noqa: E402
from bench.targets import report, target_number  # noqa: E402
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


def session_at(game: ZealGame, commands: int, folder: str) -> GameSession:
    """A session resumed on the first ``commands`` commands of ``game``, as the app resumes."""
    db = str(Path(folder) / f"game{commands}.sqlite")
    store = CommandStore(db)
    game_id = store.new_game("zeal", setup_record(games.get("zeal"), game.setup, (0, 1, 2, 3)))
    played = list(game.history)[:commands]
    store.replace_commands(game_id, [za.to_dict(a) for a in played])
    keep_snapshots(store, game_id, "zeal", game.setup, played)
    store.close()
    session = GameSession(CommandStore(db), lambda _kind: TagRegistry(":memory:"))
    # A dial at every seat, so the resync after each command has dials to bring to the
    # engine's values (what it would send goes where a table without a link sends it).
    for seat in range(len(game.state.players)):
        session.assign_dial("bench-dials", seat, seat)
    saved = session.saved_game()
    assert saved is not None
    t0 = time.process_time()
    session.resume(saved)
    t1 = time.process_time()
    session._refresh()  # the first frame after the resume: reported apart, not an event's
    RESUME[commands] = t1 - t0
    REPLAYED[commands] = session.replayed_on_resume
    FIRST_FRAME[commands] = time.process_time() - t1
    return session


RESUME: dict[int, float] = {}  # CPU s: the replay, which samples the history as it goes
FIRST_FRAME: dict[int, float] = {}  # CPU s: the first redraw after the resume
REPLAYED: dict[int, int] = {}  # the commands each resume replayed
TABLE: dict[int, int] = {}  # permanents in play where each length's events begin


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


def main() -> int:
    quick = "--quick" in sys.argv
    events = 60 if quick else 300
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
    with tempfile.TemporaryDirectory() as folder:
        sessions = {n: session_at(game, n, folder) for n in SIZES}
        for n, s in sessions.items():
            played = s.game
            assert isinstance(played, ZealGame)
            TABLE[n] = sum(len(p.in_play) for p in played.state.players)
        rnds = {n: random.Random(n) for n in SIZES}
        cmd: dict[int, list[float]] = {n: [] for n in SIZES}
        draw: dict[int, list[float]] = {n: [] for n in SIZES}
        wall: dict[int, list[float]] = {n: [] for n in SIZES}
        for _ in range(events):
            for n in SIZES:
                c, d, w = one_event(sessions[n], rnds[n])
                cmd[n].append(c)
                draw[n].append(d)
                wall[n].append(w)
        undo: dict[int, list[float]] = {n: [] for n in SIZES}
        for _ in range(events // 3):
            for n in SIZES:
                undo[n].append(undo_once(sessions[n]))
        for s in sessions.values():
            s.store.close()
    for n in SIZES:
        print(
            f"at command {n:,}: command {ms(cmd[n])}; redraw {ms(draw[n])}; "
            f"both, wall {ms(wall[n])} (CPU time; {events} real commands; "
            f"{TABLE[n]} permanents in play as they began)"
        )
    for n in SIZES:
        print(
            f"  resuming at command {n:,}: {RESUME[n] * 1000:.1f} ms of CPU (from the newest "
            f"good snapshot, {REPLAYED[n]} commands replayed, sampling the history as it "
            f"goes); then its first redraw: {FIRST_FRAME[n] * 1000:.1f} ms (the log's newest "
            f"{LOG_ROWS} rows, those before the snapshot kept with it; no target for either)"
        )
    first, last = SIZES[0], SIZES[-1]
    resumed = RESUME[last] / RESUME[first]
    print(
        report(
            "resume (CPU): "
            + ", ".join(f"at {n:,} {RESUME[n] * 1000:.1f} ms" for n in SIZES)
            + f"; at {last:,} / at {first:,}: {resumed:.2f}x",
            RESUME_WHAT,
            resumed <= target_number(RESUME_WHAT),
        )
    )
    undone = {n: statistics.median(undo[n]) for n in SIZES}
    print(
        report(
            "session undo of the last command + its redraw (CPU), median: "
            + ", ".join(f"at {n:,} {undone[n] * 1000:.2f} ms" for n in SIZES)
            + f"; at {last:,} / at {first:,}: {undone[last] / undone[first]:.2f}x "
            f"({events // 3} undos each)",
            UNDO,
            undone[last] / undone[first] <= target_number(UNDO),
        )
    )
    whole = {
        n: statistics.median([a + b for a, b in zip(cmd[n], draw[n], strict=True)]) for n in SIZES
    }
    ratio = whole[last] / whole[first]
    limit = target_number(WHAT)
    print(
        report(
            f"per-event cost (command + redraw, CPU), median at 50,000 / at 100: {ratio:.2f}x "
            f"(the same: within {limit - 1:.0%})",
            WHAT,
            ratio <= limit,
        )
    )
    return 0


if __name__ == "__main__":
    sys.exit(main())
