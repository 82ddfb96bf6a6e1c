"""Topic names: one tree per tournament, so two tournaments can share a store's broker."""

from __future__ import annotations


def root(tid: str) -> str:
    return f"altar/tournament/{tid}"


def result(tid: str, table: int) -> str:
    """A table's game results (QoS 1; the host confirms them through the standings)."""
    return f"{root(tid)}/result/{table}"


def results(tid: str) -> str:
    return f"{root(tid)}/result/+"


def view(tid: str, table: int) -> str:
    """A table's public view for the broadcast page (retained; docs/broadcast.md)."""
    return f"{root(tid)}/view/{table}"


def views(tid: str) -> str:
    return f"{root(tid)}/view/+"


def state(tid: str) -> str:
    """The host's signed tournament state: pairings, results, standings (retained, QoS 1)."""
    return f"{root(tid)}/state"
