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
# unsigned PING "hello" (wire.HELLO_REQUEST), answered with HELLO (two parts) and a fresh nonce.
# In a session that request is obeyed only once the session has been quiet for _QUIET_MS: a
# stranger's unsigned frames are counted and ignored, never obeyed.
#
# Security (docs/protocol.md, "Threat model"): proofs are bound to the HELLO and CLAIM
# (transcript); each direction has its own session key, so a frame reflected back fails its MAC;
# only the types a host may send are taken. A forged (wrong MAC) or unsigned frame in a session
# is dropped and counted, never obeyed, and never ends the session: only the table's signed word
# (REFUSE rekey), REKEY_AFTER frames, or a session quiet for _QUIET_MS do (issue 27). The table's
# signed unclaim is agreed in two steps (REFUSE 6 "ready", then REFUSE 9 "forgotten", issue 35):
# the key is forgotten only once the table says it forgot its own; the table then ends the
# session.
# The counts reach the table in DIAG 4 (app.py, rate-limited). A new claim agrees its key by
# X25519, only while the device is in pairing mode (the pairing gesture, pairing.py); a claim in
# progress is never replaced by another, and a wrong proof against it is counted, not obeyed;
# the key file is written only after both proofs matched.
#
# Every connection's nonce is 8 fresh random bytes. The boot id, which tells the host whether
# the device restarted (its numbering starts afresh), is the 4-byte token of the device's first
# PING of a connection: signed, right after the host's proof checked out; unsigned, right after
# the HELLO, on a device nobody claimed.
#
# next_frame() and receive() work in preallocated buffers and, in a session, allocate nothing
# (auth.Chaskey); only the handshake (HMAC, X25519) allocates.
import time

import wire_core
from micropython import const

# The protocol's numbers this module needs, folded by mpy-cross (no names in the heap);
# tests/hardware/test_firmware_numbers.py holds them to hardware/wire.py.
_PROTOCOL_VERSION = const(2)  # wire.PROTOCOL_VERSION
_T_HELLO = const(0)  # wire.HELLO
_T_CARD = const(2)  # wire.CARD
_T_DIAL = const(3)  # wire.DIAL
_T_DIAG = const(6)  # wire.DIAG
_T_ACK = const(7)  # wire.ACK
_T_PING = const(8)  # wire.PING
_T_PONG = const(9)  # wire.PONG
_T_SET_DIAL = const(10)  # wire.SET_DIAL
_T_FEEDBACK = const(11)  # wire.FEEDBACK
_T_CLAIM = const(12)  # wire.CLAIM
_T_AUTH = const(13)  # wire.AUTH
_T_REFUSE = const(14)  # wire.REFUSE
_T_KEY = const(15)  # wire.KEY
_FROM_HOST = const(0xFF80)  # wire.FROM_HOST, one bit per message type a host may send
_DIAG_RING_OVERFLOW = const(2)  # wire.DIAG_RING_OVERFLOW
_CAP_AUTH = const(0x20)  # wire.CAP_AUTH
_CAP_DIAL_STOP = const(0x40)  # wire.CAP_DIAL_STOP
_MAX_FRAME = const(20)  # wire.MAX_FRAME
_MAX_PAYLOAD = const(15)  # wire.MAX_PAYLOAD
_HELLO_SIZE = const(18)  # wire.HELLO_SIZE
_REKEY_AFTER = const(0x4000)  # wire.REKEY_AFTER
_REFUSE_UNCLAIM = const(6)  # wire.REFUSE_UNCLAIM
_REFUSE_UNCLAIM_DONE = const(9)  # wire.REFUSE_UNCLAIM_DONE
_REFUSE_REKEY = const(7)  # wire.REFUSE_REKEY
_REFUSE_HOLD_BUTTON = const(2)  # wire.REFUSE_HOLD_BUTTON
_REFUSE_OTHER_TABLE = const(3)  # wire.REFUSE_OTHER_TABLE
_REFUSE_TWO_CLAIMS = const(10)  # wire.REFUSE_TWO_CLAIMS
_SET_DIAL_REPORT_STOPS = const(0x01)  # wire.SET_DIAL_REPORT_STOPS

_RING = const(32)
_PENDING = const(16)
_SLOT = const(16)  # header (3) + the largest event payload (11) + spare; the last byte: length
_LEN = const(15)  # where in its slot a ring frame's length is kept
_MAX_EVENT_PAYLOAD = const(11)  # 20 bytes - header 3 - MAC 4 - CRC 2
_RESEND_MS = const(250)
_QUIET_MS = const(2500)  # a session without a good signed frame this long may be restarted
_AUTH_MS = const(4000)  # BLE: a connection not authenticated this long is dropped (issue 35)
_PRESS_MS = const(30_000)  # ... or this long when its claim proved itself and waits for a press
_CANDIDATES = const(4)  # new claims answered and kept at once, waiting for proofs and a press
_COUNT_MAX = const(0xFFFF)  # security counts stop here (small ints: no allocation)

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
_HELLO1 = const(32)  # HELLO's second part
_KEYS = const(64)  # a new claim's public key, three parts
_READY = const(128)  # signed REFUSE 6 "ready": an unclaim asked; the key is still kept
_FORGOTTEN = const(256)  # signed REFUSE 9 "forgotten": the table forgot, and now so did we


def _refuse_text(code):
    # REFUSE texts, for people; the codes are wire.REFUSE_*.
    # At most 14 bytes: a REFUSE is one 20-byte frame.
    if code == 2:
        return b"not pairing"
    if code == 3:
        return b"another table"
    if code == 10:
        return b"two claims"
    return b"not signed in"


class Link:
    def __init__(self, device_id, caps, dials, readers, keys, commands, rng, fw=(0, 1, 0)):
        self.device_id = bytes(device_id)
        self.keys = keys
        self.commands = commands  # the app: set_dial(i, v, lo, hi, stops), feedback(), pairing()
        self._rng = rng  # rng(buf) fills buf with random bytes
        # replay ring of numbered frames (header + payload, no MAC, no CRC; length at _LEN)
        self._ring = bytearray(_RING * _SLOT)
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
        self.tx = bytearray(_MAX_FRAME)
        self._scratch = bytearray(_MAX_PAYLOAD)
        # HELLO (wire.hello_payload): all but the nonce (its last 8 bytes) is fixed at boot.
        h = bytearray(_HELLO_SIZE)
        for i in range(3):
            h[i] = fw[i]
        for i in range(4):
            h[3 + i] = self.device_id[i]
        h[7] = caps | _CAP_AUTH | _CAP_DIAL_STOP  # it speaks the claim, reports dial stops
        h[8] = dials
        h[9] = readers
        self._hello_buf = h
        # connection and session
        self.connected = False
        self.state = _WAIT_CLAIM
        self.session = None  # auth.Chaskey of the device-to-host key once authenticated
        self.rx_mac = None  # auth.Chaskey of the host-to-device key
        self.drop_requested = False  # the transport ends the connection after sending
        self._nd = bytearray(8)  # this connection's nonce: fresh random bytes, all 8
        self._boot = bytearray(4)  # the boot id: the token of our first PING of a connection
        rng(self._boot)
        self._have_nh = False
        self._host_proof = None
        self._dev_proof = None
        self._claim = bytearray(13)  # the CLAIM payload answered, for the transcript
        self._claim_len = 0
        self._keys_out = None  # keys agreed in the handshake: (d2h, h2d)
        # New claims answered in this connection (pairing mode), oldest first: each a list
        # [CLAIM payload, device proof, host proof, (d2h, h2d), (table, key), public key, proved].
        # None of them holds another off (issue 35): a stranger's claims cost the stranger.
        self._cands = []
        self._press_base = 0  # the pair button's presses when the last claim proved itself
        self._hpub = bytearray(32)  # the host's X25519 public key, from its KEY parts
        self._hpub_next = 0  # the next part expected; 3: complete
        self._my_pub = None
        self._key_part = 0
        self._frames = 0  # numbered frames in this session: new keys before the numbers wrap
        self._last_good = 0
        self._due = 0  # control frames to send: _HELLO | _AUTH | _PING | _ACK | _PONG
        self._pong = bytearray(8)
        self._pong_len = 0
        self._refuse = 0
        self._host_next = -1  # the host's next command number; -1: not learnt yet
        self._unclaim_ready = False  # this session's table asked to unclaim; we said ready
        self.errors = 0  # frames dropped as damaged, malformed or out of place
        self.security_errors = 0  # unsigned, wrong-side or wrongly signed frames in a session
        # Not reported to the table yet (DIAG 4, app.py): unsigned frames in a session, and
        # forged ones (a wrong MAC, or a wrong proof against a claim in progress).
        self.unsigned_new = 0
        self.forged_new = 0
        self.last_rx = 0
        self._connected_at = 0
        self.auth_ms = _AUTH_MS  # tests shorten it

    # ------------------------------------------------------------ connection
    def on_connect(self, now):
        """A new connection: a fresh nonce, a HELLO, unacknowledged events sent again."""
        self.connected = True
        self.drop_requested = False
        self.session = None
        self.rx_mac = None
        self._frames = 0
        self._cands = []
        self._hpub_next = 0
        self._claim_len = 0
        self.state = _WAIT_CLAIM if self.keys.claimed else _OPEN
        self._rng(self._nd)  # a fresh nonce, every byte of it
        self._have_nh = False
        self._due = _HELLO
        self._refuse = 0
        self._host_next = -1
        self._unclaim_ready = False  # an unclaim is agreed within one session, never across
        self._sent = 0  # everything unacknowledged goes out again, oldest first
        self.last_rx = now
        self._timer = now
        self._connected_at = now

    def idle_expired(self, now):
        """A connection that has not authenticated in time (issue 35: a silent central held the
        only BLE connection and kept the table out). _AUTH_MS, or _PRESS_MS while a proved
        claim waits for the players' press. An unclaimed device out of pairing mode has nobody
        to keep out (a monitor may listen); in pairing mode the limit holds for it too."""
        if not self.connected or self.state == ST_AUTHED:
            return False
        if self.state == _OPEN and not self.commands.pairing():
            return False
        limit = _PRESS_MS if self.awaiting_press else self.auth_ms
        return time.ticks_diff(now, self._connected_at) >= limit

    def on_disconnect(self):
        self.connected = False
        self.session = None
        self.rx_mac = None
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
        if msg_type == _T_DIAL:
            i = self._p_head
            for _ in range(self.pending):
                o = i * _SLOT
                if p[o] == _T_DIAL and p[o + 2] == payload[0]:
                    # The newer DIAL (value, and its at-the-stop flag or none) replaces it.
                    p[o + 1] = n
                    for k in range(n):
                        p[o + 2 + k] = payload[k]
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
        r[o] = (_PROTOCOL_VERSION << 5) | msg_type
        r[o + 1] = self.next_seq & 0xFF
        r[o + 2] = self.next_seq >> 8
        for i in range(n):
            r[o + 3 + i] = src[off + i]
        r[o + _LEN] = 3 + n
        self.count += 1
        self._frames += 1
        self.next_seq = (self.next_seq + 1) & 0xFFFF
        self._last_type = msg_type

    def _promote(self):
        while self.count < _RING:
            if self.dropped and self._last_type != _T_CARD:
                s = self._scratch
                s[0] = _DIAG_RING_OVERFLOW
                d = self.dropped if self.dropped < 0xFFFF else 0xFFFF
                s[1] = d & 0xFF
                s[2] = d >> 8
                self.dropped = 0
                self._number(_T_DIAG, s, 0, 3)
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
        crc = wire_core.crc16(tx, 0, n)
        tx[n] = crc & 0xFF
        tx[n + 1] = crc >> 8
        return n + 2

    def _control(self, msg_type, src, n, sign=True):
        tx = self.tx
        seq = self.oldest()
        tx[0] = (_PROTOCOL_VERSION << 5) | msg_type
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
            return self._control(_T_REFUSE, s, 1 + len(text), False)  # never signed
        due = self._due
        if due & _HELLO:
            self._due = (due & ~_HELLO) | _HELLO1
            return self._hello(0)
        if due & _HELLO1:
            self._due = due & ~_HELLO1
            if self.state == _OPEN:
                self._due |= _PING  # unclaimed: our boot id follows the HELLO, unsigned
            return self._hello(1)
        if due & _KEYS:
            k = self._key_part
            if k == 2:
                self._due = due & ~_KEYS
            self._key_part = k + 1
            s = self._scratch
            s[0] = (k << 4) | 2
            n = 14 if k < 2 else 4
            for i in range(n):
                s[1 + i] = self._my_pub[k * 14 + i]
            return self._control(_T_KEY, s, 1 + n, False)
        if due & _AUTH:
            self._due = due & ~_AUTH
            return self._control(_T_AUTH, self._dev_proof, 8, False)
        if due & _READY:
            self._due = due & ~_READY
            return self._signed_refuse(_REFUSE_UNCLAIM, b"ready")
        if due & _FORGOTTEN:
            self._due = due & ~_FORGOTTEN
            return self._signed_refuse(_REFUSE_UNCLAIM_DONE, b"forgotten")
        if due & _PING:
            self._due = due & ~_PING
            # Signed in a session ("your proof was right"); its token is our boot id.
            return self._control(_T_PING, self._boot, 4)
        if due & _ACK:
            self._due = due & ~_ACK
            s = self._scratch
            ack = (self._host_next - 1) & 0xFFFF
            s[0] = ack & 0xFF
            s[1] = ack >> 8
            return self._control(_T_ACK, s, 2)
        if due & _PONG:
            self._due = due & ~_PONG
            return self._control(_T_PONG, self._pong, self._pong_len)
        if not self.streaming:
            return 0
        self._promote()
        if self._sent < self.count:
            return self._send_ring(now)
        if self.count and time.ticks_diff(now, self._timer) >= _RESEND_MS:
            self._sent = 0  # no ack for a while: go back to the oldest unacknowledged frame
            return self._send_ring(now)
        return 0

    def _signed_refuse(self, code, text):
        s = self._scratch
        s[0] = code
        for i in range(len(text)):
            s[1 + i] = text[i]
        return self._control(_T_REFUSE, s, 1 + len(text))  # signed: the session's word

    def _send_ring(self, now):
        i = (self._head + self._sent) % _RING
        o = i * _SLOT
        n = self._ring[o + _LEN]
        tx = self.tx
        r = self._ring
        for k in range(n):
            tx[k] = r[o + k]
        self._sent += 1
        self._timer = now
        return self._finish(n, True)

    def _hello(self, part):
        # HELLO (wire.hello_payload, 18 bytes) in two parts: 14 bytes, then 4. Never signed.
        h = self._hello_buf
        for i in range(8):
            h[10 + i] = self._nd[i]
        s = self._scratch
        s[0] = (part << 4) | 1
        o = part * 14
        n = 14 if part == 0 else 4
        for i in range(n):
            s[1 + i] = h[o + i]
        return self._control(_T_HELLO, s, 1 + n, False)

    # ------------------------------------------------------------ frames in
    def receive(self, buf, n, now):
        """Handles one raw frame (COBS already removed) in buf[:n]."""
        if n < 5 or n > _MAX_FRAME:
            self.errors += 1
            return
        crc = wire_core.crc16(buf, 0, n - 2)
        if buf[n - 2] != crc & 0xFF or buf[n - 1] != crc >> 8:
            self.errors += 1
            return
        first = buf[0]
        if first >> 5 != _PROTOCOL_VERSION:
            self.errors += 1
            return
        msg_type = first & 0x0F
        if not (_FROM_HOST >> msg_type) & 1:
            self.errors += 1  # a type only a device sends: reflected, or made up
            return
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
        if self.state == ST_AUTHED:
            if not signed:
                if (
                    msg_type == _T_PING
                    and self._is_hello_request(buf, end)
                    and time.ticks_diff(now, self._last_good) >= _QUIET_MS
                ):
                    self.on_connect(now)  # the host lost this session and starts over
                elif msg_type == _T_AUTH and self._same_proof(buf, end):
                    self._due |= _PING  # the host's AUTH again: our signed PING was lost
                else:
                    self.security_errors += 1  # counted, never obeyed
                    if self.unsigned_new < _COUNT_MAX:
                        self.unsigned_new += 1
                return
            if not self.rx_mac.mac_ok(buf, end):
                # Forged (or from an earlier session): dropped and counted. It never ends the
                # session, so a forger's flood costs the forger, not the table.
                self._count_forged()
                return
            self._last_good = now
            if msg_type == _T_REFUSE:
                self._on_signed_refuse(buf, end, now)
                return
            self._on_session_frame(msg_type, seq, buf, end, now)
            if self._frames >= _REKEY_AFTER:
                self.on_connect(now)  # new keys before a sequence number comes round again
            return
        if signed:
            if not self.awaiting_press:
                self.errors += 1  # signed before a session: from an earlier one
            # else: the claiming table's own, ahead of the players' press: dropped quietly
            return
        if msg_type == _T_PING and self._is_hello_request(buf, end):
            if fresh:
                return  # on_connect queued the HELLO
            self._due |= _HELLO  # the same HELLO again: a claim may be in flight
            return
        if msg_type == _T_KEY:
            self._on_key_part(buf, end)
            return
        if msg_type == _T_CLAIM:
            self._on_claim(buf, end, now)
            return
        if msg_type == _T_AUTH:
            self._on_auth(buf, end, now)
            return
        if msg_type == _T_REFUSE:
            if self._cands:
                self.errors += 1  # unsigned: it cannot end the new claims in progress either
                return
            self.drop_requested = True  # the host gave up on us; it will ask for a HELLO
            return
        if self.state != _OPEN:
            self.errors += 1  # nothing to do with it before the claim is done
            return
        self._on_session_frame(msg_type, seq, buf, end, now)

    @property
    def awaiting_press(self):
        """A new claim proved itself both ways: it waits for the players' press (issue 35)."""
        for c in self._cands:
            if c[6]:
                return True
        return False

    def _count_forged(self):
        self.security_errors += 1
        if self.forged_new < _COUNT_MAX:
            self.forged_new += 1

    def _same_proof(self, buf, end):
        p = self._host_proof
        if p is None or end - 3 != 8:
            return False
        diff = 0
        for i in range(8):
            diff |= p[i] ^ buf[3 + i]
        return diff == 0

    @staticmethod
    def _is_hello_request(buf, end):
        r = b"hello"  # wire.HELLO_REQUEST
        if end - 3 != len(r):
            return False
        for i in range(len(r)):
            if buf[3 + i] != r[i]:
                return False
        return True

    def _on_signed_refuse(self, buf, end, now):
        # The table's own word (signed). An unclaim takes two: REFUSE 6 asks and is answered
        # "ready" with the key kept; REFUSE 9 says the table forgot its key, and only then is
        # ours forgotten. So a lost or late answer never leaves this device unclaimed while its
        # table still holds the key (issue 35): at worst the table forgot and we still hold a
        # key nobody has, and obey nobody until a claim in pairing mode. Each answer is said
        # again for every repeat (the table asks again when it was lost).
        code = buf[3] if end > 3 else 0
        if code == _REFUSE_UNCLAIM:
            if self.keys.claimed:
                self._unclaim_ready = True
                self._due |= _READY
            else:
                self._due |= _FORGOTTEN  # forgotten already in this session: said again
        elif code == _REFUSE_UNCLAIM_DONE:
            if self._unclaim_ready or not self.keys.claimed:
                self.keys.forget()
                self._due |= _FORGOTTEN
            else:
                self.errors += 1  # no unclaim asked in this session: nothing to finish
        elif code == _REFUSE_REKEY:
            self.on_connect(now)

    def _on_session_frame(self, msg_type, seq, buf, end, now):
        if msg_type == _T_SET_DIAL or msg_type == _T_FEEDBACK:
            self._on_command(msg_type, seq, buf, end)
            return
        # An unnumbered frame carries the oldest number the host still holds.
        if self._host_next < 0 or wire_core.seq_after(seq, self._host_next):
            self._host_next = seq
        if msg_type == _T_ACK:
            if end - 3 == 2:
                self._on_ack(buf[3] | (buf[4] << 8), now)
        elif msg_type == _T_PING:
            k = end - 3 if end - 3 < 8 else 8
            for i in range(k):
                self._pong[i] = buf[3 + i]
            self._pong_len = k
            self._due |= _PONG

    def _on_ack(self, acked, now):
        last_sent = (self.next_seq - 1) & 0xFFFF
        if wire_core.seq_after(acked, last_sent):
            return  # acknowledges a frame we never sent: stale or bogus
        freed = 0
        while self.count:
            o = self._head * _SLOT
            s = self._ring[o + 1] | (self._ring[o + 2] << 8)
            if wire_core.seq_after(s, acked):
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
        if msg_type == _T_SET_DIAL:
            # index, value, minimum, maximum [, flags: 1 = report turns against the stop]
            if (plen == 4 or plen == 5) and buf[5] <= buf[4] <= buf[6]:
                stops = plen == 5 and buf[7] & _SET_DIAL_REPORT_STOPS
                self.commands.set_dial(buf[3], buf[4], buf[5], buf[6], stops)
            else:
                self.errors += 1
        elif plen == 2 and 1 <= buf[3] <= 3:
            self.commands.feedback(buf[3], buf[4])
        else:
            self.errors += 1

    def _on_key_part(self, buf, end):
        # The host's X25519 public key for a new claim, parts 0, 1, 2 in order.
        plen = end - 3
        if plen < 2 or self.state == ST_AUTHED:
            self.errors += 1
            return
        index = buf[3] >> 4
        if index == 0:
            self._hpub_next = 0
        want = 14 if index < 2 else 4
        if index != self._hpub_next or index > 2 or buf[3] & 0x0F != 2 or plen - 1 != want:
            self._hpub_next = 0
            self.errors += 1
            return
        for i in range(want):
            self._hpub[index * 14 + i] = buf[4 + i]
        self._hpub_next = index + 1

    def _on_claim(self, buf, end, now):
        plen = end - 3
        if plen != 12 and (plen != 13 or buf[15] != 1):
            self.errors += 1
            return
        if self.state == _PROVE:
            c = self._same_claim(buf, plen)
            if c is not None:
                # The same CLAIM again (our answer was lost): the same answer again.
                if plen == 13:
                    self._my_pub = c[5]
                    self._dev_proof = c[1]
                    self._key_part = 0
                    self._due |= _KEYS
                self._due |= _AUTH
                return
        table = bytes(buf[3:7])
        claim = bytes(buf[3 : 3 + plen])
        hello = bytes(self._hello_buf)
        from altarfw import auth  # loaded at the first claim: unclaimed devices never need it

        if plen == 13:
            if not self.commands.pairing():
                self._refuse = _REFUSE_HOLD_BUTTON
                return
            if self._hpub_next != 3:
                self.errors += 1  # its key parts were lost: the host sends them all again
                return
            import x25519

            private = bytearray(32)
            self._rng(private)
            host_pub = bytes(self._hpub)
            my_pub = x25519.public_key(private)
            try:
                shared = x25519.shared_secret(private, host_pub)
            except ValueError:
                self.errors += 1
                return
            transcript = hello + claim + host_pub + my_pub
            key = auth.claim_key(shared, transcript)
            dev, host, d2h, h2d = auth.proofs(key, transcript)
            # Every new claim is answered and kept beside the others: none holds another off,
            # so a stranger's flood cannot starve the owner's claim (issue 35). The oldest one
            # not proved yet gives way when there are too many; a proved one only to another.
            cands = self._cands
            if len(cands) >= _CANDIDATES:
                drop = 0
                for i in range(len(cands)):
                    if not cands[i][6]:
                        drop = i
                        break
                cands.pop(drop)
            cands.append([claim, dev, host, (d2h, h2d), (table, key), my_pub, False])
            self._claim_len = 13
            self._my_pub = my_pub
            self._dev_proof = dev
            self._key_part = 0
            self._due |= _KEYS
            self.session = None
            self.rx_mac = None
            self.state = _PROVE
            self._have_nh = True
            self._due = (self._due & (_HELLO | _HELLO1 | _KEYS)) | _AUTH
            return
        if not self.keys.claimed:
            self._refuse = _REFUSE_HOLD_BUTTON
            return
        if table != self.keys.table:
            self._refuse = _REFUSE_OTHER_TABLE
            return
        key = self.keys.key
        transcript = hello + claim
        self._my_pub = None
        for i in range(plen):
            self._claim[i] = claim[i]
        self._claim_len = plen
        self._have_nh = True
        self._dev_proof, self._host_proof, d2h, h2d = auth.proofs(key, transcript)
        self._keys_out = (d2h, h2d)
        self.session = None
        self.rx_mac = None
        self.state = _PROVE
        # ACK or PONG still due from before would go out unsigned after our AUTH, when
        # the host already signs: drop them (the host repeats what it needs).
        self._due = (self._due & (_HELLO | _HELLO1 | _KEYS)) | _AUTH

    def _same_claim(self, buf, plen):
        """The answer kept for this very CLAIM (a repeat), or None."""
        if plen == 12:
            if self._claim_len != 12:
                return None
            for i in range(12):
                if self._claim[i] != buf[3 + i]:
                    return None
            return True
        for c in self._cands:
            p = c[0]
            same = True
            for i in range(plen):
                if p[i] != buf[3 + i]:
                    same = False
                    break
            if same:
                return c
        return None

    @staticmethod
    def _proof_is(p, buf, end):
        if end - 3 != 8:
            return False
        diff = 0
        for i in range(8):
            diff |= p[i] ^ buf[3 + i]
        return diff == 0

    def _on_auth(self, buf, end, now):
        if self.state != _PROVE or not self._have_nh:
            self.errors += 1
            return
        for c in self._cands:
            if self._proof_is(c[2], buf, end):
                if not c[6]:
                    # Both proofs match. Still not ours to keep: the players press to confirm
                    # (issue 35), so a script that races the pairing window gets nothing.
                    c[6] = True
                    self._press_base = self.commands.presses()
                return  # a repeat of a proof already taken: nothing more
        if self._claim_len == 12 and self._same_proof(buf, end):
            self._open_session(self._keys_out, now)
            return
        # Nobody holding the key sends a wrong proof (the host checks ours first): a
        # stranger's try, counted and ignored, so it cannot end a claim in progress.
        self._count_forged()

    def confirm(self, now):
        """The players pressed the pair button (a press that began after the last claim proved
        itself). Exactly one claim proved: it is taken, its key written. More than one: two
        tables claimed at once and the players cannot tell which is theirs, so none is; the
        tables are told (REFUSE 10) and claim again."""
        proved = None
        count = 0
        for c in self._cands:
            if c[6]:
                proved = c
                count += 1
        if count == 0:
            return False
        if count > 1:
            self._cands = []
            self._refuse = _REFUSE_TWO_CLAIMS
            self.state = _WAIT_CLAIM if self.keys.claimed else _OPEN
            return False
        self._cands = []
        self._host_proof = proved[2]  # its AUTH again (our signed PING lost) is known
        # Both proofs matched and the players said so: only now is the new key written.
        self.keys.store(proved[4][0], proved[4][1])
        self.commands.paired()  # pairing mode ends; the device says it is claimed
        self._open_session(proved[3], now)
        return True

    def drop_claims(self):
        """Pairing closed with claims still waiting for the press: they end, nothing kept."""
        if self._cands:
            self._cands = []
            if self.state == _PROVE:
                self.state = _WAIT_CLAIM if self.keys.claimed else _OPEN

    def _open_session(self, keys_out, now):
        from altarfw import auth

        self.session = auth.Chaskey(keys_out[0])
        self.rx_mac = auth.Chaskey(keys_out[1])
        self.state = ST_AUTHED
        self._frames = 0
        self._last_good = now
        self._sent = 0  # resend everything unacknowledged, now signed with this session
        self._due |= _PING  # a signed frame tells the host its proof was right
