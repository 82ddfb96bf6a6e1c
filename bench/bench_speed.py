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

Both builds of the engine are measured in the one run, side by side: the source (pure Python,
against its target) and, where `make` compiled it, the mypyc build (against its own:
companion_app/engine_build.py). A process holds one build, so each build plays in a worker
process of its own (the same recorded games: same seeds), and the parent takes the workers'
rounds in turn, so the load of the machine falls on both alike.

Run: .venv/bin/python bench/bench_speed.py [--quick] [--only KIND ...]
"""

from __future__ import annotations

import json
import os
import random
import subprocess
import sys
import time
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

import chess  # noqa: E402

from bench.targets import report, target_number  # noqa: E402
from companion_app import engine_build  # noqa: E402

# This process's build of the engine, chosen before the engine is first imported: a worker is
# started with ALTAR_ENGINE set to its build; the parent reads only the registry (pure Python).
engine_build.activate(os.environ.get(engine_build.ENV) or engine_build.PYTHON)

from companion_app.collector import default_collector, tune_collector  # noqa: E402
from engine import games  # noqa: E402
from engine.core.kind import GameKind  # noqa: E402

ROUNDS = 3
CAP = 3000  # actions per recorded game: enough for every game's natural end
WHAT = "engine legal-action generation + apply"
WHAT_COMPILED = "engine legal-action generation + apply, compiled build"
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


def worker(quick: bool, only: list[str]) -> int:
    """One build's side of the run (``--worker``): records the games, then runs one round each
    time the parent writes a line, and writes that round's blocks back as one JSON line."""
    commands = 6_000 if quick else 20_000  # per game, and python-chess's plies
    kinds = [k for k in games.all_games() if not only or k.kind in only]
    chess_log = record_chess(commands, 1)
    logs = {k.kind: record_kind(k, commands, 10_000) for k in kinds}
    for kind in kinds:
        share = listed_share(logs[kind.kind])
        if share:
            raise AssertionError(f"{kind.title}: {share:.1%} of the commands are listed objects")
    codec = {k.kind: codec_time(k, logs[k.kind]) for k in kinds}
    games_and_commands = {k.kind: (len(logs[k.kind].games), logs[k.kind].actions) for k in kinds}
    _send({"ready": True, "codec": codec, "recorded": games_and_commands})
    for _ in sys.stdin:
        # Each collector setting in turn: Python's own, then the app's (frozen after loading,
        # thresholds raised: companion_app/collector.py), so both meet the same load.
        out: dict[str, Any] = {}
        for name, set_collector in SETTINGS.items():
            set_collector()
            chess = [time_chess(chess_log)]
            mine = {}
            for kind in kinds:
                n, t = time_kind(logs[kind.kind])
                chess.append(time_chess(chess_log))
                before, after = chess[-2], chess[-1]
                mine[kind.kind] = (n, t, (before[0] + after[0]) / (before[1] + after[1]))
            out[name] = {"chess": chess, "games": mine}
        default_collector()
        _send(out)
    return 0


def _send(message: dict[str, Any]) -> None:
    print(json.dumps(message), flush=True)


SETTINGS = {"Python's collector": default_collector, "the app's collector": tune_collector}
# Each build's target row (bench/targets.toml): pure Python's, and the compiled build's.
WHAT_BUILD = {engine_build.PYTHON: WHAT, engine_build.COMPILED: WHAT_COMPILED}
BUILD_WORDS = {engine_build.PYTHON: "pure Python", engine_build.COMPILED: "compiled"}


def main() -> int:
    """Both builds side by side: a worker process per build (a process holds one build of the
    engine), their rounds taken in turn so the machine's load falls on both alike."""
    args = sys.argv[1:]
    if "--worker" in args:
        # `--only KIND ...`: those games alone (the parent passes its arguments on)
        only = [a for a in args if a in games.kinds()] if "--only" in args else []
        return worker("--quick" in args, only)
    builds = [engine_build.PYTHON]
    problem = engine_build.compiled_problem()
    if problem is None:
        builds.append(engine_build.COMPILED)
    print(
        f"python-chess {chess.__version__}; {ROUNDS} rounds, each game between two python-chess "
        f"blocks, the builds' rounds in turn; CPU time (load average "
        f"{' '.join(f'{x:.2f}' for x in _load())})"
    )
    workers = {b: _start(b, args) for b in builds}
    hello = {b: _read(w) for b, w in workers.items()}
    kinds = [k for k in games.all_games() if k.kind in hello[engine_build.PYTHON]["codec"]]
    codec = hello[engine_build.PYTHON]["codec"]
    print(
        "every command is an equal copy made through its game's codec (0.0 % of them a listed "
        "object), as a device's command arrives; codec per command (pure Python), untimed in "
        "the rates: " + ", ".join(f"{k.title} {codec[k.kind] * 1e6:.1f} us" for k in kinds)
    )
    rounds: dict[str, list[dict[str, Any]]] = {b: [] for b in builds}
    for _ in range(ROUNDS):
        for b, w in workers.items():
            assert w.stdin is not None
            w.stdin.write("round\n")
            w.stdin.flush()
            rounds[b].append(_read(w))
    for w in workers.values():
        assert w.stdin is not None
        w.stdin.close()
        w.wait()
    for name in SETTINGS:
        chess_rates = ", ".join(
            f"{BUILD_WORDS[b]}'s {_chess_rate(rounds[b], name):,.0f}/s" for b in builds
        )
        print(f"with {name}: python-chess legal_moves + push beside each build: {chess_rates}")
        for kind in kinds:
            ratios = {}
            for b in builds:
                runs = [r[name]["games"][kind.kind] for r in rounds[b]]
                rate = sum(n for n, _, _ in runs) / sum(t for _, t, _ in runs)
                anchor = sum(n for n, _, _ in runs) / sum(n / a for n, _, a in runs)
                ratios[b] = ratio = rate / anchor
                each = ", ".join(f"{n / t / a:.2f}" for n, t, a in runs)
                n_games, n_commands = hello[b]["recorded"][kind.kind]
                figure = (
                    f"  {kind.title}, {BUILD_WORDS[b]}, {name}: legal + check + apply "
                    f"{rate:,.0f}/s, ratio {ratio:.2f} to python-chess beside it (rounds {each}; "
                    f"{n_games} games, {n_commands:,} commands)"
                )
                ok = ratio >= target_number(WHAT_BUILD[b])
                if b == engine_build.PYTHON:
                    print(report(figure, WHAT, ok))
                else:
                    print(report(figure, WHAT_COMPILED, ok))
            if problem is not None:
                figure = f"  {kind.title}, compiled, {name}: not measured: {problem}"
                print(report(figure, WHAT_COMPILED, False))
            else:
                speedup = ratios[engine_build.COMPILED] / ratios[engine_build.PYTHON]
                print(f"  {kind.title}: the compiled build is {speedup:.2f}x pure Python")
    return 0


def _start(build: str, args: list[str]) -> subprocess.Popen[str]:
    env = {**os.environ, engine_build.ENV: build}
    return subprocess.Popen(
        [sys.executable, __file__, "--worker", *args],
        stdin=subprocess.PIPE,
        stdout=subprocess.PIPE,
        text=True,
        env=env,
    )


def _read(w: subprocess.Popen[str]) -> dict[str, Any]:
    assert w.stdout is not None
    line = w.stdout.readline()
    if not line:
        raise SystemExit(f"a bench worker stopped (exit {w.wait()})")
    found: dict[str, Any] = json.loads(line)
    return found


def _chess_rate(rounds: list[dict[str, Any]], name: str) -> float:
    blocks = [b for r in rounds for b in r[name]["chess"]]
    return sum(n for n, _ in blocks) / sum(t for _, t in blocks)


def _load() -> tuple[float, ...]:
    try:
        import os

        return os.getloadavg()
    except OSError:
        return ()


if __name__ == "__main__":
    sys.exit(main())
