"""Property tests (hypothesis): random legal play-outs never crash, undo restores, save/load
round-trips, and the game's invariants hold after every action."""

from __future__ import annotations

import random
import re
from collections import Counter

import pytest
import tomli_w
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from engine.errors import IllegalAction
from engine.scenario import dump_game, load_scenario, run_scenario
from engine.zeal import Step, ZealGame
from engine.zeal import actions as za
from engine.zeal.randomplay import choose, random_setup
from engine.zeal.state import GameState

SETTINGS = settings(
    max_examples=25, deadline=None, suppress_health_check=[HealthCheck.too_slow], derandomize=True
)


def card_counts(state: GameState) -> Counter[tuple[int, str]]:
    """(owner, card) -> copies anywhere; with known hands every card is somewhere exactly once."""
    counts: Counter[tuple[int, str]] = Counter()
    for seat, p in enumerate(state.players):
        for zone in (p.hand, p.deck, p.discard):
            counts.update((seat, c) for c in zone)
    for perm in state.permanents():
        counts[(perm.owner, perm.card_id)] += 1
    for item in state.stack:
        if item.kind == "card" and item.from_hand:
            counts[(item.owner, item.card_id)] += 1
    return counts


def check_invariants(game: ZealGame, start: Counter[tuple[int, str]]) -> None:
    state = game.state
    for p in state.players:
        assert p.devotion >= 0 and p.max_devotion >= 0, "devotion never negative"
        assert p.devotion <= 13 and p.max_devotion <= 13, "current devotion at most 13"
        assert p.hand_size == len(p.hand) and p.deck_size == len(p.deck)
    ids = [perm.id for perm in state.permanents()]
    assert len(ids) == len(set(ids)), "no permanent in two places"
    assert card_counts(state) == start, "no card in two zones, none lost"
    if state.step is Step.DEVELOP and state.awaiting == "develop":
        # damage is forgotten between turns
        assert all(perm.damage == 0 for perm in state.permanents())
        assert all(b.damage == 0 for p in state.players for b in p.bases)
    for perm in state.permanents():
        if perm.is_character:
            assert perm.combat > 0, "a character with 0 combat dies"
            assert perm.has("invincible") or perm.damage < perm.combat, "lethal damage kills"
        if perm.connected_to is not None:
            assert state.permanent(perm.connected_to), "Connect: leaving play disconnects"
    for p in state.players:
        assert all(b.damage < b.defense for b in p.bases if b.face_up), "enough damage defeats"
    out = {i for i, p in enumerate(state.players) if p.eliminated}
    assert not any(t.controller in out for t in state.pending), "the eliminated trigger nothing"
    assert game.acting_player() not in out, "the game never waits on an eliminated player"


@SETTINGS
@given(seed=st.integers(0, 10_000), players=st.integers(2, 4))
def test_random_legal_playouts_never_crash_and_keep_invariants(seed: int, players: int) -> None:
    game = ZealGame(random_setup(seed, players))
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
def test_undo_returns_a_state_equal_to_the_one_before(seed: int) -> None:
    game = ZealGame(random_setup(seed))
    rnd = random.Random(seed)
    for _ in range(150):
        if game.outcome() is not None:
            break
        before = game.state
        log = list(game.log)
        action = choose(rnd, list(game.legal_actions()))
        game.apply(action)
        assert game.undo() == action
        assert game.state == before and list(game.log) == log
        game.apply(action)


@SETTINGS
@given(seed=st.integers(0, 10_000), steps=st.integers(0, 120))
def test_save_then_load_gives_an_equal_game(seed: int, steps: int) -> None:
    game = ZealGame(random_setup(seed))
    rnd = random.Random(seed)
    for _ in range(steps):
        if game.outcome() is not None:
            break
        game.apply(choose(rnd, list(game.legal_actions())))
    game.apply(za.SetDevotion(0, current=3))  # adjustments are saved too
    again = run_scenario(load_scenario(tomli_w.dumps(dump_game(game)), "save.toml"))
    assert again.state == game.state
    assert list(again.history) == list(game.history)


@SETTINGS
@given(seed=st.integers(0, 10_000))
def test_rejected_actions_leave_the_state_exactly_as_it_was(seed: int) -> None:
    game = ZealGame(random_setup(seed))
    rnd = random.Random(seed)
    junk = [
        za.Pass(1),
        za.PlayCard(0, "psychopomp"),
        za.DeclareBlockers(1, ((1, 2),)),
        za.Develop(1, "draw"),
    ]
    for _ in range(80):
        if game.outcome() is not None:
            break
        for action in junk:
            if not game.is_legal(action):
                before, hist = game.state, len(game.history)
                with pytest.raises(IllegalAction):
                    game.apply(action)
                assert game.state is before and len(game.history) == hist
        game.apply(choose(rnd, list(game.legal_actions())))


@SETTINGS
@given(seed=st.integers(0, 10_000), players=st.integers(2, 3))
def test_hidden_hands_random_playouts_keep_counts_sane(seed: int, players: int) -> None:
    from engine.zeal import PlayerSetup, ZealSetup
    from engine.zeal.cards import sample_catalog

    names = ("Alena", "Anton", "Bea")
    setup = ZealSetup(
        players=tuple(PlayerSetup(names[i], deck_size=24) for i in range(players)),
        seed=seed,
        catalog=sample_catalog(),
    )
    game = ZealGame(setup)
    rnd = random.Random(seed)
    for _ in range(300):
        if game.outcome() is not None:
            break
        options = list(game.legal_actions())
        assert options
        game.apply(choose(rnd, options))
        for p in game.state.players:
            assert p.hand_size >= 0 and p.deck_size >= 0 and p.hand == () and p.deck == ()
            assert 0 <= p.devotion <= 13


_junk = st.one_of(
    st.integers(-3, 40), st.text(max_size=12), st.none(), st.booleans(), st.just("base:1:2")
)
_pairs = st.lists(st.lists(_junk, max_size=3).map(tuple), max_size=3).map(tuple)


@st.composite
def junk_actions(draw: st.DrawFn) -> za.Action:
    """Actions with any values at all, as a buggy client or a corrupt file might send."""
    player = draw(st.integers(-1, 4))
    kind = draw(st.sampled_from(sorted(za._TYPES)))
    cls = za._TYPES[kind]
    import dataclasses

    kwargs: dict[str, object] = {}
    for f in dataclasses.fields(cls):
        if f.name == "player":
            kwargs["player"] = player
        elif f.name in ("attackers", "hunts", "blocks", "flanks", "blockers", "bases"):
            kwargs[f.name] = draw(_pairs)
        elif f.name == "targets":
            kwargs[f.name] = tuple(draw(st.lists(_junk, max_size=3)))
        else:
            kwargs[f.name] = draw(_junk)
    return cls(**kwargs)  # type: ignore[no-any-return]


@SETTINGS
@given(seed=st.integers(0, 1000), steps=st.integers(0, 60), action=junk_actions())
def test_any_action_at_all_is_explained_never_crashes(
    seed: int, steps: int, action: za.Action
) -> None:
    game = ZealGame(random_setup(seed))
    rnd = random.Random(seed)
    for _ in range(steps):
        if game.outcome() is not None:
            break
        game.apply(choose(rnd, list(game.legal_actions())))
    before = game.state
    problem = game.explain(action)
    assert problem is None or isinstance(problem, str)
    if problem is not None:
        # Players' words: quoted text is the players' own; outside it, no Python reprs and
        # no reference syntax.
        words = re.sub(r'"[^"]*"', "", problem)
        for leak in (r"\bNone\b", r"\bTrue\b", r"\bFalse\b", r"\('", r"\['", r"(base|discard):\S"):
            assert not re.search(leak, words), problem
    if problem is None:
        game.apply(action)
    else:
        with pytest.raises(IllegalAction):
            game.apply(action)
        assert game.state is before
