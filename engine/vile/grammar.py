"""Counts in players' words: "1 ready cultist", "2 ready cultists"."""

from __future__ import annotations


def count(n: int, one: str, many: str | None = None) -> str:
    """``n`` with the singular or the plural (``one`` + "s" unless ``many`` is given)."""
    return f"{n} {one if n == 1 else (many or one + 's')}"


def ready_cultists(n: int) -> str:
    return count(n, "ready cultist")
