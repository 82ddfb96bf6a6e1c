"""A thin paho-mqtt client: connects in the background, reconnects by itself, subscribes again
on every connect, publishes with QoS 1, and hands incoming messages to a thread-safe queue.

paho runs its network loop in its own thread; the host and the tables read ``inbox`` from theirs,
so no tournament logic runs on paho's thread.
"""

from __future__ import annotations

import logging
import queue
import socket
import ssl
import threading
from collections.abc import Callable

import paho.mqtt.client as mqtt
from paho.mqtt.enums import CallbackAPIVersion

from companion_app.tournament import keys

QOS = 1
log = logging.getLogger(__name__)
INBOX_LIMIT = 10_000  # messages waiting for the owner's thread; beyond that new ones are dropped


class PinMismatch(ssl.SSLError):
    """The broker's certificate is not the one the join code pins."""


class _PinnedSocket(ssl.SSLSocket):
    pin = ""

    def do_handshake(self, block: bool = False) -> None:
        super().do_handshake()
        der = self.getpeercert(binary_form=True)
        if der is None or keys.fingerprint(der) != self.pin:
            # Raised before paho sends CONNECT: our password never reaches a stranger's broker.
            raise PinMismatch("the broker's certificate is not the one in the join code")


def pinned_context(pin: str) -> ssl.SSLContext:
    """TLS that trusts exactly one certificate, the one whose SHA-256 the join code carries (the
    host made it: no authority vouches for it, so names and chains are not checked)."""
    ctx = ssl.SSLContext(ssl.PROTOCOL_TLS_CLIENT)
    ctx.check_hostname = False
    ctx.verify_mode = ssl.CERT_NONE
    ctx.minimum_version = ssl.TLSVersion.TLSv1_2
    sock_class = type("PinnedSocket", (_PinnedSocket,), {"pin": pin})
    ctx.sslsocket_class = sock_class
    return ctx


class Link:
    def __init__(
        self,
        client_id: str,
        host: str,
        port: int,
        subscriptions: list[str],
        on_connect: Callable[[], None] | None = None,
        *,
        username: str | None = None,
        password: str | None = None,
        pin: str = "",
        inbox_limit: int = INBOX_LIMIT,
        notify: threading.Event | None = None,
    ) -> None:
        self.host, self.port = host, port
        self.subscriptions = subscriptions
        self.inbox: queue.Queue[tuple[str, bytes]] = queue.Queue(inbox_limit)
        self._notify = notify  # set when a message arrives (the host waits on several links)
        self.connected = threading.Event()
        self.connects = 0  # how many times we (re)connected: a drop shows here
        self.overflowed = 0  # messages dropped because the owner had not read the inbox
        self.refused = ""  # why the broker last refused us ("Not authorized", ...)
        self.failures = 0  # connections that failed (nothing listening): a page says so
        self._on_connect_hook = on_connect
        self.client = mqtt.Client(
            callback_api_version=CallbackAPIVersion.VERSION2,
            client_id=client_id,
            clean_session=False,  # the broker keeps our subscriptions and QoS 1 queue on a drop
        )
        self.client.reconnect_delay_set(min_delay=1, max_delay=2)
        self.client.on_connect = self._connected
        self.client.on_disconnect = self._disconnected
        self.client.on_connect_fail = self._connect_failed
        self.client.on_message = self._message
        self.client.on_socket_open = self._socket_open
        if username is not None:
            self.client.username_pw_set(username, password)
        if pin:
            self.client.tls_set_context(pinned_context(pin))

    def start(self) -> None:
        self.client.connect_async(self.host, self.port, keepalive=5)
        self.client.loop_start()

    def stop(self) -> None:
        self.client.disconnect()
        self.client.loop_stop()

    def publish(self, topic: str, payload: bytes, *, retain: bool = False) -> None:
        # Queued by paho while disconnected and sent on reconnect; callers also resend what is
        # not yet confirmed end to end, so a message paho drops is not lost either.
        self.client.publish(topic, payload, qos=QOS, retain=retain)

    def wait_connected(self, timeout: float) -> bool:
        return self.connected.wait(timeout)

    def _connected(
        self, client: mqtt.Client, _u: object, _f: object, rc: object, _p: object
    ) -> None:
        if getattr(rc, "is_failure", False):
            if self.refused != str(rc):  # said once, not at every retry
                log.warning("the broker at %s:%s refused us: %s", self.host, self.port, rc)
            self.refused = str(rc)
            return
        for topic in self.subscriptions:
            client.subscribe(topic, qos=QOS)
        self.connects += 1
        self.connected.set()
        if self._on_connect_hook is not None:
            self._on_connect_hook()

    @staticmethod
    def _socket_open(_c: object, _u: object, sock: object) -> None:
        # Small messages each waiting for the last one's ack: without this, Nagle's algorithm and
        # delayed acks hold every result and every standings update back about 40 ms per hop.
        if isinstance(sock, socket.socket):
            sock.setsockopt(socket.IPPROTO_TCP, socket.TCP_NODELAY, 1)

    def _disconnected(self, _c: object, _u: object, _f: object, _rc: object, _p: object) -> None:
        self.connected.clear()

    def _connect_failed(self, _c: object, _u: object) -> None:
        self.failures += 1

    def _message(self, _c: object, _u: object, msg: mqtt.MQTTMessage) -> None:
        try:
            self.inbox.put_nowait((msg.topic, bytes(msg.payload)))
        except queue.Full:  # a flood: the newest state comes again, results are resent
            self.overflowed += 1
        if self._notify is not None:
            self._notify.set()
