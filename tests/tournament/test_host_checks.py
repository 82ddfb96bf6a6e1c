"""What the host takes and refuses, without a network: signatures, a table reporting another
table's match, duplicates; and the host's log bringing it back after a restart."""

from pathlib import Path

from companion_app.tournament import keys, topics
from companion_app.tournament.host import Host, HostConfig
from companion_app.tournament.table import JoinCode, Seen, read_state
from engine.tournament import Tournament

PLAYERS = ("Ann", "Bo", "Cy", "Di")


def make_host(folder: Path) -> Host:
    cfg = HostConfig.create(folder, Tournament.round_robin(PLAYERS, tables=4), tid="t1")
    return Host(folder, cfg, ("127.0.0.1", 1))  # never started: no broker needed


def result(host: Host, table: int, match: str, game: int, winner: str) -> dict[str, object]:
    return {
        "tid": host.cfg.tid,
        "table": table,
        "match": match,
        "game": game,
        "winner": winner,
        "reason": "last base standing",
        "ended_at": 1.0,
    }


def send(host: Host, table: int, body: dict[str, object], key: str) -> bool:
    return host.handle(topics.result(host.cfg.tid, table), keys.sign(keys.RESULT, body, key))


def test_a_table_signs_its_own_results_and_cannot_report_another_tables_match(
    tmp_path: Path,
) -> None:
    host = make_host(tmp_path)
    m0 = next(m for m in host.tournament.matches if m.table == 0 and m.round == 0)
    m1 = next(m for m in host.tournament.matches if m.table == 1 and m.round == 0)
    key0, key1 = host.cfg.table_keys[0], host.cfg.table_keys[1]
    # Table 0 signs a result for table 1's match with its own key, on table 1's topic: refused.
    assert not send(host, 1, result(host, 1, m1.id, 0, m1.a), key0)
    # On its own topic, but the match is table 1's: refused.
    assert not send(host, 0, result(host, 0, m1.id, 0, m1.a), key0)
    assert host.refused == 2 and "not its own" in host.last_refusal
    # Table 1 itself: taken, once.
    assert send(host, 1, result(host, 1, m1.id, 0, m1.a), key1)
    assert not send(host, 1, result(host, 1, m1.id, 0, m1.a), key1)
    assert host.duplicates == 1 and host.version == 1
    # A tampered body fails the signature.
    payload = keys.sign(keys.RESULT, result(host, 0, m0.id, 0, m0.a), key0).replace(
        m0.a.encode(), m0.b.encode()
    )
    assert not host.handle(topics.result("t1", 0), payload)
    assert "signature" in host.last_refusal
    # A table's message signed for another purpose (a state) is no result.
    wrong_purpose = keys.sign(keys.STATE, result(host, 0, m0.id, 0, m0.a), key0)
    assert not host.handle(topics.result("t1", 0), wrong_purpose)
    assert host.version == 1 and "signature" in host.last_refusal


def test_host_restarted_on_its_folder_has_every_result_and_the_same_state(tmp_path: Path) -> None:
    host = make_host(tmp_path)
    for m in host.tournament.matches:
        if m.round == 0:
            assert send(
                host, m.table, result(host, m.table, m.id, 0, m.b), host.cfg.table_keys[m.table]
            )
    again = Host(tmp_path, HostConfig.load(tmp_path) or host.cfg, ("127.0.0.1", 1))
    assert again.tournament.results == host.tournament.results
    # The same standings, in a later epoch: a restarted host's states outrank the old ones.
    assert again.epoch == host.epoch + 1
    assert dict(again.state_body(), epoch=0) == dict(host.state_body(), epoch=0)


def test_tablets_take_only_newer_states_the_host_signed(tmp_path: Path) -> None:
    host = make_host(tmp_path)
    code = JoinCode.parse(host.cfg.join_code(2))
    assert code.table == 2 and code.tid == "t1" and code.host_key == host.cfg.public_key
    seen = Seen()
    assert read_state(host.signed_state(), code, seen)
    assert not read_state(host.signed_state(), code, seen)  # not newer
    forged = dict(host.state_body(), version=99)
    assert not read_state(keys.sign(keys.STATE, forged, code.table_key), code, seen)
    assert seen.version == 0 and seen.dropped == {"the signature does not match": 1}
    # A host restarted (a new epoch) with the same results is followed at once.
    again = Host(tmp_path, host.cfg, ("127.0.0.1", 1))
    assert read_state(again.signed_state(), code, seen) and seen.epoch == again.epoch
    # An old epoch's state (a replay of a genuine one) is not news any more.
    assert not read_state(host.signed_state(), code, seen)
