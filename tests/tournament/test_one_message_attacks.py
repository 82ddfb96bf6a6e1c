"""Issue 21's three one-message attacks, each on a real Mosquitto mid-tournament: the broker here
is open (as a store's shared broker may be), so the message reaches every reader; each must
cost only itself. The tournament ends exactly as with no attack, on every table."""

from __future__ import annotations

import json
import threading
from collections import Counter
from pathlib import Path

import pytest

from companion_app.tournament import keys, messages, topics
from companion_app.tournament.codes import JoinCode
from companion_app.tournament.mosquitto import INSTALL_HINT, Mosquitto, find_mosquitto
from companion_app.tournament.table import Seen, read_state
from companion_app.tournament.view import standings_rows
from tests.tournament import inproc
from tests.tournament.mqtt_probe import Probe

pytestmark = [
    pytest.mark.skipif(find_mosquitto() is None, reason=INSTALL_HINT),
    pytest.mark.timeout(300),
]


IN_LAYOUT = b'{"sig":"' + b"A" * 86 + b'","body":'  # a signed message's layout (keys.py)


def attacked_tournament(tmp_path: Path, attack: object) -> inproc.Run:
    """A tournament on an open broker; ``attack(run, probe)`` is sent (once) after the first
    game is recorded and before the second is played."""
    broker = Mosquitto(tmp_path / "broker")  # open: anonymous clients may publish anywhere
    broker.start()
    recorded_first = threading.Event()
    attacked = threading.Event()

    def gate(n: int) -> None:
        if n == 1:  # the second game waits for the attack
            assert attacked.wait(inproc.TIMEOUT)

    try:
        run = inproc.start(tmp_path, broker.port, gate=gate)
        stranger = Probe("127.0.0.1", broker.port, client_id="altar-stranger")
        assert stranger.connect() == "Success"

        def watch_host() -> None:
            while run.host.version < 1 and not run.errors:
                recorded_first.wait(0.05)
            recorded_first.set()

        threading.Thread(target=watch_host, daemon=True).start()
        assert recorded_first.wait(inproc.TIMEOUT)
        attack(run, stranger)  # type: ignore[operator]
        attacked.set()
        run.wait()
        stranger.close()
    finally:
        broker.stop()
    assert run.all_up, run.errors
    assert run.done == [True] * 5, "the host and every table reach the end"
    expected = [list(r) for r in standings_rows(inproc.offline(run.cfg.tournament))]
    for summary in run.summaries():
        assert summary is not None and summary["final"]
        assert [list(r) for r in summary["standings"]] == expected
    keys_logged = Counter((m, g) for (m, g) in run.host.tournament.results)
    assert max(keys_logged.values()) == 1
    return run


def test_deep_brackets_on_a_result_topic_cost_the_host_only_that_message(tmp_path: Path) -> None:
    """'[' * 200000 made json.loads raise RecursionError inside the host, which died."""

    def attack(run: inproc.Run, stranger: Probe) -> None:
        # The message; one small enough to pass the size limit (still deep enough to
        # make json.loads recurse past Python's limit); and one in a signed message's layout,
        # so that the body itself is read.
        stranger.publish(topics.result(run.cfg.tid, 0), b"[" * 200_000)
        stranger.publish(topics.result(run.cfg.tid, 0), b"[" * 4_000)
        stranger.publish(topics.result(run.cfg.tid, 0), IN_LAYOUT + b"[" * 3_000 + b"}")

    run = attacked_tournament(tmp_path, attack)
    assert run.host.refusals[messages.TOO_BIG] == 1, run.host.refusals
    assert run.host.refusals[messages.NOT_SIGNED] == 1, run.host.refusals
    assert run.host.refusals[messages.TOO_DEEP] == 1, run.host.refusals
    # A table reading them on the state topic (whose size limit is larger): none is read.
    seen = Seen()
    code = JoinCode.parse(run.cfg.join_code(0))
    assert not read_state(b"[" * 200_000, code, seen)
    assert not read_state(IN_LAYOUT + b"[" * 200_000 + b"}", code, seen)
    assert seen.dropped == {messages.NOT_SIGNED: 1, messages.TOO_DEEP: 1}


def test_a_non_ascii_signature_on_the_state_costs_every_table_only_that_message(
    tmp_path: Path,
) -> None:
    """{"body": ..., "sig": "é"} retained on the state topic: hmac.compare_digest raised
    TypeError in every table (and in the tablet's screen, which calls the same read_state)."""

    def attack(run: inproc.Run, stranger: Probe) -> None:
        body = run.host.state_body()
        # The message, and the same in the layout a signed message has, with the
        # non-ASCII signature where the signature goes.
        payload = json.dumps({"body": body, "sig": "\u00e9"}, ensure_ascii=False).encode()
        stranger.publish(topics.state(run.cfg.tid), payload, retain=True)
        real = run.host.signed_state()
        in_place = real[:8] + "\u00e9".encode() * 43 + real[94:]
        stranger.publish(topics.state(run.cfg.tid), in_place, retain=True)

    run = attacked_tournament(tmp_path, attack)
    for table in run.tables:
        assert table.seen.dropped[messages.NOT_SIGNED] >= 1
        assert table.seen.dropped[messages.GARBLED_SIGNATURE] >= 1


def test_a_watcher_resigning_the_state_with_a_huge_version_freezes_no_one(tmp_path: Path) -> None:
    """A watcher held the key the host signed with: version 10**6, retained, and every table
    ignored the host's real states. Now a watcher holds only the host's public key."""
    forged: list[bytes] = []

    def attack(run: inproc.Run, stranger: Probe) -> None:
        held = JoinCode.for_watching(run.cfg.watch_code())
        body = dict(run.host.state_body(), version=10**6, epoch=10**6)
        # Everything a watcher can sign with: a key of its own, the host's public key used as
        # a private one; and the real signature left on the changed body.
        for key in (keys.new_private_key(), held.host_key):
            forged.append(keys.sign(keys.STATE, body, key))
        real = json.loads(run.host.signed_state())
        forged.append(json.dumps({"body": body, "sig": real["sig"]}).encode())
        for payload in forged:
            stranger.publish(topics.state(run.cfg.tid), payload, retain=True)

    run = attacked_tournament(tmp_path, attack)
    for table in run.tables:
        assert table.seen.version < 10**6 and table.seen.dropped[messages.SIGNED_WRONGLY] >= 1
    # The tablet's screen reads states with the same function: not taken there either.
    for payload in forged:
        assert not read_state(payload, JoinCode.for_watching(run.cfg.watch_code()), Seen())
