"""Hand-written copiers of Devacurse's records copied on every command, for the compiled build
(why, and what each must do: engine/core/evolve.py, ``copier_of``). Only what a copy is."""

# Stores to the frozen fields of an instance not yet handed out (evolve.blank).
# mypy: disable-error-code="misc"

from __future__ import annotations

from typing import Any

from engine.core.evolve import blank, copier_of, sealed
from engine.devacurse.state import Combat, GameState, Player, Unit


@copier_of(GameState)
def _game_state(old: GameState, changes: dict[str, Any]) -> GameState:
    new = blank(GameState)
    new.players = changes.get("players", old.players)
    new.spiral = changes.get("spiral", old.spiral)
    new.phase = changes.get("phase", old.phase)
    new.part = changes.get("part", old.part)
    new.order = changes.get("order", old.order)
    new.combat = changes.get("combat", old.combat)
    new.next_id = changes.get("next_id", old.next_id)
    new.hidden = changes.get("hidden", old.hidden)
    new.strike_back = changes.get("strike_back", old.strike_back)
    new.notes = changes.get("notes", old.notes)
    new.winner = changes.get("winner", old.winner)
    new.over_reason = changes.get("over_reason", old.over_reason)
    return sealed(new, GameState)


@copier_of(Player)
def _player(old: Player, changes: dict[str, Any]) -> Player:
    new = blank(Player)
    new.name = changes.get("name", old.name)
    new.faith = changes.get("faith", old.faith)
    new.blessings = changes.get("blessings", old.blessings)
    new.hand = changes.get("hand", old.hand)
    new.hand_size = changes.get("hand_size", old.hand_size)
    new.deck = changes.get("deck", old.deck)
    new.deck_size = changes.get("deck_size", old.deck_size)
    new.prayers = changes.get("prayers", old.prayers)
    new.soldiers = changes.get("soldiers", old.soldiers)
    new.heroes = changes.get("heroes", old.heroes)
    new.locations = changes.get("locations", old.locations)
    new.cenotaph = changes.get("cenotaph", old.cenotaph)
    new.black_hole = changes.get("black_hole", old.black_hole)
    return sealed(new, Player)


@copier_of(Unit)
def _unit(old: Unit, changes: dict[str, Any]) -> Unit:
    new = blank(Unit)
    new.id = changes.get("id", old.id)
    new.card_id = changes.get("card_id", old.card_id)
    new.owner = changes.get("owner", old.owner)
    new.hero = changes.get("hero", old.hero)
    new.damage = changes.get("damage", old.damage)
    new.prompt = changes.get("prompt", old.prompt)
    new.level = changes.get("level", old.level)
    new.called = changes.get("called", old.called)
    new.equipment = changes.get("equipment", old.equipment)
    new.bolster_at = changes.get("bolster_at", old.bolster_at)
    new.bolster_df = changes.get("bolster_df", old.bolster_df)
    return sealed(new, Unit)


@copier_of(Combat)
def _combat(old: Combat, changes: dict[str, Any]) -> Combat:
    new = blank(Combat)
    new.attacker = changes.get("attacker", old.attacker)
    new.step = changes.get("step", old.step)
    new.attackers = changes.get("attackers", old.attackers)
    new.blocks = changes.get("blocks", old.blocks)
    new.blockers = changes.get("blockers", old.blockers)
    new.assignment = changes.get("assignment", old.assignment)
    return sealed(new, Combat)
