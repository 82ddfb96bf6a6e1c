"""Actions, setups and scenario files as data, read strictly; the game's words for the band
and the command line (describe, prompts, status, summary)."""

from __future__ import annotations

import pytest

from engine import games
from engine.deeds import actions as da
from engine.deeds.card_toml import sample_catalog
from engine.deeds.record import setup_from_dict, setup_to_dict
from engine.errors import MalformedAction, SetupError
from engine.scenario import ScenarioError, load_scenario

from .helpers import game_at

KIND = games.get("deeds")


@pytest.mark.parametrize(
    "action",
    [
        da.Deploy(0, "ol_tank", (3, "shambler"), ("bio",)),
        da.Block(1, ((1, 2), (1, 3))),
        da.Mulligan(0, 2, ("shambler", "medic")),
        da.SetCard(1, 4, attack=3, ready=False),
        da.Attack(0, (1, 2)),
    ],
)
def test_actions__round_trip_through_plain_data(action: object) -> None:
    assert da.from_dict(da.to_dict(action)) == action


@pytest.mark.parametrize(
    ("data", "words"),
    [
        ({"type": "Fly", "player": 0}, "unknown action type"),
        ({"type": "Pass"}, "needs player"),
        ({"type": "Pass", "player": 0, "speed": 3}, "has no field"),
        ({"type": "Regroup", "player": 0, "first": ["bio"], "second": "power"}, "must be text"),
        ({"type": "Block", "player": 1, "blocks": [1, 2]}, "pairs"),
        ("Pass", "must be a table"),
    ],
)
def test_actions__malformed_is_not_illegal(data: object, words: str) -> None:
    with pytest.raises(MalformedAction, match=words):
        da.from_dict(data)


def test_setup_record__round_trips_and_checks_every_field() -> None:
    record = {
        "players": [{"name": "Amy", "deck_size": 30}, {"name": "John", "deck_size": 30}],
        "seed": 4,
    }
    setup = setup_from_dict(record, sample_catalog())
    assert setup.hidden_hands and setup.base_health == 20
    assert setup_from_dict(setup_to_dict(setup), sample_catalog()) == setup
    with pytest.raises(SetupError, match="'colour'"):
        setup_from_dict(record | {"colour": "red"}, sample_catalog())
    with pytest.raises(SetupError, match="at least 5"):
        setup_from_dict(
            {"players": [{"name": "A", "deck_size": 3}, {"name": "B"}]}, sample_catalog()
        )
    game = KIND.new_game(record)
    assert game.kind == "deeds" and game.acting_player() in (0, 1)


def test_scenario_files__unknown_keys_are_errors_naming_the_table_and_key() -> None:
    text = 'game = "deeds"\n[[players]]\nname = "A"\nbsae = 3\n[[players]]\nname = "B"\n'
    with pytest.raises(ScenarioError, match="'bsae'"):
        load_scenario(text, "typo.toml")
    text = 'game = "deeds"\n[[players]]\nname = "A"\n[[players]]\nname = "B"\n[[battlefield]]\nid = 1\ncard = "shambler"\nreddy = true\n'
    with pytest.raises(ScenarioError, match="battlefield\\[0\\].*'reddy'"):
        load_scenario(text, "typo.toml")


def test_scenario_files__a_fresh_game_deals_from_the_decks() -> None:
    deck = '["shambler", "shambler", "medic", "medic", "scavenger", "scavenger"]'
    text = (
        'game = "deeds"\n[setup]\nfresh = true\nhidden_hands = false\nfirst_player = 1\n'
        f'[[players]]\nname = "A"\ndeck = {deck}\n[[players]]\nname = "B"\ndeck = {deck}\n'
    )
    scenario = load_scenario(text, "fresh.toml")
    assert scenario.state.players[0].hand_size == 5 and scenario.state.first_player == 1


def test_words__describe_prompts_status_and_summary_speak_plainly() -> None:
    game = game_at({"card": "scavenger"}, {"card": "medic", "owner": 1})
    assert game.describe(da.Attack(0, (1,))) == "Amy attacks with Scavenger (sample)"
    assert (
        game.describe(da.Block(1, ((1, 2),)))
        == "John blocks: Medic (sample) blocks Scavenger (sample)"
    )
    status = game.status()
    assert (status.turn, status.phase, status.active) == (3, "Deploy", 0)
    assert game.prompts()[0].player == 0 and "attack" in game.prompts()[0].text
    lines = KIND.summary(game)
    assert lines[0] == "Round 3, Amy attacks; Deploy" and any("Medic" in line for line in lines)
    game.apply(da.Attack(0, (1,)))
    assert game.status().phase == "Battle: Defend" and game.acting_player() == 1
