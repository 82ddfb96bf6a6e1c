"""A watch-only tablet (issue 15 follow-up): the host prints a watcher's code that carries the
standings key and no table key; "Watch" on the tournament screen follows the standings with it,
on a real Mosquitto, and nothing a watcher holds lets it report a result."""

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

from companion_app.tournament import signing, topics
from companion_app.tournament.host import Host, HostConfig
from companion_app.tournament.mosquitto import INSTALL_HINT, find_mosquitto
from companion_app.tournament.table import JoinCode, Seen, read_state
from engine.tournament import Tournament

ROOT = Path(__file__).resolve().parents[2]
PLAYERS = ("Ann", "Bo", "Cy", "Di")


def test_the_watchers_code_checks_the_standings_but_joins_no_table(tmp_path: Path) -> None:
    cfg = HostConfig.create(tmp_path, Tournament.round_robin(PLAYERS, tables=4), tid="t1")
    code = cfg.watch_code()
    table_code = JoinCode.parse(cfg.join_code(0))
    assert code.split(".")[:2] == ["t1", "watch"]
    # No table's key is in it: only the standings key, the one every table's code carries too.
    assert all(signing.table_key(cfg.key, t) not in code for t in range(4))
    held = JoinCode.for_watching(code)
    assert held == JoinCode("t1", -1, "", table_code.standings_key) and held.watching
    # It checks the host's signed standings like a table's code does.
    host = Host(tmp_path, cfg, ("127.0.0.1", 1))  # never started: no broker needed
    state = signing.sign(host.state_body(), signing.standings_key(cfg.key))
    assert read_state(state, held, Seen())
    # Typed where a table joins, it is refused in words; a table's code may watch.
    with pytest.raises(ValueError, match="watcher's code"):
        JoinCode.parse(code)
    assert JoinCode.for_watching(cfg.join_code(2)) == held
    with pytest.raises(ValueError, match="tournament.watch.key"):
        JoinCode.for_watching("nonsense")


def test_a_result_signed_with_what_a_watcher_holds_is_refused(tmp_path: Path) -> None:
    cfg = HostConfig.create(tmp_path, Tournament.round_robin(PLAYERS, tables=4), tid="t1")
    host = Host(tmp_path, cfg, ("127.0.0.1", 1))
    held = JoinCode.for_watching(cfg.watch_code())
    m = next(m for m in host.tournament.matches if m.table == 0 and m.round == 0)
    body = {"tid": "t1", "table": 0, "match": m.id, "game": 0, "winner": m.a, "reason": "x"}
    for key in (held.standings_key, held.table_key):
        assert not host.handle(topics.result("t1", 0), signing.sign(body, key))
    assert host.refused == 2 and host.version == 0 and "signature" in host.last_refusal


@pytest.mark.skipif(find_mosquitto() is None, reason=INSTALL_HINT)
def test_watch_only_tablets_see_the_standings_change_and_cannot_report(tmp_path: Path) -> None:
    env = {**os.environ, "KIVY_NO_ARGS": "1", "KIVY_NO_CONSOLELOG": "1"}
    env["KIVY_HOME"] = str(tmp_path / "kivy-home")
    proc = subprocess.run(
        [sys.executable, "-m", "tests.tournament.watch_drive", str(tmp_path)],
        cwd=ROOT,
        env=env,
        capture_output=True,
        text=True,
        timeout=180,
    )
    result_file = tmp_path / "result.json"
    assert result_file.exists(), proc.stderr[-3000:]
    r = json.loads(result_file.read_text())
    assert r["ok"], r.get("error")
    match, a, b = r["match"]
    # Both tablets took the watcher's code and watch: no table, nothing to play.
    assert r["errors"] == ["", ""] and r["watching"] == [True, True]
    assert r["joined"] == [False, False] and r["tables"] == [-1, -1] and r["this_match"] == ""
    assert r["play_disabled"] == [True, True] and r["table_bar_height"] == [0, 0]
    # Results signed with what a watcher holds reached the host over the broker and were
    # refused; the standings did not move for them.
    assert r["refused_before_real"] == 2 and r["version_before_real"] == 0
    assert "signature" in r["last_refusal"]
    # Table 1's real result: each watcher's standings changed from no game won to a's one.
    for before, after in zip(r["before"], r["after"], strict=True):
        assert {row[1]: row[4] for row in before} == {p: "0" for p in PLAYERS}
        assert {row[1]: row[4] for row in after}[a] == "1"
    assert r["recorded"] == {f"{match}/0": a}
    # Two watchers at once, each with its own client id: neither knocked the other off.
    assert r["connects"] == [1, 1]
    assert (tmp_path / "watch.png").stat().st_size > 5000
