"""Setup, the round and its phases, the hand limit and winning (rulebook: Setup, Gameplay,
Your Hand, Objective)."""

from __future__ import annotations

import pytest

from engine.deeds import actions as da
from engine.deeds.card_toml import sample_catalog
from engine.deeds.game import DeedsGame
from engine.deeds.setup import DeedsSetup, PlayerSetup
from engine.errors import SetupError

from .helpers import card, game_at, refusal

DECK = ("shambler",) * 12


def new_game(hidden: bool = False, first: int | None = 0, seed: int = 3) -> DeedsGame:
    setup = DeedsSetup(
        players=(PlayerSetup("Amy", DECK), PlayerSetup("John", DECK)),
        seed=seed,
        catalog=sample_catalog(),
        first_player=first,
        hidden_hands=hidden,
    )
    return DeedsGame(setup)


def started(hidden: bool = False) -> DeedsGame:
    game = new_game(hidden)
    game.apply(da.KeepHand(0))
    game.apply(da.KeepHand(1))
    return game


def test_setup__two_players_five_cards_base_20_empty_pool() -> None:
    game = new_game()
    for p in game.state.players:
        assert p.hand_size == 5 and len(p.hand) == 5 and p.deck_size == 7
        assert p.base == 20 and p.pool.words() == "0 Bio, 0 Power, 0 Supplies, 0 Survivors"


def test_setup__is_for_two_players() -> None:
    with pytest.raises(SetupError, match="for 2 players"):
        DeedsGame(DeedsSetup((PlayerSetup("Amy", DECK),), 0, sample_catalog()))


def test_setup__the_first_player_chosen_by_any_means_is_the_seeded_rng() -> None:
    firsts = {new_game(first=None, seed=s).state.first_player for s in range(20)}
    assert firsts == {0, 1}


def test_setup__a_mulligan_is_taken_once_and_redraws_as_many() -> None:
    game = new_game()
    hand = game.state.players[0].hand
    game.apply(da.Mulligan(0, 2, hand[:2]))
    assert game.state.players[0].hand_size == 5 and game.state.players[0].deck_size == 7
    assert "already" in refusal(game, da.Mulligan(0, 1, hand[:1]))


def test_setup__hidden_hands_mulligan_by_count() -> None:
    game = new_game(hidden=True)
    game.apply(da.Mulligan(0, 3))
    assert game.state.players[0].hand_size == 5


def test_round__first_round_regroups_then_skips_the_draw() -> None:
    game = started()
    assert game.state.round == 1 and game.state.phase.value == "regroup"
    game.apply(da.Regroup(0, "bio", "power"))
    assert game.state.phase.value == "deploy"


def test_regroup__two_different_resources() -> None:
    game = started()
    assert "two of the same" in refusal(game, da.Regroup(0, "bio", "bio"))
    game.apply(da.Regroup(0, "bio", "survivors"))
    pool = game.state.players[0].pool
    assert (pool.bio, pool.power, pool.supplies, pool.survivors) == (1, 0, 0, 1)


def test_round__the_attacker_role_passes_to_the_other_player_each_round() -> None:
    game = started()
    game.apply(da.Regroup(0, "bio", "power"))
    game.apply(da.EndPhase(0))
    game.apply(da.EndPhase(0))
    assert game.state.round == 2 and game.state.attacker == 1
    game.apply(da.Regroup(1, "bio", "power"))
    assert game.state.phase.value == "draw"  # the draw is skipped in the first round only
    game.apply(da.Draw(1))
    assert game.state.players[1].hand_size == 6


def test_round__only_the_attacker_deploys() -> None:
    game = started()
    game.apply(da.Regroup(0, "bio", "power"))
    assert "only the attacker" in refusal(game, da.Deploy(1, "shambler"))


def test_regroup__readies_the_attackers_cards_and_heals_every_card() -> None:
    game = game_at(
        {"card": "scavenger", "ready": False, "damage": 1},
        {"card": "medic", "owner": 1, "ready": False, "damage": 2},
        phase="regroup",
    )
    game.apply(da.Regroup(0, "bio", "power"))
    assert card(game, 1).ready and card(game, 1).damage == 0
    assert not card(game, 2).ready and card(game, 2).damage == 0


def test_draw__an_empty_deck_draws_nothing() -> None:
    game = game_at(phase="draw")
    game.apply(da.SetCounts(0, deck_size=0))
    game.apply(da.Draw(0))
    assert game.state.players[0].hand_size == 4 and game.state.phase.value == "deploy"


def test_your_hand__discard_down_to_five_at_the_end_of_the_round() -> None:
    game = game_at(phase="retreat", hands=(["shambler"] * 6, []))
    assert "discard down to 5" in refusal(game, da.EndPhase(0))
    game.apply(da.Discard(0, "shambler"))
    game.apply(da.EndPhase(0))
    assert game.state.players[0].graveyard == ("shambler",)


def test_your_hand__no_discarding_at_five_or_fewer() -> None:
    game = game_at(phase="retreat", hands=(["shambler"] * 5, []))
    assert "bring a hand down" in refusal(game, da.Discard(0, "shambler"))


def test_your_hand__a_hidden_hand_may_discard_a_card_not_scanned() -> None:
    """The table's "Discard a card": the hand shrinks; no graveyard card is known. With open
    hands the card is named."""
    game = game_at(phase="retreat")
    game.apply(da.SetCounts(0, hand_size=6))
    assert da.Discard(0, "") in list(game.legal_actions())
    game.apply(da.Discard(0, ""))
    assert game.state.players[0].hand_size == 5 and game.state.players[0].graveyard == ()
    assert game.log[-1].text == "Amy discards a card"
    game.apply(da.EndPhase(0))
    open_hands = game_at(phase="retreat", hands=(["shambler"] * 6, []))
    assert refusal(open_hands, da.Discard(0, "")) is not None


def test_winning__a_base_at_0_loses_at_once() -> None:
    game = game_at({"card": "scavenger"}, bases=(20, 2))
    game.apply(da.Attack(0, (1,)))
    game.apply(da.Block(1))
    game.apply(da.Pass(0))
    game.apply(da.Pass(1))
    outcome = game.outcome()
    assert outcome is not None and outcome.winner == 0 and outcome.eliminated == (1,)
    assert game.acting_player() is None and list(game.legal_actions()) == []
    assert "game is over" in refusal(game, da.EndPhase(0))
    assert game.prompts()[0].text.startswith("Amy wins")


def test_winning__both_bases_at_0_at_once_is_a_draw() -> None:
    game = game_at({"card": "rot_hound"}, phase="retreat", bases=(5, 20))
    game.apply(da.SetBase(1, 0))
    game.apply(da.SetBase(0, 0))
    outcome = game.outcome()
    assert outcome is not None and outcome.winner is None


def test_adjustments__raising_a_base_from_0_resumes_the_game() -> None:
    game = game_at()
    game.apply(da.SetBase(1, 0))
    assert game.is_over()
    game.apply(da.SetBase(1, 3))
    assert not game.is_over() and game.acting_player() == 0


def test_round__no_battle_and_the_end_of_the_round_are_worded_as_players_say_them() -> None:
    """3. Deploy, then 5. Deploy and Retreat: the band's "No battle" went to the log as "ends
    the Deploy phase" (and, worded a step late, "ends the Deploy and Retreat phase"); the
    second ends the round (issue 33, item 9). Worded as the engine's own log says them."""
    game = started()
    game.apply(da.Regroup(0, "bio", "power"))
    assert game.describe(da.EndPhase(0)) == "Amy goes on without a battle"
    game.apply(da.EndPhase(0))
    assert game.describe(da.EndPhase(0)) == "Amy ends the round"
    game.apply(da.EndPhase(0))
    made = len(game.history)
    assert [game.describe_made(i) for i in (made - 2, made - 1)] == [
        "Amy goes on without a battle",
        "Amy ends the round",
    ]
    assert not any("phase" in e.text for e in game.log if "Amy" in e.text)
