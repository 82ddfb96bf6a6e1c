"""Cards: deployment costs (``*`` paid with any), the card types and subtypes, abilities,
card text as prompts, and manual adjustments."""

from __future__ import annotations

from engine.deeds import actions as da
from engine.deeds import stats

from .helpers import card, fight, game_at, refusal


def test_deployment_cost__paid_from_the_pool() -> None:
    game = game_at(hands=(["necromender"], []), pools=({"bio": 2, "power": 1}, {}))
    game.apply(da.Deploy(0, "necromender"))
    pool = game.state.players[0].pool
    assert (pool.bio, pool.power) == (0, 0)


def test_deployment_cost__star_is_paid_with_any_resource_the_player_names() -> None:
    game = game_at(hands=(["raging_dead"], []), pools=({"bio": 1, "power": 1, "supplies": 3}, {}))
    game.apply(da.Deploy(0, "raging_dead", pay=("power",)))
    pool = game.state.players[0].pool
    assert (pool.bio, pool.power, pool.supplies) == (0, 0, 3)


def test_deployment_cost__star_unnamed_is_paid_from_the_largest_pile() -> None:
    game = game_at(hands=(["raging_dead"], []), pools=({"bio": 1, "power": 1, "supplies": 3}, {}))
    game.apply(da.Deploy(0, "raging_dead"))
    assert game.state.players[0].pool.supplies == 2


def test_deployment_cost__short_is_refused_with_what_is_missing() -> None:
    game = game_at(hands=(["necromender"], []), pools=({"bio": 1}, {}))
    assert "short by 1 more Bio" in refusal(game, da.Deploy(0, "necromender"))


def test_units__are_deployed_ready() -> None:
    game = game_at(hands=(["shambler"], []), pools=({"bio": 1}, {}))
    game.apply(da.Deploy(0, "shambler"))
    (x,) = game.state.cards
    assert x.ready and x.deployed_round == 3


def test_hidden_hands__any_card_is_played_by_id_while_the_hand_is_not_empty() -> None:
    game = game_at(pools=({"bio": 1}, {}))
    game.apply(da.Deploy(0, "shambler"))
    assert game.state.players[0].hand_size == 3
    game.apply(da.SetCounts(0, hand_size=0))
    assert "no cards in hand" in refusal(game, da.Deploy(0, "shambler"))


def test_resources__add_to_the_pool_and_go_to_the_graveyard() -> None:
    game = game_at(hands=(["scrap_pile"], []))
    game.apply(da.Deploy(0, "scrap_pile"))
    assert game.state.players[0].pool.supplies == 1
    assert game.state.players[0].graveyard == ("scrap_pile",) and game.state.cards == ()


def test_tactics__any_time_in_normal_play_even_by_the_defender() -> None:
    game = game_at(hands=([], ["feeding_frenzy"]), pools=({}, {"bio": 1}))
    game.apply(da.Deploy(1, "feeding_frenzy"))
    assert game.state.players[1].graveyard == ("feeding_frenzy",)


def test_tactics__their_text_is_a_prompt_resolved_with_adjustments() -> None:
    game = game_at({"card": "shambler"}, hands=(["feeding_frenzy"], []), pools=({"bio": 1}, {}))
    game.apply(da.Deploy(0, "feeding_frenzy", (1,)))
    (note,) = game.state.notes
    assert any("Feeding Frenzy" in p.text and "Shambler" in p.text for p in game.prompts())
    game.apply(da.SetCard(0, 1, attack=2, defense=2))
    game.apply(da.Resolve(0, note.id))
    assert game.state.notes == ()
    x = card(game, 1)
    assert stats.attack_of(game.state, game.catalog, x) == 2


def test_equipment__adds_to_the_unit_and_equipping_utilizes_both() -> None:
    game = game_at({"card": "scavenger"}, {"card": "hunting_rifle"})
    game.apply(da.Equip(0, 2, 1))
    x = card(game, 1)
    assert stats.attack_of(game.state, game.catalog, x) == 4
    assert not x.ready and not card(game, 2).ready


def test_equipment__goes_to_the_graveyard_with_its_unit() -> None:
    game = game_at(
        {"card": "shambler"},
        {"card": "hunting_rifle", "attached_to": 1},
        {"card": "medic", "owner": 1},
    )
    fight(game, (1,), ((1, 3),))
    assert card(game, 1) is not None  # 3 attack into a 0/3: the Medic dies, Shambler lives
    game.apply(da.Retire(0, 1))
    assert game.state.players[0].graveyard == ("shambler", "hunting_rifle")


def test_equipping__needs_both_ready() -> None:
    game = game_at({"card": "scavenger", "ready": False}, {"card": "hunting_rifle"})
    assert "must be ready" in refusal(game, da.Equip(0, 2, 1))


def test_unequipping__separates_and_utilizes() -> None:
    game = game_at({"card": "scavenger"}, {"card": "hunting_rifle", "attached_to": 1})
    game.apply(da.Unequip(0, 2))
    assert card(game, 2).attached_to is None and not card(game, 1).ready


def test_upgrades__deploy_onto_technology_and_cannot_be_unequipped() -> None:
    game = game_at({"card": "barricade"}, hands=(["armor_plating"], []), pools=({"power": 1}, {}))
    assert "upgrade" in refusal(game, da.Deploy(0, "armor_plating"))
    game.apply(da.Deploy(0, "armor_plating", (1,)))
    assert stats.defense_of(game.state, game.catalog, card(game, 1)) == 6
    assert "cannot be unequipped" in refusal(game, da.Unequip(0, 2))


def test_vehicles__carry_a_unit_and_take_it_to_the_graveyard() -> None:
    game = game_at({"card": "ol_tank"}, {"card": "scavenger"}, {"card": "shambler"})
    game.apply(da.Equip(0, 1, 2))
    x = card(game, 1)
    assert (
        stats.attack_of(game.state, game.catalog, x),
        stats.defense_of(game.state, game.catalog, x),
    ) == (7, 5)
    assert "already carries a unit" in refusal(game, da.Equip(0, 1, 3))
    game.apply(da.SetCard(0, 1, damage=5))
    assert game.state.players[0].graveyard == ("ol_tank", "scavenger")


def test_vehicles__a_unit_aboard_does_not_attack_on_its_own() -> None:
    game = game_at({"card": "ol_tank"}, {"card": "scavenger", "attached_to": 1})
    assert "equipped to another card" in refusal(game, da.Attack(0, (2,)))


def test_activated_abilities__cost_paid_in_the_tactics_step_as_often_as_paid() -> None:
    game = game_at(
        {"card": "necromender"},
        {"card": "shambler", "owner": 1},
        pools=({"bio": 4}, {}),
        phase="tactics",
        battle={"attackers": [], "priority": 0},
    )
    game.apply(da.Activate(0, 1))
    assert game.state.players[0].pool.bio == 2 and not card(game, 1).ready
    assert len(game.state.notes) == 1
    game.apply(da.Pass(1))
    assert "utilized" in refusal(game, da.Activate(0, 1))


def test_activated_abilities__not_on_the_round_a_unit_is_deployed() -> None:
    game = game_at(
        {"card": "necromender", "deployed_round": 3},
        pools=({"bio": 4}, {}),
        phase="tactics",
        battle={"attackers": [], "priority": 0},
    )
    assert "came into play this round" in refusal(game, da.Activate(0, 1))


def test_conditional_abilities__are_reminders_while_the_card_is_in_play() -> None:
    game = game_at({"card": "canned_rage"})
    assert any(p.kind == "reminder" and "Canned Rage" in p.text for p in game.prompts())


def test_adjustments__are_always_legal_and_undoable() -> None:
    game = game_at({"card": "scavenger"})
    before = game.state
    for action in (
        da.SetBase(1, 12),
        da.SetResource(0, "power", 4),
        da.SetCard(1, 1, tokens=2, ready=False, damage=1),
        da.SetCounts(1, hand_size=7, deck_size=3),
    ):
        game.apply(action)
    p = game.state.players
    assert p[1].base == 12 and p[0].pool.power == 4 and p[1].hand_size == 7
    assert card(game, 1).tokens == 2 and not card(game, 1).ready
    for _ in range(4):
        game.undo()
    assert game.state == before
