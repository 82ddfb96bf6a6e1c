"""Typed input events: what the host link hands to the app. Nothing here knows the rules.

Events carry absolute state (a dial's value, a tag present or removed), never deltas, so an
event that arrives twice cannot count twice. ``device`` is the device id as hex, so the app
can show it and map a device's dials and readers to seats.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from time import monotonic


@dataclass(frozen=True)
class TagPresented:
    """A tag was placed on a reader: reported once per placement, never while it rests there."""

    device: str
    reader: int
    uid: bytes
    # The card reference stored on the tag ("altar:<ref>" in NDEF), when it has one.
    card_ref: str | None = None
    at: float = field(default_factory=monotonic, compare=False)
    seat: int | None = None  # the seat the table's seat map gives this reader (hardware/seats.py)
    # False for events of a device no table claimed (only `altar monitor` lets those through).
    trusted: bool = field(default=True, compare=False)


@dataclass(frozen=True)
class TagRemoved:
    device: str
    reader: int
    uid: bytes
    at: float = field(default_factory=monotonic, compare=False)
    seat: int | None = None
    trusted: bool = field(default=True, compare=False)


@dataclass(frozen=True)
class DialChanged:
    """A devotion dial now shows ``value`` (absolute, within the range the host set).

    ``at_stop``: the player turned it against its stop (its minimum or maximum), so ``value``
    is unchanged; the table tells them why nothing moved (docs/protocol.md, DIAL)."""

    device: str
    dial: int
    value: int
    at: float = field(default_factory=monotonic, compare=False)
    seat: int | None = None  # the seat the table's seat map gives this dial (hardware/seats.py)
    trusted: bool = field(default=True, compare=False)
    at_stop: bool = False


@dataclass(frozen=True)
class ButtonPressed:
    device: str
    button: int
    kind: str  # "short", "long" or "double"
    at: float = field(default_factory=monotonic, compare=False)
    seat: int | None = None  # the seat of the dial this button sits on (hardware/seats.py)
    trusted: bool = field(default=True, compare=False)


@dataclass(frozen=True)
class DeviceStatus:
    """A device's health and connection, for the Devices screen and the scoreboard's badges."""

    device: str
    connected: bool
    battery: int | None = None  # percent; None when unknown or on USB power
    free_heap: int | None = None
    uptime_s: int | None = None
    errors: int = 0
    message: str = ""  # in players' words: "Dial box 'a1b2' lost its connection: retrying"
    at: float = field(default_factory=monotonic, compare=False)
    # Frames a stranger sent that the device dropped since its last report (DIAG 4): forged
    # (a wrong MAC or proof) and unsigned ones in a session.
    forged: int = 0
    unsigned: int = 0


Event = TagPresented | TagRemoved | DialChanged | ButtonPressed | DeviceStatus
