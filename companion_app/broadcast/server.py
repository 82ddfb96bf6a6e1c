"""`altar broadcast serve`: the web page's server. One broker connection, any number of viewers.

aiohttp serves the pages (``web/``) and a WebSocket feed (``/feed``). The broker's messages come
in on paho's thread and are handed to the event loop; the ``Board`` keeps each table's newest
verified view and each viewer's ``ViewerFeed`` sends what changed, rate-limited. Viewers only
read: what a browser sends is read and dropped (and a large message closes its socket), and
nothing reaches the broker from here, whose credentials are read-only anyway.
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import re
from collections.abc import Callable
from pathlib import Path
from typing import Any

from aiohttp import WSMsgType, web

from companion_app.broadcast.board import Board
from companion_app.broadcast.viewer_feed import ViewerFeed

WEB = Path(__file__).with_name("web")
FROM_BROWSER_BYTES = 1024  # a viewer has nothing to say; more than this closes its socket
REPLAY_NAME = re.compile(r"^[\w.-]{1,120}\.json$")


class BroadcastServer:
    def __init__(
        self,
        board: Board,
        replays: Path | None = None,
        per_second: float = 10.0,
        clock: Callable[[], float] | None = None,
    ) -> None:
        self.board = board
        self.replays = replays
        self.per_second = per_second
        self._clock = clock
        self.viewers: set[tuple[ViewerFeed, asyncio.Event]] = set()
        self.connected_total = 0
        self.ignored_from_browsers = 0
        # Called whenever what /health reports changes (a viewer comes or goes, the board shows
        # or drops a message): a monitor is told, rather than asking /health again and again.
        self.on_health: list[Callable[[], None]] = []
        board.listeners.append(self._changed)
        board.handled.append(self._health_changed)

    def clock(self) -> float:
        return self._clock() if self._clock is not None else asyncio.get_running_loop().time()

    def app(self) -> web.Application:
        app = web.Application()
        page = self._page
        app.router.add_get("/", page("tournament.html"))
        app.router.add_get("/table/{table}", page("table.html"))
        app.router.add_get("/overlay/{table}", page("overlay.html"))
        app.router.add_get("/replay", page("replay.html"))
        app.router.add_get("/replays/{name}", self._replay_file)
        app.router.add_get("/feed", self._feed)
        app.router.add_get("/health", self._health)
        app.router.add_static("/static/", WEB)
        return app

    # --- the pages ---------------------------------------------------------------------------

    @staticmethod
    def _page(name: str) -> Callable[[web.Request], Any]:
        async def handler(_request: web.Request) -> web.StreamResponse:
            return web.FileResponse(WEB / name, headers={"Cache-Control": "no-cache"})

        return handler

    async def _replay_file(self, request: web.Request) -> web.StreamResponse:
        name = request.match_info["name"]
        if self.replays is None or not REPLAY_NAME.match(name):
            raise web.HTTPNotFound(text="no such replay")
        path = self.replays / name
        if not path.is_file():
            raise web.HTTPNotFound(text="no such replay")
        return web.FileResponse(path)

    async def _health(self, _request: web.Request) -> web.Response:
        return web.json_response(
            {
                "tables": len(self.board.views),
                "taken": self.board.taken,
                "dropped": self.board.dropped,
                "viewers": len(self.viewers),
                "viewers_ever": self.connected_total,
                "ignored_from_browsers": self.ignored_from_browsers,
            }
        )

    def _health_changed(self) -> None:
        for callback in list(self.on_health):
            callback()

    # --- the feed ----------------------------------------------------------------------------

    def _changed(self, what: str, body: dict[str, Any]) -> None:
        key = f"view:{body.get('table')}" if what == "view" else "standings"
        message = {"type": what, what: body}
        for feed, wake in self.viewers:
            feed.offer(key, message)
            wake.set()

    async def _feed(self, request: web.Request) -> web.WebSocketResponse:
        ws = web.WebSocketResponse(max_msg_size=FROM_BROWSER_BYTES, heartbeat=30)
        await ws.prepare(request)
        feed, wake = ViewerFeed(self.per_second), asyncio.Event()
        entry = (feed, wake)
        self.viewers.add(entry)
        self.connected_total += 1
        self._health_changed()
        sender = asyncio.create_task(self._send(ws, feed, wake))
        try:
            await ws.send_str(json.dumps(self.board.snapshot()))
            async for msg in ws:  # a viewer only reads: whatever it sends is dropped
                if msg.type in (WSMsgType.TEXT, WSMsgType.BINARY):
                    self.ignored_from_browsers += 1
                    self._health_changed()
                elif msg.type == WSMsgType.ERROR:
                    break
        except (ConnectionError, asyncio.CancelledError):
            pass
        finally:
            self.viewers.discard(entry)
            self._health_changed()
            sender.cancel()
            with contextlib.suppress(asyncio.CancelledError, ConnectionError):
                await sender
        return ws

    async def _send(self, ws: web.WebSocketResponse, feed: ViewerFeed, wake: asyncio.Event) -> None:
        while not ws.closed:
            await wake.wait()
            wake.clear()
            delay = feed.wait(self.clock())
            if delay:
                await asyncio.sleep(delay)  # the rate limit itself: not a test's synchronisation
            due = feed.due(self.clock())
            if due:  # one message per send, however many tables changed: one drawing
                await ws.send_str(
                    json.dumps(due[0] if len(due) == 1 else {"type": "batch", "messages": due})
                )
            if feed.pending:
                wake.set()
