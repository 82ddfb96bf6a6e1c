"""Sequence numbers, cumulative acks and go-back-N replay: the part both ends share.

Sans-I/O and clock-free: callers pass ``now`` (seconds, any monotonic origin). The host link and
the simulated device each keep one ``Outbox`` (their numbered frames, until acknowledged) and
one ``Inbox`` (the peer's numbering: what was delivered, what comes next).

Unnumbered frames (HELLO, ACK, PING, PONG, CLAIM, AUTH, REFUSE) carry ``Outbox.oldest()`` in
their sequence field: the oldest number the sender still holds. A receiver whose next expected
number is before it knows the frames between are gone for good (the device's ring overflowed,
or the receiver restarted) and moves up to it instead of waiting forever (docs/protocol.md).
"""

from __future__ import annotations

from collections import deque
from dataclasses import dataclass

from hardware import wire

RESEND_AFTER = 0.25  # s without ack progress before unacked frames are sent again
# A gap the receiver keeps reporting (acks that make no progress) is answered again after this
# long, not only once: a resend lost too would otherwise wait for the 250 ms timer while the
# device's 32-frame ring fills at 50 events/s.
FAST_RESEND_AGAIN = 0.05
NUMBERED_TYPES = frozenset((*wire.EVENT_TYPES, wire.SET_DIAL, wire.FEEDBACK))


@dataclass(frozen=True)
class Numbered:
    seq: int
    msg_type: int
    payload: bytes


class Outbox:
    """The sender's replay ring: frames stay until a cumulative ack covers them."""

    def __init__(self, capacity: int) -> None:
        self.capacity = capacity
        self._ring: deque[Numbered] = deque()
        self._next = 0
        self._unsent = 0  # how many frames at the ring's end were never sent
        self._last_progress = 0.0
        self._fast_resent_at: float | None = None
        self.dropped = 0  # frames pushed out of a full ring: reported, never silent

    def oldest(self) -> int:
        """The oldest sequence number still held (the next one to use when none is)."""
        return self._ring[0].seq if self._ring else self._next

    def add(self, msg_type: int, payload: bytes) -> tuple[Numbered, bool]:
        """Number a frame and keep it; -> (the frame, True if the ring overflowed to fit it)."""
        item = Numbered(self._next, msg_type, payload)
        self._next = (self._next + 1) & 0xFFFF
        overflowed = len(self._ring) >= self.capacity
        if overflowed:
            self._ring.popleft()
            self.dropped += 1
            self._unsent = min(self._unsent, len(self._ring))
        self._ring.append(item)
        self._unsent += 1
        return item, overflowed

    def take_unsent(self) -> list[Numbered]:
        """Frames added since the last send, oldest first; they count as sent from now."""
        if not self._unsent:
            return []
        items = list(self._ring)[-self._unsent :]
        self._unsent = 0
        return items

    def all_unacked(self, now: float) -> list[Numbered]:
        """Everything held, oldest first, for a resend; restarts the resend timer."""
        self._unsent = 0
        self._last_progress = now
        return list(self._ring)

    def on_ack(self, ack: int, now: float) -> bool:
        """Apply a cumulative ack. True when the ack made no progress while frames wait: the
        receiver saw a gap, so resend now (again every FAST_RESEND_AGAIN s while it lasts)."""
        if wire.seq_after(ack, (self._next - 1) & 0xFFFF):
            return False  # an ack beyond anything numbered is bogus (or stale from a past boot)
        progressed = False
        while self._ring and not wire.seq_after(self._ring[0].seq, ack):
            self._ring.popleft()
            progressed = True
        self._unsent = min(self._unsent, len(self._ring))
        if progressed:
            self._last_progress = now
            self._fast_resent_at = None
            return False
        waiting = self._ring and len(self._ring) > self._unsent
        last = self._fast_resent_at
        if waiting and (last is None or now - last >= FAST_RESEND_AGAIN):
            self._fast_resent_at = now
            return True
        return False

    def resend_due(self, now: float) -> bool:
        waiting = len(self._ring) > self._unsent
        return waiting and now - self._last_progress >= RESEND_AFTER

    def __len__(self) -> int:
        return len(self._ring)


class Inbox:
    """The receiver's view of the peer's numbering: in order only, each number once."""

    DELIVER = "deliver"
    DUPLICATE = "duplicate"
    GAP = "gap"
    UNKNOWN = "unknown"  # no baseline yet: drop unacked, the sender resends

    def __init__(self, next_seq: int | None = None) -> None:
        self.next: int | None = next_seq
        self.skipped = 0  # numbers given up on because the sender no longer held them
        # Delivered but not yet stored by the receiver's consumer, oldest first: [seq, stored].
        # The cumulative ack stops before the oldest of them, so the sender keeps it in its
        # ring (and sends it again after a crash) until it is stored.
        self._held: deque[list[int]] = deque()

    def accept(self, seq: int) -> str:
        if self.next is None:
            return self.UNKNOWN
        if seq == self.next:
            self.next = (seq + 1) & 0xFFFF
            return self.DELIVER
        if wire.seq_after(seq, self.next):
            return self.GAP
        return self.DUPLICATE

    def sync(self, sender_oldest: int) -> int:
        """Apply the sender's oldest held number; -> how many numbers were skipped for good."""
        if self.next is None:
            self.next = sender_oldest
            return 0
        if wire.seq_after(sender_oldest, self.next):
            skipped = (sender_oldest - self.next) & 0xFFFF
            self.next = sender_oldest
            self.skipped += skipped
            return skipped
        return 0

    def hold(self, seq: int) -> None:
        """A delivered frame whose event is not stored yet: not acked until ``release``."""
        self._held.append([seq, 0])

    def release(self, seq: int) -> bool:
        """The event of frame seq is stored. -> True when the ack moved (send one)."""
        for item in self._held:
            if item[0] == seq:
                item[1] = 1
                break
        else:
            return False  # from before a restart of the sender: nothing to ack here
        moved = False
        while self._held and self._held[0][1]:
            self._held.popleft()
            moved = True
        return moved

    @property
    def held(self) -> int:
        return len(self._held)

    def ack_value(self) -> int | None:
        """The cumulative ack to send: the last number delivered in order and stored."""
        if self.next is None:
            return None
        if self._held:
            return (self._held[0][0] - 1) & 0xFFFF
        return (self.next - 1) & 0xFFFF
