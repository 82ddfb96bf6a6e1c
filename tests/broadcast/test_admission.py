"""Outside a tournament the operator chooses who is shown (issue 36: the first key to sign a
table's name won it, and 20,000 fake tables were taken): a table not admitted is never shown,
its name and key code are told to the operator once, and strangers cost a bounded amount; an
admitted table is shown at once, and its name is its own; `altar broadcast serve` takes codes
at start and typed at its console."""

from __future__ import annotations

import json
import os
import subprocess
import sys
import urllib.request
from pathlib import Path
from typing import Any

from companion_app.broadcast import channel
from companion_app.broadcast.serve import Feed
from companion_app.tournament import keys
from companion_app.tournament.mosquitto import free_port
from companion_app.tournament.mqtt_link import Link
from tests.broadcast.bad_views import good_view
from tests.broadcast.support import admitted, broker


def signed(table: str, private: str) -> tuple[str, bytes]:
    return channel.view_topic(table), channel.sign_view(good_view(2, table), private)


def test_a_table_is_shown_only_once_admitted() -> None:
    told: list[tuple[str, str]] = []
    feed = Feed("127.0.0.1", 1, on_new=lambda t, c: told.append((t, c)))
    kitchen = keys.new_private_key()
    code = admitted(kitchen)[0]
    feed.take(*signed("kitchen", kitchen))
    feed.take(*signed("kitchen", kitchen))
    squatter = keys.new_private_key()
    feed.take(*signed("kitchen", squatter))  # another key, the same name: told, held apart
    assert feed.board.views == {}
    assert told == [("kitchen", code), ("kitchen", admitted(squatter)[0])]  # each told once
    assert feed.board.dropped == {"NotAdmitted": 3}
    feed.admit(code.lower().replace("-", ""))  # as an operator may type it
    assert list(feed.board.views) == ["kitchen"]  # its held view (not the squatter's), at once
    thief = keys.new_private_key()
    feed.admit(admitted(thief)[0])  # admitted too, but the name is the first admitted key's
    feed.take(*signed("kitchen", thief))
    assert feed.board.dropped.get("BadMessage") == 1


def test_strangers_cost_a_bounded_amount() -> None:
    told: list[tuple[str, str]] = []
    feed = Feed("127.0.0.1", 1, on_new=lambda t, c: told.append((t, c)))
    for n in range(500):  # fake tables, each with a key of its own
        feed.take(*signed(f"fake{n}", keys.new_private_key()))
    table_keys = feed.table_keys
    assert isinstance(table_keys, channel.AdmittedKeys)
    assert feed.board.views == {} and len(told) == 32 and len(feed.held) <= 32
    assert len(table_keys.waiting) == 32 and table_keys.unheard == 500 - 32
    assert (
        json.dumps(feed.board.snapshot()) == '{"type": "snapshot", "views": [], "standings": null}'
    )


def test_codes_at_start_and_at_the_console(tmp_path: Path) -> None:
    with broker(tmp_path) as b:
        first, second = keys.new_private_key(), keys.new_private_key()
        codes_file = tmp_path / "admitted.txt"
        codes_file.write_text(f"# the club's tables\n{admitted(first)[0]}\n")
        port = free_port()
        env = dict(os.environ, KIVY_NO_ARGS="1")
        args = ["--broker", f"127.0.0.1:{b.port}", "--port", str(port)]
        serve = subprocess.Popen(
            [sys.executable, "-m", "companion_app.cli", "broadcast", "serve", *args,
             "--admitted", str(codes_file)],
            stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True,
            env=env,
        )  # fmt: skip
        link = Link("tables", "127.0.0.1", b.port, [])
        link.start()
        try:
            assert link.wait_connected(20)
            said = next(line for line in _lines(serve) if "admitted" in line)
            assert said.startswith("1 table key codes admitted")
            link.publish(*signed("one", first), retain=True)
            link.publish(*signed("two", second), retain=True)
            asks = next(line for line in _lines(serve) if "asks to be shown" in line)
            code = admitted(second)[0]
            assert f"two, key code {code}" in asks
            assert serve.stdin is not None
            serve.stdin.write(f"admit {code}\n")
            serve.stdin.flush()
            next(line for line in _lines(serve) if line.startswith("admitted"))
            health = _health(port)
            assert health["tables"] == 2, health
            assert codes_file.read_text().splitlines()[-1] == code  # kept for the next start
        finally:
            link.stop()
            serve.terminate()
            _out, err = serve.communicate(timeout=30)
        assert "Traceback" not in err


def _lines(process: subprocess.Popen[str]) -> Any:
    assert process.stdout is not None
    for line in process.stdout:
        yield line.rstrip("\n")
    raise AssertionError("the server stopped")


def _health(port: int) -> dict[str, Any]:
    with urllib.request.urlopen(f"http://127.0.0.1:{port}/health", timeout=10) as r:
        return dict(json.loads(r.read()))
