"""The tournament's broker closed to strangers, on a real Mosquitto: anonymous clients and wrong
passwords are refused, a table may publish on its own result topic only, a watcher nowhere;
the password file works with or without Debian's mosquitto_passwd; TLS with the certificate the
host made, pinned by the join code."""

from __future__ import annotations

import socket
import threading
from pathlib import Path

import pytest

from companion_app.tournament import codes, keys, topics
from companion_app.tournament.broker_access import make_certificate, write_password_file
from companion_app.tournament.host import Host, HostConfig
from companion_app.tournament.mosquitto import INSTALL_HINT, Mosquitto, find_mosquitto
from companion_app.tournament.mqtt_link import PinMismatch, pinned_context
from companion_app.tournament.table import JoinCode, Table
from engine.tournament import Tournament
from tests.tournament.mqtt_probe import Probe

pytestmark = [
    pytest.mark.skipif(find_mosquitto() is None, reason=INSTALL_HINT),
    pytest.mark.timeout(120),
]

PLAYERS = ("Ann", "Bo", "Cy", "Di")
NOT_AUTHORIZED = "Not authorized"


def closed_broker(tmp_path: Path, **kwargs: object) -> tuple[HostConfig, Mosquitto]:
    cfg = HostConfig.create(tmp_path / "host", Tournament.round_robin(PLAYERS, tables=4), "t1")
    broker = Mosquitto(tmp_path / "broker", access=cfg.access(), **kwargs)  # type: ignore[arg-type]
    broker.start()
    return cfg, broker


def login(cfg: HostConfig, broker: Mosquitto, user: str, name: str) -> Probe:
    probe = Probe("127.0.0.1", broker.port, user, cfg.passwords[user], name)
    assert probe.connect() == "Success"
    return probe


def test_strangers_tables_and_watchers_get_only_what_the_acl_gives(tmp_path: Path) -> None:
    cfg, broker = closed_broker(tmp_path)
    try:
        # Anonymous, and a known user with a wrong password: refused at CONNECT.
        assert Probe("127.0.0.1", broker.port, client_id="anon").connect() == NOT_AUTHORIZED
        wrong = Probe("127.0.0.1", broker.port, codes.host_user("t1"), "guessed" * 3, "guess")
        assert wrong.connect() in (NOT_AUTHORIZED, "Bad user name or password")
        # The host's user reads every result topic.
        heard: list[tuple[str, bytes]] = []
        arrived = threading.Condition()
        host = login(cfg, broker, codes.host_user("t1"), "host")

        def on_message(_c: object, _u: object, msg: object) -> None:
            with arrived:
                heard.append((msg.topic, bytes(msg.payload)))  # type: ignore[attr-defined]
                arrived.notify_all()

        host.client.on_message = on_message
        host.client.subscribe(topics.results("t1"), qos=1)
        table1 = login(cfg, broker, codes.table_user("t1", 1), "table1")
        watcher = login(cfg, broker, codes.watch_user("t1"), "watcher")
        # A table publishing as another table, or writing the state: refused by the broker.
        assert table1.publish(topics.result("t1", 0), b"as table 1") == NOT_AUTHORIZED
        assert table1.publish(topics.state("t1"), b"state", retain=True) == NOT_AUTHORIZED
        # A watcher publishing anywhere: refused.
        for topic in (topics.result("t1", 0), topics.state("t1"), "altar/tournament/t1/x"):
            assert watcher.publish(topic, b"from a watcher") == NOT_AUTHORIZED
        # Table 1 on its own topic: delivered. The broker hands the host messages in the order
        # it took them, so once this one is here, nothing refused above is on its way.
        own = table1.publish(topics.result("t1", 1), b"table 1's own")
        assert own in ("Success", "No matching subscribers") and own != NOT_AUTHORIZED
        with arrived:
            assert arrived.wait_for(lambda: heard, 20)
        assert heard == [(topics.result("t1", 1), b"table 1's own")]
        for probe in (host, table1, watcher):
            probe.close()
    finally:
        broker.stop()


def test_a_password_file_written_without_mosquitto_passwd_is_accepted(tmp_path: Path) -> None:
    """On a machine without Debian's tool, the host writes Mosquitto's "$7$" lines itself."""
    cfg, broker = closed_broker(tmp_path)
    try:
        broker.stop()
        write_password_file(tmp_path / "broker" / "passwords", cfg.passwords, tool=None)
        assert "$7$101$" in (tmp_path / "broker" / "passwords").read_text()
        broker.start()
        login(cfg, broker, codes.watch_user("t1"), "w").close()
        bad = Probe("127.0.0.1", broker.port, codes.watch_user("t1"), "x" * 22, "w2")
        assert bad.connect() != "Success"
    finally:
        broker.stop()


def test_tls_with_the_pinned_certificate_and_no_other(tmp_path: Path) -> None:
    cfg = HostConfig.create(tmp_path / "host", Tournament.round_robin(PLAYERS, tables=4), "t1")
    tls = make_certificate(tmp_path / "host", ["127.0.0.1", "localhost"])
    cfg.pin = tls.pin
    broker = Mosquitto(tmp_path / "broker", access=cfg.access(), tls=tls)
    broker.start()
    try:
        code = JoinCode.parse(cfg.join_code(0))
        assert code.pin == tls.pin and cfg.join_code(0).endswith("." + tls.pin)
        # Another certificate's pin: the handshake fails before a byte of MQTT is sent.
        other = make_certificate(tmp_path / "other", ["127.0.0.1"]).pin
        address = ("127.0.0.1", broker.port)
        with socket.create_connection(address, timeout=10) as raw, pytest.raises(PinMismatch):
            pinned_context(other).wrap_socket(raw).close()
        with socket.create_connection(address, timeout=10) as raw:
            with_pin = pinned_context(tls.pin).wrap_socket(raw)
            with with_pin as sock:
                assert keys.fingerprint(sock.getpeercert(binary_form=True) or b"") == tls.pin
        # The host and a table over TLS: the table gets the host's signed state.
        host = Host(tmp_path / "host", cfg, ("127.0.0.1", broker.port))
        serving = threading.Thread(target=host.run, kwargs={"timeout": 60})
        serving.start()
        table = Table(tmp_path / "table", code, ("127.0.0.1", broker.port))
        table.link.start()
        try:
            for _ in range(100):
                if table.poll(0.2):
                    break
            assert table.seen.state is not None and table.seen.epoch == host.epoch
        finally:
            table.link.stop()
            host.stop()
            serving.join(20)
    finally:
        broker.stop()


def test_a_table_with_a_wrong_password_is_told_why(
    tmp_path: Path, caplog: pytest.LogCaptureFixture
) -> None:
    cfg, broker = closed_broker(tmp_path)
    try:
        good = JoinCode.parse(cfg.join_code(0))
        wrong = JoinCode(good.tid, 0, good.table_key, good.host_key, "x" * 22)
        table = Table(tmp_path / "table", wrong, ("127.0.0.1", broker.port))
        table.link.start()
        try:
            while not table.link.refused:
                table.poll(0.2)  # nothing comes: the broker said no
            assert table.link.refused == NOT_AUTHORIZED and not table.link.connected.is_set()
            assert f"refused us: {NOT_AUTHORIZED}" in caplog.text
        finally:
            table.link.stop()
    finally:
        broker.stop()
