"""The real firmware meets the real host link: no hand-written stand-in on either side.

The firmware's main loop runs on the MicroPython VM (WebAssembly, under node) with simulated
chips, its serial port the master side of a real pseudo-terminal. On the slave side this
process runs hardware.manager.DeviceManager with the pyserial transport, as the app does. The
device module (tests/firmware/mp/e2e_device.py) holds its button, waits to be claimed, places
a card with an NDEF reference, turns its dial three detents, lifts the card, and then waits
for the table to set its dial to 10 and light the reader: so both directions are checked.
"""

from __future__ import annotations

import asyncio
import os
import subprocess

from hardware.events import ButtonPressed, DialChanged, Event, TagPresented, TagRemoved
from hardware.manager import ClaimRefused, DeviceManager
from tests.firmware.micropython_vm import HARNESS, HERE, MPVM
from tests.firmware.test_firmware_on_micropython import firmware_files

DEVICE = "a17a0001"  # the device id e2e_device.py builds the firmware with
UID = bytes.fromhex("045a1122334480")


def start_firmware(master: int) -> subprocess.Popen[bytes]:
    files = firmware_files()
    files["/lib/e2e_device.py"] = HERE / "mp" / "e2e_device.py"
    args = ["node", str(HARNESS)]
    for vm_path, host_path in {"/lib/mptest.py": HERE / "mptest.py", **files}.items():
        args += ["--file", f"{host_path}={vm_path}"]
    args += ["--serial-fd", str(master), "--run", "e2e_device"]
    return subprocess.Popen(
        args, cwd=MPVM, pass_fds=(master,), stdout=subprocess.PIPE, stderr=subprocess.STDOUT
    )


async def read_until(vm: subprocess.Popen[bytes], marker: bytes, printed: bytearray) -> bool:
    """The VM's output, line by line into ``printed``, until one holds ``marker``; False if
    the VM ended first (its output then says why)."""
    assert vm.stdout is not None
    async with asyncio.timeout(60):  # a bound on a wait for a line, not a speed claim
        while marker not in printed:
            line = await asyncio.to_thread(vm.stdout.readline)
            if not line:
                return False
            printed += line
    return True


async def play_the_table(port: str, events: list[Event], vm: subprocess.Popen[bytes]) -> bytes:
    """Plays the table's side; -> what the VM printed until its device said it was done."""
    manager = DeviceManager(b"\x00\x00\x07\x01")
    printed = bytearray()
    try:
        found = await manager.add_serial(port, wait=60)  # the VM takes a moment to boot
        assert found == DEVICE, f"no HELLO from the firmware (got {found})"
        # Its button is held from the start: the device says when pairing mode opens (5 s on
        # its own clock), and the table claims then, once.
        opened = await read_until(vm, b"E2E pairing mode open", printed)
        assert opened, f"the device never opened pairing mode:\n{printed.decode()}"
        try:
            await manager.claim(DEVICE, timeout=60)  # a bound: X25519 on the VM, under load
        except ClaimRefused as e:
            raise AssertionError(f"the firmware refused the claim in pairing mode: {e}") from None
        stream = manager.events()
        async with asyncio.timeout(60):
            async for event in stream:
                if isinstance(event, (ButtonPressed, DialChanged, TagPresented, TagRemoved)):
                    events.append(event)
                if isinstance(event, TagRemoved):
                    await manager.set_dial(DEVICE, 0, 10)
                    await manager.feedback(DEVICE, 0, True)
                if isinstance(event, DialChanged) and event.value == 10:
                    break  # the dial answered the table's SET_DIAL
        stream.stored()  # events are acked once stored: say so for the last one too
        # Hang up only once the device's test has ended (its last acks in): the VM prints
        # its result line then ("1 passed, 0 failed"); if it ended first, its output says why.
        await read_until(vm, b" passed, ", printed)
    finally:
        await manager.close()
    return bytes(printed)


def test_the_firmware_and_the_host_link_agree_on_every_frame(micropython_vm: None) -> None:
    master, slave = os.openpty()
    os.set_blocking(master, False)
    proc = start_firmware(master)
    events: list[Event] = []
    try:
        printed = asyncio.run(play_the_table(os.ttyname(slave), events, proc))
        output = (printed + proc.communicate(timeout=60)[0]).decode()
    finally:
        if proc.poll() is None:
            proc.kill()
        os.close(master)
        os.close(slave)
    assert proc.returncode == 0, output
    assert "1 passed, 0 failed" in output, output
    tags = [e for e in events if isinstance(e, (TagPresented, TagRemoved))]
    assert [type(e).__name__ for e in tags] == ["TagPresented", "TagRemoved"]
    assert tags[0].uid == UID and tags[0].card_ref == "ZL-PSY"  # type: ignore[union-attr]
    dials = [e.value for e in events if isinstance(e, DialChanged)]
    assert dials[-4:] == [1, 2, 3, 10], dials
