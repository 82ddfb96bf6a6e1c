"""What the host remembers about one device across connections: its boot, the numbering both
ways, host commands not yet acked, an unclaim not yet confirmed, a CARD waiting for its TAG, and
counters for the status."""

from __future__ import annotations

from dataclasses import dataclass, field

from hardware.reliable import Inbox, Outbox

HOST_RING = 64  # host commands kept until acked (SET_DIAL, FEEDBACK)


@dataclass
class Peer:
    """What the host remembers about one device across connections."""

    device: str
    boot_id: bytes | None = None
    inbox: Inbox = field(default_factory=Inbox)
    outbox: Outbox = field(default_factory=lambda: Outbox(HOST_RING))
    # A CARD frame is attached to the TAG present frame right after it (the next sequence
    # number, same reader): reader -> (CARD's seq, ref). If that TAG was lost (a ring overflow)
    # the reference is not pinned on some later tag.
    cards: dict[int, tuple[int, str]] = field(default_factory=dict)
    # Session keys of earlier connections: a frame signed with one is a replay (or a frame the
    # radio delayed past a reconnect), told apart from a forgery in the report.
    old_sessions: list[bytes] = field(default_factory=list)
    ack_due: bool = False  # events were stored since the last ack: send one
    # The table asked the device to forget its key (an unclaim): kept across connections, so
    # a link that is reconnecting when the player confirms sends it once its session opens;
    # cleared when the device says it is ready (its signed REFUSE 6) or the table gives up.
    unclaim_asked: bool = False
    # The device said "ready" and this table forgot its key: it waits for the device's word
    # that it forgot its own (signed REFUSE 9). Said in the same session only (issue 35).
    unclaim_forgotten: bool = False
    dials: int = 0
    readers: int = 0
    firmware: tuple[int, int, int] = (0, 0, 0)
    capabilities: int = 0  # HELLO's bits: wire.CAP_DIAL_STOP says SET_DIAL may ask for stops
    # Counters for the Devices screen and `altar monitor`.
    delivered: int = 0
    duplicates: int = 0
    gaps: int = 0
    refused: int = 0
    noise: int = 0
