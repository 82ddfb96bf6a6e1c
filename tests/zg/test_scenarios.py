"""The rulebook's worked examples as scenario files (7-5-3; armor blocked, pierced, weak point
doubled, explosive under armor, double armor; an impulse tie), and save/load."""

from __future__ import annotations

from pathlib import Path

import pytest
import tomli_w

from engine.scenario import dump_game, load_scenario, play_scenario, run_scenario

SCENARIOS = sorted((Path(__file__).parent / "scenarios").glob("*.toml"))


def test_every_example_in_the_text_has_a_file() -> None:
    names = {p.stem for p in SCENARIOS}
    assert {
        "impulse_753",
        "armor_blocked",
        "armor_pierced",
        "weak_point_doubled",
        "explosive_under_armor",
        "double_armor",
    } <= names


@pytest.mark.parametrize("path", SCENARIOS, ids=lambda p: p.stem)
def test_scenario_file__plays_and_meets_its_expectations(path: Path) -> None:
    scenario = load_scenario(path.read_text(), str(path))
    assert scenario.expect, "every scenario file checks its result"
    run = play_scenario(scenario)
    assert run.ok, run.failures


@pytest.mark.parametrize("path", SCENARIOS, ids=lambda p: p.stem)
def test_scenario_file__saves_and_loads_to_an_equal_game(path: Path) -> None:
    game = run_scenario(load_scenario(path.read_text(), str(path)))
    again = run_scenario(load_scenario(tomli_w.dumps(dump_game(game)), "save.toml"))
    assert again.initial_state == game.initial_state
    assert again.state == game.state
