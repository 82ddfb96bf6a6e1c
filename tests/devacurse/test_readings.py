"""The readings engine/devacurse/README.md writes down where the text is silent or loose, each
pinned here (the others are pinned in test_turn_spiral.py and the scenario files)."""

from __future__ import annotations

from engine.devacurse import DevacurseGame, DevaSetup, PlayerSetup
from engine.devacurse import actions as da
from engine.devacurse.setup import DEFAULT_DECK, DEFAULT_FAITH, DEFAULT_HAND

from .helpers import SOLDIER_COMBAT, play, position


def test_reading__part_1_defaults_are_setup_fields() -> None:
    game = DevacurseGame(DevaSetup((PlayerSetup("Alena"), PlayerSetup("Anton"))))
    alena = game.state.players[0]
    assert (alena.faith, alena.hand_size) == (DEFAULT_FAITH, DEFAULT_HAND)
    assert alena.deck_size == DEFAULT_DECK - DEFAULT_HAND


def test_reading__blessings_may_be_entered_by_either_player_at_any_time() -> None:
    game = position(SOLDIER_COMBAT)
    assert game.acting_player() == 0
    play(game, da.Bless(1, 2))
    assert game.state.players[1].blessings == 2


def test_reading__order_held_after_III_B_starts_the_next_spiral() -> None:
    text = SOLDIER_COMBAT.replace('phase = "soldier_combat"', 'phase = "heroes"')
    game = play(position(text), da.Pass(0), da.Pass(1))
    assert game.state.order == 1
    play(game, da.Attack(1), da.Attack(0), da.Attack(1), da.Attack(0), da.Pass(1), da.Pass(0))
    assert game.state.phase == "prayers" and game.acting_player() == 1


def test_reading__soldier_damage_lasts_from_IV_A_into_IV_B_until_refresh() -> None:
    game = play(position(SOLDIER_COMBAT), da.Attack(0, (1,)), da.Block(1, ((12, 1),)))
    play(game, da.Resolve(0), da.Attack(1))
    assert game.state.phase == "hero_combat"
    assert game.state.players[1].soldiers[1].damage == 3


def test_reading__pierce_in_hero_combat_when_a_hero_on_the_blocker_pierces() -> None:
    text = """
[[players]]
name = "Alena"
heroes = [{card = "sun_avatar", id = 1, equipment = ["piercing_lance"]}]
[[players]]
name = "Anton"
soldiers = [{card = "temple_guard", id = 11}]
[position]
spiral = 2
phase = "hero_combat"
"""
    game = play(position(text), da.Attack(0, (1,)), da.HeroBlock(1, (11,)))
    play(game, da.AssignHeroes(0, ((1, 11),)))
    assert game.combat_forecast().faith_lost == (0, 2)  # AT 3 + 1 on DF 2


def test_reading__equipment_goes_to_the_Cenotaph_with_its_slain_unit() -> None:
    text = SOLDIER_COMBAT.replace(
        '{card = "temple_guard", id = 11}',
        '{card = "temple_guard", id = 11, equipment = ["bronze_blade"]}',
    )
    game = play(position(text), da.Attack(0, (1,)), da.Block(1, ((11, 1),)), da.Resolve(0))
    assert game.state.players[1].cenotaph == ("bronze_blade", "temple_guard")


def test_reading__both_at_Faith_0_at_once_is_a_draw() -> None:
    text = SOLDIER_COMBAT.replace("faith = 20", "faith = 2").replace("faith = 18", "faith = 1")
    text = text.replace('phase = "soldier_combat"', 'phase = "end"')
    game = position(text)
    play(game, da.SetBlessings(0, 1), da.SetBlessings(1, 2), da.Pass(0), da.Pass(1))
    outcome = game.outcome()
    assert outcome is not None and outcome.winner is None and outcome.eliminated == (0, 1)


def test_reading__adjustments_after_the_end_do_not_restart_the_game_undo_does() -> None:
    game = play(position(SOLDIER_COMBAT), da.SetFaith(1, 0))
    assert game.is_over()
    play(game, da.SetFaith(1, 5))
    assert game.is_over()
    game.undo()
    game.undo()
    assert not game.is_over()


def test_reading__hidden_hands_play_any_scanned_card_while_the_hand_is_not_empty() -> None:
    text = SOLDIER_COMBAT.replace('phase = "soldier_combat"', 'phase = "calling"').replace(
        "faith = 18", "faith = 18\nhand_size = 1\nblessings = 9"
    )
    game = position(text)
    assert game.explain(da.CallSoldier(0, "storm_colossus")) is None
    play(game, da.CallSoldier(0, "storm_colossus"))
    assert "hand is empty" in (game.explain(da.CallSoldier(0, "temple_guard")) or "")


def test_reading__a_hero_slain_in_hero_combat_goes_to_its_owners_Black_Hole() -> None:
    text = """
[[players]]
name = "Alena"
heroes = [{card = "sun_avatar", id = 1, level = 2}]
[[players]]
name = "Anton"
heroes = [{card = "moon_warden", id = 13}]
[position]
spiral = 2
phase = "hero_combat"
"""
    game = play(position(text), da.Attack(0, (1,)), da.HeroBlock(1, (13,)))
    play(game, da.AssignHeroes(0, ((1, 13),)), da.Resolve(0))
    alena, anton = game.state.players
    assert anton.black_hole == ("moon_warden",) and alena.black_hole == ()
    assert anton.faith == DEFAULT_FAITH - 4


def test_reading__the_bands_turn_is_the_order_holders() -> None:
    game = position(SOLDIER_COMBAT.replace('phase = "soldier_combat"', 'phase = "heroes"'))
    play(game, da.Pass(0))
    status = game.status()
    assert (status.turn, status.phase, status.active) == (2, "Setting heroes", 1)


def test_reading__a_unit_destroyed_mid_combat_leaves_it() -> None:
    text = """
[setup]
hidden_hands = false
[[players]]
name = "Alena"
heroes = [{card = "sun_avatar", id = 1}]
[[players]]
name = "Anton"
blessings = 2
hand = ["metal_flash"]
soldiers = [{card = "temple_guard", id = 11}]
[position]
spiral = 2
phase = "hero_combat"
"""
    game = play(position(text), da.Attack(0, (1,)), da.HeroBlock(1, (11,)))
    assert game.state.combat is not None and game.state.combat.step == "assign"
    play(game, da.MoveCard(1, 11, "cenotaph"))  # the table's word: the Guard is gone
    combat = game.state.combat
    assert combat is not None and combat.step == "damage" and combat.blockers == ()
    assert game.combat_forecast().faith_lost == (0, 3)  # unblocked now
