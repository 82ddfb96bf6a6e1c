"""Running the broadcast server: one read-only broker connection feeding the board, and the
web server on top (`altar broadcast serve`).

In a tournament it holds a watcher's code: the broker login that may only read, and the host's
public key, which checks the host's signed state; that state lists each table's public key, so
only a table of this tournament can put a view on the page. Outside a tournament a table is
shown once the operator admits its key (``AdmittedKeys``): the server says a new table's name
and key code (``on_new``), and the operator types ``admit CODE`` or lists codes at start.

The broker's messages go through a bounded ``Inbox`` (newest per topic, rates per topic), so a
flood costs a bounded amount of memory and checking, whatever its size.
"""

from __future__ import annotations

import asyncio
import contextlib
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from aiohttp import web

from companion_app.broadcast import channel, quiet_log
from companion_app.broadcast.board import Board
from companion_app.broadcast.guard import ConnectionLimits, Guard
from companion_app.broadcast.inbox import Inbox, Limits
from companion_app.broadcast.quiet_log import QuietLog
from companion_app.broadcast.server import BroadcastServer
from companion_app.tournament import swiss_view, topics, view
from companion_app.tournament.codes import JoinCode
from companion_app.tournament.mqtt_link import Link
from companion_app.tournament.table import Seen, read_state
from engine.tournament import SwissEvent


@dataclass
class Feed:
    """Where the views come from: a broker, and a tournament's watcher's code or none."""

    host: str
    port: int
    watch: JoinCode | None = None
    username: str | None = None
    password: str | None = None
    seen: Seen = field(default_factory=Seen)
    admitted: tuple[str, ...] = ()  # key codes (or keys) admitted at start, outside a tournament
    on_new: Callable[[str, str], None] | None = None  # (table, key code): a table asks to be shown
    limits: Limits = field(default_factory=Limits)

    def __post_init__(self) -> None:
        self.table_keys: channel.TableKeys
        if self.watch is not None:
            self.table_keys = channel.TournamentKeys()
        else:
            self.table_keys = channel.AdmittedKeys(self.admitted, self._new_table)
        tid = self.watch.tid if self.watch is not None else None
        self.subscriptions = [channel.views_topic(tid)]
        if tid is not None:
            self.subscriptions.append(topics.state(tid))
        self.board = Board(verify=self._verify)
        self.held: dict[str, tuple[str, bytes]] = {}  # key code -> a table's view, until admitted
        self.inbox = Inbox(clock=lambda: 0.0, limits=self.limits, shown=self._shown)

    def name_of(self, topic: str) -> str:
        """The table a view topic is for, by its name on the page."""
        if self.watch is not None:
            return channel.tournament_table_of(topic)
        return channel.table_of(topic)

    def _shown(self, topic: str) -> bool:
        """Whether the topic's messages are taken at a shown table's rate: the host's state's
        too (only the host may write it)."""
        if self.watch is not None and topic == topics.state(self.watch.tid):
            return True
        return self.name_of(topic) in self.board.views

    def _verify(self, topic: str, payload: bytes) -> dict[str, Any]:
        try:
            return channel.open_view(payload, self.table_keys, self.name_of(topic))
        except channel.NotAdmitted as e:
            if e.code:  # held (bounded: one per key the operator was told of) till admitted
                self.held[e.code] = (topic, payload)
            raise

    def _new_table(self, table: str, code: str) -> None:
        if self.on_new is not None:
            self.on_new(table, code)

    def admit(self, code: str) -> str:
        """The operator admits a table's key: its held view is shown at once. The code kept."""
        keys = self.table_keys
        if not isinstance(keys, channel.AdmittedKeys):
            raise ValueError("in a tournament the host's state says which tables are shown")
        code = keys.admit(code)
        held = self.held.pop(code, None)
        if held is not None:
            self.take(*held)
        return code

    def take(self, topic: str, payload: bytes) -> None:
        """One message off the broker. Never raises: what is refused is counted."""
        if self.watch is not None and topic == topics.state(self.watch.tid):
            if read_state(payload, self.watch, self.seen) and self.seen.state is not None:
                self._standings(self.seen.state)
            return
        self.board.take_view(self.name_of(topic), topic, payload)

    def _standings(self, state: dict[str, Any]) -> None:
        found = state.get("table_keys")
        if isinstance(found, list) and isinstance(self.table_keys, channel.TournamentKeys):
            self.table_keys.table_keys = [k for k in found if isinstance(k, str)]
        t = self.seen.tournament()
        if t is None:
            return
        rows = [
            {"place": place, "name": who, "points": wins, "games": games, "drawn_lost": dl}
            for place, who, wins, dl, games in view.standings_rows(t)
        ]
        pairings = [
            f"Table {p.table}: {p.a} v {p.b} {p.score}".rstrip()
            for p in view.pairing_rows(t)
            if p.round == t.current_round() + 1 or t.finished
        ]
        standings: dict[str, Any] = {
            "headline": view.headline(t),
            "round": t.current_round() + 1,
            "rows": rows,
            "pairings": pairings,
            "swiss": None,
        }
        if isinstance(t, SwissEvent):  # its tiebreakers, table numbers, byes, drops, the cut
            standings.update(swiss_view.broadcast_fields(t))
        self.board.take_standings(standings)

    def link(self) -> Link:
        if self.watch is not None:
            return Link(
                self.watch.client_id() + "-broadcast",
                self.host,
                self.port,
                self.subscriptions,
                username=self.watch.username,
                password=self.watch.password,
                pin=self.watch.pin,
            )
        return Link(
            "altar-broadcast-server",
            self.host,
            self.port,
            self.subscriptions,
            username=self.username,
            password=self.password,
        )


async def pump(feed: Feed) -> None:
    """Hands the broker's messages (put in the inbox on paho's thread) to the board (on the
    event loop), as the inbox's rates allow."""
    loop = asyncio.get_running_loop()
    arrived = asyncio.Event()
    inbox = feed.inbox
    inbox.clock = loop.time

    def wake() -> None:
        loop.call_soon_threadsafe(arrived.set)

    inbox.wake = wake
    while True:
        arrived.clear()  # before taking: a message put meanwhile wakes the wait below
        due, wait = inbox.take()
        for n, (topic, payload) in enumerate(due):
            feed.take(topic, payload)
            if n % 16 == 15:
                await asyncio.sleep(0)  # viewers are served between checks, however many came
        if due:
            continue
        with contextlib.suppress(TimeoutError):
            await asyncio.wait_for(arrived.wait(), wait)


class GuardedSite(web.TCPSite):
    """aiohttp's TCP site with each connection counted by the guard before aiohttp sees it."""

    def __init__(self, runner: web.AppRunner, host: str, port: int, guard: Guard) -> None:
        super().__init__(runner, host, port, backlog=guard.limits.backlog)
        self.guard = guard

    async def start(self) -> None:
        await web.BaseSite.start(self)
        server = self._runner.server
        assert server is not None
        loop = asyncio.get_running_loop()
        self._server = await loop.create_server(
            self.guard.wrap(server), self._host, self._port, backlog=self._backlog
        )


@dataclass
class Web:
    """The web side of a running server: what stops it, and its counters."""

    runner: web.AppRunner
    guard: Guard
    quiet: QuietLog
    unquiet: Callable[[], None]

    async def stop(self) -> None:
        await self.runner.cleanup()
        self.unquiet()


async def start_web(server: BroadcastServer, bind: str, port: int, limits: ConnectionLimits) -> Web:
    """Serves ``server``'s pages behind the connection guard, aiohttp's log lines quietened."""
    quiet = QuietLog()
    unquiet = quiet_log.install(quiet)
    server.guard.limits = limits
    runner = web.AppRunner(
        server.app(), keepalive_timeout=limits.keepalive_seconds, access_log=None
    )
    await runner.setup()
    await GuardedSite(runner, bind, port, server.guard).start()
    return Web(runner, server.guard, quiet, unquiet)


async def serve(
    feed: Feed,
    bind: str,
    port: int,
    replays: Path | None = None,
    seconds: float = 0.0,
    started: asyncio.Event | None = None,
    on_health: Callable[[], None] | None = None,
    connections: ConnectionLimits | None = None,
) -> BroadcastServer:
    """Serves until cancelled (or for ``seconds``); ``on_health`` is called on the server's
    loop whenever what /health reports changes."""
    limits = connections if connections is not None else ConnectionLimits()
    link = feed.link()
    link.client.on_message = lambda _c, _u, msg: feed.inbox.put(msg.topic, bytes(msg.payload))
    link.start()
    server = BroadcastServer(feed.board, replays)
    if on_health is not None:
        server.on_health.append(on_health)
    site = await start_web(server, bind, port, limits)
    server.counts = lambda: {
        "inbox": dict(feed.inbox.counts),
        "log_lines_held": site.quiet.held_back,
    }
    pumping = asyncio.create_task(pump(feed))
    if started is not None:
        started.set()
    try:
        if seconds:
            await asyncio.sleep(seconds)  # the command line's --seconds: how long to serve
        else:
            await asyncio.Event().wait()
    finally:
        pumping.cancel()
        with contextlib.suppress(asyncio.CancelledError):
            await pumping
        await site.stop()
        link.stop()
    return server
