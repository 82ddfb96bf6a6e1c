"""Zeal (rules/zeal.md: The Cards: Zeal)."""

from __future__ import annotations

from engine.zeal import Step
from engine.zeal import actions as za

from .helpers import table, to_step


def test_zeal__another_character_or_device_of_the_cult_you_control() -> None:
    game = table(["specter_wisp"], [], step="commit")
    assert not game.state.permanent(1).zeal  # type: ignore[union-attr]
    game.apply(za.PlayCard(0, "reanimation_chamber"))  # a Specter device, no target
    game.apply(za.Pass(1))
    wisp = game.state.permanent(1)
    assert wisp is not None and wisp.zeal and wisp.combat == 2


def test_zeal__a_spell_of_the_cult_resolved_this_turn() -> None:
    game = table(["cognoid_drone"], [], step="commit")
    game.apply(za.PlayCard(0, "dismantle"))  # a Cognoid spell, no target
    assert not game.state.permanent(1).zeal  # type: ignore[union-attr]  # not resolved yet
    game.apply(za.Pass(1))
    assert game.state.permanent(1).zeal  # type: ignore[union-attr]


def test_zeal__from_a_spell_lasts_only_that_turn() -> None:
    game = table(["cognoid_drone"], [], step="commit")
    game.apply(za.PlayCard(0, "dismantle"))
    game.apply(za.Pass(1))
    to_step(game, Step.DEVELOP)
    assert not game.state.permanent(1).zeal  # type: ignore[union-attr]


def test_zeal__countered_spell_gives_no_zeal() -> None:
    game = table(["cognoid_drone"], [], step="commit")
    game.apply(za.PlayCard(0, "dismantle"))
    game.apply(za.PlayCard(1, "void", targets=(game.state.stack[-1].id,)))
    game.apply(za.Pass(0))
    assert not game.state.permanent(1).zeal  # type: ignore[union-attr]


def test_zeal__uses_zeal_cost_combat_and_text() -> None:
    game = table(["specter_wisp"], ["iron_juggernaut"], step="commit")
    game.apply(za.PlayCard(0, "cult_zealot"))
    assert game.state.players[0].devotion == 4  # Zeal cost 2, not 3
    game.apply(za.Pass(1))
    zealot = game.state.players[0].in_play[-1]
    assert zealot.combat == 3 and zealot.has("execute")  # Zeal combat, Zeal text (Execute)


def test_zeal__text_adds_to_the_base_text_unless_it_says_instead() -> None:
    game = table(["specter_wisp"], [], step="commit", discards=(["storm_drake"], []))
    game.apply(za.PlayCard(0, "possess_the_dead", targets=("discard:0:storm_drake",)))
    game.apply(za.Pass(1))
    drake = game.state.players[0].in_play[-1]
    assert not drake.doomed  # the Zeal text replaced the "dies at end of turn" text
