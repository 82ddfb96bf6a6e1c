"""Commands and decisions in players' words, for the log and the band (no Kivy here)."""

from __future__ import annotations

from engine.zeal import actions as za


def choice_label(action: za.Action) -> str | None:
    """The band's button text for a one-tap decision; None for actions made elsewhere
    (cards are played by scanning, combat in the combat assistant)."""
    if isinstance(action, za.KeepHand):
        return "Keep hand"
    if isinstance(action, za.Mulligan):
        return "Mulligan"
    if isinstance(action, za.Develop):
        return "Draw a card" if action.choice == "draw" else "+1 max devotion"
    if isinstance(action, za.Pass):
        return "Pass"
    return None
