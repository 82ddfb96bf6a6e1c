"""Triggered Actions and "When a character dies" (rules/zeal.md; Asterion Bull, Revenge of the
Goddess, Bloodmoon Ritual, Void clarifications)."""

from __future__ import annotations

from engine.zeal import Step
from engine.zeal import actions as za
from engine.zeal.triggers import playable

from .helpers import attack, block, damage, table


def test_triggered_actions__played_directly_after_the_trigger_before_priority() -> None:
    game = table(["psychopomp", "specter_wisp"], [], step="commit")
    game.apply(za.PlayCard(0, "burn", targets=(2,)))
    game.apply(za.Pass(1))
    # Psychopomp's draw was triggered by the wisp dying and is played at once
    assert [i.name for i in game.state.stack] == ["Psychopomp"]
    assert game.state.priority == 1


def test_triggered_actions__mandatory_unless_may_or_cost() -> None:
    game = table(["chalice_keeper", "psychopomp"], [], step="commit")
    game.apply(za.PlayCard(0, "revenge_of_the_goddess"))
    game.apply(za.Pass(1))
    group = playable(game.state)
    assert len(group) > 1
    assert "not optional" in (game.explain(za.DeclineTrigger(0, group[0].id)) or "")
    assert "not optional" in (game.explain(za.Pass(0)) or "")


def test_triggered_actions__controller_orders_their_own_simultaneous_triggers() -> None:
    game = table(["chalice_keeper", "psychopomp"], [], step="commit")
    game.apply(za.PlayCard(0, "revenge_of_the_goddess"))
    game.apply(za.Pass(1))
    group = playable(game.state)
    last = group[-1]
    assert game.is_legal(za.PlayTrigger(0, last.id))  # any of hers, in any order
    game.apply(za.PlayTrigger(0, last.id))
    assert game.state.stack[-1].id == last.id


def test_triggered_actions__played_even_if_the_triggering_card_was_removed() -> None:
    game = table(["chalice_keeper"], [], step="commit")
    game.apply(za.PlayCard(0, "burn", targets=(1,)))
    game.apply(za.Pass(1))
    # the keeper itself died: its "a character you control dies" trigger is still played
    assert game.state.permanent(1) is None
    assert [i.name for i in game.state.stack] == ["Chalice Keeper"]


def test_triggered_actions__active_players_first_then_the_others() -> None:
    game = table(["chalice_keeper"], ["chalice_keeper"], step="commit", active=1)
    game.apply(za.PlayCard(1, "revenge_of_the_goddess"))
    game.apply(za.Pass(0))
    assert [t.controller for t in game.state.pending] == [1, 1, 0]  # Anton's (his turn) first
    # his trigger is played and resolves before Alena plays hers
    assert game.state.stack[-1].controller == 1 if game.state.stack else True


def test_clarification__asterion_bulls_both_die_active_players_trigger_wins() -> None:
    game = table(
        ["asterion_bull", "lunari_acolyte"], ["asterion_bull", "lunari_acolyte"], step="commit"
    )
    for seat in (0, 1):
        for i in range(5):
            game.apply(za.SetBase(seat, i, face_up=False))
    game.apply(za.PlayCard(0, "revenge_of_the_goddess"))
    game.apply(za.Pass(1))
    for _ in range(30):
        if game.outcome():
            break
        group = playable(game.state)
        who = game.acting_player()
        assert who is not None
        if group:
            t = group[0]
            target = (f"base:{1 - t.controller}:5",) if t.ability.targets else ()
            game.apply(za.PlayTrigger(who, t.id, targets=target))
        else:
            game.apply(za.Pass(who))
    outcome = game.outcome()
    assert outcome is not None and outcome.winner == 0


def test_when_a_character_dies__in_combat_waits_until_all_combat_damage() -> None:
    game = table(
        ["psychopomp", "specter_wisp", "chalice_keeper"],
        ["iron_juggernaut", "hive_assimilator"],
        active=1,
    )
    attack(game, (4, 0), (5, 0))
    block(game, (2, 4), (3, 5))
    damage(game, bases=())
    texts = [e.text for e in game.log]
    last_damage = max(i for i, t in enumerate(texts) if "damage" in t)
    first_trigger = min(i for i, t in enumerate(texts) if "triggers" in t)
    assert first_trigger > last_damage


def test_when_a_character_dies__dying_together_they_see_each_other() -> None:
    """The Revenge of the Goddess example: two Chalice Keepers and a Psychopomp."""
    game = table(["chalice_keeper", "chalice_keeper", "psychopomp"], [], step="commit", active=1)
    game.apply(za.SetDevotion(0, current=0))
    hand = game.state.players[0].hand_size
    game.apply(za.PlayCard(1, "revenge_of_the_goddess"))
    game.apply(za.Pass(0))
    assert len(game.state.pending) == 8  # 2 keepers x 3 deaths + Psychopomp x 2 others
    for _ in range(40):
        group = playable(game.state)
        if group:
            game.apply(za.PlayTrigger(0, group[0].id))
        elif game.state.stack:
            game.apply(za.Pass(1))
        else:
            break
    assert game.state.players[0].devotion == 6
    assert game.state.players[0].hand_size == hand + 2


def test_clarification__revenge_granted_and_own_dies_triggers_in_any_order() -> None:
    game = table(["chalice_keeper"], [], step="commit")
    game.apply(za.PlayCard(0, "revenge_of_the_goddess"))
    game.apply(za.Pass(1))
    names = sorted(t.ability.text or t.ability.effects[0].op for t in playable(game.state))
    assert names == ["gain 1 current devotion (granted)", "gain_devotion"]
    for t in playable(game.state):
        assert game.is_legal(za.PlayTrigger(0, t.id))


def test_clarification__bloodmoon_ritual_fewer_than_two_characters_nothing_happens() -> None:
    game = table(["chalice_keeper"], [], step="commit")
    game.apply(za.PlayCard(0, "bloodmoon_ritual"))
    game.apply(za.Pass(1))
    assert game.state.permanent(1) is not None
    assert game.state.notes == ()  # no search either


def test_clarification__bloodmoon_ritual_two_characters_must_be_sacrificed_then_search() -> None:
    game = table(["chalice_keeper", "storm_drake", "iron_juggernaut"], [], step="commit")
    game.apply(za.PlayCard(0, "bloodmoon_ritual"))
    game.apply(za.Pass(1))
    assert len([p for p in game.state.players[0].in_play]) == 1
    assert any("search your deck" in n for n in game.state.notes)


def test_clarification__bloodmoon_ritual_countered_sacrifices_nothing() -> None:
    game = table(["chalice_keeper", "storm_drake"], [], step="commit")
    game.apply(za.PlayCard(0, "bloodmoon_ritual"))
    game.apply(za.PlayCard(1, "void", targets=(game.state.stack[-1].id,)))
    game.apply(za.Pass(0))
    assert len(game.state.players[0].in_play) == 2


def test_void__countering_a_debut_spell_kills_its_character() -> None:
    game = table([], ["lunari_acolyte"], step="commit", active=1)
    game.apply(za.PlayCard(1, "cnidarian_assassin"))
    game.apply(za.Pass(0))
    (debut,) = game.state.pending
    game.apply(za.PlayTrigger(1, debut.id))
    game.apply(za.PlayCard(0, "void", targets=(debut.id,)))
    game.apply(za.Pass(1))
    assert not game.state.stack
    assert [p.name for p in game.state.players[1].in_play] == ["Lunari Acolyte (sample)"]
    assert "cnidarian_assassin" in game.state.players[1].discard


def test_attack_and_block_triggers__after_all_attackers_or_blockers_are_chosen() -> None:
    from engine.scenario import load_scenario, run_scenario

    text = """
[[card]]
id = "war_drummer"
name = "War Drummer"
type = "character"
cult = "Lunari"
combat = 1
abilities = [{trigger = "attacks", effects = [{op = "draw", amount = 1}]}]
[[card]]
id = "shield_bearer"
name = "Shield Bearer"
type = "character"
cult = "Magi"
combat = 3
abilities = [{trigger = "blocks", effects = [{op = "gain_devotion", amount = 1}]}]
[[players]]
name = "Alena"
hand_size = 2
deck_size = 10
in_play = [{card = "war_drummer", id = 1}, {card = "storm_drake", id = 2}]
[[players]]
name = "Anton"
in_play = [{card = "shield_bearer", id = 3}]
[position]
step = "combat_start"
"""
    game = run_scenario(load_scenario(text))
    attack(game, (1, 1), (2, 1))
    texts = [e.text for e in game.log]
    assert texts.index("War Drummer triggers for Alena: draw a card") > texts.index(
        "Storm Drake (sample) attacks Anton"
    )
    game.apply(za.Pass(1))
    assert game.state.players[0].hand_size == 3
    block(game, (3, 1))
    assert game.state.stack[-1].name == "Shield Bearer"
    assert game.state.step is Step.CHOOSE_BLOCKERS


RAIDER = """
[[card]]
id = "raider"
name = "Raider"
type = "character"
cult = "Lunari"
combat = 2
keywords = ["overpower"]
abilities = [{trigger = "conquer", effects = [{op = "draw", amount = 1}]}]
[[players]]
name = "Alena"
hand_size = 2
deck_size = 10
in_play = [{card = "raider", id = 1}]
[[players]]
name = "Anton"
deck_size = 10
in_play = [{card = "chalice_keeper", id = 2}]
[position]
step = "combat_start"
"""


def test_conquer__a_conqueror_that_dies_in_that_combat_still_conquers() -> None:
    from engine.scenario import load_scenario, run_scenario

    game = run_scenario(load_scenario(RAIDER))
    attack(game, (1, 1))
    block(game, (2, 1))  # one blocker: Overpower also hits the bases
    damage(game, bases=((1, 1, 0),))
    assert game.state.permanent(1) is None  # the raider died (2 damage from the keeper)
    assert not game.state.players[1].bases[0].face_up
    assert any("Raider triggers for Alena: draw a card" in e.text for e in game.log)


def test_conquer_and_dying_triggers_are_one_event_active_player_first() -> None:
    from engine.scenario import load_scenario, run_scenario

    game = run_scenario(load_scenario(RAIDER))
    attack(game, (1, 1))
    block(game, (2, 1))
    damage(game, bases=((1, 1, 0),))
    # Alena's Conquer and Anton's Chalice Keeper (it died too) are one batch: hers first
    everything = list(game.state.stack) + list(game.state.pending)
    assert [t.controller for t in everything] == [0, 1]
