"""Combat Phase: declare attackers, declare blockers, damage."""

from __future__ import annotations

from collections.abc import Sequence

from engine.core.evolve import evolve
from engine.vile import ops
from engine.vile.card_model import Catalog
from engine.vile.context import Ctx, News
from engine.vile.state import Combat, GameState, Monster, Phase


def end_combat(ctx: Ctx, state: GameState) -> GameState:
    state = evolve(state, combat=None, phase=Phase.MAIN2)
    ctx.say(state, state.active, f"{state.players[state.active].name}: {Phase.MAIN2.label}")
    return state


def declare_attackers(ctx: Ctx, state: GameState, attackers: Sequence[int]) -> GameState:
    seat = state.active
    name = state.players[seat].name
    if not attackers:
        ctx.say(state, seat, f"{name} does not attack")
        return end_combat(ctx, state)
    names = ", ".join(ctx.card(_m(state, a).card_id).name for a in attackers)
    ctx.say(state, seat, f"{name} attacks with {names}")
    state = evolve(state, combat=Combat("blockers", tuple(attackers)))
    if not any(m.deployed for m in state.controlled(1 - seat)):
        # "If your opponent has no deployed monsters, no damage is dealt."
        ctx.say(state, seat, "there is no deployed monster to block or to damage", News.NO_FIGHT)
        return end_combat(ctx, state)
    return state


def declare_blockers(ctx: Ctx, state: GameState, blocks: Sequence[tuple[int, int]]) -> GameState:
    combat = state.combat
    assert combat is not None
    seat = 1 - state.active
    if blocks:
        words = ", ".join(
            f"{ctx.card(_m(state, b).card_id).name} blocks {ctx.card(_m(state, a).card_id).name}"
            for b, a in blocks
        )
        ctx.say(state, seat, words)
    else:
        ctx.say(state, seat, f"{state.players[seat].name} does not block")
    return evolve(state, combat=evolve(combat, step="damage", blocks=tuple(blocks)))


def blockers_of(combat: Combat, attacker: int) -> list[int]:
    return [b for b, a in combat.blocks if a == attacker]


def default_split(
    state: GameState, catalog: Catalog, attacker: Monster, blockers: Sequence[int]
) -> list[tuple[int, int]]:
    """A blocked attacker's damage when its player does not divide it: to the blockers in the
    order they blocked, enough to kill each, the rest to the last."""
    left = ops.attack_of(attacker, catalog)
    out = []
    for i, b in enumerate(blockers):
        m = _m(state, b)
        need = max(0, ops.defense_of(m, catalog) - m.damage)
        amount = left if i == len(blockers) - 1 else min(left, need)
        out.append((b, amount))
        left -= amount
    return out


def deal_damage(
    ctx: Ctx, state: GameState, assignments: Sequence[tuple[int, int, int]]
) -> GameState:
    """Damage: every attacker and blocker deals its damage at once; then monsters die."""
    combat = state.combat
    assert combat is not None
    catalog = ctx.catalog
    hits: list[tuple[int, int, int]] = []  # (source, target, amount)
    chosen = {a for a, _, _ in assignments}
    hits.extend(assignments)
    for a in combat.attackers:
        blockers = blockers_of(combat, a)
        if a not in chosen and blockers:
            attacker = _m(state, a)
            hits.extend((a, b, n) for b, n in default_split(state, catalog, attacker, blockers))
    for b, a in combat.blocks:
        hits.append((b, a, ops.attack_of(_m(state, b), catalog)))
    damage: dict[int, int] = {}
    for source, target, amount in hits:
        if amount > 0:
            damage[target] = damage.get(target, 0) + amount
            src = ctx.card(_m(state, source).card_id).name
            ctx.say(state, None, f"{src} deals {amount} damage to {_name(ctx, state, target)}")
    state = evolve(
        state,
        monsters=tuple(
            evolve(m, damage=m.damage + damage[m.id]) if m.id in damage else m
            for m in state.monsters
        ),
    )
    state = ops.deaths(ctx, state)
    return end_combat(ctx, state)


def _m(state: GameState, monster_id: int) -> Monster:
    m = state.monster(monster_id)
    assert m is not None
    return m


def _name(ctx: Ctx, state: GameState, monster_id: int) -> str:
    return ctx.card(_m(state, monster_id).card_id).name
