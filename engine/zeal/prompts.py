"""What the table should do now, in players' words (game.prompts())."""

from __future__ import annotations

from engine.core.records import Prompt
from engine.zeal import actions as za
from engine.zeal.cards import Catalog
from engine.zeal.flow import actor
from engine.zeal.legal import legal_actions
from engine.zeal.state import GameState, Step
from engine.zeal.triggers import describe, is_optional, playable

_STEP_REMINDERS = {
    Step.COMBAT_START: "Combat: you may play actions before attackers are chosen",
    Step.COMMIT: "Commit: characters and devices can be played now, when nothing else is being played",
    Step.END_OF_TURN: 'End of Turn: "at the end of your turn" actions are played now',
}
# A module name: in Python 3.11 ``Step.MULLIGAN`` goes through the enum metaclass's
# __getattr__ hook, about ten times the cost of a module name (the app asks after every command).
_MULLIGAN = Step.MULLIGAN


def prompts(state: GameState, catalog: Catalog) -> list[Prompt]:
    out: list[Prompt] = []
    if state.over:
        out.append(Prompt(state.winner, f"Game over: {state.over_reason}", "over"))
        return out
    who = actor(state)
    players = state.players
    w = players[who].name if who is not None else ""
    if state.step is _MULLIGAN and who is not None:
        n = players[who].hand_size
        out.append(
            Prompt(
                who,
                f"{w}: keep your hand, or mulligan for {n} new cards",
                "choose",
            )
        )
    elif who is not None and players[who].develop_left:
        left = players[who].develop_left
        out.append(
            Prompt(
                who,
                f"{w}: Develop ({left} left): draw a card or raise maximum devotion by 1",
                "choose",
            )
        )
    elif state.awaiting == "develop":
        out.append(
            Prompt(who, f"{w}: Develop: draw a card or raise maximum devotion by 1", "choose")
        )
    elif playable(state):
        for t in playable(state):
            if t.ability.trigger == "reconnect":
                text = f"{w}: play or decline {t.name}'s Reconnect"
            elif is_optional(t):
                text = f"{w}: play or decline {t.name}: {describe(t.ability)}"
            else:
                text = f"{w}: play {t.name}: {describe(t.ability)}"
            out.append(Prompt(who, text, "trigger"))
    elif state.awaiting == "attackers" and not state.stack:
        out.append(Prompt(who, f"{w}: choose attackers, or none", "choose"))
    elif state.awaiting == "blockers" and not state.stack:
        out.append(Prompt(who, f"{w}: choose blockers (up to two per attacker)", "choose"))
    elif state.awaiting == "flankers" and not state.stack:
        out.append(
            Prompt(
                who,
                f"{w}: choose flankers (one per blocker)",
                "choose",
            )
        )
    elif state.awaiting == "damage" and not state.stack:
        out.append(
            Prompt(
                who,
                f"{w}: deal combat damage (excess damage goes on to an adjacent base)",
                "choose",
            )
        )
    elif who is not None:
        if state.stack:
            top = state.stack[-1]
            out.append(Prompt(who, f"{w} may respond to {top.name} or pass", "respond"))
        else:
            out.append(Prompt(who, f"{w} may play an action or pass", "act"))
            reminder = _STEP_REMINDERS.get(state.step)
            if reminder:
                out.append(Prompt(state.active, reminder, "reminder"))
        if not state.hidden:
            names = _playable_names(state, catalog)
            if names:
                out.append(Prompt(who, f"{w} can play: {', '.join(names)}", "options"))
    for note in state.notes:
        out.append(Prompt(None, f"Resolve by hand: {note}", "resolve"))
    if state.turn:
        step = f"Turn {state.turn}: {players[state.active].name}'s {state.step.label} step"
        out.append(Prompt(None, step, "step"))
    return out


def _playable_names(state: GameState, catalog: Catalog) -> list[str]:
    """With known hands: the cards and actions the acting player can play now."""
    names: list[str] = []
    for action in legal_actions(state, catalog):
        if isinstance(action, za.PlayCard):
            name = catalog.get(action.card_id).name
        elif isinstance(action, za.Activate):
            perm = state.permanent(action.permanent_id)
            name = f"{perm.name}'s action" if perm else ""
        else:
            continue
        if name and name not in names:
            names.append(name)
    return names
