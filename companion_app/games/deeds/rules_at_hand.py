"""The rule that applies now in Deeds Not Words, in the app's words with the rulebook's
section (its numbered phases and steps, or the named section), for the step line or a
refusal tapped (issue 20, "the rules at hand"). No Kivy; the rules themselves are the engine's.
"""

from __future__ import annotations

from companion_app.games.base import RuleNote
from engine.deeds.game import DeedsGame
from engine.deeds.setup import HAND
from engine.deeds.state import Phase

_BY_PHASE = {
    Phase.MULLIGAN: RuleNote(
        "Each player may take one mulligan: shuffle any number of the five cards drawn back "
        "into the deck and draw that many again. The first player decides first.",
        "Setup",
    ),
    Phase.REGROUP: RuleNote(
        "The attacker readies their cards and adds two different resources to their pool; "
        "every unit of both players returns to full health.",
        "1. Regroup",
    ),
    Phase.DRAW: RuleNote(
        "The attacker draws a card. The draw is skipped in the first round.", "2. Draw"
    ),
    Phase.DEPLOY: RuleNote(
        "The attacker may deploy units, technology and tactics, equip or unequip technology "
        "and use abilities, paying each cost; then attack once, or go on without a battle. "
        "Attacking units are utilized; a unit may not attack in the round it came into play.",
        "3. Deploy, 4.1 Attack",
    ),
    Phase.DEFEND: RuleNote(
        "The defender assigns ready units to block attackers: a blocker blocks one attacker, "
        "several may block the same one in a blocking order, and blockers stay once assigned.",
        "4.2 Defend",
    ),
    Phase.TACTICS: RuleNote(
        "Attacker and defender may play tactics and use abilities, the attacker first; when "
        "both pass in a row the battle is resolved all at once.",
        "4.3 Tactics, 4.4 Battle Resolution",
    ),
    Phase.RETREAT: RuleNote(
        "The attacker may deploy, equip or unequip and use abilities, then ends the round.",
        "5. Deploy and Retreat",
    ),
}
_HAND = RuleNote(
    f"Your hand holds up to {HAND} cards: with more at the end of your round you must "
    f"discard down to {HAND}. Scan each card you discard, or tap Discard a card.",
    "Your Hand",
)
_OVER = RuleNote("A base reduced to 0 health loses the game; both at once is a draw.", "Objective")


def rule_now(game: DeedsGame, seat: int | None = None) -> RuleNote:
    """What applies now; for ``seat`` (a refusal of theirs tapped) when it is another
    player's move, whose round it is and what they may still do."""
    state = game.state
    if state.over:
        return _OVER
    attacker = state.players[state.attacker].name
    if state.phase is Phase.RETREAT and state.players[state.attacker].hand_size > HAND:
        note = _HAND
    else:
        note = _BY_PHASE[state.phase]
    if seat is not None and seat != game.acting_player() and state.phase is not Phase.MULLIGAN:
        return RuleNote(
            f"It is {attacker}'s round: the attacker acts in each phase; the other player "
            "blocks in the Defend step and may play tactics. " + note.words,
            f"Gameplay; {note.section}",
        )
    return note
