"""Scenario files and saved games, for every game: one TOML format (docs/scenarios.md).

A file names its game (``game = "deeds"``; Zeal when absent, so older files keep working),
holds that game's setup and starting position (read by the game's own reader), a list of
actions, and optional expectations: a value the final state must show, or an action that must
be refused with given words. Unknown keys anywhere are an error naming the file, the table and
the key. Saving a game writes its starting position and its command log; loading replays it.
"""

from __future__ import annotations

import tomllib
from dataclasses import dataclass, field
from typing import Any

from engine import games
from engine.core.fields import Fields, check_known
from engine.core.kind import AnyGame, GameKind
from engine.errors import IllegalAction, MalformedAction, SetupError

GENERIC_KEYS = ("game", "description", "actions", "expect")
EXPECT_KEYS = ("path", "equals")


class ScenarioError(ValueError):
    """A scenario or save file that can't be read; the message names the file and field."""


@dataclass(frozen=True)
class Expectation:
    path: str  # dotted path into the game's state view, e.g. "players.0.devotion"
    equals: Any


@dataclass(frozen=True)
class ActionEntry:
    """One [[actions]] entry: the action, and the words its refusal must contain when the
    file expects the rules to refuse it (None: it must apply)."""

    action: Any
    refused: str | None = None


@dataclass(frozen=True)
class Scenario:
    kind: GameKind
    setup: Any
    state: Any  # the starting position (for a fresh game, the setup's)
    entries: tuple[ActionEntry, ...]
    expect: tuple[Expectation, ...] = ()
    source: str = "<scenario>"
    description: str = ""

    @property
    def actions(self) -> tuple[Any, ...]:
        """The actions expected to apply, in order."""
        return tuple(e.action for e in self.entries if e.refused is None)


@dataclass
class ScenarioRun:
    """What playing a scenario did: a line per action, and every expectation not met."""

    game: AnyGame
    lines: list[str] = field(default_factory=list)
    failures: list[str] = field(default_factory=list)

    @property
    def ok(self) -> bool:
        return not self.failures


# A scenario or saved game is a few thousand characters; a file a thousand times that is not
# one, and reading it would only hold the table up.
MAX_CHARS = 1_000_000
# Arrays and tables inside each other: no game's file goes deeper than a handful, and Python's
# TOML reader recurses once a level (a file of 100,000 "[" ran out of stack).
MAX_NESTING = 32


def load_scenario(text: str, source: str = "<scenario>") -> Scenario:
    if len(text) > MAX_CHARS:
        raise ScenarioError(
            f"{source}: {len(text):,} characters is too long for a scenario (at most {MAX_CHARS:,})"
        )
    try:
        data = tomllib.loads(text)
    except tomllib.TOMLDecodeError as exc:
        raise ScenarioError(f"{source}: not valid TOML: {exc}") from None
    except RecursionError:
        raise ScenarioError(
            f"{source}: arrays or tables are nested too deeply (at most {MAX_NESTING} levels)"
        ) from None
    if _depth(data) > MAX_NESTING:
        raise ScenarioError(
            f"{source}: arrays or tables are nested too deeply (at most {MAX_NESTING} levels)"
        )
    try:
        return _scenario(data, source)
    except ScenarioError:
        raise
    except (ValueError, TypeError) as exc:
        message = str(exc)
        raise ScenarioError(
            message if message.startswith(source) else f"{source}: {message}"
        ) from None


def _depth(value: Any) -> int:
    """How many arrays and tables deep ``value`` goes (a loop, not recursion: the check must
    not itself run out of stack)."""
    deepest = 0
    stack: list[tuple[Any, int]] = [(value, 1)]
    while stack:
        item, level = stack.pop()
        children = item.values() if isinstance(item, dict) else item
        if isinstance(item, (dict, list)):
            deepest = max(deepest, level)
            stack.extend((child, level + 1) for child in children)
    return deepest


def _scenario(data: dict[str, Any], source: str) -> Scenario:
    top = Fields(data, "the file")
    kind = games.get(top.text("game", games.DEFAULT_KIND))
    own = {k: v for k, v in data.items() if k not in GENERIC_KEYS}
    setup, state = kind.read_scenario(own, source)
    entries = []
    for i, entry in enumerate(top.items("actions")):
        if not isinstance(entry, dict):
            raise ScenarioError(f"{source}: actions[{i}]: must be a table ([[actions]])")
        body = dict(entry)
        refused = body.pop("refused", None)
        if refused is not None and not isinstance(refused, str):
            raise ScenarioError(
                f"{source}: actions[{i}]: 'refused' must be the words the refusal must contain"
            )
        try:
            entries.append(ActionEntry(kind.action_from_dict(body), refused))
        except MalformedAction as exc:
            raise ScenarioError(f"{source}: actions[{i}]: {exc}") from None
    expect = []
    for i, f in enumerate(top.tables("expect")):
        check_known(f.data, f"expect[{i}]", EXPECT_KEYS)
        if "path" not in f.data or "equals" not in f.data:
            raise ScenarioError(f"{source}: expect[{i}]: needs 'path' and 'equals'")
        expect.append(Expectation(f.text("path", ""), f.data["equals"]))
    return Scenario(
        kind=kind,
        setup=setup,
        state=state,
        entries=tuple(entries),
        expect=tuple(expect),
        source=source,
        description=top.text("description", ""),
    )


def start_scenario(scenario: Scenario) -> AnyGame:
    """The game at the file's starting position, before any action."""
    try:
        return scenario.kind.game.start(scenario.setup, scenario.state)
    except SetupError as exc:
        raise ScenarioError(f"{scenario.source}: {exc}") from None


def play_scenario(scenario: Scenario) -> ScenarioRun:
    """Plays every action, checking each refusal the file expects and, at the end, every
    expectation. Action numbers count from 1, as people count."""
    game = start_scenario(scenario)
    run = ScenarioRun(game)
    for index, entry in enumerate(scenario.entries):
        number = index + 1
        words = _describe(game, entry.action)
        why = game.explain(entry.action)
        if entry.refused is None:
            if why is not None:
                run.failures.append(f"action {number} ({words}) was refused: {why}")
                return run  # what follows was written for a game where it applied
            game.apply(entry.action)
            run.lines.append(f"{number}. {words}")
        elif why is None:
            run.failures.append(
                f"action {number} ({words}) should have been refused "
                f'("{entry.refused}"), but the rules allow it'
            )
        elif entry.refused.casefold() not in why.casefold():
            run.failures.append(
                f'action {number} ({words}) was refused, but without the words "{entry.refused}":'
                f" {why}"
            )
        else:
            run.lines.append(f"{number}. {words}: refused, as expected ({why})")
    run.failures.extend(check_expectations(scenario, game))
    return run


def run_scenario(scenario: Scenario) -> AnyGame:
    """Plays the actions; IllegalAction (with the index) when one expected to apply is
    refused, ScenarioError when an expected refusal does not happen as written."""
    game = start_scenario(scenario)
    for index, entry in enumerate(scenario.entries):
        if entry.refused is None:
            try:
                game.apply(entry.action)
            except IllegalAction as exc:
                raise IllegalAction(exc.message, index=index) from None
            continue
        why = game.explain(entry.action)
        if why is None or entry.refused.casefold() not in why.casefold():
            raise ScenarioError(
                f'{scenario.source}: action {index + 1} should be refused with "{entry.refused}"'
                f", but {'the rules allow it' if why is None else 'the refusal says: ' + why}"
            )
    return game


def _describe(game: AnyGame, action: Any) -> str:
    try:
        return game.describe(action)
    except (KeyError, IndexError, AttributeError, TypeError):
        return type(action).__name__  # a malformed action: its kind is all we can say


def check_expectations(scenario: Scenario, game: AnyGame) -> list[str]:
    """What the file expected and the game does not show, in words (empty: all as expected)."""
    view = scenario.kind.state_view(game.state)
    view["log"] = [e.text for e in game.log]
    view["prompts"] = [p.text for p in game.prompts()]
    problems = []
    for exp in scenario.expect:
        try:
            actual = _lookup(view, exp.path)
        except (KeyError, IndexError, ValueError, TypeError):
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


def dump_game(game: AnyGame) -> dict[str, Any]:
    """The game as TOML-ready data: its kind, setup, starting position, inline cards and
    command log; ``load_scenario`` reads it back."""
    kind = games.get(game.kind)
    out: dict[str, Any] = {"game": game.kind}
    out.update(kind.position_to_dict(game))
    out["actions"] = [kind.action_to_dict(a) for a in game.history]
    return out


__all__ = [
    "ActionEntry",
    "Expectation",
    "Scenario",
    "ScenarioError",
    "ScenarioRun",
    "check_expectations",
    "dump_game",
    "load_scenario",
    "play_scenario",
    "run_scenario",
    "start_scenario",
]
