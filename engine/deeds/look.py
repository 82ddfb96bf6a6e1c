"""Many cards' numbers from one look at a battlefield (a battle reads every fighter's attack,
health and keywords): what is attached to what, and each player's auras, are found once
rather than once per card (stats.fighter_numbers, for one card, looks at the whole
battlefield each time). tests/deeds/test_speed_shortcuts.py checks it against stats."""

from __future__ import annotations

from engine.deeds import stats
from engine.deeds.battle import Fighter, fighter_of
from engine.deeds.cards import Catalog
from engine.deeds.state import DeedsState, InPlay, holds_any

_NO_AURAS = (0, 0)


class Look:
    """The battlefield of ``state`` looked at once (a plain slotted class: one per battle)."""

    __slots__ = ("catalog", "attached", "auras")

    def __init__(self, state: DeedsState, catalog: Catalog) -> None:
        self.catalog = catalog
        # What is attached to each card that has anything on it, in battlefield order
        # (state.attached); most battlefields: nothing at all.
        attached: dict[int, list[InPlay]] = {}
        for y in state.cards:
            if y.attached_to is not None:
                attached.setdefault(y.attached_to, []).append(y)
        self.attached = attached
        # Each seat's Leadership and Motivator cards (stats._auras), for its free units
        self.auras = [_NO_AURAS, _NO_AURAS]
        if holds_any(state.cards, catalog.aura_cards):
            self.auras = [stats.auras_of(state, catalog, seat) for seat in (0, 1)]

    def numbers(self, x: InPlay) -> tuple[int, int, frozenset[str]]:
        """stats.fighter_numbers: its attack, its health (defense left) and its keywords."""
        catalog = self.catalog
        kws = catalog.keyword_sets[x.card_id]
        on: tuple[InPlay, ...] = ()
        held = self.attached.get(x.id)
        if held is not None:  # (stats.keywords) what is attached gives its keywords
            get = catalog.get
            kws = kws.union(*(get(y.card_id).keywords for y in held))
            on = tuple(held)
        auras = self.auras[x.owner]  # (they reach only a unit on its own)
        if auras is not _NO_AURAS and not stats.is_free_unit(catalog, x):
            auras = _NO_AURAS
        attack = stats.attack_from(catalog, x, kws, on, auras)
        return attack, stats.defense_from(catalog, x, kws, on, auras) - x.damage, kws

    def fighter(self, x: InPlay) -> Fighter:
        """``x`` as a skirmish sees it (battle.py): its numbers, First Strike and Overrun."""
        attack, health, kws = self.numbers(x)
        return fighter_of(attack, health, "first_strike" in kws, "overrun" in kws)
