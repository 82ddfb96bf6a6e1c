"""The state after a legal action ("Gameplay", "Battle Details"), with the log lines it
wrote. ``rules.explain`` has already said yes."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from engine.core.evolve import maker
from engine.core.rng import shuffled
from engine.deeds import actions as da
from engine.deeds import stats
from engine.deeds.context import Ctx, News
from engine.deeds.deaths import retire, sweep
from engine.deeds.evolve_state import (
    changed,
    player_with,
    players_with,
    seated,
    set_card,
    set_player,
    state_with,
)
from engine.deeds.pay import pay
from engine.deeds.perform_adjust import ADJUST
from engine.deeds.resolve import overrun_left, resolve_battle
from engine.deeds.rules import spared
from engine.deeds.state import (
    DEFEND,
    DEPLOY,
    DRAW,
    REGROUP,
    RETREAT,
    TACTICS,
    Battle,
    DeedsState,
    InPlay,
    Note,
    Player,
    Pool,
    holds_any,
)

HUNGER_DAMAGE = 5

# Made without the frozen __init__ (every field, in order): a deploy, a regroup, a battle.
_in_play = maker(InPlay)
_pool = maker(Pool)
_battle = maker(Battle)


def perform(
    state: DeedsState, ctx: Ctx, action: Any, swept: tuple[InPlay, ...] | None = None
) -> DeedsState:
    """``swept``: a battlefield known to hold no card at 0 defense (the one the last perform
    returned): a step that leaves that very tuple as it was needs no sweep (a card's defense
    is worked out from the battlefield alone, stats.health_of); most steps don't touch it."""
    step = _STEPS.get(type(action)) or ADJUST[type(action)]
    ctx.swept = swept
    after = step(state, ctx, action)
    if after.cards is ctx.swept:  # (the step's own sweep, or a battlefield it kept swept)
        return after
    return sweep(after, ctx)


def _name(state: DeedsState, seat: int) -> str:
    return state.players[seat].name


# --- setup --------------------------------------------------------------------------------


def _keep(state: DeedsState, ctx: Ctx, a: da.KeepHand) -> DeedsState:
    ctx.say(state, a.player, f"{_name(state, a.player)} keeps the opening hand")
    return _decided(set_player(state, a.player, decided=True), ctx)


def _mulligan(state: DeedsState, ctx: Ctx, a: da.Mulligan) -> DeedsState:
    """ "shuffle in any number of cards ... back into the deck, then draw that number"."""
    p = state.players[a.player]
    if not ctx.hidden:
        hand = list(p.hand)
        for card_id in a.cards:
            hand.remove(card_id)
        deck, rng = shuffled(state.rng, (*p.deck, *a.cards))
        state = state_with(state, rng=rng)
        state = set_player(
            state, a.player, hand=(*hand, *deck[: a.count]), deck=deck[a.count :], decided=True
        )
    else:
        state = set_player(state, a.player, decided=True)
    ctx.say(state, a.player, f"{p.name} shuffles {a.count} back and draws {a.count}")
    return _decided(state, ctx)


def _decided(state: DeedsState, ctx: Ctx) -> DeedsState:
    if all(p.decided for p in state.players):
        return _start_round(state, ctx, 1, state.first_player)
    return state


def _start_round(state: DeedsState, ctx: Ctx, number: int, attacker: int) -> DeedsState:
    state = state_with(
        state, round=number, attacker=attacker, phase=REGROUP, battle=None, attacked=False
    )
    ctx.say(state, attacker, f"Round {number}: {_name(state, attacker)} attacks")
    return state


# --- the round ----------------------------------------------------------------------------


def _regroup(state: DeedsState, ctx: Ctx, a: da.Regroup) -> DeedsState:
    """1. Regroup: ready your cards; two different resources; every unit back to full health.
    Generator: +1 Power to its owner in its owner's Regroup."""

    refreshed = []
    for x in state.cards:
        mine = x.owner == a.player
        if x.damage or mine and (not x.ready or x.fed):  # (else: nothing to change)
            x = changed(x, x.ready or mine, 0, x.fed and not mine)
        refreshed.append(x)
    cards = tuple(refreshed)
    ctx.still_swept(state.cards, cards)  # readied, healed, unfed: no sweep needed
    generators = _count_having(state, ctx, a.player, "generator")
    pool = state.players[a.player].pool
    counts = {"bio": pool.bio, "power": pool.power, "supplies": pool.supplies}
    counts["survivors"] = pool.survivors
    counts[a.first] += 1
    counts[a.second] += 1
    counts["power"] += generators
    bio, power, supplies, survivors = counts.values()  # (in RESOURCES' order)
    extra = f", and {generators} Power from Generator" if generators else ""
    ctx.say(
        state,
        a.player,
        f"{_name(state, a.player)} regroups: readies, adds 1 {a.first.capitalize()} and 1 "
        f"{a.second.capitalize()}{extra}",
    )
    players = players_with(state, a.player, pool=_pool(bio, power, supplies, survivors))
    # 2. Draw: "always skipped during the first round"
    phase = DRAW if state.round > 1 else DEPLOY
    return state_with(state, cards=cards, players=players, phase=phase)


def _draw(state: DeedsState, ctx: Ctx, a: da.Draw) -> DeedsState:
    p = state.players[a.player]
    if p.deck_size <= 0:
        ctx.say(state, a.player, f"{p.name}'s deck is empty: no card to draw")
        return state_with(state, phase=DEPLOY)
    if ctx.hidden:
        players = players_with(
            state, a.player, hand_size=p.hand_size + 1, deck_size=p.deck_size - 1
        )
    else:
        players = players_with(
            state,
            a.player,
            hand=(*p.hand, p.deck[0]),
            deck=p.deck[1:],
            hand_size=p.hand_size + 1,
            deck_size=p.deck_size - 1,
        )
    ctx.say(state, a.player, f"{p.name} draws a card")
    return state_with(state, players=players, phase=DEPLOY)


def _hand_without(ctx: Ctx, p: Player, card_id: str) -> tuple[str, ...]:
    """The hand after ``card_id`` left it (hidden hands: only the count changes)."""
    if ctx.hidden:
        return p.hand
    hand = list(p.hand)
    hand.remove(card_id)
    return tuple(hand)


def _deploy(state: DeedsState, ctx: Ctx, a: da.Deploy) -> DeedsState:
    card = ctx.catalog.get(a.card_id)
    p = state.players[a.player]
    paid = pay(p.pool, card.cost, a.pay)
    assert isinstance(paid, Pool)
    hand = _hand_without(ctx, p, a.card_id)
    who = p.name
    cost = ctx.catalog.cost_words[a.card_id]
    # The player's changes, made in one copy: paid, the card out of the hand, and (but for
    # what stays on the battlefield) into the graveyard.
    if card.stays:
        on = a.targets[0] if card.subtype == "upgrade" else None
        assert on is None or isinstance(on, int)
        player = player_with(p, pool=paid, hand=hand, hand_size=p.hand_size - 1)
        players = seated(state, a.player, player)
        state = _enter(state, ctx, a.player, a.card_id, ready=True, attached_to=on, players=players)
        where = f" on {ctx.name(_card(state, on))}" if on is not None else ""
        ctx.say(state, a.player, f"{who} deploys {card.name}{where} ({cost})")
    else:
        graveyard = (*p.graveyard, a.card_id)
        if card.type == "resource":
            gives = card.gives
            paid = _pool(
                paid.bio + gives.bio,
                paid.power + gives.power,
                paid.supplies + gives.supplies,
                paid.survivors + gives.survivors,
            )
            words = f"{who} deploys {card.name}: +{ctx.catalog.gives_words[a.card_id]}"
        else:
            words = f"{who} plays {card.name} ({cost})"
        player = player_with(
            p, pool=paid, hand=hand, hand_size=p.hand_size - 1, graveyard=graveyard
        )
        state = state_with(state, players=seated(state, a.player, player))
        ctx.say(state, a.player, words)
    if "resurrect" in card.keywords:
        state = _resurrect(state, ctx, a.player, a.targets)
    elif card.type == "tactic" and card.text:
        state = _note(state, a.player, f"{card.name}: {card.text}{_targets(state, ctx, a.targets)}")
    if state.phase is TACTICS:
        state = _played_in_tactics(state)
    return state


def _targets(state: DeedsState, ctx: Ctx, targets: tuple[Any, ...]) -> str:
    names = [ctx.name(_card(state, t)) for t in targets if isinstance(t, int) and state.card(t)]
    return f" (targets: {', '.join(names)})" if names else ""


def _resurrect(state: DeedsState, ctx: Ctx, seat: int, targets: tuple[Any, ...]) -> DeedsState:
    """Resurrect: the card returns from the graveyard to the battlefield utilized."""
    target = targets[0]
    assert isinstance(target, str)
    grave = list(state.players[seat].graveyard)
    del grave[len(grave) - 1 - grave[::-1].index(target)]
    state = set_player(state, seat, graveyard=tuple(grave))
    state = _enter(state, ctx, seat, target, ready=False)
    ctx.say(state, seat, f"{ctx.catalog.get(target).name} returns to the battlefield utilized")
    return state


def _enter(
    state: DeedsState,
    ctx: Ctx,
    seat: int,
    card_id: str,
    *,
    ready: bool,
    attached_to: int | None = None,
    players: tuple[Player, ...] | None = None,
) -> DeedsState:
    """The card on the battlefield (and ``players``, changed by the same step, in the same
    copy of the state)."""
    # id, card_id, owner, ready, deployed_round, damage, tokens, attack_mod, defense_mod,
    # attached_to, fed
    x = _in_play(state.next_id, card_id, seat, ready, state.round, 0, 0, 0, 0, attached_to, False)
    cards = (*state.cards, x)
    if ctx.catalog.get(card_id).defense > 0:  # (else it may come in at 0, and go at once)
        ctx.still_swept(state.cards, cards)
    players = players or state.players
    return state_with(state, cards=cards, next_id=state.next_id + 1, players=players)


def _note(state: DeedsState, seat: int, text: str) -> DeedsState:
    note = Note(state.next_id, seat, text)
    return state_with(state, notes=(*state.notes, note), next_id=state.next_id + 1)


def _card(state: DeedsState, card_id: int) -> InPlay:
    x = state.card(card_id)
    assert x is not None
    return x


def _utilize_pair(state: DeedsState, ctx: Ctx, tech: InPlay, unit: InPlay) -> DeedsState:
    state = set_card(state, tech.id, ready=False)
    if not spared(state, ctx, unit):
        state = set_card(state, unit.id, ready=False)
    return state


def _equip(state: DeedsState, ctx: Ctx, a: da.Equip) -> DeedsState:
    tech, unit = _card(state, a.card), _card(state, a.target)
    if ctx.card(tech).subtype == "vehicle":
        state = set_card(state, unit.id, attached_to=tech.id)  # the unit rides the vehicle
        words = f"puts {ctx.name(unit)} aboard {ctx.name(tech)}"
    else:
        state = set_card(state, tech.id, attached_to=unit.id)
        words = f"equips {ctx.name(tech)} to {ctx.name(unit)}"
    ctx.say(state, a.player, f"{_name(state, a.player)} {words}")
    return _utilize_pair(state, ctx, tech, unit)


def _unequip(state: DeedsState, ctx: Ctx, a: da.Unequip) -> DeedsState:
    x = _card(state, a.card)
    assert x.attached_to is not None
    holder = _card(state, x.attached_to)
    state = set_card(state, x.id, attached_to=None)
    ctx.say(
        state, a.player, f"{_name(state, a.player)} separates {ctx.name(x)} from {ctx.name(holder)}"
    )
    if ctx.card(x).is_unit:
        return _utilize_pair(state, ctx, holder, x)
    return _utilize_pair(state, ctx, x, holder)


def _attack(state: DeedsState, ctx: Ctx, a: da.Attack) -> DeedsState:
    """4.1 Attack: the attackers are utilized and can't be withdrawn."""
    attackers = a.attackers
    named: dict[int, str] = {}  # each attacker's name, found in the same look
    cards = []
    for x in state.cards:
        if x.id in attackers:
            named[x.id] = ctx.name(x)
            x = changed(x, False, x.damage, x.fed)
        cards.append(x)
    after = tuple(cards)
    ctx.still_swept(state.cards, after)  # utilized only: no sweep needed
    names = ", ".join([named[i] for i in attackers])
    ctx.say(state, a.player, f"{_name(state, a.player)} attacks with {names}")
    battle = _battle(attackers, (), 0, 0, False)
    return state_with(state, cards=after, battle=battle, attacked=True, phase=DEFEND)


def _block(state: DeedsState, ctx: Ctx, a: da.Block) -> DeedsState:
    """4.2 Defend: the blocks and their blocking order; then 4.3, the attacker's move first."""
    assert state.battle is not None
    if a.blocks:
        for attacker_id in state.battle.attackers:
            order = [ctx.name(_card(state, b)) for b in _blockers(a, attacker_id)]
            if order:
                ctx.say(
                    state,
                    a.player,
                    f"{ctx.name(_card(state, attacker_id))} is blocked by {', then '.join(order)}",
                )
    else:
        ctx.say(state, a.player, f"{_name(state, a.player)} does not block")
    # attackers, blocks, priority, passes
    battle = _battle(state.battle.attackers, a.blocks, state.attacker, 0, False)
    return state_with(state, battle=battle, phase=TACTICS)


def _blockers(a: da.Block, attacker_id: int) -> list[int]:
    return [b for at, b in a.blocks if at == attacker_id]


def _played_in_tactics(state: DeedsState) -> DeedsState:
    assert state.battle is not None
    battle = _battle(
        state.battle.attackers, state.battle.blocks, 1 - state.battle.priority, 0, False
    )
    return state_with(state, battle=battle)


def _activate(state: DeedsState, ctx: Ctx, a: da.Activate) -> DeedsState:
    x = _card(state, a.card)
    ability = [ab for ab in ctx.card(x).abilities if ab.kind == "activated"][a.ability]
    paid = pay(state.players[a.player].pool, ability.cost, a.pay)
    assert isinstance(paid, Pool)
    state = set_player(state, a.player, pool=paid)
    if ability.utilize:
        state = set_card(state, x.id, ready=False)
    ctx.say(
        state,
        a.player,
        f"{_name(state, a.player)} activates {ctx.name(x)} ({ability.cost.words()})",
    )
    state = _note(
        state, a.player, f"{ctx.name(x)}: {ability.text}{_targets(state, ctx, a.targets)}"
    )
    return _played_in_tactics(state)


def _pass(state: DeedsState, ctx: Ctx, a: da.Pass) -> DeedsState:
    """4.3 Tactics: two passes in a row end the step; 4.4 resolves the battle at once, but
    for damage Overrun may send to the base: the attacker is asked first (Overrun)."""
    battle = state.battle
    assert battle is not None
    ctx.say(state, a.player, f"{_name(state, a.player)} passes")
    if battle.passes + 1 >= 2:
        left = overrun_left(state, ctx.catalog)
        if not left:
            return resolve_battle(state, ctx)
        asking = _battle(battle.attackers, battle.blocks, state.attacker, 2, True)
        cards = ", ".join(f"{ctx.name(_card(state, x))} {n}" for x, n in left)
        ctx.say(state, state.attacker, f"Overrun: damage left after defeating blockers: {cards}")
        return state_with(state, battle=asking)
    battle = _battle(battle.attackers, battle.blocks, 1 - a.player, battle.passes + 1, False)
    return state_with(state, battle=battle)


def _overrun(state: DeedsState, ctx: Ctx, a: da.Overrun) -> DeedsState:
    """The attacker's answer: the named attackers' damage left goes to the base, the rest's
    does not; then the battle resolves."""
    left = overrun_left(state, ctx.catalog)
    held = frozenset(x for x, _ in left if x not in a.to_base)
    who = _name(state, a.player)
    if held:
        kept = ", ".join(ctx.name(_card(state, x)) for x in sorted(held))
        ctx.say(state, a.player, f"{who} keeps Overrun's damage off the base: {kept}")
    if a.to_base:
        sent = ", ".join(ctx.name(_card(state, x)) for x in a.to_base)
        ctx.say(state, a.player, f"{who} applies Overrun's damage to the base: {sent}")
    return resolve_battle(state, ctx, held)


def _sacrifice(state: DeedsState, ctx: Ctx, a: da.Sacrifice) -> DeedsState:
    unit, hungry = _card(state, a.unit), _card(state, a.to)
    ctx.say(
        state,
        a.player,
        f"{_name(state, a.player)} sacrifices {ctx.name(unit)} to {ctx.name(hungry)}",
    )
    state = set_card(state, hungry.id, fed=True)
    return retire(state, ctx, unit.id)


def _discard(state: DeedsState, ctx: Ctx, a: da.Discard) -> DeedsState:
    p = state.players[a.player]
    if not a.card_id:  # hidden hands, a card not scanned: one card fewer in hand
        ctx.say(state, a.player, f"{p.name} discards a card")
        return set_player(state, a.player, hand_size=p.hand_size - 1)
    player = player_with(
        p,
        hand=_hand_without(ctx, p, a.card_id),
        hand_size=p.hand_size - 1,
        graveyard=(*p.graveyard, a.card_id),
    )
    state = state_with(state, players=seated(state, a.player, player))
    ctx.say(state, a.player, f"{p.name} discards {ctx.catalog.get(a.card_id).name}")
    return state


def _end_phase(state: DeedsState, ctx: Ctx, a: da.EndPhase) -> DeedsState:
    if state.phase is DEPLOY:
        ctx.say(state, a.player, f"{_name(state, a.player)} goes on without a battle")
        return state_with(state, phase=RETREAT)
    # Hunger: not fed in a round its owner attacked -- it deals 5 damage to its owner.
    hungry = [
        x
        for x in (state.cards if _count_having(state, ctx, a.player, "hunger") else ())
        if x.owner == a.player and not x.fed and stats.has(state, ctx.catalog, x, "hunger")
    ]
    for x in hungry:
        p = state.players[a.player]
        state = set_player(state, a.player, base=p.base - HUNGER_DAMAGE)
        ctx.say(
            state,
            a.player,
            f"{ctx.name(x)} went hungry: {HUNGER_DAMAGE} damage to {p.name}'s base "
            f"({p.base - HUNGER_DAMAGE} left)",
            News.HUNGER,
        )
    ctx.say(state, a.player, f"{_name(state, a.player)} ends the round")
    return _start_round(state, ctx, state.round + 1, state.defender)


def _count_having(state: DeedsState, ctx: Ctx, seat: int, keyword: str) -> int:
    """How many of ``seat``'s cards have ``keyword``, their own or from what is attached to
    them (stats.has); at once 0 when no card on the battlefield prints it (most rounds)."""
    cards = state.cards
    printing = ctx.catalog.printing(keyword)
    if not holds_any(cards, printing):
        return 0
    # (stats.keywords) a card has it if its card prints it or a card attached to it does
    lent = {y.attached_to for y in cards if y.attached_to is not None and y.card_id in printing}
    return sum(1 for x in cards if x.owner == seat and (x.card_id in printing or x.id in lent))


_STEPS: dict[type[Any], Callable[[DeedsState, Ctx, Any], DeedsState]] = {
    da.KeepHand: _keep,
    da.Mulligan: _mulligan,
    da.Regroup: _regroup,
    da.Draw: _draw,
    da.Deploy: _deploy,
    da.Equip: _equip,
    da.Unequip: _unequip,
    da.Attack: _attack,
    da.Block: _block,
    da.Activate: _activate,
    da.Pass: _pass,
    da.Overrun: _overrun,
    da.Sacrifice: _sacrifice,
    da.Discard: _discard,
    da.EndPhase: _end_phase,
}
