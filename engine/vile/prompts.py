"""What the table should do now, in players' words. Face-down cards are counted, never named:
both players read the band."""

from __future__ import annotations

from engine.core.records import Prompt
from engine.vile.card_model import Catalog
from engine.vile.effects import open_components
from engine.vile.grammar import count as counted
from engine.vile.grammar import ready_cultists
from engine.vile.state import GameState, Phase


def prompts(state: GameState, catalog: Catalog) -> list[Prompt]:
    if state.over:
        return [Prompt(None, state.over_reason, "over")]
    out = [_now(state, catalog)]
    out += [Prompt(None, f"Resolve by hand: {note}", "resolve") for note in state.notes]
    return out


def _now(state: GameState, catalog: Catalog) -> Prompt:
    seat = state.active
    p = state.players[seat]
    other = state.players[1 - seat]
    if state.gathers:
        g = state.gathers[0]
        return Prompt(
            g,
            f"{state.players[g].name} gathers: look at the top five cards of the gate deck; "
            "set a component from among them face down, or none",
            "choose",
        )
    combat = state.combat
    if combat is not None:
        if combat.step == "attackers":
            return Prompt(seat, f"{p.name} declares attackers (deployed monsters), or none", "act")
        if combat.step == "blockers":
            return Prompt(
                1 - seat, f"{other.name} declares blockers against the attack, or none", "respond"
            )
        return Prompt(seat, f"{p.name} deals combat damage", "choose")
    r = state.ritual
    if r is not None:
        if r.step == "sabotage":
            return Prompt(
                1 - seat,
                f"{other.name} may flip sabotage cards ({len(other.sabotage_zone)} face down; "
                f"stockpile {other.stockpile}, {ready_cultists(other.ready)}), or let the ritual "
                f"go on (strength {r.strength} so far)",
                "respond",
            )
        left = len(open_components(state))
        return Prompt(
            seat,
            f"{p.name} applies the ritual's components in any order ({left} left; bolster "
            f"{r.bolster}, strength {r.strength})",
            "choose",
        )
    if state.phase is Phase.CULMINATION:
        count = len(p.ritual_zone)
        if count >= 3:
            return Prompt(seat, f"{p.name} may perform a ritual ({count} components)", "act")
        return Prompt(seat, f"{p.name} has {count} of three components: no ritual", "act")
    if state.phase is Phase.END:
        reserved = sum(1 for m in state.controlled(seat) if not m.deployed)
        extra = reserved - p.reserve_limit
        if extra > 0:
            return Prompt(
                seat,
                f"{p.name} must deploy {counted(extra, 'more monster')} to end the turn",
                "act",
            )
        return Prompt(seat, f"{p.name} may deploy monsters, then ends the turn", "act")
    return Prompt(
        seat,
        f"{p.name}'s {state.phase.label}: set, recruit, play, deploy, activate, or move on "
        f"({ready_cultists(p.ready)})",
        "act",
    )
