"""Random play-outs (hypothesis): every listed action applies, undo restores the exact state,
replay and save/load give an equal game, and the game's invariants hold."""

from __future__ import annotations

import random
from collections import Counter

import tomli_w
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from engine.devacurse import DevacurseGame
from engine.devacurse.randomplay import choose, random_game, random_setup
from engine.devacurse.state import GameState
from engine.devacurse.stats import remaining
from engine.scenario import dump_game, load_scenario, run_scenario

SETTINGS = settings(
    max_examples=20, deadline=None, suppress_health_check=[HealthCheck.too_slow], derandomize=True
)


def cards(state: GameState) -> Counter[tuple[int, str]]:
    """(owner, card) -> copies in every zone; with open hands no card appears or vanishes,
    but for soldiers called from closed prayers (a count, not cards: README)."""
    out: Counter[tuple[int, str]] = Counter()
    for seat, p in enumerate(state.players):
        for zone in (p.hand, p.deck, p.cenotaph, p.black_hole):
            out.update((seat, c) for c in zone)
        out.update((seat, loc.card_id) for loc in p.locations)
        for u in p.units:
            out[(seat, u.card_id)] += 1
            out.update((seat, e) for e in u.equipment)
    return out


def check_invariants(game: DevacurseGame, start: Counter[tuple[int, str]]) -> None:
    state = game.state
    for p in state.players:
        assert p.faith >= 0 and p.blessings >= 0 and p.prayers >= 0
        assert p.hand_size == len(p.hand) and p.deck_size == len(p.deck)
        for u in p.units:
            assert remaining(game.catalog, u) > 0, "a unit with no DF or AP left is dead"
    ids = [u.id for p in state.players for u in p.units]
    assert len(ids) == len(set(ids)) and all(i < state.next_id for i in ids)
    assert cards(state) == start, "no card in two zones, none lost"
    if state.phase == "prayers":
        assert all(u.prompt and not u.bolster_at for p in state.players for u in p.units)
    if state.over:
        assert game.acting_player() is None and not list(game.legal_actions())
    else:
        assert game.acting_player() in (0, 1)


@SETTINGS
@given(seed=st.integers(0, 10_000))
def test_random_playouts__actions_apply_undo_restores_invariants_hold(seed: int) -> None:
    game = DevacurseGame(random_setup(seed))
    start = cards(game.state)
    rnd = random.Random(seed)
    for _ in range(300):
        if game.outcome() is not None:
            break
        options = list(game.legal_actions())
        assert options, f"someone must be able to act: {game.prompts()}"
        for action in options:
            assert game.explain(action) is None, (action, game.explain(action))
        before = game.state
        action = choose(rnd, options, rnd.random() < 0.5)
        game.apply(action)
        check_invariants(game, start)
        if rnd.random() < 0.1:
            assert game.undo() == action and game.state is before
            game.apply(action)
    again = DevacurseGame.replay(game.setup, game.history)
    assert again.state == game.state and again.log == game.log
    loaded = run_scenario(load_scenario(tomli_w.dumps(dump_game(game)), "save.toml"))
    assert loaded.state == game.state and list(loaded.history) == list(game.history)


@SETTINGS
@given(seed=st.integers(0, 10_000))
def test_random_game__finishes_or_is_marked_capped(seed: int) -> None:
    result = random_game(seed, 2, 60)
    assert result.capped == (result.game.outcome() is None)
    full = random_game(seed, 2, 3000)
    assert not full.capped and full.game.outcome() is not None


def test_undo__through_a_whole_game_back_to_the_start() -> None:
    game = random_game(5).game
    assert isinstance(game, DevacurseGame)
    states = []
    replayed = DevacurseGame(game.setup)
    for action in game.history:
        states.append(replayed.state)
        replayed.apply(action)
    for state in reversed(states):
        replayed.undo()
        assert replayed.state is state


@SETTINGS
@given(seed=st.integers(0, 10_000))
def test_hidden_hands__random_playouts_keep_counts_and_undo_restores(seed: int) -> None:
    """At the table: hands and decks are counts, any scanned card may be played while the
    hand is not empty; counts never go below 0 and every listed action applies."""
    setup = random_setup(seed)
    hidden = DevacurseGame(
        type(setup)(
            players=tuple(type(p)(p.name, deck_size=25) for p in setup.players),
            seed=seed,
            hidden_hands=True,
        )
    )
    rnd = random.Random(seed)
    for _ in range(200):
        if hidden.outcome() is not None:
            break
        options = list(hidden.legal_actions())
        assert options and all(hidden.explain(a) is None for a in options)
        before = hidden.state
        hidden.apply(choose(rnd, options, rnd.random() < 0.5))
        for p in hidden.state.players:
            assert p.hand == () and p.deck == ()
            assert min(p.hand_size, p.deck_size, p.faith, p.blessings) >= 0
        if rnd.random() < 0.1:
            hidden.undo()
            assert hidden.state is before
