# The device's half of the wire protocol (docs/protocol.md), independent of the transport.
#
# Outgoing events wait in a small FIFO without a sequence number; they are numbered only when
# they enter the replay ring (32 frames, the go-back-N window). So the ring never has to drop
# a numbered frame, which would leave the host a gap: when events arrive faster than the host
# acknowledges, the FIFO drops its oldest event instead and a DIAG "replay ring overflow" with
# the count follows, never a silent loss. A DIAL waiting in the FIFO is overwritten by a newer
# value of the same dial (events are absolute state), so a spin while disconnected costs one
# slot per dial. A CARD and its TAG are numbered back to back.
#
# Unnumbered frames (HELLO, ACK, PING, PONG, AUTH, REFUSE) carry the oldest number the sender
# still holds, as hardware/reliable.py on the host expects: a receiver learns the sender's
# numbering from them. The host's numbering is learnt the same way, afresh on each connection.
#
# Connections: BLE says when one starts; on a byte stream the host starts each one with an
# unsigned PING "hello" (wire.HELLO_REQUEST), answered with HELLO and a fresh nonce.
#
# next_frame() and receive() work in preallocated buffers; only MACs (hashlib) allocate.
import time

import wire
from micropython import const

_RING = const(32)
_PENDING = const(16)
_SLOT = const(16)  # header (3) + the largest event payload (11) + spare
_MAX_EVENT_PAYLOAD = const(11)  # 20 bytes - header 3 - MAC 4 - CRC 2
_RESEND_MS = const(250)

_WAIT_CLAIM = const(0)  # claimed device: waiting for its table's CLAIM
_PROVE = const(1)  # sent our AUTH, waiting for the host's
_OPEN = const(2)  # never claimed: unsigned frames, for `altar monitor` and tests
ST_AUTHED = const(3)  # every frame signed with the session key

# Control frames due, as bits of Link._due, sent in this order of priority.
_HELLO = const(1)
_AUTH = const(2)
_PING = const(4)
_ACK = const(8)
_PONG = const(16)

_DIAG_SECURITY = const(4)  # detail: 1 unsigned frame, 2 wrong MAC, 3 wrong proof


def _refuse_text(code):
    # REFUSE texts, for people; the codes are wire.REFUSE_*.
    if code == 2:
        return b"hold the device's button to claim it"
    if code == 3:
        return b"claimed by another table"
    if code == 4:
        return b"wrong proof"
    return b"not authenticated"


class Link:
    def __init__(self, device_id, caps, dials, readers, keys, commands, rng, fw=(0, 1, 0)):
        self.device_id = bytes(device_id)
        self.caps = caps
        self.dials = dials
        self.readers = readers
        self.keys = keys
        self.commands = commands  # the app: set_dial(), feedback(), pairing()
        self._rng = rng  # rng(buf) fills buf with random bytes
        self.fw = fw
        # replay ring of numbered frames (header + payload, no MAC, no CRC)
        self._ring = bytearray(_RING * _SLOT)
        self._ring_len = bytearray(_RING)
        self._head = 0
        self.count = 0  # frames in the ring, unacknowledged
        self._sent = 0  # of those, how many went out since the last (re)send round began
        self.next_seq = 0
        self._timer = 0
        # FIFO of events not numbered yet: type, length, payload
        self._pend = bytearray(_PENDING * _SLOT)
        self._p_head = 0
        self.pending = 0
        self.dropped = 0  # events dropped from the FIFO, not yet reported in a DIAG
        self.dropped_total = 0
        self._last_type = -1
        # frames out
        self.tx = bytearray(wire.MAX_FRAME)
        self._scratch = bytearray(wire.MAX_PAYLOAD)
        # connection and session
        self.connected = False
        self.state = _WAIT_CLAIM
        self.session = None  # auth.Hmac of the session key once authenticated
        self.drop_requested = False  # the transport ends the connection after sending
        self._boot_id = bytearray(4)
        rng(self._boot_id)
        self._nd = bytearray(8)
        self._nh = bytearray(8)
        self._have_nh = False
        self._host_proof = None
        self._dev_proof = None
        self._due = 0  # control frames to send: _HELLO | _AUTH | _PING | _ACK | _PONG
        self._pong = bytearray(8)
        self._pong_len = 0
        self._refuse = 0
        self._host_next = -1  # the host's next command number; -1: not learnt yet
        self.errors = 0  # frames dropped as damaged, malformed or out of place
        self.security_errors = 0
        self.last_rx = 0

    # ------------------------------------------------------------ connection
    def on_connect(self, now):
        """A new connection: a fresh nonce, a HELLO, unacknowledged events sent again."""
        self.connected = True
        self.drop_requested = False
        self.session = None
        self.state = _WAIT_CLAIM if self.keys.claimed else _OPEN
        for i in range(4):
            self._nd[i] = self._boot_id[i]  # the boot id: tells the host whether we restarted
        self._rng(memoryview(self._nd)[4:])
        self._have_nh = False
        self._due = _HELLO
        self._refuse = 0
        self._host_next = -1
        self._sent = 0  # everything unacknowledged goes out again, oldest first
        self.last_rx = now
        self._timer = now

    def on_disconnect(self):
        self.connected = False
        self.session = None
        self.state = _WAIT_CLAIM

    @property
    def streaming(self):
        return self.connected and (self.state == _OPEN or self.state == ST_AUTHED)

    def oldest(self):
        """The oldest number still held (the next one when none is): unnumbered frames
        carry it so the host knows which numbers are gone for good."""
        if self.count:
            o = self._head * _SLOT
            return self._ring[o + 1] | (self._ring[o + 2] << 8)
        return self.next_seq

    # ------------------------------------------------------------ events in
    def event(self, msg_type, payload, n):
        """Queues an event (payload[:n], at most 11 bytes). Allocation-free."""
        if n > _MAX_EVENT_PAYLOAD:
            self.errors += 1  # would not fit one notification once signed: a bug, not data
            return
        p = self._pend
        if msg_type == wire.DIAL:
            i = self._p_head
            for _ in range(self.pending):
                o = i * _SLOT
                if p[o] == wire.DIAL and p[o + 2] == payload[0]:
                    p[o + 3] = payload[1]  # a newer absolute value replaces the waiting one
                    return
                i = (i + 1) % _PENDING
        if self.pending == _PENDING:
            self._p_head = (self._p_head + 1) % _PENDING
            self.pending -= 1
            self.dropped += 1
            self.dropped_total += 1
        o = ((self._p_head + self.pending) % _PENDING) * _SLOT
        p[o] = msg_type
        p[o + 1] = n
        for i in range(n):
            p[o + 2 + i] = payload[i]
        self.pending += 1

    def _number(self, msg_type, src, off, n):
        slot = (self._head + self.count) % _RING
        o = slot * _SLOT
        r = self._ring
        r[o] = (wire.PROTOCOL_VERSION << 5) | msg_type
        r[o + 1] = self.next_seq & 0xFF
        r[o + 2] = self.next_seq >> 8
        for i in range(n):
            r[o + 3 + i] = src[off + i]
        self._ring_len[slot] = 3 + n
        self.count += 1
        self.next_seq = (self.next_seq + 1) & 0xFFFF
        self._last_type = msg_type

    def _promote(self):
        while self.count < _RING:
            if self.dropped and self._last_type != wire.CARD:
                s = self._scratch
                s[0] = wire.DIAG_RING_OVERFLOW
                d = self.dropped if self.dropped < 0xFFFF else 0xFFFF
                s[1] = d & 0xFF
                s[2] = d >> 8
                self.dropped = 0
                self._number(wire.DIAG, s, 0, 3)
                continue
            if not self.pending:
                return
            o = self._p_head * _SLOT
            self._number(self._pend[o], self._pend, o + 2, self._pend[o + 1])
            self._p_head = (self._p_head + 1) % _PENDING
            self.pending -= 1

    # ------------------------------------------------------------ frames out
    def _finish(self, n, sign):
        tx = self.tx
        if sign and self.session is not None:
            tx[0] |= 0x10
            self.session.mac_into(tx, n)
            n += 4
        crc = wire.crc16(tx, 0, n)
        tx[n] = crc & 0xFF
        tx[n + 1] = crc >> 8
        return n + 2

    def _control(self, msg_type, src, n, sign=True):
        tx = self.tx
        seq = self.oldest()
        tx[0] = (wire.PROTOCOL_VERSION << 5) | msg_type
        tx[1] = seq & 0xFF
        tx[2] = seq >> 8
        for i in range(n):
            tx[3 + i] = src[i]
        return self._finish(3 + n, sign)

    def next_frame(self, now):
        """Puts the next frame to send in self.tx and returns its length; 0: nothing now."""
        if not self.connected:
            return 0
        if self._refuse:
            code = self._refuse
            self._refuse = 0
            text = _refuse_text(code)
            s = self._scratch
            s[0] = code
            for i in range(len(text)):
                s[1 + i] = text[i]
            return self._control(wire.REFUSE, s, 1 + len(text), False)  # never signed
        due = self._due
        if due & _HELLO:
            self._due = due & ~_HELLO
            return self._hello()
        if due & _AUTH:
            self._due = due & ~_AUTH
            return self._control(wire.AUTH, self._dev_proof, 8, False)
        if due & _PING:
            self._due = due & ~_PING
            return self._control(wire.PING, self._scratch, 0)  # signed: "your proof was right"
        if due & _ACK:
            self._due = due & ~_ACK
            s = self._scratch
            ack = (self._host_next - 1) & 0xFFFF
            s[0] = ack & 0xFF
            s[1] = ack >> 8
            return self._control(wire.ACK, s, 2)
        if due & _PONG:
            self._due = due & ~_PONG
            return self._control(wire.PONG, self._pong, self._pong_len)
        if not self.streaming:
            return 0
        self._promote()
        if self._sent < self.count:
            return self._send_ring(now)
        if self.count and time.ticks_diff(now, self._timer) >= _RESEND_MS:
            self._sent = 0  # no ack for a while: go back to the oldest unacknowledged frame
            return self._send_ring(now)
        return 0

    def _send_ring(self, now):
        i = (self._head + self._sent) % _RING
        o = i * _SLOT
        n = self._ring_len[i]
        tx = self.tx
        r = self._ring
        for k in range(n):
            tx[k] = r[o + k]
        self._sent += 1
        self._timer = now
        return self._finish(n, True)

    def _hello(self):
        s = self._scratch
        s[0] = wire.PROTOCOL_VERSION
        s[1] = self.fw[0]
        s[2] = self.fw[1]
        s[3] = self.fw[2]
        for i in range(4):
            s[4 + i] = self.device_id[i]
        s[8] = self.caps | wire.CAP_AUTH  # this firmware speaks the claim handshake
        s[9] = self.dials
        s[10] = self.readers
        for i in range(8):
            s[11 + i] = self._nd[i]
        return self._control(wire.HELLO, s, 19, False)  # HELLO is never signed

    # ------------------------------------------------------------ frames in
    def receive(self, buf, n, now):
        """Handles one raw frame (COBS already removed) in buf[:n]."""
        if n < 5 or n > wire.MAX_FRAME:
            self.errors += 1
            return
        crc = wire.crc16(buf, 0, n - 2)
        if buf[n - 2] != crc & 0xFF or buf[n - 1] != crc >> 8:
            self.errors += 1
            return
        first = buf[0]
        if first >> 5 != wire.PROTOCOL_VERSION:
            self.errors += 1
            return
        msg_type = first & 0x0F
        end = n - 2
        signed = first & 0x10
        if signed:
            end -= 4
            if end < 3:
                self.errors += 1
                return
        fresh = not self.connected
        if fresh:
            # A byte stream has no connection event: the first good frame after a quiet
            # spell is one (normally the host's HELLO request).
            self.on_connect(now)
        self.last_rx = now
        seq = buf[1] | (buf[2] << 8)
        if not signed:
            if msg_type == wire.PING and self._is_hello_request(buf, end):
                if not fresh and self.state == ST_AUTHED:
                    self.on_connect(now)  # the host starts over: a new connection, a new nonce
                else:
                    self._due |= _HELLO  # the same HELLO again: a claim may be in flight
                return
            if msg_type == wire.CLAIM:
                self._on_claim(buf, end)
                return
            if msg_type == wire.AUTH:
                self._on_auth(buf, end)
                return
            if msg_type == wire.REFUSE:
                self.drop_requested = True  # the host gave up on us; it will ask for a HELLO
                return
        if self.state == ST_AUTHED:
            if not signed or not self.session.mac_ok(buf, end):
                self._security(1 if not signed else 2)
                return
        elif self.state != _OPEN or signed:
            self.errors += 1  # nothing to do with it before the claim is done
            return
        self._on_session_frame(msg_type, seq, buf, end, now)

    @staticmethod
    def _is_hello_request(buf, end):
        r = wire.HELLO_REQUEST
        if end - 3 != len(r):
            return False
        for i in range(len(r)):
            if buf[3 + i] != r[i]:
                return False
        return True

    def _security(self, detail):
        # Counted and reported to the table in a (signed) DIAG; never answered on the link,
        # so a stranger's frames cannot make the device disturb the table's session.
        self.security_errors += 1
        s = self._scratch
        s[0] = _DIAG_SECURITY
        s[1] = detail
        self.event(wire.DIAG, s, 2)

    def _on_session_frame(self, msg_type, seq, buf, end, now):
        if msg_type == wire.SET_DIAL or msg_type == wire.FEEDBACK:
            self._on_command(msg_type, seq, buf, end)
            return
        # An unnumbered frame carries the oldest number the host still holds.
        if self._host_next < 0 or wire.seq_after(seq, self._host_next):
            self._host_next = seq
        if msg_type == wire.ACK:
            if end - 3 == 2:
                self._on_ack(buf[3] | (buf[4] << 8), now)
        elif msg_type == wire.PING:
            k = min(end - 3, 8)
            for i in range(k):
                self._pong[i] = buf[3 + i]
            self._pong_len = k
            self._due |= _PONG

    def _on_ack(self, acked, now):
        last_sent = (self.next_seq - 1) & 0xFFFF
        if wire.seq_after(acked, last_sent):
            return  # acknowledges a frame we never sent: stale or bogus
        freed = 0
        while self.count:
            o = self._head * _SLOT
            s = self._ring[o + 1] | (self._ring[o + 2] << 8)
            if wire.seq_after(s, acked):
                break
            self._head = (self._head + 1) % _RING
            self.count -= 1
            freed += 1
        if freed:
            self._sent = self._sent - freed if self._sent > freed else 0
            self._timer = now

    def _on_command(self, msg_type, seq, buf, end):
        # In order only, each number once. Until the host's numbering is known (from its first
        # unnumbered frame) nothing is acked, so the host sends again.
        if self._host_next < 0:
            return
        self._due |= _ACK
        if seq != self._host_next:
            return  # a duplicate (acked again) or after a gap (the ack asks for a resend)
        self._host_next = (seq + 1) & 0xFFFF
        plen = end - 3
        if msg_type == wire.SET_DIAL:
            if plen == 4 and buf[5] <= buf[4] <= buf[6]:
                self.commands.set_dial(buf[3], buf[4], buf[5], buf[6])
            else:
                self.errors += 1
        elif plen == 2 and 1 <= buf[3] <= 3:
            self.commands.feedback(buf[3], buf[4])
        else:
            self.errors += 1

    def _on_claim(self, buf, end):
        plen = end - 3
        if plen != 12 and plen != 28:
            self.errors += 1
            return
        table = memoryview(buf)[3:7]
        if plen == 28:
            if not self.commands.pairing():
                self._refuse = wire.REFUSE_HOLD_BUTTON
                return
            self.keys.store(table, memoryview(buf)[15:31])
        elif not self.keys.claimed:
            self._refuse = wire.REFUSE_HOLD_BUTTON
            return
        elif bytes(table) != self.keys.table:
            self._refuse = wire.REFUSE_OTHER_TABLE
            return
        same = self._have_nh
        for i in range(8):
            if self._nh[i] != buf[7 + i]:
                same = False
            self._nh[i] = buf[7 + i]
        self._have_nh = True
        if not (same and self.state == ST_AUTHED):
            # A new claim (or a claim on a new host nonce): prove ourselves, no session yet.
            # The same CLAIM again (our AUTH was lost) just gets the same proof again.
            from altarfw import auth  # loaded at the first claim: unclaimed devices never need it

            self._dev_proof, self._host_proof, self._session_key = auth.proofs(
                self.keys.key, self._nd, self._nh
            )
            self.session = None
            self.state = _PROVE
            # ACK or PONG still due from before would go out unsigned after our AUTH, when
            # the host already signs: drop them (the host repeats what it needs).
            self._due &= _HELLO
        self._due |= _AUTH

    def _on_auth(self, buf, end):
        if (self.state != _PROVE and self.state != ST_AUTHED) or not self._have_nh:
            self.errors += 1
            return
        diff = 0 if end - 3 == 8 else 1
        for i in range(8):
            diff |= self._host_proof[i] ^ buf[3 + i] if end - 3 == 8 else 1
        if diff:
            self._refuse = wire.REFUSE_BAD_PROOF
            self.security_errors += 1
            self.state = _WAIT_CLAIM
            self.session = None
            self.drop_requested = True  # the transport drops the link after the REFUSE
            return
        if self.state != ST_AUTHED:
            from altarfw import auth

            self.session = auth.Hmac(self._session_key)
            self.state = ST_AUTHED
            self._sent = 0  # resend everything unacknowledged, now signed with this session
        self._due |= _PING  # a signed frame tells the host its proof was right
