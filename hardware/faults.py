"""A lossy radio on demand: a seeded share of frames dropped, corrupted, duplicated or reordered.

Used by the simulator's transports (``LoopbackTransport(faults=...)``, ``PtySimulator(faults=
...)``) and the fault tests, so the host link is proven against the radio of a busy game store.
"""

from __future__ import annotations

import random

KINDS = ("drop", "corrupt", "duplicate", "reorder")


class FrameSpoiler:
    def __init__(self, rate: float = 0.0, seed: int = 0) -> None:
        if not 0.0 <= rate <= 1.0:
            raise ValueError("a fault rate is a share between 0 and 1")
        self.rate = rate
        self.rng = random.Random(seed)
        self.counts: dict[str, int] = {}

    def apply(self, frames: list[bytes], held: list[bytes]) -> list[bytes]:
        """-> the frames that go through now. A reordered frame waits in ``held`` (one list per
        direction) and goes out after the next batch's frames."""
        out = list(held)
        held.clear()
        if not self.rate:
            return out + frames
        for f in frames:
            if self.rng.random() >= self.rate:
                out.append(f)
                continue
            kind = self.rng.choice(KINDS)
            self.counts[kind] = self.counts.get(kind, 0) + 1
            if kind == "corrupt":
                b = bytearray(f)
                b[self.rng.randrange(len(b))] ^= 1 << self.rng.randrange(8)
                out.append(bytes(b))
            elif kind == "duplicate":
                out += [f, f]
            elif kind == "reorder":
                held.append(f)
        return out
