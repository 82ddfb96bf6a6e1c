"""Scenario files: the rulebook's Ol' Tank example and others, run through the generic
scenario reader (engine/scenario.py) and checked against their expectations."""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.scenario_checks import plays_as_expected

SCENARIOS = sorted((Path(__file__).parent / "scenarios").glob("*.toml"))


def test_the_ol_tank_example_is_a_scenario_file() -> None:
    assert any(p.name == "ol_tank_overrun.toml" for p in SCENARIOS)


@pytest.mark.parametrize("path", SCENARIOS, ids=lambda p: p.stem)
def test_scenario_file__runs_and_meets_its_expectations(path: Path) -> None:
    plays_as_expected(path, "deeds")
