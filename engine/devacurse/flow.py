"""Who acts, and how the spiral moves on: subphase to subphase, order passing (III.B), the
refresh (V), the end of turn with its blessing penalty (VI), and the end of the game."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from engine.core.evolve import evolve
from engine.devacurse.card_model import Catalog
from engine.devacurse.state import (
    ASSIGN,
    ATTACK,
    BLOCK,
    CALLING,
    DAMAGE,
    END,
    HERO_COMBAT,
    HEROES,
    OVER,
    PRAYERS,
    SOLDIER_COMBAT,
    Combat,
    GameState,
    Location,
    Player,
    Unit,
)


def actor(state: GameState) -> int | None:
    """The seat that must act now; None when the game is over."""
    phase = state.phase
    if phase == OVER:
        return None
    if phase == HEROES:
        return state.order  # III.B: order passes to the second player for their setting
    combat = state.combat
    if combat is not None:
        return 1 - combat.attacker if combat.step == BLOCK else combat.attacker
    return state.order if state.part == 0 else 1 - state.order


def attacker_for(state: GameState, part: int) -> int:
    """IV.A, IV.B: the player with order attacks first, then the other."""
    return state.order if part == 0 else 1 - state.order


def next_part(state: GameState, catalog: Catalog) -> GameState:
    """The current player is done with their part of the subphase: the other's part, or the
    next subphase."""
    phase = state.phase
    if state.part == 0:
        if phase == HEROES:
            # III.B: "order is given to the opposing player and he / she repeats the steps"
            return evolve(state, part=1, order=1 - state.order)
        if phase in (SOLDIER_COMBAT, HERO_COMBAT):
            return evolve(state, part=1, combat=Combat(attacker_for(state, 1)))
        return evolve(state, part=1)
    if phase == PRAYERS:
        return evolve(state, phase=CALLING, part=0)
    if phase == CALLING:
        return evolve(state, phase=HEROES, part=0)
    if phase == HEROES:
        # IV.A: the player with order (after III.B, the one who set heroes second) attacks first
        return evolve(state, phase=SOLDIER_COMBAT, part=0, combat=Combat(state.order))
    if phase == SOLDIER_COMBAT:
        return evolve(state, phase=HERO_COMBAT, part=0, combat=Combat(state.order))
    if phase == HERO_COMBAT:
        return evolve(refresh(state), phase=END, part=0, combat=None)
    return end_of_turn(state, catalog)


def refresh(state: GameState) -> GameState:
    """V: soldiers are healed; heroes are not, but a prompt hero heals 1 AP (a counter off)."""
    players = []
    for p in state.players:
        if not any(u.damage for u in p.units):  # nothing to heal: the player as they are
            players.append(p)
            continue
        soldiers = tuple(evolve(u, damage=0) if u.damage else u for u in p.soldiers)
        heroes = tuple(
            evolve(u, damage=u.damage - 1) if u.prompt and u.damage else u for u in p.heroes
        )
        players.append(evolve(p, soldiers=soldiers, heroes=heroes))
    return evolve(state, players=tuple(players))


@dataclass(frozen=True, slots=True)
class Penalty:
    """VI: unspent blessings come off Faith at the end of the turn."""

    seat: int
    blessings: int
    faith_before: int
    faith_after: int

    def words(self) -> str:
        s = "" if self.blessings == 1 else "s"
        return (
            f"{self.blessings} blessing{s} unspent: Faith {self.faith_before} to {self.faith_after}"
        )


def penalties(state: GameState) -> list[Penalty]:
    """What the end of this turn will take off each Faith, computed before it happens."""
    return [
        Penalty(seat, p.blessings, p.faith, max(p.faith - p.blessings, 0))
        for seat, p in enumerate(state.players)
        if p.blessings
    ]


def end_of_turn(state: GameState, catalog: Catalog) -> GameState:
    """VI: unspent blessings off Faith, every card back to prompt, bolsters gone, locations'
    time runs down (README), and the next spiral begins with order as it stands."""
    players = []
    for p in state.players:
        locations: list[Location] = []
        cenotaph = list(p.cenotaph)
        for loc in p.locations:
            if loc.time <= 1:
                cenotaph.append(loc.card_id)
            else:
                locations.append(Location(loc.card_id, loc.time - 1))
        players.append(
            evolve(
                p,
                faith=max(p.faith - p.blessings, 0),
                blessings=0,
                soldiers=tuple(_fresh(u) for u in p.soldiers),
                heroes=tuple(_fresh(u) for u in p.heroes),
                locations=tuple(locations),
                cenotaph=tuple(cenotaph),
            )
        )
    state = evolve(state, players=tuple(players), spiral=state.spiral + 1, phase=PRAYERS, part=0)
    return check_over(state, decks=True)


def _fresh(unit: Unit) -> Unit:
    """VI: back to prompt mode; bolsters last until the end of the turn."""
    if unit.prompt and not unit.bolster_at and not unit.bolster_df:
        return unit
    return evolve(unit, prompt=True, bolster_at=0, bolster_df=0)


def check_over(state: GameState, decks: bool = False) -> GameState:
    """VI: Faith 0 loses at once; an empty Universe deck loses at the end of a spiral (README).
    Both at once: a draw."""
    if state.phase == OVER:
        return state
    losers = [i for i, p in enumerate(state.players) if p.faith <= 0]
    reason = "Faith reached 0"
    if not losers and decks:
        losers = [i for i, p in enumerate(state.players) if p.deck_size <= 0]
        reason = "Universe deck ran out"
    if not losers:
        return state
    if len(losers) == 2:
        return evolve(
            state, phase=OVER, combat=None, winner=None, over_reason=f"both players' {reason}"
        )
    loser = losers[0]
    name = state.players[loser].name
    return evolve(
        state, phase=OVER, combat=None, winner=1 - loser, over_reason=f"{name}'s {reason}"
    )


def set_player(state: GameState, seat: int, player: Player, **changes: Any) -> GameState:
    """The state with ``seat``'s player replaced, and ``changes`` made in the same copy."""
    first, second = state.players
    return evolve(state, players=(player, second) if seat == 0 else (first, player), **changes)


STEP_WORDS = {ATTACK: "attack", BLOCK: "block", ASSIGN: "assign heroes", DAMAGE: "resolve"}
