"""A JSON-ready view of the whole state, for scenario expectations and `--json`; it carries
the combat forecast and the end-of-turn penalties the app shows before they happen."""

from __future__ import annotations

from typing import Any

from engine.core.evolve import evolve
from engine.devacurse.card_model import Catalog
from engine.devacurse.cards import sample_catalog
from engine.devacurse.combat import forecast
from engine.devacurse.flow import actor, penalties
from engine.devacurse.position import position_to_dict
from engine.devacurse.state import GameState
from engine.devacurse.stats import attack, name, toughness


def state_view(state: GameState, catalog: Catalog | None = None) -> dict[str, Any]:
    catalog = catalog or sample_catalog()
    data = position_to_dict(state)
    view: dict[str, Any] = dict(data["position"])
    view["combat"] = view.get("combat")
    view["winner"] = state.winner
    view["actor"] = actor(state)
    players = data["players"]
    for seat, p in enumerate(state.players):
        entry = players[seat]
        entry["hand_size"] = p.hand_size
        entry["deck_size"] = p.deck_size
        for key, units in (("soldiers", p.soldiers), ("heroes", p.heroes)):
            for out, u in zip(entry[key], units, strict=True):
                if u.card_id in catalog:
                    out["name"] = name(catalog, u)
                    out["at"] = attack(catalog, u)
                    out["max"] = toughness(catalog, u)  # DF, or maximum AP for heroes
                out.setdefault("damage", 0)
                out.setdefault("prompt", True)
    view["players"] = players
    view["penalties"] = [
        {"seat": pen.seat, "text": pen.words(), "faith_after": pen.faith_after}
        for pen in penalties(state)
    ]
    # The view gets the state alone: a scenario's inline cards are not in the sample catalog,
    # so a combat that involves one has no forecast here (the game's combat_forecast has it).
    known = all(u.card_id in catalog for p in state.players for u in p.units)
    result = forecast(state, catalog) if known else forecast(evolve(state, combat=None), catalog)
    names = tuple(p.name for p in state.players)
    view["forecast"] = {
        "deaths": [h.unit for h in result.deaths],
        "ap_lost": {str(h.unit): h.taken for h in result.ap_lost},
        "faith_lost": list(result.faith_lost),
        "words": result.words(names),
    }
    return view
