"""Manual adjustments (always legal, logged, undoable), undo, the log, prompts, outcome."""

from __future__ import annotations

import pytest

from engine.errors import IllegalAction
from engine.zeal import Step
from engine.zeal import actions as za

from .helpers import put, started, to_step


def test_adjustments__always_legal_even_out_of_turn() -> None:
    game = started()
    assert game.acting_player() == 0
    for action in (
        za.SetDevotion(1, current=4, maximum=4),
        za.SetBase(1, 2, damage=1),
        za.SetBase(1, 0, face_up=False),
        za.MoveCard(1, "burn", "discard", from_zone="hand"),
        za.MarkResolved(1, "*"),
    ):
        game.apply(action)
    anton = game.state.players[1]
    assert (anton.devotion, anton.max_devotion) == (4, 4)
    assert anton.bases[2].damage == 1 and not anton.bases[0].face_up
    assert anton.discard == ("burn",)
    assert sum(e.text.startswith("Adjusted") for e in game.log) == 4


def test_adjustments__damage_and_change_control() -> None:
    game = started()
    pid = put(game, 0, "iron_juggernaut")
    game.apply(za.SetDamage(1, pid, 2))
    assert game.state.permanent(pid).damage == 2  # type: ignore[union-attr]
    game.apply(za.ChangeControl(1, pid, 1))
    assert [p.id for p in game.state.players[1].in_play] == [pid]
    assert game.state.permanent(pid).owner == 0  # type: ignore[union-attr]


def test_adjustments__move_card_between_zones_keeps_counts() -> None:
    game = started()
    hand = game.state.players[0].hand_size
    game.apply(za.MoveCard(0, "burn", "discard", from_zone="hand"))
    game.apply(za.MoveCard(0, "burn", "hand"))  # from the discard, where it is
    assert game.state.players[0].hand_size == hand
    assert game.state.players[0].discard == ()
    pid = put(game, 0, "psychopomp")
    game.apply(za.MoveCard(0, pid, "discard"))
    assert game.state.players[0].discard == ("psychopomp",)


def test_adjustments__nonsense_is_refused_in_players_words() -> None:
    game = started()
    assert "0 or more" in (game.explain(za.SetDevotion(0, current=-1)) or "")
    assert (game.explain(za.SetBase(0, 6, damage=1)) or "") == "Alena has no base 7 (bases 1 to 6)"
    assert (
        game.explain(za.SetDamage(0, 42, 1)) or ""
    ) == "that card is not in play (it may have left play)"
    assert "no player 5" in (game.explain(za.SetDevotion(5, current=1)) or "")


def test_adjustments__mark_resolved_clears_a_card_text_note() -> None:
    game = started()
    to_step(game, Step.COMMIT)
    game.apply(za.SetDevotion(0, current=5))
    game.apply(za.PlayCard(0, "god_matrix"))
    game.apply(za.Pass(1))
    (note,) = game.state.notes
    assert any(p.kind == "resolve" and note in p.text for p in game.prompts())
    game.apply(za.MarkResolved(0, note))
    assert game.state.notes == ()


def test_undo__restores_the_exact_previous_state_and_log() -> None:
    game = started()
    states = [game.state]
    logs = [len(game.log)]
    for action in (za.Develop(0, "draw"), za.Pass(0), za.SetDevotion(1, current=3)):
        game.apply(action)
        states.append(game.state)
        logs.append(len(game.log))
    for i in range(3, 0, -1):
        assert game.state == states[i]
        game.undo()
        assert game.state == states[i - 1] and len(game.log) == logs[i - 1]


def test_undo__returns_the_undone_action_and_refuses_when_empty() -> None:
    from .helpers import new_game

    game = new_game()
    game.apply(za.KeepHand(0))
    assert game.undo() == za.KeepHand(0)
    with pytest.raises(IllegalAction, match="nothing to undo"):
        game.undo()


def test_rejected_action__leaves_state_history_and_log_untouched() -> None:
    game = started()
    state, log, hist = game.state, len(game.log), len(game.history)
    with pytest.raises(IllegalAction):
        game.apply(za.Pass(1))
    assert game.state is state and len(game.log) == log and len(game.history) == hist


def test_illegal_action__is_a_value_error() -> None:
    assert issubclass(IllegalAction, ValueError)


def test_log__in_players_words() -> None:
    game = started()
    game.apply(za.Develop(0, "devotion"))
    last = game.log[-1]
    assert last.text == "Alena develops: maximum devotion 1" and last.player == 0
    assert last.turn == 1 and last.step == "Develop"


def test_outcome__a_player_with_no_bases_loses() -> None:
    game = started()
    assert game.outcome() is None
    for i in range(6):
        game.apply(za.SetBase(1, i, face_up=False))
    outcome = game.outcome()
    assert outcome is not None and outcome.winner == 0 and outcome.eliminated == (1,)
    assert "Alena" in outcome.reason
    assert list(game.legal_actions()) == []
    assert game.prompts()[0].kind == "over"


def test_outcome__more_players_elimination_then_last_standing_wins() -> None:
    game = started(3)
    for i in range(6):
        game.apply(za.SetBase(1, i, face_up=False))
    assert game.outcome() is None and game.state.players[1].eliminated
    for i in range(6):
        game.apply(za.SetBase(2, i, face_up=False))
    outcome = game.outcome()
    assert outcome is not None and outcome.winner == 0 and outcome.eliminated == (1, 2)


def test_replay__applies_a_command_log_and_names_the_refused_index() -> None:
    game = started()
    game.apply(za.Develop(0, "devotion"))
    from engine.zeal import ZealGame

    again = ZealGame.replay(game.setup, game.history)
    assert again.state == game.state
    with pytest.raises(IllegalAction) as info:
        ZealGame.replay(game.setup, [*game.history, za.Pass(1)])
    assert info.value.index == len(game.history)
    assert str(info.value).startswith(f"action {len(game.history) + 1}:")  # counted from 1


def test_adjustments__a_dial_past_13_is_kept_at_13_with_a_warning() -> None:
    game = started()
    game.apply(za.SetDevotion(0, current=15, maximum=14))
    alena = game.state.players[0]
    assert (alena.devotion, alena.max_devotion) == (13, 13)
    assert any("can't go above 13" in e.text for e in game.log)


def test_prompts__current_step_who_acts_and_what_they_can_play() -> None:
    from .helpers import keep_all, new_game

    deck = ("burn",) * 18 + ("psychopomp",) * 18
    game = new_game(decks=(deck, deck), hidden=False)
    keep_all(game)
    game.apply(za.SetDevotion(0, current=3, maximum=3))
    to_step(game, Step.COMMIT)
    texts = {p.kind: p.text for p in game.prompts()}
    assert texts["act"] == "Alena may play an action or pass"
    assert texts["step"] == "Turn 1: Alena's Commit step"
    assert texts["options"].startswith("Alena can play: ")
    assert "Psychopomp" in texts["options"] or "Burn" in texts["options"]


def test_fork__a_what_if_game_leaves_the_real_one_alone() -> None:
    game = started()
    game.apply(za.Develop(0, "devotion"))
    what_if = game.fork()
    what_if.apply(za.Pass(0))
    assert what_if.state.priority == 1 and game.state.priority == 0
    assert len(what_if.history) == 1 and len(game.history) == 3
