"""A seeded random source whose whole state is one integer.

Game states are immutable so that undo is a reference swap; the random source must be part of
that state, so it cannot be a ``random.Random`` object. SplitMix64 is tiny, fast in pure
Python and good enough for shuffling cards.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TypeVar

T = TypeVar("T")

_MASK = (1 << 64) - 1


def next_value(rng: int) -> tuple[int, int]:
    """Returns (a 64-bit random value, the next rng state)."""
    rng = (rng + 0x9E3779B97F4A7C15) & _MASK
    z = rng
    z = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) & _MASK
    z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & _MASK
    return z ^ (z >> 31), rng


def below(rng: int, n: int) -> tuple[int, int]:
    """A value in range(n) and the next rng state. n must be positive."""
    value, rng = next_value(rng)
    return value % n, rng


def shuffled(rng: int, items: Sequence[T]) -> tuple[tuple[T, ...], int]:
    """A Fisher-Yates shuffle of ``items`` and the next rng state."""
    out = list(items)
    for i in range(len(out) - 1, 0, -1):
        j, rng = below(rng, i + 1)
        out[i], out[j] = out[j], out[i]
    return tuple(out), rng
