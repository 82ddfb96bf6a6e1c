"""More than two players (rules/zeal.md: More than two players)."""

from __future__ import annotations

import pytest

from engine.errors import IllegalAction
from engine.zeal import Step
from engine.zeal import actions as za

from .helpers import attack, everyone_passes, started, table


def test_more_players__responses_in_turn_order() -> None:
    game = table([], [], [], [], step="commit", active=2)
    game.apply(za.PlayCard(2, "accelerate"))
    order = []
    for _ in range(3):
        order.append(game.state.priority)
        game.apply(za.Pass(game.state.priority))  # type: ignore[arg-type]
    assert order == [3, 0, 1]
    assert not game.state.stack  # resolved once all other players passed


def test_more_players__an_action_resolves_only_when_all_others_pass() -> None:
    game = table([], [], [], step="commit")
    game.apply(za.PlayCard(0, "accelerate"))
    game.apply(za.Pass(1))
    assert game.state.stack
    game.apply(za.Pass(2))
    assert not game.state.stack and game.state.priority == 0


def test_more_players__a_response_gets_everyone_elses_chance_in_turn_order() -> None:
    game = table([], [], [], step="commit")
    game.apply(za.PlayCard(0, "accelerate"))
    game.apply(za.PlayCard(1, "accelerate"))
    assert game.state.priority == 2
    game.apply(za.Pass(2))
    assert game.state.priority == 0
    game.apply(za.Pass(0))
    assert [i.controller for i in game.state.stack] == [0]  # Anton's resolved


def test_more_players__all_pass_moves_to_the_next_step() -> None:
    game = started(3)
    game.apply(za.Develop(0, "devotion"))
    for seat in (0, 1, 2):
        assert game.state.step is Step.COMBAT_START
        game.apply(za.Pass(seat))
    assert game.state.step is Step.COMMIT


def test_more_players__each_attacker_attacks_one_chosen_opponent_or_no_one() -> None:
    game = table(
        ["storm_drake", "iron_juggernaut", "cognoid_drone"], ["chalice_keeper"], ["chalice_keeper"]
    )
    attack(game, (1, 1), (2, 2))  # the drone attacks no one
    combat = game.state.combat
    assert combat is not None and combat.attackers == ((1, 1), (2, 2))


def test_more_players__only_the_attacked_player_blocks() -> None:
    game = table(["iron_juggernaut"], ["chalice_keeper"], ["chalice_keeper"])
    attack(game, (1, 2))
    everyone_passes(game)
    assert game.acting_player() == 2  # Anton isn't attacked: Bea declares blockers
    with pytest.raises(IllegalAction):
        game.apply(za.DeclareBlockers(1, ((2, 1),)))
    game.apply(za.DeclareBlockers(2, ((3, 1),)))


def test_more_players__each_attacked_player_declares_blockers_in_turn_order() -> None:
    game = table(["iron_juggernaut", "storm_drake"], ["chalice_keeper"], ["storm_drake"])
    attack(game, (1, 2), (2, 1))
    everyone_passes(game)
    assert game.acting_player() == 2  # Anton can't block the flyer: skipped
    game.apply(za.DeclareBlockers(2, ((4, 1),)))


def test_more_players__only_attackers_of_that_player_flank_its_blockers() -> None:
    game = table(["iron_juggernaut", "storm_drake", "cognoid_drone"], ["chalice_keeper"], [])
    attack(game, (1, 1), (2, 1), (3, 2))
    everyone_passes(game)
    game.apply(za.DeclareBlockers(1, ((4, 1),)))
    everyone_passes(game)
    assert game.state.awaiting == "flankers"
    with pytest.raises(IllegalAction, match="can't flank"):
        game.apply(za.DeclareFlankers(0, ((3, 4),)))  # the drone attacks Bea, not Anton
    game.apply(za.DeclareFlankers(0, ((2, 4),)))


def test_more_players__eliminated_player_is_skipped() -> None:
    game = table([], [], [], step="commit")
    for i in range(6):
        game.apply(za.SetBase(1, i, face_up=False))
    assert game.state.players[1].eliminated and game.outcome() is None
    game.apply(za.PlayCard(0, "accelerate"))
    assert game.state.priority == 2
    game.apply(za.Pass(2))
    assert not game.state.stack
    game.apply(za.Pass(0))
    game.apply(za.Pass(2))
    assert game.state.step is Step.END_OF_TURN
    game.apply(za.Pass(0))
    game.apply(za.Pass(2))
    assert game.state.active == 2 and game.state.turn == 2
    # The table is told whose turn was passed over (issue 33: nothing said it).
    assert "Anton is out of the game: no turn" in [e.text for e in game.log[-4:]]


SHIELD = """
[[card]]
id = "shield_bearer"
name = "Shield Bearer"
type = "character"
cult = "Magi"
combat = 3
abilities = [{trigger = "blocks", effects = [{op = "gain_devotion", amount = 1}]}]
[[players]]
name = "Alena"
in_play = [{card = "iron_juggernaut", id = 1}, {card = "cognoid_drone", id = 2}]
[[players]]
name = "Anton"
in_play = [{card = "shield_bearer", id = 3}]
[[players]]
name = "Bea"
in_play = [{card = "chalice_keeper", id = 4}]
[position]
step = "combat_start"
"""


def test_more_players__a_block_trigger_is_answered_before_the_next_player_blocks() -> None:
    from engine.scenario import load_scenario, run_scenario

    game = run_scenario(load_scenario(SHIELD))
    attack(game, (1, 1), (2, 2))
    everyone_passes(game)
    game.apply(za.DeclareBlockers(1, ((3, 1),)))
    # Anton's Shield Bearer triggers at once; the others may respond in turn order (Bea first)
    assert [i.name for i in game.state.stack] == ["Shield Bearer"]
    assert game.acting_player() == 2 and game.is_legal(za.Pass(2))
    assert "respond to Shield Bearer" in (game.explain(za.DeclareBlockers(2, ((4, 2),))) or "")
    game.apply(za.Pass(2))
    game.apply(za.Pass(0))
    assert game.state.players[1].devotion == 1
    assert game.acting_player() == 2  # now Bea chooses her blockers
    game.apply(za.DeclareBlockers(2, ((4, 2),)))


def test_more_players__an_eliminated_players_cards_trigger_nothing() -> None:
    """More than two players: a player with no bases is eliminated, out of the game: the cards
    they leave on the table play no more triggered actions (nor keep the game waiting on them)."""
    game = table(["storm_drake"], ["psychopomp", "chalice_keeper"], ["lunari_acolyte"])
    for index in range(6):
        game.apply(za.SetBase(1, index, face_up=False))
    assert game.state.players[1].eliminated
    game.apply(za.PlayCard(0, "burn", targets=(3,)))  # Anton's Chalice Keeper
    game.apply(za.Pass(2))
    assert game.state.permanent(3) is None  # it died beside Anton's Psychopomp
    assert not game.state.pending
    assert game.acting_player() == 0
