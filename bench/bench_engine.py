"""Engine benchmark, against python-chess in the same run, with the targets in bench/targets.toml.

Random full two-player games per second for every registered game (engine.games.all_games()),
against python-chess's random games per second (which always end): every game that started is
counted and its time is in the rate, the ones that finished, the ones that stopped because no
one could win any more (Game.stalemate) and the ones still going at the cap are reported
apart, and actions per second over all of them. Then, for Zeal: legal generation + apply by
permanents in play in 8-player games, replay of one real 10,000-command game (bench/
long_play.py: the resume after a crash) and undo of the last command at 100, 10,000 and
50,000 commands of one long game. Every game's legal generation + check +
apply against python-chess is bench_speed.py.

Times are this process's CPU time (steadier than the wall clock on a machine shared with other
jobs); each rate is the sum over three rounds, and each round's ratio is shown too.

Run: .venv/bin/python bench/bench_engine.py [--quick]
"""

from __future__ import annotations

import dataclasses
import random
import statistics
import sys
import time
from collections.abc import Callable
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

import chess  # noqa: E402

from bench.long_play import long_game  # noqa: E402
from bench.targets import report, target_number  # noqa: E402
from engine import games  # noqa: E402
from engine.zeal import ZealGame  # noqa: E402
from engine.zeal.randomplay import choose, random_setup  # noqa: E402

ROUNDS = 3
CAP = 3000  # actions: a game still going after this many is "capped", not a game played
RANDOM_GAMES = "random full two-player games, every game"
REPLAY = "replay of a 10,000-command game"
UNDO = "undo of the last command in a long game"
UNDO_AT = (100, 10_000, 50_000)  # commands into the long game

clock = time.process_time  # for rounds and whole games


# --- random full games ----------------------------------------------------------------------


@dataclasses.dataclass
class GamesRun:
    started: int = 0
    finished: int = 0  # ended by the rules
    stalled: int = 0  # stopped: no one could win any more
    capped: int = 0  # still going at the cap
    actions: int = 0
    seconds: float = 0.0  # every game's time

    @property
    def rate(self) -> float:
        """Games per second, every game that started counted."""
        return self.started / self.seconds if self.seconds else 0.0


def kind_games(random_game: Callable[..., object], seconds: float, seed0: int) -> GamesRun:
    run = GamesRun()
    seed = seed0
    start = clock()
    while clock() - start < seconds:
        result = random_game(seed, 2, CAP)
        game = result.game  # type: ignore[attr-defined]
        run.started += 1
        run.actions += len(game.history)
        if result.capped:  # type: ignore[attr-defined]
            run.capped += 1
        elif result.stalled:  # type: ignore[attr-defined]
            run.stalled += 1
        else:
            run.finished += 1
        seed += 1
    run.seconds = clock() - start
    return run


def chess_games(seconds: float, seed0: int) -> GamesRun:
    run = GamesRun()
    rnd = random.Random(seed0)
    start = clock()
    while clock() - start < seconds:
        board = chess.Board()
        while not board.is_game_over():
            board.push(rnd.choice(list(board.legal_moves)))
        run.actions += len(board.move_stack)
        run.started += 1
        run.finished += 1
    run.seconds = clock() - start
    return run


# --- replay and undo ------------------------------------------------------------------------


def board_size(seconds: float) -> list[tuple[int, float, int]]:
    """CPU time per action (listing + apply) in random 8-player games, by permanents in play."""
    spent: dict[int, float] = {}
    count: dict[int, int] = {}
    seed = 0
    start = clock()
    while clock() - start < seconds:
        game = ZealGame(random_setup(seed, 8))
        rnd = random.Random(seed)
        for _ in range(CAP * 2):
            if game.outcome() is not None:
                break
            bucket = min(len(game.state.permanents()) // 10 * 10, 30)
            t0 = clock()
            options = list(game.legal_actions())
            t1 = clock()
            action = choose(rnd, options)
            t2 = clock()
            game.apply(action)
            spent[bucket] = spent.get(bucket, 0.0) + (t1 - t0) + (clock() - t2)
            count[bucket] = count.get(bucket, 0) + 1
        seed += 1
    return [(b, spent[b] / count[b] * 1e6, count[b]) for b in sorted(count)]


def undo_last(long: ZealGame, times: int) -> dict[int, list[float]]:
    """Wall seconds of ``undo`` of the last command, at each length of UNDO_AT: the long game
    cut there, the log and history read first as a redraw reads them (and held, as a widget
    holds what it drew), then undone, then the command applied again (untimed). Lengths
    alternate, so the machine's load falls on all of them alike."""
    actions = list(long.history)
    cut = {n: ZealGame.replay(long.setup, actions[:n]) for n in UNDO_AT}
    spent: dict[int, list[float]] = {n: [] for n in UNDO_AT}
    held: list[object] = []
    for _ in range(times):
        for n, game in cut.items():
            held[:] = [game.log, game.history]
            t0 = time.perf_counter()
            action = game.undo()
            spent[n].append(time.perf_counter() - t0)
            game.apply(action)
    return spent


def main() -> int:
    quick = "--quick" in sys.argv
    span = 1.0 if quick else 3.0
    print(f"python-chess {chess.__version__}; {ROUNDS} alternating rounds, CPU time")

    # Random full games, every registered game, against python-chess's.
    chess_runs: list[GamesRun] = []
    kind_runs: dict[str, list[GamesRun]] = {k.kind: [] for k in games.all_games()}
    for r in range(ROUNDS):
        chess_runs.append(chess_games(span, 100 + r))
        for kind in games.all_games():
            kind_runs[kind.kind].append(kind_games(kind.random_game, span, 10_000 + 1000 * r))
    chess_started = sum(x.started for x in chess_runs)
    chess_seconds = sum(x.seconds for x in chess_runs)
    chess_games_rate = chess_started / chess_seconds
    print(
        f"python-chess random games: {chess_games_rate:.1f}/s, "
        f"{sum(x.actions for x in chess_runs) / chess_seconds:,.0f} plies/s "
        f"(mean {sum(x.actions for x in chess_runs) / chess_started:.0f} plies; all end)"
    )
    wanted = target_number(RANDOM_GAMES)
    for kind in games.all_games():
        runs = kind_runs[kind.kind]
        started = sum(x.started for x in runs)
        seconds = sum(x.seconds for x in runs)
        rate = started / seconds
        per_round = [
            x.rate / c.rate if c.rate else 0.0 for x, c in zip(runs, chess_runs, strict=True)
        ]
        figure = (
            f"{kind.title} random two-player games: {rate:.1f}/s, every game that started "
            f"counted, ratio {rate / chess_games_rate:.2f} (rounds "
            f"{', '.join(f'{x:.2f}' for x in per_round)}); {started} started: "
            f"{sum(x.finished for x in runs)} finished, {sum(x.stalled for x in runs)} stopped "
            f"as no one could win any more, {sum(x.capped for x in runs)} still going at "
            f"{CAP} actions; {sum(x.actions for x in runs) / seconds:,.0f} actions/s, "
            f"mean {sum(x.actions for x in runs) / max(started, 1):.0f} actions"
        )
        print(report(figure, RANDOM_GAMES, rate / chess_games_rate >= wanted))

    # Board size: legal generation + apply per action in 8-player games, by permanents in play.
    by_board = board_size(span * 2)
    print(
        "Zeal 8-player games, legal generation + apply per action by permanents in play: "
        + ", ".join(f"{lo}+: {us:.1f} us ({n} actions)" for lo, us, n in by_board)
        + " (no target; the rise is mostly more targets to list)"
    )

    # Replay of one real 10,000-command game (the resume after a crash), and undo of the last
    # command at 100, 10,000 and 50,000 commands (the same long game, cut at each length).
    game, _ = long_game(max(UNDO_AT))
    actions = list(game.history)[:10_000]
    wall, cpu = time.perf_counter(), clock()
    replayed = ZealGame.replay(game.setup, actions)
    wall, cpu = time.perf_counter() - wall, clock() - cpu
    figure = (
        f"replay of one {len(actions):,}-command Zeal game (4 players, turn "
        f"{replayed.state.turn}; as a resume replays it: explain + perform each): {cpu:.3f} s of "
        f"CPU time ({wall:.3f} s wall on this shared machine; the verdict is on CPU time)"
    )
    print(report(figure, REPLAY, cpu <= target_number(REPLAY)))
    undo = undo_last(game, 100 if quick else 400)
    median = {n: statistics.median(v) for n, v in undo.items()}
    ratio = median[UNDO_AT[-1]] / median[UNDO_AT[0]]
    figure = (
        "undo of the last command (Game.undo, after a redraw's read of the log and history, "
        "held across it), median: "
        + ", ".join(f"at {n:,} {median[n] * 1e6:.2f} us" for n in UNDO_AT)
        + f"; at {UNDO_AT[-1]:,} / at {UNDO_AT[0]:,}: {ratio:.2f}x"
    )
    print(report(figure, UNDO, ratio <= target_number(UNDO)))
    return 0


if __name__ == "__main__":
    sys.exit(main())
