"""The Swiss host without a network (swiss_host.py): rounds paired once the last result is in and
on disk before any state shows them, a host restarted at any moment with the same pairings, a
result twice counted once, the organizer's orders (drops, late entries, a decided match)."""

from __future__ import annotations

import random
from pathlib import Path

import pytest

from companion_app.tournament import swiss_view
from companion_app.tournament.files import read_json, read_lines
from companion_app.tournament.host import HostConfig
from companion_app.tournament.swiss_host import ORDERS, SNAPSHOT, SwissHost, give_order
from companion_app.tournament.table import JoinCode, Seen, read_state
from engine.tournament import SwissEvent, TournamentError
from tests.tournament.tablets import send_result

PLAYERS = [f"Player{i:02d}" for i in range(9)]


def make(folder: Path, **kw: object) -> SwissHost:
    event = SwissEvent.create(PLAYERS, tables=4, seed=17, cut=4, **kw)  # type: ignore[arg-type]
    cfg = HostConfig.create(folder, event, tid="sw1")
    return SwissHost(folder, cfg, ("127.0.0.1", 1))  # never started: no broker needed


def restart(folder: Path) -> SwissHost:
    cfg = HostConfig.load(folder)
    assert cfg is not None
    return SwissHost(folder, cfg, ("127.0.0.1", 1))


def send_next(host: SwissHost, rng: random.Random) -> dict[str, object]:
    """The first game due, won by a seeded coin's player, signed by its table: the body sent."""
    slot = host.event.pending()[0]
    body = {
        "tid": "sw1",
        "table": slot.table,
        "match": slot.match,
        "game": slot.game,
        "winner": rng.choice([slot.first, slot.second]),
        "reason": "coin",
        "ended_at": 1.0,
    }
    send(host, body)
    return body


def send(host: SwissHost, body: dict[str, object]) -> bool:
    return send_result(host, body)


def pairings(t: SwissEvent) -> list[tuple[int, int, str, str]]:
    return [(m.round, m.table, m.a, m.b) for m in t.matches]


def test_swiss_host_pairs_the_next_round_on_disk_before_the_state_shows_it(tmp_path: Path) -> None:
    host = make(tmp_path)
    rng = random.Random(1)
    seen, code = Seen(), JoinCode.parse(host.cfg.join_code(0))
    while host.event.paired == 1:
        send_next(host, rng)
    # The round's last result paired round 2 inside handle(): it is on disk already, and the
    # state the host publishes next carries exactly those pairings.
    on_disk = SwissEvent.from_dict(read_json(tmp_path / SNAPSHOT, None)["event"])
    assert pairings(on_disk) == pairings(host.event) and on_disk.paired == 2
    assert read_state(host.signed_state(), code, seen)
    shown = seen.tournament()
    assert isinstance(shown, SwissEvent) and pairings(shown) == pairings(host.event)
    assert shown.byes[1] == host.event.byes[1]  # 9 players: a bye every round


def test_swiss_host_killed_between_rounds_and_mid_round_resumes_the_same(tmp_path: Path) -> None:
    host = make(tmp_path)
    rng = random.Random(2)
    while host.event.paired == 1:
        last = send_next(host, rng)
    r2 = pairings(host.event)
    # Killed between the pairing's write and the result's line in the log (the one moment the
    # two files disagree): the log loses its last line; the table still holds the result.
    log = tmp_path / "results.jsonl"
    log.write_text("".join(line + "\n" for line in log.read_text().splitlines()[:-1]))
    again = restart(tmp_path)
    assert pairings(again.event) == r2 and again.event.current_round() == 0
    assert send(again, last)  # the table's resend: taken now, once
    assert not send(again, last) and again.duplicates == 1
    assert pairings(again.event) == r2 and again.event.round_complete is False
    # Mid-round 2: some results in, killed, restarted: the same pairings, the same results.
    for _ in range(3):
        send_next(again, rng)
    results = dict(again.event.results)
    third = restart(tmp_path)
    assert pairings(third.event) == r2 and third.event.results == results
    # Play it out on the restarted host; an offline copy fed the same results agrees.
    while not third.event.finished:
        send_next(third, rng)
    offline = SwissEvent.create(PLAYERS, tables=4, seed=17, cut=4)
    from companion_app.tournament.swiss_pairing import max_weight_pairs

    for body in read_lines(log):
        while offline.next_round_due:
            offline.pair_next(max_weight_pairs)
        offline.record(str(body["match"]), int(body["game"]), host_result(body))
    assert pairings(offline) == pairings(third.event)
    assert offline.standings() == third.event.standings()


def host_result(body: dict[str, object]):  # type: ignore[no-untyped-def]
    from engine.tournament import GameResult

    return GameResult(body["winner"], str(body["reason"]))  # type: ignore[arg-type]


def test_swiss_host_takes_the_organizers_orders_and_refuses_in_words(tmp_path: Path) -> None:
    host = make(tmp_path)
    rng = random.Random(3)
    send_next(host, rng)
    m = host.event.round_matches(0)[1]
    v = host.version
    said = give_order(tmp_path, {"do": "drop", "player": m.a, "pending": "loss"})
    assert "not paired from round 2" in said
    assert host.tick() and host.version == v + 1
    assert host.event.decisions[m.id] == (m.b, 0, 2)
    assert not host.tick()  # taken once
    # A late entry, and refusals said at once and never appended for the host.
    give_order(tmp_path, {"do": "enter", "player": "Zoe"})
    with pytest.raises(TournamentError, match="no player Nobody"):
        give_order(tmp_path, {"do": "drop", "player": "Nobody"})
    with pytest.raises(TournamentError, match="already in the event"):
        give_order(tmp_path, {"do": "enter", "player": "zoe".title()})
    assert len(read_lines(tmp_path / ORDERS)) == 2
    assert host.tick() and "Zoe" in host.event.players
    # A restarted host does not take the orders again.
    again = restart(tmp_path)
    assert again.orders_taken == 2 and again.event.to_dict() == host.event.to_dict()
    while host.event.paired == 1:
        send_next(host, rng)
    assert m.a not in {p for mm in host.event.round_matches(1) for p in (mm.a, mm.b)}
    assert "Zoe" in {p for mm in host.event.round_matches(1) for p in (mm.a, mm.b)} | {
        host.event.byes[1]
    }
    assert swiss_view.find_player(host.event, m.a.lower()) == f"{m.a} dropped after round 1"


def test_swiss_host_holds_the_round_until_the_organizer_pairs_it(tmp_path: Path) -> None:
    event = SwissEvent.create(PLAYERS, tables=4, seed=17)
    cfg = HostConfig.create(tmp_path, event, tid="sw1")
    host = SwissHost(tmp_path, cfg, ("127.0.0.1", 1), auto_pair=False)
    rng = random.Random(4)
    while host.event.pending():
        send_next(host, rng)
    assert host.event.paired == 1 and "waiting for the organizer" in swiss_view.headline(host.event)
    give_order(tmp_path, {"do": "pair"})
    assert host.tick() and host.event.paired == 2


def test_swiss_host_refuses_a_garbled_order_line_in_words_and_carries_on(tmp_path: Path) -> None:
    host = make(tmp_path)
    with open(tmp_path / ORDERS, "a") as f:
        f.write('["drop", "Player01"]\n{"do": "explode"}\n{"do": "enter", "player": "Zoe"}\n')
    assert host.tick()
    assert host.said[0].startswith("refused: an order is a line like")
    assert host.said[1] == "refused: there is no order 'explode': drop, enter, decide or pair"
    assert "Zoe" in host.event.players and host.orders_taken == 3


def test_swiss_host_with_one_player_left_says_so_and_keeps_the_result(tmp_path: Path) -> None:
    event = SwissEvent.create(["Ann", "Bo"], tables=1, seed=1, rounds=2)
    cfg = HostConfig.create(tmp_path, event, tid="sw1")
    host = SwissHost(tmp_path, cfg, ("127.0.0.1", 1))
    rng = random.Random(5)
    give_order(tmp_path, {"do": "drop", "player": "Bo"})  # played out, then gone
    assert host.tick()
    send_next(host, rng)
    last = send_next(host, rng)  # the round's last result: nobody left to pair Ann with
    assert host.said[-1] == "round 2 can't be paired: fewer than two players are left to pair"
    assert len(read_lines(tmp_path / "results.jsonl")) == 2 and host.refused == 0
    assert (str(last["match"]), int(last["game"])) in host.event.results  # type: ignore[call-overload]
    give_order(tmp_path, {"do": "enter", "player": "Cy"})
    assert host.tick() and host.event.paired == 2  # a late entry: round 2 pairs Ann and Cy
