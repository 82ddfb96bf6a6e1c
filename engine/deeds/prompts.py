"""What the table should do or know now, in players' words, most urgent first."""

from __future__ import annotations

from engine.core.records import Prompt
from engine.deeds import stats
from engine.deeds.context import Ctx
from engine.deeds.flow import actor
from engine.deeds.resolve import forecast, overrun_left
from engine.deeds.setup import HAND
from engine.deeds.state import DEFEND, DEPLOY, DRAW, MULLIGAN, REGROUP, RETREAT, TACTICS, DeedsState


def prompts(state: DeedsState, ctx: Ctx) -> list[Prompt]:
    out: list[Prompt] = []
    if state.over:
        losers = state.losers
        if len(losers) == 2:
            out.append(Prompt(None, "Both bases fell to 0 at once: the game is a draw", "over"))
        else:
            winner = state.players[1 - losers[0]].name
            out.append(Prompt(None, f"{winner} wins: the other base is down to 0", "over"))
        return out
    for note in state.notes:  # card text the table carries out, then taps Resolved
        who = state.players[note.player].name
        out.append(Prompt(note.player, f"Resolve {who}'s {note.text}", "resolve"))
    seat = actor(state)
    if seat is not None:
        out.append(Prompt(seat, _what_now(state, ctx, seat), _kind(state)))
    out.extend(_reminders(state, ctx))
    return out


def _kind(state: DeedsState) -> str:
    if state.battle is not None and state.battle.asking:
        return "choose"
    return "choose" if state.phase in (MULLIGAN, REGROUP, DEFEND) else "act"


def _what_now(state: DeedsState, ctx: Ctx, seat: int) -> str:
    name = state.players[seat].name
    phase = state.phase
    if phase is MULLIGAN:
        return f"{name}: keep your 5 cards, or shuffle any number back and draw as many (once)"
    if phase is REGROUP:
        return f"{name}: Regroup. Ready your cards and add two different resources"
    if phase is DRAW:
        return f"{name}: draw a card"
    if phase is DEPLOY:
        return f"{name}: deploy, equip, then attack or go on without a battle"
    if phase is DEFEND:
        return f"{name}: assign blockers to the attackers, in blocking order, or none"
    if phase is TACTICS and state.battle is not None and state.battle.asking:
        left = ", ".join(
            f"{ctx.card(x).name} {n}"
            for x, n in ((state.card(i), n) for i, n in overrun_left(state, ctx.catalog))
            if x is not None
        )
        defender = state.players[state.defender].name
        return (
            f"{name}: Overrun: damage left after defeating blockers ({left}) may go to "
            f"{defender}'s base: apply it, or not"
        )
    if phase is TACTICS:
        hit = sum(c.result.to_base for c in forecast(state, ctx.catalog))
        defender = state.players[state.defender].name
        return (
            f"{name}: play tactics or abilities, or pass (as it stands, "
            f"{defender}'s base takes {hit})"
        )
    size = state.players[seat].hand_size
    if size > HAND:
        how = "scan each card you discard, or tap Discard" if ctx.hidden else "choose which"
        return f"{name}: discard down to {HAND} cards ({size} in hand): {how}"
    return f"{name}: deploy, equip or retreat, then end the round"


def _reminders(state: DeedsState, ctx: Ctx) -> list[Prompt]:
    out: list[Prompt] = []
    for x in state.cards:
        card = ctx.card(x)
        for ability in card.abilities:
            if ability.kind == "conditional":
                out.append(Prompt(x.owner, f"{card.name}: {ability.text}", "reminder"))
        if (
            state.phase is RETREAT
            and x.owner == state.attacker
            and not x.fed
            and stats.has(state, ctx.catalog, x, "hunger")
        ):
            out.append(
                Prompt(
                    x.owner,
                    f"{card.name} is hungry: sacrifice a unit to it, or it deals 5 damage to "
                    "its owner when the round ends",
                    "reminder",
                )
            )
        if state.phase is DEPLOY and stats.must_attack(state, ctx.catalog, x):
            out.append(Prompt(x.owner, f"{card.name} must attack this round", "reminder"))
    return out
