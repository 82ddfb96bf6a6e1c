"""Every game's README lists where the engine leaves a rule to the players (issue 34): each
sample card whose text the table is asked to carry out by hand is named in its README's "Left
to the players" section, found by the same test the engine makes when it raises the prompt.
So the table ("Resolve by hand: ...") and the docs say the same."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from engine import games
from engine.zeal import effects as zeal_effects

ROOT = Path(__file__).resolve().parents[2]
READMES = {
    "zeal": ROOT / "engine" / "README.md",
    "deeds": ROOT / "engine" / "deeds" / "README.md",
    "vile": ROOT / "engine" / "vile" / "README.md",
    "devacurse": ROOT / "engine" / "devacurse" / "README.md",
    "zg": ROOT / "engine" / "zg" / "README.md",
}
# Devacurse's effect events the engine carries out (perform._event); any other is a prompt.
DEVACURSE_DONE = ("destroy_soldier", "bolster")


def left_to_players(kind: str) -> set[str]:
    """The sample cards of ``kind`` whose text the engine hands to the players."""
    catalog = games.get(kind).sample_catalog()
    cards = list(catalog.cards)  # type: ignore[attr-defined]
    out: set[str] = set()
    for c in cards:
        if kind == "zeal":  # effects.py: an effect whose handler is a note
            noted = [op for op, h in zeal_effects.HANDLERS.items() if h is zeal_effects._note]
            abilities = (*c.abilities, *c.zeal_abilities)
            if any(e.op in noted for a in abilities for e in a.effects) or any(
                a.cost_text for a in abilities
            ):
                out.add(c.name)
        elif kind == "deeds":  # perform: a tactic's text, an activated ability; reminders
            tactic = c.type == "tactic" and c.text and "resurrect" not in c.keywords
            if tactic or any(a.kind in ("activated", "conditional") for a in c.abilities):
                out.add(c.name)
        elif kind == "vile":  # ops.note_text: any card text
            if c.text:
                out.add(c.name)
        elif kind == "devacurse":  # perform._event: an effect not carried out; locations
            if c.event == "location" or (c.event == "effect" and c.effect not in DEVACURSE_DONE):
                out.add(c.name)
        elif kind == "zg" and c.powerup_text:  # UsePowerup: logged, done with actions
            out.add(c.name)
    return out


def section(kind: str) -> str:
    text = READMES[kind].read_text()
    found = re.search(r"^## Left to the players.*?(?=^## |\Z)", text, re.M | re.S)
    assert found, f"{READMES[kind]} has no 'Left to the players' section"
    return found.group(0)


@pytest.mark.parametrize("kind", games.kinds())
def test_every_card_left_to_the_players_is_listed_in_the_games_readme(kind: str) -> None:
    listed = section(kind)
    names = left_to_players(kind)
    assert names, f"{kind}: no card found: the test would prove nothing"
    plain = lambda name: re.sub(r" \((sample|sample name)\)$", "", name)  # noqa: E731
    missing = sorted(n for n in names if f"**{plain(n)}**" not in listed)
    assert not missing, f"{READMES[kind]}: not listed under 'Left to the players': {missing}"


def test_every_game_has_a_readme_here() -> None:
    assert set(READMES) == set(games.kinds())
