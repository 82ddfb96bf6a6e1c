"""Setups: what part 1 would rule is a setup field; records are strict; hidden hands count."""

from __future__ import annotations

import pytest

from engine import games
from engine.devacurse import DevacurseGame, DevaSetup, PlayerSetup
from engine.devacurse import actions as da
from engine.devacurse.cards import sample_catalog
from engine.devacurse.record import setup_from_dict, setup_to_dict
from engine.errors import MalformedAction, SetupError


def test_registry__devacurse_is_a_registered_two_player_game() -> None:
    kind = games.get("devacurse")
    assert (kind.title, kind.min_players, kind.max_players) == ("Devacurse", 2, 2)
    game = kind.new_game({"players": [{"name": "Alena"}, {"name": "Anton"}]})
    assert game.player_names() == ("Alena", "Anton")


def test_setup__part_1_fields_starting_Faith_hand_deck_prayers_order() -> None:
    record = {
        "players": [{"name": "Alena", "deck_size": 30}, {"name": "Anton", "deck_size": 25}],
        "faith": 18,
        "hand_size": 6,
        "prayers": 2,
        "first_order": 1,
    }
    setup = setup_from_dict(record, sample_catalog())
    game = DevacurseGame(setup)
    alena, anton = game.state.players
    assert (alena.faith, alena.hand_size, alena.deck_size, alena.prayers) == (18, 6, 24, 2)
    assert anton.deck_size == 19 and game.state.order == 1 and game.acting_player() == 1
    assert setup_from_dict(setup_to_dict(setup), sample_catalog()) == setup


@pytest.mark.parametrize(
    ("record", "words"),
    [
        ({"players": [{"name": "Alena"}]}, "2 players"),
        ({"players": [{"name": "A"}, {"name": "B"}], "faith": 0}, "field 'faith'"),
        ({"players": [{"name": "A"}, {"name": "B"}], "colour": 1}, "unknown key 'colour'"),
        ({"players": [{"name": "A", "deck": ["nope"]}, {"name": "B"}]}, "not in the catalog"),
        ({"players": [{"name": "A"}, {"name": ""}]}, "needs a name"),
    ],
)
def test_setup__errors_in_players_words(record: dict[str, object], words: str) -> None:
    with pytest.raises(SetupError, match=words):
        DevacurseGame(setup_from_dict(record, sample_catalog()))


def test_hidden_hands__a_scanned_card_is_played_while_the_hand_is_not_empty() -> None:
    game = DevacurseGame(DevaSetup((PlayerSetup("Alena"), PlayerSetup("Anton")), hand_size=1))
    game.apply(da.Bless(0, 9))
    game.apply(da.Pass(0))
    game.apply(da.Pass(1))
    game.apply(da.CallSoldier(0, "iron_legionary"))
    assert game.state.players[0].hand_size == 0
    assert "hand is empty" in (game.explain(da.CallSoldier(0, "temple_guard")) or "")


def test_actions__round_trip_and_malformed_ones_are_refused_in_words() -> None:
    for action in (da.Block(1, ((2, 3),)), da.MoveCard(0, 4, "cenotaph"), da.Bless(0, 2)):
        assert da.from_dict(da.to_dict(action)) == action
    with pytest.raises(MalformedAction, match="unknown action type"):
        da.from_dict({"type": "Fly", "player": 0})
    with pytest.raises(MalformedAction, match="needs amount"):
        da.from_dict({"type": "Bless", "player": 0})
    with pytest.raises(MalformedAction, match="pairs of unit numbers"):
        da.from_dict({"type": "Block", "player": 0, "blocks": [1, 2]})
    with pytest.raises(MalformedAction, match="has no field"):
        da.from_dict({"type": "Pass", "player": 0, "card": "x"})
