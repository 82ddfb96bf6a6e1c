"""The flags the docs name belong to the command they are named for.

A flag goes stale quietly: renamed in the code, it lives on in a table cell's optional part
(`altar demo [--to-the-end]`), a command continued over two lines with a backslash, or a
sentence ("`--no-ble` skips aioble"). The whole command-line check parses lines that are
commands; this one reads every ``--flag`` anywhere in the docs, prose and code blocks alike,
and finds the command it is named for: the nearest command written before it, on its line or
above it in the same page (`altar tournament host`, `python -m tests.app.explorer`,
`tests/app/imagecompare.py`). An `altar` flag must be an option of that subcommand, as the real
parser builds it; a flag of one of our scripts must be in that script's source; a flag of
another program (mypy, esptool.py, pytest ...) is that program's business.
"""

from __future__ import annotations

import argparse
import importlib
import re
from collections.abc import Iterator
from functools import cache
from pathlib import Path

_FLAG = re.compile(r"(?<![\w/.=-])--[a-z][\w-]*")
_FENCE = re.compile(r"^\s*(```|~~~)")
_HEADING = re.compile(r"^#{1,6} ")
# A command written in the docs: `altar WORDS`, `python -m MODULE`, a script of ours by path,
# or another program by name.
_ALTAR = re.compile(r"\baltar((?: [a-z][a-z-]*)*)")
_MODULE = re.compile(r"\bpython3? -m ((?:tests|bench|companion_app|hardware|engine)(?:\.\w+)*)")
_SCRIPT = re.compile(
    r"(?:\bpython3? |`)((?:tests|bench|firmware|companion_app|hardware)/[\w/]+\.py) "
)
# A subcommand written without `altar` before it, at the start of code: `host --swiss`.
_BARE = re.compile(r"`([a-z]+) (?=-)")
_OTHER = re.compile(
    r"\b(mypy|esptool(?:\.py)?|pytest|ruff|pip|npm|node|mpremote|make|mosquitto|git|"
    r"lint-imports|python3?(?! -m (?:tests|bench|companion_app|hardware|engine)\b))\b"
)


@cache
def altar_options() -> dict[tuple[str, ...], frozenset[str]]:
    """(subcommand words) -> the option strings the real `altar` parser gives it; a command
    with subcommands (`altar tournament`) also takes those of all of them, as prose names a
    group's flags under its name."""
    from companion_app import cli

    found: dict[tuple[str, ...], set[str]] = {}

    def walk(parser: argparse.ArgumentParser, path: tuple[str, ...]) -> set[str]:
        own: set[str] = set()
        below: set[str] = set()
        for action in parser._actions:
            own.update(action.option_strings)
            if isinstance(action, argparse._SubParsersAction):
                for name, sub in action.choices.items():
                    below |= walk(sub, (*path, name))
        found[path] = own | below
        return own | below

    for name, module, _help in cli.COMMANDS:
        parser = argparse.ArgumentParser(prog=f"altar {name}")
        importlib.import_module(module).add_arguments(parser)
        walk(parser, (name,))
    found[()] = set().union(*found.values())
    return {k: frozenset(v) for k, v in found.items()}


def _altar_owner(words: str) -> tuple[str, ...]:
    """The deepest subcommand the words after `altar` name."""
    known = altar_options()
    path: tuple[str, ...] = ()
    for word in words.split():
        if (*path, word) in known:
            path = (*path, word)
        else:
            break
    return path


def _script_source(repo: Path, owner: str) -> str | None:
    """The source of one of our scripts (a path, or a module run with -m; a package: all
    its files), or None when there is no such file."""
    if owner.endswith(".py"):
        path = repo / owner
        return path.read_text(encoding="utf-8") if path.is_file() else None
    base = repo / owner.replace(".", "/")
    if base.is_dir():
        return "\n".join(p.read_text(encoding="utf-8") for p in sorted(base.rglob("*.py")))
    path = base.with_suffix(".py")
    return path.read_text(encoding="utf-8") if path.is_file() else None


# An owner: ("altar", words), ("script", path or module), ("other", name).
Owner = tuple[str, object]


def _owners(text: str) -> Iterator[tuple[int, Owner]]:
    for m in _ALTAR.finditer(text):
        yield m.start(), ("altar", _altar_owner(m.group(1)))
    for m in _MODULE.finditer(text):
        yield m.start(), ("script", m.group(1))
    for m in _SCRIPT.finditer(text):
        yield m.start(), ("script", m.group(1))
    for m in _OTHER.finditer(text):
        yield m.start(), ("other", m.group(1))
    subcommands = {path[-1]: path for path in altar_options() if len(path) == 2}
    for m in _BARE.finditer(text):
        if m.group(1) in subcommands:
            yield m.start(), ("altar", subcommands[m.group(1)])


def named_flags(repo: Path, doc: Path) -> Iterator[tuple[int, str, list[Owner]]]:
    """(line, flag, the commands it may be named for) for every flag in ``doc``; a command
    continued with a trailing backslash is one line. A flag after a command on its own line is
    that command's; a flag in a sentence without one may be any command's that its section
    (heading to heading) names. In a code block only a line with a command names flags (the
    others are output, comments, diagrams)."""
    lines = doc.read_text(encoding="utf-8").splitlines()
    sections: list[list[tuple[int, str, list[tuple[int, Owner]], bool]]] = [[]]
    number, in_fence = 0, False
    while number < len(lines):
        start, text = number + 1, lines[number]
        while text.rstrip().endswith("\\") and number + 1 < len(lines):
            number += 1
            text = text.rstrip()[:-1] + " " + lines[number].strip()
        number += 1
        if _FENCE.match(text):
            in_fence = not in_fence
            continue
        if not in_fence and _HEADING.match(text):
            sections.append([])  # a new section names its own commands
        marks = sorted(_owners(text), key=lambda o: o[0])
        sections[-1].append((start, text, marks, in_fence))
    for section in sections:
        # Another program named somewhere in the section does not own a sentence's flags:
        # only one on the flag's own line does.
        named = [o for _n, _t, marks, _f in section for _at, o in marks if o[0] != "other"]
        for start, text, marks, in_fence in section:
            if in_fence and not marks:
                continue
            # A code line's comment speaks of the section, not of the command before it.
            comment = re.search(r"\s#\s", text) if in_fence else None
            for m in _FLAG.finditer(text):
                before = [o for at, o in marks if at < m.start()]
                if comment and m.start() > comment.start():
                    before = []
                yield start, m.group(0), before[-1:] or named


def _takes(repo: Path, flag: str, owner: Owner) -> bool | None:
    """Whether the command takes ``flag``; None when it cannot be told (another program's
    flag, a script that does not exist: the path check says so)."""
    kind, what = owner
    if kind == "altar":
        assert isinstance(what, tuple)
        return flag in altar_options()[what]
    if kind == "script":
        assert isinstance(what, str)
        source = _script_source(repo, what)
        if source is not None:
            return re.search(rf"[\"']{re.escape(flag)}[\"'=]", source) is not None
    return None


def _name(owner: Owner) -> str:
    kind, what = owner
    return " ".join(("altar", *what)) if kind == "altar" else str(what)  # type: ignore[misc]


def problem(repo: Path, flag: str, owners: list[Owner]) -> str | None:
    """What is false about naming ``flag`` for one of ``owners``, or None."""
    if not owners:
        if flag in altar_options()[()]:
            return None
        return f"`{flag}` is no option of any `altar` command, and no command is named near it"
    answers = [_takes(repo, flag, o) for o in owners]
    if any(a is not False for a in answers):
        return None
    names = sorted({_name(o) for o in owners})
    return f"{' nor '.join(f'`{n}`' for n in names)} has no option `{flag}`"
