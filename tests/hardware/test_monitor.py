"""`altar monitor`: frames and events printed live, on a pty with the simulator, and on `sim`."""

from __future__ import annotations

import asyncio
import contextlib
import io
from pathlib import Path

import pytest

from hardware.monitor import run_monitor
from hardware.sim_script import run_command
from hardware.simulator import PtySimulator, SimulatedDevice


class Printed(io.StringIO):
    """The monitor's output, with a wait for a line it prints (it prints from the loop)."""

    def __init__(self) -> None:
        super().__init__()
        self._waiting: list[tuple[str, asyncio.Event]] = []

    def write(self, text: str) -> int:
        n = super().write(text)
        for words, printed in self._waiting:
            if words in self.getvalue():
                printed.set()
        return n

    async def line(self, words: str) -> None:
        printed = asyncio.Event()
        self._waiting.append((words, printed))
        self.write("")
        async with asyncio.timeout(60):  # a bound on a wait for a line, not a speed claim
            await printed.wait()


def test_monitor_on_a_pty_prints_frames_and_events() -> None:
    device = SimulatedDevice()
    out = Printed()

    async def main() -> None:
        with PtySimulator(device, banner=b"MicroPython v1.29 on ESP32\r\n>>> ") as sim:
            # Until stopped, as a player runs it; stopped once it printed what was played.
            monitor = asyncio.create_task(run_monitor(sim.port, frames=True, out=out))
            await out.line("<- HELLO seq=0")  # the device is heard: play
            device.turn_dial(0, 9)
            device.place_tag(0, bytes.fromhex("04010203040506"), card_ref="z777")
            await out.line("placed card z777")
            await out.line("not claimed")
            monitor.cancel()
            with contextlib.suppress(asyncio.CancelledError):
                await monitor

    asyncio.run(main())
    text = out.getvalue()
    assert "<- HELLO seq=0" in text
    assert "-> PING seq=0 payload=68656c6c6f" in text  # the HELLO request
    assert "a1b2c3d4 dial 0: 9 (unclaimed: not signed)" in text
    assert "a1b2c3d4 reader 0: tag 04010203040506 placed card z777" in text
    assert "not claimed" in text


def test_monitor_sim_source_runs_its_script() -> None:
    out = io.StringIO()
    asyncio.run(run_monitor("sim", seconds=1.5, out=out))
    text = out.getvalue()
    for line in ("dial 0: 3", "placed card z001", "removed", "double press", "battery 87%"):
        assert line in text, line


def test_monitor_command_reads_its_arguments() -> None:
    import argparse

    from companion_app.commands import monitor

    parser = argparse.ArgumentParser()
    monitor.add_arguments(parser)
    args = parser.parse_args(["sim", "--seconds", "0.5"])
    assert monitor.run(args) == 0


def test_monitor_sim_runs_a_script_file_and_survives_a_typo(tmp_path: Path) -> None:
    script = tmp_path / "play.txt"
    script.write_text("dial 1 4\nwait 0.1\nfrobnicate 3\ntag 0 04aabbccddeeff z9  # a card\n")
    out = io.StringIO()
    asyncio.run(run_monitor("sim", seconds=1.0, out=out, script=str(script)))
    text = out.getvalue()
    assert "dial 1: 4" in text and "placed card z9" in text
    assert "not a simulator command: 'frobnicate 3'" in text


def test_simulator_commands_say_what_is_wrong() -> None:
    device = SimulatedDevice()
    assert run_command(device, "wait 0.5") == 0.5
    assert run_command(device, "  # just a comment") == 0.0
    run_command(device, "hold on")
    assert device.endpoint.button_held
    for bad, why in [
        ("dial 5 1", "no dial 5"),
        ("tag 0 0102", "UIDs have 4, 7 or 10"),
        ("press 0 triple", "'short', 'long' or 'double'"),
        ("dial x 1", "'x' should be a whole number"),
        ("tag 0 zz", "not a tag UID in hex"),
    ]:
        with pytest.raises(ValueError, match=why):
            run_command(device, bad)
