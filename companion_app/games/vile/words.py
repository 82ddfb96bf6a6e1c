"""Vile Incantations' cards and decisions in players' words, for the panels and the band.
The band is read by both players: a face-down card is never named on it (a sabotage card is
called by its place in the sabotage zone, as it lies on the table)."""

from __future__ import annotations

from typing import Any

from engine.vile import VileGame
from engine.vile import actions as va
from engine.vile.card_model import Card, Effect
from engine.vile.combat import blockers_of
from engine.vile.state import Phase

_EFFECT_WORDS = {
    "strength": "ritual strength {amount:+d}",
    "energy": "{amount:+d} energy",
    "draw": "draw {amount}",
    "gather": "gather",
    "recruit": "recruit {amount}",
    "damage": "{amount} damage to a monster",
    "destroy": "destroy a monster",
    "counters": "{amount} +1/+1 counter(s) on a monster",
    "experience": "{amount} experience counter(s) on a monster",
    "gain_control": "gain control of an opponent's monster",
    "negate": "negate a component of the ritual",
}


def effect_words(effects: tuple[Effect, ...]) -> str:
    return "; ".join(_EFFECT_WORDS[e.op].format(amount=e.amount) for e in effects)


def card_text(card: Card) -> str:
    parts = []
    if card.effects:
        parts.append(effect_words(card.effects).capitalize() + ".")
    for ability in card.abilities:
        cost = "Once per turn" if ability.once_per_turn else str(ability.cost)
        parts.append(f"{cost}: {effect_words(ability.effects) or ability.text}.")
    if card.text:
        parts.append(card.text)
    return " ".join(parts)


def card_stats(card: Card, plus: int = 0, experience: int = 0) -> str:
    if card.type != "monster":
        return ""
    energy = card.energy + 5 * experience
    return f"{card.attack + plus}/{card.defense + plus}, energy {energy}"


def _monster(game: VileGame, monster_id: object) -> str:
    return monster_name(game, monster_id)


def monster_name(game: VileGame, monster_id: object, owner: bool = True) -> str:
    """A monster's name, told apart from others of the same name: "Poltergeist #2" among a
    player's own (in the order they came into play), "Anton's Wraith" when both players have
    one, so no two buttons or tiles read the same (a seat's own tile: no owner)."""
    state = game.state
    m = state.monster(monster_id)
    if m is None:
        return "a monster"
    name = game.catalog.get(m.card_id).name
    same = [x for x in state.monsters if game.catalog.get(x.card_id).name == name]
    if len(same) == 1:
        return name
    theirs = [x for x in same if x.controller == m.controller]
    if len(theirs) > 1:
        name += f" #{theirs.index(m) + 1}"
    if owner and len({x.controller for x in same}) > 1:
        name = f"{state.players[m.controller].name}'s {name}"
    return name


_ORDINALS = ("the 1st", "the 2nd", "the 3rd", "the 4th", "the 5th", "the 6th", "the 7th", "the 8th")


def _targets(game: VileGame, targets: tuple[va.Target, ...]) -> str:
    names = [
        game.catalog.get(t).name if isinstance(t, str) and t in game.catalog else _monster(game, t)
        for t in targets
    ]
    # In words: the table's font draws no arrow (it showed a box).
    return f" on {', '.join(names)}" if names else ""


def _pass_words(game: VileGame) -> str:
    state = game.state
    combat = state.combat
    if combat is not None:
        return {"attackers": "No attack", "blockers": "No blocks"}.get(combat.step, "Deal damage")
    if state.ritual is not None:
        return "No more sabotage"
    if state.phase is Phase.CULMINATION:
        return "No ritual"
    if state.phase is Phase.END:
        return "End the turn"
    return "Next phase"


def choice_words(game: VileGame, action: Any) -> str | None:
    """The band's button for a one-tap decision; None for what a scan or a counter does."""
    state = game.state
    if isinstance(action, va.Pass):
        return _pass_words(game)
    if isinstance(action, va.PerformRitual):
        return "Perform the ritual"
    if isinstance(action, va.Gather):
        return "Set no component" if not action.card_id else None  # a found one is scanned
    if isinstance(action, va.Recruit):
        # Hidden hands: any card goes to the bottom of the gate deck, unnamed.
        return "Recruit a cultist" if not action.card_id else None
    if isinstance(action, va.Deploy):
        return f"Deploy {_monster(game, action.monster_id)}"
    if isinstance(action, va.DeclareAttackers):
        return "Attack with " + ", ".join(_monster(game, a) for a in action.attackers)
    if isinstance(action, va.DeclareBlockers):
        return "; ".join(
            f"{_monster(game, b)} blocks {_monster(game, a)}" for b, a in action.blocks
        )
    if isinstance(action, va.AssignDamage):
        combat = state.combat
        unblocked = [a for a in combat.attackers if not blockers_of(combat, a)] if combat else []
        if not action.assignments or not unblocked:
            return None
        return f"Unblocked hit {_monster(game, action.assignments[0][1])}"
    if isinstance(action, va.ApplyComponent):
        return f"Apply {game.catalog.get(action.card_id).name}{_targets(game, action.targets)}"
    if isinstance(action, va.FlipSabotage):
        # Named by its place only: the performer must not read which card it is before it flips.
        zone = state.players[action.player].sabotage_zone
        place = _ORDINALS[zone.index(action.card_id)] if len(zone) > 1 else "the"
        # By its place in words ("Flip sabotage card 1" read as a card's number).
        return f"Flip {place} sabotage card{_targets(game, action.targets)}"
    if isinstance(action, va.Activate):
        return f"{_monster(game, action.monster_id)}'s ability{_targets(game, action.targets)}"
    if isinstance(action, va.PlayCard) and len(action.targets) > 0:
        card = game.catalog.get(action.card_id)
        return f"Play {card.name}{_targets(game, action.targets)}"
    return None
