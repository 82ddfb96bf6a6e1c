"""What a Deeds card asks when it is scanned, as choices its player taps or scans (no Kivy).

An upgrade goes on one of its player's technology; Resurrect brings back a card of their
graveyard; and at the end of a round with more than five cards in hand a card that could be
deployed is asked about: deploy it, or discard it (Your Hand). The engine decides what is
allowed; this lists its candidates in words."""

from __future__ import annotations

import dataclasses
from dataclasses import dataclass
from typing import Any

from companion_app.games.base import TargetOption, TargetRequest
from engine.deeds import actions as da
from engine.deeds.game import DeedsGame
from engine.deeds.setup import HAND
from engine.deeds.state import Phase


@dataclass(frozen=True)
class DiscardIt:
    """The choice "Discard it" of a scanned card (not a target: it turns the deploy into a
    discard)."""


DISCARD_IT = DiscardIt()


def must_discard(game: DeedsGame, seat: int) -> bool:
    """The attacker ends a round with more than five cards in hand (Your Hand)."""
    state = game.state
    return (
        state.phase is Phase.RETREAT
        and seat == state.attacker
        and state.players[seat].hand_size > HAND
    )


def _choices(game: DeedsGame, action: da.Deploy) -> list[TargetOption]:
    """The targets the card takes when it is deployed: a technology for an upgrade, a card
    of the graveyard for Resurrect (only those the engine accepts)."""
    state, catalog = game.state, game.catalog
    card = catalog.find(action.card_id)
    if card is None:
        return []
    seat = action.player
    out: list[TargetOption] = []
    if card.subtype == "upgrade":
        for x in state.cards:
            if x.owner == seat and catalog.get(x.card_id).is_technology:
                label = f"On {catalog.get(x.card_id).name}" + _number(game, x.id)
                out.append(TargetOption(label, x.id, seat, x.card_id, f"card:{x.id}"))
    elif card.has("resurrect"):
        for grave in dict.fromkeys(state.players[seat].graveyard):
            out.append(TargetOption(f"Bring back {catalog.get(grave).name}", grave, seat, grave))
    return [o for o in out if game.explain(dataclasses.replace(action, targets=(o.value,))) is None]


def _number(game: DeedsGame, card_id: int) -> str:
    """ " #2" when its owner has two cards of that name in play (so each button is its own)."""
    state = game.state
    x = state.card(card_id)
    if x is None:
        return ""
    same = [y.id for y in state.cards if y.owner == x.owner and y.card_id == x.card_id]
    return f" #{same.index(card_id) + 1}" if len(same) > 1 else ""


def deployable(game: DeedsGame, action: da.Deploy) -> bool:
    """The engine would take the deploy as it is, or with one of the targets offered."""
    return game.explain(action) is None or bool(_choices(game, action))


def target_request(game: DeedsGame, action: Any) -> TargetRequest | None:
    if not isinstance(action, da.Deploy) or action.targets:
        return None
    card = game.catalog.find(action.card_id)
    if card is None:
        return None
    options = _choices(game, action)
    discard = must_discard(game, action.player)
    if discard:
        options.append(TargetOption(f"Discard {card.name}", DISCARD_IT, action.player))
    if not options:
        return None
    as_is = game.explain(action) is None  # deployed with no target (a plain card)
    if discard:
        prompt = f"{card.name}: deploy it, or discard it (more than {HAND} cards in hand)"
    elif card.subtype == "upgrade":
        prompt = f"{card.name}: choose the technology it upgrades"
    else:
        prompt = f"{card.name}: choose a card of your graveyard"
    return TargetRequest(
        prompt,
        tuple(options),
        optional=as_is,
        none_label=f"Deploy {card.name}",
        hint="tap it, scan it, or choose here" if not discard else "choose here",
    )


def with_target(action: Any, value: Any) -> Any:
    if value == DISCARD_IT:
        return da.Discard(action.player, action.card_id)
    return dataclasses.replace(action, targets=(*action.targets, value))
