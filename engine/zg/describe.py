"""Z-G's actions in players' words, for the log screen and the band."""

from __future__ import annotations

from engine.zg import actions as zga
from engine.zg.card_model import Catalog
from engine.zg.state import END_NAMES, GameState


def describe(action: zga.Action, state: GameState, catalog: Catalog) -> str:
    names = [p.name for p in state.players]

    def who(seat: int) -> str:
        return names[seat] if 0 <= seat < len(names) else f"player {seat + 1}"

    def card(card_id: str) -> str:
        found = catalog.find(card_id)
        return found.name if found is not None else f'"{card_id}"'

    me = who(action.player)
    if isinstance(action, zga.PickHand):
        if action.cards:
            return f"{me} picked a hand"
        return f"{me} called impulse {action.impulse if action.impulse is not None else '?'}"
    if isinstance(action, zga.ScanHand):
        return f"{me} scanned a hand card"  # Basic Rule 3: "Do not reveal your cards"
    if isinstance(action, zga.BreakTie):
        return f"{me} drew {card(action.card)} to break the tie"
    if isinstance(action, zga.PlayCard):
        if state.hidden:  # Basic Rule 4: "picks (but does not reveal) 1 action card"
            return f"{me} played an action card"
        return f"{me} played {card(action.card)}"
    if isinstance(action, zga.Move):
        if not action.distance:
            return f"{me} did not move"  # "Carl moved 0"
        lengths = "card length" if action.distance == 1 else "card lengths"
        return f"{me} moved {action.distance} {lengths}"
    if isinstance(action, zga.Stance):
        return f"{me} took the {action.stance} stance"
    if isinstance(action, zga.Attack):
        lock = " (targetlock)" if action.locked else ""
        return f"{me} attacked {who(action.foe)} with end {END_NAMES[action.end]}{lock}"
    if isinstance(action, zga.AttackTerrain):
        ok = 0 <= action.terrain < len(state.terrain)
        what = state.terrain[action.terrain].name if ok else "terrain"
        return f"{me} attacked {what} with end {END_NAMES[action.end]}"
    if isinstance(action, zga.DrawTarget):
        if state.hidden:  # Basic Rule 5: drawn face down, named once flipped over
            return f"{me} drew the target card"
        return f"{me} drew {card(action.card)} as the target card"
    if isinstance(action, zga.Spin):
        return f"{me} spun the target card: end {END_NAMES[action.end]} faces"
    if isinstance(action, zga.Bolster | zga.Augment):
        verb = "bolstered" if isinstance(action, zga.Bolster) else "augmented"
        return f"{me} {verb} dot {', '.join(str(d + 1) for d in action.dots)}"
    if isinstance(action, zga.Retest):
        return f"{me} retested the {action.card} card, end {END_NAMES[action.end]}"
    if isinstance(action, zga.Save):
        return f"{me} {'sacrificed' if action.sacrifice else 'kept'} the character card"
    if isinstance(action, zga.Knockdown):
        return f"{me} knocked {who(action.foe)} down"
    if isinstance(action, zga.RuleOfPrime):
        return f"{me} called the Rule of Prime against {who(action.foe)}"
    if isinstance(action, zga.SetCard):
        return f"{me} set {who(action.seat)}'s {card(action.card)} {action.to}"
    if isinstance(action, zga.SetMarkers):
        return f"{me} adjusted {who(action.seat)}'s markers"
    if isinstance(action, zga.SetTerrain):
        return f"{me} set terrain strikes to {action.strikes}"
    words = {
        "Flameout": "announced flameout",
        "StandUp": "stood up",
        "EndPulse": "ended the pulse",
        "Resolve": "accepted the test",
        "UsePowerup": "used the character's powerup",
    }
    return f"{me} {words.get(type(action).__name__, 'acted')}"
