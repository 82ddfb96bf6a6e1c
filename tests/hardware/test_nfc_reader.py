"""The tablet's NFC reader through nfcpy's ``udp:`` virtual frontend: a Type 3 tag with NDEF is
emulated in another process on loopback; this process reads it, and writes card references."""

from __future__ import annotations

import asyncio
import socket
import subprocess
import sys
from pathlib import Path

import ndef
import pytest

from hardware.events import Event, TagPresented, TagRemoved
from hardware.manager import DeviceManager
from hardware.transports.nfc_reader import NfcReader, write_card_ref

EMULATOR = Path(__file__).with_name("nfc_tag_emulator.py")
IDM = bytes.fromhex("03fe000000a17a01")


def free_udp_port() -> int:
    with socket.socket(socket.AF_INET, socket.SOCK_DGRAM) as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


def emulate(port: int, seconds: float, message: bytes = b"") -> subprocess.Popen[str]:
    p = subprocess.Popen(
        [sys.executable, str(EMULATOR), str(port), str(seconds), message.hex()],
        stdout=subprocess.PIPE,
        text=True,
    )
    assert p.stdout is not None and p.stdout.readline().strip() == "ready"
    return p


def ndef_of(*records: ndef.Record) -> bytes:
    return b"".join(ndef.message_encoder(list(records)))


def finish(p: subprocess.Popen[str]) -> bytes:
    out, _ = p.communicate(timeout=20)
    line = [x for x in out.splitlines() if x.startswith("ndef")][0]
    return bytes.fromhex(line.split()[1]) if len(line.split()) > 1 else b""


async def read_events(path: str, count: int) -> list[Event]:
    reader = NfcReader(path)
    events: list[Event] = []
    stream = reader.events()
    async with asyncio.timeout(30):
        async for e in stream:
            events.append(e)
            if len(events) == count:
                break
    await stream.aclose()  # stops the reader's thread
    return events


def test_tag_with_a_card_reference_is_placed_then_lifted() -> None:
    port = free_udp_port()
    p = emulate(port, 4.5, ndef_of(ndef.UriRecord("altar:z042")))
    events = asyncio.run(read_events(f"udp:127.0.0.1:{port}", 2))
    finish(p)
    assert events == [
        TagPresented("tablet", 0, IDM, "z042"),
        TagRemoved("tablet", 0, IDM),
    ]


def test_tag_without_our_reference_gives_the_uid_only() -> None:
    port = free_udp_port()
    p = emulate(port, 4.5, ndef_of(ndef.UriRecord("https://example.org/card")))
    events = asyncio.run(read_events(f"udp:127.0.0.1:{port}", 1))
    finish(p)
    assert events == [TagPresented("tablet", 0, IDM, None)]


def test_writing_a_card_reference_onto_a_blank_tag() -> None:
    port = free_udp_port()
    p = emulate(port, 4.5)
    uid = write_card_ref(f"udp:127.0.0.1:{port}", "z777")
    assert uid == IDM
    assert list(ndef.message_decoder(finish(p))) == [ndef.UriRecord("altar:z777")]


def test_a_bad_reference_is_refused_before_touching_a_tag() -> None:
    with pytest.raises(ValueError, match="1 to 10"):
        write_card_ref("udp:127.0.0.1:9", "much-too-long-reference")


def test_the_tablet_reader_feeds_the_device_managers_stream() -> None:
    port = free_udp_port()
    p = emulate(port, 4.5, ndef_of(ndef.UriRecord("altar:z001")))

    async def main() -> Event:
        manager = DeviceManager(b"\x01\x02\x03\x04")
        manager.assign_reader("tablet", 0, seat=1)
        manager.add_nfc_reader(f"udp:127.0.0.1:{port}")
        async with asyncio.timeout(30):
            event = await manager.events().__anext__()
        await manager.close()
        return event

    event = asyncio.run(main())
    finish(p)
    assert event == TagPresented("tablet", 0, IDM, "z001", seat=1)


def test_altar_monitor_shows_the_tablet_reader() -> None:
    import io

    from hardware.monitor import run_monitor

    port = free_udp_port()
    p = emulate(port, 4.5, ndef_of(ndef.UriRecord("altar:z042")))
    out = io.StringIO()
    asyncio.run(run_monitor(f"nfc:udp:127.0.0.1:{port}", seconds=7.0, out=out))
    finish(p)
    text = out.getvalue()
    assert "tablet reader 0: tag 03fe000000a17a01 placed card z042" in text
    assert "tablet reader 0: tag 03fe000000a17a01 removed" in text
