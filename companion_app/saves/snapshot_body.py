"""What a snapshot of a game holds (the store keeps it as opaque text: snapshots.py), for the
session's resume (session/resume.py) and the start-up check (replay_check.py). No Kivy.

The engine's state in its plain-data codec (engine/core/state_codec.py: nothing in the file is
ever run), how many log lines came before it and the newest of them (the log screen's story
reads those on the first redraw after a resume), and how many turns the history plot had
finished, with the newest one's turn, and the log screen's newest rows as they were worded (the
position each command was made in words it, and those positions come before the snapshot). A
body that does not read back, for whatever reason, is
passed over like a snapshot that fails the store's checks.

Each body is stamped with the digest of the rules' code that wrote it (``rules``:
engine_build.rules_digest, the engine's source, the same for both builds): a snapshot written
by other rules (an update of the app, a fixed rule) is passed over, and the game replays from
the start under the rules it runs now, as the command log, the truth, says.
"""

from __future__ import annotations

import json
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from companion_app.engine_build import rules_digest
from engine.core.game import Game
from engine.core.records import LogEntry
from engine.core.state_codec import StateCodecError, decode_state, encode_state, package_of

AnyGame = Game[Any, Any, Any]


# A log screen row as a snapshot keeps it: (command index, seat or None, words, folds).
Row = tuple[int, int | None, str, bool]


@dataclass(frozen=True)
class Body:
    state: Any
    log_length: int
    log_tail: tuple[LogEntry, ...]
    samples: int
    last_turn: int
    rows: tuple[Row, ...] = ()  # consecutive commands, the last one the snapshot's last


def write_body(
    game: AnyGame, log_tail: int, samples: int, last_turn: int, rows: Sequence[Row] = ()
) -> str | None:
    """The body for ``game`` now, with its newest ``log_tail`` log lines and the log screen's
    newest ``rows``; None when its state can't be written so."""
    try:
        state = encode_state(game.state, package_of(type(game)))
    except StateCodecError:
        return None
    log = game.log
    tail = log[max(0, len(log) - log_tail) :]
    return json.dumps(
        {
            "rules": rules_digest(),
            "state": state,
            "log": len(log),
            "tail": [[e.turn, e.step, e.player, e.text] for e in tail],
            "samples": samples,
            "last_turn": last_turn,
            "rows": [list(r) for r in rows],
        }
    )


def read_body(text: str, game_class: type[AnyGame], seq: int) -> Body | None:
    """The body back, of the snapshot after ``seq`` commands (its rows end there); None if it
    is not one this game can resume from."""
    try:
        data = json.loads(text)
        # written by other rules (or before bodies were stamped): the game replays instead
        if type(data) is not dict or data.get("rules") != rules_digest():
            return None
        state = decode_state(data["state"], package_of(game_class))
        tail = tuple(_entry(e) for e in data["tail"])
        numbers = (data["log"], data["samples"], data["last_turn"])
        if not all(type(n) is int and n >= 0 for n in numbers) or len(tail) > numbers[0]:
            return None
        rows = tuple(_row(r) for r in data.get("rows", ()))
        indices = [r[0] for r in rows]
        if indices != list(range(seq - len(rows), seq)):
            return None
        return Body(state, numbers[0], tail, numbers[1], numbers[2], rows)
    except (ValueError, TypeError, KeyError):  # StateCodecError is a ValueError
        return None


def _row(row: Any) -> Row:
    index, seat, text, folds = row
    ok = type(index) is int and type(text) is str and type(folds) is bool
    if not ok or not (seat is None or type(seat) is int):
        raise ValueError("not a row of the log")
    return index, seat, text, folds


def _entry(row: Any) -> LogEntry:
    turn, step, player, text = row
    ok = type(turn) is int and type(step) is str and type(text) is str
    if not ok or not (player is None or type(player) is int):
        raise ValueError("not a log line")
    return LogEntry(turn, step, player, text)
