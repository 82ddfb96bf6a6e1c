"""`altar broadcast serve`: the web page's server. One broker connection, any number of viewers.

aiohttp serves the pages (``web/``) and a WebSocket feed (``/feed``). The broker's messages come
in on paho's thread and are handed to the event loop; the ``Board`` keeps each table's newest
verified view and each viewer's ``ViewerFeed`` sends what changed, rate-limited. Viewers only
read: what a browser sends is read and dropped (and a large message closes its socket), and
nothing reaches the broker from here, whose credentials are read-only anyway.

Every error is a plain status with a line of words: 400 for a request that cannot be read,
404 for what is not here, 414 for a path too long; no handler's traceback reaches a client or
the log. Only the page's own files are served (named, not looked up on disk from the path).
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import logging
import re
from collections.abc import Callable
from pathlib import Path
from typing import Any

from aiohttp import WSMsgType, web

from companion_app.broadcast import view_schema
from companion_app.broadcast.board import Board
from companion_app.broadcast.guard import Guard
from companion_app.broadcast.viewer_feed import ViewerFeed

log = logging.getLogger("aiohttp.server")  # rate-limited with aiohttp's own (quiet_log)

WEB = Path(__file__).with_name("web")
STATIC = frozenset(p.name for p in WEB.iterdir() if p.suffix in (".js", ".css"))
FROM_BROWSER_BYTES = 1024  # a viewer has nothing to say; more than this closes its socket
REPLAY_NAME = re.compile(r"^[\w.-]{1,120}\.json$")
PATH_CHARS = 1024  # no page's address is longer: beyond it, 414
SEND_SECONDS = 30.0  # a viewer that takes no message for this long is closed


@web.middleware
async def clean_errors(request: web.Request, handler: Any) -> web.StreamResponse:
    """Every error as a plain status and a line of words; a handler's surprise is one log
    line (rate-limited) and a 500, never a traceback."""
    if len(request.raw_path) > PATH_CHARS:
        return web.Response(status=414, text="That address is too long.\n")
    if not request.raw_path.isascii():
        return web.Response(status=400, text="That address holds characters it may not.\n")
    try:
        return await handler(request)
    except web.HTTPException as e:
        if e.status >= 400 and not e.text:
            e.text = f"{e.reason}.\n"
        raise
    except (ConnectionError, asyncio.CancelledError):
        raise
    except Exception as e:
        log.error("the broadcast server could not answer %s: %s", request.path[:80], e)
        return web.Response(status=500, text="The server could not answer that.\n")


class BroadcastServer:
    def __init__(
        self,
        board: Board,
        replays: Path | None = None,
        per_second: float = 10.0,
        clock: Callable[[], float] | None = None,
        guard: Guard | None = None,
        counts: Callable[[], dict[str, Any]] = dict,
    ) -> None:
        self.board = board
        self.guard = guard if guard is not None else Guard()
        self.counts = counts  # more for /health: the inbox's and the log's
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
        self.guard.changed.append(self._health_changed)

    def clock(self) -> float:
        return self._clock() if self._clock is not None else asyncio.get_running_loop().time()

    def app(self) -> web.Application:
        app = web.Application(middlewares=[self._guarded, clean_errors])
        page = self._page
        app.router.add_get("/", page("tournament.html"))
        app.router.add_get("/table/{table}", page("table.html"))
        app.router.add_get("/overlay/{table}", page("overlay.html"))
        app.router.add_get("/replay", page("replay.html"))
        app.router.add_get("/replays/{name}", self._replay_file)
        app.router.add_get("/feed", self._feed)
        app.router.add_get("/health", self._health)
        app.router.add_get("/schema.json", self._schema)
        app.router.add_get("/static/{name}", self._static)
        return app

    @web.middleware
    async def _guarded(self, request: web.Request, handler: Any) -> web.StreamResponse:
        """The request's head is in (the guard's deadline is off); once answered, the next
        one must begin in time."""
        transport = request.transport
        self.guard.spoke(transport)
        try:
            return await handler(request)
        finally:
            self.guard.answered(transport)  # (a WebSocket's returns when it is closed)

    # --- the pages ---------------------------------------------------------------------------

    @staticmethod
    def _page(name: str) -> Callable[[web.Request], Any]:
        async def handler(_request: web.Request) -> web.StreamResponse:
            return web.FileResponse(WEB / name, headers={"Cache-Control": "no-cache"})

        return handler

    async def _static(self, request: web.Request) -> web.StreamResponse:
        name = request.match_info["name"]
        if name not in STATIC:
            raise web.HTTPNotFound(text="There is no such file here.\n")
        return web.FileResponse(WEB / name, headers={"Cache-Control": "no-cache"})

    async def _schema(self, _request: web.Request) -> web.Response:
        return web.json_response(view_schema.describe(), headers={"Cache-Control": "no-cache"})

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
                "connections": self.guard.open,
                "connections_refused": self.guard.refused,
                **self.counts(),
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
            await asyncio.wait_for(ws.send_str(json.dumps(self.board.snapshot())), SEND_SECONDS)
            async for msg in ws:  # a viewer only reads: whatever it sends is dropped
                if msg.type in (WSMsgType.TEXT, WSMsgType.BINARY):
                    self.ignored_from_browsers += 1
                    self._health_changed()
                elif msg.type == WSMsgType.ERROR:
                    break
        except (ConnectionError, asyncio.CancelledError, TimeoutError):
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
                text = json.dumps(due[0] if len(due) == 1 else {"type": "batch", "messages": due})
                try:  # a viewer that reads nothing holds one send, for a bounded time
                    await asyncio.wait_for(ws.send_str(text), SEND_SECONDS)
                except TimeoutError:
                    await ws.close()
                    return
            if feed.pending:
                wake.set()
