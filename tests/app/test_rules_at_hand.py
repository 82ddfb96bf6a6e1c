"""The rules at hand (issue 20, part 5): Zeal says the rule that applies at every step, in
the app's words with the rulebook's section (rules/zeal.md's headings)."""

from __future__ import annotations

from companion_app.games import adapter_for
from engine.games import get
from engine.zeal import Step
from tests.app.explorer.words import internal_names

# Headings of Zeal's rulebook (rules/zeal.md) a note may name, as "Section: Subsection".
HEADINGS = {
    "Introduction": ("Objective",),
    "Game Setup": ("Mulligan", "Bases", "Devotion", "Shuffle and draw"),
    "Turn Overview": ("Develop", "Combat", "Commit", "End of Turn"),
    "Combat": ("Choose Attackers", "Choose Blockers", "Flanking", "Combat Damage"),
    "Playing Actions": ("Playing and resolving actions", "Choosing Targets", "Restrictions"),
}


def test_every_zeal_step_has_its_rule_and_section() -> None:
    from companion_app.games.zeal.rules_at_hand import _BY_STEP

    assert set(_BY_STEP) == set(Step)
    for note in _BY_STEP.values():
        assert note.words and not internal_names(note.words), note
        top, _, sub = note.section.partition(": ")
        assert top in HEADINGS and (not sub or sub in HEADINGS[top]), note.section


def test_the_adapter_answers_for_a_game_in_play() -> None:
    adapter = adapter_for("zeal")
    kind = get("zeal")
    game = kind.game.start(
        kind.setup_from_dict(
            adapter.setup_record(["A", "B"], [(), ()], 3, 0, {}), adapter.catalog()
        )
    )
    note = adapter.rule_now(game)
    assert note is not None and note.section == "Game Setup: Mulligan"
