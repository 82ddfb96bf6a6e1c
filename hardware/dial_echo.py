"""Telling a dial's echo from a player's turn (docs/protocol.md, SET_DIAL).

A dial answers every SET_DIAL with a DIAL event carrying the value it now shows; those answers
are not turns. Without this, setting 0 then 2 quickly would read the late "0" answer as the
player turning the dial back to 0. Knows dials and values only: no game, no seats.
"""

from __future__ import annotations

from hardware.events import DialChanged

DialKey = tuple[str, int]  # (device, dial index)


class DialEchoes:
    """What each dial shows, as far as the host knows, and the values sent to it that it has
    not answered yet."""

    def __init__(self) -> None:
        self._shown: dict[DialKey, int] = {}
        self._pending: dict[DialKey, list[int]] = {}

    def needs(self, key: DialKey, value: int, force: bool = False) -> bool:
        """Whether the dial must be sent ``value`` (it shows something else, or ``force``);
        when it must, the value is recorded as sent and its answer will be an echo."""
        if not force and self._shown.get(key) == value:
            return False
        self._shown[key] = value
        self._pending.setdefault(key, []).append(value)
        return True

    def is_echo(self, event: DialChanged) -> bool:
        """True for the dial's answer to a value we sent (then it is no longer pending)."""
        key = (event.device, event.dial)
        pending = self._pending.get(key)
        if not pending or event.value not in pending:
            return False
        del pending[: pending.index(event.value) + 1]
        return True

    def turned(self, event: DialChanged) -> None:
        """A player turned the dial: it now shows the event's value."""
        self._shown[(event.device, event.dial)] = event.value

    def awaiting(self) -> bool:
        """Whether any dial has yet to answer a value sent to it."""
        return any(self._pending.values())

    def forget(self, device: str, dial: int) -> None:
        """A dial was reassigned or its device reconnected: what it shows is unknown again."""
        self._shown.pop((device, dial), None)
        self._pending.pop((device, dial), None)
