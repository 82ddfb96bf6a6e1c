"""The MQTT layer fuzzed like the device link (issue 21): a tournament on a real Mosquitto while
thousands of seeded hostile messages go to every topic. On an open broker they come from an
anonymous client and reach every reader; on the tournament's own broker they come from a
table's login (holding that table's real signing key) and from the watchers' login, and an
anonymous client is turned away. The host and every table stay up, nothing forged or doubled is
recorded, and the standings equal the same tournament played with no network. The seed and the
counts are printed (pytest -s)."""

from __future__ import annotations

import random
import threading
from collections import Counter
from pathlib import Path

import pytest

from companion_app.tournament import codes, messages
from companion_app.tournament.files import read_lines
from companion_app.tournament.mosquitto import INSTALL_HINT, Mosquitto, find_mosquitto, free_port
from companion_app.tournament.view import standings_rows
from tests.tournament import inproc
from tests.tournament.mqtt_fuzz import Sender, Target, payload_for, too_big, topic_for

pytestmark = [
    pytest.mark.skipif(find_mosquitto() is None, reason=INSTALL_HINT),
    pytest.mark.timeout(300),
]

SEED = 21
GAMES = 12  # at least: six best-of-two matches, and any deciders after them


def fuzzed_tournament(tmp_path: Path, closed: bool, per_sender: int, seed: int) -> None:
    rng = random.Random(seed)
    progress = threading.Condition()
    total = per_sender * (2 if closed else 1)
    senders: list[Sender] = []

    def answered() -> int:
        return sum(s.answered for s in senders)

    def gate(n: int) -> None:
        # Game n waits until the broker has answered its share of the hostile traffic, and the
        # last of the twelve until it has answered all of it: the attacks land all through the
        # tournament, whichever side is quicker.
        share = min(total, (n + 1) * total // GAMES)
        with progress:
            assert progress.wait_for(lambda: answered() >= share, 120)

    broker_dir = tmp_path / "broker"
    run: inproc.Run | None = None
    broker: Mosquitto | None = None
    try:
        if closed:
            # The tournament's own broker needs the host's config first: made by inproc.start.
            holder: list[Mosquitto] = []
            port = free_port()
            run = inproc.start(tmp_path, port, gate=gate, before=lambda cfg: holder.append(
                _started(Mosquitto(broker_dir, port, access=cfg.access()))))  # fmt: skip
            broker = holder[0]
        else:
            broker = _started(Mosquitto(broker_dir))
            run = inproc.start(tmp_path, broker.port, gate=gate)
        cfg = run.cfg
        t = Target(cfg.tid, 4, [{"id": m.id, "table": m.table, "a": m.a, "b": m.b}
                                for m in run.host.tournament.matches])  # fmt: skip
        address = ("127.0.0.1", broker.port)
        anonymous = Sender(*address, "altar-fuzz-anon", progress=progress)
        if closed:
            table1 = codes.table_user(cfg.tid, 1)
            watch = codes.watch_user(cfg.tid)
            senders += [
                Sender(
                    *address, "altar-fuzz-table", table1, cfg.passwords[table1], progress=progress
                ),
                Sender(
                    *address, "altar-fuzz-watch", watch, cfg.passwords[watch], progress=progress
                ),
            ]
            targets = [
                Target(t.tid, 4, t.matches, table=1, table_key=cfg.table_keys[1]),
                Target(t.tid, 4, t.matches),
            ]
            assert not anonymous.connect()  # refused: nobody without a login gets in
        else:
            targets = [t]
        for s in [anonymous] if not closed else senders:
            assert s.connect()
        if not closed:
            senders.append(anonymous)
        for _ in range(per_sender):
            for s, target in zip(senders, targets, strict=True):
                topic = topic_for(rng, target)
                kind, payload = payload_for(rng, target, topic)
                s.send(kind, topic, payload, retain=rng.random() < 0.2)
        ends = [too_big(*address, topic_for(rng, t), s.username, s.password) for s in senders]
        for s in senders:
            s.drain()
        done = run.wait()
    finally:
        for s in senders:
            s.close()
        if broker is not None:
            broker.stop()
    assert run is not None
    host, tables = run.host, run.tables

    print(f"\nMQTT fuzz, {'closed' if closed else 'open'} broker, seed {seed}:")
    for s in [anonymous, *senders] if closed else senders:
        print(f"  {s.client_id}: sent {sum(s.sent.values())} {dict(s.sent)}")
        print(f"    broker answered {dict(s.answers)}")
    print(f"  oversized packets: the broker ended their connections: {ends}")
    print(f"  host: {host.version} results, {host.duplicates} duplicates, refused {host.refused}:")
    print(f"  dropped unread, by table (a flood's share): {host.readers.dropped}")
    for why, n in host.refusals.most_common():
        print(f"    {n:5d}  {why}")
    for i, table in enumerate(tables):
        print(
            f"  table {i + 1}: dropped {sum(table.seen.dropped.values())} {dict(table.seen.dropped)}"
        )

    # Everyone stayed up and got to the end.
    assert run.all_up, run.errors
    assert done == [True] * 5
    # Nothing forged: every recorded result is the one the seeded players made; none doubled.
    logged = read_lines(tmp_path / "host" / "results.jsonl")
    assert max(Counter((b["match"], b["game"]) for b in logged).values()) == 1
    expected = inproc.offline(cfg.tournament)
    assert host.tournament.results == expected.results
    assert len(expected.results) >= GAMES
    # Every table's standings equal the clean run's.
    rows = [list(r) for r in standings_rows(expected)]
    for summary in run.summaries():
        assert summary is not None and summary["final"]
        assert [list(r) for r in summary["standings"]] == rows
    if closed:
        watcher = senders[1]
        assert watcher.answers == Counter({"Not authorized": per_sender})
        # Table 1's login reached the host only on its own topic (the broker refused the rest),
        # and every message the broker passed on was refused there, signed with its key or not.
        table = senders[0]
        # What the broker let through on the table's own topic is answered "Success" when the
        # host was subscribed at that moment, "No matching subscribers" when it was not (between
        # its reconnects, or after its last game): either way the broker passed it on.
        passed = table.answers["Success"] + table.answers["No matching subscribers"]
        assert table.answers["Not authorized"] + passed == per_sender, table.answers
        # Each one the host read was refused; a flood's share may be dropped unread, at the
        # host (its table's queue full: that table is not read for a while, table_inbox.py)
        # or at the broker (that client's queue full while paused): never accepted.
        dropped = sum(host.readers.dropped.values())
        # A real table's first result may reach the host before its JOIN (refused once, then
        # sent again and counted): that refusal is no fuzzer's message.
        early = host.refusals.get(messages.NOT_JOINED, 0)
        fuzzed = host.refused - early
        assert passed > 0 and 0 < fuzzed + dropped <= table.answers["Success"], host.refusals
    else:
        assert host.refused > per_sender // 10  # the results' share of the traffic
        assert all(sum(t.seen.dropped.values()) > 0 for t in tables)


def _started(broker: Mosquitto) -> Mosquitto:
    broker.start()
    return broker


def test_fuzz_on_an_open_broker_reaches_every_reader_and_costs_only_itself(tmp_path: Path) -> None:
    fuzzed_tournament(tmp_path, closed=False, per_sender=2000, seed=SEED)


def test_fuzz_on_the_tournaments_broker_from_a_table_and_a_watcher(tmp_path: Path) -> None:
    fuzzed_tournament(tmp_path, closed=True, per_sender=1000, seed=SEED + 1)
