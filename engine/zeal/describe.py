"""Zeal's actions in players' words, for the log screen and the band (as of the position now;
a card a declaration named that has left play since by the name it had then)."""

from __future__ import annotations

from collections.abc import Mapping

from engine.zeal import actions as za
from engine.zeal.cards import Catalog
from engine.zeal.state import GameState


def describe(
    action: za.Action, state: GameState, catalog: Catalog, named: Mapping[int, str]
) -> str:
    """A command in players' words, for the log screen. ``named``: the names of the cards
    combat declarations named, as they were then (the game keeps them)."""
    names = [p.name for p in state.players]
    who = names[action.player] if 0 <= action.player < len(names) else f"Seat {action.player}"
    if isinstance(action, za.SetDevotion):
        parts = []
        if action.current is not None:
            parts.append(f"devotion to {action.current}")
        if action.maximum is not None:
            parts.append(f"maximum devotion to {action.maximum}")
        return f"{who} set {' and '.join(parts)}"
    if isinstance(action, za.SetBase):
        parts = []
        if action.damage is not None:
            parts.append(f"damage {action.damage}")
        if action.face_up is not None:
            parts.append("face up" if action.face_up else "face down")
        return f"{who}'s base {action.base_index + 1}: {', '.join(parts)}"
    if isinstance(action, za.PlayCard):
        try:
            name = catalog.get(action.card_id).name
        except KeyError:
            name = action.card_id
        return f"{who} played {name}"
    if isinstance(action, za.Develop):
        return f"{who} developed: {'drew a card' if action.choice == 'draw' else '+1 maximum devotion'}"
    if isinstance(action, za.DeclareAttackers | za.DeclareBlockers | za.DeclareFlankers):
        return f"{who} {_declaration(action, state, named, names)}"
    if isinstance(action, za.Activate):
        # The card by name: "activated a card's action" left the table guessing which.
        perm = state.permanent(action.permanent_id)
        card = perm.name if perm is not None else named.get(action.permanent_id, "")
        if card:
            return f"{who} activated {card}'s action"
    kind = type(action).__name__
    words = {
        "KeepHand": "kept their hand",
        "Mulligan": "took a mulligan",
        "Pass": "passed",
        "DeclareAttackers": "declared attackers",
        "DeclareBlockers": "declared blockers",
        "DeclareFlankers": "declared flankers",
        "MarkResolved": "marked a card resolved",
        "SetDamage": "set a character's damage",
        "MoveCard": "moved a card",
        "ChangeControl": "changed who controls a card",
        "AssignDamage": "assigned combat damage",
        "PlayTrigger": "played a triggered action",
        "DeclineTrigger": "declined a triggered action",
        "Activate": "activated a card's action",
    }
    return f"{who} {words.get(kind, kind)}"


def _declaration(
    action: za.DeclareAttackers | za.DeclareBlockers | za.DeclareFlankers,
    state: GameState,
    named: Mapping[int, str],
    names: list[str],
) -> str:
    """ "declared attackers: Asterion Bull at Anton" (a card that has left play since is named
    as it was when declared)."""

    def name(pid: int) -> str:
        perm = state.permanent(pid)
        if perm is not None:
            return perm.name
        return named.get(pid, "a card no longer in play")

    if isinstance(action, za.DeclareAttackers):
        pairs = [f"{name(a)} at {names[d]}" for a, d in action.attackers if 0 <= d < len(names)]
        kind = "attackers"
    elif isinstance(action, za.DeclareBlockers):
        pairs = [f"{name(b)} blocks {name(a)}" for b, a in action.blocks]
        kind = "blockers"
    else:
        pairs = [f"{name(f)} flanks {name(b)}" for f, b in action.flanks]
        kind = "flankers"
    return f"declared {kind}: {', '.join(pairs)}" if pairs else f"declared no {kind}"
