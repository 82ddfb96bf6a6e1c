"""Turn Overview: Develop, Combat, Commit, End of Turn; Damage; priority passing between steps."""

from __future__ import annotations

from engine.zeal import Step
from engine.zeal import actions as za

from .helpers import pass_all, put, started, to_step


def test_develop__draw_a_card() -> None:
    game = started()
    hand = game.state.players[0].hand_size
    game.apply(za.Develop(0, "draw"))
    alena = game.state.players[0]
    assert alena.hand_size == hand + 1 and alena.max_devotion == 0
    assert game.state.step is Step.COMBAT_START


def test_develop__raise_maximum_then_current_equals_maximum() -> None:
    game = started()
    game.apply(za.SetDevotion(0, current=0, maximum=3))
    game.apply(za.Develop(0, "devotion"))
    alena = game.state.players[0]
    assert (alena.devotion, alena.max_devotion) == (4, 4)


def test_develop__prompt_reminds_the_choice() -> None:
    game = started()
    assert any("draw a card or raise maximum devotion by 1" in p.text for p in game.prompts())


def test_develop__no_actions_in_develop_step() -> None:
    game = started()
    game.apply(za.SetDevotion(0, current=5))
    problem = game.explain(za.PlayCard(0, "accelerate"))
    assert problem is not None and "Develop" in problem
    assert game.explain(za.Pass(0)) is not None
    assert game.explain(za.Develop(1, "draw")) is not None  # only the active player develops


def test_develop__maximum_devotion_stops_at_13() -> None:
    game = started()
    game.apply(za.SetDevotion(0, current=13, maximum=13))
    game.apply(za.Develop(0, "devotion"))
    assert game.state.players[0].max_devotion == 13


def test_priority__all_pass_moves_to_the_next_step() -> None:
    game = started()
    game.apply(za.Develop(0, "devotion"))
    assert game.state.step is Step.COMBAT_START and game.state.priority == 0
    game.apply(za.Pass(0))
    assert game.state.priority == 1 and game.state.step is Step.COMBAT_START
    game.apply(za.Pass(1))
    # No characters: Choose Attackers has nothing to choose, on to Commit.
    assert game.state.step is Step.COMMIT and game.state.priority == 0


def test_priority__all_pass_in_end_of_turn_moves_to_the_next_turn() -> None:
    game = started()
    to_step(game, Step.END_OF_TURN)
    pass_all(game)
    assert game.state.turn == 2 and game.state.active == 1 and game.state.step is Step.DEVELOP


def test_turn__steps_in_order_with_combat() -> None:
    game = started()
    put(game, 0, "specter_wisp")
    game.apply(za.Develop(0, "devotion"))
    seen = [game.state.step]
    pass_all(game)
    seen.append(game.state.step)
    assert game.state.awaiting == "attackers"
    game.apply(za.DeclareAttackers(0, ()))
    seen.append(game.state.step)
    assert seen == [Step.COMBAT_START, Step.CHOOSE_ATTACKERS, Step.COMMIT]


def test_damage__accumulates_in_a_turn_and_is_forgotten_between_turns() -> None:
    game = started()
    pid = put(game, 1, "iron_juggernaut")
    game.apply(za.SetDamage(0, pid, 1))
    game.apply(za.SetDamage(0, pid, 2))
    game.apply(za.SetBase(1, 5, damage=3))
    assert game.state.permanent(pid).damage == 2  # type: ignore[union-attr]
    to_step(game, Step.END_OF_TURN)
    pass_all(game)
    assert game.state.permanent(pid).damage == 0  # type: ignore[union-attr]
    assert game.state.players[1].bases[5].damage == 0
