"""Runs of passes told once. The log screen's commands and the engine's own lines beside them
both fold a run of the adapter's passes into one line ("Alena, Anton: 4 passes"); this is the
grouping they share. No Kivy, no game."""

from __future__ import annotations

from collections.abc import Callable, Iterable, Iterator, Sequence
from typing import TypeVar

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
