"""A table's results as its tablet signs them (issue 35): a result counts only when signed by
the tablet key the table is bound to, so a test that hands results to a host straight (no
broker, no Table) joins each table once with a tablet key of its own first."""

from __future__ import annotations

from typing import Any

from companion_app.tournament import binding, keys, topics

# (host folder, table) -> that table's tablet key: a restarted host on the same folder reads
# the same binding from its bindings.json, so the same tablet must sign after the restart.
_TABLETS: dict[tuple[str, int], str] = {}


def send_result(host: Any, body: dict[str, Any]) -> bool:
    """``body`` signed by its table's tablet, joined first if the host has no tablet bound for
    it; what ``host.handle`` said of the result."""
    tid, table = host.cfg.tid, int(body["table"])
    tablet = _TABLETS.setdefault((str(host.folder), table), keys.new_private_key())
    if host.bindings.bound.get(table) is None:
        join = binding.join_message(tid, table, host.cfg.table_keys[table], tablet)
        assert host.handle(topics.result(tid, table), join), host.last_refusal
    return bool(host.handle(topics.result(tid, table), keys.sign(keys.RESULT, body, tablet)))
