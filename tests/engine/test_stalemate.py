"""A Zeal game no one can win any more is recognized (issue 25; README: readings): every deck
and hand empty and 20 turns without a base lost for good. Seed 10553's random game is such a
loop (it was seed 10029's, which ran past 20,000 actions, until Andrenid Destroyer's debut
targets were listed and random play took other paths): the random play-out stops there,
neither finished nor capped.

Also the core shortcut that apply() trusts the check explain() has just made: only for the
same action in the same state."""

from __future__ import annotations

from functools import cache

import pytest

from engine.core.evolve import evolve
from engine.errors import IllegalAction
from engine.zeal import ZealGame
from engine.zeal import actions as za
from engine.zeal.randomplay import random_game, random_setup
from engine.zeal.stalemate import QUIET_TURNS, stalemate
from engine.zeal.state import GameState

LOOPING_SEED = 10553


@cache
def looping() -> ZealGame:
    result = random_game(LOOPING_SEED, 2, 20_000)
    assert isinstance(result.game, ZealGame)
    return result.game


def test_no_one_can_win__the_looping_game_is_recognized_and_random_play_stops_there() -> None:
    result = random_game(LOOPING_SEED, 2, 20_000)
    assert result.stalled and not result.capped
    game = result.game
    assert game.outcome() is None  # not over: the table decides
    assert len(game.history) < 20_000
    why = game.stalemate()
    assert why is not None and "no one can win any more" in why
    assert all(not (p.hand_size or p.deck_size) for p in game.state.players)


def test_no_one_can_win__not_before_the_quiet_turns_have_passed() -> None:
    game = looping()
    assert game.stalemate() is not None
    # The same game a few turns earlier: decks and hands were empty, but not for long enough.
    earlier = list(game.positions())
    now = earlier[0].turn
    cut = next(i for i, s in enumerate(earlier) if s.turn <= now - 3)
    assert stalemate(earlier[cut:]) is None


def test_no_one_can_win__a_base_lost_for_good_in_the_stretch_means_the_game_still_moves() -> None:
    positions = list(looping().positions())
    now = positions[0].turn

    def one_base_down(state: GameState) -> GameState:
        if state.turn != now:
            return state
        p = state.players[0]
        first = next(i for i, b in enumerate(p.bases) if b.face_up)
        bases = list(p.bases)
        bases[first] = evolve(bases[first], face_up=False)
        players = (evolve(p, bases=tuple(bases)), *state.players[1:])
        return evolve(state, players=players)

    assert stalemate(positions) is not None
    assert stalemate([one_base_down(s) for s in positions]) is None


def test_no_one_can_win__a_card_left_to_draw_means_someone_still_can() -> None:
    positions = list(looping().positions())
    p = positions[0].players[1]
    players = (positions[0].players[0], evolve(p, deck=("burn",), deck_size=1))
    with_a_card = evolve(positions[0], players=players)
    assert stalemate([with_a_card, *positions[1:]]) is None
    assert QUIET_TURNS == 20


def test_a_fresh_game_is_no_stalemate() -> None:
    assert ZealGame(random_setup(1)).stalemate() is None


def test_apply_trusts_explain_only_for_the_same_action_in_the_same_state() -> None:
    game = ZealGame(random_setup(1))
    seat = game.acting_player()
    assert seat is not None
    keep = za.KeepHand(seat)
    assert game.explain(keep) is None
    game.apply(keep)  # checked once, by explain
    # The same action object, checked in the state before: here it is illegal, and apply
    # checks it again rather than trust the old answer.
    with pytest.raises(IllegalAction):
        game.apply(keep)
    game.undo()
    game.apply(keep)  # the state it was checked in again: legal there
    assert game.history == (keep,)
