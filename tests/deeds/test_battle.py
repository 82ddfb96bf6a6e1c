"""Battle Details: skirmishes as a pure function (engine/deeds/battle.py), and the battle on
the table: attack, defend with a blocking order, the Tactics step, resolution all at once."""

from __future__ import annotations

from engine.deeds import actions as da
from engine.deeds.battle import Fighter, skirmish
from engine.deeds.resolve import forecast

from .helpers import card, fight, game_at, refusal

TANK = Fighter(7, 5, overrun=True)


def test_skirmishes__the_ol_tank_example_kills_all_three_and_absorbs_every_point() -> None:
    r = skirmish(TANK, [Fighter(1, 1), Fighter(0, 4), Fighter(2, 2)])
    assert r.blocker_damage == (1, 4, 2)
    assert r.blockers_die == (True, True, True)
    assert r.attacker_damage == 3 and not r.attacker_dies
    assert r.to_base == 0


def test_skirmishes__overrun_carries_the_rest_to_the_base() -> None:
    assert skirmish(TANK, [Fighter(1, 1), Fighter(0, 4)]).to_base == 2


def test_skirmishes__without_overrun_a_blocked_attacker_never_hits_the_base() -> None:
    assert skirmish(Fighter(7, 5), [Fighter(1, 1)]).to_base == 0


def test_skirmishes__overrun_needs_every_blocker_defeated() -> None:
    r = skirmish(Fighter(5, 5, overrun=True), [Fighter(0, 4), Fighter(0, 4)])
    assert r.blockers_die == (True, False) and r.to_base == 0


def test_skirmishes__an_unblocked_attacker_hits_the_base_for_its_attack() -> None:
    assert skirmish(Fighter(3, 1), []).to_base == 3


def test_skirmishes__units_deal_damage_simultaneously() -> None:
    r = skirmish(Fighter(2, 2), [Fighter(2, 2)])
    assert r.attacker_dies and r.blockers_die == (True,)


def test_skirmishes__a_dead_attacker_stops_and_the_later_blockers_are_untouched() -> None:
    r = skirmish(Fighter(5, 2), [Fighter(3, 1), Fighter(1, 1)])
    assert r.attacker_dies and r.blocker_damage == (1, 0) and r.blockers_die == (True, False)


def test_skirmishes__blockers_strike_even_when_the_attack_is_spent() -> None:
    r = skirmish(Fighter(1, 5), [Fighter(1, 1), Fighter(2, 3)])
    assert r.blocker_damage == (1, 0) and r.attacker_damage == 3


def test_first_strike__an_attacker_that_kills_first_takes_no_damage() -> None:
    r = skirmish(Fighter(2, 1, first_strike=True), [Fighter(5, 2)])
    assert r.blockers_die == (True,) and r.attacker_damage == 0 and not r.attacker_dies


def test_first_strike__a_blocker_that_kills_first_takes_no_damage() -> None:
    r = skirmish(Fighter(5, 1), [Fighter(1, 2, first_strike=True)])
    assert r.attacker_dies and r.blocker_damage == (0,)


def test_first_strike__on_both_sides_is_simultaneous() -> None:
    r = skirmish(Fighter(2, 1, first_strike=True), [Fighter(2, 2, first_strike=True)])
    assert r.attacker_dies and r.blockers_die == (True,)


def test_battle_resolution__unblocked_attackers_damage_the_base() -> None:
    game = game_at({"card": "scavenger"}, {"card": "shambler"})
    fight(game, (1, 2), ())
    assert game.state.players[1].base == 20 - 3


def test_battle_resolution__results_happen_all_at_once() -> None:
    # Leadership on a blocker that dies still counted for its neighbour in the same battle.
    game = game_at(
        {"card": "scavenger"},
        {"card": "scavenger"},
        {"card": "grave_lord", "owner": 1},
        {"card": "shambler", "owner": 1},
    )
    before = forecast(game.state, game.catalog, None)
    assert before == ()
    fight(game, (1, 2), ((1, 3), (2, 4)))
    # Shambler 2/2 with Grave Lord's Leadership: 2 damage kills it and it deals 2 back.
    assert card(game, 2) is None and card(game, 4) is None


def test_attack__attackers_are_utilized_and_the_battle_waits_for_blocks() -> None:
    game = game_at({"card": "scavenger"})
    game.apply(da.Attack(0, (1,)))
    assert not card(game, 1).ready and game.state.phase.value == "defend"
    assert game.acting_player() == 1


def test_attack__once_per_round() -> None:
    game = game_at({"card": "scavenger"}, {"card": "shambler"})
    fight(game, (1,), ())
    assert "the Deploy phase" in refusal(game, da.Attack(0, (2,)))


def test_attack__only_ready_cards_attack() -> None:
    game = game_at({"card": "scavenger", "ready": False})
    assert "only ready cards attack" in refusal(game, da.Attack(0, (1,)))


def test_attack__units_may_not_attack_on_the_round_they_are_deployed() -> None:
    game = game_at({"card": "scavenger", "deployed_round": 3})
    assert "came into play this round" in refusal(game, da.Attack(0, (1,)))


def test_attack__technology_may_attack_at_once() -> None:
    game = game_at({"card": "ol_tank", "deployed_round": 3})
    assert game.is_legal(da.Attack(0, (1,)))


def test_fortifications__may_block_but_not_attack() -> None:
    game = game_at({"card": "barricade"})
    assert "may block but not attack" in refusal(game, da.Attack(0, (1,)))
    game = game_at({"card": "scavenger"}, {"card": "barricade", "owner": 1})
    fight(game, (1,), ((1, 2),))
    assert card(game, 2).damage == 2 and game.state.players[1].base == 20


def test_defend__a_blocker_may_not_block_more_than_one_attacker() -> None:
    game = game_at({"card": "scavenger"}, {"card": "shambler"}, {"card": "medic", "owner": 1})
    game.apply(da.Attack(0, (1, 2)))
    assert "more than one attacker" in refusal(game, da.Block(1, ((1, 3), (2, 3))))


def test_defend__only_ready_cards_block() -> None:
    game = game_at({"card": "scavenger"}, {"card": "medic", "owner": 1, "ready": False})
    game.apply(da.Attack(0, (1,)))
    assert "only ready cards block" in refusal(game, da.Block(1, ((1, 2),)))


def test_defend__blocking_order_is_the_order_given() -> None:
    game = game_at(
        {"card": "scavenger"}, {"card": "shambler", "owner": 1}, {"card": "medic", "owner": 1}
    )
    fight(game, (1,), ((1, 3), (1, 2)))
    # Medic 0/3 first takes the whole 2; Shambler, second, is untouched.
    assert card(game, 3).damage == 2 and card(game, 2).damage == 0


def test_tactics__activated_abilities_only_in_the_tactics_step() -> None:
    game = game_at({"card": "necromender"}, pools=({"bio": 2}, {}))
    assert "Tactics step" in refusal(game, da.Activate(0, 1))


def test_tactics__two_passes_in_a_row_resolve_the_battle() -> None:
    game = game_at({"card": "scavenger"}, hands=(["ambush"], []), pools=({"bio": 1}, {}))
    game.apply(da.Attack(0, (1,)))
    game.apply(da.Block(1))
    game.apply(da.Deploy(0, "ambush", (1,)))
    assert game.acting_player() == 1
    game.apply(da.Pass(1))
    assert game.state.phase.value == "tactics"
    game.apply(da.Pass(0))
    assert game.state.phase.value == "retreat" and game.state.players[1].base == 18


def test_tactics__in_battle_tactics_wait_for_the_tactics_step() -> None:
    game = game_at({"card": "scavenger"}, hands=([], ["ambush"]), pools=({}, {"bio": 1}))
    game.apply(da.Attack(0, (1,)))
    assert "Tactics step" in refusal(game, da.Deploy(1, "ambush"))


def test_forecast__shows_the_skirmish_before_anyone_confirms() -> None:
    game = game_at(
        {"card": "ol_tank"},
        {"card": "scavenger", "attached_to": 1},
        {"card": "shambler", "owner": 1},
        {"card": "wall_of_flesh", "owner": 1, "tokens": 2},
    )
    game.apply(da.Attack(0, (1,)))
    preview = game.fork()
    preview.apply(da.Block(1, ((1, 3), (1, 4))))
    (clash,) = forecast(preview.state, preview.catalog)
    assert clash.result.to_base == 2 and game.state.battle is not None
    assert game.state.battle.blocks == ()  # the real game is untouched
