"""`altar tournament` and `altar demo --tournament` as a user types them."""

import subprocess
import sys
from pathlib import Path

import pytest

from companion_app.tournament.mosquitto import INSTALL_HINT, find_mosquitto

ROOT = Path(__file__).resolve().parents[2]


def altar(*args: str, timeout: float = 120) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-m", "companion_app.cli", *args],
        cwd=ROOT,
        capture_output=True,
        text=True,
        timeout=timeout,
    )


def test_host_without_players_says_what_it_needs(tmp_path: Path) -> None:
    proc = altar("tournament", "host", "--folder", str(tmp_path / "h"))
    assert proc.returncode == 2
    assert "give --players or --teams" in proc.stdout


def test_host_refuses_a_team_draft_of_uneven_teams(tmp_path: Path) -> None:
    proc = altar(
        "tournament", "host", "--folder", str(tmp_path / "h"), "--teams", "Red:A,B,C", "Blue:D,E"
    )
    assert proc.returncode == 2
    assert "two teams of three or of four" in proc.stdout


def test_join_refuses_a_garbled_code(tmp_path: Path) -> None:
    proc = altar(
        "tournament", "join", "--code", "nonsense", "--folder", str(tmp_path), "--stand-ins", "1"
    )
    assert proc.returncode == 2
    assert "a join code is tournament.table.key.hostkey.password" in proc.stdout


@pytest.mark.skipif(find_mosquitto() is None, reason=INSTALL_HINT)
def test_demo_tournament_plays_the_round_robin_and_prints_standings() -> None:
    proc = altar("demo", "--tournament", timeout=400)
    assert proc.returncode == 0, proc.stdout + proc.stderr
    out = proc.stdout
    assert "round 3  table 2" in out
    assert "all four tablets show these standings" in out
    assert " #  player" in out


def test_host_prints_a_code_per_table_and_one_for_watchers(tmp_path: Path) -> None:
    # No broker is needed to print the codes: the host gives up serving after a second.
    proc = altar(
        "tournament", "host", "--folder", str(tmp_path / "h"), "--players", "Ann", "Bo", "Cy",
        "Di", "--tables", "2", "--broker", "127.0.0.1:9", "--timeout", "1",
    )  # fmt: skip
    lines = proc.stdout.splitlines()
    assert [line.split(":")[0] for line in lines[:3]] == ["table 1", "table 2", "watchers"]
    tid, word, host_key, password = lines[2].split("--code ")[1].split(".")
    assert word == "watch" and len(host_key) == 43 and len(password) >= 16
    assert all(line.split("--code ")[1].startswith(f"{tid}.") for line in lines[:2])
