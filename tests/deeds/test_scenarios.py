"""Scenario files: the rulebook's Ol' Tank example and others, run through the generic
scenario reader (engine/scenario.py) and checked against their expectations."""

from __future__ import annotations

from pathlib import Path

import pytest

from engine.scenario import load_scenario, play_scenario

SCENARIOS = sorted((Path(__file__).parent / "scenarios").glob("*.toml"))


def test_the_ol_tank_example_is_a_scenario_file() -> None:
    assert any(p.name == "ol_tank_overrun.toml" for p in SCENARIOS)


@pytest.mark.parametrize("path", SCENARIOS, ids=lambda p: p.stem)
def test_scenario_file__runs_and_meets_its_expectations(path: Path) -> None:
    scenario = load_scenario(path.read_text(), str(path))
    assert scenario.kind.kind == "deeds"
    assert scenario.expect, "every scenario file checks its result"
    run = play_scenario(scenario)
    assert run.ok, run.failures
