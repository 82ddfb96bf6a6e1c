"""Combat (rules/zeal.md: Combat; Dealing Combat Damage to Bases; FAQ)."""

from __future__ import annotations

import pytest

from engine.errors import IllegalAction
from engine.zeal import Step
from engine.zeal import actions as za

from .helpers import attack, block, damage, everyone_passes, flank, table


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
