"""What every game's scenario-file tests check of each file (tests/<game>/test_scenarios.py):
it is the game's, it says what it expects, and it plays to that; and its final position,
saved and loaded again, is an equal game."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import tomli_w

from engine.scenario import dump_game, load_scenario, play_scenario, run_scenario


def plays_as_expected(path: Path, kind: str) -> Any:
    """The scenario read from ``path`` (a game of ``kind``), played and checked."""
    scenario = load_scenario(path.read_text(), str(path))
    assert scenario.kind.kind == kind
    assert scenario.expect, "every scenario file checks its result"
    run = play_scenario(scenario)
    assert run.ok, run.failures
    return scenario


def saves_and_loads_to_an_equal_game(path: Path) -> None:
    game = run_scenario(load_scenario(path.read_text(), str(path)))
    again = run_scenario(load_scenario(tomli_w.dumps(dump_game(game)), "save.toml"))
    assert again.initial_state == game.initial_state
    assert again.state == game.state
