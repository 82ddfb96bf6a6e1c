"""Keyword glossary text for long presses, quoted from the Zeal rulebook (glossary.toml).

Card data names keywords as the engine spells them ("fly", "immune:spells", "Debut Spell");
we match case-insensitively on the part before any ":" qualifier.
"""

from __future__ import annotations

import tomllib
from functools import cache
from importlib import resources


@cache
def _terms() -> dict[str, str]:
    text = resources.files("companion_app.games.zeal").joinpath("glossary.toml").read_text("utf-8")
    data = tomllib.loads(text)
    return {key: str(entry["text"]) for key, entry in data["terms"].items()}


def glossary_text(keyword: str) -> str:
    base = keyword.split(":", 1)[0].strip().lower().replace("_", " ")
    terms = _terms()
    if base in terms:
        text = terms[base]
        if ":" in keyword:
            text = f"({keyword.split(':', 1)[1]}) {text}"
        return text
    return "No glossary entry for this keyword; see the rulebook."
