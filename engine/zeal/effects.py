"""The effect vocabulary (cards as data): what each op in a card's ``effects`` does.

Targets were declared when the action was played; each is checked again here and one that is
gone or no longer valid is treated as not chosen (Choosing Targets). Text the vocabulary cannot
express becomes a note the players resolve by hand (MarkResolved).
"""

from __future__ import annotations

from engine.core.evolve import evolve
from engine.zeal import deaths
from engine.zeal.cards import Effect
from engine.zeal.context import Ctx
from engine.zeal.damage import damage_base, damage_character, defeat_base
from engine.zeal.doing import Doing, Handler
from engine.zeal.effects_stack import copy_spell, counter, counter_kill_debut, take_spell
from engine.zeal.entering import (
    entered_play,
    reanimate,
    reanimate_target,
    reanimate_until_end_of_turn,
)
from engine.zeal.keywords import immune_to
from engine.zeal.ops import (
    draw,
    gain_devotion,
    move_permanent,
    name,
    parse_base_ref,
    remove_permanent,
    set_base,
    set_player,
    standing_bases,
    to_hand,
    update_permanent,
)
from engine.zeal.state import MAX_CURRENT_DEVOTION, GameState, Permanent, Target
from engine.zeal.targets import check_target


def run(
    ctx: Ctx, state: GameState, doing: Doing, effects: tuple[Effect, ...], targets: list[Target]
) -> GameState:
    """Runs effects in order; ``targets`` is consumed by the targeted effects, in order."""
    for effect in effects:
        target: Target | None = None
        if effect.target:
            target = targets.pop(0) if targets else None
            if target is not None:
                problem = check_target(
                    state,
                    ctx.catalog,
                    effect.target,
                    target,
                    doing.controller,
                    doing.source,
                    declaring=False,
                )
                if problem:
                    ctx.say(
                        state, doing.controller, f"{doing.what}: {problem}; resolved as not chosen"
                    )
                    target = None
        if effect.x:
            effect = evolve(effect, amount=doing.x)  # Lightning Storm: X as chosen when played
        state = HANDLERS[effect.op](ctx, state, doing, effect, target)
        if ctx.stop:
            # Bloodmoon Ritual: when it can't sacrifice, the rest of the text doesn't happen.
            ctx.stop = False
            ctx.say(state, doing.controller, f"{doing.what}: nothing more happens")
            break
    return state


def _perm(state: GameState, target: Target | None) -> Permanent | None:
    if isinstance(target, int) and not isinstance(target, bool):
        return state.permanent(target)
    return None


def _scoped(state: GameState, doing: Doing, scope: str, kind: str) -> list[Permanent]:
    out = []
    for perm in state.permanents():
        if perm.kind != kind:
            continue
        if scope == "foes" and perm.controller == doing.controller:
            continue
        if scope == "yours" and perm.controller != doing.controller:
            continue
        out.append(perm)
    return out


def _targets_or_scope(
    state: GameState, doing: Doing, effect: Effect, target: Target | None, kind: str
) -> list[Permanent]:
    if effect.scope:
        found = _scoped(state, doing, effect.scope, kind)
        # Immune to global spells too (Nullmage Warrior and Revenge of the Goddess).
        return [p for p in found if not immune_to(p.keywords, doing.source)]
    perm = _perm(state, target)
    return [perm] if perm is not None else []


# --- handlers, one per op -------------------------------------------------------------------


def _draw(
    ctx: Ctx, state: GameState, doing: Doing, effect: Effect, target: Target | None
) -> GameState:
    ctx.say(state, doing.controller, f"{name(state, doing.controller)} draws {effect.amount or 1}")
    return draw(ctx, state, doing.controller, effect.amount or 1)


def _gain_devotion(
    ctx: Ctx, state: GameState, doing: Doing, effect: Effect, target: Target | None
) -> GameState:
    state = gain_devotion(state, doing.controller, effect.amount)
    p = state.players[doing.controller]
    ctx.say(
        state,
        doing.controller,
        f"{p.name} gains {effect.amount} current devotion (now {p.devotion})",
    )
    return state


def _gain_max(
    ctx: Ctx, state: GameState, doing: Doing, effect: Effect, target: Target | None
) -> GameState:
    p = state.players[doing.controller]
    top = min(MAX_CURRENT_DEVOTION, p.max_devotion + effect.amount)
    state = set_player(state, doing.controller, max_devotion=top)
    ctx.say(state, doing.controller, f"{p.name}'s maximum devotion rises by {effect.amount}")
    return state


def _develop(
    ctx: Ctx, state: GameState, doing: Doing, effect: Effect, target: Target | None
) -> GameState:
    """Develop N: choose N times, one at a time, to draw or raise maximum devotion."""
    p = state.players[doing.controller]
    ctx.say(state, doing.controller, f"{p.name} develops {effect.amount}")
    return set_player(state, doing.controller, develop_left=p.develop_left + effect.amount)


def _deal_damage(
    ctx: Ctx, state: GameState, doing: Doing, effect: Effect, target: Target | None
) -> GameState:
    by = state.permanent(doing.source_id) if doing.source_id is not None else None
    ref = parse_base_ref(state, target)
    if ref is not None:
        state, _ = damage_base(ctx, state, ref[0], ref[1], effect.amount, None)
        return state
    for perm in _targets_or_scope(state, doing, effect, target, "character"):
        current = state.permanent(perm.id)
        if current is not None:
            state = damage_character(ctx, state, current, effect.amount, doing.source, by)
    return state


def _kill(
    ctx: Ctx, state: GameState, doing: Doing, effect: Effect, target: Target | None
) -> GameState:
    for perm in _targets_or_scope(state, doing, effect, target, "character"):
        deaths.kill(ctx, state, perm, doing.source)
    return state


def _destroy(
    ctx: Ctx, state: GameState, doing: Doing, effect: Effect, target: Target | None
) -> GameState:
    if effect.scope == "self":
        # Apocalypse Chamber destroys itself (not if it is invincible).
        me = state.permanent(doing.source_id) if doing.source_id is not None else None
        return deaths.destroy(ctx, state, me) if me is not None else state
    for perm in _targets_or_scope(state, doing, effect, target, "device"):
        current = state.permanent(perm.id)
        if current is not None:
            state = deaths.destroy(ctx, state, current)
    return state


def _kill_or_destroy(
    ctx: Ctx, state: GameState, doing: Doing, effect: Effect, target: Target | None
) -> GameState:
    """Destroy target device or kill target character (Andrenid Destroyer)."""
    perm = _perm(state, target)
    if perm is None:
        return state
    if perm.is_character:
        deaths.kill(ctx, state, perm, doing.source)
        return state
    return deaths.destroy(ctx, state, perm)


def _defeat_base(
    ctx: Ctx, state: GameState, doing: Doing, effect: Effect, target: Target | None
) -> GameState:
    ref = parse_base_ref(state, target)
    if ref is None:
        return state
    return defeat_base(ctx, state, ref[0], ref[1])


def _restore_base(
    ctx: Ctx, state: GameState, doing: Doing, effect: Effect, target: Target | None
) -> GameState:
    ref = parse_base_ref(state, target)
    if ref is None:
        return state
    base = state.players[ref[0]].bases[ref[1]]
    ctx.say(
        state, base.controller, f"{name(state, base.controller)}'s base {base.defense} is restored"
    )
    return set_base(state, ref[0], ref[1], face_up=True, damage=0, damaged_by=())


def _sacrifice_base(
    ctx: Ctx, state: GameState, doing: Doing, effect: Effect, target: Target | None
) -> GameState:
    """Sacrifice a Base: choose a base you control and turn it face down (none chosen: the
    lowest standing one)."""
    ref = parse_base_ref(state, target)
    if ref is None:
        standing = standing_bases(state, doing.controller)
        if not standing:
            return state
        owner, index, _ = min(standing, key=lambda b: b[2].defense)
        ref = (owner, index)
    base = state.players[ref[0]].bases[ref[1]]
    ctx.say(
        state, doing.controller, f"{name(state, doing.controller)} sacrifices base {base.defense}"
    )
    return set_base(state, ref[0], ref[1], face_up=False)


def _sacrifice_character(
    ctx: Ctx, state: GameState, doing: Doing, effect: Effect, target: Target | None
) -> GameState:
    """Sacrifice a Character: it dies even if invincible. With an amount, all or nothing."""
    mine = [p for p in state.players[doing.controller].in_play if p.is_character]
    count = max(1, effect.amount)
    if len(mine) < count:
        ctx.say(
            state,
            doing.controller,
            f"{name(state, doing.controller)} controls fewer than {count} characters: none sacrificed",
        )
        ctx.stop = effect.amount > 0  # "sacrifice two ...: then ..." is all or nothing
        return state
    chosen: list[Permanent] = []
    perm = _perm(state, target)
    if perm is not None and perm.controller == doing.controller:
        chosen.append(perm)
    for p in sorted(mine, key=lambda p: (p.combat, p.id)):
        if len(chosen) >= count:
            break
        if p not in chosen:
            chosen.append(p)
    for p in chosen:
        deaths.force_die(ctx, p, "is sacrificed")
    return state


def _transform(
    ctx: Ctx, state: GameState, doing: Doing, effect: Effect, target: Target | None
) -> GameState:
    """Noctium Gargoyle: switches between character and device; damage stays, and a device
    connected to it stays connected."""
    me = state.permanent(doing.source_id) if doing.source_id is not None else None
    if me is None:
        return state
    kind = "device" if me.is_character else "character"
    ctx.say(state, me.controller, f"{me.name} becomes a {kind}")
    return update_permanent(state, me.id, kind=kind)


def _gain_control(
    ctx: Ctx, state: GameState, doing: Doing, effect: Effect, target: Target | None
) -> GameState:
    perm = _perm(state, target)
    if perm is None or perm.controller == doing.controller:
        return state
    ctx.say(
        state, doing.controller, f"{name(state, doing.controller)} gains control of {perm.name}"
    )
    return move_permanent(state, perm.id, doing.controller)


def _gain_control_until_next_turn(
    ctx: Ctx, state: GameState, doing: Doing, effect: Effect, target: Target | None
) -> GameState:
    """Possess the Living without Zeal: its controller when cast gets it back next turn."""
    perm = _perm(state, target)
    if perm is None or perm.controller == doing.controller:
        return state
    previous = perm.controller
    state = _gain_control(ctx, state, doing, effect, target)
    return update_permanent(state, perm.id, returns_to=previous, returns_next_turn=True)


def _return_to_hand(
    ctx: Ctx, state: GameState, doing: Doing, effect: Effect, target: Target | None
) -> GameState:
    perm = _perm(state, target)
    if perm is None:
        return state
    state, _ = remove_permanent(state, perm.id)
    state = to_hand(state, perm.owner, perm.card_id)
    ctx.say(state, perm.owner, f"{perm.name} returns to {name(state, perm.owner)}'s hand")
    return deaths.leave_play(ctx, state, perm)


def _combat_bonus(
    ctx: Ctx, state: GameState, doing: Doing, effect: Effect, target: Target | None
) -> GameState:
    for perm in _targets_or_scope(state, doing, effect, target, "character"):
        state = update_permanent(state, perm.id, combat_bonus=perm.combat_bonus + effect.amount)
        sign = "+" if effect.amount >= 0 else ""
        ctx.say(state, perm.controller, f"{perm.name} gets {sign}{effect.amount} combat this turn")
    return state


def _grant_keyword(
    ctx: Ctx, state: GameState, doing: Doing, effect: Effect, target: Target | None
) -> GameState:
    for perm in _targets_or_scope(state, doing, effect, target, "character"):
        state = update_permanent(
            state, perm.id, granted_keywords=perm.granted_keywords + (effect.keyword,)
        )
        ctx.say(state, perm.controller, f"{perm.name} gains {effect.keyword} this turn")
    return state


def _grant_dies_devotion(
    ctx: Ctx, state: GameState, doing: Doing, effect: Effect, target: Target | None
) -> GameState:
    for perm in _scoped(state, doing, effect.scope or "yours", "character"):
        state = update_permanent(state, perm.id, dies_devotion=perm.dies_devotion + effect.amount)
    return state


def _note(
    ctx: Ctx, state: GameState, doing: Doing, effect: Effect, target: Target | None
) -> GameState:
    """Text beyond the vocabulary: the players resolve it by hand, then MarkResolved."""
    note = f"{doing.what}: {effect.text or effect.op}"
    ctx.say(state, doing.controller, f"Resolve by hand: {note}")
    return evolve(state, notes=state.notes + (note,))


HANDLERS: dict[str, Handler] = {
    "draw": _draw,
    "gain_devotion": _gain_devotion,
    "gain_max_devotion": _gain_max,
    "develop": _develop,
    "deal_damage": _deal_damage,
    "kill": _kill,
    "destroy": _destroy,
    "defeat_base": _defeat_base,
    "restore_base": _restore_base,
    "sacrifice_base": _sacrifice_base,
    "sacrifice_character": _sacrifice_character,
    "reanimate": reanimate_target,
    "reanimate_until_end_of_turn": reanimate_until_end_of_turn,
    "kill_or_destroy": _kill_or_destroy,
    "counter": counter,
    "counter_kill_debut": counter_kill_debut,
    "take_spell": take_spell,
    "copy_spell": copy_spell,
    "transform": _transform,
    "gain_control": _gain_control,
    "gain_control_until_next_turn": _gain_control_until_next_turn,
    "return_to_hand": _return_to_hand,
    "combat_bonus": _combat_bonus,
    "grant_keyword": _grant_keyword,
    "grant_dies_devotion": _grant_dies_devotion,
    "search_deck": _note,
    "prompt": _note,
}

__all__ = [
    "Doing",
    "damage_base",
    "damage_character",
    "defeat_base",
    "entered_play",
    "reanimate",
    "run",
]
