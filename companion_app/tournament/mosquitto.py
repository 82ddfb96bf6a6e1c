"""Runs Debian's Mosquitto with its own config: for `altar tournament host --start-broker`, the
tests, the demo and the bench.

Given a tournament's ``BrokerAccess`` the broker refuses anonymous clients and enforces the ACL
(broker_access.py); with ``BrokerTls`` it speaks TLS only. Without access it is open to anyone on
loopback (the bench and older tests). ``config_text`` is also what `altar tournament host
--broker-config DIR` writes for a broker that runs elsewhere.
"""

from __future__ import annotations

import os
import shutil
import signal
import socket
import subprocess
import time
from pathlib import Path

from companion_app.tournament.broker_access import BrokerAccess, BrokerTls
from companion_app.tournament.messages import STATE

INSTALL_HINT = "Mosquitto is not installed: run `sudo apt-get install -y mosquitto` (or make test)"


def find_mosquitto() -> str | None:
    return shutil.which("mosquitto") or next(
        (p for p in ("/usr/sbin/mosquitto", "/usr/local/sbin/mosquitto") if Path(p).exists()),
        None,
    )


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


# The largest packet the broker takes: a state with room for its topic and headers. Anything
# bigger costs the sender its connection, before any tablet reads it.
MAX_PACKET = STATE.max_bytes + 1024
MAX_QUEUED = 1000  # messages the broker holds for one client that is not reading (issue 35)
MAX_INFLIGHT = 20  # QoS 1 messages unacknowledged per client


def config_text(
    port: int,
    folder: Path,
    *,
    bind: str = "127.0.0.1",
    access: BrokerAccess | None = None,
    tls: BrokerTls | None = None,
) -> str:
    """mosquitto.conf for a tournament; with ``access`` the password file and ACL are written
    into ``folder`` beside it."""
    lines = [f"listener {port} {bind}"]
    if tls is not None:
        lines += [f"certfile {tls.cert}", f"keyfile {tls.key}"]
    if access is None:
        lines.append("allow_anonymous true")
    else:
        passwd, acl = access.write(folder)
        lines += ["allow_anonymous false", f"password_file {passwd}", f"acl_file {acl}"]
    lines += [
        "persistence false",
        "log_dest none",
        # Per client: the host reads each table on a client of its own (table_inbox.py), so
        # a table's flood fills its own queue here, then is dropped: it costs that table only.
        f"max_queued_messages {MAX_QUEUED}",
        f"max_inflight_messages {MAX_INFLIGHT}",
        f"max_queued_bytes {MAX_QUEUED * 4096}",
        f"max_packet_size {MAX_PACKET}",
        "set_tcp_nodelay true",  # no Nagle delay on small messages
        "",
    ]
    return "\n".join(lines)


def _check_free(host: str, port: int) -> None:
    with socket.socket() as s:
        # As Mosquitto binds (a port in TIME_WAIT after our own restart is free), so only a
        # live listener counts as taken.
        s.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
        try:
            s.bind((host, port))
        except OSError as e:
            raise RuntimeError(
                f"port {port} on {host} is taken ({e.strerror or e}): another program listens "
                "there; give another port"
            ) from None


class Mosquitto:
    """One broker process. ``kill()`` then ``start()`` is a broker crash and restart on the same
    port; nothing of ours relies on what it kept (see docs/tournament.md)."""

    def __init__(
        self,
        workdir: Path,
        port: int | None = None,
        *,
        access: BrokerAccess | None = None,
        tls: BrokerTls | None = None,
        bind: str = "127.0.0.1",
    ) -> None:
        exe = find_mosquitto()
        if exe is None:
            raise RuntimeError(INSTALL_HINT)
        self.exe = exe
        self.port = port or free_port()
        self.workdir = Path(workdir)
        self.workdir.mkdir(parents=True, exist_ok=True)
        self.config = self.workdir / "mosquitto.conf"
        text = config_text(self.port, self.workdir, bind=bind, access=access, tls=tls)
        if os.geteuid() == 0:
            # Started as root, Mosquitto switches to its own user and could no longer read our
            # password file (ours only, 0600) in our folder: it stays the user who started it.
            text += "user root\n"
        self.config.write_text(text)
        self.proc: subprocess.Popen[bytes] | None = None
        self._probe = "127.0.0.1" if bind in ("0.0.0.0", "::") else bind

    def start(self, timeout: float = 10.0) -> None:
        # Taken already (another broker, another program): said, not mistaken for ours (issue
        # 35: the probe below then connected to the other listener and we said we ran).
        _check_free(self._probe, self.port)
        self.proc = subprocess.Popen(
            [self.exe, "-c", str(self.config)],
            stdout=subprocess.DEVNULL,
            stderr=subprocess.PIPE,
        )
        deadline = time.monotonic() + timeout
        while time.monotonic() < deadline:
            if self.proc.poll() is not None:
                err = self.proc.stderr.read().decode() if self.proc.stderr else ""
                raise RuntimeError(f"mosquitto exited at start ({self.proc.returncode}): {err}")
            try:
                with socket.create_connection((self._probe, self.port), timeout=0.2):
                    return
            except OSError:
                time.sleep(0.05)
        self.stop()
        raise RuntimeError(f"mosquitto did not listen on {self._probe}:{self.port} in {timeout} s")

    def kill(self) -> None:
        """A crash: SIGKILL, nothing saved."""
        if self.proc is not None and self.proc.poll() is None:
            self.proc.send_signal(signal.SIGKILL)
            self.proc.wait(timeout=10)

    def stop(self) -> None:
        if self.proc is not None and self.proc.poll() is None:
            self.proc.terminate()
            try:
                self.proc.wait(timeout=5)
            except subprocess.TimeoutExpired:
                self.proc.kill()
                self.proc.wait(timeout=5)
        if self.proc is not None and self.proc.stderr is not None:
            self.proc.stderr.close()
        self.proc = None

    def __enter__(self) -> Mosquitto:
        self.start()
        return self

    def __exit__(self, *_exc: object) -> None:
        self.stop()
