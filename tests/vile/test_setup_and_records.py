"""Setup (1-3) in players' words, setup records, the action codec, adjustments."""

from __future__ import annotations

import pytest

from engine.errors import MalformedAction, SetupError
from engine.games import get
from engine.vile import Phase, PlayerSetup, VileGame, VileSetup
from engine.vile import actions as va
from engine.vile.cards import sample_catalog
from engine.vile.record import setup_from_dict, setup_to_dict

from .helpers import ALENA, ANTON, monster, player, table


def _setup(**changes: object) -> VileSetup:
    base: dict[str, object] = {
        "players": (PlayerSetup("Alena", "ape"), PlayerSetup("Anton", "kraken")),
        "seed": 5,
        "catalog": sample_catalog(),
    }
    base.update(changes)
    return VileSetup(**base)  # type: ignore[arg-type]


def test_setup__a_random_first_player_from_the_seed() -> None:
    firsts = {VileGame(_setup(seed=s)).state.first_player for s in range(20)}
    assert firsts == {0, 1}


@pytest.mark.parametrize(
    ("changes", "words"),
    [
        ({"players": (PlayerSetup("Alena", "ape"),)}, "a game for two players"),
        ({"players": (PlayerSetup("Alena", "owl"), PlayerSetup("B", "ape"))}, "must pick a god"),
        ({"players": (PlayerSetup("", "ape"), PlayerSetup("B", "ape"))}, "player 1 needs a name"),
        (
            {"players": (PlayerSetup("A", "ape", deck_size=3), PlayerSetup("B", "ape"))},
            "A's gate deck needs at least 7 cards",
        ),
        (
            {
                "hidden_hands": False,
                "players": (
                    PlayerSetup("A", "ape", deck=("kraken_tentacle",) * 8),
                    PlayerSetup("B", "ape", deck=("ape_howler",) * 8),
                ),
            },
            "A's gate deck is the ape's: Tentacle is not",
        ),
    ],
)
def test_setup__errors_in_players_words(changes: dict[str, object], words: str) -> None:
    with pytest.raises(SetupError, match=words):
        VileGame(_setup(**changes))


def test_setup_record__round_trips_and_names_bad_fields() -> None:
    setup = _setup(first_player=1, hidden_hands=True)
    assert setup_from_dict(setup_to_dict(setup), sample_catalog()) == setup
    with pytest.raises(SetupError, match="setup.players\\[0\\]: field 'god'"):
        setup_from_dict({"players": [{"name": "A", "god": "owl"}]}, sample_catalog())
    with pytest.raises(SetupError, match="unknown key 'mode'"):
        setup_from_dict({"mode": "casual"}, sample_catalog())
    game = get("vile").new_game(
        {"players": [{"name": "A", "god": "ape"}, {"name": "B", "god": "phantom"}]}
    )
    assert game.state.players[1].hand_size == 7


def test_actions__round_trip_and_refuse_malformed_records() -> None:
    for action in (
        va.FlipSabotage(1, "kraken_undertow", None, (3, "x")),
        va.AssignDamage(0, ((1, 2, 3),)),
        va.DeclareBlockers(1, ((2, 1),)),
        va.AdjustPlayer(0, energy=40),
        va.SetZone(0, "ritual", ("ape_bone_totem",)),
    ):
        assert va.from_dict(va.to_dict(action)) == action
    with pytest.raises(MalformedAction, match="unknown action type"):
        va.from_dict({"type": "Fly", "player": 0})
    with pytest.raises(
        MalformedAction,
        match='DeclareAttackers: attackers must be a list of monster numbers, not "all"',
    ):
        va.from_dict({"type": "DeclareAttackers", "player": 0, "attackers": "all"})
    with pytest.raises(MalformedAction, match="Pass needs player"):
        va.from_dict({"type": "Pass"})
    with pytest.raises(MalformedAction, match='Pass has no field "colour"'):
        va.from_dict({"type": "Pass", "player": 0, "colour": 1})


def test_adjustments__set_every_counter_and_are_undone() -> None:
    game = table(
        monsters=(monster(1, "ape_howler", ANTON),),
        hidden=True,
        alena=player("Alena", deck=(), hand_size=3, deck_size=9),
    )
    before = game.state
    for action in (
        va.AdjustPlayer(
            ALENA,
            energy=42,
            cultists=6,
            exhausted=2,
            stockpile=4,
            hand_size=5,
            deck_size=20,
            reserve_limit=3,
        ),
        va.AdjustMonster(ANTON, 1, zone="reserved", damage=1, plus=2, experience=3),
        va.SetZone(ALENA, "sabotage", ("ape_broken_branch",)),
        va.PutMonster(ALENA, "ape_silverback", deployed=False),
    ):
        assert game.is_legal(action), game.explain(action)
        game.apply(action)
    alena = game.state.players[ALENA]
    assert (alena.energy, alena.cultists, alena.ready, alena.stockpile) == (42, 6, 4, 4)
    assert (alena.hand_size, alena.deck_size, alena.reserve_limit) == (5, 20, 3)
    m = game.state.monster(1)
    assert m is not None and (m.deployed, m.damage, m.plus, m.experience) == (False, 1, 2, 3)
    assert game.state.monster(2) is not None
    for _ in range(4):
        game.undo()
    assert game.state == before


def test_adjustments__refused_in_words_when_impossible() -> None:
    game = table()
    assert (
        game.explain(va.AdjustPlayer(ALENA, cultists=11))
        == "a player controls zero to ten cultists"
    )
    assert game.explain(va.AdjustPlayer(ALENA, cultists=2, exhausted=3)) == (
        "Alena has 2 cultists: that many can be exhausted at most"
    )
    assert game.explain(va.SetZone(ALENA, "ritual", ("ape_broken_branch",))) == (
        "only component cards lie face down in the ritual zone"
    )


def test_adjustments__energy_set_to_100_wins() -> None:
    game = table()
    game.apply(va.AdjustPlayer(ANTON, energy=100))
    outcome = game.outcome()
    assert outcome is not None and outcome.winner == ANTON


def test_status__says_turn_phase_and_what_waits() -> None:
    game = table(
        player("Alena", ritual_zone=("ape_bone_totem",) * 3),
        player("Anton", "kraken", cultists=2, sabotage_zone=("kraken_riptide",)),
        phase=Phase.CULMINATION,
    )
    game.apply(va.PerformRitual(ALENA))
    status = game.status()
    assert (status.turn, status.phase, status.active) == (5, "Culmination Phase", ALENA)
    assert status.waiting == ("a ritual of strength 0 so far",)
    assert game.prompts()[0].player == ANTON
    assert game.prompts()[0].text.startswith("Anton may flip sabotage cards (1 face down")
