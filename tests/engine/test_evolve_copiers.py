"""The hand-written copiers and makers of the records copied on every command
(engine/core/evolve.py ``copier_of`` and ``maker_of``; engine/zeal/state_copy.py,
engine/zg/state_copy.py and the other games', engine/core/records.py): the compiled build copies with them, so each
must set every field of its class, from the changes where given and else from the original,
exactly as dataclasses.replace does. Run on both builds (``make test`` runs tests/engine on the
compiled one too); the field-by-field check with markers of no field's kind runs on the source
only (the compiled build's slots take only their fields' kinds)."""

from __future__ import annotations

import dataclasses
from typing import Any

import pytest

from companion_app import engine_build
from engine import games
from engine.core import evolve
from engine.core.records import LogEntry
from engine.devacurse import state as devacurse_state
from engine.vile import state as vile_state
from engine.zeal import state as zeal_state
from engine.zg import state as zg_state


def _positions(kind: str, seeds: range) -> list[Any]:
    game_kind = next(k for k in games.all_games() if k.kind == kind)
    found: list[Any] = []
    for seed in seeds:
        found.extend(game_kind.random_game(seed, 2, 400).game.positions())
    return found


def _records() -> dict[type, list[Any]]:
    """Instances of every class with a hand-written copier, from seeded random games."""
    by_class: dict[type, list[Any]] = {}

    def add(*records: Any) -> None:
        for record in records:
            if record is not None:
                by_class.setdefault(type(record), []).append(record)

    for state in _positions("zeal", range(3)):
        add(state, state.combat, *state.players)
        for player in state.players:
            add(*player.bases, *player.in_play)
    for state in _positions("zg", range(3)):
        add(state, state.attack, *state.players)
    for state in _positions("vile", range(3)):
        add(state, state.ritual, *state.players)
    for state in _positions("devacurse", range(3)):
        add(state, state.combat, *state.players)
        for player in state.players:
            add(*player.soldiers, *player.heroes)
    return by_class


RECORDS = _records()
COPIED = [
    zeal_state.GameState,
    zeal_state.PlayerState,
    zeal_state.BaseState,
    zeal_state.Permanent,
    zeal_state.CombatState,
    zg_state.GameState,
    zg_state.PlayerState,
    zg_state.Attack,
    vile_state.GameState,
    vile_state.PlayerState,
    vile_state.Ritual,
    devacurse_state.GameState,
    devacurse_state.Player,
    devacurse_state.Unit,
    devacurse_state.Combat,
]


def test_the_records_copied_on_every_command_have_their_copiers_registered() -> None:
    assert set(COPIED) <= set(evolve._HAND_COPIERS)
    assert LogEntry in evolve._HAND_MAKERS


@pytest.mark.parametrize("cls", COPIED, ids=lambda c: f"{c.__module__}.{c.__name__}")
def test_a_hand_written_copy_is_dataclasses_replace(cls: type) -> None:
    copy = evolve._HAND_COPIERS[cls]
    found = RECORDS[cls]
    assert len(found) > 1, f"the random games made no two {cls.__name__} records"
    names = [f.name for f in dataclasses.fields(cls)]
    for old, other in zip(found, found[1:] + found[:1], strict=True):
        unchanged = copy(old, {})
        assert type(unchanged) is cls and unchanged == old and unchanged is not old
        everything = {name: getattr(other, name) for name in names}
        assert copy(old, everything) == dataclasses.replace(old, **everything) == other
        for name in names:  # one field at a time, from another record
            one = {name: getattr(other, name)}
            assert copy(old, one) == dataclasses.replace(old, **one)


@pytest.mark.skipif(
    engine_build.loaded_from() == engine_build.COMPILED,
    reason="markers of no field's kind fit only the source's slots",
)
@pytest.mark.parametrize("cls", COPIED, ids=lambda c: f"{c.__module__}.{c.__name__}")
def test_a_hand_written_copy_sets_each_field_from_its_own_change(cls: type) -> None:
    """A marker per field: a field copied from another field's change, or not at all, shows."""
    copy = evolve._HAND_COPIERS[cls]
    old = RECORDS[cls][0]
    names = [f.name for f in dataclasses.fields(cls)]
    markers = {name: object() for name in names}
    made = copy(old, markers)
    assert type(made) is cls
    assert {name: getattr(made, name) for name in names} == markers
    for name in names:
        made = copy(old, {name: markers[name]})
        for other in names:
            expected = markers[name] if other == name else getattr(old, other)
            assert getattr(made, other) is expected, (name, other)
    with pytest.raises(dataclasses.FrozenInstanceError):
        made.__setattr__(names[0], None)  # sealed: frozen as any other instance


def test_the_log_entry_maker_is_the_dataclass() -> None:
    make = evolve._HAND_MAKERS[LogEntry]
    entries = (
        LogEntry(3, "Develop", 1, "Ann passes"),
        LogEntry(0, "Mulligan", None, ""),
        LogEntry(4, "Combat Damage", 0, "Psychopomp dies", "death"),
    )
    for entry in entries:
        made = make(entry.turn, entry.step, entry.player, entry.text, entry.news)
        assert type(made) is LogEntry and made == entry and hash(made) == hash(entry)
