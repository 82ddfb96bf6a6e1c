"""Permanent Abilities Glossary: every keyword, one test or more each."""

from __future__ import annotations

from engine.deeds import actions as da
from engine.deeds import stats
from engine.deeds.game import DeedsGame

from .helpers import card, fight, game_at, refusal


def shown(game: DeedsGame, card_id: int) -> tuple[int, int]:
    x = card(game, card_id)
    return stats.attack_of(game.state, game.catalog, x), stats.health_of(
        game.state, game.catalog, x
    )


def test_crippled__attack_0_and_may_not_attack() -> None:
    game = game_at({"card": "chained_brute"})
    assert shown(game, 1) == (0, 4)
    assert "Crippled" in refusal(game, da.Attack(0, (1,)))


def test_defense_gain__plus_0_1_per_token() -> None:
    assert shown(game_at({"card": "wall_of_flesh", "tokens": 2}), 1) == (0, 4)


def test_disguise__unblockable_by_a_player_with_2_or_more_survivors() -> None:
    cards = ({"card": "ghoul_in_rags"}, {"card": "medic", "owner": 1})
    game = game_at(*cards, pools=({}, {"survivors": 2}))
    game.apply(da.Attack(0, (1,)))
    assert "Disguise" in refusal(game, da.Block(1, ((1, 2),)))
    game = game_at(*cards, pools=({}, {"survivors": 1}))
    game.apply(da.Attack(0, (1,)))
    assert game.is_legal(da.Block(1, ((1, 2),)))


def test_equipment_assist__your_units_equip_without_utilizing() -> None:
    game = game_at({"card": "quartermaster"}, {"card": "scavenger"}, {"card": "hunting_rifle"})
    game.apply(da.Equip(0, 3, 2))
    assert card(game, 2).ready and not card(game, 3).ready  # the technology is still utilized


def test_first_strike__deals_its_damage_before_taking_any() -> None:
    game = game_at({"card": "rifleman"}, {"card": "raging_dead", "owner": 1})
    fight(game, (1,), ((1, 2),))
    assert card(game, 2) is None and card(game, 1) is not None  # 2 kills the 2/2 first


def test_generator__one_power_in_its_owners_regroup() -> None:
    game = game_at({"card": "generator_shack"}, phase="regroup")
    game.apply(da.Regroup(0, "bio", "supplies"))
    assert game.state.players[0].pool.power == 1


def test_generator__not_in_the_other_players_regroup() -> None:
    game = game_at({"card": "generator_shack", "owner": 1}, phase="regroup")
    game.apply(da.Regroup(0, "bio", "supplies"))
    assert game.state.players[1].pool.power == 0


def test_hidden__cannot_be_targeted_unless_utilized() -> None:
    game = game_at({"card": "crawler", "owner": 1}, hands=(["ambush"], []), pools=({"bio": 1}, {}))
    assert "Hidden" in refusal(game, da.Deploy(0, "ambush", (1,)))
    game.apply(da.SetCard(1, 1, ready=False))
    assert game.is_legal(da.Deploy(0, "ambush", (1,)))


def test_hunger__unfed_it_deals_5_damage_to_its_owner_at_the_end_of_the_round() -> None:
    game = game_at({"card": "rot_hound"}, phase="retreat")
    game.apply(da.EndPhase(0))
    assert game.state.players[0].base == 15


def test_hunger__a_friendly_unit_sacrificed_to_it_feeds_it() -> None:
    game = game_at({"card": "rot_hound"}, {"card": "shambler"}, phase="retreat")
    game.apply(da.Sacrifice(0, 2, 1))
    game.apply(da.EndPhase(0))
    assert game.state.players[0].base == 20 and game.state.players[0].graveyard == ("shambler",)


def test_hunger__killing_an_enemy_unit_feeds_it() -> None:
    game = game_at({"card": "rot_hound"}, {"card": "shambler", "owner": 1})
    fight(game, (1,), ((1, 2),))
    game.apply(da.EndPhase(0))
    assert game.state.players[0].base == 20


def test_hunger__only_in_rounds_its_owner_attacks() -> None:
    game = game_at({"card": "rot_hound", "owner": 1}, phase="retreat")
    game.apply(da.EndPhase(0))
    assert game.state.players[1].base == 20


def test_leadership__your_units_gain_1_1_and_it_stacks() -> None:
    game = game_at({"card": "grave_lord"}, {"card": "grave_lord"}, {"card": "shambler"})
    assert shown(game, 3) == (3, 3)
    assert shown(game, 1) == (4, 5)  # "your units": itself included (README)


def test_motivator__your_units_gain_1_0() -> None:
    game = game_at(
        {"card": "drill_sergeant"}, {"card": "shambler"}, {"card": "shambler", "owner": 1}
    )
    assert shown(game, 2) == (2, 1) and shown(game, 3) == (1, 1)


def test_mounting_aggression__plus_1_0_per_token() -> None:
    assert shown(game_at({"card": "festering_mass", "tokens": 3}), 1) == (4, 2)


def test_overrun__damage_left_after_defeating_blockers_hits_the_base() -> None:
    game = game_at({"card": "ol_tank"}, {"card": "shambler", "owner": 1})
    fight(game, (1,), ((1, 2),))
    game.apply(da.Overrun(0, (1,)))
    assert game.state.players[1].base == 16


def test_glossary_overrun__the_damage_left_may_go_to_the_base_the_attacker_is_asked() -> None:
    """Glossary: "Any damage left after defeating blockers may be applied to defender's base":
    once both pass, the battle waits for the attacker's answer (it was always applied)."""
    game = game_at({"card": "ol_tank"}, {"card": "shambler", "owner": 1})
    fight(game, (1,), ((1, 2),))
    assert game.state.battle is not None and game.state.battle.asking
    assert game.acting_player() == 0
    assert game.state.players[1].base == 20  # not resolved yet
    assert list(game.legal_actions()) == [da.Overrun(0, (1,)), da.Overrun(0, ())]
    assert "Overrun" in game.prompts()[0].text and "apply it, or not" in game.prompts()[0].text
    assert "Amy's choice" in refusal(game, da.Overrun(1, ()))
    assert "says first where Overrun's damage" in refusal(game, da.Pass(0))
    assert "no Overrun damage left" in refusal(game, da.Overrun(0, (2,)))
    game.apply(da.Overrun(0, ()))  # declined: kept off the base
    assert game.state.players[1].base == 20 and game.state.battle is None
    assert card(game, 2) is None  # the Shambler is defeated all the same
    assert any("kept off the base" in e.text for e in game.log)


def test_glossary_overrun__nothing_to_ask_when_nothing_is_left() -> None:
    game = game_at({"card": "ol_tank"}, {"card": "wall_of_flesh", "owner": 1, "tokens": 4})
    fight(game, (1,), ((1, 2),))  # 7 against 0/8: nothing left over
    assert game.state.battle is None and game.state.players[1].base == 20


def test_pacifist__may_not_attack() -> None:
    assert "Pacifist" in refusal(game_at({"card": "medic"}), da.Attack(0, (1,)))


def test_rage__must_attack_if_able() -> None:
    game = game_at({"card": "raging_dead"}, {"card": "scavenger"})
    assert "must attack" in refusal(game, da.Attack(0, (2,)))
    assert "must attack" in refusal(game, da.EndPhase(0))
    assert game.is_legal(da.Attack(0, (1,)))


def test_rage__not_when_it_is_unable() -> None:
    game = game_at({"card": "raging_dead", "deployed_round": 3})
    assert game.is_legal(da.EndPhase(0))


def test_rampage__plus_5_0_and_must_attack() -> None:
    game = game_at({"card": "frenzied_corpse"})
    assert shown(game, 1) == (6, 2)
    assert "must attack" in refusal(game, da.EndPhase(0))


def test_resurrect__returns_a_card_from_your_graveyard_utilized() -> None:
    game = game_at(
        hands=(["rise_again"], []), pools=({"bio": 2}, {}), graveyards=(["scavenger"], [])
    )
    assert "Resurrect" in refusal(game, da.Deploy(0, "rise_again"))
    game.apply(da.Deploy(0, "rise_again", ("scavenger",)))
    (x,) = game.state.cards
    assert x.card_id == "scavenger" and not x.ready
    assert game.state.players[0].graveyard == ("rise_again",)


def test_tech_savvy__equips_without_being_utilized() -> None:
    game = game_at({"card": "mechanic"}, {"card": "hunting_rifle"})
    game.apply(da.Equip(0, 2, 1))
    assert card(game, 1).ready and shown(game, 1) == (3, 2)


def test_unblockable__cannot_be_blocked() -> None:
    game = game_at({"card": "sewer_swarm"}, {"card": "medic", "owner": 1})
    game.apply(da.Attack(0, (1,)))
    assert "Unblockable" in refusal(game, da.Block(1, ((1, 2),)))
