"""Long-pressing a keyword shows the rulebook's text for it."""

from companion_app.games.zeal.glossary import glossary_text


def test_known_keywords_quote_the_rulebook() -> None:
    assert "can't be blocked or flanked" in glossary_text("fly")
    assert "two combatants" in glossary_text("Overpower")


def test_qualified_keywords_name_the_qualifier() -> None:
    text = glossary_text("immune:spells")
    assert text.startswith("(spells)") and "Can't be dealt damage" in text


def test_unknown_keywords_say_so_plainly() -> None:
    assert "No glossary entry" in glossary_text("sparkle")
