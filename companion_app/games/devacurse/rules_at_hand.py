"""The rule that applies now, in the app's words with the rulebook's section
(rules/devacurse.md), for "the rules at hand" (issue 20, part 5). No rule is decided here."""

from __future__ import annotations

from engine.devacurse import DevacurseGame
from engine.devacurse.state import (
    ASSIGN,
    ATTACK,
    BLOCK,
    CALLING,
    DAMAGE,
    END,
    HERO_COMBAT,
    HEROES,
    OVER,
    PRAYERS,
    SOLDIER_COMBAT,
)

BY_PHASE = {
    PRAYERS: (
        "III, part 1: Prayers",
        "Set cards as prayers in your temple zone and make blessings with them; enter the "
        "blessings made and the cards drawn.",
    ),
    CALLING: (
        "III.A Soldier calling",
        "The player with the order calls soldiers from the hand or a prompt closed prayer, "
        "paying their blessings, then may play events on them; then the other player.",
    ),
    HEROES: (
        "III.B Hero guardian setting",
        "Heroes are called with cards from the Cenotaph, at level 1; a hero called in an "
        "earlier spiral may go to level 2. Then the order passes to the other player.",
    ),
    END: (
        "VI End of turn",
        "Flash (!) events may still be played. Blessings not spent are taken from Faith.",
    ),
    OVER: ("VI End of turn", "A player with no Faith, or no cards in the Universe, loses."),
}
SOLDIERS = {
    ATTACK: "The attacker commits soldiers by depleting them, or does not attack.",
    BLOCK: (
        "The defender depletes prompt soldiers or heroes to block, and says which blocker "
        "faces which attacker; an unblocked soldier's AT is taken from the Deva's Faith."
    ),
    DAMAGE: (
        "AT against DF: a blocker whose DF is not above the AT is slain. Flash (!) events "
        "may be played."
    ),
}
HEROES_FIGHT = {
    ATTACK: "The attacker commits heroes by depleting them, or does not attack.",
    BLOCK: "The defender depletes prompt soldiers or heroes to block.",
    ASSIGN: (
        "The attacking player chooses which hero fights which blocker; a hero can't fight a "
        "hero while prompt enemy soldiers remain."
    ),
    DAMAGE: "AT against DF or AP; a hero at 0 AP is slain. Flash (!) events may be played.",
}


def rule_at_hand(game: DevacurseGame) -> tuple[str, str]:
    """(section, words) for the moment the game is in."""
    state = game.state
    combat = state.combat
    if state.phase == SOLDIER_COMBAT and combat is not None:
        return "IV.A Soldier combat", SOLDIERS.get(combat.step, SOLDIERS[DAMAGE])
    if state.phase == HERO_COMBAT and combat is not None:
        return "IV.B Hero combat", HEROES_FIGHT.get(combat.step, HEROES_FIGHT[DAMAGE])
    return BY_PHASE.get(state.phase, ("IV The Assault Loop", "Soldiers fight, then heroes."))
