"""Random legal play-outs (hypothesis): every listed action applies, undo restores the exact
state, replay and save/load give an equal game, the game's invariants hold, and refusals are
in players' words."""

from __future__ import annotations

import dataclasses
import random
import re
from collections import Counter

import pytest
import tomli_w
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from engine.deeds import actions as da
from engine.deeds import stats
from engine.deeds.game import DeedsGame
from engine.deeds.randomplay import choose, random_setup
from engine.deeds.setup import DeedsSetup, PlayerSetup
from engine.deeds.state import DeedsState, Phase
from engine.errors import IllegalAction
from engine.scenario import dump_game, load_scenario, run_scenario

SETTINGS = settings(
    max_examples=25, deadline=None, suppress_health_check=[HealthCheck.too_slow], derandomize=True
)


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


def _play(seed: int, steps: int) -> tuple[DeedsGame, random.Random]:
    game = DeedsGame(random_setup(seed))
    rnd = random.Random(seed)
    for _ in range(steps):
        if game.outcome() is not None:
            break
        game.apply(choose(rnd, list(game.legal_actions())))
    return game, rnd


@SETTINGS
@given(seed=st.integers(0, 10_000))
def test_random_playouts__every_legal_action_applies_and_invariants_hold(seed: int) -> None:
    game = DeedsGame(random_setup(seed))
    start = card_counts(game.state)
    rnd = random.Random(seed)
    for _ in range(400):
        if game.outcome() is not None:
            break
        options = list(game.legal_actions())
        assert options, f"someone must be able to act: {game.prompts()}"
        for action in options:
            assert game.explain(action) is None, (action, game.explain(action))
        game.apply(choose(rnd, options))
        check_invariants(game, start)


@SETTINGS
@given(seed=st.integers(0, 10_000))
def test_undo__restores_the_exact_state(seed: int) -> None:
    game = DeedsGame(random_setup(seed))
    rnd = random.Random(seed)
    for _ in range(150):
        if game.outcome() is not None:
            break
        before, log = game.state, list(game.log)
        action = choose(rnd, list(game.legal_actions()))
        game.apply(action)
        assert game.undo() == action
        assert game.state == before and list(game.log) == log
        game.apply(action)


@SETTINGS
@given(seed=st.integers(0, 10_000), steps=st.integers(0, 200))
def test_replay_and_save_then_load__give_an_equal_game(seed: int, steps: int) -> None:
    game, _ = _play(seed, steps)
    game.apply(da.SetBase(1, 7))  # adjustments are saved too
    again = DeedsGame.replay(game.setup, game.history)
    assert again.state == game.state
    loaded = run_scenario(load_scenario(tomli_w.dumps(dump_game(game)), "save.toml"))
    assert loaded.state == game.state and list(loaded.history) == list(game.history)


@SETTINGS
@given(seed=st.integers(0, 10_000))
def test_hidden_hands__random_play_keeps_counts_sane(seed: int) -> None:
    setup = random_setup(seed)
    hidden = DeedsSetup(
        players=tuple(PlayerSetup(p.name, deck_size=30) for p in setup.players),
        seed=seed,
        catalog=setup.catalog,
    )
    game = DeedsGame(hidden)
    rnd = random.Random(seed)
    for _ in range(200):
        if game.outcome() is not None:
            break
        options = list(game.legal_actions())
        assert options
        game.apply(choose(rnd, options))
        for p in game.state.players:
            assert p.hand == () and p.deck == () and p.hand_size >= 0 and p.deck_size >= 0


_junk = st.one_of(st.integers(-3, 40), st.text(max_size=8), st.none(), st.booleans())


@st.composite
def junk_actions(draw: st.DrawFn) -> object:
    """Actions with any values at all, as a buggy client or a corrupt file might send."""
    cls = da.TYPES[draw(st.sampled_from(sorted(da.TYPES)))]
    kwargs: dict[str, object] = {}
    for f in dataclasses.fields(cls):
        if f.name == "player":
            kwargs[f.name] = draw(st.integers(-1, 3))
        elif str(f.type).startswith("tuple"):
            inner = st.one_of(_junk, st.tuples(_junk, _junk))
            kwargs[f.name] = tuple(draw(st.lists(inner, max_size=3)))
        else:
            kwargs[f.name] = draw(_junk)
    return cls(**kwargs)


@SETTINGS
@given(seed=st.integers(0, 1000), steps=st.integers(0, 80), action=junk_actions())
def test_refusals__never_leak_python_reprs_or_internal_ids(
    seed: int, steps: int, action: object
) -> None:
    game, _ = _play(seed, steps)
    before = game.state
    problem = game.explain(action)
    if problem is None:
        game.apply(action)
        return
    words = re.sub(r'"[^"]*"', "", problem)
    for leak in (r"\bNone\b", r"\bTrue\b", r"\bFalse\b", r"\('", r"\['", r"InPlay", r"Phase\."):
        assert not re.search(leak, words), problem
    with pytest.raises(IllegalAction):
        game.apply(action)
    assert game.state is before
