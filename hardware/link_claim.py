"""The handshake of one connection (docs/protocol.md, "Claim"): the device's HELLO, this
table's CLAIM, proofs both ways over what each saw, and a new claim's key agreed by X25519 and
kept only once the players press on the device (issue 35)."""

from __future__ import annotations

import hmac

from hardware import handshake, wire, x25519_host
from hardware.link_core import State
from hardware.link_session import LinkSession
from hardware.peer import Peer


class LinkClaim(LinkSession):
    """The claim's side of ``HostLink``: from a HELLO to an open session, or a refusal."""

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
