"""Damage to characters and bases, and bases being defeated (Damage; Defense; Execute;
Assimilate; Invincible; Immune)."""

from __future__ import annotations

from engine.zeal import deaths
from engine.zeal.context import Ctx, News
from engine.zeal.keywords import can_be_damaged
from engine.zeal.ops import name, set_base, update_permanent
from engine.zeal.state import GameState, Permanent


def damage_character(
    ctx: Ctx, state: GameState, perm: Permanent, amount: int, source: str, by: Permanent | None
) -> GameState:
    """Deals damage; Execute kills any character it damages."""
    if amount <= 0:
        return state
    if not can_be_damaged(perm, source):
        why = "invincible" if perm.has("invincible") else f"immune to {source}"
        ctx.say(state, perm.controller, f"{perm.name} is {why} and takes no damage")
        return state
    state = update_permanent(state, perm.id, damage=perm.damage + amount)
    ctx.say(state, perm.controller, f"{perm.name} takes {amount} damage")
    if by is not None and by.has("execute"):
        current = state.permanent(perm.id)
        if current is not None:
            deaths.kill(ctx, state, current, source)
    return state


def damage_base(
    ctx: Ctx, state: GameState, owner: int, index: int, amount: int, by: int | None
) -> tuple[GameState, int]:
    """Deals damage to a base; returns the excess beyond what defeated it (or 0)."""
    base = state.players[owner].bases[index]
    if not base.face_up or amount <= 0:
        return state, 0
    total = base.damage + amount
    damaged_by = base.damaged_by if by is None or by in base.damaged_by else base.damaged_by + (by,)
    label = f"{name(state, base.controller)}'s base {base.defense}"
    if total < base.defense:
        ctx.say(state, base.controller, f"{label} takes {amount} damage", News.BASE_HIT)
        return set_base(state, owner, index, damage=total, damaged_by=damaged_by), 0
    excess = total - base.defense
    state = set_base(state, owner, index, damage=base.defense, damaged_by=damaged_by)
    state = defeat_base(ctx, state, owner, index)
    return state, excess


def defeat_base(ctx: Ctx, state: GameState, owner: int, index: int) -> GameState:
    """A defeated base turns face down; Assimilate takes control of it instead (when a
    character with Assimilate dealt it damage this turn)."""
    base = state.players[owner].bases[index]
    label = f"{name(state, base.controller)}'s base {base.defense}"
    for pid in base.damaged_by:
        perm = state.permanent(pid)
        if perm is not None and perm.has("assimilate") and perm.controller != base.controller:
            ctx.say(state, perm.controller, f"{perm.name} assimilates {label}", News.BASE_TAKEN)
            return set_base(
                state, owner, index, controller=perm.controller, damage=0, damaged_by=()
            )
    ctx.say(state, base.controller, f"{label} is defeated and turned face down", News.BASE_DEFEATED)
    return set_base(state, owner, index, face_up=False)
