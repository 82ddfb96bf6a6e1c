"""Property tests (hypothesis): random legal play-outs keep the game's invariants, undo
restores the exact state, replay and save/load give an equal game, every listed action
applies."""

from __future__ import annotations

import random
from collections import Counter

import tomli_w
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from engine.scenario import dump_game, load_scenario, run_scenario
from engine.vile import GameState, VileGame
from engine.vile import actions as va
from engine.vile.cards import sample_catalog
from engine.vile.ops import defense_of
from engine.vile.randomplay import choose, random_setup
from engine.vile.state import MAX_CULTISTS, Phase

SETTINGS = settings(
    max_examples=20, deadline=None, suppress_health_check=[HealthCheck.too_slow], derandomize=True
)


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


@SETTINGS
@given(seed=st.integers(0, 10_000))
def test_winning__random_playouts_keep_invariants_and_every_listed_action_applies(
    seed: int,
) -> None:
    game = VileGame(random_setup(seed))
    start = card_counts(game.state)
    rnd = random.Random(seed)
    for _ in range(600):
        if game.outcome() is not None:
            break
        options = list(game.legal_actions())
        assert options, f"someone must be able to act: {game.prompts()}"
        for action in options:
            assert game.explain(action) is None, (action, game.explain(action))
        if len(game.history) % 7 == 0:  # and each one really applies, on a fork
            for action in options:
                fork = game.fork()
                fork.apply(action)
                assert fork.state != game.state or isinstance(action, va.Pass)
        turn = game.state.turn
        game.apply(choose(rnd, options))
        check_invariants(game, start, turn)


@SETTINGS
@given(seed=st.integers(0, 10_000))
def test_undo__restores_the_exact_state_and_log(seed: int) -> None:
    game = VileGame(random_setup(seed))
    rnd = random.Random(seed)
    for _ in range(200):
        if game.outcome() is not None:
            break
        before, log = game.state, list(game.log)
        action = choose(rnd, list(game.legal_actions()))
        game.apply(action)
        assert game.undo() == action
        assert game.state == before and list(game.log) == log
        game.apply(action)


@SETTINGS
@given(seed=st.integers(0, 10_000), steps=st.integers(0, 300))
def test_replay_and_save_load__give_an_equal_game(seed: int, steps: int) -> None:
    game = VileGame(random_setup(seed))
    rnd = random.Random(seed)
    for _ in range(steps):
        if game.outcome() is not None:
            break
        game.apply(choose(rnd, list(game.legal_actions())))
    game.apply(va.AdjustPlayer(0, stockpile=3))  # adjustments are saved too
    replayed = VileGame.replay(game.setup, game.history)
    assert replayed.state == game.state
    again = run_scenario(load_scenario(tomli_w.dumps(dump_game(game)), "save.toml"))
    assert again.state == game.state
    assert list(again.history) == list(game.history)


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
    game = VileGame(setup)
    rnd = random.Random(seed)
    for _ in range(400):
        if game.outcome() is not None:
            break
        options = list(game.legal_actions())
        assert options
        game.apply(choose(rnd, options))
        for p in game.state.players:
            assert p.hand == () and p.deck == () and p.hand_size >= 0 and p.deck_size >= 0
