"""Keywords (rules/zeal.md: Keywords; Additional Glossary; FAQ), each with its clarifications."""

from __future__ import annotations

import pytest

from engine.errors import IllegalAction
from engine.zeal import Step
from engine.zeal import actions as za

from .helpers import (
    attack,
    block,
    damage,
    everyone_passes,
    flank,
    her_card_with_the_foe,
    table,
    to_step,
)


def perm(game, pid):  # type: ignore[no-untyped-def]
    return game.state.permanent(pid)


def bases_up(game, seat):  # type: ignore[no-untyped-def]
    return [b.defense for b in game.state.players[seat].bases if b.face_up and b.controller == seat]


# --- Ambush -------------------------------------------------------------------------------


def test_ambush__played_any_time_you_can_play_actions() -> None:
    game = table(["magi_apprentice"], [], step="combat_start")
    game.apply(za.Pass(0))
    assert game.is_legal(za.PlayCard(1, "shade_ambusher"))  # Anton, on Alena's turn
    assert not game.is_legal(za.PlayCard(1, "specter_wisp"))


# --- Assimilate ---------------------------------------------------------------------------


def test_assimilate__gain_control_of_a_base_it_damaged_instead_of_face_down() -> None:
    game = table(["hive_assimilator"], [])
    attack(game, (1, 1))
    damage(game, bases=((1, 1, 1),))  # 2 damage on Anton's 2
    taken = game.state.players[1].bases[1]
    assert taken.face_up and taken.controller == 0 and taken.owner == 1


def test_faq__assimilate_just_one_damage_is_enough() -> None:
    game = table(["hive_assimilator", "storm_drake"], [])
    attack(game, (1, 1), (2, 1))
    # the assimilator deals 2 to the 3; the drake's 2 then defeats it
    damage(game, bases=((1, 1, 2), (2, 1, 2)))
    assert game.state.players[1].bases[2].controller == 0


def test_faq__assimilate_all_bases_it_damaged_that_are_defeated() -> None:
    game = table(["hive_assimilator"], [])
    game.apply(za.SetBase(1, 1, damage=1))  # Anton's 2 has 1 damage
    attack(game, (1, 1))
    damage(game, bases=((1, 1, 0),))  # 2 on the 1: 1 excess to the adjacent 2, defeating it
    assert [b.controller for b in game.state.players[1].bases[:2]] == [0, 0]


# --- Execute ------------------------------------------------------------------------------


def test_execute__kills_any_character_it_deals_damage_to() -> None:
    game = table(["moon_executioner"], ["iron_juggernaut"])  # 1 execute vs 4
    attack(game, (1, 1))
    block(game, (2, 1))
    damage(game)
    assert perm(game, 2) is None and perm(game, 1) is None


def test_clarification__cnidarian_immortal_takes_no_combat_damage_so_execute_fails() -> None:
    game = table(["moon_executioner"], ["cnidarian_immortal"])
    attack(game, (1, 1))
    block(game, (2, 1))
    damage(game)
    assert perm(game, 2) is not None and perm(game, 2).damage == 0


# --- Fly ----------------------------------------------------------------------------------


def test_fly__blocked_only_by_characters_with_fly() -> None:
    game = table(["storm_drake"], ["chalice_keeper", "storm_drake"])
    attack(game, (1, 1))
    everyone_passes(game)
    with pytest.raises(IllegalAction, match="has Fly: only characters with Fly can block it"):
        game.apply(za.DeclareBlockers(1, ((2, 1),)))
    game.apply(za.DeclareBlockers(1, ((3, 1),)))


def test_fly__flanked_only_by_characters_with_fly() -> None:
    game = table(["iron_juggernaut", "cognoid_drone"], ["storm_drake"])
    attack(game, (1, 1), (2, 1))
    block(game, (3, 1))
    everyone_passes(game)
    # the drone can't flank a flying blocker: no flanking is possible, so none is asked
    assert game.state.awaiting != "flankers"


# --- Hunt ---------------------------------------------------------------------------------


def test_hunt__chosen_character_is_immediately_assigned_as_blocker() -> None:
    game = table(["night_hunter"], ["chalice_keeper", "lunari_acolyte"])
    attack(game, (1, 1), hunts=((1, 3),))
    assert game.state.combat is not None and game.state.combat.blocks == ((3, 1),)


def test_hunt__more_hunters_than_blockers_attacker_chooses_which_are_blocked() -> None:
    game = table(["night_hunter", "night_hunter"], ["chalice_keeper"])
    attack(game, (1, 1), (2, 1), hunts=((2, 3),))
    assert game.state.combat is not None and game.state.combat.blocks == ((3, 2),)


def test_hunt__left_to_the_engine_each_hunter_gets_a_blocker_if_any() -> None:
    game = table(["night_hunter"], ["chalice_keeper"])
    attack(game, (1, 1))
    assert game.state.combat is not None and game.state.combat.blocks == ((2, 1),)


# --- Immune -------------------------------------------------------------------------------


def test_immune__cant_be_targeted_by_what_it_is_immune_to() -> None:
    game = table(["magi_apprentice"], ["nullmage_warrior"], step="commit")
    problem = game.explain(za.PlayCard(0, "burn", targets=(2,)))
    assert problem is not None and "immune to spells" in problem


def test_clarification__nullmage_warrior_immune_to_global_spells() -> None:
    game = table(["chalice_keeper"], ["nullmage_warrior"], step="commit")
    game.apply(za.PlayCard(0, "revenge_of_the_goddess"))
    game.apply(za.Pass(1))
    assert perm(game, 2) is not None and perm(game, 1) is None


def test_clarification__nullmage_warrior_immune_to_debut_spells() -> None:
    game = table([], ["nullmage_warrior"], step="commit")
    game.apply(za.PlayCard(0, "cnidarian_assassin"))
    game.apply(za.Pass(1))
    (trigger,) = game.state.pending
    assert "immune to spells" in (game.explain(za.PlayTrigger(0, trigger.id, targets=(1,))) or "")


def test_clarification__nullmage_warrior_immune_to_beneficial_spells() -> None:
    game = table(["nullmage_warrior"], [], step="commit")
    assert not game.is_legal(za.PlayCard(0, "coordinated_strike", targets=(1,)))


def test_immune__keeps_immunity_in_the_discard() -> None:
    game = table([], [], step="commit", discards=(["nullmage_warrior"], []))
    problem = game.explain(
        za.PlayCard(0, "possess_the_dead", targets=("discard:0:nullmage_warrior",))
    )
    assert problem is not None and "can't be reanimated" in problem


# --- Overpower ----------------------------------------------------------------------------


def test_overpower__blocked_by_two_full_damage_to_both() -> None:
    game = table(["iron_juggernaut"], ["chalice_keeper", "hive_assimilator"])
    attack(game, (1, 1))
    block(game, (2, 1), (3, 1))
    damage(game)
    assert perm(game, 2) is None and perm(game, 3) is None and perm(game, 1) is None


def test_overpower__blocked_by_one_damage_to_blocker_and_bases() -> None:
    game = table(["iron_juggernaut"], ["chalice_keeper"])
    attack(game, (1, 1))
    block(game, (2, 1))
    damage(game, bases=((1, 1, 3),))
    assert perm(game, 2) is None
    assert not game.state.players[1].bases[3].face_up  # the 4 took 4


def test_faq__overpower_flanking_deals_no_base_damage() -> None:
    game = table(["iron_juggernaut", "specter_wisp"], ["chalice_keeper"])
    attack(game, (1, 1), (2, 1))
    block(game, (3, 2))
    flank(game, (1, 3))
    damage(game)
    assert all(b.face_up and b.damage == 0 for b in game.state.players[1].bases)


def test_faq__overpower_blocked_by_two_and_one_dies_no_base_damage() -> None:
    game = table(["iron_juggernaut"], ["chalice_keeper", "hive_assimilator"])
    attack(game, (1, 1))
    block(game, (2, 1), (3, 1))
    game.apply(za.MoveCard(1, 3, "discard"))  # one blocker gone before damage
    damage(game)
    assert all(b.face_up and b.damage == 0 for b in game.state.players[1].bases)
    assert perm(game, 2) is None


# --- Invincible ---------------------------------------------------------------------------


def test_invincible__cant_be_damaged_or_killed() -> None:
    game = table(["iron_juggernaut"], ["eternal_sentinel"])
    attack(game, (1, 1))
    block(game, (2, 1))
    damage(game)
    assert perm(game, 2) is not None and perm(game, 2).damage == 0


def test_invincible__can_still_be_sacrificed() -> None:
    game = table(["eternal_sentinel", "magi_apprentice"], [], step="commit")
    game.apply(za.PlayCard(0, "bloodmoon_ritual"))
    game.apply(za.Pass(1))
    assert game.state.players[0].in_play == ()


WITHER = """
[[card]]
id = "wither"
name = "Wither"
type = "spell"
cult = "Specter"
abilities = [{trigger = "resolve", effects = [{op = "combat_bonus", amount = -2, target = "character"}]}]
[[card]]
id = "rebuild"
name = "Rebuild"
type = "spell"
cult = "Lunari"
abilities = [{trigger = "resolve", effects = [{op = "restore_base", target = "own_defeated_base"}]}]
[[card]]
id = "field_shrine"
name = "Field Shrine"
type = "device"
cult = "Lunari"
keywords = ["ambush"]
abilities = [{trigger = "end_of_turn", effects = [{op = "gain_devotion", amount = 1}]}]
[[players]]
name = "Alena"
devotion = 5
hand_size = 3
deck_size = 10
in_play = [{card = "eternal_sentinel", id = 1}]
[[players]]
name = "Anton"
devotion = 5
hand_size = 3
deck_size = 10
"""


def at(step: str, extra: str = ""):  # type: ignore[no-untyped-def]
    from engine.scenario import load_scenario, run_scenario

    return run_scenario(load_scenario(WITHER + extra + f'[position]\nstep = "{step}"\n'))


def test_invincible__dies_when_combat_is_reduced_to_zero() -> None:
    game = at("commit")
    game.apply(za.PlayCard(0, "wither", targets=(1,)))
    game.apply(za.Pass(1))
    assert perm(game, 1) is None
    assert game.state.players[0].discard == ("wither", "eternal_sentinel")


def test_invincible__devices_cant_be_destroyed() -> None:
    from engine.scenario import load_scenario, run_scenario

    text = """
[[players]]
name = "Alena"
devotion = 5
hand_size = 3
[[players]]
name = "Anton"
in_play = [{card = "shrine_of_dawn", id = 1, keywords = ["invincible"]}]
[position]
step = "commit"
"""
    game = run_scenario(load_scenario(text))
    game.apply(za.PlayCard(0, "dismantle", targets=(1,)))
    game.apply(za.Pass(1))
    assert perm(game, 1) is not None


# --- Conquer ------------------------------------------------------------------------------


def test_conquer__triggers_after_all_combat_damage_before_commit() -> None:
    game = table(["lunar_conqueror", "storm_drake"], [])
    hand = game.state.players[0].hand_size
    attack(game, (1, 1), (2, 1))
    damage(game, bases=((1, 1, 0), (2, 1, 5)))
    # the conquer draw is played in Combat Damage, after all damage, then Commit follows
    assert game.state.step in (Step.COMBAT_DAMAGE, Step.COMMIT)
    assert any("Lunar Conqueror (sample) triggers" in e.text for e in game.log)
    assert game.state.step is Step.COMBAT_DAMAGE
    game.apply(za.Pass(1))  # the conquer draw resolves
    assert game.state.players[0].hand_size == hand + 1
    game.apply(za.Pass(0))
    game.apply(za.Pass(1))
    assert game.state.step is Step.COMMIT


def test_conquer__any_combat_damage_to_a_defeated_base_counts() -> None:
    game = table(["lunar_conqueror", "iron_juggernaut"], [])
    attack(game, (1, 1), (2, 1))
    damage(game, bases=((1, 1, 5), (2, 1, 5)))  # 2 then 4 on the 6: both defeat it
    assert any("Lunar Conqueror (sample) triggers" in e.text for e in game.log)


# --- Debut Spell --------------------------------------------------------------------------


def test_debut_spell__triggers_after_the_character_enters_play() -> None:
    game = table([], ["chalice_keeper"], step="commit")
    game.apply(za.PlayCard(0, "cnidarian_assassin"))
    game.apply(za.Pass(1))
    assert [p.name for p in game.state.players[0].in_play] == ["Cnidarian Assassin"]
    (trigger,) = game.state.pending
    assert trigger.is_spell
    game.apply(za.PlayTrigger(0, trigger.id, targets=(1,)))
    game.apply(za.Pass(1))
    assert perm(game, 1) is None


def test_debut_spell__can_be_countered_as_a_spell() -> None:
    game = table([], ["chalice_keeper"], step="commit")
    game.apply(za.PlayCard(0, "cnidarian_assassin"))
    game.apply(za.Pass(1))
    (trigger,) = game.state.pending
    game.apply(za.PlayTrigger(0, trigger.id, targets=(1,)))
    debut = game.state.stack[-1].id
    game.apply(za.PlayCard(1, "void", targets=(debut,)))
    game.apply(za.Pass(0))
    assert perm(game, 1) is not None and not game.state.stack


def test_faq__characters_and_devices_cant_be_countered() -> None:
    game = table([], [], step="commit")
    game.apply(za.PlayCard(0, "psychopomp"))
    problem = game.explain(za.PlayCard(1, "void", targets=(game.state.stack[-1].id,)))
    assert problem is not None and "not a spell" in problem


def test_debut_spell__does_not_trigger_when_you_resolve_a_spell() -> None:
    game = table(["waveform_master"], ["chalice_keeper"], step="commit")
    hand = game.state.players[0].hand_size
    game.apply(za.PlayCard(0, "cnidarian_assassin"))
    game.apply(za.Pass(1))
    (trigger,) = game.state.pending
    game.apply(za.PlayTrigger(0, trigger.id, targets=(2,)))
    game.apply(za.Pass(1))
    assert game.state.players[0].hand_size == hand - 1  # no draw from Waveform Master


# --- When you resolve a spell -------------------------------------------------------------


def test_when_you_resolve_a_spell__after_the_spell_fully_resolves() -> None:
    game = table(["waveform_master"], [], step="commit")
    hand = game.state.players[0].hand_size
    game.apply(za.PlayCard(0, "accelerate"))
    game.apply(za.Pass(1))
    texts = [e.text for e in game.log]
    assert texts.index("Accelerate resolves") < max(
        i for i, t in enumerate(texts) if "Waveform Master triggers" in t
    )
    game.apply(za.Pass(1))  # the trigger went on the stack by itself; Anton lets it resolve
    assert game.state.players[0].hand_size == hand  # -1 Accelerate +1 draw


def test_when_you_resolve_a_spell__not_if_countered() -> None:
    game = table(["waveform_master"], [], step="commit")
    game.apply(za.PlayCard(0, "accelerate"))
    game.apply(za.PlayCard(1, "void", targets=(game.state.stack[-1].id,)))
    game.apply(za.Pass(0))
    assert not any("Waveform Master triggers" in e.text for e in game.log)
    assert game.state.players[0].discard == ("accelerate",)


def test_clarification__waveform_master_reanimated_by_a_spell_draws() -> None:
    game = table([], [], step="commit", discards=(["waveform_master"], []))
    hand = game.state.players[0].hand_size
    game.apply(za.PlayCard(0, "possess_the_dead", targets=("discard:0:waveform_master",)))
    game.apply(za.Pass(1))
    everyone_passes(game)
    assert game.state.players[0].hand_size == hand  # -1 Possess the Dead +1 draw


# --- At the end of your turn / Reconnect --------------------------------------------------


def _to_end(game):  # type: ignore[no-untyped-def]
    to_step(game, Step.END_OF_TURN)


def test_end_of_turn__played_in_the_end_of_turn_step() -> None:
    game = table(["shrine_of_dawn"], [], step="commit")
    game.apply(za.SetBase(0, 0, face_up=False))
    everyone_passes(game)
    assert game.state.step is Step.END_OF_TURN
    (trigger,) = game.state.pending
    game.apply(za.PlayTrigger(0, trigger.id, targets=("base:0:0",)))
    game.apply(za.Pass(1))
    assert game.state.players[0].bases[0].face_up


def test_end_of_turn__mandatory_unless_optional() -> None:
    game = table(["shrine_of_dawn"], [], step="commit")
    everyone_passes(game)
    (trigger,) = game.state.pending
    assert "not optional" in (game.explain(za.DeclineTrigger(0, trigger.id)) or "")
    assert "not optional" in (game.explain(za.Pass(0)) or "")


def test_end_of_turn__still_played_if_its_device_is_destroyed_in_end_of_turn() -> None:
    game = table(["shrine_of_dawn"], [], step="commit")
    game.apply(za.SetBase(0, 0, face_up=False))
    everyone_passes(game)
    (trigger,) = game.state.pending
    game.apply(za.PlayTrigger(0, trigger.id, targets=("base:0:0",)))
    game.apply(za.PlayCard(1, "dismantle", targets=(1,)))
    game.apply(za.Pass(0))
    assert perm(game, 1) is None
    game.apply(za.Pass(1))
    assert game.state.players[0].bases[0].face_up


def test_end_of_turn__device_entering_in_end_of_turn_plays_it() -> None:
    game = at("end_of_turn")
    game.apply(za.PlayCard(0, "field_shrine"))
    game.apply(za.Pass(1))
    assert [t.name for t in game.state.stack] == ["Field Shrine"]  # its action, at once
    game.apply(za.Pass(1))
    assert game.state.players[0].devotion == 6


def test_reconnect__is_an_optional_end_of_turn_action() -> None:
    game = table(["neurocontroller"], ["chalice_keeper"], step="commit")
    everyone_passes(game)
    (trigger,) = game.state.pending
    assert any("play or decline" in p.text for p in game.prompts())
    game.apply(za.DeclineTrigger(0, trigger.id))
    assert not game.state.pending


# --- Connect, Neurocontroller, Reanimation Chamber -----------------------------------------


def test_connect__enters_connected_if_the_target_is_still_in_play() -> None:
    game = table([], ["chalice_keeper"], step="commit")
    game.apply(za.PlayCard(0, "detainment_cell", targets=(1,)))
    game.apply(za.Pass(1))
    cell = game.state.players[0].in_play[0]
    assert cell.connected_to == 1


def test_connect__target_gone_enters_not_connected() -> None:
    game = table([], ["chalice_keeper"], step="commit")
    game.apply(za.PlayCard(0, "detainment_cell", targets=(1,)))
    game.apply(za.MoveCard(1, 1, "hand"))
    game.apply(za.Pass(1))
    cell = game.state.players[0].in_play[0]
    assert cell.connected_to is None


def test_connect__leaving_play_or_changing_controller_disconnects() -> None:
    game = table([], ["chalice_keeper"], step="commit")
    game.apply(za.PlayCard(0, "detainment_cell", targets=(1,)))
    game.apply(za.Pass(1))
    game.apply(za.ChangeControl(0, 1, 0))
    assert game.state.players[0].in_play[0].connected_to is None


def test_clarification__detainment_cell_prevents_attacking_and_blocking() -> None:
    game = table(["chalice_keeper"], ["storm_drake"], step="commit")
    game.apply(za.SetDevotion(1, current=5))
    # Anton's turn next: put his drake under a cell first
    game.apply(za.PlayCard(0, "detainment_cell", targets=(2,)))
    game.apply(za.Pass(1))
    to_step(game, Step.COMBAT_START)
    assert game.state.active == 1
    everyone_passes(game)
    # the drake is his only character and it is detained: no attackers to choose
    assert game.state.step is Step.COMMIT


def test_neurocontroller__gain_control_and_return_it_when_disconnected() -> None:
    game = table([], ["chalice_keeper"], step="commit")
    game.apply(za.PlayCard(0, "neurocontroller", targets=(1,)))
    game.apply(za.Pass(1))
    assert perm(game, 1).controller == 0
    device = game.state.players[0].in_play[0]
    game.apply(za.SetDevotion(1, current=5))
    game.apply(za.Pass(0))
    game.apply(za.PlayCard(1, "dismantle", targets=(device.id,)))
    game.apply(za.Pass(0))
    assert perm(game, 1).controller == 1


def test_neurocontroller__first_disconnects_the_targets_devices() -> None:
    from engine.scenario import load_scenario, run_scenario

    text = """
[[players]]
name = "Alena"
devotion = 5
hand_size = 3
[[players]]
name = "Anton"
in_play = [
    {card = "detainment_cell", id = 1, connected_to = 2, connected_controller = 1},
    {card = "chalice_keeper", id = 2},
]
[position]
step = "commit"
"""
    game = run_scenario(load_scenario(text))
    game.apply(za.PlayCard(0, "neurocontroller", targets=(2,)))
    game.apply(za.Pass(1))
    assert perm(game, 1).connected_to is None and perm(game, 2).controller == 0


def test_clarification__neurocontroller_returns_your_own_character_to_the_foe() -> None:
    game = her_card_with_the_foe(devotion=9, hand_size=4)
    game.apply(za.PlayCard(0, "neurocontroller", targets=(1,)))
    game.apply(za.Pass(1))
    device = game.state.players[0].in_play[0].id
    game.apply(za.PlayCard(0, "dismantle", targets=(device,)))
    game.apply(za.Pass(1))
    assert perm(game, 1).controller == 1  # the foe takes it back


def test_reanimation_chamber__reanimates_then_connects() -> None:
    game = table([], [], step="commit", discards=([], ["chalice_keeper"]))
    game.apply(za.PlayCard(0, "reanimation_chamber", targets=("discard:1:chalice_keeper",)))
    game.apply(za.Pass(1))
    chamber, keeper = game.state.players[0].in_play
    assert keeper.name == "Chalice Keeper" and keeper.owner == 1
    assert chamber.connected_to == keeper.id


def test_clarification__reanimation_chamber_disconnected_character_dies_even_invincible() -> None:
    game = table([], [], step="commit", discards=(["eternal_sentinel"], []))
    game.apply(za.PlayCard(0, "reanimation_chamber", targets=("discard:0:eternal_sentinel",)))
    game.apply(za.Pass(1))
    chamber = game.state.players[0].in_play[0]
    game.apply(za.PlayCard(0, "dismantle", targets=(chamber.id,)))
    game.apply(za.Pass(1))
    assert game.state.players[0].in_play == ()
    assert "eternal_sentinel" in game.state.players[0].discard


def test_clarification__reanimation_chamber_other_player_gains_control_it_dies() -> None:
    game = table([], [], step="commit", discards=(["chalice_keeper"], []))
    game.apply(za.PlayCard(0, "reanimation_chamber", targets=("discard:0:chalice_keeper",)))
    game.apply(za.Pass(1))
    keeper = game.state.players[0].in_play[1]
    game.apply(za.ChangeControl(1, keeper.id, 1))
    assert perm(game, keeper.id) is None


def test_clarification__asterion_crusher_cant_be_connected_or_reanimated_by_the_chamber() -> None:
    game = table([], ["asterion_crusher"], step="commit", discards=(["asterion_crusher"], []))
    game.apply(za.PlayCard(0, "detainment_cell", targets=(1,)))
    game.apply(za.Pass(1))
    assert game.state.players[0].in_play[0].connected_to is None
    game.apply(za.PlayCard(0, "reanimation_chamber", targets=("discard:0:asterion_crusher",)))
    game.apply(za.Pass(1))
    assert [p.name for p in game.state.players[0].in_play] == [
        "Detainment Cell",
        "Reanimation Chamber",
    ]


# --- Develop N ----------------------------------------------------------------------------


def test_develop_n__choose_one_at_a_time() -> None:
    game = table([], [], step="commit")
    game.apply(za.PlayCard(0, "oracle_of_growth"))
    game.apply(za.Pass(1))
    assert game.acting_player() == 0 and game.state.players[0].develop_left == 2
    assert not game.is_legal(za.Pass(0))
    hand = game.state.players[0].hand_size
    game.apply(za.Develop(0, "draw"))
    game.apply(za.Develop(0, "devotion"))
    alena = game.state.players[0]
    assert alena.hand_size == hand + 1 and alena.max_devotion == 7 and alena.devotion == 5
    assert game.is_legal(za.Pass(0))


# --- Reanimate, Restore, Sacrifice, Kill, Destroy, Defeat, Owner vs controller -------------


def test_reanimate__from_any_discard_under_your_control() -> None:
    game = table([], [], step="commit", discards=([], ["storm_drake"]))
    game.apply(za.PlayCard(0, "possess_the_dead", targets=("discard:1:storm_drake",)))
    game.apply(za.Pass(1))
    (drake,) = game.state.players[0].in_play
    assert drake.owner == 1 and drake.controller == 0
    assert game.state.players[1].discard == ()


def test_restore__turn_a_defeated_base_face_up() -> None:
    game = at("commit")
    game.apply(za.SetBase(0, 3, face_up=False))
    game.apply(za.PlayCard(0, "rebuild", targets=("base:0:3",)))
    game.apply(za.Pass(1))
    assert game.state.players[0].bases[3].face_up


def test_sacrifice_a_base__choose_a_base_you_control_face_down() -> None:
    game = table([], [], step="commit")
    game.apply(za.PlayCard(0, "sacrificial_rite", targets=("base:0:4",)))
    game.apply(za.Pass(1))
    assert not game.state.players[0].bases[4].face_up
    assert game.state.players[0].devotion == 9


def test_sacrifice_a_base__only_your_own() -> None:
    game = table([], [], step="commit")
    assert "not yours" in (
        game.explain(za.PlayCard(0, "sacrificial_rite", targets=("base:1:4",))) or ""
    )


def test_kill__goes_to_its_owners_discard() -> None:
    game = her_card_with_the_foe(devotion=5, hand_size=3)
    game.apply(za.PlayCard(0, "burn", targets=(1,)))
    game.apply(za.Pass(1))
    assert sorted(game.state.players[0].discard) == ["burn", "chalice_keeper"]
    assert game.state.players[1].discard == ()


def test_destroy__goes_to_its_owners_discard() -> None:
    game = table([], ["shrine_of_dawn"], step="commit")
    game.apply(za.PlayCard(0, "dismantle", targets=(1,)))
    game.apply(za.Pass(1))
    assert game.state.players[1].discard == ("shrine_of_dawn",)


def test_defeat_target_base__turn_it_face_down() -> None:
    game = table(["asterion_bull", "lunari_acolyte"], [], step="commit")
    game.apply(za.PlayCard(0, "revenge_of_the_goddess"))
    game.apply(za.Pass(1))
    bull_trigger = (
        next(t for t in game.state.pending if t.name == "Asterion Bull")
        if len(game.state.pending) > 1
        else None
    )
    while game.state.pending or game.state.stack:
        who = game.acting_player()
        from engine.zeal.triggers import playable

        group = playable(game.state)
        if group:
            t = group[0]
            targets = ("base:1:5",) if t.ability.targets else ()
            game.apply(za.PlayTrigger(who, t.id, targets=targets))  # type: ignore[arg-type]
        else:
            game.apply(za.Pass(who))  # type: ignore[arg-type]
    _ = bull_trigger
    assert not game.state.players[1].bases[5].face_up


def test_owner_is_who_started_with_the_card() -> None:
    game = table([], ["chalice_keeper"], step="commit")
    game.apply(za.PlayCard(0, "possess_the_living", targets=(1,)))
    game.apply(za.Pass(1))
    keeper = perm(game, 1)
    assert keeper.controller == 0 and keeper.owner == 1


def test_hunt__the_hunted_blocker_blocks_and_its_block_trigger_happens() -> None:
    from engine.scenario import load_scenario, run_scenario

    text = """
[[card]]
id = "shield_bearer"
name = "Shield Bearer"
type = "character"
cult = "Magi"
combat = 1
abilities = [{trigger = "blocks", effects = [{op = "gain_devotion", amount = 1}]}]
[[players]]
name = "Alena"
in_play = [{card = "night_hunter", id = 1}]
[[players]]
name = "Anton"
in_play = [{card = "shield_bearer", id = 2}]
[position]
step = "combat_start"
"""
    game = run_scenario(load_scenario(text))
    attack(game, (1, 1), hunts=((1, 2),))
    everyone_passes(game)
    # Anton has nothing left to choose (his only character is hunted): its block trigger fires
    assert [i.name for i in game.state.stack] == ["Shield Bearer"]
