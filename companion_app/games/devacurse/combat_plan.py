"""The combat assistant's model, without Kivy: who may take part in the declaration the
engine waits for, the choices each has, the action they make, and the engine's forecast of
it (on a fork: the live game is untouched). No rule lives here."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from engine.devacurse import DevacurseGame
from engine.devacurse import actions as da
from engine.devacurse.combat import lawful_blockers
from engine.devacurse.state import ASSIGN, ATTACK, BLOCK, DAMAGE, HERO_COMBAT, SOLDIER_COMBAT
from engine.devacurse.stats import attack, name, remaining


@dataclass(frozen=True)
class Row:
    """A unit and what it may do: ``options`` are (label, value or None)."""

    unit_id: int
    label: str
    options: tuple[tuple[str, Any], ...]


@dataclass(frozen=True)
class Plan:
    title: str
    seat: int  # who declares (-1: nobody, no combat now)
    step: str
    rows: tuple[Row, ...]


def plan(game: DevacurseGame) -> Plan:
    state = game.state
    combat = state.combat
    if combat is None or state.phase not in (SOLDIER_COMBAT, HERO_COMBAT):
        return Plan(
            "No combat now: soldier combat (IV.A) and hero combat (IV.B) come here", -1, "", ()
        )
    cat = game.catalog
    section = "IV.B hero combat" if state.phase == HERO_COMBAT else "IV.A soldier combat"
    attacker, defender = combat.attacker, 1 - combat.attacker
    names = [p.name for p in state.players]

    def label(unit_id: int) -> str:
        u = state.unit(unit_id)
        if u is None:
            return str(unit_id)
        stat = "AP" if u.hero else "DF"
        return f"{name(cat, u)} (AT {attack(cat, u)}, {stat} {remaining(cat, u)})"

    rows: list[Row] = []
    if combat.step == ATTACK:
        p = state.players[attacker]
        pool = p.heroes if state.phase == HERO_COMBAT else p.soldiers
        for u in pool:
            if u.prompt:
                rows.append(Row(u.id, label(u.id), (("stays back", None), ("attacks", True))))
        title = f"{section}: {names[attacker]} chooses attackers"
        seat = attacker
    elif combat.step == BLOCK:
        for u in state.players[defender].units:
            if not u.prompt:
                continue
            opts: list[tuple[str, Any]]
            if state.phase == SOLDIER_COMBAT:
                opts = [("doesn't block", None)] + [
                    (f"blocks {label(a).split(' (')[0]}", a) for a in combat.attackers
                ]
            else:
                opts = [("doesn't block", None), ("blocks", True)]
            rows.append(Row(u.id, label(u.id), tuple(opts)))
        title = f"{section}: {names[defender]} chooses blockers"
        seat = defender
    elif combat.step == ASSIGN:
        lawful = lawful_blockers(state, combat.blockers)
        for h in combat.attackers:
            fights = tuple((f"fights {label(b).split(' (')[0]}", b) for b in lawful)
            rows.append(Row(h, label(h), fights))
        title = f"{section}: {names[attacker]} assigns each hero to one blocker"
        seat = attacker
    else:
        title = f"{section}: {names[attacker]} resolves (flash events first)"
        seat = attacker
    return Plan(title, seat, combat.step, tuple(rows))


def declaration(game: DevacurseGame, p: Plan, chosen: dict[int, Any]) -> da.Action | None:
    """The action the rows' choices make (``chosen``: unit id -> value)."""
    seat = p.seat
    picked = [(u, v) for u, v in chosen.items() if v is not None]
    if p.step == ATTACK:
        return da.Attack(seat, tuple(u for u, _ in picked))
    if p.step == BLOCK:
        if game.state.phase == SOLDIER_COMBAT:
            return da.Block(seat, tuple((u, int(v)) for u, v in picked))
        return da.HeroBlock(seat, tuple(u for u, _ in picked))
    if p.step == ASSIGN:
        return da.AssignHeroes(seat, tuple((u, int(v)) for u, v in picked))
    if p.step == DAMAGE:
        return da.Resolve(seat)
    return None


def forecast_lines(game: DevacurseGame, action: da.Action | None) -> list[str]:
    """The engine's forecast once ``action`` is taken (on a fork), in players' words."""
    if action is None:
        return []
    why = game.explain(action)
    if why is not None:
        return [f"Not allowed: {why}"]
    fork = game.fork()
    if not isinstance(action, da.Resolve):
        fork.apply(action)
    names = tuple(fork.player_names())
    return fork.combat_forecast().words(names)
