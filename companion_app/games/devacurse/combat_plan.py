"""The combat assistant's model, without Kivy: who may take part in the declaration the
engine waits for, the choices each has, the action they make, and the engine's forecast of
it (on a fork: the live game is untouched). In IV.A's damage step, an attacking soldier with
several blockers gives the attacking player a row per blocker: the place it takes the AT in
(README reading 5, DamageOrder). No rule lives here."""

from __future__ import annotations

from collections.abc import Sequence
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
    chosen: int = 0  # the option shown first (a blocker's place in the damage order now)
    group: int = 0  # the damage step: the attacker whose blockers these rows order


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
            "No combat now: soldier combat (rule IV.A) and hero combat (rule IV.B) come here",
            -1,
            "",
            (),
        )
    cat = game.catalog
    # The section is cited, not used as a name: players know the step by its words.
    section = (
        "Hero combat (rule IV.B)" if state.phase == HERO_COMBAT else "Soldier combat (rule IV.A)"
    )
    attacker, defender = combat.attacker, 1 - combat.attacker
    names = [p.name for p in state.players]

    def label(unit_id: int) -> str:
        u = state.unit(unit_id)
        if u is None:
            return str(unit_id)
        stat = "AP" if u.hero else "DF"
        return f"{named(u)} (AT {attack(cat, u)}, {stat} {remaining(cat, u)})"

    def named(u: Any) -> str:
        """A unit's name; with two of one card on a side, which one: the order they were
        called in (two identical "Temple Guard" rows could not be told apart)."""
        own = name(cat, u)
        twins = [t.id for t in state.players[u.owner].units if name(cat, t) == own]
        if len(twins) < 2:
            return own
        return f"{own}, called {_nth(sorted(twins).index(u.id))}"

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
        if state.phase == SOLDIER_COMBAT:
            for a, blockers in several_blockers(game):
                places = tuple(
                    (f"takes {label(a).split(' (')[0]}'s AT {_nth(i)}", i)
                    for i in range(len(blockers))
                )
                for i, b in enumerate(blockers):
                    rows.append(Row(b, label(b), places, chosen=i, group=a))
            if rows:
                title = f"{section}: {names[attacker]} orders the damage, then resolves"
    return Plan(title, seat, combat.step, tuple(rows))


def _nth(i: int) -> str:
    return ("1st", "2nd", "3rd")[i] if i < 3 else f"{i + 1}th"


def several_blockers(game: DevacurseGame) -> list[tuple[int, tuple[int, ...]]]:
    """IV.A: (attacker, its blockers in the damage order now) for each attacking soldier
    blocked by more than one."""
    combat = game.state.combat
    if combat is None:
        return []
    out = []
    for a in combat.attackers:
        blockers = tuple(b for b, x in combat.blocks if x == a)
        if len(blockers) > 1:
            out.append((a, blockers))
    return out


def moved(places: dict[int, int], unit: int, place: int) -> dict[int, int]:
    """One blocker moved to ``place`` in its attacker's damage order (``places``: blocker ->
    place): the others keep their order around it, so the places stay 1st, 2nd, ..."""
    rest = [b for b in sorted(places, key=lambda b: places[b]) if b != unit]
    rest.insert(min(place, len(rest)), unit)
    return {b: i for i, b in enumerate(rest)}


def damage_orders(game: DevacurseGame, chosen: dict[int, Any]) -> tuple[da.DamageOrder, ...]:
    """The DamageOrder for each attacker whose blockers' places were changed (``chosen``:
    blocker id -> its place; equal places keep the order they had)."""
    combat = game.state.combat
    if combat is None:
        return ()
    out = []
    for a, blockers in several_blockers(game):
        order = tuple(
            sorted(
                blockers, key=lambda b: (int(chosen.get(b, blockers.index(b))), blockers.index(b))
            )
        )
        if order != blockers:
            out.append(da.DamageOrder(combat.attacker, a, order))
    return tuple(out)


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
        orders = damage_orders(game, chosen) if game.state.phase == SOLDIER_COMBAT else ()
        return orders[0] if orders else da.Resolve(seat)
    return None


def forecast_lines(
    game: DevacurseGame, action: da.Action | None, more: Sequence[da.Action] = ()
) -> list[str]:
    """The engine's forecast once ``action`` (and ``more`` after it) is taken (on a fork), in
    players' words."""
    if action is None:
        return []
    fork = game.fork()
    for step in (action, *more):
        why = fork.explain(step)
        if why is not None:
            return [f"Not allowed: {why}"]
        if not isinstance(step, da.Resolve):
            fork.apply(step)
    names = tuple(fork.player_names())
    return fork.combat_forecast().words(names)
