"""Hand-written copiers of Z-G's records copied on every command, for the compiled build
(why, and what each must do: engine/core/evolve.py, ``copier_of``). Only what a copy is."""

# Stores to the frozen fields of an instance not yet handed out (evolve.blank).
# mypy: disable-error-code="misc"

from __future__ import annotations

from typing import Any

from engine.core.evolve import blank, copier_of, sealed
from engine.zg.state import Attack, GameState, PlayerState


@copier_of(GameState)
def _game_state(old: GameState, changes: dict[str, Any]) -> GameState:
    new = blank(GameState)
    new.players = changes.get("players", old.players)
    new.options = changes.get("options", old.options)
    new.hidden = changes.get("hidden", old.hidden)
    new.edge = changes.get("edge", old.edge)
    new.terrain = changes.get("terrain", old.terrain)
    new.turn = changes.get("turn", old.turn)
    new.phase = changes.get("phase", old.phase)
    new.order = changes.get("order", old.order)
    new.order_index = changes.get("order_index", old.order_index)
    new.pulse_no = changes.get("pulse_no", old.pulse_no)
    new.pulse = changes.get("pulse", old.pulse)
    new.attack = changes.get("attack", old.attack)
    new.tied = changes.get("tied", old.tied)
    new.defeated_this_turn = changes.get("defeated_this_turn", old.defeated_this_turn)
    new.last_test = changes.get("last_test", old.last_test)
    new.prime = changes.get("prime", old.prime)
    new.rng = changes.get("rng", old.rng)
    new.winner = changes.get("winner", old.winner)
    new.over_reason = changes.get("over_reason", old.over_reason)
    return sealed(new, GameState)


@copier_of(PlayerState)
def _player_state(old: PlayerState, changes: dict[str, Any]) -> PlayerState:
    new = blank(PlayerState)
    new.name = changes.get("name", old.name)
    new.character = changes.get("character", old.character)
    new.roster = changes.get("roster", old.roster)
    new.hand = changes.get("hand", old.hand)
    new.hand_size = changes.get("hand_size", old.hand_size)
    new.deck = changes.get("deck", old.deck)
    new.deck_size = changes.get("deck_size", old.deck_size)
    new.slag = changes.get("slag", old.slag)
    new.picked = changes.get("picked", old.picked)
    new.scanned = changes.get("scanned", old.scanned)
    new.impulse = changes.get("impulse", old.impulse)
    new.tiebreaks = changes.get("tiebreaks", old.tiebreaks)
    new.played = changes.get("played", old.played)
    new.last_turn = changes.get("last_turn", old.last_turn)
    new.lock_foe = changes.get("lock_foe", old.lock_foe)
    new.lock_card = changes.get("lock_card", old.lock_card)
    new.character_used = changes.get("character_used", old.character_used)
    new.character_sacrificed = changes.get("character_sacrificed", old.character_sacrificed)
    new.stunned = changes.get("stunned", old.stunned)
    new.knocked_down = changes.get("knocked_down", old.knocked_down)
    new.stance = changes.get("stance", old.stance)
    new.flameout = changes.get("flameout", old.flameout)
    new.defeated = changes.get("defeated", old.defeated)
    return sealed(new, PlayerState)


@copier_of(Attack)
def _attack(old: Attack, changes: dict[str, Any]) -> Attack:
    new = blank(Attack)
    new.foe = changes.get("foe", old.foe)
    new.terrain = changes.get("terrain", old.terrain)
    new.end = changes.get("end", old.end)
    new.augments = changes.get("augments", old.augments)
    new.bolsters = changes.get("bolsters", old.bolsters)
    new.target = changes.get("target", old.target)
    new.from_hand = changes.get("from_hand", old.from_hand)
    new.target_end = changes.get("target_end", old.target_end)
    new.bolster_dots = changes.get("bolster_dots", old.bolster_dots)
    new.augment_dots = changes.get("augment_dots", old.augment_dots)
    new.cover = changes.get("cover", old.cover)
    new.sneak = changes.get("sneak", old.sneak)
    new.locked = changes.get("locked", old.locked)
    new.attacker_retested = changes.get("attacker_retested", old.attacker_retested)
    new.defender_retested = changes.get("defender_retested", old.defender_retested)
    new.free_retests = changes.get("free_retests", old.free_retests)
    new.strikes = changes.get("strikes", old.strikes)
    return sealed(new, Attack)
