"""Property tests (hypothesis): random legal play-outs keep the game's invariants, undo
restores the exact state, replay and save/load give an equal game, every listed action
applies (the checks every game shares are in tests/game_properties.py)."""

from __future__ import annotations

import random
from collections import Counter

from hypothesis import given
from hypothesis import strategies as st

from engine.vile import GameState, VileGame
from engine.vile import actions as va
from engine.vile.cards import sample_catalog
from engine.vile.ops import defense_of
from engine.vile.randomplay import choose, random_setup
from engine.vile.state import MAX_CULTISTS, Phase
from tests import game_properties as props

SETTINGS = props.property_settings(20)


def card_counts(state: GameState) -> Counter[tuple[int, str]]:
    """(owner, card) -> copies anywhere: with open hands every card is somewhere exactly once
    (a ritual's components are in the ritual until they go to the void)."""
    counts: Counter[tuple[int, str]] = Counter()
    for seat, p in enumerate(state.players):
        for zone in (p.hand, p.deck, p.void, p.ritual_zone, p.sabotage_zone):
            counts.update((seat, c) for c in zone)
    for m in state.monsters:
        counts[(m.owner, m.card_id)] += 1
    if state.ritual is not None:
        counts.update((state.active, c) for c in state.ritual.components)
    return counts


def check_invariants(game: VileGame, start: Counter[tuple[int, str]], turn_before: int) -> None:
    state = game.state
    catalog = sample_catalog()
    for p in state.players:
        assert 0 <= p.exhausted <= p.cultists <= MAX_CULTISTS, "Recruit: at most ten cultists"
        assert p.energy >= 0 and p.stockpile >= 0
        assert p.hand_size == len(p.hand) and p.deck_size == len(p.deck)
    assert card_counts(state) == start, "no card in two zones, none lost"
    ids = [m.id for m in state.monsters]
    assert len(ids) == len(set(ids))
    for m in state.monsters:
        assert m.damage < defense_of(m, catalog), "Dies: damage reaching defense kills"
    if state.turn != turn_before and state.phase in (Phase.BEGINNING, Phase.MAIN1):
        assert all(m.damage == 0 for m in state.monsters), "End Phase: damage is removed"
        assert state.players[state.active].exhausted == 0, "Beginning Phase: cultists refresh"
    if state.over:
        assert state.winner is not None and game.acting_player() is None
    else:
        assert all(p.energy < 100 for p in state.players), "Winning: 100 energy ends the game"


def each_listed_action_changes_the_game(game: VileGame, options: list[va.Action]) -> None:
    """Now and then each listed action really applies, on a fork, and changes the state (but
    for passing)."""
    if len(game.history) % 7 == 0:
        for action in options:
            fork = game.fork()
            fork.apply(action)
            assert fork.state != game.state or isinstance(action, va.Pass)


@SETTINGS
@given(seed=st.integers(0, 10_000))
def test_winning__random_playouts_keep_invariants_and_every_listed_action_applies(
    seed: int,
) -> None:
    game = VileGame(random_setup(seed))
    start = card_counts(game.state)
    props.play_out(
        game,
        random.Random(seed),
        choose,
        600,
        after_each=lambda g, before: check_invariants(g, start, before.turn),
        look_at_options=each_listed_action_changes_the_game,
    )


@SETTINGS
@given(seed=st.integers(0, 10_000))
def test_undo__restores_the_exact_state_and_log(seed: int) -> None:
    props.undo_each_step(VileGame(random_setup(seed)), random.Random(seed), choose, 200)


@SETTINGS
@given(seed=st.integers(0, 10_000), steps=st.integers(0, 300))
def test_replay_and_save_load__give_an_equal_game(seed: int, steps: int) -> None:
    game = props.advance(VileGame(random_setup(seed)), random.Random(seed), choose, steps)
    game.apply(va.AdjustPlayer(0, stockpile=3))  # adjustments are saved too
    props.replay_and_reload(game)


@SETTINGS
@given(seed=st.integers(0, 10_000))
def test_hidden_hands__random_playouts_keep_counts_and_lists_empty(seed: int) -> None:
    from engine.vile.setup import PlayerSetup, VileSetup

    setup = VileSetup(
        (PlayerSetup("Alena", "fungus"), PlayerSetup("Anton", "phantom")),
        seed=seed,
        catalog=sample_catalog(),
        hidden_hands=True,
    )
    props.play_out(
        VileGame(setup),
        random.Random(seed),
        choose,
        400,
        after_each=props.hands_stay_hidden,
    )
