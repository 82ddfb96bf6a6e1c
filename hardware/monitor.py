"""What `altar monitor SOURCE` does: connect to one source and print frames and events live.

Sources: a serial port path, ``ble:NAME``, ``nfc:PATH`` (nfcpy path), or ``sim`` (a simulated
device driven by a short script of dial turns, taps and presses). Unclaimed devices are shown
too (the monitor is for wiring a device, before any table claims it).
"""

from __future__ import annotations

import asyncio
import sys
import time
from collections.abc import Callable
from pathlib import Path
from typing import TextIO

from hardware import wire
from hardware.events import (
    ButtonPressed,
    DeviceStatus,
    DialChanged,
    Event,
    TagPresented,
    TagRemoved,
)
from hardware.keys import KeyStore
from hardware.manager import DeviceManager
from hardware.sim_script import SCRIPT_HELP, run_command
from hardware.simulator import SimulatedDevice
from hardware.transports.base import Item, Transport


def describe_frame(raw: bytes) -> str:
    """One line for a raw frame: type, sequence number, payload, signed or not."""
    try:
        f = wire.unpack(raw)
    except wire.WireError as e:
        return f"unreadable frame ({e}): {raw.hex()}"
    signed = " signed" if wire.is_signed(raw) else ""
    return f"{wire.type_name(f.msg_type)} seq={f.seq} payload={f.payload.hex() or '-'}{signed}"


def describe_event(e: Event) -> str:
    if not isinstance(e, DeviceStatus) and not e.trusted:
        return describe_trusted(e) + " (unclaimed: not signed)"
    return describe_trusted(e)


def describe_trusted(e: Event) -> str:
    seat = ""
    if isinstance(e, (TagPresented, TagRemoved, DialChanged, ButtonPressed)) and e.seat is not None:
        seat = f" seat {e.seat}"
    if isinstance(e, TagPresented):
        card = f" card {e.card_ref}" if e.card_ref else ""
        return f"{e.device} reader {e.reader}{seat}: tag {e.uid.hex()} placed{card}"
    if isinstance(e, TagRemoved):
        return f"{e.device} reader {e.reader}{seat}: tag {e.uid.hex()} removed"
    if isinstance(e, DialChanged):
        stop = " (turned against its stop)" if e.at_stop else ""
        return f"{e.device} dial {e.dial}{seat}: {e.value}{stop}"
    if isinstance(e, ButtonPressed):
        return f"{e.device} button {e.button}{seat}: {e.kind} press"
    battery = f" battery {e.battery}%" if e.battery is not None else ""
    state = "connected" if e.connected else "disconnected"
    return f"{e.device} {state}{battery}: {e.message}"


class TapTransport(Transport):
    """Passes frames through to another transport, printing each one."""

    def __init__(self, inner: Transport, show: Callable[[str], None]) -> None:
        super().__init__(inner.name)
        self.inner = inner
        self.show = show

    async def open(self) -> None:
        await self.inner.open()

    async def send(self, frames: list[bytes]) -> None:
        for f in frames:
            self.show("-> " + describe_frame(f))
        await self.inner.send(frames)

    async def close(self) -> None:
        await self.inner.close()

    async def receive(self, timeout: float) -> list[Item]:
        items = await self.inner.receive(timeout)
        for item in items:
            if isinstance(item, wire.WireError):
                self.show(f"<- skipped: {item}")
            else:
                self.show("<- " + describe_frame(item))
        return items


DEMO_SCRIPT = """
wait 0.3
status
dial 0 1
wait 0.1
dial 0 2
wait 0.1
dial 0 3
tag 0 04a1b2c3d4e5f6 z001
wait 0.2
lift 0
press 0 double
"""


async def _sim_script(
    device: SimulatedDevice, script: str | None, show: Callable[[str], None]
) -> None:
    """Drive the simulated device: a script file, the keyboard ("-"), or a short demo."""
    if script == "-":
        show("type simulator commands (help for the list)")
        loop = asyncio.get_running_loop()
        while line := await loop.run_in_executor(None, sys.stdin.readline):
            await _sim_line(device, line, show)
        return
    text = DEMO_SCRIPT if script is None else Path(script).read_text()
    for line in text.splitlines():
        await _sim_line(device, line, show)


async def _sim_line(device: SimulatedDevice, line: str, show: Callable[[str], None]) -> None:
    if line.strip() == "help":
        show(SCRIPT_HELP)
        return
    try:
        pause = run_command(device, line)
    except ValueError as e:
        show(str(e))  # a typo costs one line, never the session
        return
    if pause:
        await asyncio.sleep(pause)


async def run_monitor(
    source: str,
    seconds: float = 0,
    keys_path: str | None = None,
    frames: bool = False,
    out: TextIO | None = None,
    script: str | None = None,
) -> int:
    stream = out or sys.stdout

    def show(line: str) -> None:
        print(f"{time.strftime('%H:%M:%S')} {line}", file=stream, flush=True)

    table = KeyStore(keys_path)
    table_id = table.table_id()
    table.close()
    manager = DeviceManager(table_id, keys_path, accept_unclaimed=True)
    runner: asyncio.Task[None] | None = None
    transport: Transport
    if source.startswith("nfc:"):
        manager.add_nfc_reader(source[4:])
    else:
        if source == "sim":
            from hardware.transports.loopback import LoopbackTransport

            device = SimulatedDevice()
            transport = LoopbackTransport(device)
            runner = asyncio.create_task(_sim_script(device, script, show))
        elif source.startswith("ble:"):
            from hardware.transports.ble import BleTransport

            # Any Altar device by that name, whichever table claimed it: this is for wiring.
            transport = BleTransport(source[4:], None)
        else:
            from hardware.transports.serial import SerialTransport

            transport = SerialTransport(source)
        manager.add_transport(TapTransport(transport, show) if frames else transport)
    show(f"monitoring {source} (table {table_id.hex()}); Ctrl-C to stop")
    deadline = time.monotonic() + seconds if seconds else None
    events = manager.events()
    try:
        while deadline is None or time.monotonic() < deadline:
            timeout = None if deadline is None else max(0.0, deadline - time.monotonic())
            try:
                async with asyncio.timeout(timeout):
                    event = await events.__anext__()
            except TimeoutError:
                break
            show(describe_event(event))
    finally:
        if runner is not None:
            runner.cancel()
        await manager.close()
    return 0


def monitor(
    source: str,
    seconds: float = 0,
    keys_path: str | None = None,
    frames: bool = False,
    script: str | None = None,
) -> int:
    try:
        return asyncio.run(run_monitor(source, seconds, keys_path, frames, script=script))
    except KeyboardInterrupt:
        return 0


__all__ = ["DeviceStatus", "describe_event", "describe_frame", "monitor", "run_monitor"]
