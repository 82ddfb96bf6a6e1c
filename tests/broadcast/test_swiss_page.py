"""A Swiss event on the broadcast page, in a real browser (Debian's Chromium, Playwright): the
page's server follows the Swiss host with the watchers' read-only code and shows every
tiebreaker, the round's tables with the bye, and finds a player's table by name."""

from __future__ import annotations

import random
import shutil
import threading
from pathlib import Path
from typing import Any

import pytest

from companion_app.broadcast.serve import Feed
from companion_app.tournament import swiss_view
from companion_app.tournament.codes import JoinCode
from companion_app.tournament.host import HostConfig
from companion_app.tournament.mosquitto import INSTALL_HINT, Mosquitto, find_mosquitto
from companion_app.tournament.swiss_host import SwissHost
from engine.tournament import SwissEvent
from tests.broadcast.support import ServerThread
from tests.tournament.tablets import send_result

CHROMIUM = shutil.which("chromium") or "/usr/bin/chromium"
PLAYERS = ["Ann", "Bo", "Cy", "Di", "Ed", "Flo", "Gus"]

pytestmark = [
    pytest.mark.skipif(not Path(CHROMIUM).exists(), reason="make test installs chromium"),
    pytest.mark.skipif(find_mosquitto() is None, reason=INSTALL_HINT),
]


def test_swiss_standings_tiebreakers_tables_and_a_search_by_name(
    tmp_path: Path, chromium: Any
) -> None:
    cfg = HostConfig.create(
        tmp_path / "host", SwissEvent.create(PLAYERS, tables=3, seed=6, cut=4), "swb"
    )
    broker = Mosquitto(tmp_path / "broker", access=cfg.access())
    broker.start()
    host = SwissHost(tmp_path / "host", cfg, ("127.0.0.1", broker.port))
    rng = random.Random(6)
    while host.event.paired == 1:  # round 1 played before anyone connects: round 2 is paired
        slot = host.event.pending()[0]
        body = {
            "tid": "swb", "table": slot.table, "match": slot.match, "game": slot.game,
            "winner": rng.choice([slot.first, slot.second]), "reason": "coin", "ended_at": 1.0,
        }  # fmt: skip
        assert send_result(host, body), host.last_refusal
    runner = threading.Thread(target=lambda: host.run(timeout=60), daemon=True)
    runner.start()
    server = ServerThread(
        Feed("127.0.0.1", broker.port, JoinCode.for_watching(cfg.watch_code()))
    ).start()
    try:
        board = server.feed.board
        server.wait_for(lambda: board.standings is not None, "the standings", timeout=30)
        event = host.event
        rows = swiss_view.swiss_rows(event)
        page = chromium.new_page()
        page.goto(f"http://127.0.0.1:{server.port}/")
        page.wait_for_selector("#swiss-pairings li")
        head = page.locator("table.standings tr").first.inner_text()
        assert all(h in head for h in ("Pts", "W-L-D", "OMW", "GW", "OGW"))
        first = page.locator("table.standings tr").nth(1).inner_text().split("\t")
        r = rows[0]
        assert first[:7] == [
            str(r.place),
            r.player,
            str(r.points),
            r.record,
            r.omw,
            r.gw,
            r.ogw,
        ]
        assert page.locator("h2", has_text="Round 2 of 3").count() == 1
        lines = page.locator("#swiss-pairings li").all_inner_texts()
        assert lines == [" ".join(x.split()) for x in swiss_view.pairings_lines(event)]
        assert any(line.startswith("bye") for line in lines)  # 7 players: a bye
        # Typing a name leaves that player's table (any case) and nothing else.
        m = event.round_matches(1)[1]
        page.fill("#find", m.b.lower())
        shown = [li for li in page.locator("#swiss-pairings li").all() if li.is_visible()]
        line = " ".join(swiss_view.match_line(event, m.id).split())
        assert [li.inner_text() for li in shown] == [line]
        assert "Top 4 after round 3" in page.locator("#standings").inner_text()
        page.close()
    finally:
        host.stop()
        runner.join(10)
        server.stop()
        broker.stop()
