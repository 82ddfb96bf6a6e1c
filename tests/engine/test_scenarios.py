"""Scenario files (docs/scenarios.md): the rulebook's worked examples, the command, save/load."""

from __future__ import annotations

import argparse
import json
from pathlib import Path

import pytest
import tomli_w

from companion_app.commands import scenario as command
from engine.errors import IllegalAction
from engine.scenario import (
    ScenarioError,
    check_expectations,
    dump_game,
    load_scenario,
    play_scenario,
    run_scenario,
)
from engine.zeal import actions as za
from tests.zeal.helpers import started

SCENARIOS = sorted((Path(__file__).parent / "scenarios").glob("*.toml"))


@pytest.mark.parametrize("path", SCENARIOS, ids=lambda p: p.stem)
def test_scenario_file__runs_and_meets_its_expectations(path: Path) -> None:
    scenario = load_scenario(path.read_text(), str(path))
    assert scenario.expect, "every scenario file checks its result"
    game = run_scenario(scenario)
    assert check_expectations(scenario, game) == []
    assert play_scenario(scenario).failures == []  # the expectations after actions too


def _cli(path: Path, action: str = "run", as_json: bool = False) -> int:
    return command.run(argparse.Namespace(action=action, file=path, json=as_json))


def test_scenario_command__prints_state_and_exits_0(capsys: pytest.CaptureFixture[str]) -> None:
    path = SCENARIOS[0]
    assert _cli(path) == 0
    out = capsys.readouterr().out
    assert "Alena" in out and "Anton" in out


def test_scenario_command__json_output(capsys: pytest.CaptureFixture[str]) -> None:
    path = next(p for p in SCENARIOS if "revenge" in p.stem)
    assert _cli(path, as_json=True) == 0
    view = json.loads(capsys.readouterr().out)
    assert view["players"][0]["devotion"] == 6 and view["prompts"]


BAD = """
[setup]
first_player = 0
[[players]]
name = "Alena"
[[players]]
name = "Anton"
[position]
step = "commit"
[[actions]]
type = "Pass"
player = 0
[[actions]]
type = "PlayCard"
player = 0
card_id = "psychopomp"
"""


def test_scenario_command__illegal_action_exits_1_naming_index_and_rule(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    path = tmp_path / "bad.toml"
    path.write_text(BAD)
    assert _cli(path) == 1
    err = capsys.readouterr().err
    assert "action 2 (Alena played Psychopomp) was refused" in err and "Anton's turn to act" in err


def test_scenario_command__unreadable_or_invalid_files_exit_2(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """A file that can't be a scenario is bad input (2), not a scenario that failed (1)."""
    assert _cli(tmp_path / "missing.toml") == 2
    bad = tmp_path / "broken.toml"
    bad.write_text("[[players]\n")
    assert _cli(bad) == 2
    assert "not valid TOML" in capsys.readouterr().err


def test_scenario_command__check_reports_a_failed_expectation(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    path = tmp_path / "expect.toml"
    path.write_text(
        BAD.split("[[actions]]")[0] + '[[expect]]\npath = "players.0.devotion"\nequals = 9\n'
    )
    assert _cli(path, action="check") == 1
    assert "expected 9, found 0" in capsys.readouterr().err


def test_scenario__position_with_bases_and_stats() -> None:
    text = """
[setup]
hidden_hands = false
[[players]]
name = "Alena"
hand = ["burn"]
deck = ["accelerate", "psychopomp"]
bases = [{face_up = false}, {damage = 1}]
in_play = [{card = "storm_drake", id = 7, combat = 5, damage = 1, keywords = ["execute"]}]
[[players]]
name = "Anton"
[position]
step = "commit"
"""
    game = run_scenario(load_scenario(text))
    alena = game.state.players[0]
    assert alena.hand == ("burn",) and alena.deck_size == 2
    assert not alena.bases[0].face_up and alena.bases[1].damage == 1
    (drake,) = alena.in_play
    assert (drake.id, drake.combat, drake.damage) == (7, 5, 1)
    assert set(drake.keywords) == {"fly", "execute"}


def test_scenario__inline_cards_join_the_catalog() -> None:
    text = """
[[card]]
id = "house_golem"
name = "House Golem"
type = "character"
cult = "Cognoid"
combat = 9
[[players]]
name = "Alena"
in_play = [{card = "house_golem"}]
[[players]]
name = "Anton"
"""
    game = run_scenario(load_scenario(text))
    assert game.state.players[0].in_play[0].combat == 9
    # Saved, the game carries the card the sample lacks, and only that one (it plays anywhere).
    saved = dump_game(game)
    assert [c["id"] for c in saved["card"]] == ["house_golem"]
    again = run_scenario(load_scenario(tomli_w.dumps(saved)))
    assert again.state.players[0].in_play[0].combat == 9
    plain = '[[players]]\nname = "Alena"\n[[players]]\nname = "Anton"\n'
    assert "card" not in dump_game(run_scenario(load_scenario(plain)))


def test_scenario__errors_name_the_file_and_field() -> None:
    with pytest.raises(ScenarioError, match="x.toml: players\\[0\\].in_play\\[0\\]: field 'card'"):
        load_scenario(
            '[[players]]\nname="A"\nin_play=[{card="nope"}]\n[[players]]\nname="B"\n', "x.toml"
        )
    with pytest.raises(ScenarioError, match="x.toml: actions\\[0\\]: unknown action type"):
        load_scenario(
            '[[players]]\nname="A"\n[[players]]\nname="B"\n[[actions]]\ntype="Fly"\nplayer=0\n',
            "x.toml",
        )


def test_save_and_load__gives_an_equal_game() -> None:
    game = started()
    for action in (za.Develop(0, "devotion"), za.Pass(0), za.SetDevotion(1, current=2)):
        game.apply(action)
    text = tomli_w.dumps(dump_game(game))
    again = run_scenario(load_scenario(text, "save.toml"))
    assert again.state == game.state
    assert list(again.history) == list(game.history)


def test_run_scenario__illegal_action_carries_its_index() -> None:
    scenario = load_scenario(BAD)
    with pytest.raises(IllegalAction) as info:
        run_scenario(scenario)
    assert info.value.index == 1


def test_scenario__a_position_with_a_card_being_played() -> None:
    text = """
[[players]]
name = "Alena"
devotion = 3
hand_size = 4
[[players]]
name = "Anton"
devotion = 0
in_play = [{card = "specter_wisp", id = 1}]
[position]
active = 1
step = "commit"
priority = 0
stack = [{card = "psychopomp", controller = 1, id = 5}]
"""
    game = run_scenario(load_scenario(text))
    assert [p.text for p in game.prompts()][0] == "Alena may respond to Psychopomp or pass"
    game.apply(za.PlayCard(0, "burn", targets=(1,)))
    saved = load_scenario(tomli_w.dumps(dump_game(run_scenario(load_scenario(text)))))
    assert run_scenario(saved).state == run_scenario(load_scenario(text)).state
    game.apply(za.Pass(1))
    game.apply(za.Pass(0))
    assert [p.name for p in game.state.players[1].in_play] == ["Psychopomp"]


def test_scenario__fresh_game_from_decks() -> None:
    text = """
[setup]
fresh = true
seed = 3
hidden_hands = false
first_player = 1
[[players]]
name = "Alena"
deck = ["burn", "burn", "burn", "burn", "burn", "burn", "burn", "psychopomp"]
[[players]]
name = "Anton"
deck = ["accelerate", "accelerate", "accelerate", "accelerate", "accelerate", "accelerate"]
[[actions]]
type = "KeepHand"
player = 1
[[actions]]
type = "KeepHand"
player = 0
"""
    game = run_scenario(load_scenario(text))
    assert game.state.step.value == "develop" and game.state.active == 1
    assert len(game.state.players[0].hand) == 7 and len(game.state.players[1].hand) == 6


@pytest.mark.parametrize("path", SCENARIOS, ids=lambda p: p.stem)
def test_save_and_load__every_example_position_round_trips(path: Path) -> None:
    game = run_scenario(load_scenario(path.read_text(), str(path)))
    again = run_scenario(load_scenario(tomli_w.dumps(dump_game(game)), "save.toml"))
    assert again.initial_state == game.initial_state  # seat 0's connections included
    assert again.state == game.state


# --- the generic format: every game, refusals expected, unknown keys refused ------------

TWO = '[[players]]\nname = "Alena"\nhand_size = 5\n[[players]]\nname = "Anton"\n'


def test_scenario_format__a_misspelt_key_is_an_error_naming_file_table_and_key() -> None:
    text = TWO.replace('name = "Alena"', 'name = "Alena"\ndevotoin = 4')
    with pytest.raises(ScenarioError, match=r"typo.toml: players\[0\]: unknown key 'devotoin'"):
        load_scenario(text, "typo.toml")
    with pytest.raises(ScenarioError, match="typo.toml: the file: unknown key 'expects'"):
        load_scenario(TWO + '[[expects]]\npath = "turn"\nequals = 1\n', "typo.toml")
    with pytest.raises(ScenarioError, match=r"expect\[0\]: unknown key 'equal'"):
        load_scenario(TWO + '[[expect]]\npath = "turn"\nequal = 1\n', "typo.toml")


def test_scenario_format__an_unknown_game_names_the_games_there_are() -> None:
    with pytest.raises(ScenarioError, match='there is no game "chess"'):
        load_scenario('game = "chess"\n' + TWO, "x.toml")


def test_scenario_format__a_file_without_game_is_zeal() -> None:
    assert load_scenario(TWO, "x.toml").kind.kind == "zeal"
    assert load_scenario('game = "zeal"\n' + TWO, "x.toml").kind.kind == "zeal"


REFUSALS = (
    TWO
    + """
[position]
step = "commit"
[[actions]]
type = "PlayCard"
player = 1
card_id = "psychopomp"
refused = "Alena's turn to act"
[[actions]]
type = "PlayCard"
player = 0
card_id = "psychopomp"
refused = "costs 2 devotion"
[[actions]]
type = "SetDevotion"
player = 0
current = 2
[[expect]]
path = "players.0.devotion"
equals = 2
"""
)


def test_scenario_format__several_expected_refusals_are_checked_and_change_nothing() -> None:
    from engine.scenario import play_scenario

    run = play_scenario(load_scenario(REFUSALS, "refusals.toml"))
    assert run.ok, run.failures
    assert run.lines[0].startswith("1. Anton played Psychopomp: refused, as expected")
    assert run.lines[2] == "3. Alena set devotion to 2"


def test_scenario_format__a_refusal_that_does_not_happen_fails_the_run(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    from engine.scenario import play_scenario

    wrong = REFUSALS.replace('refused = "costs 2 devotion"', 'refused = "no such words"')
    run = play_scenario(load_scenario(wrong, "wrong.toml"))
    assert run.failures == [
        'action 2 (Alena played Psychopomp) was refused, but without the words "no such'
        ' words": Psychopomp costs 2 devotion (cost); Alena has 0'
    ]
    path = tmp_path / "allowed.toml"
    # A manual adjustment is always legal: a file that expects it refused fails.
    path.write_text(REFUSALS.replace("current = 2", 'current = 2\nrefused = "nope"'))
    assert _cli(path) == 1
    assert "should have been refused" in capsys.readouterr().err


def test_scenario_command__prints_description_actions_and_the_engines_log(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    path = tmp_path / "told.toml"
    path.write_text('description = "Two refusals, then a dial turn."\n' + REFUSALS)
    assert _cli(path) == 0
    out = capsys.readouterr().out
    assert "Two refusals, then a dial turn." in out
    assert "3. Alena set devotion to 2" in out and "The game's log:" in out


def test_load_scenario__too_long_or_nested_too_deeply_is_named_not_a_crash() -> None:
    """Issue 22: 100,000 nested arrays ran tomllib out of stack (RecursionError); 33 levels
    are refused before any game reads them; a file over MAX_CHARS is refused unread."""
    from engine.scenario import MAX_CHARS, MAX_NESTING

    with pytest.raises(ScenarioError, match="deep.toml: arrays or tables are nested too deeply"):
        load_scenario("a = " + "[" * 100_000 + "]" * 100_000, "deep.toml")
    levels = MAX_NESTING  # the top-level table is one level
    with pytest.raises(ScenarioError, match="nested too deeply"):
        load_scenario("a = " + "[" * levels + "]" * levels, "d.toml")
    with pytest.raises(ScenarioError, match="too long"):
        load_scenario("#" * (MAX_CHARS + 1), "long.toml")
    # At the limit it is read as usual (and refused for what it is, not for its depth).
    with pytest.raises(ScenarioError) as ok_depth:
        load_scenario("a = " + "[" * (levels - 1) + "]" * (levels - 1), "d.toml")
    assert "nested" not in str(ok_depth.value)


# --- Expectations (docs/scenarios.md): after an action, in lists, bounds, none ---------------

CANNON = """
[setup]
first_player = 0
[[players]]
name = "Alena"
devotion = 4
hand_size = 3
deck_size = 20
in_play = [{ card = "conversion_cannon", id = 1 }]
[[players]]
name = "Anton"
in_play = [{ card = "chalice_keeper", id = 2 }]
[position]
turn = 4
step = "commit"
[[actions]]
type = "Activate"
player = 0
permanent_id = 1
targets = [2]
[[actions]]
type = "Pass"
player = 1
"""


def _failures(expect: str) -> list[str]:
    return play_scenario(load_scenario(CANNON + expect, "cannon.toml")).failures


@pytest.mark.parametrize(
    ("expect", "failure"),
    [
        ('after = 0\npath = "players.0.hand_size"\nequals = 2', "after action 0: players.0"),
        ('after = 1\npath = "players.0.hand_size"\nequals = 3', "expected 3, found 2"),
        ('path = "players.0.deck_size"\nat_least = 22', "expected at least 22, found 21"),
        ('path = "players.0.deck_size"\nat_most = 20', "expected at most 20, found 21"),
        ('path = "players.1.in_play.*.name"\ncontains = "Chalice Keeper"', "among []"),
        ('after = 1\npath = "players.1.in_play.*.name"\nlacks = "Chalice Keeper"', "expected no"),
        ('path = "winner"\nnone = false', "expected a value, found none"),
        ('after = 1\npath = "stack.0.source"\nnone = true', "expected none, found 1"),
        ('path = "players.0.name"\ncontains = "A"', "expected a list to look in"),
        ('path = "players.0.name"\nat_least = 1', "expected a number to compare"),
    ],
)
def test_expectations__each_check_fails_in_words_when_the_state_differs(
    expect: str, failure: str
) -> None:
    failures = _failures(f"[[expect]]\n{expect}\n")
    assert len(failures) == 1 and failure in failures[0], failures


def test_expectations__the_same_checks_hold_where_the_state_agrees() -> None:
    expect = """
[[expect]]
after = 0
path = "players.0.hand_size"
equals = 3
[[expect]]
after = 1
path = "stack.*.source"
contains = 1
[[expect]]
path = "players.0.deck_size"
at_least = 21
at_most = 21
[[expect]]
path = "players.1.in_play.*.name"
lacks = "Chalice Keeper"
[[expect]]
path = "winner"
none = true
[[expect]]
path = "stall_note"
none = true
"""
    assert _failures(expect) == []


@pytest.mark.parametrize(
    ("expect", "words"),
    [
        ('path = "winner"', "needs 'path' and one of equals"),
        ('path = "winner"\nequals = 1\nnone = true', "one check at a time"),
        ('path = "turn"\nat_least = "four"', "'at_least' must be a number"),
        ('path = "winner"\nnone = "yes"', "'none' must be true"),
        ('after = 3\npath = "turn"\nequals = 4', "'after' must be an action's number, 0 to 2"),
        ('path = "turn"\nbetween = 4', "between"),
    ],
)
def test_expectations__a_wrong_expectation_is_an_error_naming_it(expect: str, words: str) -> None:
    with pytest.raises(ScenarioError, match="expect") as caught:
        load_scenario(CANNON + f"[[expect]]\n{expect}\n", "cannon.toml")
    assert words in str(caught.value)


def test_json__pending_and_stack_items_name_their_card_and_source(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    path = tmp_path / "cannon.toml"
    path.write_text(CANNON.rsplit("[[actions]]", 1)[0] + '[[expect]]\npath = "turn"\nequals = 4\n')
    assert _cli(path, as_json=True) == 0
    view = json.loads(capsys.readouterr().out)
    (item,) = view["stack"]
    assert (item["card_id"], item["source"]) == ("conversion_cannon", 1)
    assert view["stalemate"] is None and view["stall_note"] is None
