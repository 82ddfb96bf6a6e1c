"""Game Setup (rules/zeal.md: Game Setup; Game Modes)."""

from __future__ import annotations

import pytest

from engine.errors import SetupError
from engine.zeal import PlayerSetup, Step, ZealGame, ZealSetup, cult_deck
from engine.zeal import actions as za
from engine.zeal.cards import sample_catalog

from .helpers import keep_all, new_game


def test_setup__bases_defense_1_to_6_face_up() -> None:
    game = new_game()
    for seat, player in enumerate(game.state.players):
        assert [b.defense for b in player.bases] == [1, 2, 3, 4, 5, 6]
        assert all(b.face_up and b.damage == 0 for b in player.bases)
        assert all(b.owner == seat and b.controller == seat for b in player.bases)


def test_setup__current_and_maximum_devotion_zero() -> None:
    game = new_game()
    assert all(p.devotion == 0 and p.max_devotion == 0 for p in game.state.players)


def test_setup__first_player_random_from_the_seed() -> None:
    firsts = {new_game(first=None, seed=s).state.first_player for s in range(20)}
    assert firsts == {0, 1}
    assert (
        new_game(first=None, seed=5).state.first_player
        == new_game(first=None, seed=5).state.first_player
    )


def test_setup__first_player_draws_six_every_other_player_seven() -> None:
    # Game Setup names the first two players; the reading for more (engine/README.md): only
    # the first player is short a card.
    game = new_game(4, first=2)
    sizes = {seat: p.hand_size for seat, p in enumerate(game.state.players)}
    assert sizes == {2: 6, 3: 7, 0: 7, 1: 7}
    eight = new_game(8, first=0)
    assert [p.hand_size for p in eight.state.players] == [6, 7, 7, 7, 7, 7, 7, 7]


def test_setup__known_decks_are_shuffled_and_drawn() -> None:
    deck = tuple(["psychopomp"] * 10 + ["burn"] * 10 + ["accelerate"] * 16)
    game = new_game(decks=(deck, deck), hidden=False)
    alena = game.state.players[0]
    assert len(alena.hand) == 6 and alena.deck_size == 30
    assert sorted(alena.hand + alena.deck) == sorted(deck)


def test_mulligan__in_order_first_player_first() -> None:
    game = new_game(3, first=1)
    assert game.state.step is Step.MULLIGAN
    assert game.acting_player() == 1
    assert "Anton" in (game.explain(za.KeepHand(2)) or "")
    game.apply(za.KeepHand(1))
    assert game.acting_player() == 2
    game.apply(za.Mulligan(2))
    assert game.acting_player() == 0
    game.apply(za.KeepHand(0))
    assert game.state.step is Step.DEVELOP and game.state.active == 1 and game.state.turn == 1


def test_mulligan__one_opportunity_shuffle_and_draw_a_new_hand() -> None:
    deck = tuple(c.id for c in sample_catalog().cards if c.type != "base")[:36]
    game = new_game(decks=(deck, deck), hidden=False, seed=3)
    before = game.state.players[0].hand
    game.apply(za.Mulligan(0))
    after = game.state.players[0]
    assert len(after.hand) == len(before) == 6
    assert sorted(after.hand + after.deck) == sorted(deck)
    assert game.explain(za.Mulligan(0)) is not None  # only one opportunity
    assert any("new cards" in e.text for e in game.log)


def test_setup__two_to_eight_players() -> None:
    with pytest.raises(SetupError, match="2 to 8"):
        new_game(1)
    with pytest.raises(SetupError, match="2 to 8"):
        ZealGame(ZealSetup(players=tuple(PlayerSetup(f"P{i}") for i in range(9))))
    game = new_game(8)
    keep_all(game)
    assert game.state.step is Step.DEVELOP


def test_setup__unknown_card_in_deck_is_refused_by_name() -> None:
    with pytest.raises(SetupError, match="Alena's deck: there is no card 'nope'"):
        new_game(decks=(("nope",), ("burn",)), hidden=False)


def test_game_modes__constructed_deck_has_36_cards() -> None:
    catalog = sample_catalog()
    short = PlayerSetup("Alena", deck=("burn",) * 20)
    with pytest.raises(SetupError, match="constructed deck has 36"):
        ZealGame(
            ZealSetup(players=(short, PlayerSetup("Anton")), mode="constructed", catalog=catalog)
        )
    ok = PlayerSetup("Alena", deck=("burn",) * 36)
    ZealGame(ZealSetup(players=(ok, PlayerSetup("Anton")), mode="constructed"))


def test_game_modes__limited_and_draft_decks_have_24_cards() -> None:
    for mode in ("limited", "draft"):
        deck = PlayerSetup("Alena", deck=("burn",) * 24)
        other = PlayerSetup("Anton", deck_size=24)
        game = ZealGame(ZealSetup(players=(deck, other), mode=mode))
        assert game.state.players[1].deck_size + game.state.players[1].hand_size == 24


def test_game_modes__cult_deck_is_all_cards_of_one_cult() -> None:
    catalog = sample_catalog()
    deck = cult_deck(catalog, "Specter")
    assert deck and all(catalog.get(c).cult == "Specter" for c in deck)
    ZealGame(
        ZealSetup(
            players=(PlayerSetup("Alena", deck=deck), PlayerSetup("Anton", deck=deck)), mode="cult"
        )
    )
    mixed = PlayerSetup("Alena", deck=("burn", "psychopomp"))
    with pytest.raises(SetupError, match="mixes cults"):
        ZealGame(ZealSetup(players=(mixed, PlayerSetup("Anton")), mode="cult"))
