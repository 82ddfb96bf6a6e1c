"""Hand-written copiers of Vile Incantations's records copied on every command, for the compiled build
(why, and what each must do: engine/core/evolve.py, ``copier_of``). Only what a copy is."""

# Stores to the frozen fields of an instance not yet handed out (evolve.blank).
# mypy: disable-error-code="misc"

from __future__ import annotations

from typing import Any

from engine.core.evolve import blank, copier_of, sealed
from engine.vile.state import GameState, PlayerState, Ritual


@copier_of(GameState)
def _game_state(old: GameState, changes: dict[str, Any]) -> GameState:
    new = blank(GameState)
    new.players = changes.get("players", old.players)
    new.first_player = changes.get("first_player", old.first_player)
    new.active = changes.get("active", old.active)
    new.turn = changes.get("turn", old.turn)
    new.phase = changes.get("phase", old.phase)
    new.monsters = changes.get("monsters", old.monsters)
    new.combat = changes.get("combat", old.combat)
    new.ritual = changes.get("ritual", old.ritual)
    new.gathers = changes.get("gathers", old.gathers)
    new.component_set = changes.get("component_set", old.component_set)
    new.recruited = changes.get("recruited", old.recruited)
    new.used_abilities = changes.get("used_abilities", old.used_abilities)
    new.notes = changes.get("notes", old.notes)
    new.next_id = changes.get("next_id", old.next_id)
    new.rng = changes.get("rng", old.rng)
    new.hidden = changes.get("hidden", old.hidden)
    new.winner = changes.get("winner", old.winner)
    new.over_reason = changes.get("over_reason", old.over_reason)
    return sealed(new, GameState)


@copier_of(PlayerState)
def _player_state(old: PlayerState, changes: dict[str, Any]) -> PlayerState:
    new = blank(PlayerState)
    new.name = changes.get("name", old.name)
    new.god = changes.get("god", old.god)
    new.energy = changes.get("energy", old.energy)
    new.cultists = changes.get("cultists", old.cultists)
    new.exhausted = changes.get("exhausted", old.exhausted)
    new.stockpile = changes.get("stockpile", old.stockpile)
    new.hand = changes.get("hand", old.hand)
    new.hand_size = changes.get("hand_size", old.hand_size)
    new.deck = changes.get("deck", old.deck)
    new.deck_size = changes.get("deck_size", old.deck_size)
    new.void = changes.get("void", old.void)
    new.ritual_zone = changes.get("ritual_zone", old.ritual_zone)
    new.sabotage_zone = changes.get("sabotage_zone", old.sabotage_zone)
    new.reserve_limit = changes.get("reserve_limit", old.reserve_limit)
    return sealed(new, PlayerState)


@copier_of(Ritual)
def _ritual(old: Ritual, changes: dict[str, Any]) -> Ritual:
    new = blank(Ritual)
    new.step = changes.get("step", old.step)
    new.components = changes.get("components", old.components)
    new.negated = changes.get("negated", old.negated)
    new.applied = changes.get("applied", old.applied)
    new.strength = changes.get("strength", old.strength)
    new.bolster = changes.get("bolster", old.bolster)
    return sealed(new, Ritual)
