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

from hardware import wire
from hardware.frame_events import device_label
from hardware.link_claim import LinkClaim
from hardware.link_core import PAIRING_HOW, ClaimRefused, Report, State
from hardware.peer import Peer
from hardware.reliable import NUMBERED_TYPES

RETRY_AFTER = 0.1  # s: HELLO request, CLAIM and AUTH are sent again until answered
PING_EVERY = 1.0
BOOT_RETRY = 0.5  # s: an unclaimed device's boot PING asked for again (its HELLO request)
QUIET_AFTER = 3.0  # s of listening without any good frame: the link is quiet and is reconnected
# A longer gap between two ticks is this host's own stall (a loaded tablet's event loop), not
# the device's silence: it counts as this much listening only. Under load a 6 s stall once made
# a live link "quiet", and the reconnect took a queued unclaim with it.
STALL_COUNTS_AS = 0.5

# The names the device manager and the tests take from here (each defined where its concern is).
__all__ = [
    "PAIRING_HOW",
    "RETRY_AFTER",
    "ClaimRefused",
    "HostLink",
    "Peer",
    "Report",
    "State",
    "device_label",
]


class HostLink(LinkClaim):
    """One connection, driven by the clock (``start``, ``tick``) and fed frames (``receive``):
    each frame checked and routed to the session (link_session.py) or the handshake
    (link_claim.py); ``peers`` maps device id (hex) to its ``Peer``, shared across connections."""

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
        except wire.VersionMismatch as e:
            if self._rx_key is None and raw[0] & 0x0F == wire.HELLO:
                # A HELLO of another version: the device needs other firmware (or the app an
                # update). Any other frame of another version is noise: it cannot end anything.
                self._refuse_version(str(e))
            else:
                self._count_noise(str(e))
            return
        except wire.WireError as e:
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
