# The device: sensing parts in, events out through the link, host commands back in.
#
# Three small loops share the asyncio scheduler: sensing (dials, buttons, feedback; every few
# ms), readers (one poll per reader; every few tens of ms) and the transport. Each loop body
# is a plain method (sense_step, reader_step, status_step, transport.step) that allocates
# nothing, so the tests can prove it under micropython.heap_lock() and time has no part in it.
import asyncio
import gc
import time

from micropython import const

from altarfw.encoder import AT_STOP
from altarfw.pairing import Pairing
from altarfw.scanner import DIAG_READER_RESET

# Protocol numbers, folded by mpy-cross; tests/hardware/test_firmware_numbers.py checks them.
_T_TAG = const(1)  # wire.TAG
_T_CARD = const(2)  # wire.CARD
_T_DIAL = const(3)  # wire.DIAL
_T_BUTTON = const(4)  # wire.BUTTON
_T_STATUS = const(5)  # wire.STATUS
_T_DIAG = const(6)  # wire.DIAG
_MAX_PAYLOAD = const(15)  # wire.MAX_PAYLOAD
_DIAL_AT_STOP = const(0x01)  # wire.DIAL_AT_STOP

DIAG_INTERNAL = const(7)  # wire.DIAG_INTERNAL; detail: which loop (1 sensing, 2 readers,
# 3 status, 4 transport)
_DIAG_SECURITY = const(4)  # wire.DIAG_SECURITY; detail: unsigned (u16), forged (u16) since the last
_SECURITY_MS = const(5000)  # at most one DIAG 4 this often: a flood costs one event per 5 s
_FEEDBACK_OK = const(1)  # wire.FEEDBACK_OK: the light and sound of a claim that succeeded
_SENSE_MS = const(2)
_READER_MS = const(25)
_STATUS_MS = const(10_000)
_TRANSPORT_MS = const(5)


class App:
    """The sink of the scanners and the `commands` of the link (set_dial, feedback, pairing,
    paired)."""

    def __init__(self, dials, buttons, signals, pair_button=0, pair_pin_button=None):
        self.dials = dials
        self.buttons = buttons
        self.signals = signals  # the Feedback parts, or None
        self.pair_button = pair_button
        b = pair_button
        self.pairing_mode = Pairing(
            buttons[b] if b is not None and b < len(buttons) else None, pair_pin_button, signals
        )
        self._security_at = 0
        self._security_sent = False
        self.link = None
        self.scanners = []
        self._p = bytearray(_MAX_PAYLOAD)
        self._now = 0
        self._uptime_s = 0
        self._status_at = 0
        self.reader_resets = 0
        self.internal_errors = 0  # loop bodies that raised (see _internal)
        self._internal_at = -1000
        self.stop = False

    def attach(self, link, scanners):
        self.link = link
        self.scanners = scanners

    # ------------------------------------------------------------ loop bodies
    def sense_step(self, now):
        self._now = now
        p = self._p
        for i in range(len(self.dials)):
            d = self.dials[i]
            moved = d.update()
            if moved:
                p[0] = i
                p[1] = d.value
                if moved == AT_STOP:
                    # Turned against its stop: the same value, flagged, so the table can
                    # tell the player (sent only when the host asked, with SET_DIAL's flag).
                    p[2] = _DIAL_AT_STOP
                    self.link.event(_T_DIAL, p, 3)
                else:
                    self.link.event(_T_DIAL, p, 2)
        for i in range(len(self.buttons)):
            kind = self.buttons[i].update(now)
            if kind:
                p[0] = i
                p[1] = kind
                self.link.event(_T_BUTTON, p, 2)
        self.pairing_mode.update(now, self.link.keys.claimed)
        if self.link._cands:
            self._claims_waiting(now)
        if self.signals is not None:
            self.signals.update(now)

    def reader_step(self, now=0):
        for i in range(len(self.scanners)):
            self.scanners[i].step()

    def security_step(self, now):
        """DIAG 4: the unsigned and forged frames the link dropped since the last one, so the
        table sees an attack; at most once per _SECURITY_MS however many arrive."""
        link = self.link
        if not (link.unsigned_new or link.forged_new):
            return
        if self._security_sent and time.ticks_diff(now, self._security_at) < _SECURITY_MS:
            return
        self._security_sent = True
        self._security_at = now
        p = self._p
        p[0] = _DIAG_SECURITY
        p[1] = link.unsigned_new & 0xFF
        p[2] = link.unsigned_new >> 8
        p[3] = link.forged_new & 0xFF
        p[4] = link.forged_new >> 8
        link.unsigned_new = 0
        link.forged_new = 0
        link.event(_T_DIAG, p, 5)

    def status_step(self, now):
        self.security_step(now)
        if time.ticks_diff(now, self._status_at) < _STATUS_MS:
            return
        whole_s = time.ticks_diff(now, self._status_at) // 1000
        self._uptime_s += whole_s
        # Keep the part of a second not counted yet, so uptime never drifts behind.
        self._status_at = time.ticks_add(self._status_at, whole_s * 1000)
        free = gc.mem_free()
        errors = self.link.errors + self.link.security_errors + self.reader_resets
        p = self._p
        p[0] = 255  # on USB power; a battery gauge would go here
        for i in range(4):
            p[1 + i] = (free >> (8 * i)) & 0xFF
            p[5 + i] = (self._uptime_s >> (8 * i)) & 0xFF
        p[9] = errors & 0xFF
        p[10] = (errors >> 8) & 0xFF
        self.link.event(_T_STATUS, p, 11)

    # ------------------------------------------------------------ scanner sink
    def tag_placed(self, reader, uid, n, ref, ref_n):
        p = self._p
        if ref_n:
            p[0] = reader
            for i in range(ref_n):
                p[1 + i] = ref[i]
            self.link.event(_T_CARD, p, 1 + ref_n)
        p[0] = 0x80 | reader
        for i in range(n):
            p[1 + i] = uid[i]
        self.link.event(_T_TAG, p, 1 + n)

    def tag_removed(self, reader, uid, n):
        p = self._p
        p[0] = reader
        for i in range(n):
            p[1 + i] = uid[i]
        self.link.event(_T_TAG, p, 1 + n)

    def reader_diag(self, code, reader, detail):
        if code == DIAG_READER_RESET:
            self.reader_resets += 1
        p = self._p
        p[0] = code
        p[1] = reader
        p[2] = detail
        self.link.event(_T_DIAG, p, 3)

    # ------------------------------------------------------------ host commands
    def set_dial(self, index, value, minimum, maximum, stops=0):
        if index >= len(self.dials):
            return
        d = self.dials[index]
        d.set(value, minimum, maximum, stops)
        p = self._p
        p[0] = index
        p[1] = d.value
        self.link.event(_T_DIAL, p, 2)  # the value the dial now shows, so both agree

    def feedback(self, kind, reader):
        if self.signals is not None:
            self.signals.show(kind, self._now)

    def pairing(self):
        """A new table may claim the device only in pairing mode (pairing.py)."""
        return self.pairing_mode.open

    def _claims_waiting(self, now):
        # New claims answered in pairing mode: a proved one waits for the players' press
        # (issue 35); when pairing closes, whatever still waits ends with nothing kept.
        link = self.link
        pm = self.pairing_mode
        if not pm.open:
            pm.confirming = False
            link.drop_claims()
            return
        waiting = link.awaiting_press
        if waiting and not pm.confirming:
            pm.confirming = True
            pm._show(now)  # at once: the table is saying "press" now
        if waiting and pm.presses != link._press_base:
            pm.confirming = False
            link.confirm(now)

    def presses(self):
        """Presses begun on the pair button so far: link.confirm takes only a later one."""
        return self.pairing_mode.presses

    def paired(self):
        """A new claim succeeded: pairing mode ends, and the device shows it took the claim."""
        self.pairing_mode.close()
        if self.signals is not None:
            self.signals.show(_FEEDBACK_OK, self._now)

    # ------------------------------------------------------------ tasks
    def _internal(self, where):
        # A loop body raised (a bus error from a flaky wire, a bug): never print on the serial
        # link and never stop; count it and tell the host, at most once a second.
        self.internal_errors += 1
        now = time.ticks_ms()
        if time.ticks_diff(now, self._internal_at) >= 1000:
            self._internal_at = now
            p = self._p
            p[0] = DIAG_INTERNAL
            p[1] = where
            self.link.event(_T_DIAG, p, 2)

    async def _every(self, ms, body, where):
        while not self.stop:
            try:
                body(time.ticks_ms())
            except Exception:
                self._internal(where)
            await asyncio.sleep_ms(ms)

    async def run(self, transport, stop_when=None):
        """Runs until stop_when() is true or the transport asks for the REPL."""
        for s in self.scanners:
            try:
                s.start()
            except Exception:
                self._internal(2)
        now = time.ticks_ms()
        self._status_at = now
        tasks = [
            asyncio.create_task(self._every(_SENSE_MS, self.sense_step, 1)),
            asyncio.create_task(self._every(_READER_MS, self.reader_step, 2)),
            asyncio.create_task(self._every(1000, self.status_step, 3)),
        ]
        step = getattr(transport, "step", None)
        if step is None:
            tasks.append(asyncio.create_task(transport.run()))
        try:
            while not self.stop:
                if step is not None:
                    try:
                        step(time.ticks_ms())
                    except Exception:
                        self._internal(4)
                    if transport.repl_requested:
                        break
                if stop_when is not None and stop_when():
                    break
                await asyncio.sleep_ms(_TRANSPORT_MS)
        finally:
            self.stop = True
            for t in tasks:
                t.cancel()
