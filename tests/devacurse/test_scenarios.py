"""One scenario file per rule in the issue's list, run as `altar scenario run` runs them."""

from __future__ import annotations

from pathlib import Path

import pytest
import tomli_w

from engine.scenario import ScenarioError, dump_game, load_scenario, play_scenario, run_scenario
from tests.scenario_checks import plays_as_expected, saves_and_loads_to_an_equal_game

HERE = Path(__file__).parent / "scenarios"
SCENARIOS = sorted(HERE.glob("*.toml"))

# The issue's rules, each with the file(s) that play it.
RULES = {
    "order": ["order"],
    "soldier calling (III.A)": ["soldier_calling"],
    "hero guardian setting (III.B)": ["hero_setting", "first_spiral_no_heroes"],
    "soldier combat (IV.A)": ["soldier_combat", "soldier_combat_resolved", "pierce"],
    "hero combat (IV.B)": ["hero_combat", "hero_vs_hero"],
    "refresh (V)": ["refresh"],
    "end of turn (VI)": ["end_of_turn", "end_of_turn_applied"],
    "winning": ["winning_faith", "winning_universe"],
    "flash events in combat": ["flash_in_combat"],
    "part 1 as setup fields and entries": ["part1_entries"],
}


def test_every_rule_in_the_issue_has_a_scenario_file() -> None:
    names = {p.stem for p in SCENARIOS}
    for rule, files in RULES.items():
        assert set(files) <= names, rule
    assert {f for files in RULES.values() for f in files} == names


@pytest.mark.parametrize("path", SCENARIOS, ids=lambda p: p.stem)
def test_scenario_file__plays_and_meets_its_expectations(path: Path) -> None:
    plays_as_expected(path, "devacurse")


@pytest.mark.parametrize("path", SCENARIOS, ids=lambda p: p.stem)
def test_save_and_load__every_scenario_position_round_trips(path: Path) -> None:
    saves_and_loads_to_an_equal_game(path)


def test_scenario__unknown_keys_are_errors_naming_the_table_and_key() -> None:
    base = 'game = "devacurse"\n[[players]]\nname = "A"\n[[players]]\nname = "B"\n'
    with pytest.raises(ScenarioError, match="players\\[0\\]: unknown key 'fiath'"):
        load_scenario(base.replace('name = "A"', 'name = "A"\nfiath = 3'), "x.toml")
    with pytest.raises(ScenarioError, match="x.toml: position: field 'phase'"):
        load_scenario(base + '[position]\nphase = "lunch"\n', "x.toml")
    with pytest.raises(ScenarioError, match="field 'card' must name a soldier"):
        load_scenario(
            base.replace('name = "B"', 'name = "B"\nsoldiers = [{card = "sun_avatar"}]'), "x.toml"
        )
    with pytest.raises(ScenarioError, match="exactly 2"):
        load_scenario('game = "devacurse"\n[[players]]\nname = "A"\n', "x.toml")


def test_scenario__inline_cards_join_the_catalog() -> None:
    text = """
game = "devacurse"
[[card]]
id = "house_golem"
name = "House Golem"
type = "soldier"
cost = 1
at = 4
df = 4
[[players]]
name = "Alena"
soldiers = [{card = "house_golem", id = 1}]
[[players]]
name = "Anton"
[position]
phase = "soldier_combat"
[[actions]]
type = "Attack"
player = 0
attackers = [1]
[[expect]]
path = "players.0.soldiers.0.card"
equals = "house_golem"
"""
    run = play_scenario(load_scenario(text, "golem.toml"))
    assert run.ok, run.failures
    game = run.game
    assert game.combat_forecast().faith_lost == (0, 4)  # type: ignore[attr-defined]
    again = run_scenario(load_scenario(tomli_w.dumps(dump_game(game)), "save.toml"))
    assert again.state == game.state
