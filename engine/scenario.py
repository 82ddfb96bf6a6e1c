"""Scenario files and saved games, for every game: one TOML format (docs/scenarios.md).

A file names its game (``game = "deeds"``; Zeal when absent, so older files keep working),
holds that game's setup and starting position (read by the game's own reader), a list of
actions, and optional expectations: what the state must show at the end or after a given
action (a value, a bound, a list holding or lacking something, none), or an action that must
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
# How an expectation checks its value; at_least and at_most may go together (a range).
CHECKS = ("equals", "at_least", "at_most", "contains", "lacks", "none")
EXPECT_KEYS = ("path", "after", *CHECKS)


class ScenarioError(ValueError):
    """A scenario or save file that can't be read; the message names the file and field."""


@dataclass(frozen=True)
class Expectation:
    """What one value of the state must be. ``checks`` pairs a check of CHECKS with what it
    compares against; ``after`` is the action (counted from 1) after which it is checked, None
    for the end (0: the starting position)."""

    path: str  # dotted path into the game's state view, e.g. "players.0.devotion"
    checks: tuple[tuple[str, Any], ...]
    after: int | None = None

    @property
    def equals(self) -> Any:
        return dict(self.checks).get("equals")

    def problem(self, actual: Any) -> str | None:
        """What is wrong with ``actual``, in words; None when every check holds."""
        for check, wanted in self.checks:
            wrong = _check(check, wanted, actual)
            if wrong is not None:
                return wrong
        return None


def _check(check: str, wanted: Any, actual: Any) -> str | None:
    if check == "equals":
        return None if actual == wanted else f"expected {wanted!r}, found {actual!r}"
    if check == "none":
        if (actual is None) == wanted:
            return None
        return f"expected none, found {actual!r}" if wanted else "expected a value, found none"
    if check in ("at_least", "at_most"):
        if not isinstance(actual, (int, float)) or isinstance(actual, bool):
            return f"expected a number to compare, found {actual!r}"
        if check == "at_least":
            return None if actual >= wanted else f"expected at least {wanted!r}, found {actual!r}"
        return None if actual <= wanted else f"expected at most {wanted!r}, found {actual!r}"
    if not isinstance(actual, list):
        return f"expected a list to look in, found {actual!r}"
    if check == "contains":
        return None if wanted in actual else f"expected {wanted!r} among {actual!r}"
    return None if wanted not in actual else f"expected no {wanted!r}, found it in {actual!r}"


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
    expect = [_expectation(f, i, source, len(entries)) for i, f in enumerate(top.tables("expect"))]
    return Scenario(
        kind=kind,
        setup=setup,
        state=state,
        entries=tuple(entries),
        expect=tuple(expect),
        source=source,
        description=top.text("description", ""),
    )


def _expectation(f: Fields, i: int, source: str, actions: int) -> Expectation:
    """One [[expect]] table, every key checked (docs/scenarios.md)."""
    where = f"{source}: expect[{i}]"
    check_known(f.data, f"expect[{i}]", EXPECT_KEYS)
    checks = tuple((c, f.data[c]) for c in CHECKS if c in f.data)
    if "path" not in f.data or not checks:
        raise ScenarioError(f"{where}: needs 'path' and one of {', '.join(CHECKS)}")
    kinds = {c for c, _ in checks}
    if len(checks) > 1 and kinds != {"at_least", "at_most"}:
        raise ScenarioError(
            f"{where}: one check at a time ({', '.join(sorted(kinds))}); at_least and at_most "
            "may go together"
        )
    for check, wanted in checks:
        number = isinstance(wanted, (int, float)) and not isinstance(wanted, bool)
        if check in ("at_least", "at_most") and not number:
            raise ScenarioError(f"{where}: '{check}' must be a number, not {wanted!r}")
        if check == "none" and not isinstance(wanted, bool):
            raise ScenarioError(
                f"{where}: 'none' must be true (the value is none) or false (it is not)"
            )
    after = f.data.get("after")
    if after is not None and (
        not isinstance(after, int) or isinstance(after, bool) or not 0 <= after <= actions
    ):
        raise ScenarioError(
            f"{where}: 'after' must be an action's number, 0 to {actions} (0: before any)"
        )
    return Expectation(f.text("path", ""), checks, after)


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
    run.failures.extend(_checked_after(scenario, game, 0))
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
        run.failures.extend(_checked_after(scenario, game, number))
    run.failures.extend(check_expectations(scenario, game))
    return run


def _checked_after(scenario: Scenario, game: AnyGame, number: int) -> list[str]:
    if not any(e.after == number for e in scenario.expect):
        return []
    return [f"after action {number}: {p}" for p in check_expectations(scenario, game, number)]


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


def scenario_view(scenario: Scenario, game: AnyGame) -> dict[str, Any]:
    """What expectations look into (and --json prints): the game's state view, with the log,
    the prompts, and why the table may stop a game that is not over (``stalemate``: proven;
    ``stall_note``: no proof claimed; each none when it does not hold)."""
    view = scenario.kind.state_view(game.state)
    view["log"] = [e.text for e in game.log]
    view["prompts"] = [p.text for p in game.prompts()]
    view["stalemate"] = game.stalemate()
    view["stall_note"] = game.stall_note()
    return view


def check_expectations(scenario: Scenario, game: AnyGame, after: int | None = None) -> list[str]:
    """What the file expected of the game now and it does not show, in words (empty: all as
    expected): the expectations for the end, or with ``after`` those checked after that
    action."""
    wanted = [e for e in scenario.expect if e.after == after]
    if not wanted:
        return []
    view = scenario_view(scenario, game)
    problems = []
    for exp in wanted:
        try:
            actual = _lookup(view, exp.path)
        except (KeyError, IndexError, ValueError, TypeError):
            problems.append(f"{exp.path}: not found in the state")
            continue
        problem = exp.problem(actual)
        if problem is not None:
            problems.append(f"{exp.path}: {problem}")
    return problems


def _lookup(view: Any, path: str) -> Any:
    """The value at a dotted path: a key, a list index, "len" (how many), or "*" (each
    element of a list: the rest of the path is looked up in every one, giving a list)."""
    parts = path.split(".")
    here = view
    for at, part in enumerate(parts):
        if part == "*":
            if not isinstance(here, list):
                raise TypeError("* needs a list")
            rest = ".".join(parts[at + 1 :])
            return [_lookup(item, rest) if rest else item for item in here]
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
    "scenario_view",
    "start_scenario",
]
