"""Viewers read, nothing more, and nothing published costs more than itself: forged, oversized,
deeply nested and wrongly typed views are counted and dropped by the server on a real broker; a
view signed by a stranger for a table already seen is refused; what browsers send is dropped;
a thousand viewers connecting and leaving leave the server up and holding none of them."""

from __future__ import annotations

import json
import random
from collections.abc import Iterator
from typing import Any

import aiohttp
import pytest

from companion_app.broadcast import channel
from companion_app.broadcast.guard import ConnectionLimits
from companion_app.broadcast.serve import Feed
from companion_app.tournament import keys
from companion_app.tournament.mqtt_link import Link
from tests.broadcast.support import ServerThread, admitted, broker, run_alone

SEED = 2311


def a_view(table: str, seq: int = 1) -> dict[str, Any]:
    return {
        "v": 1,
        "table": table,
        "seq": seq,
        "kind": "zeal",
        "game": "Zeal",
        "title": "",
        "turn": 1,
        "phase": "Main",
        "active": "Alena",
        "acting": "Alena",
        "waiting": [],
        "log": [],
        "over": False,
        "winner": None,
        "outcome": "",
        "seats": [
            {
                "name": "Alena",
                "colour": "#e84c3d",
                "counters": [],
                "badges": [],
                "lines": [],
                "eliminated": False,
                "active": True,
                "acting": True,
            }
        ],
    }


def junk(rng: random.Random, table: str, owner: str) -> bytes:
    """One hostile message of a random kind."""
    choice = rng.randrange(9)
    if choice == 0:
        return bytes(rng.randrange(256) for _ in range(rng.randrange(1, 300)))
    if choice == 1:
        return b"[" * rng.randrange(1000, 200_000)
    if choice == 2:
        return b'{"body": ' * 50 + b"1" + b"}" * 50
    if choice == 3:
        return json.dumps({"body": a_view(table), "sig": "\u00e9" * 86}).encode()
    if choice == 4:  # signed by a stranger, claiming the table
        return channel.sign_view(a_view(table, rng.randrange(1000)), keys.new_private_key())
    if choice == 5:  # the owner's key, but for another table than the topic
        return channel.sign_view(a_view("elsewhere"), owner)
    if choice == 6:
        return b"x" * 60_000
    if choice == 7:  # well signed, wrongly typed
        view = a_view(table)
        view["seq"] = "many"
        return channel.sign_view(view, owner)
    return json.dumps([1, 2, 3]).encode()


@pytest.fixture(scope="module")
def mosquitto(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Any]:
    with broker(tmp_path_factory.mktemp("hostile")) as b:
        yield b


def test_junk_on_every_view_topic_is_counted_and_dropped(mosquitto: Any) -> None:
    rng = random.Random(SEED)
    print("seed", SEED)
    owner = keys.new_private_key()
    server = ServerThread(Feed("127.0.0.1", mosquitto.port, admitted=admitted(owner))).start()
    link = Link("hostile", "127.0.0.1", mosquitto.port, [])
    link.start()
    assert link.wait_connected(20)
    try:
        board = server.feed.board
        # Retained: the server reads it whenever its subscription is in place.
        view = channel.sign_view(a_view("t1", 1), owner)
        link.publish(channel.view_topic("t1"), view, retain=True)
        server.wait_for(lambda: board.views.get("t1", {}).get("seq") == 1, "the owner's view")
        sent, batch, inbox = 600, 50, server.feed.inbox
        # In batches, each followed by the owner's next view and waited for until the server
        # shows it (the messages of one connection come in order, so every junk message before
        # it has reached the inbox): all at once, the broker's own limit for a slow reader
        # (max_queued_bytes, docs/tournament.md) may drop one on a loaded machine, which no
        # count here could see (599 of 600 counted, once, in make test).
        for published in range(1, sent + 1):
            link.publish(channel.view_topic("t1"), junk(rng, "t1", owner))
            if published % batch == 0:
                seq = 1 + published // batch
                link.publish(channel.view_topic("t1"), channel.sign_view(a_view("t1", seq), owner))
                server.wait_for(
                    lambda seq=seq: board.views["t1"]["seq"] == seq,
                    f"the owner's view {seq}, after {published} junk messages",
                )
        # Each is dropped unread (too big), replaced unread by a newer one on its topic
        # (superseded: only the newest view of a table matters), or read and refused.
        dropped = sum(board.dropped.values()) + sum(inbox.counts.values())
        print(f"{sent} hostile messages; dropped {dict(board.dropped)}, unread {inbox.counts}")
        assert board.taken == 1 + sent // batch and dropped == sent
        assert board.views["t1"]["seats"][0]["name"] == "Alena"
        link.publish(channel.view_topic("t1"), b"", retain=True)  # forgotten by the broker
    finally:
        link.stop()
        server.stop()


def test_a_retained_bad_view_signed_by_its_table_is_dropped_on_every_start(mosquitto: Any) -> None:
    """A table's real key signing `seats: null` (retained on the broker, so a restarted server
    reads it again): dropped and counted each time, and another table is still shown."""
    owner, other = keys.new_private_key(), keys.new_private_key()
    link = Link("retained", "127.0.0.1", mosquitto.port, [])
    link.start()
    assert link.wait_connected(20)
    try:
        bad = dict(a_view("r1"), seats=None)
        link.publish(channel.view_topic("r1"), channel.sign_view(bad, owner), retain=True)
        link.publish(channel.view_topic("r2"), channel.sign_view(a_view("r2"), other), retain=True)
        for _start in range(2):
            feed = Feed("127.0.0.1", mosquitto.port, admitted=admitted(owner, other))
            server = ServerThread(feed).start()
            try:
                board = feed.board
                server.wait_for(
                    lambda b=board: "r2" in b.views and b.dropped.get("SchemaError", 0) >= 1,
                    "the good table shown and the bad view dropped",
                )
                assert "r1" not in board.views
            finally:
                server.stop()
    finally:
        for table in ("r1", "r2"):  # the broker forgets them: other tests start clean
            link.publish(channel.view_topic(table), b"", retain=True)
        link.stop()


def test_a_thousand_viewers_come_and_go(mosquitto: Any) -> None:
    owner = keys.new_private_key()
    feed = Feed("127.0.0.1", mosquitto.port, admitted=admitted(owner))
    # A hundred at once from one address: the cap per address is raised for this test.
    server = ServerThread(feed, connections=ConnectionLimits(per_address=200)).start()
    link = Link("owner", "127.0.0.1", mosquitto.port, [])
    link.start()
    assert link.wait_connected(20)

    async def viewers() -> tuple[int, int]:
        got = said = 0
        async with aiohttp.ClientSession() as http:
            for batch in range(10):
                sockets = [await http.ws_connect(f"{server.url}/feed") for _ in range(100)]
                for ws in sockets:
                    first = await ws.receive_json(timeout=20)
                    got += first["type"] == "snapshot"
                for ws in sockets[:10]:  # a hostile viewer talks; nothing it says goes anywhere
                    await ws.send_str(json.dumps({"publish": "altar/broadcast/t9", "batch": batch}))
                    said += 1
                for ws in sockets:
                    await ws.close()
        return got, said

    try:
        link.publish(channel.view_topic("t9"), channel.sign_view(a_view("t9"), owner), retain=True)
        server.wait_for(lambda: "t9" in server.feed.board.views, "the view")
        got, said = run_alone(viewers())
        server.wait_for(lambda: _health(server)["viewers"] == 0, "every viewer gone")
        health = _health(server)
        print(health)
        assert got == 1000 and health["viewers_ever"] == 1000
        assert health["ignored_from_browsers"] == said
        assert health["tables"] == 1  # no browser message became a table
    finally:
        link.stop()
        server.stop()


def _health(server: ServerThread) -> dict[str, Any]:
    import urllib.request

    with urllib.request.urlopen(f"{server.url}/health", timeout=10) as r:
        return dict(json.loads(r.read()))
