"""A tournament table in the real app (issue 15), drawn offscreen: the tablet joins a tournament
on a real Mosquitto (a host as its own process), plays its table's game and reports the
engine's outcome; a second follower sees it in the standings; a restart mid-game reports it
once; the draft at the table takes scans as picks and checks the decks."""

from __future__ import annotations

import json
import queue
import subprocess
import sys
import time
from collections import Counter
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path

import pytest

from companion_app.tournament import topics
from companion_app.tournament.host import HostConfig
from companion_app.tournament.mosquitto import INSTALL_HINT, Mosquitto, find_mosquitto
from companion_app.tournament.mqtt_link import Link
from companion_app.tournament.table import JoinCode, Seen, read_state
from companion_app.tournament.view import standings_rows
from engine.tournament import Tournament, tournament_from_dict
from tests.app.own_process import ROOT, result_of, run_in_own_process
from tests.app.test_app_offscreen import OUTPUT, keep_and_compare

pytestmark = [
    pytest.mark.skipif(find_mosquitto() is None, reason=INSTALL_HINT),
    pytest.mark.timeout(400),
]

PLAYERS = ("Ann", "Bo", "Cy", "Di")


@dataclass
class Store:
    """A store's tournament: Mosquitto on loopback and the host as its own process."""

    broker: Mosquitto
    host_dir: Path
    cfg: HostConfig
    host: subprocess.Popen[bytes]

    @property
    def address(self) -> str:
        return f"127.0.0.1:{self.broker.port}"

    def results(self) -> list[dict]:
        path = self.host_dir / "results.jsonl"
        return [json.loads(line) for line in path.read_text().splitlines()] if path.exists() else []


@pytest.fixture
def store(tmp_path: Path) -> Iterator[Store]:
    broker = Mosquitto(tmp_path / "broker")
    broker.start()
    host_dir = tmp_path / "host"
    cfg = HostConfig.create(host_dir, Tournament.round_robin(PLAYERS, tables=4), tid="app")
    host = subprocess.Popen(
        [sys.executable, "-m", "companion_app.cli", "tournament", "host", "--folder"]
        + [str(host_dir), "--broker", f"127.0.0.1:{broker.port}", "--timeout", "300"],
        cwd=ROOT,
        stdout=subprocess.DEVNULL,
        stderr=subprocess.DEVNULL,
    )
    try:
        yield Store(broker, host_dir, cfg, host)
    finally:
        host.terminate()
        host.wait(timeout=20)
        broker.stop()


def journey(
    name: str, out: Path, db: Path, store: Store, table: int = 0
) -> subprocess.CompletedProcess[str]:
    env = {
        "ALTAR_DB": str(db),
        "ALTAR_TEST_BROKER": store.address,
        "ALTAR_TEST_CODE": store.cfg.join_code(table),
    }
    spec = f"tests.app.journeys_tournament:{name}"
    return run_in_own_process("tests.app.drive", [spec, str(out), "1280x800"], out, 300, env)


def second_follower(store: Store, table: int) -> Seen:
    """Another tablet following the tournament: it reads the host's retained, signed state."""
    code = JoinCode.parse(store.cfg.join_code(table))
    link = Link(
        f"altar-app-follower-{table}", "127.0.0.1", store.broker.port, [topics.state("app")]
    )
    link.start()
    seen = Seen()
    try:
        deadline = time.monotonic() + 20
        while time.monotonic() < deadline and seen.state is None:
            try:
                _topic, payload = link.inbox.get(timeout=0.5)
            except queue.Empty:
                continue
            read_state(payload, code, seen)
    finally:
        link.stop()
    assert seen.state is not None, "the second tablet never got the standings"
    return seen


def test_the_tablet_plays_its_tables_game_and_every_tablet_sees_the_result(
    store: Store, tmp_path: Path
) -> None:
    out = OUTPUT / "tournament" / "play"
    result = result_of(journey("play_this_tables_game", out, tmp_path / "g.sqlite", store), out)
    notes = result["notes"]
    match, game, first, second = notes["slot"]
    # Table 1 plays round 1's first match; its first game: the pairing's first player first.
    assert (match, game) == ("r1m1", 0)
    assert notes["reports"] == 1
    # The host recorded it once, with the engine's winner: the second player took every base.
    logged = [(r["match"], r["game"], r["winner"]) for r in store.results()]
    assert logged == [(match, game, second)]
    # A second tablet following the tournament shows it in its standings.
    follower = second_follower(store, table=1)
    t = tournament_from_dict(follower.state["tournament"])
    assert t.results[(match, game)].winner == second
    rows = {row[1]: row for row in standings_rows(t)}
    assert rows[second][4] == "1" and rows[first][4] == "0"  # game wins
    # The tablet's own screen shows the same, and the next game of the match is due here.
    assert {row[1]: row[4] for row in notes["standings"]}[second] == "1"
    assert notes["pairings"][0][3] == "0-1 ..."
    assert notes["next_play"] == "Play this table's game"
    keep_and_compare(out, "tournament")


def test_a_game_resumed_after_the_tablet_died_is_reported_once(
    store: Store, tmp_path: Path
) -> None:
    db = tmp_path / "g.sqlite"
    out1 = OUTPUT / "tournament" / "restart1"
    proc = journey("restart_mid_game_part1", out1, db, store)
    assert proc.returncode == -9, proc.stderr[-3000:]  # it died mid-game, by SIGKILL
    part1 = json.loads((out1 / "part1.json").read_text())
    assert part1["reports"] == 0 and part1["metadata"]["tournament"]["slot"]["match"] == "r1m1"
    assert store.results() == []  # nothing reported mid-game
    out2 = OUTPUT / "tournament" / "restart2"
    notes = result_of(journey("restart_mid_game_part2", out2, db, store), out2)["notes"]
    assert notes["slot"] == part1["slot"]
    assert notes["moves"] > part1["moves"]  # the logged moves came back, then the game went on
    assert notes["reports"] == 1
    # 4 Player Round Robin, best of two: the start screen offered the game by its match.
    title = "Round 1, table 1: Ann v Di, game 1 of 2"
    assert part1["metadata"]["title"] == title
    assert notes["start_summary"].startswith(title + "\nZeal\nstarted "), notes["start_summary"]
    keys = Counter((r["match"], r["game"]) for r in store.results())
    assert keys == Counter({("r1m1", 0): 1})
    follower = second_follower(store, table=3)
    assert len(follower.state["tournament"]["results"]) == 1
    keep_and_compare(out2, "tournament")


def test_the_draft_at_the_table_takes_scans_as_picks_and_checks_the_decks(
    store: Store, tmp_path: Path
) -> None:
    out = OUTPUT / "tournament" / "draft"
    notes = result_of(journey("draft_at_the_table", out, tmp_path / "g.sqlite", store), out)[
        "notes"
    ]
    cy_pack, di_pack = notes["refused"]
    assert "is in Cy's pack, not Bo's: tap Cy's name, then scan it." in cy_pack
    assert "is in Di's pack, not Bo's: Di scans it on their own reader." in di_pack
    assert notes["scans"] == 4 * 24 + 2  # every pick a scan, and the two refused
    assert notes["decks"] == {p: 24 for p in PLAYERS}
    assert notes["put_aside"] == 4 * 3  # the last card of each pack, face down in the centre
    assert [ok for _text, ok in notes["checks"]] == ["1"] * 4
    assert notes["checks"][0][0] == "Ann: 24-card deck checked"
    # The drafted decks are the lists the table's game is played with.
    assert notes["game_decks"] == [24, 24]
    # The page faces the player whose pick it is, at the edge a 4-player game gives them
    # (seat_frames): upright before, a quarter turn for Bo on the left, upside down for Cy
    # across the table; "Turn" hands it to Di's edge (90); the next pick faces its player;
    # upright once the decks are checked.
    facing = notes["facing"]
    assert (facing["start"], facing["bo"], facing["cy"], facing["turned"]) == (0, 270, 180, 90)
    reader, faced = facing["after_turn"]
    assert reader == faced and facing["end"] == 0
    keep_and_compare(out, "tournament")
