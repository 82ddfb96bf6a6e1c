"""What a redraw read from the history stays what it read, through undo and new commands
(engine/core/undo_stack.py; Undo).

Undo keeps, for each snapshot still held, a copy of only the entries it drops (so that undo
costs the same at any length, issue 37, shown here by what an undo allocates, not by its
time); these tests hold snapshots read at many lengths across
undos that go below them and new, different commands where the undone ones were, and compare
every read (index, slice, iteration, reversed, equality) with the tuple taken when it was read.
"""

from __future__ import annotations

import random
import tracemalloc

import pytest

from engine.core.records import LogEntry
from engine.core.undo_stack import History, Snapshot


def line(n: int) -> LogEntry:
    return LogEntry(turn=n, step="main", player=None, text=f"line {n}")


def entries(command: int, rnd: random.Random) -> list[LogEntry]:
    # A command logs 0 to 3 lines, as the games' commands do (a dial turn none, a play several).
    return [line(command * 10 + k) for k in range(rnd.randrange(4))]


def read_like_a_redraw(snapshot: object, frozen: tuple[object, ...]) -> None:
    """Every way a client reads a snapshot gives what was there when it was read."""
    assert isinstance(snapshot, Snapshot)
    assert len(snapshot) == len(frozen)
    assert tuple(snapshot) == frozen and snapshot == frozen
    assert list(reversed(snapshot)) == list(reversed(frozen))
    assert snapshot[-3:] == frozen[-3:] and snapshot[1:-1] == frozen[1:-1]
    assert snapshot[::2] == frozen[::2] and snapshot[::-1] == frozen[::-1]
    for i in (0, len(frozen) // 2, -1):
        if frozen:
            assert snapshot[i] == frozen[i]
    with pytest.raises(IndexError):
        snapshot[len(frozen)]


@pytest.mark.parametrize("seed", [1, 2, 3, 4])
def test_snapshots_held_across_undos_and_new_commands_keep_what_they_read(seed: int) -> None:
    rnd = random.Random(seed)
    history: History[int, int] = History(0, [line(-1)])
    held: list[tuple[object, tuple[object, ...]]] = []
    command = ever_held = 0
    for _ in range(400):
        roll = rnd.random()
        if roll < 0.5 or not history.can_pop():
            command += 1
            history.push(command, command, entries(command, rnd))
        elif roll < 0.8:
            history.pop()  # sometimes several in a row, below what older snapshots show
        if rnd.random() < 0.4:
            # A redraw reads both, sometimes twice in a frame; some widgets keep what they read.
            for snapshot in (history.actions, history.log, history.actions):
                if rnd.random() < 0.3:
                    held.append((snapshot, tuple(snapshot)))
                    ever_held += 1
        if rnd.random() < 0.05:
            # Widgets dropped: their snapshots are freed at once (no cycles hold them).
            del held[: rnd.randrange(len(held) + 1)]
        for snapshot, frozen in held[-10:]:
            read_like_a_redraw(snapshot, frozen)
    for snapshot, frozen in held:
        read_like_a_redraw(snapshot, frozen)
    assert ever_held > 100  # the walk did hold snapshots through its undos


def test_an_undo_below_a_held_snapshot_then_other_commands_leave_it_unchanged() -> None:
    history: History[int, str] = History(0)
    for n in range(1, 11):
        history.push(n, n * 100, [line(n)])
    actions, log = history.actions, history.log
    assert history.actions is actions  # read again before any change: the same snapshot
    for _ in range(4):
        history.pop()
    for n in (50, 51, 52, 53, 54, 55):
        history.push(n, n, [line(n), line(n + 1)])
    assert tuple(actions) == tuple(range(1, 11))
    assert tuple(log) == tuple(line(n) for n in range(1, 11))
    assert tuple(history.actions) == (1, 2, 3, 4, 5, 6, 50, 51, 52, 53, 54, 55)
    assert history.state == 55 and len(history) == 12


def test_undo_to_the_start_and_the_initial_log_stays() -> None:
    history: History[int, int] = History(0, [line(0)])
    first_log = history.log
    history.push(1, 1, [line(1)])
    seen = history.log
    assert history.pop() == 1 and not history.can_pop()
    assert tuple(first_log) == (line(0),) and tuple(seen) == (line(0), line(1))
    assert tuple(history.log) == (line(0),) and history.state == 0


def test_an_undo_after_a_redraw_read_copies_only_what_it_drops_at_any_length() -> None:
    # Memory, not time: undo of the last command after a redraw's read must not copy the
    # whole action and log lists (it did: 8 bytes a command, 400 KB at 50,000 commands).
    history: History[int, int] = History(0)
    for n in range(1, 20_001):
        history.push(n, n, [line(n)])
    held = (history.actions, history.log)
    tracemalloc.start()
    try:
        history.pop()
        _, peak = tracemalloc.get_traced_memory()
    finally:
        tracemalloc.stop()
    assert peak < 4_000  # the dropped entry's copy and the bookkeeping, not 2 x 160 KB
    assert tuple(held[0][-2:]) == (19_999, 20_000) and len(held[1]) == 20_000
