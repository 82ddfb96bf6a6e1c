"""Random legal play-outs (hypothesis): every listed action applies, undo restores the exact
state, replay equals the game, save/load round-trips, and the game's invariants hold (the checks
every game shares are in tests/game_properties.py)."""

from __future__ import annotations

import random
from collections import Counter

from hypothesis import Phase, given, settings
from hypothesis import strategies as st

from engine.games import get
from engine.zg.game import ZgGame
from engine.zg.randomplay import choose, random_game, random_setup
from engine.zg.state import GameState
from tests import game_properties as props

KIND = get("zg")
SETTINGS = props.property_settings(20, shrink=False)


def card_counts(state: GameState) -> Counter[tuple[int, str]]:
    """(owner, card) -> copies anywhere; open hands put every card somewhere exactly once."""
    counts: Counter[tuple[int, str]] = Counter()
    for seat, p in enumerate(state.players):
        for zone in (p.hand, p.deck, p.slag):
            counts.update((seat, c) for c in zone)
    if state.pulse is not None:
        counts[(state.order[state.order_index], state.pulse.card)] += 1
    a = state.attack
    if a is not None and a.target:
        owner = a.foe if a.foe >= 0 else state.order[state.order_index]
        counts[(owner, a.target)] += 1
    return counts


def check_invariants(game: ZgGame, start: Counter[tuple[int, str]]) -> None:
    state = game.state
    assert card_counts(state) == start, "no card lost, none in two places"
    for p in state.players:
        assert p.hand_size == len(p.hand) and p.deck_size == len(p.deck)
        assert not set(p.slag) & set(p.hand + p.deck), "slagged cards are out for the game"
        if not p.defeated:
            assert p.zgear + 2 >= 3 or state.phase == "over"
    if state.phase not in ("impulse", "tiebreak", "over"):
        active = state.order[state.order_index]
        assert not state.players[active].defeated, "the defeated take no turn"
        impulses = [state.players[s].impulse for s in state.order]
        assert impulses == sorted(impulses, reverse=True), "highest impulse first (Rule 3)"
    for t in state.terrain:
        assert 0 <= t.strikes <= t.mass
    if state.phase == "over":
        assert len(state.alive()) <= 1
        assert game.acting_player() is None
    else:
        assert game.acting_player() is not None


def check_invariants_and_words(game: ZgGame, start: Counter[tuple[int, str]]) -> None:
    """The invariants, and every view of the game in words can be made at every step."""
    check_invariants(game, start)
    assert KIND.summary(game) and game.prompts() and game.status()
    KIND.state_view(game.state)
    assert game.describe(game.history[-1])


@SETTINGS
@given(seed=st.integers(0, 10_000), players=st.integers(2, 4))
def test_random_playouts__legal_actions_apply_and_invariants_hold(seed: int, players: int) -> None:
    game = ZgGame(random_setup(seed, players))
    start = card_counts(game.state)
    check = lambda g, _: check_invariants_and_words(g, start)  # noqa: E731
    props.play_out(game, random.Random(seed), choose, 250, after_each=check, undo_rate=0.1)
    props.replay_and_reload(game)


@settings(max_examples=6, deadline=None, phases=[Phase.generate])
@given(seed=st.integers(0, 10_000), players=st.integers(2, 4))
def test_random_games__finish_with_a_winner(seed: int, players: int) -> None:
    played = random_game(seed, players)
    assert not played.capped
    outcome = played.game.outcome()
    assert outcome is not None and "defeated every foe" in outcome.reason
