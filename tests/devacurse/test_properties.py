"""Random play-outs (hypothesis): every listed action applies, undo restores the exact state,
replay and save/load give an equal game, and the game's invariants hold (the checks every game
shares are in tests/game_properties.py)."""

from __future__ import annotations

import random
from collections import Counter
from typing import Any

from hypothesis import given
from hypothesis import strategies as st

from engine.devacurse import DevacurseGame
from engine.devacurse.randomplay import choose, random_game, random_setup
from engine.devacurse.state import GameState
from engine.devacurse.stats import remaining
from tests import game_properties as props

SETTINGS = props.property_settings(20)


def pick(rnd: random.Random, options: list[Any]) -> Any:
    """Devacurse's random choice, entering blessings half of the time."""
    return choose(rnd, options, rnd.random() < 0.5)


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
    check = lambda g, _: check_invariants(g, start)  # noqa: E731
    props.play_out(game, random.Random(seed), pick, 300, after_each=check, undo_rate=0.1)
    props.replay_and_reload(game)


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

    def counts_sane(game: DevacurseGame, _before: object) -> None:
        props.hands_stay_hidden(game)
        assert all(min(p.faith, p.blessings) >= 0 for p in game.state.players)

    props.play_out(hidden, random.Random(seed), pick, 200, after_each=counts_sane, undo_rate=0.1)
