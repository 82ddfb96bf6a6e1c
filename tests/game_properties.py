"""What every game's property tests check, written once: each game's tests/<kind>/
test_properties.py (Zeal's is tests/zeal/) gives its own game, its random choices
(engine/<kind>/randomplay.py) and its invariants, and keeps its own special properties there.

- ``play_out``: in a random legal play-out every listed action is legal, one of them applies,
  the game's invariants hold after it, and (now and then) undo takes it back exactly.
- ``undo_each_step``: undo after every action restores the state and the log exactly.
- ``replay_and_reload``: a game replayed from its command log, and one saved to a TOML file
  and loaded again, equal the game; every action reads back from its plain-data form.
- ``junk_actions`` / ``refused_in_words``: actions with any values at all, as a buggy client or
  a damaged file might send, are explained in players' words and refused, leaving the state
  as it was; what is not refused applies and undoes.
"""

from __future__ import annotations

import dataclasses
import random
import re
from collections.abc import Callable, Iterable, Mapping
from typing import Any

import pytest
import tomli_w
from hypothesis import HealthCheck, Phase, settings
from hypothesis import strategies as st

from engine import games
from engine.errors import IllegalAction
from engine.scenario import dump_game, load_scenario, run_scenario

Game = Any  # any engine.core.game.Game: the helpers use only its contract
# (rnd, the listed actions) -> the one to play: a game's randomplay.choose
Pick = Callable[[random.Random, list[Any]], Any]
# (the game after the action, the state before it) -> None; asserts the game's invariants
AfterEach = Callable[[Game, Any], None]


def property_settings(max_examples: int, *, shrink: bool = True) -> settings:
    """Every game's hypothesis settings: no deadline (a play-out is long); derandomized in
    `make test`, new examples in `make fuzz` (the profile decides: tests/derandomized.py). ``shrink=False``: a play-out is a seed, and
    the seed is the smallest example there is."""
    phases = None if shrink else [Phase.explicit, Phase.generate]
    return settings(
        max_examples=max_examples,
        deadline=None,
        suppress_health_check=[HealthCheck.too_slow],
        **({} if phases is None else {"phases": phases}),
    )


def advance(game: Game, rnd: random.Random, pick: Pick, steps: int) -> Game:
    """Up to ``steps`` random legal actions, fewer if the game ends."""
    for _ in range(steps):
        if game.outcome() is not None:
            break
        game.apply(pick(rnd, list(game.legal_actions())))
    return game


def play_out(
    game: Game,
    rnd: random.Random,
    pick: Pick,
    steps: int,
    *,
    after_each: AfterEach | None = None,
    look_at_options: Callable[[Game, list[Any]], None] | None = None,
    undo_rate: float = 0.0,
) -> Game:
    """A random legal play-out of up to ``steps`` actions: someone can always act, the rules'
    check says nothing against any listed action, ``after_each`` holds after each one, and with
    chance ``undo_rate`` the action is undone (it must give back the very state before) and
    played again. ``look_at_options`` sees the listed actions before one is picked."""
    for _ in range(steps):
        if game.outcome() is not None:
            break
        options = list(game.legal_actions())
        assert options, f"someone must be able to act: {game.prompts()}"
        # The rules' own check (explain_in): explain trusts what was just listed (Game.listed_now).
        state = game.state
        for action in options:
            assert game.explain_in(state, action) is None, (action, game.explain_in(state, action))
        if look_at_options is not None:
            look_at_options(game, options)
        before = game.state
        action = pick(rnd, options)
        game.apply(action)
        if after_each is not None:
            after_each(game, before)
        if undo_rate and rnd.random() < undo_rate:
            assert game.undo() == action and game.state is before
            game.apply(action)
    return game


def undo_each_step(game: Game, rnd: random.Random, pick: Pick, steps: int) -> None:
    """After every action, undo gives back that action, the state before and the log before;
    then the action is played again and the play-out goes on."""
    for _ in range(steps):
        if game.outcome() is not None:
            break
        before, log = game.state, list(game.log)
        action = pick(rnd, list(game.legal_actions()))
        game.apply(action)
        assert game.undo() == action
        assert game.state == before and list(game.log) == log
        game.apply(action)


def replay_and_reload(game: Game) -> None:
    """The command log replays to an equal game (state and log), a save file loads to an equal
    game (state and history), and every action of the log reads back from its plain data."""
    kind = games.get(game.kind)
    for action in game.history:
        assert kind.action_from_dict(kind.action_to_dict(action)) == action
    replayed = type(game).replay(game.setup, game.history)
    assert replayed.state == game.state and list(replayed.log) == list(game.log)
    loaded = run_scenario(load_scenario(tomli_w.dumps(dump_game(game)), "save.toml"))
    assert loaded.state == game.state and list(loaded.history) == list(game.history)


def hands_stay_hidden(game: Game, _before: Any = None) -> None:
    """With hidden hands the engine knows only counts: no card lists, no count below 0. (An
    ``after_each`` of play_out as it is.)"""
    for p in game.state.players:
        assert p.hand == () and p.deck == () and p.hand_size >= 0 and p.deck_size >= 0


# Values a buggy client or a damaged file might put in any field.
JUNK = st.one_of(st.integers(-3, 40), st.text(max_size=8), st.none(), st.booleans())
SEATS = st.integers(-1, 3)  # a seat at a table of up to four, or none at all


def junk_actions(
    types: Mapping[str, type[Any]],
    *,
    values: st.SearchStrategy[Any] = JUNK,
    seats: st.SearchStrategy[int] = SEATS,
) -> st.SearchStrategy[Any]:
    """Any of a game's action classes, each field filled with any value at all: a seat (real or
    not) for ``player``, lists of values and of tuples of values for tuple fields."""
    entries = st.one_of(values, st.lists(values, max_size=4).map(tuple))

    @st.composite
    def build(draw: st.DrawFn) -> Any:
        cls = types[draw(st.sampled_from(sorted(types)))]
        kwargs: dict[str, Any] = {}
        for f in dataclasses.fields(cls):
            if f.name == "player":
                kwargs[f.name] = draw(seats)
            elif str(f.type).startswith("tuple"):
                kwargs[f.name] = tuple(draw(st.lists(entries, max_size=3)))
            else:
                kwargs[f.name] = draw(values)
        return cls(**kwargs)

    return build()


# Python's words, never players': reprs of None, True, False, tuples and lists, exception names.
LEAKS = (r"\bNone\b", r"\bTrue\b", r"\bFalse\b", r"\('", r"\['", "Error")


def refused_in_words(game: Game, action: Any, leaks: Iterable[str] = ()) -> None:
    """``action`` is explained, never crashed on: a refusal is in players' words (quoted text is
    the players' own; outside it no Python and none of ``leaks``) and apply refuses it leaving
    the very same state; an action explain lets through applies and undoes exactly."""
    before = game.state
    problem = game.explain(action)
    if problem is None:
        game.apply(action)
        assert game.undo() == action and game.state is before
        return
    assert isinstance(problem, str) and problem
    words = re.sub(r'"[^"]*"', "", problem)
    for leak in (*LEAKS, *leaks):
        assert not re.search(leak, words), problem
    with pytest.raises(IllegalAction):
        game.apply(action)
    assert game.state is before
