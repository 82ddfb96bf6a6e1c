"""Runs Debian's Mosquitto on loopback with its own config: for tests, the demo and the bench.

A store that runs its own broker needs none of this; `altar tournament host --broker` points at
it. The broker is started and stopped by us, on a free port, bound to 127.0.0.1 only.
"""

from __future__ import annotations

import shutil
import signal
import socket
import subprocess
import time
from pathlib import Path

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


class Mosquitto:
    """One broker process. ``kill()`` then ``start()`` is a broker crash and restart on the same
    port; nothing of ours relies on what it kept (see docs/tournament.md)."""

    def __init__(self, workdir: Path, port: int | None = None) -> None:
        exe = find_mosquitto()
        if exe is None:
            raise RuntimeError(INSTALL_HINT)
        self.exe = exe
        self.port = port or free_port()
        self.workdir = Path(workdir)
        self.workdir.mkdir(parents=True, exist_ok=True)
        self.config = self.workdir / "mosquitto.conf"
        self.config.write_text(
            "\n".join(
                [
                    f"listener {self.port} 127.0.0.1",
                    "allow_anonymous true",
                    "persistence false",
                    "log_dest none",
                    "max_queued_messages 10000",
                    "set_tcp_nodelay true",  # no Nagle delay on small messages
                    "",
                ]
            )
        )
        self.proc: subprocess.Popen[bytes] | None = None

    def start(self, timeout: float = 10.0) -> None:
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
                with socket.create_connection(("127.0.0.1", self.port), timeout=0.2):
                    return
            except OSError:
                time.sleep(0.05)
        self.stop()
        raise RuntimeError(f"mosquitto did not listen on 127.0.0.1:{self.port} in {timeout} s")

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
