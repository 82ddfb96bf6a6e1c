"""What the host takes and refuses, without a network: signatures, a table reporting another
table's match, duplicates; and the host's log bringing it back after a restart."""

from pathlib import Path

import pytest

from companion_app.tournament import binding, keys, messages, topics
from companion_app.tournament.host import Host, HostConfig
from companion_app.tournament.table import JoinCode, Seen, read_state
from engine.tournament import Tournament

PLAYERS = ("Ann", "Bo", "Cy", "Di")


def make_host(folder: Path, join: bool = True) -> Host:
    cfg = HostConfig.create(folder, Tournament.round_robin(PLAYERS, tables=4), tid="t1")
    host = Host(folder, cfg, ("127.0.0.1", 1))  # never started: no broker needed
    if join:
        for t in range(4):
            assert join_as(host, t, TABLETS[t])
    return host


# Each table's own tablet key (binding.py): results are signed with it, not the code's key.
TABLETS = [keys.new_private_key() for _ in range(4)]


def join_as(host: Host, table: int, tablet: str, code_key: str | None = None) -> bool:
    code_key = code_key or host.cfg.table_keys[table]
    payload = binding.join_message(host.cfg.tid, table, code_key, tablet)
    return host.handle(topics.result(host.cfg.tid, table), payload)


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
    key0, key1 = TABLETS[0], TABLETS[1]
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
            assert send(host, m.table, result(host, m.table, m.id, 0, m.b), TABLETS[m.table])
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
    assert seen.version == 0 and seen.dropped == {messages.SIGNED_WRONGLY: 1}
    # A host restarted (a new epoch) with the same results is followed at once.
    again = Host(tmp_path, host.cfg, ("127.0.0.1", 1))
    assert read_state(again.signed_state(), code, seen) and seen.epoch == again.epoch
    # An old epoch's state (a replay of a genuine one) is not news any more.
    assert not read_state(host.signed_state(), code, seen)


def test_a_stolen_code_cannot_report_a_bound_table_s_games(tmp_path: Path) -> None:
    """Issue 35: someone who read table 1's code off its screen reported its games first with
    the wrong winner, and the real results were refused as conflicts. Now the table is its
    tablet's key: the code's key signs no result, a second tablet's join is refused and shown
    to the organizer, and that tablet's results are refused."""
    host = make_host(tmp_path)
    notices: list[str] = []
    host.on_notice = notices.append
    m0 = next(m for m in host.tournament.matches if m.table == 0 and m.round == 0)
    stranger = keys.new_private_key()
    code_key = host.cfg.table_keys[0]
    assert not send(host, 0, result(host, 0, m0.id, 0, m0.b), code_key), "the code signs nothing"
    assert not join_as(host, 0, stranger), "the table is bound already"
    assert not send(host, 0, result(host, 0, m0.id, 0, m0.b), stranger)
    assert host.version == 0
    assert len(notices) == 1 and binding.short(keys.public_key(stranger)) in notices[0]
    assert "altar tournament move" in notices[0]
    assert not join_as(host, 0, stranger) and len(notices) == 1, "one notice, not one a resend"
    # The real tablet's result is taken.
    assert send(host, 0, result(host, 0, m0.id, 0, m0.a), TABLETS[0])
    assert host.tournament.results[(m0.id, 0)].winner == m0.a
    assert host.state_body()["bound"]["0"] == keys.public_key(TABLETS[0])


def test_the_organizer_moves_a_table_to_a_new_tablet_on_purpose(tmp_path: Path) -> None:
    host = make_host(tmp_path)
    m0 = next(m for m in host.tournament.matches if m.table == 0 and m.round == 0)
    new_tablet = keys.new_private_key()
    assert not join_as(host, 0, new_tablet)  # the old tablet broke; a new one joins: refused
    public = keys.public_key(new_tablet)
    moved = binding.Bindings(tmp_path)  # what `altar tournament move` does, from the file
    with pytest.raises(ValueError, match="at least 8"):
        moved.move(0, public[:4])
    with pytest.raises(ValueError, match="tried to join table 1"):
        moved.move(0, keys.public_key(keys.new_private_key())[:12])
    assert moved.move(0, public[:10]) == public
    assert host.bindings.reload(), "the running host picks the move up from the file"
    assert send(host, 0, result(host, 0, m0.id, 0, m0.a), new_tablet)
    assert not send(host, 0, result(host, 0, m0.id, 1, m0.a), TABLETS[0]), "the old one: no more"
    # Restarted on its folder, the host keeps the binding.
    again = Host(tmp_path, host.cfg, ("127.0.0.1", 1))
    assert again.bindings.bound[0] == public


def test_results_before_any_join_are_refused_in_words(tmp_path: Path) -> None:
    host = make_host(tmp_path, join=False)
    m0 = next(m for m in host.tournament.matches if m.table == 0 and m.round == 0)
    assert not send(host, 0, result(host, 0, m0.id, 0, m0.a), TABLETS[0])
    assert "has not joined yet" in host.last_refusal
    assert join_as(host, 0, TABLETS[0])
    assert not join_as(host, 0, TABLETS[0]), "the same tablet again: nothing new"
    # A join for table 0 signed with table 1's code key is refused.
    assert not join_as(host, 2, keys.new_private_key(), code_key=host.cfg.table_keys[1])
    assert 2 not in host.bindings.bound


def test_a_tablet_sees_whether_the_host_bound_its_table_to_it(tmp_path: Path) -> None:
    from companion_app.tournament.table import Table

    host = make_host(tmp_path / "host", join=False)
    code = JoinCode.parse(host.cfg.join_code(1))
    first = Table(tmp_path / "first", code, ("127.0.0.1", 1))  # never started
    second = Table(tmp_path / "second", code, ("127.0.0.1", 1))
    assert first.tablet_public != second.tablet_public, "each tablet its own key"
    assert Table(tmp_path / "first", code, ("127.0.0.1", 1)).tablet_key == first.tablet_key
    for table in (first, second):
        join = binding.join_message(code.tid, 1, code.table_key, table.tablet_key)
        host.handle(topics.result(code.tid, 1), join)
    first.seen.state = second.seen.state = host.state_body()
    assert first.bound_here and first.bound_elsewhere is None
    told = second.bound_elsewhere
    assert not second.bound_here and told is not None
    assert "Ask the organizer to move the table" in told and second.tablet_public[:8] in told


def test_refusals_are_counted_by_kind_not_by_their_words(tmp_path: Path) -> None:
    """Issue 38: the counters grouped refusals by their sentence with its numbers taken out,
    so one refusal said two ways counted as two, and any rewording moved a count. Now each
    refusal has a kind: one kind said with other numbers or other words counts together, and
    two kinds count apart; the words stay for the log."""
    host = make_host(tmp_path)
    m0 = next(m for m in host.tournament.matches if m.table == 0 and m.round == 0)
    topic = topics.result(host.cfg.tid, 0)
    for size in (5_000, 6_000):  # one kind, other numbers
        assert not host.handle(topic, b" " * size)
    assert "6000 bytes" in host.last_refusal
    # One kind, other words: a result without its match, and one without its reason.
    assert not send(host, 0, dict(result(host, 0, m0.id, 0, m0.a), match=None), TABLETS[0])
    assert not send(host, 0, dict(result(host, 0, m0.id, 0, m0.a), reason=None), TABLETS[0])
    assert "a reason" in host.last_refusal
    assert host.refusals == {messages.TOO_BIG: 2, messages.MALFORMED: 2}
    # A tablet's side: states too big by different amounts (one kind), a signature that is
    # no signature's text, and one that does not match (two more kinds).
    code = JoinCode.parse(host.cfg.join_code(0))
    seen = Seen()
    for size in (300_000, 400_000):
        assert not read_state(b" " * size, code, seen)
    real = host.signed_state()
    assert not read_state(real[:8] + "\u00e9".encode() * 43 + real[94:], code, seen)
    forged = keys.sign(keys.STATE, host.state_body(), keys.new_private_key())
    assert not read_state(forged, code, seen)
    assert seen.dropped == {
        messages.TOO_BIG: 2,
        messages.GARBLED_SIGNATURE: 1,
        messages.SIGNED_WRONGLY: 1,
    }
    assert seen.last_drop == "the signature does not match"
