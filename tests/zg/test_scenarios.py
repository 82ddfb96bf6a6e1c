"""The rulebook's worked examples as scenario files (7-5-3; armor blocked, pierced, weak point
doubled, explosive under armor, double armor; an impulse tie), and save/load."""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.scenario_checks import plays_as_expected, saves_and_loads_to_an_equal_game

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
    plays_as_expected(path, "zg")


@pytest.mark.parametrize("path", SCENARIOS, ids=lambda p: p.stem)
def test_scenario_file__saves_and_loads_to_an_equal_game(path: Path) -> None:
    saves_and_loads_to_an_equal_game(path)
