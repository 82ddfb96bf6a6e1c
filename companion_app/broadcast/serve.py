"""Running the broadcast server: one read-only broker connection feeding the board, and the
web server on top (`altar broadcast serve`).

In a tournament it holds a watcher's code: the broker login that may only read, and the host's
public key, which checks the host's signed state; that state lists each table's public key, so
only a table of this tournament can put a view on the page. Outside a tournament the first key
that signs a table's view is that table's (``FirstKeySeen``).
"""

from __future__ import annotations

import asyncio
import contextlib
import queue
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from aiohttp import web

from companion_app.broadcast import channel
from companion_app.broadcast.board import Board
from companion_app.broadcast.server import BroadcastServer
from companion_app.tournament import swiss_view, topics, view
from companion_app.tournament.codes import JoinCode
from companion_app.tournament.link import Link
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

    def __post_init__(self) -> None:
        self.table_keys: channel.TableKeys = (
            channel.TournamentKeys() if self.watch is not None else channel.FirstKeySeen()
        )
        tid = self.watch.tid if self.watch is not None else None
        self.subscriptions = [channel.views_topic(tid)]
        if tid is not None:
            self.subscriptions.append(topics.state(tid))
        self.board = Board(verify=self._verify)

    def _verify(self, topic: str, payload: bytes) -> dict[str, Any]:
        return channel.open_view(payload, self.table_keys, channel.table_of(topic))

    def take(self, topic: str, payload: bytes) -> None:
        """One message off the broker. Never raises: what is refused is counted."""
        if self.watch is not None and topic == topics.state(self.watch.tid):
            if read_state(payload, self.watch, self.seen) and self.seen.state is not None:
                self._standings(self.seen.state)
            return
        self.board.take_view(channel.table_of(topic), topic, payload)

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


async def pump(feed: Feed, inbox: queue.Queue[tuple[str, bytes]]) -> None:
    """Hands the broker's messages (paho's thread) to the board (the event loop's)."""
    loop = asyncio.get_running_loop()
    while True:
        item = await loop.run_in_executor(None, _next, inbox)
        if item is not None:
            feed.take(*item)


def _next(inbox: queue.Queue[tuple[str, bytes]]) -> tuple[str, bytes] | None:
    try:
        return inbox.get(timeout=0.5)
    except queue.Empty:
        return None


async def serve(
    feed: Feed,
    bind: str,
    port: int,
    replays: Path | None = None,
    seconds: float = 0.0,
    started: asyncio.Event | None = None,
    on_health: Callable[[], None] | None = None,
) -> BroadcastServer:
    """Serves until cancelled (or for ``seconds``); ``on_health`` is called on the server's
    loop whenever what /health reports changes."""
    link = feed.link()
    link.start()
    server = BroadcastServer(feed.board, replays)
    if on_health is not None:
        server.on_health.append(on_health)
    runner = web.AppRunner(server.app())
    await runner.setup()
    site = web.TCPSite(runner, bind, port)
    await site.start()
    pumping = asyncio.create_task(pump(feed, link.inbox))
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
        await runner.cleanup()
        link.stop()
    return server
