"""Turn-order helpers shared by games where players act in seat order and can be eliminated."""

from __future__ import annotations

from collections.abc import Collection, Iterator


def seats_after(seat: int, count: int) -> Iterator[int]:
    """Every other seat in turn order, starting with the one after ``seat``."""
    for step in range(1, count):
        yield (seat + step) % count


def next_seat(seat: int, count: int, skip: Collection[int]) -> int | None:
    """The next seat after ``seat`` in turn order that is not in ``skip`` (None if none)."""
    for other in seats_after(seat, count):
        if other not in skip:
            return other
    return None


def in_turn_order(start: int, count: int) -> list[int]:
    """All seats, ``start`` first."""
    return [(start + step) % count for step in range(count)]
