"""The rule that applies now, in the app's words with the rulebook's section (rules/z-g.md),
for "the rules at hand" (issue 20, part 5). No rule is decided here: the words say what the
rulebook says for the moment the engine is in."""

from __future__ import annotations

from engine.zg.game import ZgGame

BY_PHASE = {
    "impulse": (
        "Basic Rules 2-3, Start and Impulse",
        "Each player picks 3 cards from their deck as a face-down hand and scans them; the "
        "tablet calls the impulse, highest digits first (7-5-3 is 753). Highest impulse goes "
        "first.",
    ),
    "tiebreak": (
        "Basic Rule 3, Impulse tie",
        "Each tied player draws a random card from their deck and scans it: the higher "
        "impulse goes first.",
    ),
    "card": (
        "Basic Rules 4 and 7, Move and Next pulse",
        "Pick one of your hand cards without showing it and scan it: it gives this pulse's "
        "Move, Range and attack.",
    ),
    "act": (
        "Basic Rules 4-5, Move and Attack",
        "Move up to the card's Move in card lengths (tap + on your Move tile), then attack a "
        "foe in range and sight, or end the pulse. Range 0 is hand to hand: your weapon must "
        "touch the foe.",
    ),
    "target": (
        "Basic Rule 5, the target card",
        "The foe draws the top card of their deck face down and scans it (terrain: the "
        "attacker draws from their own deck, Core Exceptions 5).",
    ),
    "spin": (
        "Basic Rule 5, the spin",
        "The foe spins the target card and says which end faces the attacker; bolsters are "
        "declared before it (Core Exceptions 6).",
    ),
    "bolster": (
        "Core Exceptions 6, Bolster",
        "The defender puts +1 armor on one of the target card's dots for each bolster.",
    ),
    "augment": (
        "Core Exceptions 7, Augment",
        "The attacker puts +1 armor piercing on one of their own dots for each augment.",
    ),
    "result": (
        "Basic Rule 6 and Core Exceptions 8, Damage and Retest",
        "Each match of colours is a strike; armor blocks it unless pierced, a weak point "
        "pierced is 2. Accept the test, or retest once: the attacker, the defender, or both.",
    ),
    "save": (
        "Core Exceptions 1, Character card",
        "Sacrifice your character card to save the zGear card, or it is slagged.",
    ),
    "over": ("Basic Rule 10, Victory", "A player who defeats all their foes wins."),
}


def rule_at_hand(game: ZgGame) -> tuple[str, str]:
    """(section, words) for the moment the game is in."""
    return BY_PHASE[game.state.phase]
