"""What the combat assistant lists (no Kivy): the declaration the rules wait for, who makes
it, and one row per character that could take part, with only the choices the engine allows
that character on its own. The screen (combat_screen.py) and the player model
(player_model.py) both read it, so what the model taps is what the screen shows."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from engine.zeal import ZealGame, combat
from engine.zeal import actions as za
from engine.zeal.ops import standing_bases

DECLARATIONS: dict[str, type[Any]] = {
    "attackers": za.DeclareAttackers,
    "blockers": za.DeclareBlockers,
    "flankers": za.DeclareFlankers,
    "damage": za.AssignDamage,
}


@dataclass(frozen=True)
class Row:
    """A character and what it may do: (words, value); value None stays out of it."""

    permanent_id: int
    name: str  # "Ghoul" ("Ghoul #2" when two of the declarer's share a name)
    combat: int
    options: tuple[tuple[str, Any], ...]

    def label(self) -> str:
        """The row's words beside its button: the character and its combat score."""
        return f"{self.name} ({self.combat})"

    def text(self, chosen: int) -> str:
        """The row's button: whose it is and what it does ("Ghoul attacks Anton")."""
        return f"{self.name} {self.options[chosen][0]}"


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


def rows(game: ZealGame) -> tuple[Row, ...]:
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
    perm = everyone.get(pid)
    return perm.name if perm is not None else "a card no longer in play"


def declaration(game: ZealGame, chosen: dict[int, Any]) -> za.Action | None:
    """The declaration the rows' choices make (``chosen``: permanent id -> value), in the
    order the engine lists its own (attack order; blocks and flanks as the rules offer them)."""
    state = game.state
    now, seat = phase(game), declarer(game)
    picked = [(pid, v) for pid, v in chosen.items() if v is not None]
    if now == "attackers":
        order = [p.id for p in combat.can_attack(state)]
        picked.sort(key=lambda pv: order.index(pv[0]) if pv[0] in order else len(order))
        return za.DeclareAttackers(seat, tuple(picked))
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
        order = [a for a, _d in state.combat.attackers] if state.combat else []
        bases = sorted(
            ((pid, v[1], v[2]) for pid, v in picked if isinstance(v, tuple)),
            key=lambda b: order.index(b[0]) if b[0] in order else len(order),
        )
        return za.AssignDamage(seat, blockers=blockers, bases=tuple(bases))
    return None
