"""A bare MQTT v5 client for tests: connects with given credentials and reports the broker's
answer (CONNACK, PUBACK reason codes), so a test sees the broker refuse, not just silence."""

from __future__ import annotations

import threading
from dataclasses import dataclass, field

import paho.mqtt.client as mqtt
from paho.mqtt.enums import CallbackAPIVersion

WAIT = 20.0


@dataclass
class Probe:
    host: str
    port: int
    username: str | None = None
    password: str | None = None
    client_id: str = "altar-probe"
    connack: str = ""
    pubacks: dict[int, str] = field(default_factory=dict)

    def __post_init__(self) -> None:
        self._answered = threading.Event()
        self._acked = threading.Condition()
        self.client = mqtt.Client(
            callback_api_version=CallbackAPIVersion.VERSION2,
            client_id=self.client_id,
            protocol=mqtt.MQTTv5,
        )
        if self.username is not None:
            self.client.username_pw_set(self.username, self.password)
        self.client.on_connect = self._on_connect
        self.client.on_connect_fail = lambda *_a: self._answered.set()
        self.client.on_publish = self._on_publish

    def _on_connect(self, _c: object, _u: object, _f: object, rc: object, _p: object) -> None:
        self.connack = str(rc)
        self._answered.set()

    def _on_publish(self, _c: object, _u: object, mid: int, rc: object, _p: object) -> None:
        with self._acked:
            self.pubacks[mid] = str(rc)
            self._acked.notify_all()

    def connect(self) -> str:
        """The broker's CONNACK reason ("Success", "Not authorized", ...)."""
        self.client.connect(self.host, self.port, keepalive=10)
        self.client.loop_start()
        assert self._answered.wait(WAIT), "the broker never answered CONNECT"
        return self.connack

    def publish(self, topic: str, payload: bytes, retain: bool = False) -> str:
        """Publishes with QoS 1 and returns the PUBACK's reason ("Success", "Not authorized")."""
        info = self.client.publish(topic, payload, qos=1, retain=retain)
        with self._acked:
            assert self._acked.wait_for(lambda: info.mid in self.pubacks, WAIT), "no PUBACK"
            return self.pubacks[info.mid]

    def close(self) -> None:
        self.client.disconnect()
        self.client.loop_stop()
