"""The state as plain data, for scenario expectations and `altar scenario run --json`."""

from __future__ import annotations

from typing import Any

from engine.deeds.cards import Catalog
from engine.deeds.position import position_to_dict
from engine.deeds.state import DeedsState


def state_view(state: DeedsState) -> dict[str, Any]:
    """Everything in the state; ``by_card`` maps each card id on the battlefield to its
    entry, so expectations can say ``battlefield.1.damage`` by the card's number."""
    out = position_to_dict(state)
    out["over"] = state.over
    out["losers"] = list(state.losers)
    out["cards_by_id"] = {str(c["id"]): c for c in out["battlefield"]}
    return out


def card_view(state: DeedsState, catalog: Catalog) -> list[dict[str, Any]]:
    """The battlefield with names and stats as shown, for screens."""
    from engine.deeds import stats

    return [
        {
            "id": x.id,
            "name": catalog.get(x.card_id).name,
            "owner": x.owner,
            "attack": stats.attack_of(state, catalog, x),
            "defense": stats.health_of(state, catalog, x),
            "ready": x.ready,
        }
        for x in state.cards
    ]
