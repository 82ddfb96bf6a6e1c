"""Random legal play-outs (hypothesis): every listed action applies, undo restores the exact
state, replay and save/load give an equal game, the game's invariants hold, and refusals are
in players' words (the checks every game shares are in tests/game_properties.py)."""

from __future__ import annotations

import random
from collections import Counter

from hypothesis import given
from hypothesis import strategies as st

from engine.deeds import actions as da
from engine.deeds import stats
from engine.deeds.game import DeedsGame
from engine.deeds.randomplay import choose, random_setup
from engine.deeds.setup import DeedsSetup, PlayerSetup
from engine.deeds.state import DeedsState, Phase
from tests import game_properties as props

SETTINGS = props.property_settings(25)


def card_counts(state: DeedsState) -> Counter[tuple[int, str]]:
    """(owner, card) -> copies anywhere; with open hands every card is somewhere once."""
    counts: Counter[tuple[int, str]] = Counter()
    for seat, p in enumerate(state.players):
        for zone in (p.hand, p.deck, p.graveyard):
            counts.update((seat, c) for c in zone)
    for x in state.cards:
        counts[(x.owner, x.card_id)] += 1
    return counts


def check_invariants(game: DeedsGame, start: Counter[tuple[int, str]]) -> None:
    state, catalog = game.state, game.catalog
    assert card_counts(state) == start, "no card in two places, none lost"
    for p in state.players:
        assert p.hand_size == len(p.hand) and p.deck_size == len(p.deck)
        assert min(p.pool.bio, p.pool.power, p.pool.supplies, p.pool.survivors) >= 0
        if state.phase is not Phase.RETREAT and state.phase is not Phase.MULLIGAN:
            assert p.hand_size <= 6, "the hand limit is kept at the end of each round"
    ids = [x.id for x in state.cards]
    assert len(ids) == len(set(ids))
    for x in state.cards:
        if stats.can_die(catalog, x):
            assert stats.health_of(state, catalog, x) > 0, "0 defense retires a card"
        if x.attached_to is not None:
            assert state.card(x.attached_to) is not None, "nothing is attached to a card gone"
    if state.battle is not None:
        for a, _b in state.battle.blocks:
            assert a in state.battle.attackers
    assert (game.outcome() is None) == (game.acting_player() is not None)


def _play(seed: int, steps: int) -> DeedsGame:
    return props.advance(DeedsGame(random_setup(seed)), random.Random(seed), choose, steps)


@SETTINGS
@given(seed=st.integers(0, 10_000))
def test_random_playouts__every_legal_action_applies_and_invariants_hold(seed: int) -> None:
    game = DeedsGame(random_setup(seed))
    start = card_counts(game.state)
    props.play_out(
        game, random.Random(seed), choose, 400, after_each=lambda g, _: check_invariants(g, start)
    )


@SETTINGS
@given(seed=st.integers(0, 10_000))
def test_undo__restores_the_exact_state(seed: int) -> None:
    props.undo_each_step(DeedsGame(random_setup(seed)), random.Random(seed), choose, 150)


@SETTINGS
@given(seed=st.integers(0, 10_000), steps=st.integers(0, 200))
def test_replay_and_save_then_load__give_an_equal_game(seed: int, steps: int) -> None:
    game = _play(seed, steps)
    game.apply(da.SetBase(1, 7))  # adjustments are saved too
    props.replay_and_reload(game)


@SETTINGS
@given(seed=st.integers(0, 10_000))
def test_hidden_hands__random_play_keeps_counts_sane(seed: int) -> None:
    setup = random_setup(seed)
    hidden = DeedsSetup(
        players=tuple(PlayerSetup(p.name, deck_size=30) for p in setup.players),
        seed=seed,
        catalog=setup.catalog,
    )
    props.play_out(
        DeedsGame(hidden),
        random.Random(seed),
        choose,
        200,
        after_each=props.hands_stay_hidden,
    )


@SETTINGS
@given(seed=st.integers(0, 1000), steps=st.integers(0, 80), action=props.junk_actions(da.TYPES))
def test_refusals__never_leak_python_reprs_or_internal_ids(
    seed: int, steps: int, action: object
) -> None:
    props.refused_in_words(_play(seed, steps), action, leaks=(r"InPlay", r"Phase\."))
