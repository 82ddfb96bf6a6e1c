"""The host side of one connection to one device, sans-I/O.

Feed it raw frames (``receive``) and the time (``tick``); take out frames to send
(``take_outgoing``) and typed events (``take_events``). No sockets, no asyncio, no clock: the
device manager drives it, and the tests drive it frame by frame with a made-up clock.

What it does (docs/protocol.md): asks for a HELLO, refuses another protocol version, claims the
device with this table's key (or a new one, while the device's button is held), checks the
device's proof and proves itself, then signs and checks every frame with the session key.
Events are delivered once and in order: duplicates are acked again and dropped, a gap is re-acked
so the device resends (go-back-N). Frames from an unclaimed device, with a wrong MAC, or from an
earlier session are refused and reported as ``DeviceStatus`` messages.

State that must outlive a connection (the device's boot, the numbering in both directions,
commands not yet acked) lives in a ``Peer``, one per device, that the caller keeps.
"""

from __future__ import annotations

import dataclasses
import os
from collections.abc import Callable
from dataclasses import dataclass
from enum import Enum

from hardware import wire
from hardware.events import DeviceStatus, Event
from hardware.frame_events import device_label, event_for
from hardware.keys import KeyStore
from hardware.peer import Peer
from hardware.reliable import NUMBERED_TYPES, Inbox, Numbered

__all__ = ["ClaimRefused", "HostLink", "Peer", "Report", "State", "device_label"]

RETRY_AFTER = 0.1  # s: HELLO request, CLAIM and AUTH are sent again until answered
PING_EVERY = 1.0
QUIET_AFTER = 3.0  # s without any good frame: the link is quiet and is reconnected


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


class HostLink:
    """One connection. ``peers`` maps device id (hex) to its ``Peer``, shared across connections."""

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
        self.reports: list[Report] = []
        self._session: bytes | None = None
        self._key: bytes | None = None
        self._new_key: bytes | None = None  # a claim in progress brings its own key
        self._device_nonce = b""
        self._host_nonce = b""
        self._past_nonces: list[tuple[bytes, bytes]] = []
        self._hello_seq = 0
        self._confirmed = False
        self._ack_due = False
        self._last_try = -1e9
        self._last_ping = 0.0
        self.last_rx = 0.0
        self._reported: set[str] = set()
        self._before_claim = State.WAIT_HELLO
        self.claim_result: str | None = None  # None while a claim runs; "ok" or the refusal

    # ------------------------------------------------------------------ driving

    @property
    def device(self) -> str | None:
        return self.peer.device if self.peer else None

    def start(self, now: float) -> None:
        """A transport just opened: ask the device for its HELLO."""
        self.last_rx = now
        self._request_hello(now)

    def tick(self, now: float) -> None:
        if self.state is State.WAIT_HELLO and now - self._last_try >= RETRY_AFTER:
            self._request_hello(now)
        elif self.state is State.CLAIMING and now - self._last_try >= RETRY_AFTER:
            self._send_claim(now)
        elif (
            self.state is State.OPEN and not self._confirmed and now - self._last_try >= RETRY_AFTER
        ):
            self._send_host_auth(now)
        if self.state in (State.OPEN, State.UNCLAIMED) and self.peer:
            if self.peer.outbox.resend_due(now):
                self._send_numbered(self.peer.outbox.all_unacked(now))
            if now - self._last_ping >= PING_EVERY:
                self._last_ping = now
                self._send(wire.PING)

    def quiet(self, now: float) -> bool:
        return now - self.last_rx >= QUIET_AFTER

    def take_outgoing(self) -> list[bytes]:
        if self.peer and self.state in (State.OPEN, State.UNCLAIMED):
            self._send_numbered(self.peer.outbox.take_unsent())
            if self._ack_due:
                ack = self.peer.inbox.ack_value()
                if ack is not None:
                    self._send(wire.ACK, wire.ack_payload(ack))
                self._ack_due = False
        out, self._out = self._out, []
        return out

    def take_events(self) -> list[Event]:
        events, self._events = self._events, []
        return events

    def take_reports(self) -> list[Report]:
        reports, self.reports = self.reports, []
        return reports

    # ------------------------------------------------------------------ host commands

    def queue_command(self, msg_type: int, payload: bytes) -> None:
        """SET_DIAL or FEEDBACK: numbered and kept until the device acks it."""
        if self.peer is None:
            raise RuntimeError("no device on this link yet")
        self.peer.outbox.add(msg_type, payload)

    def begin_claim(self, now: float, key: bytes) -> None:
        """Claim the device for this table with a new key (its button must be held)."""
        self._new_key = key
        self.claim_result = None
        self._before_claim = self.state
        if self.state is not State.WAIT_HELLO and self._device_nonce:
            self._new_host_nonce()
            self._session = None
            self._confirmed = False
            self._key = key
            self.state = State.CLAIMING
            self._send_claim(now)

    # ------------------------------------------------------------------ receiving

    def receive(self, raw: bytes | wire.WireError, now: float) -> None:
        if isinstance(raw, wire.WireError):
            self._count_noise()
            return
        try:
            frame = wire.unpack(raw)  # the header, CRC and version; the MAC comes next
        except wire.WireError as e:
            if "protocol version" in str(e):
                self._refuse_version(str(e))
            else:
                self._count_noise()
            return
        if frame.msg_type == wire.HELLO:
            self.last_rx = now
            self._on_hello(frame, now)
            return
        if self.peer is None:
            return  # a frame from before this connection's HELLO: nothing to place it in
        if self._session is not None:
            self._receive_signed(raw, frame, now)
        else:
            self._receive_unsigned(frame, wire.is_signed(raw), now)

    def _receive_unsigned(self, frame: wire.Frame, signed: bool, now: float) -> None:
        assert self.peer is not None
        if signed:
            # Signed, but no session yet: a frame replayed from an earlier connection.
            self._refuse("replay", "a frame signed in an earlier session was refused")
            return
        if frame.msg_type == wire.AUTH and self.state is State.CLAIMING:
            self.last_rx = now
            self._on_device_auth(frame, now)
        elif frame.msg_type == wire.REFUSE:
            self.last_rx = now
            self._on_refuse(frame)
        elif self.state is State.UNCLAIMED:
            self.last_rx = now
            self._on_session_frame(frame, now)
        elif frame.msg_type in NUMBERED_TYPES:
            self._refuse("unsigned", "an unsigned frame on a link that must be signed was refused")

    def _receive_signed(self, raw: bytes, frame: wire.Frame, now: float) -> None:
        assert self.peer is not None and self._session is not None
        if frame.msg_type in (wire.AUTH, wire.REFUSE) and not wire.is_signed(raw):
            self.last_rx = now
            if frame.msg_type == wire.REFUSE:
                self._on_refuse(frame)
            return  # a repeated device AUTH: ours may have been lost, the retry timer covers it
        try:
            frame = wire.unpack(raw, self._session)
        except wire.WireError as e:
            if "wrong MAC" not in str(e):
                self._refuse("unsigned", str(e))
            elif self._signed_earlier(raw):
                self._refuse(
                    "replay", f"a frame from an earlier session of {self._name()} was refused"
                )
            else:
                self._refuse("bad-mac", str(e))
            return
        self.last_rx = now
        if not self._confirmed:
            self._confirmed = True  # the device signs with our session key: it checked our AUTH
            self._sync(self._hello_seq)
            self._send_numbered(self.peer.outbox.all_unacked(now))
        self._on_session_frame(frame, now)

    def _signed_earlier(self, raw: bytes) -> bool:
        assert self.peer is not None
        for key in self.peer.old_sessions:
            try:
                wire.unpack(raw, key)
            except wire.WireError:
                continue
            return True
        return False

    def _on_session_frame(self, frame: wire.Frame, now: float) -> None:
        peer = self.peer
        assert peer is not None
        t = frame.msg_type
        if t in NUMBERED_TYPES:
            if self.state is State.UNCLAIMED and not self.accept_unclaimed:
                self._refuse("unclaimed", f"{self._name()} is not claimed by this table")
                return
            self._ack_due = True
            verdict = peer.inbox.accept(frame.seq)
            if verdict == Inbox.DELIVER:
                peer.delivered += 1
                self._deliver(frame)
            elif verdict == Inbox.DUPLICATE:
                peer.duplicates += 1
            elif verdict == Inbox.GAP:
                peer.gaps += 1
            return
        self._sync(frame.seq)
        if t == wire.ACK:
            if peer.outbox.on_ack(wire.parse_ack(frame.payload), now):
                self._send_numbered(peer.outbox.all_unacked(now))
        elif t == wire.PING:
            self._send(wire.PONG, frame.payload)

    def _sync(self, sender_oldest: int) -> None:
        assert self.peer is not None
        skipped = self.peer.inbox.sync(sender_oldest)
        if skipped:
            self._status(
                f"{self._name()} lost {skipped} events it could not keep while out of touch"
            )

    # ------------------------------------------------------------------ handshake

    def _request_hello(self, now: float) -> None:
        self._last_try = now
        self._out.append(wire.pack(wire.PING, 0, wire.HELLO_REQUEST))

    def _on_hello(self, frame: wire.Frame, now: float) -> None:
        try:
            proto, fw, dev_id, _caps, dials, readers, nonce = wire.parse_hello(frame.payload)
        except wire.WireError as e:
            self._count_noise(str(e))
            return
        if proto != wire.PROTOCOL_VERSION:
            self._refuse_version(
                f"the device speaks protocol version {proto}, this app version "
                f"{wire.PROTOCOL_VERSION}: update {'the app' if proto > 1 else 'the firmware'}"
            )
            return
        device = dev_id.hex()
        if self.peer is not None and self.peer.device != device:
            self._refuse("refused", "another device answered on this link")
            return
        if self.state is not State.WAIT_HELLO and nonce == self._device_nonce:
            return  # the same HELLO again (our request was answered twice)
        peer = self.peers.setdefault(device, Peer(device))
        self.peer = peer
        peer.dials, peer.readers, peer.firmware = dials, readers, fw
        if peer.boot_id != nonce[:4]:
            # The device restarted (or this host did): its numbering starts where it says.
            if peer.boot_id is not None:
                self._status(f"{self._name()} restarted")
            peer.boot_id = nonce[:4]
            peer.inbox = Inbox()
            peer.cards.clear()
        self._device_nonce = nonce
        self._hello_seq = frame.seq
        self._session = None
        self._confirmed = False
        self._key = self._new_key or self.keys.key_for(device)
        if self._key is None:
            self.state = State.UNCLAIMED
            peer.inbox.sync(frame.seq)
            self._status(f"{self._name()} is connected but not claimed by this table", True)
            self._send_numbered(peer.outbox.all_unacked(now))
            return
        self._new_host_nonce()
        self.state = State.CLAIMING
        self._send_claim(now)

    def _new_host_nonce(self) -> None:
        if self._host_nonce:
            self._past_nonces = [*self._past_nonces[-7:], (self._device_nonce, self._host_nonce)]
        self._host_nonce = self._random(wire.NONCE_SIZE)

    def _send_claim(self, now: float) -> None:
        self._last_try = now
        payload = wire.claim_payload(self.table_id, self._host_nonce, self._new_key)
        self._send(wire.CLAIM, payload, signed=False)

    def _on_device_auth(self, frame: wire.Frame, now: float) -> None:
        assert self.peer is not None and self._key is not None
        try:
            proof = wire.parse_auth(frame.payload)
        except wire.WireError as e:
            self._count_noise(str(e))
            return
        expected = wire.device_proof(self._key, self._device_nonce, self._host_nonce)
        if proof != expected and any(
            proof == wire.device_proof(self._key, nd, nh) for nd, nh in self._past_nonces
        ):
            return  # the answer to an earlier CLAIM of this connection, overtaken: not forged
        if proof != expected:
            self._send(wire.REFUSE, wire.refuse_payload(wire.REFUSE_BAD_PROOF, "wrong proof"))
            self.state = State.REFUSED
            self._refuse(
                "bad-proof",
                f"{self._name()} did not prove it holds this table's key: claim it again",
            )
            self._finish_claim("the device did not prove the new key")
            return
        if self._new_key is not None:
            self.keys.store(self.peer.device, self._new_key)
            self._new_key = None
            self._finish_claim("ok")
        self._session = wire.session_key(self._key, self._device_nonce, self._host_nonce)
        self.peer.old_sessions = [*self.peer.old_sessions[-3:], self._session]
        self.state = State.OPEN
        self._send_host_auth(now)
        self._status(f"{self._name()} is connected", True)

    def _send_host_auth(self, now: float) -> None:
        assert self._key is not None
        self._last_try = now
        proof = wire.host_proof(self._key, self._device_nonce, self._host_nonce)
        self._send(wire.AUTH, proof, signed=False)
        # A signed frame right away gives the device this host's numbering to start from.
        ack = self.peer.inbox.ack_value() if self.peer else None
        self._send(wire.ACK, wire.ack_payload(ack if ack is not None else 0xFFFF))

    def _on_refuse(self, frame: wire.Frame) -> None:
        try:
            code, text = wire.parse_refuse(frame.payload)
        except wire.WireError:
            return
        if code == wire.REFUSE_HOLD_BUTTON:
            message = f"{self._name()} refused the claim: hold its button while claiming it"
        elif code == wire.REFUSE_OTHER_TABLE:
            message = f"{self._name()} belongs to another table: hold its button and claim it"
        elif code == wire.REFUSE_BAD_PROOF:
            message = f"{self._name()} does not know this table's key: claim it again"
        else:
            message = f"{self._name()} refused: {text}"
        if self._new_key is not None and self._before_claim is State.UNCLAIMED:
            # A new claim refused (button not held): the device carries on unclaimed.
            self._new_key = None
            self.state = State.UNCLAIMED
            self._status(message)
        else:
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

    # ------------------------------------------------------------------ delivering

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
        self._events.append(event)

    # ------------------------------------------------------------------ sending and reporting

    def _send(self, msg_type: int, payload: bytes = b"", signed: bool = True) -> None:
        seq = self.peer.outbox.oldest() if self.peer else 0
        key = self._session if signed else None
        self._out.append(wire.pack(msg_type, seq, payload, key))

    def _send_numbered(self, items: list[Numbered]) -> None:
        for item in items:
            self._out.append(wire.pack(item.msg_type, item.seq, item.payload, self._session))

    def _name(self) -> str:
        return device_label(self.device or "?")

    def _status(self, message: str, connected: bool = True) -> None:
        self._events.append(DeviceStatus(self.device or "?", connected, message=message))

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
