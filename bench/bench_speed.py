"""Every game's legal-action generation + apply, with the check the app does on every command,
against python-chess's ``legal_moves`` + ``push`` measured in the same process.

Random two-player games of every registered game (engine.games) are played first, untimed, and
their commands kept (the same games in every run: seeds from 10,000 on, until 20,000 commands). Then each game is played again from its start, and only what the app does
for a command is timed: list every legal action (as the explorer, hints and previews do), check
the command (``explain``, as the table controller does before it logs it), apply it. The command
is an equal copy of the recorded one, made through the game's codec (``action_to_dict`` then
``action_from_dict``, as a saved or a device's command arrives) before the clock starts: never
one of the objects the engine just listed, so the check cannot pass on identity (the bench
counts, untimed, the commands that are a listed object and refuses to run if any is). The
codec's own time per command is printed apart. python-chess's games are recorded and replayed
the same way: ``list(board.legal_moves)``, then ``push`` of the chosen move.

Times are this process's CPU time, in three rounds; in each round every game's block sits
between two python-chess blocks, and its ratio is its rate over the mean of those two, so the
machine's load falls on both sides alike. Each round runs twice, with the collector as Python
sets it and then as the app sets it once loaded (``companion_app/collector.py``: what is
loaded frozen out of the passes, thresholds raised), and both are printed.

Run: .venv/bin/python bench/bench_speed.py [--quick] [--only KIND ...]
"""

from __future__ import annotations

import random
import sys
import time
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

import chess  # noqa: E402

from bench.targets import report, target_number  # noqa: E402
from companion_app.collector import default_collector, tune_collector  # noqa: E402
from engine import games  # noqa: E402
from engine.core.kind import GameKind  # noqa: E402

ROUNDS = 3
CAP = 3000  # actions per recorded game: enough for every game's natural end
WHAT = "engine legal-action generation + apply"
clock = time.process_time


@dataclass
class Recorded:
    """One game's recorded play: (game class, setup, starting state, commands) per game."""

    games: list[tuple[Any, Any, Any, list[Any]]] = field(default_factory=list)

    @property
    def actions(self) -> int:
        return sum(len(g[3]) for g in self.games)


def record_kind(kind: GameKind, commands: int, seed0: int) -> Recorded:
    """Random games from seed ``seed0`` on until they hold ``commands`` commands: the same games
    in every run, so runs (and versions of the engine) compare. Each command kept is an equal
    copy made through the game's codec, as a command arrives from a save or a device."""
    recorded = Recorded()
    seed = seed0
    while recorded.actions < commands:
        game = kind.random_game(seed, 2, CAP).game
        copies = [kind.action_from_dict(kind.action_to_dict(a)) for a in game.history]
        if copies != list(game.history):
            raise AssertionError(f"{kind.title}: the codec's copy of a command is not equal to it")
        recorded.games.append((type(game), game.setup, game.initial_state, copies))
        seed += 1
    return recorded


def codec_time(kind: GameKind, recorded: Recorded) -> float:
    """CPU s per command to make its copy through the codec (to a dict and back)."""
    actions = [a for g in recorded.games for a in g[3]]
    encode, decode = kind.action_to_dict, kind.action_from_dict
    start = clock()
    for action in actions:
        decode(encode(action))
    return (clock() - start) / len(actions)


def listed_share(recorded: Recorded) -> float:
    """The share of commands that are (by identity) an object the engine listed just before,
    counted untimed: 0 when the copies are the device's kind of command."""
    same = 0
    for cls, setup, state, actions in recorded.games:
        game = cls.start(setup, state)
        for action in actions:
            if any(listed is action for listed in game.legal_actions()):
                same += 1
            game.apply(action)
    return same / recorded.actions


def time_kind(recorded: Recorded) -> tuple[int, float]:
    """Replays every recorded game: list the legal actions, check the command, apply it."""
    fresh = [(cls.start(setup, state), actions) for cls, setup, state, actions in recorded.games]
    start = clock()
    for game, actions in fresh:
        legal = game.legal_actions
        explain = game.explain
        apply = game.apply
        for action in actions:
            list(legal())
            if explain(action) is not None:
                raise AssertionError("a recorded command was refused on replay")
            apply(action)
    return recorded.actions, clock() - start


def record_chess(moves: int, seed0: int) -> list[list[int]]:
    recorded: list[list[int]] = []
    rnd = random.Random(seed0)
    while sum(len(p) for p in recorded) < moves:
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
    start = clock()
    for board, picks in boards:
        for i in picks:
            board.push(list(board.legal_moves)[i])
    return sum(len(p) for p in recorded), clock() - start


def main() -> int:
    quick = "--quick" in sys.argv
    commands = 6_000 if quick else 20_000  # per game, and python-chess's plies
    kinds = [k for k in games.all_games() if "--only" not in sys.argv or k.kind in sys.argv]
    print(
        f"python-chess {chess.__version__}; {ROUNDS} rounds, each game between two python-chess "
        f"blocks; CPU time (load average {' '.join(f'{x:.2f}' for x in _load())})"
    )
    chess_log = record_chess(commands, 1)
    logs = {k.kind: record_kind(k, commands, 10_000) for k in kinds}
    for kind in kinds:
        share = listed_share(logs[kind.kind])
        if share:
            raise AssertionError(f"{kind.title}: {share:.1%} of the commands are listed objects")
    print(
        "every command is an equal copy made through its game's codec (0.0 % of them a listed "
        "object), as a device's command arrives; codec per command, untimed in the rates: "
        + ", ".join(f"{k.title} {codec_time(k, logs[k.kind]) * 1e6:.1f} us" for k in kinds)
    )
    # Every round runs each collector setting in turn: Python's own, then the app's (frozen
    # after loading, thresholds raised: companion_app/collector.py), so both meet the same load.
    settings = {"Python's collector": default_collector, "the app's collector": tune_collector}
    chess_blocks: dict[str, list[tuple[int, float]]] = {name: [] for name in settings}
    mine: dict[tuple[str, str], list[tuple[int, float, float]]] = {
        (name, k.kind): [] for name in settings for k in kinds
    }
    for _ in range(ROUNDS):
        for name, set_collector in settings.items():
            set_collector()
            blocks = chess_blocks[name]
            blocks.append(time_chess(chess_log))
            for kind in kinds:
                n, t = time_kind(logs[kind.kind])
                blocks.append(time_chess(chess_log))
                before, after = blocks[-2], blocks[-1]
                anchor = (before[0] + after[0]) / (before[1] + after[1])
                mine[name, kind.kind].append((n, t, anchor))
    default_collector()
    wanted = target_number(WHAT)
    for name in settings:
        blocks = chess_blocks[name]
        chess_rate = sum(n for n, _ in blocks) / sum(t for _, t in blocks)
        print(
            f"with {name}: python-chess legal_moves + push {chess_rate:,.0f}/s over "
            f"{len(blocks)} blocks"
        )
        for kind in kinds:
            runs = mine[name, kind.kind]
            rate = sum(n for n, _, _ in runs) / sum(t for _, t, _ in runs)
            anchor = sum(n for n, _, _ in runs) / sum(n / a for n, _, a in runs)
            ratio = rate / anchor
            rounds = ", ".join(f"{n / t / a:.2f}" for n, t, a in runs)
            figure = (
                f"  {kind.title}, {name}: legal + check + apply {rate:,.0f}/s, ratio "
                f"{ratio:.2f} to python-chess beside it (rounds {rounds}; "
                f"{len(logs[kind.kind].games)} games, {logs[kind.kind].actions:,} commands)"
            )
            print(report(figure, WHAT, ratio >= wanted))
    return 0


def _load() -> tuple[float, ...]:
    try:
        import os

        return os.getloadavg()
    except OSError:
        return ()


if __name__ == "__main__":
    sys.exit(main())
