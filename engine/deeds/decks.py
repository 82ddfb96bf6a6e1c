"""Named faction decks from a catalog (the new-game screen's choices, tag enrolment)."""

from __future__ import annotations

from engine.deeds.cards import Catalog

COPIES = 2  # of each unit, technology and tactic of the faction
RESOURCE_COPIES = 3  # of each resource card


def factions(catalog: Catalog) -> list[str]:
    return sorted({c.faction for c in catalog.cards if c.faction})


def faction_deck(catalog: Catalog, faction: str) -> tuple[str, ...]:
    """Every card of ``faction``: two of each, three of each resource card (a sample recipe:
    the rulebook's decks are pre-assembled and not listed)."""
    out: list[str] = []
    for card in sorted(catalog.cards, key=lambda c: c.id):
        if card.faction == faction:
            out.extend([card.id] * (RESOURCE_COPIES if card.type == "resource" else COPIES))
    return tuple(out)
