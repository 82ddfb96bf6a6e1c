"""Combat (rules/zeal.md: Combat; Dealing Combat Damage to Bases; FAQ)."""

from __future__ import annotations

import pytest

from engine.errors import IllegalAction
from engine.zeal import Step
from engine.zeal import actions as za

from .helpers import attack, block, damage, everyone_passes, flank, table, until_damage


def base(game, seat, defense):  # type: ignore[no-untyped-def]
    return game.state.players[seat].bases[defense - 1]


def test_combat__players_may_act_before_each_combat_step() -> None:
    game = table(["storm_drake"], ["chalice_keeper"])
    assert game.state.step is Step.COMBAT_START and game.state.priority == 0
    game.apply(za.Pass(0))
    assert game.state.priority == 1
    game.apply(za.Pass(1))
    assert game.state.awaiting == "attackers"
    game.apply(za.DeclareAttackers(0, ((1, 1),)))
    # a chance to act again before blockers are chosen
    assert game.state.step is Step.CHOOSE_ATTACKERS and game.state.priority == 0


def test_choose_attackers__any_of_your_characters() -> None:
    game = table(["storm_drake", "iron_juggernaut"], ["chalice_keeper"])
    everyone_passes(game)
    with pytest.raises(IllegalAction, match="not a character Alena controls"):
        game.apply(za.DeclareAttackers(0, ((3, 1),)))
    with pytest.raises(IllegalAction, match="must attack an opponent"):
        game.apply(za.DeclareAttackers(0, ((1, 0),)))
    game.apply(za.DeclareAttackers(0, ((1, 1), (2, 1))))
    assert game.state.combat is not None and game.state.combat.attacker_ids() == (1, 2)


def test_choose_blockers__each_blocker_assigned_to_one_attacker() -> None:
    game = table(["storm_drake", "iron_juggernaut"], ["chalice_keeper", "lunari_acolyte"])
    attack(game, (2, 1))
    everyone_passes(game)
    with pytest.raises(IllegalAction, match="already blocking"):
        game.apply(za.DeclareBlockers(1, ((3, 2), (3, 2))))


def test_choose_blockers__an_attacker_can_be_blocked_by_up_to_two() -> None:
    game = table(["iron_juggernaut"], ["chalice_keeper", "lunari_acolyte", "moon_executioner"])
    attack(game, (1, 1))
    everyone_passes(game)
    with pytest.raises(IllegalAction, match="up to two"):
        game.apply(za.DeclareBlockers(1, ((2, 1), (3, 1), (4, 1))))
    game.apply(za.DeclareBlockers(1, ((2, 1), (3, 1))))


def test_flanking__unblocked_attackers_flank_a_blocker_at_most_one_each() -> None:
    game = table(["iron_juggernaut", "specter_wisp", "shade_ambusher"], ["chalice_keeper"])
    attack(game, (1, 1), (2, 1), (3, 1))
    block(game, (4, 1))
    everyone_passes(game)
    assert game.state.awaiting == "flankers"
    with pytest.raises(IllegalAction, match="flanked by only one"):
        game.apply(za.DeclareFlankers(0, ((2, 4), (3, 4))))
    with pytest.raises(IllegalAction, match="can't flank"):
        game.apply(za.DeclareFlankers(0, ((1, 4),)))  # blocked attackers don't flank
    game.apply(za.DeclareFlankers(0, ((2, 4),)))


def test_combat_damage__simultaneous_both_die() -> None:
    game = table(["chalice_keeper"], ["hive_assimilator"])  # 2 vs 2
    attack(game, (1, 1))
    block(game, (2, 1))
    damage(game)
    assert game.state.permanents() == ()
    assert game.state.players[0].discard == ("chalice_keeper",)
    assert game.state.players[1].discard == ("hive_assimilator",)


def test_combat_damage__blocker_deals_damage_to_the_attacker_it_blocks() -> None:
    game = table(["iron_juggernaut"], ["chalice_keeper"])  # 4 overpower vs 2
    attack(game, (1, 1))
    block(game, (2, 1))
    damage(game)
    assert game.state.permanent(1).damage == 2  # type: ignore[union-attr]


def test_combat_damage__doubly_blocked_attacker_chooses_one_blocker() -> None:
    game = table(["night_hunter"], ["chalice_keeper", "hive_assimilator"])  # 3 vs 2 + 2
    attack(game, (1, 1), hunts=((1, 2),))
    block(game, (3, 1))
    damage(game, blockers=((1, 3),))
    assert game.state.permanent(2) is not None  # not chosen: undamaged
    assert game.state.permanent(3) is None  # chosen: took 3 and died
    assert game.state.permanent(1) is None  # took 2 + 2


def test_combat_damage__removed_blocker_still_counts_as_blocked() -> None:
    game = table(["storm_drake", "cognoid_drone"], ["storm_drake"])
    attack(game, (1, 1))
    block(game, (3, 1))
    game.apply(za.MoveCard(1, 3, "hand"))  # the blocker leaves play before damage
    damage(game)
    assert all(b.damage == 0 and b.face_up for b in game.state.players[1].bases)


def test_combat_damage__unblocked_attacker_hits_a_base_excess_to_an_adjacent_base() -> None:
    game = table(["iron_juggernaut"], [])  # 4 damage
    attack(game, (1, 1))
    damage(game, bases=((1, 1, 2),))  # Anton's base of defense 3 (index 2)
    assert not base(game, 1, 3).face_up
    adjacent = [b for b in game.state.players[1].bases if b.defense in (2, 4)]
    assert sum(b.damage for b in adjacent) == 1


def test_combat_damage__bases_one_attacker_at_a_time() -> None:
    game = table(["iron_juggernaut", "storm_drake"], [])
    attack(game, (1, 1), (2, 1))
    damage(game, bases=((2, 1, 5), (1, 1, 5)))  # both at the 6: 2 then 4 defeats it
    assert not base(game, 1, 6).face_up


def test_combat_damage__defeated_base_turns_face_down() -> None:
    game = table(["storm_drake"], [])
    attack(game, (1, 1))
    damage(game, bases=((1, 1, 1),))
    assert not base(game, 1, 2).face_up and base(game, 1, 2).controller == 1


def test_combat_damage__flanker_deals_its_damage_to_the_flanked_character() -> None:
    game = table(["iron_juggernaut", "specter_wisp"], ["chalice_keeper"])
    attack(game, (1, 1), (2, 1))
    block(game, (3, 2))  # the keeper blocks the wisp
    flank(game, (1, 3))
    damage(game)
    assert game.state.permanent(3) is None
    assert all(b.damage == 0 and b.face_up for b in game.state.players[1].bases)


def test_faq__attack_with_a_character_the_turn_it_enters_play() -> None:
    game = table(["magi_apprentice"], ["chalice_keeper"])
    game.apply(za.PlayCard(0, "shade_ambusher"))
    game.apply(za.Pass(1))
    ambusher = game.state.players[0].in_play[-1].id
    attack(game, (ambusher, 1))
    assert game.state.combat is not None and game.state.combat.attacker_ids() == (ambusher,)


def test_no_attackers__combat_ends_and_commit_begins() -> None:
    game = table(["storm_drake"], [])
    everyone_passes(game)
    game.apply(za.DeclareAttackers(0, ()))
    assert game.state.step is Step.COMMIT and game.state.priority == 0


def test_a_player_with_no_bases_loses_in_combat() -> None:
    game = table(["iron_juggernaut"], [])
    for i in range(5):
        game.apply(za.SetBase(1, i, face_up=False))
    game.apply(za.SetBase(1, 5, damage=3))
    attack(game, (1, 1))
    damage(game)
    outcome = game.outcome()
    assert outcome is not None and outcome.winner == 0


def test_combat__excess_damage_goes_to_an_adjacent_base() -> None:
    """Dealing Combat Damage to Bases: "Any excess damage is dealt to an adjacent base". The
    excess beyond that adjacent base is excess damage too: it goes on to a base adjacent to
    the one it just defeated, until it is used up or no adjacent base stands."""
    game = table(["iron_juggernaut"], [])  # 4 damage
    attack(game, (1, 1))
    damage(game, bases=((1, 1, 0),))  # base 1 takes 1, base 2 takes 2, base 3 takes 1
    assert not base(game, 1, 1).face_up and not base(game, 1, 2).face_up
    assert base(game, 1, 3).face_up and base(game, 1, 3).damage == 1
    assert sum(b.damage for b in game.state.players[1].bases[3:]) == 0


def test_combat__excess_damage_stops_when_no_adjacent_base_stands() -> None:
    game = table(["iron_juggernaut"], [])
    game.apply(za.SetBase(1, 1, face_up=False))  # base 2 already defeated
    attack(game, (1, 1))
    damage(game, bases=((1, 1, 0),))  # base 1 takes 1; no standing base within one of it
    assert not base(game, 1, 1).face_up
    assert all(b.damage == 0 for b in game.state.players[1].bases[2:])


def test_combat__excess_damage_the_attacking_player_chooses_the_adjacent_base() -> None:
    """Further entries for the same attacker name where its excess goes, in order."""
    game = table(["iron_juggernaut"], [])
    attack(game, (1, 1))
    damage(game, bases=((1, 1, 2), (1, 1, 3)))  # base 3 takes 3, the excess 1 to base 4
    assert not base(game, 1, 3).face_up
    assert base(game, 1, 4).damage == 1 and base(game, 1, 2).damage == 0


def test_combat__an_attacker_deals_its_damage_to_bases_once() -> None:
    """Naming an attacker twice chooses where its excess goes; it never hits twice."""
    game = table(["storm_drake"], [])  # 2 damage, no excess at base 6
    attack(game, (1, 1))
    damage(game, bases=((1, 1, 5), (1, 1, 4)))
    assert base(game, 1, 6).damage == 2 and base(game, 1, 5).damage == 0


def test_combat__excess_damage_choice_must_be_adjacent() -> None:
    game = table(["iron_juggernaut"], [])
    attack(game, (1, 1))
    until_damage(game)
    problem = game.explain(za.AssignDamage(0, bases=((1, 1, 0), (1, 1, 5))))
    assert problem is not None and problem.endswith(
        "'s excess damage can go only to a base adjacent to Anton's base 1 "
        "(defense within one): Anton's base 6 is not"
    )
    assert problem.startswith("Iron Juggernaut")


def test_combat__damage_prompt_reminds_where_excess_damage_goes() -> None:
    game = table(["iron_juggernaut"], [])
    attack(game, (1, 1))
    until_damage(game)
    texts = [p.text for p in game.prompts()]
    assert any("excess damage goes on to an adjacent base" in t for t in texts), texts


def test_combat__a_blocked_attacker_is_not_given_a_base() -> None:
    game = table(["specter_wisp", "iron_juggernaut"], ["chalice_keeper"])
    attack(game, (1, 1), (2, 1))
    block(game, (3, 1))
    flank(game)
    until_damage(game)
    problem = game.explain(za.AssignDamage(0, bases=((1, 1, 0),)))
    assert problem is not None and problem.endswith("is blocked, so it deals no damage to bases")
    assert game.explain(za.AssignDamage(0, bases=((2, 1, 0),))) is None
