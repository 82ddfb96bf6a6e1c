# The device's protocol half (docs/protocol.md): HELLO in parts, numbering, cumulative acks,
# go-back-N resend, replay after reconnect, overflow reported, claims (X25519 for a new one),
# transcript proofs, one Chaskey key per direction. The host side here is built from wire.py,
# whose bytes the shared vectors pin on both interpreters.
import os

import handshake
import micropython
import wire
import x25519
from altarfw.keystore import KeyStore
from altarfw.link import ST_AUTHED, Link

TABLE = b"TBL1"
KEY = bytes(range(16))
DEVICE = b"\xde\xad\xbe\xef"
HOST_PRIVATE = bytes(range(1, 33))
_n = [0]


class Cmds:
    def __init__(self):
        self.held = False
        self.dials = []
        self.feedbacks = []

    def set_dial(self, i, v, lo, hi, stops=0):
        self.dials.append((i, v, lo, hi))

    def feedback(self, kind, reader):
        self.feedbacks.append((kind, reader))

    def pairing(self):
        return self.held

    def paired(self):
        self.paired_count = getattr(self, "paired_count", 0) + 1

    def presses(self):
        return self.pressed

    pressed = 0  # presses of the pair button (class default: no instance attribute needed)


def rng(buf):
    for i in range(len(buf)):
        buf[i] = (i * 37 + _n[0] * 11 + 5) & 0xFF
    _n[0] += 1


def make(claimed=False):
    path = "/keys_%d.bin" % _n[0]
    _n[0] += 1
    try:
        os.remove(path)
    except OSError:
        pass
    keys = KeyStore(path)
    if claimed:
        keys.store(TABLE, KEY)
    cmds = Cmds()
    link = Link(DEVICE, wire.CAP_SERIAL, 2, 1, keys, cmds, rng)
    return link, cmds


def _up(key):
    return key[0] if isinstance(key, tuple) else key  # (device-to-host, host-to-device)


def _down(key):
    return key[1] if isinstance(key, tuple) else key


def drain(link, now, key=None):
    """Frames the device sends now; HELLO and KEY parts come back as one frame each, whole."""
    out = []
    parts = {}
    for _ in range(100):
        n = link.next_frame(now)
        if not n:
            break
        raw = bytes(link.tx[:n])
        assert n <= wire.MAX_FRAME, n
        f = wire.unpack(raw, _up(key) if raw[0] & 0x10 else None)
        f.raw = raw
        if f.msg_type in (wire.HELLO, wire.KEY):
            r = parts.setdefault(
                f.msg_type,
                handshake.Reassembler(wire.HELLO_SIZE if f.msg_type == wire.HELLO else 32),
            )
            whole = r.feed(f.payload)
            if whole is None:
                continue
            f.payload = whole
        out.append(f)
    return out


def send(link, msg_type, seq, payload=b"", key=None, now=0):
    raw = bytearray(wire.pack(msg_type, seq, payload, _down(key)))
    link.receive(raw, len(raw), now)


def tag(link, reader, uid, present=True):
    p = bytes([(0x80 if present else 0) | reader]) + uid
    link.event(wire.TAG, p, len(p))


def claim(link, cmds, new_key=True, held=True, now=0, nh=b"hostnonc"):
    """The host's side of the handshake; -> ((d2h, h2d) session keys, device frames)."""
    hello = [f for f in drain(link, now) if f.msg_type == wire.HELLO][-1]
    cmds.held = held
    host_pub = x25519.public_key(HOST_PRIVATE) if new_key else b""
    if new_key:
        for p in handshake.parts(host_pub):
            send(link, wire.KEY, 0, p, now=now)
    claim_p = handshake.claim_payload(TABLE, nh, new_key)
    send(link, wire.CLAIM, 0, claim_p, now=now)
    frames = drain(link, now)
    auth = [f for f in frames if f.msg_type == wire.AUTH]
    if not auth:
        return None, frames
    t = hello.payload + claim_p
    key = KEY
    if new_key:
        dev_pub = [f for f in frames if f.msg_type == wire.KEY][0].payload
        t += host_pub + dev_pub
        key = handshake.claim_key(x25519.shared_secret(HOST_PRIVATE, dev_pub), t)
    assert auth[0].payload == handshake.device_proof(key, t), "device proof"
    send(link, wire.AUTH, 0, handshake.host_proof(key, t), now=now)
    if new_key:
        # Proved both ways; the players confirm on the device with a press (issue 35), as the
        # App's sensing loop passes it on (app.py, _claims_waiting).
        assert link.awaiting_press and link.state != ST_AUTHED, "no key without the press"
        cmds.pressed += 1
        link.confirm(now)
    session = handshake.session_keys(key, t)
    # As hardware/link.py does: a signed ACK at once, carrying the host's oldest number (0).
    send(link, wire.ACK, 0, wire.ack_payload(0xFFFF), key=session, now=now)
    link.agreed_key = key
    return session, frames


def events_only(frames):
    return [f for f in frames if f.msg_type in wire.EVENT_TYPES]


def test_hello_then_numbered_events_in_order():
    link, _ = make()
    tag(link, 0, b"\x04\x01\x02\x03")
    link.event(wire.DIAL, b"\x01\x07", 2)
    link.on_connect(0)
    frames = drain(link, 0)
    # Unclaimed: the HELLO, then a PING whose token is the boot id, then the events.
    assert [f.msg_type for f in frames] == [wire.HELLO, wire.PING, wire.TAG, wire.DIAL]
    fw, dev, caps, dials, readers, nonce = wire.parse_hello(frames[0].payload)
    assert (dev, dials, readers) == (DEVICE, 2, 1)
    assert caps & wire.CAP_AUTH, "the firmware speaks the claim handshake"
    assert frames[1].payload == bytes(link._boot) and not frames[1].authenticated
    frames = frames[2:]
    assert [f.seq for f in frames] == [0, 1]
    assert wire.parse_tag(frames[0].payload) == (0, True, b"\x04\x01\x02\x03")


def test_cumulative_ack_frees_and_silence_resends_oldest_first():
    link, _ = make()
    link.on_connect(0)
    drain(link, 0)
    for v in range(5):
        link.event(wire.BUTTON, bytes([0, 1]), 2)
    assert [f.seq for f in drain(link, 10)] == [0, 1, 2, 3, 4]
    send(link, wire.ACK, 0, wire.ack_payload(1), now=20)
    assert link.count == 3
    assert drain(link, 100) == [], "nothing resent before 250 ms"
    assert [f.seq for f in drain(link, 300)] == [2, 3, 4], "go-back-N from the oldest unacked"
    send(link, wire.ACK, 0, wire.ack_payload(4), now=310)
    assert link.count == 0
    assert drain(link, 900) == []


def test_replay_after_reconnect_keeps_numbers():
    link, _ = make()
    link.on_connect(0)
    drain(link, 0)
    tag(link, 0, b"\x04\x01\x02\x03")
    drain(link, 1)  # sent, never acked: the link drops
    link.on_disconnect()
    tag(link, 0, b"\x04\x01\x02\x03", present=False)
    assert drain(link, 2) == []
    link.on_connect(5)
    frames = drain(link, 5)
    assert [f.msg_type for f in frames[:2]] == [wire.HELLO, wire.PING]
    assert [(f.msg_type, f.seq) for f in frames[2:]] == [(wire.TAG, 0), (wire.TAG, 1)]
    assert [wire.parse_tag(f.payload)[1] for f in frames[2:]] == [True, False]


def test_overflow_is_reported_never_silent_and_numbers_stay_contiguous():
    link, _ = make()
    for i in range(16 + 5):
        tag(link, 0, bytes([4, i, 0, 0]))
    assert link.dropped == 5
    link.on_connect(0)
    frames = [f for f in drain(link, 0) if f.msg_type not in (wire.HELLO, wire.PING)]
    assert frames[0].msg_type == wire.DIAG and frames[0].payload == b"\x02\x05\x00"
    assert [f.seq for f in frames] == list(range(len(frames)))
    assert [wire.parse_tag(f.payload)[2][1] for f in frames[1:]] == list(range(5, 21))


def test_a_dial_spun_while_disconnected_costs_one_slot():
    link, _ = make()
    for v in range(100):
        link.event(wire.DIAL, bytes([1, v % 14]), 2)
    link.event(wire.DIAL, b"\x00\x03", 2)
    link.on_connect(0)
    frames = [f for f in drain(link, 0) if f.msg_type == wire.DIAL]
    assert [wire.parse_dial(f.payload) for f in frames] == [(1, 99 % 14), (0, 3)]


def test_card_is_numbered_right_before_its_tag():
    link, _ = make()
    link.on_connect(0)
    drain(link, 0)
    link.event(wire.CARD, b"\x00ZL-1", 5)
    tag(link, 0, b"\x04\x01\x02\x03")
    frames = drain(link, 0)
    assert [(f.msg_type, f.seq) for f in frames] == [(wire.CARD, 0), (wire.TAG, 1)]


def test_every_event_frame_fits_one_notification_even_signed():
    link, cmds = make(claimed=True)
    link.on_connect(0)
    session, _ = claim(link, cmds, new_key=False)
    tag(link, 127, bytes(range(10)))
    link.event(wire.CARD, b"\x00" + b"A" * 10, 11)
    link.event(wire.STATUS, bytes(11), 11)
    link.event(wire.DIAG, b"\x02\x05\x00", 3)
    frames = events_only(drain(link, 0, session))
    assert len(frames) == 4
    for f in frames:
        assert f.authenticated
        assert len(f.raw) <= wire.MAX_EVENT_FRAME, (f, len(f.raw))


def test_new_claim_needs_the_button_held():
    link, cmds = make()
    link.on_connect(0)
    session, frames = claim(link, cmds, new_key=True, held=False)
    assert session is None
    refuse = [f for f in frames if f.msg_type == wire.REFUSE][0]
    assert refuse.payload[0] == wire.REFUSE_HOLD_BUTTON
    assert refuse.payload[1:] == b"not pairing"
    assert not link.keys.claimed


def test_claim_with_button_signs_everything_after():
    link, cmds = make()
    link.on_connect(0)
    session, _ = claim(link, cmds, new_key=True, held=True)
    # The key was agreed by X25519, never sent, and written once both proofs matched.
    assert link.keys.claimed and link.keys.table == TABLE and link.keys.key == link.agreed_key
    assert KeyStore(link.keys.path).key == link.agreed_key, "on flash, whole"
    link.event(wire.DIAL, b"\x00\x05", 2)
    frames = drain(link, 0, session)
    assert [f.msg_type for f in frames] == [wire.PING, wire.DIAL], "signed PING: proof accepted"
    assert all(f.authenticated for f in frames)
    frames = frames[1:]
    try:
        wire.unpack(frames[0].raw, session[1])  # the other direction's key
    except wire.WireError as e:
        assert "wrong MAC" in str(e)
    else:
        raise AssertionError("a frame signed with the session key verified with another key")
    # host commands must be signed now
    send(link, wire.SET_DIAL, 0, wire.set_dial_payload(0, 4, 0, 13), key=session)
    assert cmds.dials == [(0, 4, 0, 13)]
    send(link, wire.SET_DIAL, 1, wire.set_dial_payload(0, 9, 0, 13))  # unsigned: refused
    assert cmds.dials == [(0, 4, 0, 13)]
    frames = drain(link, 0, session)
    kinds = [f.msg_type for f in frames]
    assert wire.REFUSE not in kinds, "counted (STATUS reports it), never answered"
    assert link.security_errors == 1 and link.state == ST_AUTHED


def test_a_neighbouring_table_cannot_use_a_claimed_device():
    link, cmds = make(claimed=True)
    link.on_connect(0)
    drain(link, 0)
    tag(link, 0, b"\x04\x01\x02\x03")
    send(link, wire.CLAIM, 0, b"NEXT" + b"hostnonc")  # another table's id
    frames = drain(link, 0)
    assert [f.msg_type for f in frames] == [wire.REFUSE], "no events before authentication"
    assert frames[0].payload[0] == wire.REFUSE_OTHER_TABLE


def test_a_wrong_host_proof_is_counted_and_the_right_one_still_opens():
    # Nobody with the key sends a wrong proof (the host checks the device's first), so a wrong
    # one is a stranger's: counted as forged, never answered, and the claim goes on (issue 27).
    link, cmds = make(claimed=True)
    link.on_connect(0)
    hello = [f for f in drain(link, 0) if f.msg_type == wire.HELLO][0].payload
    claim_p = TABLE + b"hostnonc"
    send(link, wire.CLAIM, 0, claim_p)
    assert [f.msg_type for f in drain(link, 0)] == [wire.AUTH]
    send(link, wire.AUTH, 0, b"12345678")
    assert drain(link, 0) == [] and link.forged_new == 1
    assert not link.drop_requested and link.session is None
    send(link, wire.AUTH, 0, handshake.host_proof(KEY, hello + claim_p))
    assert link.state == ST_AUTHED


def test_reconnect_needs_a_fresh_claim_and_old_session_frames_are_refused():
    link, cmds = make(claimed=True)
    link.on_connect(0)
    old, _ = claim(link, cmds, new_key=False)
    link.event(wire.DIAL, b"\x00\x05", 2)
    drain(link, 0, old)
    link.on_disconnect()
    link.on_connect(10)
    new, _ = claim(link, cmds, new_key=False, now=10)
    assert new != old
    frames = events_only(drain(link, 10, new))
    assert [(f.msg_type, f.seq) for f in frames] == [(wire.DIAL, 0)], "replayed, re-signed"
    send(link, wire.SET_DIAL, 0, wire.set_dial_payload(1, 2, 0, 13), key=old)
    assert cmds.dials == [], "a frame signed with the last session's key is a replay"


def test_a_repeated_claim_gets_the_same_proof_and_a_new_host_nonce_a_new_one():
    link, cmds = make(claimed=True)
    link.on_connect(0)
    drain(link, 0)
    send(link, wire.CLAIM, 0, TABLE + b"hostnonc")
    first = drain(link, 0)
    send(link, wire.CLAIM, 0, TABLE + b"hostnonc")  # our AUTH was lost: the host asks again
    again = drain(link, 0)
    assert [f.msg_type for f in first] == [f.msg_type for f in again] == [wire.AUTH]
    assert first[0].payload == again[0].payload
    send(link, wire.CLAIM, 0, TABLE + b"hostnon2")
    other = drain(link, 0)
    assert other[0].msg_type == wire.AUTH and other[0].payload != first[0].payload


def test_hello_request_starts_a_connection_or_repeats_the_hello():
    link, cmds = make(claimed=True)
    send(link, wire.PING, 0, wire.HELLO_REQUEST)
    hello = drain(link, 0)
    assert [f.msg_type for f in hello] == [wire.HELLO] and link.connected
    send(link, wire.PING, 0, wire.HELLO_REQUEST)  # answered twice: the same nonce
    again = drain(link, 0)
    assert again[0].payload == hello[0].payload
    link.on_disconnect()
    link.on_connect(0)
    session, _ = claim(link, cmds, new_key=False)
    drain(link, 0, session)
    send(link, wire.PING, 0, wire.HELLO_REQUEST, now=100)  # unsigned, mid-session: ignored
    assert drain(link, 100) == [] and link.state == ST_AUTHED
    send(link, wire.PING, 0, wire.HELLO_REQUEST, now=3000)  # the session went quiet: start over
    fresh = drain(link, 3000)
    assert [f.msg_type for f in fresh] == [wire.HELLO]
    assert fresh[0].payload != hello[0].payload, "a new connection, a new nonce"
    assert link.session is None and link.state != ST_AUTHED


def test_unnumbered_frames_carry_the_oldest_number_held():
    link, _ = make()
    link.on_connect(0)
    drain(link, 0)
    for _ in range(3):
        link.event(wire.BUTTON, b"\x00\x01", 2)
    drain(link, 0)
    send(link, wire.PING, 0, b"a")
    assert [(f.msg_type, f.seq) for f in drain(link, 1)] == [(wire.PONG, 0)]
    send(link, wire.ACK, 0, wire.ack_payload(1))
    send(link, wire.PING, 0, b"b")
    assert [(f.msg_type, f.seq) for f in drain(link, 2)] == [(wire.PONG, 2)]
    send(link, wire.ACK, 0, wire.ack_payload(2))
    send(link, wire.PING, 0, b"c")
    assert [(f.msg_type, f.seq) for f in drain(link, 3)] == [(wire.PONG, 3)], "none held: next"


def test_host_commands_in_order_only():
    link, cmds = make()
    link.on_connect(0)
    drain(link, 0)
    send(link, wire.SET_DIAL, 7, wire.set_dial_payload(0, 1, 0, 13))
    assert cmds.dials == [] and drain(link, 0) == [], "host numbering unknown: not even acked"
    send(link, wire.PING, 7, b"")  # an unnumbered frame: the host's oldest number is 7
    drain(link, 0)
    send(link, wire.SET_DIAL, 7, wire.set_dial_payload(0, 1, 0, 13))
    send(link, wire.SET_DIAL, 7, wire.set_dial_payload(0, 1, 0, 13))  # duplicate
    send(link, wire.FEEDBACK, 9, wire.feedback_payload(wire.FEEDBACK_OK, 0))  # after a gap
    acks = [wire.parse_ack(f.payload) for f in drain(link, 0) if f.msg_type == wire.ACK]
    assert cmds.dials == [(0, 1, 0, 13)] and cmds.feedbacks == []
    assert acks and acks[-1] == 7, "re-acks the last in-order command"
    send(link, wire.FEEDBACK, 8, wire.feedback_payload(wire.FEEDBACK_REFUSE, 0))
    assert cmds.feedbacks == [(wire.FEEDBACK_REFUSE, 0)]
    acks = [wire.parse_ack(f.payload) for f in drain(link, 0) if f.msg_type == wire.ACK]
    assert acks[-1] == 8
    send(link, wire.ACK, 12, wire.ack_payload(0xFFFF))  # the host gave up on 9..11
    send(link, wire.SET_DIAL, 12, wire.set_dial_payload(1, 2, 0, 13))
    assert cmds.dials[-1] == (1, 2, 0, 13)


def test_damaged_frames_are_counted_and_dropped():
    link, cmds = make()
    link.on_connect(0)
    send(link, wire.PING, 0, b"")
    raw = bytearray(wire.pack(wire.SET_DIAL, 0, wire.set_dial_payload(0, 1, 0, 13)))
    raw[3] ^= 0xFF
    link.receive(raw, len(raw), 0)
    assert link.errors == 1 and cmds.dials == []


def test_ping_is_answered_with_its_token():
    link, _ = make()
    link.on_connect(0)
    drain(link, 0)
    send(link, wire.PING, 0, b"tok")
    frames = drain(link, 0)
    assert [(f.msg_type, f.payload) for f in frames] == [(wire.PONG, b"tok")]


def test_unsigned_event_path_allocates_nothing():
    link, _ = make()
    link.on_connect(0)
    drain(link, 0)
    send(link, wire.PING, 0, b"")
    drain(link, 0)
    p = bytearray(b"\x80\x04\x01\x02\x03\x04\x05\x06")
    acks = [bytearray(wire.pack(wire.ACK, 0, wire.ack_payload(s))) for s in range(100)]
    micropython.heap_lock()
    try:
        for i in range(40):
            link.event(wire.TAG, p, 8)
            link.event(wire.DIAL, p, 2)
            n = link.next_frame(i)
            while n:
                n = link.next_frame(i)
            ack = acks[link.next_seq - 1]
            link.receive(ack, len(ack), i)
    finally:
        micropython.heap_unlock()
    assert link.next_seq == 80 and link.count == 0 and link.dropped_total == 0


def test_an_event_sent_unsigned_before_the_claim_goes_out_again_signed_once():
    # docs/protocol.md, "Handshake retries" and "Go-back-N": an event the unclaimed device sent
    # unsigned and nobody acked is resent by the 250 ms timer. While the claim waits for the
    # host's proof the ring waits too; the only unsigned frames after the device's AUTH are its
    # same answer to a repeated CLAIM; once the session is up the event goes out again signed,
    # under its own number, and never again after the host acks it. Time is the test's own.
    link, cmds = make()
    link.on_connect(0)
    drain(link, 0)
    uid = b"\x04\x01\x02\x03"
    tag(link, 0, uid)
    before = events_only(drain(link, 10))
    assert [(f.msg_type, f.seq, f.authenticated) for f in before] == [(wire.TAG, 0, False)]
    send(link, wire.PING, 0, wire.HELLO_REQUEST, now=20)  # the host's HELLO request, repeated
    hello = [f for f in drain(link, 20) if f.msg_type == wire.HELLO][0]
    cmds.held = True
    host_pub = x25519.public_key(HOST_PRIVATE)
    claim_p = handshake.claim_payload(TABLE, b"hostnonc", True)

    def send_claim(now):
        for p in handshake.parts(host_pub):
            send(link, wire.KEY, 0, p, now=now)
        send(link, wire.CLAIM, 0, claim_p, now=now)

    send_claim(30)
    answer = drain(link, 30)
    assert [(f.msg_type, f.authenticated) for f in answer] == [
        (wire.KEY, False),
        (wire.AUTH, False),
    ]
    # The resend timer fires, again and again, while the host has not proved itself yet.
    assert drain(link, 30 + 300) == [] and drain(link, 30 + 900) == []
    send_claim(1000)  # the host's retry, sent before our answer reached it
    again = drain(link, 1000)
    assert [(f.msg_type, f.payload) for f in again] == [(f.msg_type, f.payload) for f in answer]
    t = hello.payload + claim_p + host_pub + answer[0].payload
    key = handshake.claim_key(x25519.shared_secret(HOST_PRIVATE, answer[0].payload), t)
    send(link, wire.AUTH, 0, handshake.host_proof(key, t), now=1010)
    cmds.pressed += 1  # the players confirm on the device (issue 35)
    link.confirm(1010)
    session = handshake.session_keys(key, t)
    send(link, wire.ACK, 0, wire.ack_payload(0xFFFF), key=session, now=1010)
    after = drain(link, 1010, session)
    assert [(f.msg_type, f.seq, f.authenticated) for f in after] == [
        (wire.PING, 0, True),
        (wire.TAG, 0, True),
    ], "confirmed, then the event resent under the session's key and its own number"
    assert wire.parse_tag(after[1].payload) == (0, True, uid)
    resent = drain(link, 1010 + 300, session)  # no ack yet: the timer sends it again, signed
    assert [(f.msg_type, f.seq, f.authenticated) for f in resent] == [(wire.TAG, 0, True)]
    send(link, wire.ACK, 0, wire.ack_payload(0), key=session, now=1400)
    assert drain(link, 1400 + 1000, session) == [] and link.count == 0
    assert link.security_errors == 0
