"""The rule that applies now, in the app's words with the rulebook's section
(rules/vile-incantations.md), for "the rules at hand" (issue 20, part 5). No rule is decided
here."""

from __future__ import annotations

from engine.vile import VileGame
from engine.vile.state import Phase

MAIN = (
    "Set one component face down a turn, recruit one cultist a turn, play spells and "
    "monsters for their devotion, deploy monsters not played this turn, activate abilities, "
    "set sabotage cards (stockpiling devotion with them)."
)
BY_PHASE = {
    Phase.BEGINNING: (
        "Turn Structure 1, Beginning Phase",
        "Your cultists refresh and you draw a card (not on the first player's first turn).",
    ),
    Phase.MAIN1: ("Turn Structure 2, Main Phase 1", MAIN),
    Phase.MAIN2: ("Turn Structure 4, Main Phase 2", MAIN),
    Phase.MAIN3: ("Turn Structure 6, Main Phase 3", MAIN),
    Phase.CULMINATION: (
        "Turn Structure 5, Culmination Phase",
        "With three components in your ritual zone you may perform a ritual.",
    ),
    Phase.END: (
        "Turn Structure 7, End Phase",
        "Deploy any number of monsters; no more than two may stay reserved.",
    ),
    Phase.OVER: ("Glossary, Energy", "The first player to reach 100 energy wins the game."),
}
COMBAT = {
    "attackers": "Declare attackers: any of your deployed monsters.",
    "blockers": "Declare blockers: the opponent's deployed monsters, one or more on an attacker.",
    "damage": (
        "Damage: each monster deals its attack; an unblocked attacker hits a deployed monster "
        "of your choice."
    ),
}
RITUAL = {
    "sabotage": (
        "The opponent may flip face-down sabotage cards, paying their devotion from the "
        "stockpile and ready cultists."
    ),
    "components": (
        "Your deployed monsters bolster the ritual; apply the components in the order you "
        "choose. You gain energy equal to the strength."
    ),
}


def rule_at_hand(game: VileGame) -> tuple[str, str]:
    """(section, words) for the moment the game is in."""
    state = game.state
    if state.gathers:
        return "Turn Structure 1, Beginning Phase: Gather", (
            "Look at the top five cards of your gate deck; you may set a component among them "
            "face down (scan it), the rest go to the bottom."
        )
    if state.combat is not None:
        return "Turn Structure 3, Combat Phase", COMBAT.get(state.combat.step, COMBAT["damage"])
    if state.ritual is not None:
        return "Turn Structure 5, Culmination Phase", RITUAL.get(
            state.ritual.step, RITUAL["components"]
        )
    return BY_PHASE[state.phase]
