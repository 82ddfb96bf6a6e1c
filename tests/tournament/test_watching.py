"""A watch-only tablet (issue 15 follow-up, issue 21): the host prints a watcher's code that
carries the host's public key, a read-only broker login and no signing key; "Watch" on the
tournament screen follows the standings with it, on a real Mosquitto closed to strangers, and
nothing a watcher holds lets it report a result."""

from pathlib import Path

import pytest

from companion_app.tournament import binding, keys, topics
from companion_app.tournament.host import Host, HostConfig
from companion_app.tournament.mosquitto import INSTALL_HINT, find_mosquitto
from companion_app.tournament.table import JoinCode, Seen, read_state
from engine.tournament import Tournament
from tests.app.own_process import result_of, run_in_own_process

PLAYERS = ("Ann", "Bo", "Cy", "Di")


def test_the_watchers_code_checks_the_standings_but_joins_no_table(tmp_path: Path) -> None:
    cfg = HostConfig.create(tmp_path, Tournament.round_robin(PLAYERS, tables=4), tid="t1")
    code = cfg.watch_code()
    table_code = JoinCode.parse(cfg.join_code(0))
    assert code.split(".")[:2] == ["t1", "watch"]
    # No signing key is in it: only the host's public key and the watchers' broker password.
    assert all(key not in code for key in cfg.table_keys) and cfg.host_key not in code
    held = JoinCode.for_watching(code)
    assert held.host_key == table_code.host_key == cfg.public_key and held.watching
    assert held.table_key == "" and held.username == "altar-t1-watch"
    assert held.password != table_code.password
    # It checks the host's signed standings like a table's code does.
    host = Host(tmp_path, cfg, ("127.0.0.1", 1))  # never started: no broker needed
    assert read_state(host.signed_state(), held, Seen())
    # Typed where a table joins, it is refused in words; a table's code may watch (it drops
    # the table's key, and logs in as that table: the watchers' password is not in it).
    with pytest.raises(ValueError, match="watcher's code"):
        JoinCode.parse(code)
    from_table = JoinCode.for_watching(cfg.join_code(2))
    assert from_table.table_key == "" and from_table.username == "altar-t1-table-2"
    with pytest.raises(ValueError, match="tournament.watch.hostkey.password"):
        JoinCode.for_watching("nonsense")


def test_a_result_signed_with_what_a_watcher_holds_is_refused(tmp_path: Path) -> None:
    cfg = HostConfig.create(tmp_path, Tournament.round_robin(PLAYERS, tables=4), tid="t1")
    host = Host(tmp_path, cfg, ("127.0.0.1", 1))
    held = JoinCode.for_watching(cfg.watch_code())
    m = next(m for m in host.tournament.matches if m.table == 0 and m.round == 0)
    body = {"tid": "t1", "table": 0, "match": m.id, "game": 0, "winner": m.a, "reason": "x"}
    tablet = keys.new_private_key()  # table 0 has joined: its results are signed by this key
    assert host.handle(
        topics.result("t1", 0), binding.join_message("t1", 0, cfg.table_keys[0], tablet)
    )
    # A watcher holds no private key: it can make one of its own, or use the host's public key
    # as if it were one (32 bytes are a valid Ed25519 seed). Neither signs a result.
    for key in (keys.new_private_key(), held.host_key):
        assert not host.handle(topics.result("t1", 0), keys.sign(keys.RESULT, body, key))
    assert host.refused == 2 and host.version == 0 and "signature" in host.last_refusal


@pytest.mark.skipif(find_mosquitto() is None, reason=INSTALL_HINT)
def test_watch_only_tablets_see_the_standings_change_and_cannot_report(tmp_path: Path) -> None:
    r = result_of(
        run_in_own_process("tests.tournament.watch_drive", [str(tmp_path)], tmp_path, 180), tmp_path
    )
    match, a, b = r["match"]
    # Both tablets took the watcher's code and watch: no table, nothing to play.
    assert r["errors"] == ["", ""] and r["watching"] == [True, True]
    assert r["joined"] == [False, False] and r["tables"] == [-1, -1] and r["this_match"] == ""
    assert r["play_disabled"] == [True, True] and r["table_bar_height"] == [0, 0]
    # Results a watcher sent (logged in as the watchers' user, signed with every key it could
    # use) were refused by the broker itself: the host never saw them.
    assert r["forger_connack"] == "Success"
    assert r["forger_pubacks"] == ["Not authorized", "Not authorized"]
    assert r["refused_before_real"] == 0 and r["version_before_real"] == 0
    # Table 1's real result: each watcher's standings changed from no game won to a's one.
    for before, after in zip(r["before"], r["after"], strict=True):
        assert {row[1]: row[4] for row in before} == {p: "0" for p in PLAYERS}
        assert {row[1]: row[4] for row in after}[a] == "1"
    assert r["recorded"] == {f"{match}/0": a}
    # Two watchers at once, each with its own client id: neither knocked the other off.
    assert r["connects"] == [1, 1]
    assert (tmp_path / "watch.png").stat().st_size > 5000
