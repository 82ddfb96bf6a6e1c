"""Hand-written copiers of Zeal's records copied on every command, for the compiled build
(why, and what each must do: engine/core/evolve.py, ``copier_of``). Only what a copy is."""

# Stores to the frozen fields of an instance not yet handed out (evolve.blank).
# mypy: disable-error-code="misc"

from __future__ import annotations

from typing import Any

from engine.core.evolve import blank, copier_of, sealed
from engine.zeal.state import BaseState, CombatState, GameState, Permanent, PlayerState


@copier_of(GameState)
def _game_state(old: GameState, changes: dict[str, Any]) -> GameState:
    new = blank(GameState)
    new.players = changes.get("players", old.players)
    new.turn = changes.get("turn", old.turn)
    new.active = changes.get("active", old.active)
    new.step = changes.get("step", old.step)
    new.priority = changes.get("priority", old.priority)
    new.stack = changes.get("stack", old.stack)
    new.passed = changes.get("passed", old.passed)
    new.pending = changes.get("pending", old.pending)
    new.combat = changes.get("combat", old.combat)
    new.awaiting = changes.get("awaiting", old.awaiting)
    new.first_player = changes.get("first_player", old.first_player)
    new.hidden = changes.get("hidden", old.hidden)
    new.next_id = changes.get("next_id", old.next_id)
    new.rng = changes.get("rng", old.rng)
    new.notes = changes.get("notes", old.notes)
    new.winner = changes.get("winner", old.winner)
    new.over_reason = changes.get("over_reason", old.over_reason)
    return sealed(new, GameState)


@copier_of(PlayerState)
def _player_state(old: PlayerState, changes: dict[str, Any]) -> PlayerState:
    new = blank(PlayerState)
    new.name = changes.get("name", old.name)
    new.devotion = changes.get("devotion", old.devotion)
    new.max_devotion = changes.get("max_devotion", old.max_devotion)
    new.hand_size = changes.get("hand_size", old.hand_size)
    new.deck_size = changes.get("deck_size", old.deck_size)
    new.hand = changes.get("hand", old.hand)
    new.deck = changes.get("deck", old.deck)
    new.discard = changes.get("discard", old.discard)
    new.bases = changes.get("bases", old.bases)
    new.in_play = changes.get("in_play", old.in_play)
    new.eliminated = changes.get("eliminated", old.eliminated)
    new.mulligan_done = changes.get("mulligan_done", old.mulligan_done)
    new.spell_cults = changes.get("spell_cults", old.spell_cults)
    new.develop_left = changes.get("develop_left", old.develop_left)
    return sealed(new, PlayerState)


@copier_of(BaseState)
def _base_state(old: BaseState, changes: dict[str, Any]) -> BaseState:
    new = blank(BaseState)
    new.defense = changes.get("defense", old.defense)
    new.damage = changes.get("damage", old.damage)
    new.face_up = changes.get("face_up", old.face_up)
    new.owner = changes.get("owner", old.owner)
    new.controller = changes.get("controller", old.controller)
    new.damaged_by = changes.get("damaged_by", old.damaged_by)
    return sealed(new, BaseState)


@copier_of(Permanent)
def _permanent(old: Permanent, changes: dict[str, Any]) -> Permanent:
    new = blank(Permanent)
    new.id = changes.get("id", old.id)
    new.card_id = changes.get("card_id", old.card_id)
    new.name = changes.get("name", old.name)
    new.kind = changes.get("kind", old.kind)
    new.cult = changes.get("cult", old.cult)
    new.controller = changes.get("controller", old.controller)
    new.owner = changes.get("owner", old.owner)
    new.printed_combat = changes.get("printed_combat", old.printed_combat)
    new.printed_zeal_combat = changes.get("printed_zeal_combat", old.printed_zeal_combat)
    new.printed_keywords = changes.get("printed_keywords", old.printed_keywords)
    new.printed_zeal_keywords = changes.get("printed_zeal_keywords", old.printed_zeal_keywords)
    new.damage = changes.get("damage", old.damage)
    new.combat_bonus = changes.get("combat_bonus", old.combat_bonus)
    new.granted_keywords = changes.get("granted_keywords", old.granted_keywords)
    new.dies_devotion = changes.get("dies_devotion", old.dies_devotion)
    new.connected_to = changes.get("connected_to", old.connected_to)
    new.connected_controller = changes.get("connected_controller", old.connected_controller)
    new.returns_to = changes.get("returns_to", old.returns_to)
    new.returns_next_turn = changes.get("returns_next_turn", old.returns_next_turn)
    new.doomed = changes.get("doomed", old.doomed)
    new.entered_turn = changes.get("entered_turn", old.entered_turn)
    new.zeal = changes.get("zeal", old.zeal)
    new.combat = changes.get("combat", old.combat)
    new.keywords = changes.get("keywords", old.keywords)
    return sealed(new, Permanent)


@copier_of(CombatState)
def _combat_state(old: CombatState, changes: dict[str, Any]) -> CombatState:
    new = blank(CombatState)
    new.attackers = changes.get("attackers", old.attackers)
    new.blocks = changes.get("blocks", old.blocks)
    new.flanks = changes.get("flanks", old.flanks)
    new.blockers_declared = changes.get("blockers_declared", old.blockers_declared)
    new.hunt_pending = changes.get("hunt_pending", old.hunt_pending)
    return sealed(new, CombatState)
