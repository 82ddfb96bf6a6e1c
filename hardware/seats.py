"""The table's one seat map: which seat each dial and each reader belongs to.

There is one per table. The device manager owns it and stamps every event with the seat it
says (``DialChanged.seat``, ``TagPresented.seat`` ...); the app reads the same object, to
route events that came without a manager (the in-process paths, tests) and to find the dial
that shows a seat's value. No second map exists, so the two can never disagree about whose
dial is whose (issue 9).

A reader with no seat is a shared reader in the middle of the table: a card scanned there is
played for whoever may act. A dial with no seat belongs to nobody. A dial's button passes for
the dial's seat: button ``i`` of a device sits on its dial ``i``.
"""

from __future__ import annotations

import dataclasses
from dataclasses import dataclass, field

from hardware.events import ButtonPressed, DialChanged, Event, TagPresented, TagRemoved

Part = tuple[str, int]  # (device id, dial or reader index)


@dataclass
class SeatMap:
    dials: dict[Part, int] = field(default_factory=dict)
    readers: dict[Part, int] = field(default_factory=dict)

    def assign_dial(self, device: str, dial: int, seat: int | None) -> None:
        """Give a dial to a seat (None: to nobody)."""
        _assign(self.dials, (device, dial), seat)

    def assign_reader(self, device: str, reader: int, seat: int | None) -> None:
        """Give a reader to a seat (None: a shared reader again)."""
        _assign(self.readers, (device, reader), seat)

    def dial_of(self, seat: int) -> Part | None:
        """The dial that shows this seat's value, if it has one."""
        for part, owner in self.dials.items():
            if owner == seat:
                return part
        return None

    def seat_of(self, event: Event) -> int | None:
        """The seat this map gives the event's dial, reader or button (None: nobody's)."""
        if isinstance(event, DialChanged):
            return self.dials.get((event.device, event.dial))
        if isinstance(event, ButtonPressed):
            return self.dials.get((event.device, event.button))
        if isinstance(event, (TagPresented, TagRemoved)):
            return self.readers.get((event.device, event.reader))
        return None

    def stamp(self, event: Event) -> Event:
        """The event with its seat filled in from this map. A seat already stamped is kept:
        it was this same map's answer when the event arrived."""
        if not isinstance(event, (DialChanged, ButtonPressed, TagPresented, TagRemoved)):
            return event  # a device's status is nobody's seat
        if event.seat is not None:
            return event
        seat = self.seat_of(event)
        return event if seat is None else dataclasses.replace(event, seat=seat)


def _assign(parts: dict[Part, int], part: Part, seat: int | None) -> None:
    if seat is None:
        parts.pop(part, None)
    else:
        parts[part] = seat
