"""The tablet's own NFC reader, with nfcpy: a tag read there is the same event as on a device.

``NfcReader(path)`` turns each placement into ``TagPresented`` (device "tablet", reader 0, the
card reference from an ``altar:`` URI in the tag's NDEF when there is one) and each removal into
``TagRemoved``. ``write_card_ref(path, ref)`` writes a card reference onto a blank tag, so a
friend's deck scans on any table. Paths are nfcpy's: "usb" (needs libusb), "tty:USB0:pn532",
or "udp:127.0.0.1:PORT" for nfcpy's virtual reader (the tests use it).

nfcpy blocks, so it runs on a thread and hands events to the event loop.
"""

from __future__ import annotations

import asyncio
import contextlib
import threading
from collections.abc import AsyncIterator
from typing import Any

from hardware import wire
from hardware.events import Event, TagPresented, TagRemoved

DEVICE = "tablet"
URI_PREFIX = "altar:"


def card_ref_of(tag: Any) -> str | None:
    """The card reference in a tag's NDEF (an ``altar:<ref>`` URI record), or None."""
    try:
        ndef = tag.ndef
        records = ndef.records if ndef is not None else []
    except Exception:  # a tag that fails mid-read: treat as no reference, never crash
        return None
    for record in records:
        iri = getattr(record, "iri", None) or getattr(record, "uri", None)
        if isinstance(iri, str) and iri.startswith(URI_PREFIX):
            ref = iri[len(URI_PREFIX) :]
            if 1 <= len(ref) <= wire.MAX_CARD_REF and ref.isascii():
                return ref
    return None


def write_card_ref(path: str, ref: str, timeout: float = 10.0) -> bytes:
    """Wait for a tag on the reader at ``path`` and write ``altar:<ref>`` onto it; -> its UID.

    ValueError in players' words when the reference or the tag will not do.
    """
    import ndef
    import nfc

    if not (1 <= len(ref) <= wire.MAX_CARD_REF and ref.isascii()):
        raise ValueError(f"a card reference is 1 to {wire.MAX_CARD_REF} plain letters or digits")
    result: dict[str, Any] = {}

    def on_connect(tag: Any) -> bool:
        if tag.ndef is None:
            result["error"] = "this tag cannot hold a card reference (no NDEF): use another"
        elif not tag.ndef.is_writeable:
            result["error"] = "this tag is locked: use a blank tag"
        else:
            tag.ndef.records = [ndef.UriRecord(URI_PREFIX + ref)]
            result["uid"] = bytes(tag.identifier)
        return False  # done: don't wait for the tag to be lifted

    with nfc.ContactlessFrontend(path) as clf:
        started = _now()
        clf.connect(
            rdwr={"on-connect": on_connect, "iterations": 1, "interval": 0.1},
            terminate=lambda: "uid" in result or "error" in result or _now() - started > timeout,
        )
    if "error" in result:
        raise ValueError(result["error"])
    if "uid" not in result:
        raise ValueError("no tag was put on the reader in time")
    return bytes(result["uid"])


def _now() -> float:
    import time

    return time.monotonic()


class NfcReader:
    def __init__(self, path: str, device: str = DEVICE, reader: int = 0) -> None:
        self.path = path
        self.device = device
        self.reader = reader
        self._stop = threading.Event()
        self.error: str | None = None

    async def events(self) -> AsyncIterator[Event]:
        loop = asyncio.get_running_loop()
        queue: asyncio.Queue[Event | None] = asyncio.Queue()

        def put(event: Event | None) -> None:
            with contextlib.suppress(RuntimeError):  # the loop closed: nobody is listening
                loop.call_soon_threadsafe(queue.put_nowait, event)

        thread = threading.Thread(target=self._run, args=(put,), name=f"nfc {self.path}")
        thread.daemon = True
        thread.start()
        try:
            while (event := await queue.get()) is not None:
                yield event
        finally:
            self.stop()
            # The thread ends after its current polling round; don't leave it behind.
            await asyncio.to_thread(thread.join, 10.0)

    def stop(self) -> None:
        self._stop.set()

    def _run(self, put: Any) -> None:
        import nfc

        try:
            clf = nfc.ContactlessFrontend(self.path)
        except OSError as e:
            self.error = f"cannot open the NFC reader {self.path}: {e}"
            put(None)
            return
        placed: dict[str, bytes] = {}

        def on_connect(tag: Any) -> bool:
            uid = bytes(tag.identifier)
            placed["uid"] = uid
            put(TagPresented(self.device, self.reader, uid, card_ref_of(tag)))
            return True  # nfcpy now waits until the tag is lifted, then calls on-release

        def on_release(tag: Any) -> None:
            uid = placed.pop("uid", bytes(tag.identifier))
            put(TagRemoved(self.device, self.reader, uid))

        try:
            while not self._stop.is_set():
                # One polling round per call, so a stop is noticed between rounds.
                clf.connect(
                    rdwr={
                        "on-connect": on_connect,
                        "on-release": on_release,
                        "iterations": 1,
                        "interval": 0.05,
                    },
                    terminate=self._stop.is_set,
                )
        finally:
            clf.close()
            put(None)
