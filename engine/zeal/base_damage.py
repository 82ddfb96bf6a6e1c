"""Combat damage to bases (Combat: Dealing Combat Damage to Bases; Assimilate; Conquer).

One at a time, each unblocked attacker deals its damage to a base its player chooses. Excess
damage is dealt to an adjacent base (defense equal or within one); what exceeds that base is
excess damage again, so it carries on to a base adjacent to the one just defeated, until it is
used up or no adjacent base stands. The attacking player names the bases in AssignDamage.bases:
an attacker's first entry is the base it hits, its further entries where its excess goes, in
order; anything left out (or no longer standing) the engine picks: the base closest to falling.
"""

from __future__ import annotations

from engine.zeal import damage
from engine.zeal.actions import AssignDamage
from engine.zeal.context import Ctx
from engine.zeal.ops import standing_bases
from engine.zeal.state import BaseState, CombatState, GameState, Permanent

BaseRef = tuple[int, int]  # (owner seat, index among the owner's bases)


def adjacent(a: BaseState, b: BaseState) -> bool:
    """Bases are adjacent if they have the same defense value or values within one."""
    return abs(a.defense - b.defense) <= 1


def choices_by_attacker(action: AssignDamage | None) -> dict[int, list[BaseRef]]:
    """The attacking player's base choices, per attacker, in the order given."""
    out: dict[int, list[BaseRef]] = {}
    for attacker, owner, index in action.bases if action else ():
        out.setdefault(attacker, []).append((owner, index))
    return out


def _pick(
    state: GameState, candidates: list[tuple[int, int, BaseState]], wanted: BaseRef | None
) -> BaseRef | None:
    if not candidates:
        return None
    if wanted is not None and any((o, i) == wanted for o, i, _ in candidates):
        return wanted
    owner, index, _ = min(candidates, key=lambda b: (b[2].defense - b[2].damage, b[2].defense))
    return owner, index


def damage_bases(
    ctx: Ctx,
    state: GameState,
    combat: CombatState,
    hits_bases: list[int],
    action: AssignDamage | None,
) -> tuple[GameState, list[int]]:
    """``hits_bases``: attackers dealing damage to bases, in combat order. Returns the state
    and the attackers that dealt combat damage to a base defeated in this combat (Conquer)."""
    chosen = choices_by_attacker(action)
    named = [a for a in chosen if a in hits_bases]
    order = named + [a for a in hits_bases if a not in chosen]
    hitters: dict[BaseRef, list[int]] = {}
    defeated: list[BaseRef] = []
    for pid in order:
        hitter = state.permanent(pid)
        defender = combat.defender_of(pid)
        if hitter is None or defender is None or hitter.combat <= 0:
            continue
        wishes = chosen.get(pid, [])
        ref = _pick(state, standing_bases(state, defender), wishes[0] if wishes else None)
        amount, step = hitter.combat, 1
        while ref is not None and amount > 0:
            hitters.setdefault(ref, []).append(pid)
            state, amount, down = _hit_base(ctx, state, hitter, ref, amount)
            if down:
                defeated.append(ref)
            if amount <= 0:
                break
            hit = state.players[ref[0]].bases[ref[1]]
            near = [
                b
                for b in standing_bases(state, defender)
                if adjacent(b[2], hit) and (b[0], b[1]) != ref
            ]
            ref = _pick(state, near, wishes[step] if step < len(wishes) else None)
            step += 1
    conquerors: list[int] = []
    for ref in defeated:
        for pid in hitters.get(ref, []):
            if pid not in conquerors:
                conquerors.append(pid)
    return state, conquerors


def _hit_base(
    ctx: Ctx, state: GameState, attacker: Permanent, ref: BaseRef, amount: int
) -> tuple[GameState, int, bool]:
    """Deals ``amount``; returns the excess and whether the base was defeated (face down, or
    taken by Assimilate)."""
    owner, index = ref
    before = state.players[owner].bases[index]
    state, excess = damage.damage_base(ctx, state, owner, index, amount, attacker.id)
    after = state.players[owner].bases[index]
    defeated = before.face_up and (not after.face_up or after.controller != before.controller)
    return state, excess, defeated
