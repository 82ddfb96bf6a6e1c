"""Test support for the broadcast: a real Mosquitto, the real server on its own event loop in a
thread, and tablets made of the real session (no window) publishing through the real link."""

from __future__ import annotations

import asyncio
import json
import queue
import shutil
import threading
import time
from collections.abc import Callable, Iterator
from contextlib import contextmanager, suppress
from pathlib import Path
from typing import Any

from companion_app.broadcast import channel
from companion_app.broadcast.guard import ConnectionLimits
from companion_app.broadcast.publisher import TableBroadcast
from companion_app.broadcast.serve import Feed, serve, start_web
from companion_app.broadcast.server import BroadcastServer
from companion_app.tournament import keys
from companion_app.tournament.mosquitto import Mosquitto, free_port
from companion_app.tournament.mqtt_link import Link

# The browser the pages are read in (tests/broadcast, bench/bench_broadcast*.py): Debian's
# chromium, with flags for a closed network (no background fetches) and a root user (no sandbox).
CHROMIUM = shutil.which("chromium") or "/usr/bin/chromium"
FLAGS = [
    "--no-sandbox",
    "--disable-gpu",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
    "--no-first-run",
]


def run_alone(coro: Any) -> Any:
    """``asyncio.run(coro)`` on a thread of its own: Playwright's sync API, which the page
    tests share one browser of per worker, keeps an event loop running on the worker's main
    thread, where a second ``asyncio.run`` is refused."""
    out: list[Any] = []
    failed: list[BaseException] = []

    def run() -> None:
        try:
            out.append(asyncio.run(coro))
        except BaseException as e:  # noqa: BLE001 - handed back to the caller's thread
            failed.append(e)

    worker = threading.Thread(target=run)
    worker.start()
    worker.join()
    if failed:
        raise failed[0]
    return out[0]


class Changes:
    """Something another thread changes and says so: ``notify`` is the callback it calls
    (it never blocks that thread); ``wait_for`` checks again only when notified, so nothing
    here polls. The timeout only turns a hang into a failure that says what did not happen."""

    def __init__(self) -> None:
        self._changed = threading.Event()

    def notify(self, *_args: Any) -> None:
        self._changed.set()

    def wait_for(self, check: Callable[[], Any], what: str, timeout: float = 20.0) -> None:
        deadline = time.monotonic() + timeout
        while True:
            self._changed.clear()  # before the check: a change during it wakes the wait
            if check():
                return
            if not self._changed.wait(max(0.0, deadline - time.monotonic())):
                raise AssertionError(f"timed out waiting for: {what}")


class ServerThread:
    """`altar broadcast serve`'s own coroutine, on a loop in a thread, stoppable."""

    def __init__(
        self,
        feed: Feed,
        replays: Path | None = None,
        connections: ConnectionLimits | None = None,
    ) -> None:
        self.feed = feed
        self.connections = connections
        self.port = free_port()
        self.replays = replays
        self.loop = asyncio.new_event_loop()
        self.started = threading.Event()
        self.server: BroadcastServer | None = None
        self.changes = Changes()  # told by the server whenever what /health reports changes
        self.thread = threading.Thread(target=self._run, daemon=True)

    def _run(self) -> None:
        asyncio.set_event_loop(self.loop)
        ready = asyncio.Event()

        async def main() -> None:
            self.task = asyncio.current_task()
            serving = asyncio.create_task(
                serve(
                    self.feed,
                    "127.0.0.1",
                    self.port,
                    self.replays,
                    started=ready,
                    on_health=self.changes.notify,
                    connections=self.connections,
                )
            )
            await ready.wait()
            self.started.set()
            await serving

        with suppress(asyncio.CancelledError):
            self.loop.run_until_complete(main())

    def start(self) -> ServerThread:
        self.thread.start()
        assert self.started.wait(20), "the broadcast server did not start"
        return self

    def stop(self) -> None:
        self.loop.call_soon_threadsafe(self.task.cancel)
        self.thread.join(20)

    def wait_for(self, check: Callable[[], Any], what: str, timeout: float = 20.0) -> None:
        """Until ``check()`` holds, checked each time the server's board or viewers change."""
        self.changes.wait_for(check, what, timeout)

    @property
    def url(self) -> str:
        return f"http://127.0.0.1:{self.port}"


@contextmanager
def broker(tmp: Path) -> Iterator[Mosquitto]:
    b = Mosquitto(tmp / "broker")
    b.start()
    try:
        yield b
    finally:
        b.stop()


class Tablet:
    """A table's session broadcasting through a real paho link."""

    def __init__(self, session: Any, port: int, table: str) -> None:
        self.key = keys.new_private_key()
        self.link = Link(f"tablet-{table}", "127.0.0.1", port, [])
        self.link.start()
        assert self.link.wait_connected(20)
        self.broadcast = TableBroadcast(
            session, self.link, channel.view_topic(table), table, self.key
        )

    def stop(self) -> None:
        self.broadcast.stop()
        self.link.stop()


class Listener:
    """Everything published on the broker, as a stranger subscribed to '#' would read it."""

    def __init__(self, port: int, topic: str = "#") -> None:
        self.link = Link("listener", "127.0.0.1", port, [topic])
        self.link.start()
        assert self.link.wait_connected(20)
        self.messages: list[tuple[str, bytes]] = []

    def wait_for(self, n: int, what: str, timeout: float = 20.0) -> list[tuple[str, bytes]]:
        """Until ``n`` messages have come in all: each blocking read of the link's inbox ends
        when paho's thread puts the next message there."""
        deadline = time.monotonic() + timeout
        while len(self.drain()) < n:
            try:
                item = self.link.inbox.get(timeout=max(0.0, deadline - time.monotonic()))
            except queue.Empty:
                raise AssertionError(
                    f"timed out waiting for: {what} ({len(self.messages)} of {n} messages)"
                ) from None
            self.messages.append(item)
        return self.messages

    def drain(self) -> list[tuple[str, bytes]]:
        while True:
            try:
                self.messages.append(self.link.inbox.get_nowait())
            except queue.Empty:
                return self.messages

    def stop(self) -> None:
        self.link.stop()


def admitted(*private_keys: str) -> tuple[str, ...]:
    """The key codes a server's operator admits for tables signing with these keys."""
    return tuple(channel.key_code(keys.public_key(k)) for k in private_keys)


def body(payload: bytes) -> dict[str, Any]:
    return dict(json.loads(payload)["body"])


class BoardServer:
    """The real page's server over a board the test fills by hand (no broker): what it plants
    reaches browsers as the server would send it, checked by nothing but the page itself."""

    def __init__(self, connections: ConnectionLimits | None = None) -> None:
        from companion_app.broadcast.board import Board

        self.board = Board(verify=lambda _t, p: dict(json.loads(p)))
        self.server = BroadcastServer(self.board)
        self.changes = Changes()
        self.server.on_health.append(self.changes.notify)
        self.connections = connections or ConnectionLimits()
        self.pushed = 0
        self.port = free_port()
        self.loop = asyncio.new_event_loop()
        ready = threading.Event()
        self.thread = threading.Thread(target=self._run, args=(ready,), daemon=True)
        self.thread.start()
        assert ready.wait(20), "the page's server did not start"

    def _run(self, ready: threading.Event) -> None:
        asyncio.set_event_loop(self.loop)
        site = self.loop.run_until_complete(
            start_web(self.server, "127.0.0.1", self.port, self.connections)
        )
        self.web = site
        ready.set()
        self.loop.run_forever()
        self.loop.run_until_complete(site.stop())

    def _on_loop(self, fn: Callable[[], None]) -> None:
        done = threading.Event()

        def run() -> None:
            try:
                fn()
            finally:
                done.set()

        self.loop.call_soon_threadsafe(run)
        assert done.wait(20)

    def plant(self, name: str, view: Any) -> None:
        """``view`` in the board as table ``name``'s, unchecked: a new viewer's snapshot has it."""
        self._on_loop(lambda: self.board.views.__setitem__(name, view))

    def plant_standings(self, standings: Any) -> None:
        self._on_loop(lambda: setattr(self.board, "standings", standings))

    def clear(self) -> None:
        self._on_loop(self.board.views.clear)
        self.plant_standings(None)

    def push(self, view: Any) -> None:
        """``view`` sent to every viewer now, unchecked, as a table's newest."""

        self.pushed += 1
        key = f"planted:{self.pushed}"  # its own key: never coalesced with another view

        def send() -> None:
            for feed, wake in self.server.viewers:
                feed.offer(key, {"type": "view", "view": view})
                wake.set()

        self._on_loop(send)

    def stop(self) -> None:
        self.loop.call_soon_threadsafe(self.loop.stop)
        self.thread.join(20)

    @property
    def url(self) -> str:
        return f"http://127.0.0.1:{self.port}"

    @property
    def server_url(self) -> str:
        return f"http://127.0.0.1:{self.port}"
