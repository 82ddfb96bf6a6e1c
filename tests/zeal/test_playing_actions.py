"""Playing Actions: restrictions, costs, priority and the stack, targets, hidden hands."""

from __future__ import annotations

import pytest

from engine.errors import IllegalAction
from engine.zeal import Step
from engine.zeal import actions as za

from .helpers import devotion, put, started, to_step


def commit_game():  # type: ignore[no-untyped-def]
    game = started()
    to_step(game, Step.COMMIT)
    devotion(game, 0, 6)
    devotion(game, 1, 6)
    return game


def test_restrictions__character_only_in_your_commit_step() -> None:
    game = started()
    game.apply(za.Develop(0, "devotion"))
    devotion(game, 0, 5)
    problem = game.explain(za.PlayCard(0, "psychopomp"))
    assert problem == (
        "Psychopomp is a character: characters can be played only in your Commit step when no "
        "other action is being played (it has no Ambush)"
    )
    with pytest.raises(IllegalAction, match="only in your Commit step"):
        game.apply(za.PlayCard(0, "psychopomp"))


def test_restrictions__device_not_on_opponents_turn() -> None:
    game = commit_game()
    game.apply(za.PlayCard(0, "accelerate"))  # Anton now may respond
    assert "devices can be played only in your Commit step" in (
        game.explain(za.PlayCard(1, "shrine_of_dawn")) or ""
    )


def test_restrictions__character_not_while_another_action_is_pending() -> None:
    game = commit_game()
    game.apply(za.PlayCard(0, "psychopomp"))
    game.apply(za.PlayCard(1, "accelerate"))
    assert "no other action is being played" in (game.explain(za.PlayCard(0, "specter_wisp")) or "")


def test_restrictions__ambush_character_any_time_you_can_act() -> None:
    game = commit_game()
    game.apply(za.PlayCard(0, "accelerate"))
    assert game.is_legal(za.PlayCard(1, "shade_ambusher"))
    game.apply(za.PlayCard(1, "shade_ambusher"))
    assert game.state.stack[-1].name == "Shade Ambusher (sample)"


def test_restrictions__spells_any_time_you_can_act() -> None:
    game = started()
    game.apply(za.Develop(0, "devotion"))
    devotion(game, 1, 3)
    game.apply(za.Pass(0))
    assert game.is_legal(za.PlayCard(1, "accelerate"))  # Anton, on Alena's turn, in Combat


def test_costs__paid_from_current_devotion() -> None:
    game = commit_game()
    game.apply(za.PlayCard(0, "psychopomp"))
    assert game.state.players[0].devotion == 4


def test_costs__not_enough_devotion_is_refused_and_state_unchanged() -> None:
    game = commit_game()
    devotion(game, 0, 1)
    before = game.state
    with pytest.raises(IllegalAction, match="Psychopomp costs 2 devotion \\(cost\\); Alena has 1"):
        game.apply(za.PlayCard(0, "psychopomp"))
    assert game.state is before


def test_zeal__zeal_cost_with_another_character_of_the_cult() -> None:
    game = commit_game()
    put(game, 0, "specter_wisp")
    game.apply(za.PlayCard(0, "psychopomp"))
    assert game.state.players[0].devotion == 5  # Zeal cost 1
    assert game.state.stack[-1].zeal


def test_zeal__asking_for_zeal_without_it_is_refused() -> None:
    game = commit_game()
    problem = game.explain(za.PlayCard(0, "psychopomp", zeal=True))
    assert problem is not None and "does not have Zeal" in problem


def test_accelerate__current_devotion_above_maximum_but_never_above_13() -> None:
    game = commit_game()
    game.apply(za.SetDevotion(0, current=2, maximum=2))
    game.apply(za.PlayCard(0, "accelerate"))
    game.apply(za.Pass(1))
    assert game.state.players[0].devotion == 5 and game.state.players[0].max_devotion == 2
    game.apply(za.SetDevotion(0, current=12))
    game.apply(za.PlayCard(0, "accelerate"))
    game.apply(za.Pass(1))
    assert game.state.players[0].devotion == 13


def test_priority__opponent_gets_a_chance_to_respond() -> None:
    game = commit_game()
    game.apply(za.PlayCard(0, "psychopomp"))
    assert game.state.priority == 1
    assert any(p.text == "Anton may respond to Psychopomp or pass" for p in game.prompts())


def test_faq__no_holding_priority_to_respond_to_yourself() -> None:
    game = commit_game()
    game.apply(za.PlayCard(0, "psychopomp"))
    problem = game.explain(za.PlayCard(0, "accelerate"))
    assert problem is not None and "Anton's turn to act" in problem


def test_priority__resolves_when_the_other_passes_then_its_player_acts_again() -> None:
    game = commit_game()
    game.apply(za.PlayCard(0, "psychopomp"))
    game.apply(za.Pass(1))
    assert not game.state.stack
    assert [p.name for p in game.state.players[0].in_play] == ["Psychopomp"]
    assert game.state.priority == 0 and game.state.step is Step.COMMIT


def test_example__psychopomp_burn_outmaneuver_response_chain() -> None:
    """Playing and resolving actions, Example: Outmaneuver, then Burn, then Psychopomp."""
    game = started(first=1)
    other = put(game, 1, "specter_wisp")
    to_step(game, Step.COMMIT)
    devotion(game, 0, 6)
    devotion(game, 1, 6)
    game.apply(za.PlayCard(1, "psychopomp"))
    game.apply(za.PlayCard(0, "burn", targets=(other,)))
    game.apply(za.PlayCard(1, "outmaneuver", targets=(other,)))
    assert [i.name for i in game.state.stack] == ["Psychopomp", "Burn", "Outmaneuver"]
    game.apply(za.Pass(0))  # Outmaneuver resolves: the character returns to hand
    assert game.state.permanent(other) is None
    assert game.state.priority == 1  # its player gets another opportunity
    game.apply(za.Pass(1))  # Burn resolves with its target gone: as though not chosen
    assert [i.name for i in game.state.stack] == ["Psychopomp"]
    assert any("resolved as not chosen" in e.text for e in game.log)
    assert game.state.priority == 0
    game.apply(za.Pass(0))  # Psychopomp resolves, entering play
    assert [p.name for p in game.state.players[1].in_play] == ["Psychopomp"]
    assert game.state.players[0].discard == ("burn",)


def test_targets__declared_when_played_and_checked() -> None:
    game = commit_game()
    problem = game.explain(za.PlayCard(0, "burn", targets=(999,)))
    assert problem is not None and "not in play" in problem


def test_targets__no_target_is_always_allowed() -> None:
    game = commit_game()
    game.apply(za.PlayCard(0, "burn"))
    game.apply(za.Pass(1))
    assert game.state.players[0].discard == ("burn",)


def test_hidden_hands__playing_a_scanned_card_counts_down_the_hand() -> None:
    game = commit_game()
    hand = game.state.players[0].hand_size
    game.apply(za.PlayCard(0, "psychopomp"))
    assert game.state.players[0].hand_size == hand - 1
    assert game.state.players[0].hand == ()


def test_hidden_hands__empty_hand_is_refused_with_the_fix() -> None:
    game = commit_game()
    for _ in range(game.state.players[0].hand_size):
        game.apply(za.MoveCard(0, "burn", "discard", from_zone="hand"))
    problem = game.explain(za.PlayCard(0, "accelerate"))
    assert problem is not None and "move a card to the hand" in problem


def test_known_hands__card_must_be_in_hand() -> None:
    deck = ("burn",) * 36
    from .helpers import keep_all, new_game

    game = new_game(decks=(deck, deck), hidden=False)
    keep_all(game)
    to_step(game, Step.COMMIT)
    devotion(game, 0, 5)
    assert game.explain(za.PlayCard(0, "psychopomp")) == "Psychopomp is not in Alena's hand"
    assert game.is_legal(za.PlayCard(0, "burn"))


def test_actions__an_action_with_a_cost_any_time_you_can_act() -> None:
    from .helpers import table

    game = table(["iron_juggernaut"], ["conversion_cannon"], step="combat_start")
    game.apply(za.Pass(0))
    assert game.is_legal(za.Activate(1, 2, targets=(1,)))  # Anton, on Alena's turn
    game.apply(za.Activate(1, 2, targets=(1,)))
    assert game.state.players[1].devotion == 5 and game.state.priority == 0


def test_actions__an_action_with_a_cost_needs_the_devotion() -> None:
    from .helpers import table

    game = table(["apocalypse_chamber"], [], step="commit", devotion=2)
    assert "costs 3 devotion" in (game.explain(za.Activate(0, 1)) or "")


def test_triggered_actions__only_directly_after_the_trigger() -> None:
    from .helpers import everyone_passes, table

    game = table(["neurocontroller"], ["chalice_keeper"], step="commit")
    everyone_passes(game)
    (reconnect,) = game.state.pending
    game.apply(za.DeclineTrigger(0, reconnect.id))
    # passed up once, it can't be played later in the step
    problem = game.explain(za.PlayTrigger(0, reconnect.id, targets=(2,)))
    assert problem == (
        "that triggered action is not waiting to be played (it has already been played or declined)"
    )


def test_actions__the_log_names_an_activated_card_after_it_has_left_play() -> None:
    """Issue 33: a row worded once the card had gone (a resumed game words every row from
    the state at the end) read "Anton activated a card's action"."""
    from .helpers import table

    game = table(["iron_juggernaut"], ["conversion_cannon"], step="combat_start")
    game.apply(za.Pass(0))
    activate = za.Activate(1, 2, targets=(1,))
    game.apply(activate)
    game.apply(za.MoveCard(1, 2, "discard"))  # the cannon leaves play
    assert game.describe(activate) == "Anton activated Conversion Cannon's action"
