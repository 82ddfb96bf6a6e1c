"""The numbers the docs state about the code, read from the code: how many players each game
takes (its ``GameKind``), the limits a reader plans around (a frame's bytes, the device's ring
and dials, a scenario file's size and nesting), the exit codes of `altar` (companion_app/cli.py)
and the targets a measured figure is held to (the bench it names, bench/targets.toml).

Each checker returns ``(line, problem)`` pairs for one page, in a reader's words.
"""

from __future__ import annotations

import ast
import re
from collections.abc import Callable, Iterator
from functools import cache
from pathlib import Path

_NUMBERS = {"one": 1, "two": 2, "three": 3, "four": 4, "five": 5, "six": 6, "seven": 7, "eight": 8}
_N = r"(\d+|one|two|three|four|five|six|seven|eight)"


def _int(word: str) -> int:
    return _NUMBERS.get(word.lower(), 0) if not word.isdigit() else int(word)


def _lines(text: str, at: int) -> int:
    return text.count("\n", 0, at)


# --- players --------------------------------------------------------------------------------

# "2 to 8 players", "2-4 players", "a two-player game" (not "a 6-8 player team draft" or "a
# 4-player round robin": an event's size, not the game's)
_COUNT = re.compile(rf"\b(?:{_N}(?: to |-|–){_N} players\b|an? {_N}-player game\b)", re.I)


@cache
def _games() -> list[tuple[str, str, int, int]]:
    """(kind, title, fewest, most players) of every game, from the engine's registry."""
    from engine import games

    return [(k.kind, k.title, k.min_players, k.max_players) for k in games.all_games()]


def _game_named(text: str, default: str | None) -> str | None:
    """The game the text names last (by title, or by kind as a word), else ``default``."""
    best: tuple[int, str] | None = None
    for kind, title, _lo, _hi in _games():
        for name in {title, kind.capitalize() if len(kind) > 2 else kind.upper()}:
            for m in re.finditer(rf"(?<![\w-]){re.escape(name)}(?![\w-])", text):
                if best is None or m.start() > best[0]:
                    best = (m.start(), kind)
    return best[1] if best else default


def player_counts(page: Path, text: str) -> Iterator[tuple[int, str]]:
    """A count of players said of a game is that game's: "**Zeal** (2 to 8 players)". The game
    is the one named last before the count in its sentence, or the page's own game
    (docs/games/<kind>.md)."""
    own = page.stem if page.parent.name == "games" else None
    by_kind = {kind: (title, lo, hi) for kind, title, lo, hi in _games()}
    for m in _COUNT.finditer(text):
        sentence_start = max(text.rfind(". ", 0, m.start()), text.rfind("\n\n", 0, m.start()))
        kind = _game_named(text[sentence_start + 1 : m.start()], own)
        if kind not in by_kind:
            continue
        title, lo, hi = by_kind[kind]
        if m.group(3):
            said = (_int(m.group(3)), _int(m.group(3)))
        else:
            said = (_int(m.group(1)), _int(m.group(2)))
        if said != (lo, hi):
            takes = f"{lo} to {hi}" if lo != hi else str(lo)
            yield (
                _lines(text, m.start()),
                (f'"{m.group(0)}": {title} takes {takes} players (engine: GameKind)'),
            )


# --- limits ---------------------------------------------------------------------------------


def _wire(name: str) -> int:
    from hardware import wire

    return int(getattr(wire, name))


def _const(path: str, name: str) -> int:
    """A module-level integer of one of our files, read from its source (MicroPython's
    ``const(N)`` too), so the firmware is read without being imported."""
    root = Path(__file__).resolve().parents[2]
    tree = ast.parse((root / path).read_text(encoding="utf-8"))
    for node in tree.body:
        if isinstance(node, ast.Assign) and any(
            isinstance(t, ast.Name) and t.id == name for t in node.targets
        ):
            value = node.value
            if isinstance(value, ast.Call) and value.args:
                value = value.args[0]
            if isinstance(value, ast.Constant) and isinstance(value.value, int):
                return value.value
    raise KeyError(f"{path} defines no {name}")


# (what the reader is told, the pattern that says it with the number as group 1, the number
# from the code, in the pattern's unit)
LIMITS: list[tuple[str, re.Pattern[str], Callable[[], float]]] = [
    (
        "a frame's size (hardware/wire.py MAX_FRAME)",
        re.compile(r"every frame, either way, is at most (\d+) bytes"),
        lambda: _wire("MAX_FRAME"),
    ),
    (
        "a frame's payload (hardware/wire.py MAX_PAYLOAD)",
        re.compile(r"payload\s+by message type \(below\): at most (\d+) bytes"),
        lambda: _wire("MAX_PAYLOAD"),
    ),
    (
        "the device's replay ring (firmware/altarfw/link.py _RING)",
        re.compile(r"(\d+)-frame (?:replay )?ring"),
        lambda: _const("firmware/altarfw/link.py", "_RING"),
    ),
    (
        "the dials of one device (firmware/altarfw/device.py _MAX_DIALS)",
        re.compile(r"(?:up to|at most) (\d+) dials(?: a| per| on one)? device"),
        lambda: _const("firmware/altarfw/device.py", "_MAX_DIALS"),
    ),
    (
        "a scenario file's size (companion_app/commands/args.py SCENARIO_LIMIT)",
        re.compile(r"over (\d+) MB"),
        lambda: _const("companion_app/commands/args.py", "SCENARIO_LIMIT") / 1_000_000,
    ),
    (
        "a scenario file's nesting (engine/scenario.py MAX_NESTING)",
        re.compile(r"nested more\s+than (\d+) deep"),
        lambda: _const("engine/scenario.py", "MAX_NESTING"),
    ),
]


def limits(text: str) -> Iterator[tuple[int, str]]:
    for what, pattern, read in LIMITS:
        for m in pattern.finditer(text):
            said, code = float(m.group(1)), float(read())
            if said != code:
                yield _lines(text, m.start()), f'"{m.group(0)}": {what} is {code:g}'


# --- exit codes -----------------------------------------------------------------------------

# "exits 0 when ..., 1 naming what did not, and 2 when ...", "exit 2"; the README's "**130**"
_EXIT = re.compile(r"\bexit(?:s|ed)?(?: with)?(?: code| status)? (\d+)\b")
# The codes the same sentence goes on to give: ", 1 naming ...", "and 2 when ..."
_MORE = re.compile(r"(?:,|\band)\s+(\d+)\s+(?:when|naming|if|on|for|after)\b")


@cache
def exit_codes() -> dict[int, str]:
    """`altar`'s exit codes: 0 and 1 (done; ran, but not as asked) and each ``EXIT_*`` of
    companion_app/cli.py."""
    from companion_app import cli

    codes = {0: "done as asked", 1: "ran, not as asked"}
    codes.update({v: k for k, v in vars(cli).items() if k.startswith("EXIT_")})
    return codes


def exits(page: Path, text: str) -> Iterator[tuple[int, str]]:
    """Every exit code the docs state is one `altar` has; the README's list of them names
    each one it has."""
    known = exit_codes()
    said: list[tuple[int, int]] = []
    for m in _EXIT.finditer(text):
        said.append((m.start(), int(m.group(1))))
        end = min(
            e for e in (text.find(". ", m.end()), text.find("\n\n", m.end()), len(text)) if e >= 0
        )
        said += [(m.start(), int(n)) for n in _MORE.findall(text, m.end(), end)]
    listed = re.search(r"Exit codes[^\n]*:((?:.|\n)*?)\n\n", text)
    if listed:
        at = listed.start()
        found = {int(n) for n in re.findall(r"\*\*(\d+)\*\*", listed.group(1))}
        said += [(at, n) for n in found]
        for code in sorted(set(known) - found):
            yield _lines(text, at), f"the exit codes listed leave out {code} ({known[code]})"
    for at, code in said:
        if code not in known:
            yield (
                _lines(text, at),
                (f"`altar` has no exit code {code} (companion_app/cli.py: {sorted(known)})"),
            )


# --- a measured figure's bench --------------------------------------------------------------

_BENCH = re.compile(r"bench/(bench_\w+)\.py")
_UNITS = {"ms": 0.001, "s": 1.0, "KiB": 1024.0, "bytes": 1.0}
# "within the 24 KiB budget", "target <= 10 ms", "(target: 2.5 s)"
_HELD_TO = re.compile(
    r"(?:within the|target(?: of)?:?|budget of|<=|≤)\s*(?:p\d\d )?(?:<= ?|≤ ?)?"
    r"(\d[\d,]*(?:\.\d+)?) ?(ms|s|KiB|bytes)\b(?: budget)?"
)


@cache
def bench_targets(repo: Path, bench: str) -> list[tuple[str, float, str]]:
    """(row, number, unit) of every bench/targets.toml row the bench names (as
    tests/bench/test_targets.py reads them)."""
    from bench import targets
    from tests.bench.test_targets import rows_named_by_the_benches

    script = repo / "bench" / f"{bench}.py"
    if not script.is_file():
        return []
    named = rows_named_by_the_benches(only=script)
    return [(r, targets.target_number(r), str(targets.table()[r]["unit"])) for r in named]


def _in_unit(number: float, unit: str, row_unit: str) -> float | None:
    """The figure in the row's unit (``ms, p99``, ``bytes``, ``s`` ...), or None."""
    base = row_unit.split(",")[0].split()[0]
    if base not in _UNITS or unit not in _UNITS:
        return None
    if (base == "bytes") != (unit in ("KiB", "bytes")):
        return None
    return number * _UNITS[unit] / _UNITS[base]


def bench_figures(repo: Path, block: str) -> Iterator[str]:
    """A block that names a bench: the bench exists, and a target or budget the block holds a
    figure to is one of that bench's targets (bench/targets.toml), not a number of its own."""
    for m in _BENCH.finditer(block):
        if not (repo / "bench" / f"{m.group(1)}.py").is_file():
            yield f"`bench/{m.group(1)}.py` does not exist"
    benches = {m.group(1) for m in _BENCH.finditer(block)}
    rows = [row for b in sorted(benches) for row in bench_targets(repo, b)]
    if not rows:
        return
    for m in _HELD_TO.finditer(block):
        number, unit = float(m.group(1).replace(",", "")), m.group(2)
        comparable = [(r, n, u) for r, n, u in rows if _in_unit(number, unit, u) is not None]
        if comparable and not any(
            abs((_in_unit(number, unit, u) or 0) - n) <= 1e-9 * max(1, n) for _r, n, u in comparable
        ):
            row, n, u = comparable[0]
            yield (
                f'"{m.group(0).strip()}": the bench\'s target is {n:g} {u} '
                f"(bench/targets.toml, {row!r})"
            )


# --- the tournament broker's logins -----------------------------------------------------------

# "`altar-<id>-table-<N>` writes only its own result topic and reads the state", up to the
# clause's end (a table cell's bar, a semicolon, a full stop, the next login)
_LOGIN = re.compile(r"`altar-<id>-(host|watch|table-<N>)`:? ((?:(?!`altar-)[^|;.\n])*)")


@cache
def broker_rights() -> dict[str, frozenset[tuple[str, str]]]:
    """What each login of a tournament's broker may do, read from the ACL the host writes
    (companion_app/tournament/broker_access.py): role -> {(read|write, result|state|view)}."""
    from companion_app.tournament.broker_access import BrokerAccess

    rights: dict[str, set[tuple[str, str]]] = {}
    role = ""
    for line in BrokerAccess.new("T", 1).acl().splitlines():
        if line.startswith("user "):
            role = re.sub(r"^altar-T-", "", line.split()[1]).replace("table-0", "table-<N>")
            rights[role] = set()
        elif line.startswith("topic "):
            _topic, access, topic = line.split()
            noun = topic.split("/")[3]
            for verb in ("read", "write"):
                if verb in access:
                    rights[role].add((verb, noun))
    return {r: frozenset(v) for r, v in rights.items()}


def broker_logins(text: str) -> Iterator[tuple[int, str]]:
    """What the docs say a broker login may do is what the ACL lets it do, all of it."""
    rights = broker_rights()
    for m in _LOGIN.finditer(text):
        said: set[tuple[str, str]] = set()
        verbs: list[str] = []  # "reads and writes the state": both verbs take the noun
        after_noun = False
        for word in re.findall(r"[a-z]+", m.group(2)):
            if word.startswith(("read", "write")):
                verbs = [] if after_noun else verbs
                verbs.append("read" if word.startswith("read") else "write")
                after_noun = False
            elif word.rstrip("s") in ("result", "state", "view"):
                said |= {(v, word.rstrip("s")) for v in verbs}
                after_noun = True
        acl = rights.get(m.group(1))
        if acl is None or not said or said == acl:
            continue
        may = ", ".join(f"{v} the {n}" for v, n in sorted(acl))
        yield (
            _lines(text, m.start()),
            (
                f'"{m.group(0).strip()}": the broker\'s ACL lets `altar-<id>-{m.group(1)}` {may} '
                "(companion_app/tournament/broker_access.py)"
            ),
        )
