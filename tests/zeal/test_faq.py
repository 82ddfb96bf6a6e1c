"""Frequently Asked Questions (rules/zeal.md) not covered beside their keyword's tests.

Covered elsewhere: attack the turn it enters play (test_combat), counter a character or device
(test_keywords), hold priority (test_playing_actions), Assimilate and Overpower (test_keywords).
"""

from __future__ import annotations

from engine.zeal import Step
from engine.zeal import actions as za

from .helpers import attack, block, damage, everyone_passes, table, to_step


def test_faq__characters_are_not_turned_sideways_attacking_does_not_exhaust() -> None:
    game = table(["storm_drake"], ["storm_drake"])
    attack(game, (1, 1))
    block(game)
    damage(game)
    to_step(game, Step.COMBAT_START)  # Anton's turn
    assert game.state.active == 1
    attack(game, (2, 0))
    everyone_passes(game)
    # Alena's drake attacked last turn and can block now
    assert game.acting_player() == 0 and game.is_legal(za.DeclareBlockers(0, ((1, 2),)))


def test_faq__a_removed_target_does_not_counter_the_spell() -> None:
    game = table(["waveform_master"], ["chalice_keeper"], step="commit")
    hand = game.state.players[0].hand_size
    game.apply(za.PlayCard(0, "burn", targets=(2,)))
    game.apply(za.MoveCard(1, 2, "hand"))  # the only target leaves play
    game.apply(za.Pass(1))
    # Burn resolved as if no target was chosen, so it is a resolved spell: Waveform Master draws
    game.apply(za.Pass(1))
    assert game.state.players[0].hand_size == hand  # -1 Burn, +1 draw
    assert game.state.players[0].discard == ("burn",)
