"""What the broadcast server holds is bounded by design (issue 36): every HTTP error is a clean
status with no traceback; a half-sent request is closed when its head is late, a connection
over the cap per address (or in all, below the open-file limit) is closed at once, and a real
request is still answered; the same log line is written a bounded number of times; the inbox
holds one message per topic, bounded in bytes, taken at each topic's rate."""

from __future__ import annotations

import logging
import resource
import socket
from collections.abc import Iterator
from typing import Any

import pytest

from companion_app.broadcast.guard import RESERVE_FILES, ConnectionLimits, Guard, open_file_limit
from companion_app.broadcast.inbox import Inbox, Limits
from companion_app.broadcast.quiet_log import QuietLog
from tests.broadcast.support import BoardServer, run_alone

HEAD = b" HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: close\r\n\r\n"


@pytest.fixture(scope="module")
def server() -> Iterator[BoardServer]:
    s = BoardServer(ConnectionLimits(per_address=6, head_seconds=0.5, keepalive_seconds=0.5))
    yield s
    s.stop()


def status_of(port: int, raw: bytes) -> int:
    """The status the server answers ``raw`` with, read until it closes the connection."""
    with socket.create_connection(("127.0.0.1", port), timeout=20) as c:
        c.sendall(raw)
        data = b""
        while chunk := c.recv(65536):
            data += chunk
    return int(data.split(b" ", 2)[1])


@pytest.mark.parametrize(
    ("raw", "status"),
    [
        (b"GET /static/" + b"a" * 5000 + HEAD, 414),  # was 500: File name too long
        (b"GET /table/" + b"a" * 5000 + HEAD, 414),
        ("GET /\u00e9".encode() + HEAD, 400),  # was an InvalidURLError traceback
        ("GET /table/\u00e9".encode() + HEAD, 400),
        (b"HELLO" + HEAD, 400),
        (b"GET /" + b"a" * 9000 + HEAD, 400),  # longer than any request line is read
        (b"GET /static/nothing.js" + HEAD, 404),
        (b"GET /static/..%2fserver.py" + HEAD, 404),
        (b"GET /replays/..%2f..%2fetc%2fpasswd" + HEAD, 404),
        (b"GET /nothing" + HEAD, 404),
        (b"POST /feed" + HEAD, 405),
        (b"GET /static/altar.js" + HEAD, 200),
    ],
)
def test_every_http_error_is_a_clean_status_without_a_traceback(
    server: BoardServer, raw: bytes, status: int, caplog: pytest.LogCaptureFixture
) -> None:
    caplog.set_level(logging.DEBUG)
    assert status_of(server.port, raw) == status
    for record in caplog.records:
        assert record.exc_info is None and "Traceback" not in record.getMessage(), record


def _closed_by_server(c: socket.socket) -> bool:
    """Blocks until the server closes ``c`` (True) or sends something (False)."""
    try:
        return c.recv(1) == b""
    except ConnectionResetError:
        return True


def test_half_sent_requests_are_closed_and_a_real_one_answered(server: BoardServer) -> None:
    guard = server.server.guard
    slow = [socket.create_connection(("127.0.0.1", server.port), timeout=20) for _ in range(6)]
    for c in slow:
        c.sendall(b"GET / HTTP/1.1\r\nHost: 127.0.0.1\r\n")  # and never the rest
    server.changes.wait_for(lambda: guard.open == 6, "six connections counted")
    extra = socket.create_connection(("127.0.0.1", server.port), timeout=20)
    assert _closed_by_server(extra)  # a seventh from the same address: closed at once
    assert guard.refused.get("too many from one address") == 1
    assert all(_closed_by_server(c) for c in slow)  # each closed when its head was late
    server.changes.wait_for(lambda: guard.open == 0, "the slow connections gone")
    assert guard.refused.get("too slow to ask") == 6
    assert status_of(server.port, b"GET /" + HEAD) == 200
    for c in (*slow, extra):
        c.close()


class _Transport:
    def __init__(self, address: str) -> None:
        self.address = address
        self.aborted = False

    def get_extra_info(self, name: str) -> Any:
        return (self.address, 1) if name == "peername" else None

    def abort(self) -> None:
        self.aborted = True

    def is_closing(self) -> bool:
        return self.aborted


def test_connections_are_capped_in_all_below_the_open_file_limit() -> None:
    soft, hard = resource.getrlimit(resource.RLIMIT_NOFILE)
    try:
        resource.setrlimit(resource.RLIMIT_NOFILE, (300, hard))
        assert open_file_limit() == 300
        assert ConnectionLimits(total=5000, backlog=50).total == 300 - RESERVE_FILES - 50
    finally:
        resource.setrlimit(resource.RLIMIT_NOFILE, (soft, hard))

    async def fill() -> Guard:
        guard = Guard(ConnectionLimits(per_address=2, total=10))
        for n in range(30):
            guard.admit(_Transport(f"10.0.0.{n}"))  # type: ignore[arg-type]
        return guard

    guard = run_alone(fill())
    assert guard.open == 10 and guard.refused == {"server full": 20}


def test_the_same_log_line_is_written_a_bounded_number_of_times() -> None:
    now = [0.0]
    quiet = QuietLog(per_window=5, window=60.0, clock=lambda: now[0])
    written = []
    for n in range(1000):
        try:
            raise OSError(24, "Too many open files")
        except OSError:
            record = logging.LogRecord(
                "asyncio",
                logging.ERROR,
                __file__,
                1,
                "socket.accept() out of system resource",
                (),
                __import__("sys").exc_info(),
            )
        if quiet.filter(record):
            written.append(record)
        if n == 500:
            now[0] = 61.0  # a minute on: the count starts again, saying what was held back
    assert len(written) == 10 and quiet.held_back == 990
    assert all(r.exc_info is None for r in written)
    assert "Too many open files" in written[0].getMessage()
    assert "(and 496 lines like it not written)" in written[5].getMessage()


def test_the_inbox_is_bounded_and_each_topic_taken_at_its_rate() -> None:
    now = [0.0]
    shown = {"a/real"}
    inbox = Inbox(
        clock=lambda: now[0],
        limits=Limits(max_bytes=4_000_000, topics=50, per_second=10, burst=20),
        shown=lambda t: t in shown,
    )
    big = b"x" * 47_000
    taken: dict[str, int] = {}
    for step in range(100):  # ten seconds, a tenth at a time
        now[0] = step / 10
        for _ in range(50):  # a flood on the real table's topic: 500 views a second
            inbox.put("a/real", big)
        for n in range(100):  # and a hundred strangers' topics
            inbox.put(f"a/fake{n}", big)
        inbox.put("a/huge", b"x" * 60_000)
        assert inbox.held_bytes <= 4_000_000 and len(inbox.waiting) <= 50
        for topic, _payload in inbox.take()[0]:
            taken[topic] = taken.get(topic, 0) + 1
    real = taken.pop("a/real")
    assert real <= 20 + 10 * 10 and real > 0  # the burst, then its rate (bytes allow 4/s more)
    assert len(taken) <= 50  # only as many topics as the inbox holds
    assert max(taken.values()) <= 1 + 10  # a stranger's topic: one a second
    assert inbox.counts["too big"] == 100 and inbox.counts["too many topics"] > 0
    print(f"taken: real {real}, strangers {sum(taken.values())}; {inbox.counts}")
