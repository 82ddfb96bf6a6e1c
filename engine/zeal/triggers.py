"""Finding triggered actions and queueing them (Triggered Actions; Trigger Keywords).

Pending triggers are played one at a time, each directly after its triggering event: a batch
goes in front of older ones, ordered with the active player's first, then the others in turn
order; each controller picks the order of their own (the app offers any of them).
"""

from __future__ import annotations

from engine.core.evolve import evolve
from engine.core.turn_order import in_turn_order
from engine.zeal.cards import Ability, Card, Effect
from engine.zeal.context import Ctx
from engine.zeal.ops import new_id
from engine.zeal.state import (
    GameState,
    PendingTrigger,
    Permanent,
    StackItem,
    Target,
    make_stack_item,
)

DIES_TRIGGERS = ("dies", "ally_dies", "other_ally_dies", "any_dies")


def pending_for(
    state: GameState,
    controller: int,
    card: Card,
    ability: Ability,
    zeal: bool,
    source: int | None,
) -> tuple[PendingTrigger, GameState]:
    tid, state = new_id(state)
    trigger = PendingTrigger(
        id=tid,
        controller=controller,
        card_id=card.id,
        name=card.name,
        ability=ability,
        zeal=zeal,
        depth=len(state.stack),
        source=source,
        is_spell=ability.trigger == "debut",  # Debut Spell counts as a spell
    )
    return trigger, state


def queue(ctx: Ctx, state: GameState, batch: list[PendingTrigger]) -> GameState:
    """Puts a batch of simultaneous triggers in front: active player's first (Asterion Bull).
    An eliminated player is out of the game: the cards they leave behind trigger nothing."""
    batch = [t for t in batch if not state.players[t.controller].eliminated]
    if not batch:
        return state
    order = in_turn_order(state.active, len(state.players))
    batch = sorted(batch, key=lambda t: order.index(t.controller))
    depth = len(state.stack)
    # Each waits for the stack to be back down to this height (a copy only when it moved).
    batch = [t if t.depth == depth else evolve(t, depth=depth) for t in batch]
    for t in batch:
        who = state.players[t.controller].name
        ctx.say(state, t.controller, f"{t.name} triggers for {who}: {describe(t.ability)}")
    return evolve(state, pending=tuple(batch) + state.pending)


def describe(ability: Ability) -> str:
    if ability.text:
        return ability.text
    if ability.trigger == "reconnect":
        return "Reconnect"
    return ", ".join(effect_words(e) for e in ability.effects) or ability.trigger


# How each effect reads in a prompt or the log: {n} amount, {what} its target or scope.
_PHRASES = {
    "draw": "draw {cards}",
    "gain_devotion": "gain {n} current devotion",
    "gain_max_devotion": "raise maximum devotion by {n}",
    "develop": "develop {n}",
    "deal_damage": "deal {n} damage to {what}",
    "kill": "kill {what}",
    "destroy": "destroy {what}",
    "kill_or_destroy": "kill or destroy {what}",
    "defeat_base": "defeat {what}",
    "restore_base": "restore {what}",
    "sacrifice_base": "sacrifice a base",
    "sacrifice_character": "sacrifice {chars}",
    "reanimate": "reanimate {what}",
    "reanimate_until_end_of_turn": "reanimate {what} until the end of the turn",
    "counter": "counter {what}",
    "counter_kill_debut": "counter {what}",
    "take_spell": "gain control of {what}",
    "copy_spell": "copy the spell",
    "transform": "switch between character and device",
    "gain_control": "gain control of {what}",
    "gain_control_until_next_turn": "gain control of {what} until the next turn",
    "return_to_hand": "return {what} to its owner's hand",
    "combat_bonus": "give {what} {signed} combat this turn",
    "grant_keyword": "give {what} {keyword} this turn",
    "grant_dies_devotion": 'give your characters "when this dies, gain {n} devotion"',
}
_SCOPE_WORDS = {
    "all": "every character",
    "foes": "each foe's character",
    "yours": "your characters",
    "self": "itself",
}


def effect_words(effect: Effect) -> str:
    if effect.text:
        return effect.text
    n = "X" if effect.x else str(effect.amount)
    what = _SCOPE_WORDS.get(effect.scope) or (
        "target "
        + effect.target.replace("own_", "your ").replace("foe_", "foe's ").replace("_", " ")
        if effect.target
        else "it"
    )
    phrase = _PHRASES.get(effect.op, effect.op.replace("_", " "))
    return phrase.format(
        n=n,
        what=what,
        cards="a card" if effect.amount <= 1 and not effect.x else f"{n} cards",
        chars="a character" if effect.amount <= 1 else f"{n} characters",
        signed=f"+{n}" if effect.amount >= 0 else n,
        keyword=effect.keyword,
    )


Found = dict[str, list[tuple[Card, Ability]]]  # (card, ability) by what triggers it


def triggers_of(ctx: Ctx, perm: Permanent) -> Found:
    """The triggered abilities of ``perm``'s card (with or without Zeal), by trigger."""
    # Asked for every permanent at every end of turn and every death: most have none, so the
    # answer per (card, Zeal) is kept with its catalog (cards are immutable data).
    known, table = _abilities[0]
    if known is not ctx.catalog:
        table = {}
        _abilities[0] = (ctx.catalog, table)
    key = (perm.card_id, perm.zeal)
    found = table.get(key)
    if found is None:
        card = ctx.card(perm.card_id)
        found = table[key] = {}
        for a in card.abilities_with(perm.zeal):  # in the card's order
            found.setdefault(a.trigger, []).append((card, a))
    return found


def abilities_of(ctx: Ctx, perm: Permanent, trigger: str) -> list[tuple[Card, Ability]]:
    return triggers_of(ctx, perm).get(trigger, [])


# The catalog the table below was made for, and the table (replaced in one step, so safe to
# share; holding the catalog's reference keeps its identity unique).
_abilities: list[tuple[object, dict[tuple[str, bool], Found]]] = [(None, {})]


def collect(
    ctx: Ctx, state: GameState, perm: Permanent, trigger: str, batch: list[PendingTrigger]
) -> GameState:
    for card, ability in abilities_of(ctx, perm, trigger):
        t, state = pending_for(state, perm.controller, card, ability, perm.zeal, perm.id)
        batch.append(t)
    return state


def gather(
    ctx: Ctx, state: GameState, perms: list[Permanent], trigger: str
) -> tuple[GameState, list[PendingTrigger]]:
    """Triggers of one kind on ``perms``, not yet queued (to join a simultaneous batch)."""
    batch: list[PendingTrigger] = []
    for perm in perms:
        state = collect(ctx, state, perm, trigger, batch)
    return state, batch


def on_deaths(
    ctx: Ctx, state: GameState, dead: list[Permanent], also: list[PendingTrigger] | None = None
) -> GameState:
    """When a character dies: everyone dying together sees the others die (Chalice Keepers
    and Psychopomp under Revenge of the Goddess). ``also``: triggers of the same event (Conquer,
    after all combat damage), ordered together with these."""
    batch: list[PendingTrigger] = list(also or ())
    dead_chars = [d for d in dead if d.is_character]
    watchers = list(state.permanents()) + dead
    for d in dead_chars:
        state = collect(ctx, state, d, "dies", batch)
        if d.dies_devotion:
            granted = Ability(
                trigger="dies",
                effects=(Effect(op="gain_devotion", amount=d.dies_devotion),),
                text=f"gain {d.dies_devotion} current devotion (granted)",
            )
            t, state = pending_for(state, d.controller, ctx.card(d.card_id), granted, d.zeal, d.id)
            batch.append(t)
    for w in watchers:
        has = triggers_of(ctx, w)
        if not has:
            continue  # most cards trigger on nothing
        for trig in ("ally_dies", "other_ally_dies", "any_dies"):
            found = has.get(trig)
            if not found:
                continue
            for d in dead_chars:
                if trig != "any_dies" and d.controller != w.controller:
                    continue
                if trig == "other_ally_dies" and d.id == w.id:
                    continue
                for card, ability in found:
                    t, state = pending_for(state, w.controller, card, ability, w.zeal, w.id)
                    batch.append(t)
    return queue(ctx, state, batch)


def on_event(ctx: Ctx, state: GameState, perms: list[Permanent], trigger: str) -> GameState:
    """Triggers of one kind (attacks, blocks, conquer, debut, end_of_turn) on ``perms``."""
    batch: list[PendingTrigger] = []
    for perm in perms:
        state = collect(ctx, state, perm, trigger, batch)
    return queue(ctx, state, batch)


def on_spell_resolved(ctx: Ctx, state: GameState, seat: int, spell: StackItem) -> GameState:
    """When you resolve a spell: after it fully resolves, never if countered, not for Debut.
    Each trigger remembers the spell (Entanglement Collider copies it)."""
    batch: list[PendingTrigger] = []
    for perm in state.players[seat].in_play:
        state = collect(ctx, state, perm, "resolve_spell", batch)
    return queue(ctx, state, [evolve(t, about=spell) for t in batch])


def end_of_turn(ctx: Ctx, state: GameState, perms: list[Permanent]) -> GameState:
    """At the end of your turn and Reconnect, for permanents the active player controls."""
    batch: list[PendingTrigger] = []
    for perm in perms:
        has = triggers_of(ctx, perm)
        if not has:
            continue  # most cards trigger on nothing
        for trigger in ("end_of_turn", "reconnect"):
            for card, ability in has.get(trigger, ()):
                t, state = pending_for(state, perm.controller, card, ability, perm.zeal, perm.id)
                batch.append(t)
    return queue(ctx, state, batch)


def playable(state: GameState) -> tuple[PendingTrigger, ...]:
    """The triggers the next player must play or decline now, if any (their own, any order)."""
    if not state.pending:
        return ()
    head = state.pending[0]
    if len(state.stack) > head.depth:
        return ()
    out = []
    for t in state.pending:
        if t.controller != head.controller or t.depth != head.depth:
            break
        out.append(t)
    return tuple(out)


def is_optional(trigger: PendingTrigger) -> bool:
    """Triggered actions are mandatory unless they say "may" or have a cost; Reconnect is
    optional."""
    a = trigger.ability
    return a.optional or a.cost > 0 or bool(a.cost_text) or a.trigger == "reconnect"


def as_stack_item(trigger: PendingTrigger, targets: tuple[Target, ...] = ()) -> StackItem:
    """The triggered action, played: on the stack with the targets its player declared."""
    return make_stack_item(
        id=trigger.id,
        controller=trigger.controller,
        card_id=trigger.card_id,
        name=trigger.name,
        kind="ability",
        is_spell=trigger.is_spell,
        zeal=trigger.zeal,
        targets=targets,
        ability=trigger.ability,
        source=trigger.source,
        owner=trigger.controller,
        from_hand=False,
        x=0,
        about=trigger.about,
    )
