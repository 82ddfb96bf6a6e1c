"""Issue 39's scale, shortened for make test: 128 players on 64 tables through one Mosquitto,
every result in and the next round's pairings out to every table; then the same event with
the tables split between two Mosquittos bridged as two stores' would be (Mosquitto's own
bridge). The standings and every pairing must be identical. The full seven rounds, with the
timings, are bench/bench_swiss.py."""

from __future__ import annotations

from pathlib import Path

import pytest

from companion_app.tournament import messages
from companion_app.tournament.mosquitto import INSTALL_HINT, find_mosquitto
from companion_app.tournament.swiss_pairing import max_weight_pairs
from companion_app.tournament.swiss_simulate import coin, names, run_event
from companion_app.tournament.swiss_view import swiss_rows
from engine.tournament import SwissEvent

pytestmark = [
    pytest.mark.skipif(find_mosquitto() is None, reason=INSTALL_HINT),
    pytest.mark.timeout(600),
]

PLAYERS, TABLES, ROUNDS, SEED = 128, 64, 2, 39


def offline() -> SwissEvent:
    """The same event with no network: the coins decide, the same matcher pairs."""
    t = SwissEvent.create(names(PLAYERS), tables=TABLES, seed=SEED, rounds=ROUNDS)
    while not t.finished:
        if t.next_round_due:
            t.pair_next(max_weight_pairs)
        for slot in t.pending():
            t.record(slot.match, slot.game, coin(slot))
    return t


def test_swiss_128_players_on_64_tables_one_broker_then_two_bridged_alike(tmp_path: Path) -> None:
    one = run_event(
        tmp_path / "one", players=PLAYERS, tables=TABLES, seed=SEED, rounds=ROUNDS, timeout=240
    )
    assert one.errors == [] and one.finished, one.errors
    two = run_event(
        tmp_path / "two",
        players=PLAYERS,
        tables=TABLES,
        seed=SEED,
        rounds=ROUNDS,
        bridged=True,
        timeout=240,
    )
    assert two.errors == [] and two.finished, two.errors
    print(f"one broker: {one.elapsed:.1f} s, next pairing {one.next_pairing}")
    print(f"two bridged: {two.elapsed:.1f} s, next pairing {two.next_pairing}")
    # Every table held round 2's pairings (the figure exists only if all 64 did), both ways.
    assert set(one.next_pairing) == set(two.next_pairing) == {1}
    assert one.results == two.results == PLAYERS // 2 * 2 * ROUNDS  # best of two, no byes
    assert two.standings == one.standings and two.pairings == one.pairings
    # And both equal the event played with no network at all.
    t = offline()
    assert one.pairings == [(m.round, m.table, m.a, m.b) for m in t.matches]
    assert one.standings == [tuple(vars(r).values()) for r in swiss_rows(t)]
    # Nothing refused but, where a table's first result overtook its JOIN on the way (the bridge
    # may bring a table's messages before its join is through), that result: the tablet sends
    # it again until the host's state confirms it, so it still counts once (results above).
    early = {messages.NOT_JOINED}
    assert set(one.refusals) <= early and set(two.refusals) <= early, (one.refusals, two.refusals)
