"""What one connection to a device holds (hardware/link.py's ``HostLink`` is built on it): its
state, the frames it queues to send, and what it tells the app, in players' words: events,
reports of refused frames (each kind once), and the device's own refusals."""

from __future__ import annotations

import dataclasses
import os
from collections.abc import Callable
from dataclasses import dataclass
from enum import Enum

from hardware import handshake, wire
from hardware.events import DeviceStatus, Event
from hardware.frame_events import device_label, event_for
from hardware.keys import KeyStore
from hardware.peer import Peer
from hardware.reliable import Numbered

# The pairing gesture (firmware/altarfw/pairing.py), in players' words.
PAIRING_HOW = (
    "put it in pairing mode (hold dial 0's button for 5 s within 30 s of switching it on, "
    "until its light blinks; or hold its pairing button)"
)


class State(Enum):
    WAIT_HELLO = "waiting for the device to say hello"
    CLAIMING = "claiming"
    OPEN = "authenticated"
    UNCLAIMED = "unclaimed"
    REFUSED = "refused"


class ClaimRefused(Exception):
    """The device would not be claimed; the message says what the player should do."""


@dataclass
class Report:
    """Something the link refused or noticed, in players' words, with a machine-readable kind."""

    kind: str  # "noise", "unclaimed", "bad-mac", "unsigned", "replay", "version", "refused" ...
    message: str


class LinkCore:
    """What one connection holds; ``peers`` maps device id (hex) to its ``Peer``, shared across
    connections."""

    def __init__(
        self,
        table_id: bytes,
        keys: KeyStore,
        peers: dict[str, Peer],
        *,
        accept_unclaimed: bool = False,
        random: Callable[[int], bytes] = os.urandom,
    ) -> None:
        self.table_id = table_id
        self.keys = keys
        self.peers = peers
        self.accept_unclaimed = accept_unclaimed
        self._random = random
        self.state = State.WAIT_HELLO
        self.peer: Peer | None = None
        self._out: list[bytes] = []
        self._events: list[Event] = []
        self._delivered: list[tuple[Event, int | None]] = []
        self.reports: list[Report] = []
        self._rx_key: bytes | None = None  # device -> host session key
        self._tx_key: bytes | None = None  # host -> device session key
        self._key: bytes | None = None
        self._hello = b""  # the HELLO payload of this connection: the transcript starts with it
        self._hello_seq = 0  # its number: where an unclaimed link's window starts
        self._hello_parts = handshake.Reassembler(wire.HELLO_SIZE)
        self._device_nonce = b""
        self._host_nonce = b""
        self._claim = b""  # the CLAIM payload sent
        self._claim_over = b""  # the HELLO a new claim of ours was made over
        # A new claim in progress: our X25519 private key and public key, the device's.
        self._new_claim = False
        self._private = b""
        self._public = b""
        self._device_public: bytes | None = None
        self._key_parts = handshake.Reassembler(handshake.PUBLIC_KEY_SIZE)
        self._past: list[tuple[bytes, bytes]] = []  # (transcript, key) of overtaken CLAIMs
        # The device's answer to this session's CLAIM (its AUTH, its KEY parts), as (type,
        # payload): the device sends it again for every repeat of the CLAIM it read before our AUTH.
        self._claim_answer: frozenset[tuple[int, bytes]] = frozenset()
        self.claim_answer_repeats = 0  # such repeats after the session opened
        self.unsigned_before_claim = 0  # an unclaimed device's events met by our new claim
        self._confirmed = False
        self._boot_known = False  # the device's boot PING of this connection arrived
        self._ack_due = False
        self._last_try = -1e9
        self._last_unclaim = -1e9
        self._forget_due = False  # this table forgot the key; the device is told (REFUSE 9)
        self._last_ping = 0.0
        self.last_rx = 0.0
        self._silent = 0.0  # s listened since the last good frame (a stall counts for little)
        self._last_tick: float | None = None
        self._reported: set[str] = set()
        self._before_claim = State.WAIT_HELLO
        self.claim_result: str | None = None  # None while a claim runs; "ok" or the refusal
        self.claim_code: str | None = None  # six digits both ends of a new claim can show
        self.awaiting_press = False  # our new claim proved itself; the players must press
        self.unclaimed = False  # the device confirmed an unclaim on this link: the key is gone
        self.bad_macs = 0  # in this session
        self._frames = 0  # signed frames sent and received in this session
        self.rekeys = 0

    @property
    def device(self) -> str | None:
        return self.peer.device if self.peer else None

    def _heard(self, now: float) -> None:
        self.last_rx = now
        self._silent = 0.0

    def take_outgoing(self) -> list[bytes]:
        if self.peer and self.state in (State.OPEN, State.UNCLAIMED):
            self._send_numbered(self.peer.outbox.take_unsent())
            if self._ack_due or self.peer.ack_due:
                ack = self.peer.inbox.ack_value()
                if ack is not None:
                    self._send(wire.ACK, wire.ack_payload(ack))
                self._ack_due = False
                self.peer.ack_due = False
        out, self._out = self._out, []
        return out

    def take_events(self) -> list[Event]:
        """Events so far; taking them counts as storing them (their frames are acked)."""
        events = self._events
        for _event, seq in self.take_delivered():
            if seq is not None and self.peer is not None:
                self.peer.inbox.release(seq)
        return events

    def take_delivered(self) -> list[tuple[Event, int | None]]:
        """Events with the sequence number of their frame (None: not from a numbered frame).
        The frame stays unacked until ``peer.inbox.release(seq)``: the caller says it is stored."""
        self._events = []
        out, self._delivered = self._delivered, []
        return out

    def take_reports(self) -> list[Report]:
        reports, self.reports = self.reports, []
        return reports

    def queue_command(self, msg_type: int, payload: bytes) -> None:
        """SET_DIAL or FEEDBACK: numbered and kept until the device acks it."""
        if self.peer is None:
            raise RuntimeError("no device on this link yet")
        self.peer.outbox.add(msg_type, payload)

    def _request_hello(self, now: float) -> None:
        self._last_try = now
        self._out.append(wire.pack(wire.PING, 0, wire.HELLO_REQUEST))

    def _deliver(self, frame: wire.Frame) -> None:
        assert self.peer is not None
        try:
            event = event_for(self.peer, frame)
        except wire.WireError as e:
            # Numbered, acked, but malformed: say so rather than guess.
            self._refuse("malformed", f"{self._name()} sent a malformed event: {e}")
            return
        if event is None:
            return
        if self.state is State.UNCLAIMED and not isinstance(event, DeviceStatus):
            # No claim, no MAC: anyone on the line could have sent it. Marked, for the monitor.
            event = dataclasses.replace(event, trusted=False)
        self.peer.inbox.hold(frame.seq)  # acked once the caller has stored it
        self._events.append(event)
        self._delivered.append((event, frame.seq))

    def _send(self, msg_type: int, payload: bytes = b"", signed: bool = True) -> None:
        seq = self.peer.outbox.oldest() if self.peer else 0
        key = self._tx_key if signed else None
        self._out.append(wire.pack(msg_type, seq, payload, key))
        if key is not None:
            self._frames += 1

    def _send_numbered(self, items: list[Numbered]) -> None:
        for item in items:
            self._out.append(wire.pack(item.msg_type, item.seq, item.payload, self._tx_key))
        if self._tx_key is not None:
            self._frames += len(items)

    def _name(self) -> str:
        return device_label(self.device or "?")

    def _status(self, message: str, connected: bool = True) -> None:
        event = DeviceStatus(self.device or "?", connected, message=message)
        self._events.append(event)
        self._delivered.append((event, None))

    def _count_noise(self, why: str = "") -> None:
        if self.peer:
            self.peer.noise += 1

    def _refuse(self, kind: str, message: str) -> None:
        """Count a refused frame; report each kind once per connection, not once per frame."""
        if self.peer:
            self.peer.refused += 1
        if kind not in self._reported:
            self._reported.add(kind)
            self.reports.append(Report(kind, message))
            self._status(message)

    def _on_refuse(self, frame: wire.Frame) -> None:
        code, text = wire.parse_refuse(frame.payload)
        if self.state is State.UNCLAIMED and not self._new_claim and self.claim_result:
            # The answer to the same CLAIM sent again before the first answer came (a slow
            # line): that claim is refused already and the device carries on unclaimed.
            return
        if code == wire.REFUSE_HOLD_BUTTON:
            message = f"{self._name()} refused the claim: {PAIRING_HOW}, then claim it"
        elif code == wire.REFUSE_OTHER_TABLE:
            message = f"{self._name()} belongs to another table: {PAIRING_HOW}, then claim it"
        elif code == wire.REFUSE_BUSY:
            message = (
                f"{self._name()} is taking another claim right now: wait a few seconds and "
                "claim again; if it was not yours, put it in pairing mode again first"
            )
        elif code == wire.REFUSE_TWO_CLAIMS:
            message = (
                f"{self._name()} was claimed by another table at the same moment, so the press "
                "took neither claim: someone near is trying to take it. Claim it again (over the "
                "USB cable, nobody can be in the middle)"
            )
        elif code == wire.REFUSE_BAD_PROOF:
            message = f"{self._name()} does not know this table's key: claim it again"
        else:
            message = f"{self._name()} refused: {text}"
        if self._new_claim and self._before_claim is State.UNCLAIMED:
            # A new claim refused (button not held): the device carries on unclaimed.
            self._new_claim = False
            self.state = State.UNCLAIMED
            self._status(message)
        else:
            self._new_claim = False
            self.state = State.REFUSED
            self._refuse("refused", message)
        self._finish_claim(message)

    def _finish_claim(self, result: str) -> None:
        if self.claim_result is None:
            self.claim_result = result

    def _refuse_version(self, message: str) -> None:
        self.state = State.REFUSED
        self._send(wire.REFUSE, wire.refuse_payload(wire.REFUSE_VERSION, message), signed=False)
        self._refuse("version", message)
