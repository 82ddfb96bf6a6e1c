"""What the screens show, as small frozen records made from the engine's state (no Kivy here).

Screens bind to these through the session's Kivy properties. Each refresh makes new records,
so a kv rule that reads ``root.view.devotion`` updates when the view is replaced, and
rendering never reaches into the live engine.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from engine.zeal import ZealGame
    from engine.zeal.cards import Card

# Seat colours: bright enough on the dark theme, distinct for eight players.
SEAT_COLOURS: tuple[tuple[float, float, float, float], ...] = (
    (0.91, 0.30, 0.24, 1),
    (0.20, 0.60, 0.86, 1),
    (0.18, 0.80, 0.44, 1),
    (0.95, 0.77, 0.06, 1),
    (0.61, 0.35, 0.71, 1),
    (0.90, 0.49, 0.13, 1),
    (0.10, 0.74, 0.61, 1),
    (0.93, 0.44, 0.66, 1),
)
COLOUR_NAMES = ("red", "blue", "green", "yellow", "purple", "orange", "teal", "pink")


@dataclass(frozen=True)
class BaseView:
    index: int
    defense: int
    damage: int
    face_up: bool


@dataclass(frozen=True)
class PermanentView:
    id: int
    name: str
    combat: int
    damage: int
    keywords: tuple[str, ...]


@dataclass(frozen=True)
class SeatView:
    seat: int
    name: str
    colour: tuple[float, float, float, float]
    devotion: int
    max_devotion: int
    bases: tuple[BaseView, ...]
    hand_size: int
    in_play: tuple[PermanentView, ...]
    eliminated: bool
    active: bool
    priority: bool


@dataclass(frozen=True)
class CardView:
    """A scanned card, as shown in front of its player."""

    seat: int
    card_id: str
    name: str
    kind: str
    cost: str  # "3" or "3 (Zeal 2)"
    combat: str  # "" for spells and devices
    keywords: tuple[str, ...]
    text: str
    playable: bool
    reason: str  # why not, in players' words; "" when playable
    played: bool = False  # the scan played it (the table controller applied it)

    @property
    def verdict(self) -> str:
        if self.played:
            return "Played"
        return "Can be played now" if self.playable else self.reason


def seat_colour(seat: int) -> tuple[float, float, float, float]:
    return SEAT_COLOURS[seat % len(SEAT_COLOURS)]


def seat_views(game: ZealGame, colours: list[int] | None = None) -> list[SeatView]:
    state = game.state
    views = []
    for i, p in enumerate(state.players):
        colour = seat_colour(colours[i] if colours and i < len(colours) else i)
        views.append(
            SeatView(
                seat=i,
                name=p.name,
                colour=colour,
                devotion=p.devotion,
                max_devotion=p.max_devotion,
                bases=tuple(
                    BaseView(j, b.defense, b.damage, b.face_up) for j, b in enumerate(p.bases)
                ),
                hand_size=p.hand_size,
                in_play=tuple(
                    PermanentView(m.id, m.name, m.combat, m.damage, tuple(m.keywords))
                    for m in p.in_play
                ),
                eliminated=p.eliminated,
                active=state.active == i,
                priority=state.priority == i,
            )
        )
    return views


def _number_pair(normal: int | None, zeal: int | None) -> str:
    if normal is None:
        return ""
    if zeal is None or zeal == normal:
        return str(normal)
    return f"{normal} (Zeal {zeal})"


def card_view(card: Card, seat: int, reason: str | None, played: bool = False) -> CardView:
    keywords = tuple(dict.fromkeys(card.keywords + card.zeal_keywords))
    text = card.text
    if card.zeal_text:
        text = f"{text}\nZeal: {card.zeal_text}" if text else f"Zeal: {card.zeal_text}"
    return CardView(
        seat=seat,
        card_id=card.id,
        name=card.name,
        kind=card.type,
        cost=_number_pair(card.cost, card.zeal_cost),
        combat=_number_pair(card.combat, card.zeal_combat),
        keywords=keywords,
        text=text,
        playable=reason is None,
        reason=reason or "",
        played=played,
    )
