"""A Swiss event as the organizer types it: `altar tournament host --swiss` and `altar tournament
organize` (drop, enter, find, standings, refusals in words), and the host as its own process,
SIGKILLed between rounds and mid-round on a real Mosquitto, coming back with the same
pairings."""

from __future__ import annotations

import random
import subprocess
import sys
import threading
import time
from pathlib import Path

import pytest

from companion_app.tournament import swiss_view
from companion_app.tournament.files import read_json, read_lines
from companion_app.tournament.host import HostConfig
from companion_app.tournament.mosquitto import INSTALL_HINT, Mosquitto, find_mosquitto
from companion_app.tournament.swiss_host import SNAPSHOT, SwissHost, event_of
from companion_app.tournament.swiss_pairing import max_weight_pairs
from companion_app.tournament.table import JoinCode, Table
from engine.tournament import GameResult, GameSlot, SwissEvent

ROOT = Path(__file__).resolve().parents[2]
PLAYERS = ["Ann", "Bo", "Cy", "Di", "Ed", "Flo", "Gus", "Hal"]
WAIT = 120.0


def altar(*args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-m", "companion_app.cli", "tournament", *args],
        cwd=ROOT,
        capture_output=True,
        text=True,
        timeout=120,
    )


def test_host_swiss_prints_the_seed_and_round_one_by_table(tmp_path: Path) -> None:
    folder = tmp_path / "event"
    proc = altar(
        "host", "--folder", str(folder), "--swiss", "--players", *PLAYERS[:5],
        "--tables", "2", "--seed", "5", "--cut", "4", "--broker", "127.0.0.1:9",
        "--timeout", "0.3", "--linger", "0",
    )  # fmt: skip
    event = event_of(HostConfig.load(folder), folder)  # type: ignore[arg-type]
    assert "Swiss event: 5 players, 3 rounds, seed 5" in proc.stdout
    assert "top cut: 4" in proc.stdout
    for m in event.round_matches(0):
        assert f"table {m.table + 1:>3}  {m.a} v {m.b}  playing" in proc.stdout
    assert f"bye        {event.byes[0]} (a match win, 2-0)" in proc.stdout
    assert event.seed == 5 and event.draw == SwissEvent.create(PLAYERS[:5], tables=2, seed=5).draw
    refused = altar("host", "--folder", str(tmp_path / "x"), "--swiss", "--players", "Ann")
    assert refused.returncode == 2 and "at least two players" in refused.stdout


def test_organize_drop_enter_find_standings_and_refusals_in_words(tmp_path: Path) -> None:
    folder = tmp_path / "event"
    HostConfig.create(folder, SwissEvent.create(PLAYERS, tables=4, seed=3), tid="org")
    m = event_of(HostConfig.load(folder), folder).round_matches(0)[2]  # type: ignore[arg-type]
    found = altar("organize", "--folder", str(folder), "find", m.a.lower())
    assert found.stdout.strip() == f"{m.a}: Round 1 of 3, table 3, against {m.b}"
    drop = altar("organize", "--folder", str(folder), "drop", m.a, "--pending", "loss")
    assert drop.returncode == 0 and f"{m.a} drops: not paired from round 2 on" in drop.stdout
    enter = altar("organize", "--folder", str(folder), "enter", "Zed")
    assert enter.returncode == 0 and "Zed enters: paired from round 2, 1 round(s) lost 0-2" in (
        enter.stdout
    )
    for order, words in [
        (["drop", "Nobody"], "refused: there is no player Nobody in this event"),
        (["enter", "Zed"], "refused: Zed is already in the event"),
        (["decide", "r1m1", "2"], "refused: say drop NAME, enter NAME, decide MATCH"),
        (["pair"], "refused: round 1 is still being played"),
        (["shuffle"], "refused: say drop NAME"),
    ]:
        proc = altar("organize", "--folder", str(folder), *order)
        assert proc.returncode == 2 and words in proc.stdout, (order, proc.stdout)
    # The host started on the folder takes the two orders, once.
    host = SwissHost(folder, HostConfig.load(folder), ("127.0.0.1", 9))  # type: ignore[arg-type]
    assert host.orders_taken == 2 and "Zed" in host.event.players
    assert host.event.decisions[m.id] == (m.b, 0, 2)
    table = altar("organize", "--folder", str(folder), "standings").stdout
    assert "OMW" in table and "entered in round 2" in table and "dropped after round 1" in table
    assert swiss_view.standings_text(host.event) in table


def coin(slot: GameSlot) -> GameResult:
    rnd = random.Random(f"{slot.match}/{slot.game}")
    return GameResult(rnd.choice((slot.first, slot.second)), "coin")


class Gate:
    """Lets games through up to a count the test raises, so a kill lands where the test says
    (not where a clock says); a table held back keeps reading the host's states."""

    def __init__(self) -> None:
        self.allowed = 0
        self.started = 0
        self.lock = threading.Lock()

    def take(self) -> bool:
        with self.lock:
            if self.started >= self.allowed:
                return False
            self.started += 1
            return True

    def allow(self, n: int) -> None:
        with self.lock:
            self.allowed = n


def until(what: str, check, timeout: float = WAIT) -> None:  # type: ignore[no-untyped-def]
    deadline = time.monotonic() + timeout
    while not check():
        assert time.monotonic() < deadline, f"waited in vain for {what}"
        time.sleep(0.05)  # polling files and tablets' states; nothing is asserted on time


@pytest.mark.skipif(find_mosquitto() is None, reason=INSTALL_HINT)
@pytest.mark.timeout(400)
def test_swiss_host_sigkilled_between_rounds_and_mid_round_keeps_its_pairings(
    tmp_path: Path,
) -> None:
    folder = tmp_path / "host"
    cfg = HostConfig.create(folder, SwissEvent.create(PLAYERS, tables=4, seed=21), tid="kill")
    broker = Mosquitto(tmp_path / "broker", access=cfg.access())
    broker.start()
    address = ("127.0.0.1", broker.port)
    log = open(tmp_path / "host.log", "ab")  # noqa: SIM115 - closed below

    def host() -> subprocess.Popen[bytes]:
        args = ["host", "--folder", str(folder), "--broker", f"127.0.0.1:{broker.port}"]
        args += ["--timeout", str(WAIT * 2), "--linger", str(WAIT * 2)]
        cmd = [sys.executable, "-m", "companion_app.cli", "tournament", *args]
        return subprocess.Popen(cmd, cwd=ROOT, stdout=log, stderr=log)

    gate = Gate()
    tables = [
        Table(tmp_path / f"t{t}", JoinCode.parse(cfg.join_code(t)), address) for t in range(4)
    ]
    stop = threading.Event()

    def loop(table: Table) -> None:
        table.link.start()
        while not stop.is_set() and not table.final:
            table.poll(0.05)  # Table.step, with the gate before the game is played
            slot = table.my_next_game()
            if slot is not None and gate.take():
                table.report(slot, coin(slot))
        table.link.stop()

    threads = [threading.Thread(target=loop, args=(t,), daemon=True) for t in tables]

    def paired_everywhere(n: int, epoch: int = 0) -> bool:
        return all(
            t.seen.state is not None
            and t.seen.epoch > epoch
            and t.seen.state["tournament"]["paired"] == n
            for t in tables
        )

    proc = host()
    try:
        for th in threads:
            th.start()
        gate.allow(8)  # round 1: 4 matches, 2 games each
        until("round 2 at every table", lambda: paired_everywhere(2))
        r2 = read_json(folder / SNAPSHOT, None)["event"]["matches"]
        proc.kill()  # between rounds: SIGKILL
        proc.wait(30)
        epoch = tables[0].seen.epoch
        proc = host()
        until("the restarted host's state", lambda: paired_everywhere(2, epoch))
        assert all(t.seen.state["tournament"]["matches"] == r2 for t in tables)  # type: ignore[index]
        gate.allow(11)  # 3 games of round 2, then killed mid-round
        until("3 results of round 2", lambda: len(read_lines(folder / "results.jsonl")) == 11)
        proc.kill()
        proc.wait(30)
        assert read_json(folder / SNAPSHOT, None)["event"]["matches"] == r2
        proc = host()
        gate.allow(10**6)
        until("the end at every table", lambda: all(t.final for t in tables))
    finally:
        stop.set()
        gate.allow(10**6)
        for th in threads:
            th.join(30)
        if proc.poll() is None:
            proc.terminate()
            proc.wait(30)
        broker.stop()
        log.close()
    printed = (tmp_path / "host.log").read_text()
    # The host said round 2 when it paired it, and again at each of its two restarts: the
    # same four pairings at the same tables each time. Round 3 once, when paired.
    blocks = [
        [line.rsplit("  ", 1)[0] for line in b.split("\n")[:4]]  # the table, not the score
        for b in printed.split("Round 2 of 3\n")[1:]
    ]
    assert len(blocks) == 3 and blocks[0] == blocks[1] == blocks[2]
    assert all(line.startswith("table ") for line in blocks[0])
    assert printed.count("Round 3 of 3\n") == 1
    logged = read_lines(folder / "results.jsonl")
    keys = [(b["match"], b["game"]) for b in logged]
    assert len(keys) == len(set(keys)) == 8 * 3  # 3 rounds, every game once
    # The same event with no network: the same pairings every round, the same standings.
    offline = SwissEvent.create(PLAYERS, tables=4, seed=21)
    while not offline.finished:
        if offline.next_round_due:
            offline.pair_next(max_weight_pairs)
        for slot in offline.pending():
            offline.record(slot.match, slot.game, coin(slot))
    final = event_of(HostConfig.load(folder), folder)  # type: ignore[arg-type]
    assert final.matches == offline.matches and final.standings() == offline.standings()
    for t in tables:
        seen = t.seen.tournament()
        assert isinstance(seen, SwissEvent) and seen.standings() == offline.standings()
