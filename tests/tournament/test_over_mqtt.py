"""Tournaments over a real Mosquitto on loopback (issue 15's "done when"): four tables as
separate processes, a table and the broker each killed once mid-tournament, and the same
standings as a run without faults; a result waiting in a table's outbox arrives once."""

import threading
from collections import Counter
from pathlib import Path

import pytest

from companion_app.games.zeal.tournament_players import StandIns
from companion_app.tournament.files import write_json
from companion_app.tournament.host import Host, HostConfig
from companion_app.tournament.mosquitto import INSTALL_HINT, Mosquitto, find_mosquitto
from companion_app.tournament.simulate import run
from companion_app.tournament.table import JoinCode, Table
from companion_app.tournament.view import summary
from engine.tournament import Tournament

pytestmark = [
    pytest.mark.skipif(find_mosquitto() is None, reason=INSTALL_HINT),
    pytest.mark.timeout(600),
]

PLAYERS = ("Alena", "Bea", "Cato", "Dara")


@pytest.mark.slow
def test_round_robin_on_four_tables_survives_a_killed_table_and_broker(tmp_path: Path) -> None:
    clean = run(tmp_path / "clean", seed=5, timeout=240)
    faulty = run(tmp_path / "faulty", seed=5, faults=True, timeout=240)

    assert len(faulty.faults) == 2, faulty.faults
    total = len(faulty.host_log)
    for fault in faulty.faults:  # both happened mid-tournament, not after the end
        assert int(fault.split("after ")[1].split()[0]) < total
    for r in (clean, faulty):
        keys = Counter((b["match"], b["game"]) for b in r.host_log)
        assert keys and max(keys.values()) == 1  # none doubled
        assert r.host_stats["accepted"] == len(r.host_log)
        assert r.host_stats["refused"] == 0
        assert all(t is not None and t["final"] for t in r.tables)
        assert all(t == r.tables[0] for t in r.tables)  # every tablet shows the same standings
    # None lost, none doubled: the same results and standings as the run without faults.
    assert faulty.tables[0] == clean.tables[0]
    assert len(clean.tables[0]["results"]) >= 12  # six best-of-two matches, plus any deciders


def test_a_result_in_a_tables_outbox_reaches_a_host_started_later_once(tmp_path: Path) -> None:
    broker = Mosquitto(tmp_path / "broker")
    broker.start()
    try:
        t = Tournament.round_robin(PLAYERS, tables=1)
        cfg = HostConfig.create(tmp_path / "host", t, tid="once")
        players = StandIns(PLAYERS, seed=9)
        first = t.pending()[0]
        played = players.play(first)
        # The table crashed after writing its outbox, before the result left: it is only on disk.
        (tmp_path / "table").mkdir()
        write_json(
            tmp_path / "table" / "outbox.json",
            {
                f"{first.match}/{first.game}": {
                    "tid": "once",
                    "table": 0,
                    "match": first.match,
                    "game": first.game,
                    "winner": played.winner,
                    "reason": played.reason,
                    "ended_at": 0.0,
                }
            },
        )
        table = Table(
            tmp_path / "table",
            JoinCode.parse(cfg.join_code(0)),
            ("127.0.0.1", broker.port),
            players.play,
        )
        host = Host(tmp_path / "host", cfg, ("127.0.0.1", broker.port))
        host_done: list[bool] = []
        server = threading.Thread(target=lambda: host_done.append(host.run(timeout=120)))
        server.start()
        assert table.run(timeout=120)
        server.join(timeout=130)
        assert host_done == [True]
        # The game in the outbox was not played again: the table played every other game.
        assert table.played == len(host.tournament.results) - 1
        expected = Tournament.round_robin(PLAYERS, tables=1)
        for _ in range(100):
            if not expected.pending():
                break
            slot = expected.pending()[0]
            expected.record(slot.match, slot.game, players.play(slot))
        assert host.tournament.results == expected.results
        assert table.seen.state is not None
        assert summary(table.seen.state)["standings"] == summary(host.state_body())["standings"]
    finally:
        broker.stop()
