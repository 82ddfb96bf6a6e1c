"""`altar tournament` and `altar demo --tournament` as a user types them."""

import socket
import subprocess
import sys
import time
from pathlib import Path

import pytest

from companion_app.tournament.mosquitto import INSTALL_HINT, find_mosquitto

ROOT = Path(__file__).resolve().parents[2]


def wait_listening(port: int, proc: subprocess.Popen[bytes]) -> None:
    """Until something accepts on the port (the broker starting), or the broker exits."""
    while True:
        try:
            socket.create_connection(("127.0.0.1", port), timeout=1).close()
            return
        except OSError:
            assert proc.poll() is None, proc.stderr.read() if proc.stderr else ""
            time.sleep(0.05)  # polling a port coming up; nothing is asserted on time


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


@pytest.mark.skipif(find_mosquitto() is None, reason=INSTALL_HINT)
def test_host_starts_its_own_closed_broker_with_tls_and_a_table_joins(tmp_path: Path) -> None:
    """`altar tournament host --start-broker --tls`: Mosquitto closed to strangers, speaking TLS
    with the certificate the host made; a table joins with the printed code alone."""
    from companion_app.tournament.mosquitto import free_port
    from companion_app.tournament.table import JoinCode, Table

    port = free_port()
    host = subprocess.Popen(
        [sys.executable, "-m", "companion_app.cli", "tournament", "host", "--folder",
         str(tmp_path / "h"), "--players", "Ann", "Bo", "Cy", "Di", "--tables", "2",
         "--broker", f"127.0.0.1:{port}", "--start-broker", "--tls", "--timeout", "120"],
        cwd=ROOT, stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True,
    )  # fmt: skip
    try:
        assert host.stdout is not None
        lines = []
        while not lines or not lines[-1].startswith("watchers:"):
            line = host.stdout.readline()
            assert line, "".join(lines)
            lines.append(line.strip())
        assert lines[0] == f"broker: mosquitto on 127.0.0.1:{port}"
        code = JoinCode.parse(lines[1].split("--code ")[1])
        assert code.pin  # TLS: the code pins the broker's certificate
        # Plain MQTT on the TLS port: no CONNACK, only a TLS alert or a closed connection.
        with socket.create_connection(("127.0.0.1", port), timeout=20) as plain:
            plain.sendall(b"\x10\x0d\x00\x04MQTT\x04\x02\x00\x3c\x00\x01x")  # CONNECT
            try:
                answer = plain.recv(64)
            except ConnectionResetError:
                answer = b""  # the broker hung up on it
        assert not answer.startswith(b"\x20"), answer  # 0x20 would be a CONNACK
        table = Table(tmp_path / "t", code, ("127.0.0.1", port))
        table.link.start()
        try:
            while not table.poll(1.0):
                assert host.poll() is None, host.stdout.read()
            assert table.seen.tournament() is not None
        finally:
            table.link.stop()
    finally:
        host.terminate()
        host.wait(timeout=30)


@pytest.mark.skipif(find_mosquitto() is None, reason=INSTALL_HINT)
def test_host_writes_a_broker_config_that_mosquitto_runs_closed(tmp_path: Path) -> None:
    """--broker-config: the configuration for a Mosquitto that runs elsewhere, run here."""
    import os

    from companion_app.tournament.mosquitto import free_port
    from tests.tournament.mqtt_probe import Probe

    port = free_port()
    proc = altar(
        "tournament", "host", "--folder", str(tmp_path / "h"), "--players", "Ann", "Bo", "Cy",
        "Di", "--tables", "2", "--broker", f"127.0.0.1:{port}", "--bind", "127.0.0.1",
        "--broker-config", str(tmp_path / "conf"), "--timeout", "0.5",
    )  # fmt: skip
    assert f"mosquitto -c {tmp_path / 'conf' / 'mosquitto.conf'}" in proc.stdout
    conf = tmp_path / "conf" / "mosquitto.conf"
    text = conf.read_text()
    assert "allow_anonymous false" in text and f"listener {port} 127.0.0.1" in text
    if os.geteuid() == 0:  # as root Mosquitto would switch to its own user: not our files
        conf.write_text(text + "user root\n")
    broker = subprocess.Popen([str(find_mosquitto()), "-c", str(conf)], stderr=subprocess.PIPE)
    try:
        wait_listening(port, broker)
        assert Probe("127.0.0.1", port, client_id="stranger").connect() == "Not authorized"
        tid, word, _key, password = proc.stdout.split("watchers: --code ")[1].split()[0].split(".")
        watcher = Probe("127.0.0.1", port, f"altar-{tid}-watch", password, "w")
        assert watcher.connect() == "Success"
        watcher.close()
    finally:
        broker.terminate()
        broker.wait(timeout=10)


def test_host_on_a_folder_from_before_issue_21_says_what_to_do(tmp_path: Path) -> None:
    (tmp_path / "h").mkdir()
    (tmp_path / "h" / "tournament.json").write_text('{"tid": "t", "key": "ab", "tournament": {}}')
    proc = altar("tournament", "host", "--folder", str(tmp_path / "h"), "--timeout", "1")
    assert proc.returncode == 2
    assert "from an older Altar (shared keys): host it again in a new folder" in proc.stdout
