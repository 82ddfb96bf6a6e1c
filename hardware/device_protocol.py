"""The device side of the protocol, sans-I/O: what the firmware does, written for CPython.

The simulator (hardware/simulator.py) wraps it with dials, readers and a button; tests drive it
frame by frame against ``hardware.link.HostLink``. It follows docs/protocol.md as the firmware
does: HELLO (in parts, a fresh nonce) on every connection and on a host's HELLO request, then the
boot id in a PING, a new claim only while the button is held (pairing mode; one claim at a time) with a key agreed by X25519, AUTH proofs over the HELLO and CLAIM both ways,
a session key per direction signing every later frame, unsigned or wrong-side frames ignored
in a session, a replay ring of 32 frames with a DIAG on overflow, cumulative acks, SET_DIAL
answered with DIAL, and the table's signed unclaim agreed in two steps (REFUSE 6 "ready", then
REFUSE 9 "forgotten"), each answer said again for every repeat.
"""

from __future__ import annotations

import os
from collections.abc import Callable
from enum import Enum

from hardware import handshake, wire, x25519
from hardware.reliable import NUMBERED_TYPES, Inbox, Numbered, Outbox

RING_SIZE = 32
FIRMWARE_VERSION = (1, 0, 0)
QUIET_SESSION = 2.5  # s without a good signed frame: a HELLO request may start over
STRANGER_REPORT_EVERY = 5.0  # s: at most one DIAG 4 this often, as the firmware


class DeviceState(Enum):
    OFFLINE = "offline"
    HELLO_SENT = "hello sent"  # a claimed device waits for this table's CLAIM
    AUTH_SENT = "auth sent"  # waits for the host's proof
    OPEN = "open"  # authenticated: every frame signed with the session key
    UNCLAIMED = "unclaimed"  # never claimed: frames unsigned, as for `altar monitor`


class DeviceEndpoint:
    """One device's protocol state. Call ``connect`` when a host connects."""

    def __init__(
        self,
        device_id: bytes,
        dials: int,
        readers: int,
        *,
        capabilities: int = (wire.CAP_SERIAL | wire.CAP_NDEF | wire.CAP_AUTH | wire.CAP_DIAL_STOP),
        random: Callable[[int], bytes] = os.urandom,
        on_command: Callable[[int, bytes], None] | None = None,
    ) -> None:
        if len(device_id) != 4:
            raise ValueError("a device id has 4 bytes")
        self.device_id = device_id
        self.dials = dials
        self.readers = readers
        self.capabilities = capabilities
        self._random = random
        self.on_command = on_command  # SET_DIAL / FEEDBACK, delivered once, in order
        self.boot_id = random(4)
        self.claim: tuple[bytes, bytes] | None = None  # (table id, key), kept across connections
        self.button_held = False  # pairing mode is open (the gesture, or its own button)
        # The simulated players press to confirm a proved new claim as soon as the device asks
        # (issue 35); False: the test presses itself (``press_to_confirm``).
        self.players_confirm = False
        self.state = DeviceState.OFFLINE
        self.outbox = Outbox(RING_SIZE)
        self.inbox = Inbox()  # the host's numbering: learnt from its first signed frame
        self.errors = 0
        self._nonce = b""
        self._hello = b""
        self._host_nonce = b""
        self._claim = b""
        self._transcript = b""
        self._key = b""
        self._pending: tuple[bytes, bytes] | None = None  # a new claim's table and key
        self.awaiting_press = False  # a new claim proved itself; it waits for the players
        self._proved: set[bytes] = set()  # CLAIMs of this pairing whose proofs both matched
        self._unclaim_ready = False  # this session's table asked to unclaim; we said ready
        self._host_public = handshake.Reassembler(handshake.PUBLIC_KEY_SIZE)
        self._host_pub: bytes | None = None
        self._my_public = b""
        self._proof = b""
        self._session: bytes | None = None  # device -> host key
        self._rx_key: bytes | None = None  # host -> device key
        self._last_good = 0.0
        self.bad_macs = 0
        # Frames from a stranger dropped in a session, not reported yet (DIAG 4).
        self.unsigned_new = 0
        self.forged_new = 0
        self._reported_at: float | None = None
        self._out: list[bytes] = []
        self._ack_due = False
        self._overflow_noted = False

    # ------------------------------------------------------------------ connection

    def connect(self, now: float) -> None:
        """A host connected (or asked for a HELLO): a new connection with a fresh nonce."""
        self._nonce = self._random(wire.NONCE_SIZE)  # fresh in full: the boot id is in the PING
        self._session = None
        self._rx_key = None
        self.bad_macs = 0
        self._host_nonce = b""
        self._claim = b""
        self._pending = None
        self.awaiting_press = False
        self._proved = set()
        self._unclaim_ready = False  # an unclaim is agreed within one session
        self._hello = wire.hello_payload(
            FIRMWARE_VERSION,
            self.device_id,
            self.capabilities,
            self.dials,
            self.readers,
            self._nonce,
        )
        self._send_hello()
        if self.claim is None:
            self.state = DeviceState.UNCLAIMED
            self._send_boot()
            self._send_numbered(self.outbox.all_unacked(now))
        else:
            self.state = DeviceState.HELLO_SENT

    def disconnect(self) -> None:
        self.state = DeviceState.OFFLINE
        self._session = None
        self._out.clear()

    def reboot(self) -> None:
        """Power cycle: a new boot id, numbering from 0, the ring and host numbering lost."""
        self.boot_id = self._random(4)
        self.outbox = Outbox(RING_SIZE)
        self.inbox = Inbox()
        self.disconnect()

    # ------------------------------------------------------------------ events

    def emit(self, msg_type: int, payload: bytes) -> None:
        """Number an event, keep it in the ring, and send it now if a session is open."""
        _item, overflowed = self.outbox.add(msg_type, payload)
        if overflowed:
            self.errors += 1
            if not self._overflow_noted:
                # Once per overflow: the host hears of the loss, and the next DIAL or TAG
                # frame (absolute state) restores the truth.
                self._overflow_noted = True
                self.outbox.add(wire.DIAG, wire.diag_payload(wire.DIAG_RING_OVERFLOW))
        elif len(self.outbox) < RING_SIZE // 2:
            self._overflow_noted = False

    # ------------------------------------------------------------------ driving

    def tick(self, now: float) -> None:
        if (self.unsigned_new or self.forged_new) and (
            self._reported_at is None or now - self._reported_at >= STRANGER_REPORT_EVERY
        ):
            self._reported_at = now
            self.emit(wire.DIAG, wire.diag_security_payload(self.unsigned_new, self.forged_new))
            self.unsigned_new = self.forged_new = 0
        if self._sending() and self.outbox.resend_due(now):
            self._send_numbered(self.outbox.all_unacked(now))

    def take_outgoing(self) -> list[bytes]:
        if self._sending():
            self._send_numbered(self.outbox.take_unsent())
            if self._ack_due:
                ack = self.inbox.ack_value()
                if ack is not None:
                    self._send(wire.ACK, wire.ack_payload(ack))
                self._ack_due = False
        out, self._out = self._out, []
        return out

    def receive(self, raw: bytes, now: float) -> None:
        try:
            frame = wire.unpack(raw)
        except wire.WireError:
            self.errors += 1
            return
        t = frame.msg_type
        signed = wire.is_signed(raw)
        if not wire.FROM_HOST[t]:
            self.errors += 1  # a type only a device sends: reflected or made up
            return
        if self.state is DeviceState.OPEN:
            if not signed:
                if (
                    t == wire.PING
                    and frame.payload == wire.HELLO_REQUEST
                    and now - self._last_good >= QUIET_SESSION
                ):
                    self.connect(now)  # the host lost this session and starts over
                elif t == wire.AUTH and frame.payload == handshake.host_proof(
                    self._key, self._transcript
                ):
                    self._send_boot()  # the host's AUTH again: our signed PING was lost
                else:
                    self.errors += 1  # in a session nothing unsigned is obeyed
                    self.unsigned_new = min(self.unsigned_new + 1, 0xFFFF)
                return
            try:
                frame = wire.unpack(raw, self._rx_key)
            except wire.WireError:
                # Forged, reflected, or replayed from an earlier session: counted, and it
                # never ends the session (issue 27).
                self.errors += 1
                self.bad_macs += 1
                self.forged_new = min(self.forged_new + 1, 0xFFFF)
                return
            self._last_good = now
            self._on_session_frame(frame, now)
            return
        if signed:
            self.errors += 1
        elif t == wire.PING and frame.payload == wire.HELLO_REQUEST:
            if self.state in (DeviceState.HELLO_SENT, DeviceState.AUTH_SENT, DeviceState.UNCLAIMED):
                # No session yet: the same HELLO again, so a late request cannot pull the
                # nonce from under a claim in flight. The host's fresh nonce keeps it unique.
                self._send_hello()
                if self.state is DeviceState.UNCLAIMED:
                    self._send_boot()
            else:
                self.connect(now)
        elif self.state is DeviceState.OFFLINE:
            return
        elif t == wire.KEY:
            try:
                key = self._host_public.feed(frame.payload)
            except wire.WireError:
                self.errors += 1
                return
            if key is not None:
                self._host_pub = key
        elif t == wire.CLAIM:
            self._on_claim(frame, now)
        elif t == wire.AUTH:
            self._on_host_auth(frame, now)
        elif t == wire.REFUSE:
            self.state = DeviceState.OFFLINE  # the host dropped us; it will ask for a HELLO
        elif self.state is DeviceState.UNCLAIMED:
            self._on_session_frame(frame, now)
        else:
            self.errors += 1

    def _send_hello(self) -> None:
        for part in handshake.parts(self._hello):
            self._send(wire.HELLO, part, signed=False)

    def _send_boot(self) -> None:
        """The PING whose token is the boot id: signed in a session, unsigned when unclaimed."""
        self._send(wire.PING, self.boot_id)

    # ------------------------------------------------------------------ claim and auth

    def _on_claim(self, frame: wire.Frame, now: float) -> None:
        try:
            table, host_nonce, new = handshake.parse_claim(frame.payload)
        except wire.WireError:
            self.errors += 1
            return
        if frame.payload == self._claim and self.state is DeviceState.AUTH_SENT:
            self._send_proof()  # the same CLAIM again (our AUTH was lost): the same answer
            return
        # No claim holds another off (issue 35): a stranger's claims cannot starve the owner's;
        # what keeps a stranger out is the players' press, which confirms only one claim.
        if new:
            if not self.button_held:
                self._refuse(wire.REFUSE_HOLD_BUTTON, "not pairing")
                return
            if self._host_pub is None:
                self.errors += 1  # its key parts were lost: the host sends them again
                return
            private = self._random(32)
            self._my_public = x25519.public_key(private)
            try:
                shared = x25519.shared_secret(private, self._host_pub)
            except ValueError:
                self.errors += 1
                return
            transcript = self._hello + bytes(frame.payload) + self._host_pub + self._my_public
            key = handshake.claim_key(shared, transcript)
            self._pending = (table, key)  # kept once the host proves it too
        elif self.claim is None:
            self._refuse(wire.REFUSE_HOLD_BUTTON, "not pairing")
            return
        elif self.claim[0] != table:
            self._refuse(wire.REFUSE_OTHER_TABLE, "claimed by another table")
            return
        else:
            key = self.claim[1]
            transcript = self._hello + bytes(frame.payload)
            self._pending = None
            self._my_public = b""
        self._claim = bytes(frame.payload)
        self._host_nonce = host_nonce
        self._transcript = transcript
        self._key = key
        self._session = None
        self._rx_key = None
        self.state = DeviceState.AUTH_SENT
        self._proof = handshake.device_proof(key, transcript)
        self._send_proof()

    def _send_proof(self) -> None:
        if self._my_public:
            for part in handshake.parts(self._my_public):
                self._send(wire.KEY, part, signed=False)
        self._send(wire.AUTH, self._proof, signed=False)

    def _on_host_auth(self, frame: wire.Frame, now: float) -> None:
        if self.state is not DeviceState.AUTH_SENT:
            self.errors += 1
            return
        if frame.payload != handshake.host_proof(self._key, self._transcript):
            self.errors += 1  # a stranger's try: counted; the claim in progress goes on
            return
        if self._pending is not None:
            # Both proofs matched; the players still confirm with a press (issue 35).
            self._proved.add(self._claim)
            self.awaiting_press = True
            if self.players_confirm:
                self.press_to_confirm(now)
            return
        self._open(now)

    def press_to_confirm(self, now: float) -> None:
        """The players press the pair button: the one proved claim is taken. Two proved (two
        tables claimed at once): none is, and the device says so (REFUSE 10)."""
        if not self.awaiting_press or self._pending is None:
            return
        self.awaiting_press = False
        if len(self._proved) > 1:
            self._proved = set()
            self._pending = None
            self.state = DeviceState.UNCLAIMED if self.claim is None else DeviceState.HELLO_SENT
            self._refuse(wire.REFUSE_TWO_CLAIMS, "two claims")
            return
        self._proved = set()
        self.claim = self._pending  # the key is kept only once both proofs matched, and pressed
        self._pending = None
        self._open(now)

    def _open(self, now: float) -> None:
        self._session, self._rx_key = handshake.session_keys(self._key, self._transcript)
        self.state = DeviceState.OPEN
        self._last_good = now
        self.bad_macs = 0
        # A signed frame tells the host we accepted its proof; its token is our boot id.
        self._send_boot()
        self._send_numbered(self.outbox.all_unacked(now))

    # ------------------------------------------------------------------ in a session

    def _on_session_frame(self, frame: wire.Frame, now: float) -> None:
        t = frame.msg_type
        if t in NUMBERED_TYPES:
            verdict = self.inbox.accept(frame.seq)
            if verdict == Inbox.UNKNOWN:
                return  # not acked: the host resends once we know its numbering
            self._ack_due = True
            if verdict == Inbox.DELIVER:
                self._apply(t, frame.payload)
            return
        self.inbox.sync(frame.seq)
        if t == wire.ACK:
            if self.outbox.on_ack(wire.parse_ack(frame.payload), now):
                self._send_numbered(self.outbox.all_unacked(now))
        elif t == wire.PING:
            self._send(wire.PONG, frame.payload[: wire.MAX_SIGNED_PAYLOAD])
        elif t == wire.REFUSE and self.state is DeviceState.OPEN:
            # Signed, so the table's own word: an unclaim forgets the key; a rekey starts over.
            code = frame.payload[0] if frame.payload else 0
            if code == wire.REFUSE_UNCLAIM:
                # Agreed in two steps (issue 35): "ready", key kept; the table forgets its key
                # and says REFUSE 9; only then is ours forgotten. Each answer again on a repeat.
                if self.claim is not None:
                    self._unclaim_ready = True
                    self._send(wire.REFUSE, wire.refuse_payload(wire.REFUSE_UNCLAIM, "ready"))
                else:
                    self._send_forgotten()
            elif code == wire.REFUSE_UNCLAIM_DONE:
                if self._unclaim_ready or self.claim is None:
                    self.claim = None
                    self._send_forgotten()
                else:
                    self.errors += 1  # no unclaim asked in this session: nothing to finish
            elif code == wire.REFUSE_REKEY:
                self.connect(now)

    def _send_forgotten(self) -> None:
        self._send(wire.REFUSE, wire.refuse_payload(wire.REFUSE_UNCLAIM_DONE, "forgotten"))

    def _apply(self, msg_type: int, payload: bytes) -> None:
        try:
            if msg_type == wire.SET_DIAL:
                wire.parse_set_dial(payload)
            elif msg_type == wire.FEEDBACK:
                wire.parse_feedback(payload)
        except wire.WireError:
            self.errors += 1
            return
        if self.on_command is not None:
            self.on_command(msg_type, payload)

    # ------------------------------------------------------------------ sending

    def _sending(self) -> bool:
        return self.state in (DeviceState.OPEN, DeviceState.UNCLAIMED)

    def _send(self, msg_type: int, payload: bytes = b"", signed: bool = True) -> None:
        key = self._session if signed else None
        self._out.append(wire.pack(msg_type, self.outbox.oldest(), payload, key))

    def _send_numbered(self, items: list[Numbered]) -> None:
        for item in items:
            self._out.append(wire.pack(item.msg_type, item.seq, item.payload, self._session))

    def _refuse(self, code: int, text: str) -> None:
        self._send(wire.REFUSE, wire.refuse_payload(code, text), signed=False)
