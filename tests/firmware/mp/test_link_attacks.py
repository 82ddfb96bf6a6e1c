# The firmware's Link as an attacker at the next table sees it, on the MicroPython VM
# (docs/protocol.md, "Threat model"): fuzz into unclaimed, half-claimed and open links, frames
# with good CRCs and bad MACs (dropped and counted, never ending the session), other versions, every type from the wrong side, reflection,
# replay (across a reconnect and a reboot), HELLO tampering, the sequence wrap. After each the
# session is checked alive: a signed SET_DIAL is applied and a dial turn goes out signed.
# Then the numbers: a claim's cost on this VM, and a claimed session's loop under heap_lock.
import time

import handshake
import micropython
import wire
from altarfw.keystore import KeyStore
from altarfw.link import ST_AUTHED, Link
from test_link import DEVICE, KEY, TABLE, claim, drain, events_only, make, send


class Rng:
    """xorshift32 in 16-bit steps (no big integers): reproducible fuzz on the VM."""

    def __init__(self, seed):
        self.a = seed & 0xFFFF or 1
        self.b = (seed >> 16) or 7

    def byte(self):
        a = self.a
        a ^= (a << 7) & 0xFFFF
        a ^= a >> 9
        a ^= (a << 8) & 0xFFFF
        self.a = a
        self.b = (self.b * 75 + 74) % 65537
        return (a ^ self.b) & 0xFF

    def below(self, n):
        return (self.byte() | (self.byte() << 8)) % n

    def bytes(self, n):
        return bytes(self.byte() for _ in range(n))


_SET_DIALS = [0]


def _count_set_dial(i, v, lo, hi, stops=0):
    _SET_DIALS[0] += 1


def random_frame(rng, signed_share):
    t = rng.below(16)
    key = rng.bytes(16) if rng.below(100) < signed_share else None
    limit = wire.MAX_SIGNED_PAYLOAD if key else wire.MAX_PAYLOAD
    raw = bytearray(wire.pack(t, rng.below(65536), rng.bytes(rng.below(limit + 1)), key))
    if rng.below(10) == 0:
        raw[0] = (raw[0] & 0x1F) | ((1 + rng.below(7)) << 5)  # version 1, 3 .. 7 or 0
        if raw[0] >> 5 == wire.PROTOCOL_VERSION:
            raw[0] ^= 0x20
        c = wire.crc16(raw, 0, len(raw) - 2)
        raw[-2] = c & 0xFF
        raw[-1] = c >> 8
    return raw


def open_session(now=0):
    link, cmds = make(claimed=True)
    link.on_connect(now)
    session, _ = claim(link, cmds, new_key=False, now=now)
    drain(link, now, session)
    assert link.state == ST_AUTHED
    return link, cmds, session


def alive(link, cmds, session, now=0, value=6):
    """The session still serves both ways."""
    host_next = link._host_next
    send(link, wire.SET_DIAL, host_next, wire.set_dial_payload(1, value, 0, 13), session, now)
    assert cmds.dials and cmds.dials[-1] == (1, value, 0, 13), cmds.dials
    link.event(wire.DIAL, bytes([0, value]), 2)
    frames = events_only(drain(link, now + 300, session))
    assert frames and frames[-1].msg_type == wire.DIAL and frames[-1].authenticated
    assert link.state == ST_AUTHED


FUZZ = 1500


def test_unsigned_wrong_side_and_other_version_fuzz_never_ends_a_session():
    link, cmds, session = open_session()
    rng = Rng(14)
    for i in range(FUZZ):
        raw = random_frame(rng, 0)
        link.receive(raw, len(raw), i)
        assert link.state == ST_AUTHED
        drain(link, i, session)
    assert cmds.dials == []
    assert link.security_errors + link.errors >= FUZZ // 2
    alive(link, cmds, session, FUZZ)
    print(
        "FUZZ open-session frames=%d security=%d errors=%d"
        % (FUZZ, link.security_errors, link.errors)
    )


def test_forged_frames_never_end_the_session_and_are_counted():
    # Issue 27: a wrong MAC used to end the session after 16; now each is dropped and counted
    # (for DIAG 4) and the owner's session stays up, however many come.
    link, cmds, session = open_session()
    for i in range(200):
        send(link, wire.SET_DIAL, 0, wire.set_dial_payload(0, 9, 0, 13), bytes(16), i)
        send(link, wire.SET_DIAL, 0, wire.set_dial_payload(0, 9, 0, 13), None, i)
    assert link.state == ST_AUTHED and cmds.dials == []
    assert (link.forged_new, link.unsigned_new) == (200, 200)
    alive(link, cmds, session, 200)


def test_fuzz_into_unclaimed_and_half_claimed_links():
    rng = Rng(13)
    unclaimed, cmds = make()
    unclaimed.on_connect(0)
    half, hcmds = make(claimed=True)
    half.on_connect(0)
    drain(half, 0)
    send(half, wire.CLAIM, 0, TABLE + b"hostnonc")  # the device proved itself; no host AUTH yet
    drain(half, 0)
    for i in range(FUZZ):
        for link in (unclaimed, half):
            raw = random_frame(rng, 30)
            link.receive(raw, len(raw), i)
            drain(link, i)
    assert hcmds.dials == [] and half.state != ST_AUTHED
    assert not half.keys.table or half.keys.table == TABLE
    assert half.keys.key == KEY, "no fuzzed frame replaced the key"
    half.on_disconnect()
    half.on_connect(FUZZ)
    session, _ = claim(half, hcmds, new_key=False, now=FUZZ)
    alive(half, hcmds, session, FUZZ)


def test_every_device_only_type_is_dropped_from_the_host_side():
    link, cmds, session = open_session()
    for t in range(16):
        if wire.FROM_HOST[t]:
            continue
        before = link.errors
        send(link, t, 0, b"\x00\x05", session)
        assert link.errors == before + 1, wire.type_name(t)
    alive(link, cmds, session)


def test_the_devices_own_frames_reflected_back_are_not_obeyed():
    link, cmds, session = open_session()
    link.event(wire.DIAL, b"\x00\x05", 2)
    send(link, wire.PING, 0, b"tok", session)
    out = drain(link, 0, session)
    before = link.security_errors + link.errors
    for f in out:
        raw = bytearray(f.raw)
        link.receive(raw, len(raw), 1)
    assert link.security_errors + link.errors == before + len(out)
    assert link.state == ST_AUTHED and link.count  # its DIAL is still waiting for an ack
    alive(link, cmds, session)


def test_replay_into_a_later_session_and_after_a_reboot():
    link, cmds, old = open_session()
    set_dial = bytearray(wire.pack(wire.SET_DIAL, 0, wire.set_dial_payload(0, 4, 0, 13), old[1]))
    link.receive(set_dial, len(set_dial), 0)
    assert cmds.dials == [(0, 4, 0, 13)]
    link.on_disconnect()
    link.on_connect(10)
    new, _ = claim(link, cmds, new_key=False, now=10)
    link.receive(set_dial, len(set_dial), 11)  # captured in the last session
    assert cmds.dials == [(0, 4, 0, 13)] and link.security_errors == 1
    alive(link, cmds, new, 20)
    # A reboot: a new boot id, so a new nonce; the old session's frames stay dead.
    rebooted = Link(DEVICE, wire.CAP_SERIAL, 2, 1, link.keys, cmds, _other_rng)
    rebooted.on_connect(0)
    session, _ = claim(rebooted, cmds, new_key=False)
    rebooted.receive(set_dial, len(set_dial), 1)
    assert rebooted.security_errors == 1
    alive(rebooted, cmds, session, 5, 8)


def _other_rng(buf):
    for i in range(len(buf)):
        buf[i] = (i * 91 + 17) & 0xFF


def test_a_tampered_hello_or_claim_fails_the_proofs():
    link, cmds = make(claimed=True)
    link.on_connect(0)
    hello = [f for f in drain(link, 0) if f.msg_type == wire.HELLO][0].payload
    claim_p = handshake.claim_payload(TABLE, b"hostnonc")
    send(link, wire.CLAIM, 0, claim_p)
    proof = [f for f in drain(link, 0) if f.msg_type == wire.AUTH][0].payload
    doctored = bytearray(hello)
    doctored[-1] ^= 1  # what a man in the middle showed the host
    assert proof != handshake.device_proof(KEY, bytes(doctored) + claim_p)
    assert proof == handshake.device_proof(KEY, hello + claim_p)
    # The host proves over the doctored HELLO: the device counts it as forged, opens nothing.
    send(link, wire.AUTH, 0, handshake.host_proof(KEY, bytes(doctored) + claim_p))
    assert drain(link, 0) == [] and link.state != ST_AUTHED and link.forged_new == 1


def test_a_session_ends_before_its_numbers_wrap():
    link, cmds, session = open_session()
    link._frames = wire.REKEY_AFTER - 1
    link.event(wire.DIAL, b"\x00\x02", 2)
    drain(link, 0, session)
    send(link, wire.PING, 0, b"", session, 5)
    assert link.state != ST_AUTHED, "new keys before a number could come round again"


def refuse_words(frames, code):
    """The device's signed REFUSEs of one code among its frames: its word in an unclaim."""
    return [
        f
        for f in frames
        if f.msg_type == wire.REFUSE and f.authenticated and wire.parse_refuse(f.payload)[0] == code
    ]


def _key_file_gone(link):
    try:
        open(link.keys.path)
    except OSError:
        return True
    return False


def test_unclaim_is_agreed_in_two_steps_and_an_unsigned_one_does_nothing():
    """Issue 35: the key is forgotten only on the table's second word (REFUSE 9, "I forgot"),
    never on the first (REFUSE 6): a lost answer cannot leave the device unclaimed while its
    table still holds the key."""
    link, cmds, session = open_session()
    send(link, wire.REFUSE, 0, wire.refuse_payload(wire.REFUSE_UNCLAIM, "x"))
    send(link, wire.REFUSE, 0, wire.refuse_payload(wire.REFUSE_UNCLAIM_DONE, "x"))
    assert link.keys.claimed and link.state == ST_AUTHED, "unsigned: nothing"
    assert drain(link, 0, session) == []
    send(link, wire.REFUSE, 0, wire.refuse_payload(wire.REFUSE_UNCLAIM, "x"), session)
    assert link.keys.claimed and not _key_file_gone(link), "ready is not forgetting"
    assert len(refuse_words(drain(link, 0, session), wire.REFUSE_UNCLAIM)) == 1
    # The "ready" lost: the table asks again, the same answer, the key still kept.
    send(link, wire.REFUSE, 0, wire.refuse_payload(wire.REFUSE_UNCLAIM, "x"), session, 100)
    assert len(refuse_words(drain(link, 100, session), wire.REFUSE_UNCLAIM)) == 1
    assert link.keys.claimed
    send(link, wire.REFUSE, 0, wire.refuse_payload(wire.REFUSE_UNCLAIM_DONE, "x"), session, 200)
    assert not link.keys.claimed and _key_file_gone(link)
    assert len(refuse_words(drain(link, 200, session), wire.REFUSE_UNCLAIM_DONE)) == 1
    # ... said again when that word was lost and the table says it again.
    send(link, wire.REFUSE, 0, wire.refuse_payload(wire.REFUSE_UNCLAIM_DONE, "x"), session, 250)
    assert len(refuse_words(drain(link, 250, session), wire.REFUSE_UNCLAIM_DONE)) == 1
    # The table ends the session (REFUSE 7): the device starts over, unclaimed.
    send(link, wire.REFUSE, 0, wire.refuse_payload(wire.REFUSE_REKEY, "x"), session, 300)
    frames = drain(link, 300)
    assert link.state != ST_AUTHED
    assert [f.msg_type for f in frames][:2] == [wire.HELLO, wire.PING]
    assert not frames[1].authenticated, "unclaimed: its boot PING unsigned"


def test_an_unclaim_whose_answers_are_all_lost_leaves_the_device_claimed_and_obeying_none():
    """The issue's run: every answer of the device lost for the table's patience; the table
    gives up and says both keep the key, then reconnects. The device still holds its key, the
    table's claim opens a session again, and a stranger's unsigned SET_DIAL is not obeyed."""
    link, cmds, session = open_session()
    for ms in range(0, 5000, 100):  # the table's 5 s of asking; nothing comes back
        send(link, wire.REFUSE, 0, wire.refuse_payload(wire.REFUSE_UNCLAIM, "x"), session, ms)
        drain(link, ms, session)  # the answers, lost
    assert link.keys.claimed, "both keep the key, as the table says"
    link.on_disconnect()
    link.on_connect(6000)
    before = len(cmds.dials)
    send(link, wire.SET_DIAL, 0, wire.set_dial_payload(0, 12, 0, 20), None, 6010)
    assert len(cmds.dials) == before, "a stranger's unsigned SET_DIAL is not obeyed"
    session2, _ = claim(link, cmds, new_key=False, now=6020, nh=b"hostnon2")
    assert session2 is not None and link.state == ST_AUTHED, "the table's claim still opens"


def test_a_late_ready_from_an_earlier_session_and_a_replayed_forget_change_nothing():
    """A table's REFUSE 9 arriving in a session where no unclaim was asked (late, or a replay
    within the session) is not obeyed; one replayed from an earlier session fails its MAC."""
    link, cmds, session = open_session()
    send(link, wire.REFUSE, 0, wire.refuse_payload(wire.REFUSE_UNCLAIM, "x"), session)
    drain(link, 0, session)
    old_forget = wire.pack(
        wire.REFUSE, 0, wire.refuse_payload(wire.REFUSE_UNCLAIM_DONE, "x"), session[1]
    )
    # A new session: the "ready" of the last one does not carry over.
    link.on_disconnect()
    link.on_connect(1000)
    session2, _ = claim(link, cmds, new_key=False, now=1000, nh=b"hostnon3")
    drain(link, 1000, session2)
    forged = link.forged_new
    n = len(old_forget)
    buf = bytearray(old_forget)
    link.receive(buf, n, 1010)  # replayed from the earlier session: a wrong MAC here
    assert link.keys.claimed and link.forged_new == forged + 1
    errors = link.errors
    send(link, wire.REFUSE, 0, wire.refuse_payload(wire.REFUSE_UNCLAIM_DONE, "x"), session2, 1020)
    assert link.keys.claimed, "no unclaim asked in this session: REFUSE 9 alone is nothing"
    assert link.errors == errors + 1
    assert refuse_words(drain(link, 1020, session2), wire.REFUSE_UNCLAIM_DONE) == []
    alive(link, cmds, session2, 1100)


def test_claim_cost_on_this_vm():
    """A new claim: the device makes its X25519 key pair and the shared secret (two ladders)
    and the HMACs. Printed for docs/protocol.md; never asserted (no wall-clock in tests)."""
    link, cmds = make()
    link.on_connect(0)
    t0 = time.ticks_ms()
    session, frames = claim(link, cmds, new_key=True, held=True)
    total = time.ticks_diff(time.ticks_ms(), t0)
    assert session is not None and link.state == ST_AUTHED
    import x25519

    t0 = time.ticks_ms()
    x25519.public_key(bytes(range(32)))
    one = time.ticks_diff(time.ticks_ms(), t0)
    sent = [f for f in frames if f.msg_type in (wire.KEY, wire.AUTH)]
    print("CLAIM vm_ms_total=%d vm_ms_one_ladder=%d device_frames=%d" % (total, one, len(sent)))


def test_a_claimed_sessions_loop_allocates_nothing():
    """Issue 13: no allocation on the signed path. Events in, signed frames out, signed acks,
    pings and commands in, all under heap_lock."""
    link, cmds, session = open_session()
    d2h, h2d = session
    acks = [bytearray(wire.pack(wire.ACK, 0, wire.ack_payload(s), h2d)) for s in range(120)]
    pings = [bytearray(wire.pack(wire.PING, 0, b"p", h2d))]
    cmd = [
        bytearray(wire.pack(wire.SET_DIAL, s, wire.set_dial_payload(0, s % 14, 0, 13), h2d))
        for s in range(0, 60)
    ]
    forged = bytearray(wire.pack(wire.SET_DIAL, 0, wire.set_dial_payload(0, 1, 0, 13), bytes(16)))
    unsigned = bytearray(wire.pack(wire.DIAL, 0, b"\x00\x01"))
    p = bytearray(b"\x80\x04\x01\x02\x03\x04\x05\x06")
    dials_before = len(cmds.dials)
    cmds.dials = [None] * 64  # preallocated list the fake commands overwrite, not append to

    cmds.set_dial = _count_set_dial  # a plain function: a closure's call with 5 arguments
    _SET_DIALS[0] = 0  # would allocate (the firmware calls App.set_dial, a method: it does not)
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
            link.receive(pings[0], len(pings[0]), i)
            c = cmd[i]
            link.receive(c, len(c), i)
            link.receive(forged, len(forged), i)
            link.receive(unsigned, len(unsigned), i)
    finally:
        micropython.heap_unlock()
    assert dials_before == 0 and _SET_DIALS[0] == 40
    assert link.next_seq == 80 and link.count == 0 and link.state == ST_AUTHED
    print("HEAPLOCK signed_loop_iterations=40 frames_out=%d" % (80 + 80))


def test_a_new_key_is_written_only_after_the_hosts_proof():
    """A claim abandoned (or forged) before the host's AUTH leaves the old key on flash."""
    import x25519

    link, cmds = make(claimed=True)
    link.on_connect(0)
    drain(link, 0)
    cmds.held = True
    for p in handshake.parts(x25519.public_key(bytes(range(1, 33)))):
        send(link, wire.KEY, 0, p)
    send(link, wire.CLAIM, 0, handshake.claim_payload(TABLE, b"hostnonc", True))
    kinds = [f.msg_type for f in drain(link, 0)]
    assert wire.KEY in kinds and wire.AUTH in kinds
    assert link.keys.key == KEY and KeyStore(link.keys.path).key == KEY
    send(link, wire.AUTH, 0, bytes(8))  # a wrong proof: refused, nothing stored
    assert link.keys.key == KEY and KeyStore(link.keys.path).key == KEY
