"""The rule that applies now in Zeal, in the app's words, with the rulebook's section
(rules/zeal.md's headings): shown when a player taps the step line or a refusal."""

from __future__ import annotations

from companion_app.games.base import RuleNote
from engine.zeal import Step, ZealGame

_BY_STEP: dict[Step, RuleNote] = {
    Step.MULLIGAN: RuleNote(
        "Starting with the first player, each player may once shuffle their hand into their "
        "deck and draw a new hand, or keep the hand they have.",
        "Game Setup: Mulligan",
    ),
    Step.DEVELOP: RuleNote(
        "The player whose turn it is draws a card or raises their maximum devotion by one; "
        "then their devotion is set to their maximum.",
        "Turn Overview: Develop",
    ),
    Step.COMBAT_START: RuleNote(
        "Before each combat step every player may play actions; when all pass in a row, the "
        "step's instructions are carried out.",
        "Combat",
    ),
    Step.CHOOSE_ATTACKERS: RuleNote(
        "The attacking player chooses any of their characters in play to attack with.",
        "Combat: Choose Attackers",
    ),
    Step.CHOOSE_BLOCKERS: RuleNote(
        "The defending player may block: each blocker blocks one attacker, and an attacker "
        "can be blocked by up to two characters.",
        "Combat: Choose Blockers",
    ),
    Step.FLANKING: RuleNote(
        "The attacking player may send attacking characters nobody blocked to flank a "
        "blocker; a blocker can be flanked by one character.",
        "Combat: Flanking",
    ),
    Step.COMBAT_DAMAGE: RuleNote(
        "All combat damage is dealt at once: blockers damage the attacker they block, "
        "flankers the blocker they flank, and attackers nobody blocked damage bases.",
        "Combat: Combat Damage",
    ),
    Step.COMMIT: RuleNote(
        "Characters and devices are normally played only now, in your own Commit step; "
        "spells whenever you have priority.",
        "Turn Overview: Commit",
    ),
    Step.END_OF_TURN: RuleNote(
        "Both players may play actions, including 'at the end of your turn' actions; then "
        "the turn passes to the left.",
        "Turn Overview: End of Turn",
    ),
    Step.GAME_OVER: RuleNote(
        "A player whose six bases are all face down is out; the last player with a base "
        "standing wins.",
        "Introduction: Objective",
    ),
}

_STACK = RuleNote(
    "Something waits to resolve: each player in turn may respond with an action or pass; "
    "when all pass in a row, the newest action resolves first.",
    "Playing Actions: Playing and resolving actions",
)


def rule_now(game: ZealGame) -> RuleNote | None:
    state = game.state
    if state.stack:
        return _STACK
    return _BY_STEP.get(state.step)
