"""Engine benchmark, against python-chess in the same run, with DESIGN.md's targets.

Headline: legal-action generation + apply per second while playing random games, with hidden
hands (as the app plays: hands and decks are counts, so every card of the catalog is a possible
play) and with open hands; python-chess's legal-move generation + push measured the same way,
in alternating rounds, and the ratio printed. Then random full two-player games per second for
every registered game (engine.games.all_games()), against python-chess's random games per
second; games still going at the cap are counted apart and are not games played. Then replay of
a 10,000-command log and undo.

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

from bench.targets import report  # noqa: E402
from engine import games  # noqa: E402
from engine.zeal import ZealGame  # noqa: E402
from engine.zeal import actions as za  # noqa: E402
from engine.zeal.randomplay import choose, play_out, random_setup  # noqa: E402

ROUNDS = 3
CAP = 3000  # actions: a game still going after this many is "capped", not a game played
LEGAL_APPLY = "engine legal-action generation + apply"
RANDOM_GAMES = "random full two-player games, every game"
REPLAY = "replay of a 10,000-command game"

clock = time.process_time  # for rounds and whole games


# --- legal generation + apply, per action ---------------------------------------------------
# Random games are first played and the index of each choice recorded (untimed); then the same
# games are played again choosing by those indices, and only that is timed: listing every legal
# action and applying one, nothing else (no random choosing, no game-over checks in between).


def record_zeal(seconds: float, hidden: bool, seed0: int) -> list[tuple[object, list[int]]]:
    recorded: list[tuple[object, list[int]]] = []
    seed = seed0
    start = clock()
    while clock() - start < seconds:
        setup = random_setup(seed)
        if hidden:
            setup = dataclasses.replace(setup, hidden_hands=True)
        game = ZealGame(setup)
        rnd = random.Random(seed)
        picks: list[int] = []
        while game.outcome() is None and len(picks) < CAP:
            options = list(game.legal_actions())
            action = choose(rnd, options)
            picks.append(next(i for i, a in enumerate(options) if a is action))
            game.apply(action)
        recorded.append((setup, picks))
        seed += 1
    return recorded


def time_zeal(recorded: list[tuple[object, list[int]]]) -> tuple[int, float]:
    games_ = [(ZealGame(setup), picks) for setup, picks in recorded]  # type: ignore[arg-type]
    actions = sum(len(picks) for _, picks in games_)
    start = clock()
    for game, picks in games_:
        for i in picks:
            game.apply(list(game.legal_actions())[i])
    return actions, clock() - start


def record_chess(seconds: float, seed0: int) -> list[list[int]]:
    recorded: list[list[int]] = []
    rnd = random.Random(seed0)
    start = clock()
    while clock() - start < seconds:
        board = chess.Board()
        picks: list[int] = []
        while not board.is_game_over():
            options = list(board.legal_moves)
            i = rnd.randrange(len(options))
            picks.append(i)
            board.push(options[i])
        recorded.append(picks)
    return recorded


def time_chess(recorded: list[list[int]]) -> tuple[int, float]:
    boards = [(chess.Board(), picks) for picks in recorded]
    moves = sum(len(picks) for picks in recorded)
    start = clock()
    for board, picks in boards:
        for i in picks:
            board.push(list(board.legal_moves)[i])
    return moves, clock() - start


# --- random full games ----------------------------------------------------------------------


@dataclasses.dataclass
class GamesRun:
    finished: int = 0
    capped: int = 0
    actions: int = 0
    seconds: float = 0.0  # every game's time, the capped ones' too

    @property
    def rate(self) -> float:
        return self.finished / self.seconds if self.seconds else 0.0


def kind_games(random_game: Callable[..., object], seconds: float, seed0: int) -> GamesRun:
    run = GamesRun()
    seed = seed0
    start = clock()
    while clock() - start < seconds:
        result = random_game(seed, 2, CAP)
        game = result.game  # type: ignore[attr-defined]
        run.actions += len(game.history)
        if result.capped:  # type: ignore[attr-defined]
            run.capped += 1
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
        run.finished += 1
    run.seconds = clock() - start
    return run


# --- replay and undo ------------------------------------------------------------------------


def record_log(target: int) -> tuple[list[tuple[object, list[za.Action]]], int]:
    """Random open-handed games played to the end, until ``target`` commands are recorded."""
    recorded: list[tuple[object, list[za.Action]]] = []
    total = 0
    seed = 0
    while total < target:
        game = ZealGame(random_setup(seed))
        play_out(game, seed, max_actions=target - total)
        recorded.append((game.setup, list(game.history)))
        total += len(game.history)
        seed += 1
    return recorded, total


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


def pct(values: list[float], q: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(q * len(ordered)))]


def main() -> int:
    quick = "--quick" in sys.argv
    span = 1.0 if quick else 3.0

    print(f"python-chess {chess.__version__}; {ROUNDS} alternating rounds, CPU time")
    # Headline: legal generation + apply, per action.
    chess_log = record_chess(span, 1)
    zeal_logs = {"hidden": record_zeal(span, True, 0), "open": record_zeal(span, False, 0)}
    rates: dict[str, list[tuple[int, float]]] = {"chess": [], "hidden": [], "open": []}
    for _ in range(ROUNDS):
        rates["chess"].append(time_chess(chess_log))
        rates["hidden"].append(time_zeal(zeal_logs["hidden"]))
        rates["open"].append(time_zeal(zeal_logs["open"]))

    def total(name: str) -> float:
        n = sum(a for a, _ in rates[name])
        return n / sum(t for _, t in rates[name])

    chess_rate = total("chess")
    print(f"python-chess legal-move generation + push: {chess_rate:,.0f}/s")
    for name, label in (("hidden", "hidden hands (as the app plays)"), ("open", "open hands")):
        rate = total(name)
        per_round = [
            (a / t) / (c / ct) for (a, t), (c, ct) in zip(rates[name], rates["chess"], strict=True)
        ]
        figure = (
            f"Zeal legal generation + apply, {label}: {rate:,.0f}/s, "
            f"ratio {rate / chess_rate:.2f} (rounds {', '.join(f'{x:.2f}' for x in per_round)})"
        )
        print(report(figure, LEGAL_APPLY, rate / chess_rate >= 1.0))

    # Random full games, every registered game, against python-chess's.
    chess_runs: list[GamesRun] = []
    kind_runs: dict[str, list[GamesRun]] = {k.kind: [] for k in games.all_games()}
    for r in range(ROUNDS):
        chess_runs.append(chess_games(span, 100 + r))
        for kind in games.all_games():
            kind_runs[kind.kind].append(kind_games(kind.random_game, span, 10_000 + 1000 * r))
    chess_finished = sum(x.finished for x in chess_runs)
    chess_seconds = sum(x.seconds for x in chess_runs)
    chess_games_rate = chess_finished / chess_seconds
    print(
        f"python-chess random games: {chess_games_rate:.1f}/s "
        f"(mean {sum(x.actions for x in chess_runs) / chess_finished:.0f} plies)"
    )
    for kind in games.all_games():
        runs = kind_runs[kind.kind]
        finished = sum(x.finished for x in runs)
        capped = sum(x.capped for x in runs)
        seconds = sum(x.seconds for x in runs)
        rate = finished / seconds
        per_round = [
            x.rate / c.rate if c.rate else 0.0 for x, c in zip(runs, chess_runs, strict=True)
        ]
        played = finished + capped
        figure = (
            f"{kind.title} random two-player games: {rate:.1f}/s finished, ratio "
            f"{rate / chess_games_rate:.2f} (rounds {', '.join(f'{x:.2f}' for x in per_round)}); "
            f"{finished} finished, {capped} capped at {CAP} actions (not counted as played; "
            f"their time is), mean {sum(x.actions for x in runs) / max(played, 1):.0f} actions"
        )
        print(report(figure, RANDOM_GAMES, rate / chess_games_rate >= 1.0))

    # Board size: legal generation + apply per action in 8-player games, by permanents in play.
    by_board = board_size(span * 2)
    print(
        "8-player games, legal generation + apply per action by permanents in play: "
        + ", ".join(f"{lo}+: {us:.1f} us ({n} actions)" for lo, us, n in by_board)
        + " (no DESIGN.md target; the rise is mostly more targets to list)"
    )

    # Replay of a 10,000-command log (the resume after a crash) and undo.
    recorded, total_commands = record_log(10_000)
    wall, cpu = time.perf_counter(), clock()
    for setup, actions in recorded:
        ZealGame.replay(setup, actions)  # type: ignore[arg-type]
    wall, cpu = time.perf_counter() - wall, clock() - cpu
    figure = (
        f"replay of {total_commands} commands ({len(recorded)} recorded games, as a resume "
        f"replays them: explain + perform each): {cpu:.3f} s of CPU time ({wall:.3f} s wall on "
        "this shared machine; the verdict is on CPU time)"
    )
    print(report(figure, REPLAY, cpu <= 0.5))
    undo: list[float] = []
    for setup, actions in recorded[:3]:
        game = ZealGame.replay(setup, actions)  # type: ignore[arg-type]
        while len(game.history):
            t0 = time.perf_counter()
            game.undo()
            undo.append(time.perf_counter() - t0)
    print(
        f"undo (whole-state snapshot): p50 {pct(undo, 0.5) * 1e6:.1f} us, "
        f"p99 {pct(undo, 0.99) * 1e6:.1f} us, mean {statistics.mean(undo) * 1e6:.1f} us "
        "(no DESIGN.md target)"
    )
    return 0


if __name__ == "__main__":
    sys.exit(main())
