"""The firmware against the real host link (hardware/link.py, HostLink) over a pseudo-terminal.

test_end_to_end.py checks the firmware against a host written here from docs/protocol.md;
this test checks it against the host the app actually uses: HostLink's HELLO request, claim
with a new key while the device's button is held (retried after the device's refusal, as the
app does), proofs, session MACs, acks, in-order delivery, and SET_DIAL / FEEDBACK back. The
VM side is the same scenario as the end-to-end test (mp/e2e_device.py).
"""

from __future__ import annotations

import os
import select
import subprocess
import time
from pathlib import Path

import serial

from hardware import wire
from hardware.events import ButtonPressed, DialChanged, TagPresented, TagRemoved
from hardware.framing import CobsSplitter
from hardware.keys import KeyStore
from hardware.link import HostLink, State
from tests.firmware.micropython_vm import HARNESS, HERE, MPVM
from tests.firmware.test_firmware_on_micropython import firmware_files


def test_firmware_and_the_real_host_link_agree(micropython_vm: None, tmp_path: Path) -> None:
    master, slave = os.openpty()
    os.set_blocking(master, False)
    port = serial.Serial(os.ttyname(slave), 115200, timeout=0)
    files = firmware_files()
    files["/lib/e2e_device.py"] = HERE / "mp" / "e2e_device.py"
    args = ["node", str(HARNESS)]
    for vm_path, host_path in {"/lib/mptest.py": HERE / "mptest.py", **files}.items():
        args += ["--file", f"{host_path}={vm_path}"]
    args += ["--serial-fd", str(master), "--run", "e2e_device"]
    proc = subprocess.Popen(
        args, cwd=MPVM, pass_fds=(master,), stdout=subprocess.PIPE, stderr=subprocess.STDOUT
    )
    keys = KeyStore(str(tmp_path / "keys.json"))
    link = HostLink(keys.table_id(), keys, {}, accept_unclaimed=True)
    splitter = CobsSplitter()
    events: list[object] = []
    commands_sent = False
    # Before the claim, an unclaimed device streams unsigned events that may cross the host's
    # CLAIM on the wire (the host refuses and notes them; the device sends them again, signed,
    # once the session is up). Once the host has checked the device's AUTH, the serial line's
    # order leaves only one kind of unsigned frame to come: the device's same answer to a repeat
    # of the CLAIM it read before the host's AUTH (the host's retry every 100 ms, which beats a
    # VM working out X25519 on a loaded machine). That retry is made certain here, not left to
    # the machine's load: the CLAIM goes out again just before the host reads the device's AUTH
    # (and its first REFUSE: a late second refusal must not end the link either).
    claim_frames: list[bytes] = []
    repeated: set[int] = set()
    reports_at_claim = -1
    refused_at_claim = -1
    claim_at = 0.0
    link.start(time.monotonic())
    deadline = time.monotonic() + 120
    try:
        while proc.poll() is None and time.monotonic() < deadline:
            now = time.monotonic()
            ready, _, _ = select.select([port.fileno()], [], [], 0.02)
            if ready:
                try:
                    data = port.read(4096)
                except serial.SerialException:
                    break  # the VM closed its end: it has finished
                for raw in splitter.feed(data):
                    answer = raw[0] & 0x0F if isinstance(raw, bytes) else -1
                    if (
                        answer in (wire.AUTH, wire.REFUSE)
                        and answer not in repeated
                        and link.state is State.CLAIMING
                    ):
                        # The host's retry timer fires between the device sending its answer
                        # (a refusal, the first time; its proof, once the button is held) and
                        # the host reading it: the same CLAIM goes out again.
                        for frame in claim_frames:
                            port.write(wire.cobs_encode(frame))
                        repeated.add(answer)
                    link.receive(raw, now)
                    assert link.state is not State.REFUSED, link.reports
                    if reports_at_claim < 0 and link.claim_result == "ok":
                        assert link.peer is not None
                        reports_at_claim = len(link.reports)
                        refused_at_claim = link.peer.refused
            link.tick(now)
            if link.state is State.UNCLAIMED and now >= claim_at:
                # The player holds the device's button and taps "claim": until the device
                # has seen the button held it refuses, and the app lets the player try again.
                link.begin_claim(now)
                claim_at = now + 0.3
            events += link.take_events()
            if not commands_sent and any(isinstance(e, TagRemoved) for e in events):
                link.queue_command(wire.SET_DIAL, wire.set_dial_payload(0, 10, 0, 13))
                link.queue_command(wire.FEEDBACK, wire.feedback_payload(wire.FEEDBACK_OK, 0))
                commands_sent = True
            out = link.take_outgoing()
            if any(raw[0] & 0x0F == wire.CLAIM for raw in out):
                claim_frames = out
            for raw in out:
                port.write(wire.cobs_encode(raw))
        output = proc.communicate(timeout=30)[0].decode()
    finally:
        if proc.poll() is None:
            proc.kill()
        port.close()
        os.close(master)
        os.close(slave)
    assert proc.returncode == 0, output
    assert "1 passed, 0 failed" in output, output
    # Once the session is up nothing unsigned, wrongly signed or replayed may arrive: the
    # repeated answer to the repeated CLAIM is told apart as such, and nothing else is refused.
    assert reports_at_claim >= 0, "the claim never finished"
    assert link.reports[reports_at_claim:] == []
    assert link.peer is not None and link.peer.refused == refused_at_claim
    assert link.claim_answer_repeats >= 1, "the device answered the repeated CLAIM again"
    assert keys.key_for("a17a0001") is not None, "the claim stored the device's key"
    seen = [
        e for e in events if isinstance(e, (TagPresented, TagRemoved, DialChanged, ButtonPressed))
    ]
    presses = [e for e in seen if isinstance(e, ButtonPressed)]
    assert [p.kind for p in presses][-1:] == ["short"], seen  # the press that confirmed the claim
    rest = [e for e in seen if not isinstance(e, ButtonPressed)]
    uid = bytes.fromhex("045a1122334480")
    assert rest == [
        TagPresented("a17a0001", 0, uid, "ZL-PSY"),
        DialChanged("a17a0001", 0, 1),
        DialChanged("a17a0001", 0, 2),
        DialChanged("a17a0001", 0, 3),
        TagRemoved("a17a0001", 0, uid),
        DialChanged("a17a0001", 0, 10),
    ], rest
