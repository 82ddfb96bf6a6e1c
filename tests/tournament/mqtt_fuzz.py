"""Hostile MQTT traffic for tests: seeded, every kind a stranger (or a tablet gone bad) could
publish: random bytes, text that is not UTF-8, JSON nested far too deep, messages bigger than
any reader takes, every JSON type where an object belongs, non-ASCII signatures, states and
results signed with keys nobody trusts, and results signed with a table's real key that claim
what that table may not claim. Sent by a paho client through a real broker."""

from __future__ import annotations

import json
import random
import threading
from collections import Counter
from dataclasses import dataclass, field
from typing import Any

import paho.mqtt.client as mqtt
from paho.mqtt.enums import CallbackAPIVersion

from companion_app.tournament import keys, topics
from companion_app.tournament.mosquitto import MAX_PACKET

WAIT = 60.0


@dataclass
class Target:
    tid: str
    tables: int
    matches: list[dict[str, Any]]  # [{"id", "table", "a", "b"}]
    table: int | None = None  # the table whose real signing key the sender holds, if any
    table_key: str = ""


def _b64ish(rng: random.Random, n: int) -> str:
    return "".join(rng.choice("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_")
                   for _ in range(n))  # fmt: skip


def topic_for(rng: random.Random, t: Target) -> str:
    root = topics.root(t.tid)
    return rng.choice(
        [topics.result(t.tid, rng.randrange(t.tables)) for _ in range(6)]
        + [topics.state(t.tid)] * 4
        + [
            topics.result(t.tid, 99),
            f"{root}/result/x",
            f"{root}/result/-1",
            f"{root}/result/0/extra",
            f"{root}/other",
            topics.state("another"),
        ]
    )


def wrong_result(rng: random.Random, t: Target) -> dict[str, Any]:
    """A result body that must never be recorded: every one is wrong in at least one way."""
    own = [m for m in t.matches if m["table"] == t.table] or t.matches
    theirs = [m for m in t.matches if m["table"] != t.table] or t.matches
    m = rng.choice(own)
    body: dict[str, Any] = {"tid": t.tid, "table": t.table, "match": m["id"], "game": 0,
                            "winner": m["a"], "reason": "forged", "ended_at": 1.0}  # fmt: skip
    flaw = rng.randrange(9)
    if flaw == 0:
        o = rng.choice(theirs)
        body.update(match=o["id"], winner=o["a"])  # another table's match
    elif flaw == 1:
        body["winner"] = "Mallory"  # nobody in the match
    elif flaw == 2:
        body["game"] = rng.choice([7, 57, -1, 10**9])  # never due
    elif flaw == 3:
        body["tid"] = "another"
    elif flaw == 4:
        body["table"] = (t.table or 0) + 1
    elif flaw == 5:
        body["game"] = rng.choice(["0", 0.0, None, [0], True])
    elif flaw == 6:
        body["match"] = rng.choice([[m["id"]], {"id": m["id"]}, 7, None])
    elif flaw == 7:
        body["winner"] = rng.choice([1, ["x"], {"a": 1}, True])
    else:
        body["reason"] = rng.choice([None, 5, ["forged"]])
    return body


def payload_for(rng: random.Random, t: Target, topic: str) -> tuple[str, bytes]:
    """(kind, payload): one hostile message for ``topic``, small enough for the broker to pass
    on (``too_big`` sends the bigger ones)."""
    kind, payload = _payload(rng, t, topic)
    if kind in UNSIGNED and rng.random() < 0.5:
        # In a signed message's layout, with a signature of the right length, so the reader
        # gets past the layout and reads the body itself.
        sig = rng.choice([_b64ish(rng, 86), "\u00e9" * 43, "A" * 86]).encode()
        payload = b'{"sig":"' + sig + b'","body":' + payload + b"}"
        kind += " in layout"
    return kind, payload[: MAX_PACKET - 1_000]


UNSIGNED = ("bytes", "not-utf8", "deep", "big", "types", "text", "empty")


def _payload(rng: random.Random, t: Target, _topic: str) -> tuple[str, bytes]:
    kind = rng.choice(
        ["bytes", "not-utf8", "deep", "big", "types", "text", "empty", "forged-state",
         "forged-result", "bad-sig"] + (["table-signed-wrong"] * 3 if t.table_key else [])
    )  # fmt: skip
    if kind == "bytes":
        return kind, rng.randbytes(rng.randrange(0, 600))
    if kind == "not-utf8":
        return kind, b'{"body": {"tid": "' + rng.randbytes(8) + b'\xff\xfe"}, "sig": "\xc3"}'
    if kind == "deep":
        n = rng.choice([7, 40, 1100, 4000, 60_000, 200_000])
        opener = rng.choice([b"[", b'{"a":', b'{"body":'])
        return kind, opener * n + (b"]" * n if opener == b"[" and rng.random() < 0.5 else b"")
    if kind == "big":
        n = rng.choice([5_000, 70_000, MAX_PACKET - 2_000])
        return kind, json.dumps({"body": {"tid": t.tid, "pad": "a" * n}, "sig": "x"}).encode()
    if kind == "types":
        value = rng.choice(
            [None, 1, "s", [], [1, 2], 1e308, True, {"body": 1, "sig": "x"}, {"body": {}, "sig": 1},
             {"body": [], "sig": []}, {"sig": "x"}, {"body": {"version": "9"}}]
        )  # fmt: skip
        text = rng.choice([json.dumps(value), "1" * 5000, "1e999999", "NaN", "-Infinity"])
        return kind, text.encode()
    if kind == "text":
        return kind, rng.choice(["hello", "\u00e9\u00e9", "{", '{"body":', "}{"]).encode()
    if kind == "empty":
        return kind, b""
    if kind == "bad-sig":
        sig = rng.choice(["\u00e9", "\u00e9" * 86, _b64ish(rng, 86), _b64ish(rng, 85), "", "=="])
        body = {"tid": t.tid, "version": 10**6, "epoch": 10**6}
        return kind, json.dumps({"body": body, "sig": sig}, ensure_ascii=False).encode()
    if kind == "forged-state":
        body = {"tid": t.tid, "epoch": rng.choice([10**6, 2**63, -1]),
                "version": rng.choice([10**6, 0, "9", None]),
                "tournament": rng.choice([{}, [], "x", {"players": 5}]), "ended_at": {},
                "final": rng.choice([True, False])}  # fmt: skip
        return kind, keys.sign(keys.STATE, body, keys.new_private_key())
    if kind == "forged-result":
        return kind, keys.sign(keys.RESULT, wrong_result(rng, t), keys.new_private_key())
    # table-signed-wrong: the real key of the table this sender stole, and a claim it may not make
    return kind, keys.sign(keys.RESULT, wrong_result(rng, t), t.table_key)


@dataclass
class Sender:
    """One MQTT v5 client publishing hostile messages and noting what the broker answered."""

    host: str
    port: int
    client_id: str
    username: str | None = None
    password: str | None = None
    sent: Counter[str] = field(default_factory=Counter)  # by kind
    answers: Counter[str] = field(default_factory=Counter)  # PUBACK reasons, CONNACK refusals
    connack: str = ""
    progress: threading.Condition | None = None  # notified at every answer (a test's gate)

    @property
    def answered(self) -> int:
        return sum(self.answers.values())

    def __post_init__(self) -> None:
        self._lock = threading.Condition()
        self._pending = 0
        self._answered = threading.Event()
        self.client = mqtt.Client(
            callback_api_version=CallbackAPIVersion.VERSION2,
            client_id=self.client_id,
            protocol=mqtt.MQTTv5,
        )
        if self.username is not None:
            self.client.username_pw_set(self.username, self.password)
        self.client.max_queued_messages_set(0)
        self.client.on_connect = self._on_connect
        self.client.on_publish = self._on_publish

    def _on_connect(self, _c: object, _u: object, _f: object, rc: object, _p: object) -> None:
        self.connack = str(rc)
        self._answered.set()

    def _on_publish(self, _c: object, _u: object, _mid: int, rc: object, _p: object) -> None:
        with self._lock:
            self.answers[str(rc)] += 1
            self._pending -= 1
            self._lock.notify_all()
        if self.progress is not None:
            with self.progress:
                self.progress.notify_all()

    def connect(self) -> bool:
        self.client.connect(self.host, self.port, keepalive=30)
        self.client.loop_start()
        assert self._answered.wait(WAIT), "the broker never answered"
        if self.connack != "Success":
            self.answers[f"connect refused: {self.connack}"] += 1
            self.client.loop_stop()
            return False
        return True

    def send(self, kind: str, topic: str, payload: bytes, retain: bool) -> None:
        with self._lock:
            self._pending += 1
        self.client.publish(topic, payload, qos=1, retain=retain)
        self.sent[kind] += 1

    def drain(self) -> None:
        """Waits until the broker has answered every message sent."""
        with self._lock:
            assert self._lock.wait_for(lambda: self._pending == 0, WAIT), "PUBACKs missing"

    def close(self) -> None:
        self.client.disconnect()
        self.client.loop_stop()


def too_big(host: str, port: int, topic: str, user: str | None, password: str | None) -> str:
    """One message bigger than the broker takes, from a client of its own: the broker drops it
    and that client's connection. -> how the connection ended."""
    ended = threading.Event()
    why: list[str] = []
    c = mqtt.Client(callback_api_version=CallbackAPIVersion.VERSION2, client_id="altar-too-big",
                    protocol=mqtt.MQTTv5)  # fmt: skip
    if user is not None:
        c.username_pw_set(user, password)
    c.on_disconnect = lambda *a: (why.append(str(a[3])), ended.set())
    c.on_connect = lambda *a: c.publish(topic, b"[" * (MAX_PACKET + 10_000), qos=0)
    c.reconnect_delay_set(60, 60)  # once is enough
    c.connect(host, port)
    c.loop_start()
    try:
        assert ended.wait(WAIT), "the broker kept a client that sent an oversized packet"
    finally:
        c.loop_stop()
    return why[0] if why else "closed"
