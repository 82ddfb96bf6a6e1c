"""A tournament on the page (issue 23): the tablet playing a table's game publishes its view
signed with the table's own key on its own topic; the page's server, holding only the
watcher's read-only code, shows it beside the standings. The broker refuses a table publishing
on another table's view topic and a watcher publishing at all; the server refuses a view
signed with a key the host's state does not give that table."""

from __future__ import annotations

import threading
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from kivy.clock import Clock

from companion_app.broadcast import channel
from companion_app.broadcast.serve import Feed
from companion_app.saves.store import CommandStore
from companion_app.session.game_session import GameSession
from companion_app.tournament import keys, topics
from companion_app.tournament.codes import JoinCode
from companion_app.tournament.host import Host, HostConfig
from companion_app.tournament.mosquitto import Mosquitto
from companion_app.tournament.mqtt_link import Link
from companion_app.tournament.table import RESEND_EVERY
from companion_app.tournament_play.table_play import TablePlay, tournament_folder
from engine.tournament import Tournament
from engine.zeal import actions as za
from hardware.registry import TagRegistry
from tests.broadcast.support import ServerThread
from tests.broadcast.test_hostile import a_view

PLAYERS = ("Ann", "Bo", "Cy", "Di")


@pytest.fixture
def tournament(tmp_path: Path) -> Iterator[dict[str, Any]]:
    cfg = HostConfig.create(tmp_path / "host", Tournament.round_robin(PLAYERS, tables=2), "bc")
    broker = Mosquitto(tmp_path / "broker", access=cfg.access())
    broker.start()
    host = Host(tmp_path / "host", cfg, ("127.0.0.1", broker.port))
    threading.Thread(target=lambda: host.run(timeout=60), daemon=True).start()
    watch = JoinCode.for_watching(cfg.watch_code())
    server = ServerThread(Feed("127.0.0.1", broker.port, watch)).start()
    try:
        yield {"cfg": cfg, "port": broker.port, "server": server}
    finally:
        server.stop()
        broker.stop()


def host_state(play: TablePlay, check: Any, what: str) -> None:
    """Reads the host's states as they come (a blocking read of the table's inbox, which ends
    when the host's next state lands) until ``check()``."""
    deadline = time.monotonic() + 30
    while not check():
        left = deadline - time.monotonic()
        assert left > 0, f"timed out waiting for {what}"
        play.table.poll(wait=min(left, RESEND_EVERY))
        Clock.tick()


def on_the_page(server: ServerThread, check: Any, what: str) -> None:
    """The tablet's clock runs once (its redraw publishes the view); then the page's server
    is watched, checked again each time its board takes or drops a message."""
    Clock.tick()
    server.wait_for(check, what, timeout=30)


def test_a_tablet_in_a_tournament_is_on_the_page(
    tournament: dict[str, Any], tmp_path: Path
) -> None:
    cfg, port, server = tournament["cfg"], tournament["port"], tournament["server"]
    session = GameSession(
        CommandStore(str(tmp_path / "g.sqlite")), lambda _k: TagRegistry(":memory:")
    )
    session.auto_advance_s = 0
    play = TablePlay.join(
        session, tournament_folder(session), cfg.join_code(0), f"127.0.0.1:{port}"
    )
    board = server.feed.board
    shown: list[Any] = []  # every view the page was given
    board.listeners.append(
        lambda what, body: shown.append(body.get("seq")) if what == "view" else None
    )
    try:
        host_state(play, lambda: play.next_slot() is not None, "the host's state")
        play.play_next()
        assert session.command(za.KeepHand(0)), session.message
        on_the_page(
            server, lambda: board.views.get("1", {}).get("seq") == 1, "table 1's view on the page"
        )
        view = board.views["1"]  # the host's table 1, named as the host and the title name it
        assert view["title"].startswith("Round 1, table 1")
        assert [s["name"] for s in view["seats"]] == list(session.game.player_names())
        on_the_page(server, lambda: board.standings is not None, "the standings")
        assert {r["name"] for r in board.standings["rows"]} == set(PLAYERS)

        # Table 2's login may not write table 1's view; the broker drops it.
        other = JoinCode.parse(cfg.join_code(1))
        rogue = Link(
            "rogue", "127.0.0.1", port, [], username=other.username, password=other.password
        )
        rogue.start()
        assert rogue.wait_connected(20)
        forged = a_view("1", 99)
        rogue.publish(topics.view(cfg.tid, 0), channel.sign_view(forged, other.table_key))
        # On its own topic, signed with a key the host never gave table 2: the server refuses it.
        rogue.publish(
            topics.view(cfg.tid, 1), channel.sign_view(a_view("2"), keys.new_private_key())
        )
        server.wait_for(lambda: sum(board.dropped.values()) >= 1, "the wrongly signed view dropped")
        assert "2" not in board.views and board.views["1"]["seq"] == 1
        rogue.stop()

        # A watcher's login reads; what it publishes goes nowhere.
        watcher = JoinCode.for_watching(cfg.watch_code())
        snoop = Link(
            "snoop", "127.0.0.1", port, [], username=watcher.username, password=watcher.password
        )
        snoop.start()
        assert snoop.wait_connected(20)
        snoop.publish(
            topics.view(cfg.tid, 0), channel.sign_view(a_view("1", 77), cfg.table_keys[0])
        )
        assert session.command(za.KeepHand(1)), session.message
        on_the_page(server, lambda: board.views["1"]["seq"] == 2, "the tablet's next view")
        assert 99 not in shown and 77 not in shown  # neither the rogue's nor the watcher's view
        snoop.stop()
    finally:
        play.stop()
