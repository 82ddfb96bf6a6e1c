"""What one browser is sent, and when: each viewer gets every table's newest view, at most
``per_second`` messages a second. Views that change faster are coalesced (the viewer gets the
newest, never a backlog), so a slow phone costs the server one pending view per table, not a
queue that grows. The clock is passed in, so tests move it by hand (no I/O here)."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any


@dataclass(eq=False)  # one per viewer, kept in a set
class ViewerFeed:
    per_second: float = 10.0
    pending: dict[str, dict[str, Any]] = field(default_factory=dict)  # key -> newest message
    sent: int = 0
    coalesced: int = 0
    _next_at: float = 0.0

    def offer(self, key: str, message: dict[str, Any]) -> None:
        """A newer message for ``key`` (a table, or the standings) replaces one not yet sent."""
        if key in self.pending:
            self.coalesced += 1
        self.pending[key] = message

    def due(self, now: float) -> list[dict[str, Any]]:
        """What may be sent at ``now``: nothing before the rate allows, else one message per
        waiting key (oldest key first), counted as one send."""
        if not self.pending or now < self._next_at:
            return []
        out = list(self.pending.values())
        self.pending.clear()
        self.sent += len(out)
        self._next_at = now + 1.0 / self.per_second
        return out

    def wait(self, now: float) -> float:
        """Seconds until something may be sent (0: now)."""
        return max(0.0, self._next_at - now)
