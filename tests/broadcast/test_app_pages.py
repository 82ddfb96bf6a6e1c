"""The real app (offscreen): the menu's Broadcast page puts this table on a real broker and
takes it off again, refusing a bad name in words; the band offers to stop a game no one can
win any more as a draw, and asks first."""

from __future__ import annotations

import json
import os
from pathlib import Path

from tests.app.test_app_offscreen import OUTPUT, run_journey
from tests.broadcast.support import Listener, broker


def test_the_broadcast_page_starts_and_stops_this_tables_broadcast(tmp_path: Path) -> None:
    with broker(tmp_path) as b:
        listener = Listener(b.port, "altar/broadcast/#")
        os.environ["ALTAR_TEST_BROKER_PORT"] = str(b.port)
        try:
            result = run_journey(
                "tests.broadcast.journeys:broadcast_page",
                OUTPUT / "broadcast" / "page",
                tmp_path / "g.sqlite",
            )
        finally:
            del os.environ["ALTAR_TEST_BROKER_PORT"]
        notes = result["notes"]
        assert "letters, digits" in notes["refused"]
        assert notes["started"].startswith("Broadcasting this table as kitchen")
        assert notes["stopped"].startswith("Stopped")
        listener.wait_for(2, "the table's views on the broker")
        topics = {t for t, _ in listener.messages}
        assert topics == {"altar/broadcast/kitchen"}
        values = [
            json.loads(p)["body"]["seats"][0]["counters"][0]["value"] for _, p in listener.messages
        ]
        assert values[0] == 0 and values[-1] == 6
        listener.stop()


def test_the_band_offers_to_stop_a_game_going_round_in_circles(tmp_path: Path) -> None:
    result = run_journey(
        "tests.broadcast.journeys:stalemate_band",
        OUTPUT / "broadcast" / "stalemate",
        tmp_path / "g.sqlite",
    )
    notes = result["notes"]
    # What the table sees, claiming no proof (issue 34): this game ends by the rules later.
    assert "no player has lost a base for good" in notes["asked"].lower()
    assert "no one can win" not in notes["asked"].lower()
    assert notes["said"].startswith("Game stopped as a draw")
    assert notes["resumable"] is False
