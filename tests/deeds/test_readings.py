"""Readings where the rulebook is silent or loose (engine/deeds/README.md), each pinned."""

from __future__ import annotations

from engine.deeds import actions as da
from engine.deeds import stats
from engine.deeds.resolve import forecast
from engine.deeds.state import Battle

from .helpers import card, fight, game_at, refusal
from .test_round import new_game


def test_reading__the_first_player_decides_the_mulligan_first() -> None:
    game = new_game(first=1)
    assert game.acting_player() == 1
    assert game.is_legal(da.KeepHand(0))  # either may go; the band asks the first player


def test_reading__a_unit_aboard_a_vehicle_adds_its_printed_stats_only() -> None:
    game = game_at(
        {"card": "ol_tank"}, {"card": "scavenger", "attached_to": 1}, {"card": "grave_lord"}
    )
    x = card(game, 1)
    assert stats.attack_of(game.state, game.catalog, x) == 7  # no Leadership through the rider


def test_reading__keywords_of_what_is_attached_pass_to_the_card_it_is_on() -> None:
    game = game_at({"card": "ol_tank"}, {"card": "rifleman", "attached_to": 1})
    assert stats.has(game.state, game.catalog, card(game, 1), "first_strike")


def test_reading__unattached_equipment_neither_attacks_nor_blocks() -> None:
    game = game_at({"card": "hunting_rifle"})
    assert "equipment" in refusal(game, da.Attack(0, (1,)))


def test_reading__blocking_does_not_utilize() -> None:
    game = game_at({"card": "scavenger"}, {"card": "medic", "owner": 1})
    fight(game, (1,), ((1, 2),))
    assert card(game, 2).ready


def test_reading__hidden_does_not_stop_blocking() -> None:
    game = game_at({"card": "scavenger"}, {"card": "crawler", "owner": 1})
    game.apply(da.Attack(0, (1,)))
    assert game.is_legal(da.Block(1, ((1, 2),)))


def test_glossary_hidden__shields_from_its_own_player_too_until_utilized() -> None:
    """Glossary: "Card can't be targeted unless utilized", no exception for its owner."""
    mine = game_at({"card": "crawler"}, hands=(["ambush"], []), pools=({"bio": 1}, {}))
    assert "Hidden" in refusal(mine, da.Deploy(0, "ambush", (1,)))
    utilized = game_at(
        {"card": "crawler", "ready": False}, hands=(["ambush"], []), pools=({"bio": 1}, {})
    )
    assert utilized.is_legal(da.Deploy(0, "ambush", (1,)))


def test_reading__resurrect_takes_from_your_own_graveyard_only() -> None:
    game = game_at(
        hands=(["rise_again"], []), pools=({"bio": 2}, {}), graveyards=([], ["scavenger"])
    )
    assert "your graveyard" in refusal(game, da.Deploy(0, "rise_again", ("scavenger",)))


def test_reading__overrun_applies_even_if_the_attacker_dies_in_the_last_exchange() -> None:
    game = game_at({"card": "ol_tank"}, {"card": "raging_dead", "owner": 1})
    game.apply(da.SetCard(0, 1, damage=1))  # 5/2 left: Raging Dead's 2 kills it
    fight(game, (1,), ((1, 2),))
    game.apply(da.Overrun(0, (1,)))  # the attacker applies it (Glossary: "may")
    assert card(game, 1) is None and game.state.players[1].base == 17


def test_reading__a_crippled_blocker_deals_no_damage() -> None:
    game = game_at({"card": "scavenger"}, {"card": "chained_brute", "owner": 1})
    fight(game, (1,), ((1, 2),))
    assert card(game, 1).damage == 0 and card(game, 2).damage == 2


def test_reading__legal_actions_list_the_acting_players_moves_only() -> None:
    game = game_at(hands=(["shambler"], ["feeding_frenzy"]), pools=({"bio": 1}, {"bio": 1}))
    listed = list(game.legal_actions())
    assert all(a.player == 0 for a in listed)
    assert game.is_legal(da.Deploy(1, "feeding_frenzy"))  # legal, though not listed


def test_reading__resource_cards_are_deployed_in_your_deploy_phases() -> None:
    game = game_at(hands=([], ["refugees"]))
    assert "only the attacker" in refusal(game, da.Deploy(1, "refugees"))


def test_reading__with_open_hands_the_tablet_counts_cards_itself() -> None:
    game = game_at(hands=(["shambler"], []))
    assert "counts the cards itself" in refusal(game, da.SetCounts(0, hand_size=3))


def test_reading__the_hand_limit_is_the_attackers_at_the_end_of_their_round() -> None:
    game = game_at(phase="retreat", hands=([], ["shambler"] * 7))
    game.apply(da.EndPhase(0))
    assert game.state.players[1].hand_size == 7 and game.state.attacker == 1


def test_reading__a_hypothetical_declaration_can_be_forecast_without_applying_it() -> None:
    game = game_at({"card": "ol_tank"}, {"card": "shambler", "owner": 1})
    (clash,) = forecast(game.state, game.catalog, Battle((1,), ((1, 2),)))
    assert clash.result.to_base == 4 and game.state.battle is None


def test_reading__unknown_cards_and_seats_are_refused_in_words() -> None:
    game = game_at()
    assert refusal(game, da.Deploy(0, "dragon")) == 'there is no card "dragon" in the catalog'
    assert "seats are 0 and 1" in refusal(game, da.Pass(2))
