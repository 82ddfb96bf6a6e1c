"""Scenario files: one per rule of issue 10, and the rulebook's worked example (a sabotage of
cost five with two stockpiled, paid three plus two), each run through the generic runner."""

from __future__ import annotations

from pathlib import Path

import pytest
import tomli_w

from engine.scenario import dump_game, load_scenario, play_scenario, run_scenario

SCENARIOS = sorted((Path(__file__).parent / "scenarios").glob("*.toml"))


def test_scenarios__there_is_one_per_rule_and_the_worked_example() -> None:
    names = {p.stem for p in SCENARIOS}
    assert "sabotage_worked_example" in names
    assert len(names) >= 20


@pytest.mark.parametrize("path", SCENARIOS, ids=lambda p: p.stem)
def test_scenario_file__plays_and_meets_its_expectations(path: Path) -> None:
    scenario = load_scenario(path.read_text(), str(path))
    assert scenario.kind.kind == "vile"
    assert scenario.expect, "every scenario file checks its result"
    assert scenario.description, "every scenario file says what rule it shows"
    run = play_scenario(scenario)
    assert run.ok, run.failures


@pytest.mark.parametrize("path", SCENARIOS, ids=lambda p: p.stem)
def test_save_and_load__every_scenario_position_round_trips(path: Path) -> None:
    game = run_scenario(load_scenario(path.read_text(), str(path)))
    again = run_scenario(load_scenario(tomli_w.dumps(dump_game(game)), "save.toml"))
    assert again.initial_state == game.initial_state
    assert again.state == game.state
