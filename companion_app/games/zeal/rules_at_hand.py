"""The rule that applies now in Zeal, in the app's words with the rulebook's section (its
headings: "Combat: Choose Blockers"), for the step line or a refusal tapped (issue 20, "the
rules at hand"). No Kivy; the rules themselves are the engine's."""

from __future__ import annotations

from companion_app.games.base import RuleNote
from engine.zeal import Step, ZealGame
from engine.zeal.triggers import playable

_BY_STEP = {
    Step.MULLIGAN: RuleNote(
        "Starting with the first player, each player may once shuffle their hand into their "
        "deck and draw a new hand.",
        "Game Setup: Mulligan",
    ),
    Step.DEVELOP: RuleNote(
        "Draw a card or raise your maximum devotion by one; then your current devotion is set "
        "to your maximum. No actions are played in the Develop step.",
        "Turn Overview: Develop",
    ),
    Step.COMBAT_START: RuleNote(
        "Before each combat step every player gets a chance to play actions; when all pass, "
        "the step goes on.",
        "Combat",
    ),
    Step.CHOOSE_ATTACKERS: RuleNote(
        "The attacking player chooses any of their characters in play to attack, each at one "
        "opponent.",
        "Combat: Choose Attackers",
    ),
    Step.CHOOSE_BLOCKERS: RuleNote(
        "The defending player may block with their characters: each blocks one attacker, and "
        "an attacker can be blocked by up to two.",
        "Combat: Choose Blockers",
    ),
    Step.FLANKING: RuleNote(
        "Unblocked attackers may flank a blocking character; a blocker can be flanked by one "
        "character.",
        "Combat: Flanking",
    ),
    Step.COMBAT_DAMAGE: RuleNote(
        "All combat damage is dealt at once. An attacker blocked by two damages the one its "
        "player chooses; an unblocked attacker damages the base its player chooses, and excess "
        "damage goes on to an adjacent base (defense within one).",
        "Combat: Combat Damage",
    ),
    Step.COMMIT: RuleNote(
        "Characters and devices are played in your Commit step, when no other action is being "
        "played (unless they have Ambush). Every action can be answered before it resolves.",
        "Turn Overview: Commit",
    ),
    Step.END_OF_TURN: RuleNote(
        'Both players get a chance to play actions, including "at the end of your turn" '
        "actions; then the next player's turn begins.",
        "Turn Overview: End of Turn",
    ),
    Step.GAME_OVER: RuleNote(
        "A player with no bases left standing is out; the last player in wins.",
        "Introduction: Objective",
    ),
}
_TRIGGERS = RuleNote(
    "Triggered actions are played directly after what triggered them, one at a time in any "
    'order their player chooses; "you may" actions and those with a cost may be declined.',
    "Playing Actions: Triggered Actions",
)
_RESPOND = RuleNote(
    "Whenever an action is played or a player passes, the next player may play an action or "
    "pass; an action resolves when everyone else passes.",
    "Playing Actions: Playing and resolving actions",
)


def rule_now(game: ZealGame, seat: int | None = None) -> RuleNote:
    """What applies now: a triggered action waiting, an action being answered, else the
    step's own rule."""
    state = game.state
    if state.over:
        return _BY_STEP[Step.GAME_OVER]
    if playable(state):
        return _TRIGGERS
    if state.stack:
        return _RESPOND
    return _BY_STEP[state.step]
