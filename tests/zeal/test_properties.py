"""Property tests (hypothesis): random legal play-outs never crash, undo restores, replay and
save/load give an equal game, and the game's invariants hold after every action (the checks every
game shares are in tests/game_properties.py; Zeal's own are here)."""

from __future__ import annotations

import random
from collections import Counter

import pytest
from hypothesis import given
from hypothesis import strategies as st

from engine.errors import IllegalAction
from engine.zeal import Step, ZealGame
from engine.zeal import actions as za
from engine.zeal.randomplay import choose, random_setup
from engine.zeal.state import GameState
from tests import game_properties as props

SETTINGS = props.property_settings(25)


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
    props.play_out(
        game, random.Random(seed), choose, 400, after_each=lambda g, _: check_invariants(g, start)
    )


@SETTINGS
@given(seed=st.integers(0, 10_000))
def test_undo_returns_a_state_equal_to_the_one_before(seed: int) -> None:
    props.undo_each_step(ZealGame(random_setup(seed)), random.Random(seed), choose, 150)


@SETTINGS
@given(seed=st.integers(0, 10_000), steps=st.integers(0, 120))
def test_replay_and_save_then_load_give_an_equal_game(seed: int, steps: int) -> None:
    game = props.advance(ZealGame(random_setup(seed)), random.Random(seed), choose, steps)
    game.apply(za.SetDevotion(0, current=3))  # adjustments are saved too
    props.replay_and_reload(game)


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

    def counts_sane(game: ZealGame, _before: object) -> None:
        props.hands_stay_hidden(game)
        assert all(0 <= p.devotion <= 13 for p in game.state.players)

    props.play_out(ZealGame(setup), random.Random(seed), choose, 300, after_each=counts_sane)


# Zeal's junk also has reference syntax ("base:1:2"), which its refusals must not echo.
_zeal_junk = props.junk_actions(
    za._TYPES, values=st.one_of(props.JUNK, st.just("base:1:2")), seats=st.integers(-1, 4)
)


@SETTINGS
@given(seed=st.integers(0, 1000), steps=st.integers(0, 60), action=_zeal_junk)
def test_any_action_at_all_is_explained_never_crashes(
    seed: int, steps: int, action: za.Action
) -> None:
    game = props.advance(ZealGame(random_setup(seed)), random.Random(seed), choose, steps)
    props.refused_in_words(game, action, leaks=(r"(base|discard):\S",))
