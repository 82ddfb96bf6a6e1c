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


def _popup_words(words: str, section: str) -> list[str]:
    """The explorer's words rules on a rule popup showing ``words`` and ``section``."""
    import companion_app.app as app_module
    from companion_app.widgets.rule_popup import RulePopup
    from tests.app.explorer import checks

    app_module.load_kv()
    popup = RulePopup(words=words, section=section, size_hint=(None, None), size=(900, 400))
    return checks.wording(checks.visible(popup), screen="RulePopup")


def test_a_rule_popup_heading_with_nothing_after_it_is_caught() -> None:
    """Planted: a citation read as a label whose value did not come, and a bare heading."""
    rule = "Your hand holds up to 5 cards."
    assert _popup_words(rule, "Rulebook: Your Hand")
    assert _popup_words(rule, "Rulebook:")
    assert not _popup_words(rule, 'Rulebook, section "Your Hand"')


def test_deeds_hand_limit_rule_cites_its_section_in_words() -> None:
    """Deeds seed 777, step 11 (issue 33): over the hand limit the popup read "Rulebook: Your
    Hand", 'Hand' with no value after it. It now says the rulebook's rule ("Your Hand": up to
    5 cards, discard down to 5 at the end of the round) and cites the section as a title, for
    the attacker and for the other player alike."""
    from companion_app.widgets.rule_popup import _cited
    from tests.deeds.helpers import game_at

    adapter = adapter_for("deeds")
    hand = ["shambler"] * 6
    game = game_at(phase="retreat", hands=(hand, ["shambler"] * 3))
    for seat in (None, 0, 1):
        note = adapter.rule_now(game, seat)
        assert note is not None and note.section.endswith("Your Hand"), note
        assert "up to 5 cards" in note.words and "discard down to 5" in note.words
        section = _cited(note.section)
        assert _popup_words(note.words, section) == [], section
    assert _cited("Your Hand") == 'Rulebook, section "Your Hand"'
    assert _cited("Gameplay; 2. Draw") == 'Rulebook, section "Gameplay"; section 2: Draw'
    assert _cited("IV.A Soldier combat") == "Rulebook, section IV.A: Soldier combat"
