"""A signed session on one connection (docs/protocol.md): numbered frames in, once and in order
(duplicates acked again, a gap re-acked), the device's boot and numbering, new keys before the
numbers come round, and the two-step unclaim (REFUSE 6, then 9)."""

from __future__ import annotations

from hardware import wire
from hardware.link_core import LinkCore, State
from hardware.reliable import NUMBERED_TYPES, Inbox


class LinkSession(LinkCore):
    """The session's side of ``HostLink``: what a signed (or unclaimed) link does with a frame."""

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
