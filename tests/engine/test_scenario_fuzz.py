"""Scenario and save files from anywhere: a damaged file gets a clear error, never a crash."""

from __future__ import annotations

import copy
from typing import Any

import tomli_w
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from engine.errors import IllegalAction
from engine.scenario import ScenarioError, dump_game, load_scenario, run_scenario
from engine.zeal import ZealGame
from engine.zeal.randomplay import play_out, random_setup


def _saved() -> dict[str, Any]:
    game = ZealGame(random_setup(4))
    play_out(game, 4, max_actions=60)
    return dump_game(game)


SAVED = _saved()

_values = st.one_of(
    st.integers(-5, 50),
    st.text(max_size=8),
    st.booleans(),
    st.lists(st.integers(-2, 9), max_size=3),
    st.lists(st.text(max_size=5), max_size=3),
    st.dictionaries(st.text(max_size=5), st.integers(0, 3), max_size=2),
    st.floats(allow_nan=False, allow_infinity=False),
)


def _paths(node: Any, prefix: tuple[Any, ...] = ()) -> list[tuple[Any, ...]]:
    out = [prefix] if prefix else []
    if isinstance(node, dict):
        for k, v in node.items():
            out += _paths(v, prefix + (k,))
    elif isinstance(node, list):
        for i, v in enumerate(node[:4]):
            out += _paths(v, prefix + (i,))
    return out


PATHS = _paths(SAVED)


@settings(max_examples=200, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(picks=st.lists(st.tuples(st.sampled_from(PATHS), _values), min_size=1, max_size=3))
def test_a_damaged_save_file_gets_a_clear_error_never_a_crash(picks: list[tuple[Any, Any]]) -> None:
    data = copy.deepcopy(SAVED)
    for path, value in picks:
        node = data
        try:
            for key in path[:-1]:
                node = node[key]
            node[path[-1]] = value
        except (KeyError, IndexError, TypeError):
            continue
    text = tomli_w.dumps(data)
    try:
        run_scenario(load_scenario(text, "damaged.toml"))
    except (ScenarioError, IllegalAction) as exc:
        assert str(exc)  # a message for the players
