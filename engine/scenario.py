"""Scenario files and saved games: one TOML format (docs/scenarios.md).

A file holds a setup, a starting position (or none: a fresh game from the setup), inline
cards, a list of actions and optional expectations. Saving a game writes its starting
position and its command log; loading replays the log.
"""

from __future__ import annotations

import tomllib
from dataclasses import dataclass
from typing import Any

from engine.cards import Card, card_to_dict, cards_from_list, sample_catalog
from engine.errors import IllegalAction
from engine.zeal import actions as za
from engine.zeal.context import Ctx
from engine.zeal.game import ZealGame
from engine.zeal.position import position_to_dict
from engine.zeal.position_read import Fields, PositionError, state_from_position
from engine.zeal.setup import PlayerSetup, ZealSetup, initial_state
from engine.zeal.state import GameState
from engine.zeal.view import state_view


class ScenarioError(ValueError):
    """A scenario or save file that can't be read; the message names the file and field."""


@dataclass(frozen=True)
class Expectation:
    path: str  # dotted path into state_view(), e.g. "players.0.devotion"
    equals: Any


@dataclass(frozen=True)
class Scenario:
    setup: ZealSetup
    state: GameState  # the starting position (for a fresh game, the setup's)
    actions: tuple[za.Action, ...]
    expect: tuple[Expectation, ...] = ()
    source: str = "<scenario>"
    description: str = ""


def load_scenario(text: str, source: str = "<scenario>") -> Scenario:
    try:
        data = tomllib.loads(text)
    except tomllib.TOMLDecodeError as exc:
        raise ScenarioError(f"{source}: not valid TOML: {exc}") from None
    try:
        return _scenario(data, source)
    except (PositionError, ValueError) as exc:
        if isinstance(exc, ScenarioError):
            raise
        text = str(exc)
        raise ScenarioError(text if text.startswith(source) else f"{source}: {text}") from None


def _scenario(data: dict[str, Any], source: str) -> Scenario:
    extra: list[Card] = cards_from_list(data.get("card", []), source) if "card" in data else []
    catalog = sample_catalog().merged(extra)
    s = Fields(data.get("setup", {}), "setup")
    players_data = data.get("players")
    if not isinstance(players_data, list) or not 2 <= len(players_data) <= 8:
        raise ScenarioError(f"{source}: 2 to 8 [[players]] are needed")
    seats = len(players_data)
    fresh = s.flag("fresh", False)
    hidden = s.flag("hidden_hands", True)
    first = s.number("first_player", 0, 0, seats - 1)
    players = []
    for seat, p in enumerate(players_data):
        f = Fields(p, f"players[{seat}]")
        players.append(
            PlayerSetup(
                name=f.text("name", ""),
                deck=f.card_ids("deck", catalog) if fresh else (),
                deck_size=f.opt_number("deck_size"),
            )
        )
    setup = ZealSetup(
        players=tuple(players),
        seed=s.number("seed", 0, 0, (1 << 64) - 1),
        catalog=catalog,
        first_player=first,
        hidden_hands=hidden,
        mode=s.text("mode", "casual"),
    )
    # A fresh game is set up now, so a bad deck is reported when the file is read.
    state = fresh_start(setup) if fresh else state_from_position(data, catalog, hidden, first)
    top = Fields(data, "file")
    actions = []
    for i, entry in enumerate(top.items("actions")):
        try:
            actions.append(za.from_dict(entry))
        except IllegalAction as exc:
            raise ScenarioError(f"{source}: actions[{i}]: {exc.message}") from None
    expect = []
    for i, entry in enumerate(top.items("expect")):
        if not isinstance(entry, dict) or "path" not in entry or "equals" not in entry:
            raise ScenarioError(f"{source}: expect[{i}]: needs 'path' and 'equals'")
        expect.append(Expectation(str(entry["path"]), entry["equals"]))
    return Scenario(
        setup=setup,
        state=state,
        actions=tuple(actions),
        expect=tuple(expect),
        source=source,
        description=top.text("description", ""),
    )


def run_scenario(scenario: Scenario) -> ZealGame:
    """Sets up the position and applies the actions; IllegalAction carries the index."""
    return ZealGame.replay(scenario.setup, scenario.actions, state=scenario.state)


def check_expectations(scenario: Scenario, game: ZealGame) -> list[str]:
    """What the file expected and the game does not show, in words (empty: all as expected)."""
    view = state_view(game.state)
    view["log"] = [e.text for e in game.log]
    view["prompts"] = [p.text for p in game.prompts()]
    problems = []
    for exp in scenario.expect:
        try:
            actual = _lookup(view, exp.path)
        except (KeyError, IndexError, ValueError):
            problems.append(f"{exp.path}: not found in the state")
            continue
        if actual != exp.equals:
            problems.append(f"{exp.path}: expected {exp.equals!r}, found {actual!r}")
    return problems


def _lookup(view: Any, path: str) -> Any:
    here = view
    for part in path.split("."):
        if part == "len":
            here = len(here)
        elif isinstance(here, list):
            here = here[int(part)]
        else:
            here = here[part]
    return here


def dump_game(game: ZealGame) -> dict[str, Any]:
    """The game as TOML-ready data: setup, starting position, inline cards, command log."""
    setup = game.setup
    start = game.initial_state
    out: dict[str, Any] = {
        "setup": {
            "seed": setup.seed,
            "first_player": start.first_player,
            "hidden_hands": setup.hidden_hands,
            "mode": setup.mode,
        }
    }
    out.update(position_to_dict(start))
    sample = sample_catalog()
    extra = [
        card_to_dict(c) for c in game.catalog.cards if c.id not in sample or sample.get(c.id) != c
    ]
    if extra:
        out["card"] = extra
    out["actions"] = [za.to_dict(a) for a in game.history]
    return out


def fresh_start(setup: ZealSetup) -> GameState:
    """The state a setup starts from (as ZealGame does), for tools that need it alone."""
    return initial_state(setup, Ctx(setup.the_catalog()))


__all__ = [
    "Expectation",
    "Scenario",
    "ScenarioError",
    "check_expectations",
    "dump_game",
    "load_scenario",
    "run_scenario",
    "state_view",
]
