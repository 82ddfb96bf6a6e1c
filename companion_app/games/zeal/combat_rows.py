"""What the combat assistant lists (no Kivy): the declaration the rules wait for, who makes
it, and one row per character that could take part, with only the choices the engine allows
that character on its own. A choice that opens a further decision of the same player gets a
row beneath it (combat_beneath.py): a Hunt attacker's blocker (Keywords: Hunt) and where an
attacker's excess damage goes (Combat: Dealing Combat Damage to Bases). The screen (combat_screen.py) and the
player model (player_model.py) both read it, so what the model taps is what the screen shows.

The rows' choices are a mapping from each row's ``key`` to its value; ``rows(game, chosen)``
lists the rows those choices open, ``declaration(game, chosen)`` the action they make."""

from __future__ import annotations

import dataclasses
from collections.abc import Mapping
from typing import Any

from companion_app.games.zeal import combat_beneath
from companion_app.games.zeal.combat_excess import standing_after
from companion_app.games.zeal.combat_row import EXCESS, HUNT, Row
from engine.zeal import ZealGame, combat
from engine.zeal import actions as za
from engine.zeal.ops import standing_bases

DECLARATIONS: dict[str, type[Any]] = {
    "attackers": za.DeclareAttackers,
    "blockers": za.DeclareBlockers,
    "flankers": za.DeclareFlankers,
    "damage": za.AssignDamage,
}
__all__ = ["DECLARATIONS", "EXCESS", "HUNT", "Row", "declaration", "declarer", "phase", "rows"]


def phase(game: ZealGame) -> str:
    """The declaration the rules wait for ("attackers", ...), or ""."""
    state = game.state
    return state.awaiting if state.awaiting in DECLARATIONS and not state.over else ""


def declarer(game: ZealGame) -> int:
    """Who makes the declaration due now (-1: nobody)."""
    kind = DECLARATIONS.get(phase(game))
    if kind is None:
        return -1
    for seat in range(len(game.state.players)):
        if game.is_legal(kind(seat)):
            return seat
    # An empty declaration may be illegal (Hunt); fall back to who the engine names.
    for action in game.legal_actions():
        if isinstance(action, kind):
            return int(action.player)
    return -1


def rows(game: ZealGame, chosen: Mapping[Any, Any] | None = None) -> tuple[Row, ...]:
    """The rows, each followed by the rows its choice in ``chosen`` opens (none chosen: each
    character's own row only)."""
    chosen = chosen or {}
    now, seat = phase(game), declarer(game)
    listed: list[Row] = []
    earlier: list[tuple[int, int, int]] = []  # bases named by the attackers above
    for own in _own_rows(game):
        row = _still_standing(game, seat, own, earlier) if now == "damage" else own
        listed.append(row)
        value = chosen.get(row.key)
        if value is None or value not in row.values():
            continue
        if now == "attackers":
            listed += combat_beneath.hunt_row(game, seat, row, value)
        elif isinstance(value, tuple):
            beneath = combat_beneath.excess_rows(game, seat, row, value, chosen, earlier)
            listed += beneath
            earlier += [(row.permanent_id, value[1], value[2])] + [
                (row.permanent_id, v[1], v[2])
                for r in beneath
                if isinstance(v := chosen.get(r.key), tuple) and v in r.values()
            ]
    return tuple(listed)


def _still_standing(
    game: ZealGame, seat: int, row: Row, earlier: list[tuple[int, int, int]]
) -> Row:
    """An attacker's base row offers only the bases still standing once the attackers named
    above it have hit theirs (Dealing Combat Damage to Bases: one at a time): a base they
    defeat is gone, and naming it would leave the base and its excess to the engine."""
    combat_now = game.state.combat
    defender = combat_now.defender_of(row.permanent_id) if combat_now is not None else None
    if not earlier or defender is None or not any(isinstance(v, tuple) for v in row.values()):
        return row
    standing = standing_after(game, seat, earlier, defender)
    kept = tuple(o for o in row.options if not isinstance(o[1], tuple) or o[1][1:] in standing)
    return row if kept == row.options else dataclasses.replace(row, options=kept)


# The last position's own rows: the rows are listed again after every choice (a tap, or each
# step of the player model), and a position's own rows cost an engine check per option.
_own_cache: list[Any] = [None, None, ()]  # game, its state, the rows (states never change)


def _own_rows(game: ZealGame) -> tuple[Row, ...]:
    """One row per character that could take part, with the choices it has on its own."""
    if _own_cache[0] is game and _own_cache[1] is game.state:
        return tuple(_own_cache[2])
    listed = _list_own_rows(game)
    _own_cache[:] = [game, game.state, listed]
    return listed


def _list_own_rows(game: ZealGame) -> tuple[Row, ...]:
    state = game.state
    now, seat = phase(game), declarer(game)
    if not now or seat < 0:
        return ()
    names = [p.name for p in state.players]
    everyone = {p.id: p for pl in state.players for p in pl.in_play}
    found: list[tuple[Any, list[tuple[str, Any]]]] = []
    if now == "attackers":
        for perm in combat.can_attack(state):
            opts: list[tuple[str, Any]] = [("stays home", None)]
            for foe in state.living():
                if foe != seat and game.is_legal(za.DeclareAttackers(seat, ((perm.id, foe),))):
                    opts.append((f"attacks {names[foe]}", foe))
            found.append((perm, opts))
    elif now == "blockers":
        pairs = combat.block_options(state, seat)
        for perm in state.players[seat].in_play:
            opts = [("doesn't block", None)] + [
                (f"blocks {_name(everyone, a)}", a) for b, a in pairs if b == perm.id
            ]
            if len(opts) > 1:
                found.append((perm, opts))
    elif now == "flankers":
        pairs = combat.flank_options(state)
        for pid in dict.fromkeys(f for f, _b in pairs):
            opts = [("doesn't flank", None)] + [
                (f"flanks {_name(everyone, b)}", b) for f, b in pairs if f == pid
            ]
            found.append((everyone[pid], opts))
    elif now == "damage" and state.combat is not None:
        for a, _d in state.combat.attackers:
            blocked_by = state.combat.blockers_of(a)
            if len(blocked_by) < 2 or a not in everyone:
                continue
            opts = [("damages the strongest it can kill", None)] + [
                (f"damages {_name(everyone, b)}", b)
                for b in blocked_by
                if game.is_legal(za.AssignDamage(seat, blockers=((a, b),)))
            ]
            found.append((everyone[a], opts))
        # Dealing Combat Damage to Bases: the attacking player chooses the base each attacker
        # hits (left out: the base closest to falling).
        for a, defender in state.combat.attackers:
            if a not in everyone or defender is None:
                continue
            if not combat.hits_bases(state, state.combat, a):
                continue
            opts = [("hits the base closest to falling", None)]
            for owner, index, base in standing_bases(state, defender):
                choice = ("base", owner, index)
                if game.is_legal(za.AssignDamage(seat, bases=((a, owner, index),))):
                    opts.append((f"hits {names[owner]}'s base {base.defense}", choice))
            if len(opts) > 1:
                found.append((everyone[a], opts))
    labels = [p.name for p, _o in found]
    return tuple(
        Row(
            p.id,
            f"{p.name} #{labels[: k + 1].count(p.name)}" if labels.count(p.name) > 1 else p.name,
            p.combat,
            tuple(o),
        )
        for k, (p, o) in enumerate(found)
    )


def _name(everyone: dict[int, Any], pid: int) -> str:
    """A card in play by its name, numbered as its rows are ("Ghoul #2") when its controller
    has two of that name in play: two attackers of one name gave the blocker two buttons that
    read the same, and a tap on one could block the other (seed 4242, 5 players)."""
    perm = everyone.get(pid)
    if perm is None:
        return "a card no longer in play"
    twins = [
        p.id for p in everyone.values() if p.name == perm.name and p.controller == perm.controller
    ]
    return f"{perm.name} #{twins.index(pid) + 1}" if len(twins) > 1 else perm.name


def declaration(game: ZealGame, chosen: Mapping[Any, Any]) -> za.Action | None:
    """The declaration the rows' choices make (``chosen``: row key -> value; a key no row has
    now, or a value its row no longer offers, counts for nothing), in the order the engine
    lists its own (attack order; blocks and flanks as the rules offer them)."""
    state = game.state
    now, seat = phase(game), declarer(game)
    listed = rows(game, chosen)
    kept = {
        r.key: chosen[r.key]
        for r in listed
        if chosen.get(r.key) is not None and chosen[r.key] in r.values()
    }
    picked = [(key, v) for key, v in kept.items() if isinstance(key, int)]
    if now == "attackers":
        order = [p.id for p in combat.can_attack(state)]
        picked.sort(key=lambda pv: order.index(pv[0]) if pv[0] in order else len(order))
        hunts = [
            (r.permanent_id, kept[r.key])
            for r in listed
            if isinstance(r.key, tuple) and r.key[0] == HUNT and r.key in kept
        ]
        return za.DeclareAttackers(seat, tuple(picked), hunts=tuple(hunts))
    if now == "blockers":
        offered = combat.block_options(state, seat)
        picked.sort(key=lambda pv: offered.index(pv) if pv in offered else len(offered))
        return za.DeclareBlockers(seat, tuple(picked))
    if now == "flankers":
        offered = combat.flank_options(state)
        picked.sort(key=lambda pv: offered.index(pv) if pv in offered else len(offered))
        return za.DeclareFlankers(seat, tuple(picked))
    if now == "damage":
        blockers = tuple((pid, v) for pid, v in picked if not isinstance(v, tuple))
        # The rows list each attacker's base, then its excess steps, in attack order.
        bases = tuple(
            (r.permanent_id, kept[r.key][1], kept[r.key][2])
            for r in listed
            if isinstance(kept.get(r.key), tuple)
        )
        return za.AssignDamage(seat, blockers=blockers, bases=bases)
    return None
