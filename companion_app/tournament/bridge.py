"""Two stores, one event: a second Mosquitto bridged to the host's, as two stores' brokers would
be, with Mosquitto's own bridge (``connection`` ... ``topic``; mosquitto.conf(5), "Bridges").

The far broker holds the same users as the host's (its tables log in there with their own
codes) and forwards, over one login of its own on the host's broker: every table's results and
views out, the host's state in (retained, as the host published it: ``try_private`` keeps the
flag between two Mosquittos). On the host's broker that login may do exactly that and nothing
else (its ACL), like any other user. Nothing is trusted more for having crossed: the host and
the tablets check every message's signature as before.
"""

from __future__ import annotations

import hashlib
from dataclasses import dataclass, field
from pathlib import Path

from companion_app.tournament import codes, topics
from companion_app.tournament.broker_access import BrokerAccess


def bridge_user(tid: str) -> str:
    return f"altar-{tid}-bridge"


@dataclass(frozen=True)
class BridgedAccess(BrokerAccess):
    """The tournament's broker users, plus the far broker's bridge login (the host's side)."""

    bridge_password: str = field(default_factory=codes.new_password)

    @classmethod
    def of(cls, access: BrokerAccess) -> BridgedAccess:
        return cls(access.tid, access.tables, dict(access.passwords))

    def with_bridge(self) -> BrokerAccess:
        """What the host's broker is configured with: every user, and the bridge's."""
        passwords = {**self.passwords, bridge_user(self.tid): self.bridge_password}
        return _WithBridge(self.tid, self.tables, passwords)


@dataclass(frozen=True)
class _WithBridge(BrokerAccess):
    def acl(self) -> str:
        tid = self.tid
        return "\n".join(
            [
                super().acl(),
                f"user {bridge_user(tid)}",
                f"topic write {topics.results(tid)}",
                f"topic write {topics.views(tid)}",
                f"topic read {topics.state(tid)}",
                "",
            ]
        )


def bridge_text(tid: str, host_broker: tuple[str, int], password: str) -> str:
    """The far broker's bridge section: results and views out to the host's broker, the
    state in. QoS 1 both ways, so a bridge that drops and reconnects loses nothing."""
    root = topics.root(tid)
    secret = hashlib.sha256(password.encode()).hexdigest()[:12]
    return "\n".join(
        [
            f"connection altar-{tid}-bridge",
            f"address {host_broker[0]}:{host_broker[1]}",
            f"remote_username {bridge_user(tid)}",
            f"remote_password {password}",
            f"remote_clientid {bridge_user(tid)}-{secret}",
            "try_private true",
            "notifications false",
            "cleansession true",
            "restart_timeout 1 5",
            "keepalive_interval 30",
            f"topic {root}/result/+ out 1",
            f"topic {root}/view/+ out 1",
            f"topic {root}/state in 1",
            "",
        ]
    )


def add_bridge(config: Path, tid: str, host_broker: tuple[str, int], password: str) -> None:
    """Appends the bridge to a written mosquitto.conf (before the broker starts)."""
    with open(config, "a") as f:
        f.write(bridge_text(tid, host_broker, password))
