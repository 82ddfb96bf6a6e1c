"""Scenario files: one per rule of issue 10, and the rulebook's worked example (a sabotage of
cost five with two stockpiled, paid three plus two), each run through the generic runner."""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.scenario_checks import plays_as_expected, saves_and_loads_to_an_equal_game

SCENARIOS = sorted((Path(__file__).parent / "scenarios").glob("*.toml"))


def test_scenarios__there_is_one_per_rule_and_the_worked_example() -> None:
    names = {p.stem for p in SCENARIOS}
    assert "sabotage_worked_example" in names
    assert len(names) >= 20


@pytest.mark.parametrize("path", SCENARIOS, ids=lambda p: p.stem)
def test_scenario_file__plays_and_meets_its_expectations(path: Path) -> None:
    scenario = plays_as_expected(path, "vile")
    assert scenario.description, "every scenario file says what rule it shows"


@pytest.mark.parametrize("path", SCENARIOS, ids=lambda p: p.stem)
def test_save_and_load__every_scenario_position_round_trips(path: Path) -> None:
    saves_and_loads_to_an_equal_game(path)
