"""Runs of passes told once. The log screen's commands and the engine's own lines beside them
(and the broadcast's log) fold a run of the adapter's passes into one line ("Alena, Anton: 4
passes"); this is the grouping they share, and the engine's lines worded so (``story``). No
Kivy, no game."""

from __future__ import annotations

from collections.abc import Callable, Iterable, Iterator, Sequence
from typing import TypeVar

from engine.core.records import LogEntry

T = TypeVar("T")


def runs(items: Iterable[T], folds: Callable[[T], bool]) -> Iterator[list[T]]:
    """The items in order: each one alone, except that items ``folds`` holds for, when several
    come in a row, come as one run."""
    run: list[T] = []
    for item in items:
        if folds(item):
            run.append(item)
            continue
        if run:
            yield run
            run = []
        yield [item]
    if run:
        yield run


def who(seats: Iterable[int | None], names: Sequence[str]) -> str:
    """The players of a run, each once, in the order they first come: "Alena, Anton"."""
    seen: list[str] = []
    for seat in seats:
        if seat is not None and 0 <= seat < len(names) and names[seat] not in seen:
            seen.append(names[seat])
    return ", ".join(seen)


def story(
    entries: Iterable[LogEntry],
    folds: Callable[[LogEntry], bool],
    names: Sequence[str],
    turn_word: str = "Turn",
) -> list[str]:
    """The engine's own lines as the log screen words them, a run of the lines ``folds``
    holds for (the adapter's passes) told once: "Turn 3 · Main: Alena, Anton: 4 passes"."""
    lines: list[str] = []
    for run in runs(entries, folds):
        last = run[-1]
        text = (
            last.text
            if len(run) == 1
            else f"{who((e.player for e in run), names)}: {len(run)} passes"
        )
        # Before the first turn (setup, mulligans) the count is not given: "Turn 0".
        count = f"{turn_word} {last.turn} · " if last.turn > 0 else ""
        lines.append(f"{count}{last.step}: {text}")
    return lines
