"""The host side of one connection to one device, sans-I/O.

Feed it raw frames (``receive``) and the time (``tick``); take out frames to send
(``take_outgoing``) and typed events (``take_events``). No sockets, no asyncio, no clock: the
device manager drives it, and the tests drive it frame by frame with a made-up clock.

What it does (docs/protocol.md): asks for a HELLO, refuses another protocol version, claims the
device with this table's key (or agrees a new one by X25519 while the device is in pairing mode),
checks the device's proof over the HELLO and CLAIM it saw and proves itself, then signs and
checks every frame with the session key of its direction. Events are delivered once and in
order: duplicates are acked again and dropped, a gap is re-acked so the device resends
(go-back-N); an event is acked only once the caller says it is stored (``Inbox.hold``).

Nothing a stranger sends costs more than that frame: ``receive`` never raises; in a session an
unsigned frame, a frame of a type only the host sends, a wrong MAC or a replay is counted and
dropped, never obeyed, and never ends the session (issue 27: a forger's flood must not cost the
table its session); before the numbering could come round again (``wire.REKEY_AFTER``) the
session ends and a new handshake makes new keys.

The device's boot id (whether it restarted, so its numbering starts afresh) is the token of its
first PING of a connection (signed in a session), not part of the HELLO's nonce, which is fresh
random bytes in full: until that PING arrives no numbered frame of the connection is taken.

State that must outlive a connection (the device's boot, the numbering in both directions,
commands not yet acked) lives in a ``Peer``, one per device, that the caller keeps.
"""

from __future__ import annotations

import dataclasses
import hmac
import os
from collections.abc import Callable
from dataclasses import dataclass
from enum import Enum

from hardware import handshake, wire, x25519_host
from hardware.events import DeviceStatus, Event
from hardware.frame_events import device_label, event_for
from hardware.keys import KeyStore
from hardware.peer import Peer
from hardware.reliable import NUMBERED_TYPES, Inbox, Numbered

__all__ = ["ClaimRefused", "HostLink", "Peer", "Report", "State", "device_label"]

RETRY_AFTER = 0.1  # s: HELLO request, CLAIM and AUTH are sent again until answered
PING_EVERY = 1.0
BOOT_RETRY = 0.5  # s: an unclaimed device's boot PING asked for again (its HELLO request)
# The pairing gesture (firmware/altarfw/pairing.py), in players' words.
PAIRING_HOW = (
    "put it in pairing mode (hold dial 0's button for 5 s within 30 s of switching it on, "
    "until its light blinks; or hold its pairing button)"
)
QUIET_AFTER = 3.0  # s of listening without any good frame: the link is quiet and is reconnected
# A longer gap between two ticks is this host's own stall (a loaded tablet's event loop), not
# the device's silence: it counts as this much listening only. Under load a 6 s stall once made
# a live link "quiet", and the reconnect took a queued unclaim with it.
STALL_COUNTS_AS = 0.5


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

    # ------------------------------------------------------------------ driving

    @property
    def device(self) -> str | None:
        return self.peer.device if self.peer else None

    @property
    def _session(self) -> bytes | None:
        return self._rx_key

    def start(self, now: float) -> None:
        """A transport just opened: ask the device for its HELLO."""
        self._heard(now)
        self._last_tick = now
        self._request_hello(now)

    def tick(self, now: float) -> None:
        if self._last_tick is not None:
            self._silent += min(now - self._last_tick, STALL_COUNTS_AS)
        self._last_tick = now
        if self.state is State.WAIT_HELLO and now - self._last_try >= RETRY_AFTER:
            self._request_hello(now)
        elif self.state is State.CLAIMING and now - self._last_try >= RETRY_AFTER:
            self._send_claim(now)
        elif (
            self.state is State.OPEN and not self._confirmed and now - self._last_try >= RETRY_AFTER
        ):
            self._send_host_auth(now)
        elif (
            self.state is State.UNCLAIMED
            and not self._boot_known
            and now - self._last_try >= BOOT_RETRY
        ):
            # Its HELLO and boot PING again: the PING was lost (or the device holds a key this
            # table forgot, and waits for a CLAIM: then slowly, for nothing comes).
            self._request_hello(now)
        if (
            self.peer
            and self.peer.unclaim_asked
            and self._confirmed
            and now - self._last_unclaim >= RETRY_AFTER
        ):
            self._send_unclaim(now)  # again until the device says it is ready
        if self._forget_due and self._confirmed and now - self._last_unclaim >= RETRY_AFTER:
            self._send_forget(now)  # again until the device says it forgot
        if self.state in (State.OPEN, State.UNCLAIMED) and self.peer and not self.awaiting_press:
            if self.peer.outbox.resend_due(now):
                self._send_numbered(self.peer.outbox.all_unacked(now))
            if now - self._last_ping >= PING_EVERY:
                self._last_ping = now
                self._send(wire.PING)

    def quiet(self, now: float) -> bool:
        """No good frame while this link listened (ticked) for QUIET_AFTER s."""
        return self._silent >= QUIET_AFTER

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

    # ------------------------------------------------------------------ host commands

    def queue_command(self, msg_type: int, payload: bytes) -> None:
        """SET_DIAL or FEEDBACK: numbered and kept until the device acks it."""
        if self.peer is None:
            raise RuntimeError("no device on this link yet")
        self.peer.outbox.add(msg_type, payload)

    def begin_claim(self, now: float) -> None:
        """Claim the device for this table (it must be in pairing mode): a new key agreed by
        X25519.

        Asked again on the same connection (the first was refused: not in pairing mode yet),
        it sends the very same claim: a device that took the first meanwhile answers it as a
        repeat, where a new one would be refused as "busy" (a claim in progress is never
        replaced, docs/protocol.md)."""
        again = bool(self._hello) and self._claim_over == self._hello and len(self._claim) == 13
        self._new_claim = True
        if not again:
            self._private = self._random(x25519_host.KEY_SIZE)
            self._public = x25519_host.public_key(self._private)
            self._device_public = None
        self.claim_result = None
        self.claim_code = None
        self._before_claim = self.state
        if self._tx_key is not None:
            # In a session the device obeys nothing unsigned: end it with a signed word; the
            # new claim runs on its next HELLO.
            self._rekey(now)
            return
        if self.state is not State.WAIT_HELLO and self._hello:
            if not again:
                self._new_host_nonce()
            self._claim_over = self._hello
            self._end_keys()
            self.state = State.CLAIMING
            self._send_claim(now)

    def unclaim(self, now: float) -> None:
        """Ask the device to let go, agreed in two steps (docs/protocol.md, "Unclaim"): a signed
        REFUSE 6, sent again until the device answers "ready" (it keeps its key); then this
        table forgets the key and says so (signed REFUSE 9) until the device answers that it
        forgot its own. So neither side is ever unclaimed while the other still trusts the key;
        a lost answer leaves at worst a device holding a key nobody has, which obeys no one.
        Asked while no session is open (the link is reconnecting), it goes out once the session
        opens: the key is still needed for that. The wish is kept in the ``Peer``."""
        if self.peer is None:
            return
        self.peer.unclaim_asked = True
        if self._confirmed:
            self._send_unclaim(now)

    def _send_unclaim(self, now: float) -> None:
        self._last_unclaim = now
        self._send(wire.REFUSE, wire.refuse_payload(wire.REFUSE_UNCLAIM, "unclaim"))

    def _send_forget(self, now: float) -> None:
        self._last_unclaim = now
        self._send(wire.REFUSE, wire.refuse_payload(wire.REFUSE_UNCLAIM_DONE, "forget"))

    def _on_ready(self, now: float) -> None:
        """The device's signed "ready": forget the key here, then tell it to forget its own.
        A "ready" nobody is waiting for (the table gave up and said both keep the key) is
        ignored: the table does not go back on what it told the players."""
        assert self.peer is not None
        if not self.peer.unclaim_asked:
            self._refuse("late", f"a late answer from {self._name()} to an unclaim was ignored")
            return
        self.peer.unclaim_asked = False
        self.keys.forget(self.peer.device)
        self.peer.unclaim_forgotten = True
        self._forget_due = True
        self._send_forget(now)

    def _on_unclaimed(self, now: float) -> None:
        """The device's signed word that it forgot this table's key: end the session, and ask
        for its HELLO (it comes back unclaimed)."""
        assert self.peer is not None
        if not (self._forget_due or self.peer.unclaim_forgotten):
            return  # this table never said it forgot: not an answer to anything of ours
        self.peer.unclaim_asked = False
        self.peer.unclaim_forgotten = False
        self._forget_due = False
        self.keys.forget(self.peer.device)
        self.unclaimed = True
        self._status(
            f"{self._name()} is unclaimed: this table and the device forgot their key", True
        )
        self._end_session(now)

    # ------------------------------------------------------------------ receiving

    def receive(self, raw: bytes | wire.WireError, now: float) -> None:
        """Take one frame. Never raises: whatever arrives costs at most itself."""
        if isinstance(raw, wire.WireError):
            self._count_noise()
            return
        try:
            self._receive(raw, now)
        except wire.WireError as e:
            self._count_noise(str(e))
        except (ValueError, KeyError, IndexError) as e:
            self._refuse("malformed", f"a malformed frame was dropped ({e})")

    def _receive(self, raw: bytes, now: float) -> None:
        try:
            frame = wire.unpack(raw)  # the header, CRC and version; the MAC comes next
        except wire.WireError as e:
            if "protocol version" in str(e) and self._rx_key is None and raw[0] & 0x0F == 0:
                # A HELLO of another version: the device needs other firmware (or the app an
                # update). Any other frame of another version is noise: it cannot end anything.
                self._refuse_version(str(e))
            else:
                self._count_noise(str(e))
            return
        if not wire.FROM_DEVICE[frame.msg_type]:
            # SET_DIAL, FEEDBACK or CLAIM: only a host sends them, so this one was reflected
            # or made up.
            self._refuse("wrong-side", "a frame only a host may send came from the device side")
            return
        signed = wire.is_signed(raw)
        if self._rx_key is not None:
            if signed:
                self._receive_signed(raw, frame, now)
            elif (frame.msg_type, frame.payload) in self._claim_answer:
                # The device's answer (KEY parts, AUTH) to a CLAIM we sent again while it was
                # still working out the first (X25519 takes it a while; more under load): the
                # same bytes we already accepted, so a repeat, not a stranger's frame. Obeyed
                # for nothing, counted apart, never reported as unsigned.
                self.claim_answer_repeats += 1
            elif (
                self.awaiting_press
                and frame.msg_type == wire.REFUSE
                and frame.payload[:1] == bytes((wire.REFUSE_TWO_CLAIMS,))
            ):
                # Two claims proved at once and the players' press took neither (issue 35).
                self.awaiting_press = False
                self._end_keys()
                self.state = State.CLAIMING
                self._on_refuse(frame)
            else:
                # In a session nothing unsigned is obeyed (HELLO, REFUSE, AUTH, events ...).
                self._refuse("unsigned", "an unsigned frame in a signed session was ignored")
            return
        if frame.msg_type == wire.HELLO and not signed:
            whole = self._hello_parts.feed(frame.payload)
            if whole is not None:
                self._heard(now)
                self._on_hello(whole, frame.seq, now)
            return
        if self.peer is None:
            return  # a frame from before this connection's HELLO: nothing to place it in
        self._receive_unsigned(frame, signed, now)

    def _receive_unsigned(self, frame: wire.Frame, signed: bool, now: float) -> None:
        assert self.peer is not None
        if signed:
            # Signed, but no session yet: a frame replayed from an earlier connection.
            self._refuse("replay", "a frame signed in an earlier session was refused")
            return
        t = frame.msg_type
        if t == wire.KEY and self.state is State.CLAIMING and self._new_claim:
            key = self._key_parts.feed(frame.payload)
            if key is not None:
                self._heard(now)
                self._device_public = key
        elif t == wire.AUTH and self.state is State.CLAIMING:
            self._heard(now)
            self._on_device_auth(frame, now)
        elif t == wire.REFUSE and self.state in (State.CLAIMING, State.UNCLAIMED):
            self._heard(now)
            self._on_refuse(frame)
        elif self.state is State.UNCLAIMED:
            self._heard(now)
            if not self._boot_known:
                if t == wire.PING and len(frame.payload) == wire.BOOT_ID_SIZE:
                    self._boot_known = True
                    self._on_boot(frame.payload)
                elif t in NUMBERED_TYPES:
                    return  # which numbering? Its boot PING first; the device sends it again
            self._on_session_frame(frame, now)
        elif t in NUMBERED_TYPES:
            if self._new_claim and self._before_claim is State.UNCLAIMED:
                # An unclaimed device streams its events unsigned until it reads our CLAIM:
                # expected, and none is lost (its ring sends them again, signed, once the
                # session opens). Counted apart, not reported to the player as a stranger's.
                self.unsigned_before_claim += 1
                return
            self._refuse("unsigned", "an unsigned frame on a link that must be signed was refused")
        else:
            self._count_noise()

    def _receive_signed(self, raw: bytes, frame: wire.Frame, now: float) -> None:
        """A signed frame in a session: ``frame`` is ``raw`` taken apart once (``_receive``);
        only its MAC is checked here."""
        assert self.peer is not None and self._rx_key is not None
        if not wire.signed_by(raw, self._rx_key):
            if self._signed_earlier(raw):
                self._refuse(
                    "replay", f"a frame from an earlier session of {self._name()} was refused"
                )
            else:
                self._refuse("bad-mac", wire.WRONG_MAC)
            self.bad_macs += 1  # counted and dropped: a forgery never ends the session
            return
        frame.authenticated = True
        self._heard(now)
        if not self._confirmed:
            if frame.msg_type == wire.PING and len(frame.payload) == wire.BOOT_ID_SIZE:
                # The device checked our AUTH and says, signed, which boot it is in.
                if self.awaiting_press:
                    self._claim_confirmed()
                self._confirmed = True
                self._boot_known = True
                self._on_boot(frame.payload)
                # Its first authenticated word on where its numbering stands (HELLO's number
                # is not trusted: anyone could have rewritten it).
                self._sync(frame.seq)
                self._send_numbered(self.peer.outbox.all_unacked(now))
            elif frame.msg_type in NUMBERED_TYPES:
                return  # before its boot PING: resent after it (our AUTH again brings it)
        self._count_frame(now)
        if frame.msg_type == wire.HELLO:
            return  # never signed by a real device
        self._on_session_frame(frame, now)

    def _signed_earlier(self, raw: bytes) -> bool:
        assert self.peer is not None
        return any(wire.signed_by(raw, key) for key in self.peer.old_sessions)

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
        if self._rx_key is not None:
            # Signed: the device's own word on the oldest number it holds. Unsigned (an unclaimed
            # link) it could be anyone's, and a number ahead would silence the real events:
            # there only HELLO moves the window (docs/protocol.md).
            self._sync(frame.seq)
        if t == wire.ACK:
            if peer.outbox.on_ack(wire.parse_ack(frame.payload), now):
                self._send_numbered(peer.outbox.all_unacked(now))
        elif t == wire.PING:
            self._send(wire.PONG, frame.payload[: wire.MAX_SIGNED_PAYLOAD])
        elif t == wire.REFUSE and self.state is State.OPEN:
            # Signed: really the device's word. REFUSE 6: ready to let go (it keeps its key
            # until we say we forgot ours); REFUSE 9: it forgot. Each said again for every
            # repeat of ours, so a lost answer costs one resend.
            if frame.payload[:1] == bytes((wire.REFUSE_UNCLAIM,)):
                self._on_ready(now)
            elif frame.payload[:1] == bytes((wire.REFUSE_UNCLAIM_DONE,)):
                self._on_unclaimed(now)
            else:
                self._on_refuse(frame)

    def _sync(self, sender_oldest: int) -> None:
        assert self.peer is not None
        skipped = self.peer.inbox.sync(sender_oldest)
        if skipped:
            self._status(
                f"{self._name()} lost {skipped} events it could not keep while out of touch"
            )

    def _on_boot(self, boot_id: bytes) -> None:
        peer = self.peer
        assert peer is not None
        if peer.boot_id != boot_id:
            # The device restarted (or this host did): its numbering starts afresh. Where it
            # starts is learnt from this PING's number.
            if peer.boot_id is not None:
                self._status(f"{self._name()} restarted")
            peer.boot_id = bytes(boot_id)
            peer.inbox = Inbox()
            peer.cards.clear()
            if self._rx_key is None:
                # Unsigned (an unclaimed link): anyone could have sent this PING's number, so
                # the window starts where the HELLO put it (only HELLO moves it there).
                peer.inbox.sync(self._hello_seq)

    def _count_frame(self, now: float) -> None:
        self._frames += 1
        if self._frames >= wire.REKEY_AFTER:
            self._rekey(now)

    def _rekey(self, now: float) -> None:
        """End this session (a signed word to the device) and start a new handshake, so new
        keys are made before a sequence number comes round or after too many forgeries."""
        self.rekeys += 1
        self._end_session(now)

    def _end_session(self, now: float) -> None:
        """A signed REFUSE 7 ends the device's session too; then a new handshake starts."""
        if self._tx_key is not None:
            self._send(wire.REFUSE, wire.refuse_payload(wire.REFUSE_REKEY, "new keys"))
        self._end_keys()
        self.state = State.WAIT_HELLO
        self._hello = b""
        self._request_hello(now)

    def _end_keys(self) -> None:
        self._forget_due = False  # REFUSE 9 is said in the session whose "ready" it answers
        self.awaiting_press = False
        self._claim_answer = frozenset()
        self._rx_key = None
        self._tx_key = None
        self._confirmed = False
        self._boot_known = False
        self.bad_macs = 0
        self._frames = 0

    # ------------------------------------------------------------------ handshake

    def _request_hello(self, now: float) -> None:
        self._last_try = now
        self._out.append(wire.pack(wire.PING, 0, wire.HELLO_REQUEST))

    def _on_hello(self, payload: bytes, seq: int, now: float) -> None:
        fw, dev_id, caps, dials, readers, nonce = wire.parse_hello(payload)
        device = dev_id.hex()
        if self.peer is not None and self.peer.device != device:
            self._refuse("refused", "another device answered on this link")
            return
        if self.state is not State.WAIT_HELLO and payload == self._hello:
            return  # the same HELLO again (our request was answered twice)
        peer = self.peers.setdefault(device, Peer(device))
        self.peer = peer
        peer.dials, peer.readers, peer.firmware = dials, readers, fw
        peer.capabilities = caps
        self._boot_known = False  # its boot PING follows (after the claim, when claimed)
        self._past = []
        if self.state is State.CLAIMING and self._key is not None:
            # A CLAIM of ours may be on its way, answered over the HELLO it was sent after.
            self._past = [(self._transcript(), self._key)]
        self._claim = b""  # so _new_host_nonce does not file it again under the new HELLO
        self._hello = payload
        self._hello_seq = seq
        self._device_nonce = nonce
        self._end_keys()
        self._key = None if self._new_claim else self.keys.key_for(device)
        if self._key is None and not self._new_claim:
            self.state = State.UNCLAIMED
            peer.inbox.sync(seq)  # nothing is trusted here anyway: events are marked so
            self._status(f"{self._name()} is connected but not claimed by this table", True)
            self._send_numbered(peer.outbox.all_unacked(now))
            return
        self._new_host_nonce()
        self.state = State.CLAIMING
        self._send_claim(now)

    def _new_host_nonce(self) -> None:
        if self._claim and self._key is not None:
            self._past = [*self._past[-7:], (self._transcript(), self._key)]
        self._host_nonce = self._random(wire.NONCE_SIZE)
        self._claim = handshake.claim_payload(self.table_id, self._host_nonce, self._new_claim)

    def _transcript(self) -> bytes:
        """HELLO, CLAIM and, for a new claim (a 13-byte CLAIM), both public keys."""
        t = self._hello + self._claim
        if len(self._claim) == 13:
            t += self._public + (self._device_public or b"")
        return t

    def _send_claim(self, now: float) -> None:
        self._last_try = now
        if self._new_claim:
            for part in handshake.parts(self._public):
                self._send(wire.KEY, part, signed=False)
        self._send(wire.CLAIM, self._claim, signed=False)

    def _on_device_auth(self, frame: wire.Frame, now: float) -> None:
        assert self.peer is not None
        proof = handshake.parse_auth(frame.payload)
        if self._new_claim:
            if self._device_public is None:
                return  # its key parts were lost: our retry brings them again
            try:
                shared = x25519_host.shared_secret(self._private, self._device_public)
            except ValueError:
                self._claim_failed("the device sent an unusable key")
                return
            self._key = handshake.claim_key(shared, self._transcript())
        assert self._key is not None
        transcript = self._transcript()
        expected = handshake.device_proof(self._key, transcript)
        if not hmac.compare_digest(proof, expected):
            if any(hmac.compare_digest(proof, handshake.device_proof(k, t)) for t, k in self._past):
                return  # the answer to an earlier CLAIM of this connection, overtaken: not forged
            self._claim_failed("the device did not prove the new key")
            return
        if self._new_claim:
            # Proved both ways; the key is ours once the players press on the device and it
            # says so (its signed boot PING, issue 35). Until then nothing is stored here.
            self.claim_code = handshake.claim_code(self._key, transcript)
            self.awaiting_press = True
        self._rx_key, self._tx_key = handshake.session_keys(self._key, transcript)
        answer = [(wire.AUTH, frame.payload)]
        if self._device_public is not None and len(self._claim) == 13:
            answer += [(wire.KEY, part) for part in handshake.parts(self._device_public)]
        self._claim_answer = frozenset(answer)
        # Remembered, so a frame of this session replayed into a later one is told apart.
        self.peer.old_sessions = [*self.peer.old_sessions[-3:], self._rx_key]
        self.state = State.OPEN
        self._send_host_auth(now)
        if self.awaiting_press:
            self._status(
                f"{self._name()}: press dial 0's button once to confirm this table's claim "
                f"(claim code {self.claim_code}); its light says so",
                True,
            )
        else:
            self._status(f"{self._name()} is connected", True)

    def _claim_confirmed(self) -> None:
        """The players pressed and the device took our new claim: the key is kept here too."""
        assert self.peer is not None and self._key is not None
        self.awaiting_press = False
        self._new_claim = False
        self.keys.store(self.peer.device, self._key)
        self._finish_claim("ok")
        ack = self.peer.inbox.ack_value()
        self._send(wire.ACK, wire.ack_payload(ack if ack is not None else 0xFFFF))
        self._status(f"{self._name()} is connected", True)

    def _claim_failed(self, why: str) -> None:
        self._send(wire.REFUSE, wire.refuse_payload(wire.REFUSE_BAD_PROOF, "wrong proof"), False)
        self.state = State.REFUSED
        self._refuse(
            "bad-proof", f"{self._name()} did not prove it holds this table's key: claim it again"
        )
        self._finish_claim(why)

    def _send_host_auth(self, now: float) -> None:
        assert self._key is not None
        self._last_try = now
        proof = handshake.host_proof(self._key, self._transcript())
        self._send(wire.AUTH, proof, signed=False)
        if self.awaiting_press:
            return  # signed frames wait for the players' press: the device has no session yet
        # A signed frame right away gives the device this host's numbering to start from.
        ack = self.peer.inbox.ack_value() if self.peer else None
        self._send(wire.ACK, wire.ack_payload(ack if ack is not None else 0xFFFF))

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
        self.peer.inbox.hold(frame.seq)  # acked once the caller has stored it
        self._events.append(event)
        self._delivered.append((event, frame.seq))

    # ------------------------------------------------------------------ sending and reporting

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
