"""Pebbles at the table (docs/adding-a-game.md, section 2): the pile on the dial, a stone's
card scanned to take that many, the dial's button takes one."""

from __future__ import annotations

from typing import Any

from companion_app.games.base import (
    AnyGame,
    CardView,
    CounterView,
    DialSpec,
    GameAdapter,
    RuleNote,
)
from engine.core.catalog import CardInfo
from tests.toy.actions import SetPile, Take
from tests.toy.game import MOST


class PebblesAdapter(GameAdapter):
    kind = "pebbles"
    player_model_class = "tests.toy.player_model:PebblesPlayerModel"

    def counters(self, game: AnyGame, seat: int) -> tuple[CounterView, ...]:
        heap = game.state.heap
        return (
            CounterView("pile", "Pile", game.state.piles[seat], 0, 99, big=True),
            CounterView("heap", "Heap", heap, 0, 99, group="table"),
        )

    def counter_action(self, game: AnyGame, seat: int, key: str, value: int) -> Any:
        return SetPile(seat, value)

    def dial(self, game: AnyGame, seat: int) -> DialSpec:
        return DialSpec(game.state.piles[seat], 0, 99, "pile")

    def dial_action(self, game: AnyGame, seat: int, value: int) -> Any:
        return SetPile(seat, value)

    def scan_action(self, game: AnyGame, seat: int, card_id: str) -> Any:
        return Take(seat, game.setup.catalog.get(card_id).count)

    def choice_label(self, game: AnyGame, action: Any) -> str | None:
        return f"Take {action.count}" if isinstance(action, Take) else None

    def pass_action(self, game: AnyGame, seat: int) -> Any | None:
        return None  # Pebbles has no passing: a player must take (rule 2)

    def button_action(self, game: AnyGame, seat: int) -> Any | None:
        return Take(seat, 1)

    def card_view(
        self, card: CardInfo, seat: int, reason: str | None, played: bool = False
    ) -> CardView:
        return CardView(seat, card.id, card.name, "Stone", "", "", (), "", reason is None,
                        reason or "", played)  # fmt: skip

    def rule_now(self, game: AnyGame, seat: int | None = None) -> RuleNote | None:
        heap = game.state.heap
        if heap == 0:
            return RuleNote("Who took the last pebble wins.", "rule 3")
        return RuleNote(f"Take 1 to {min(MOST, heap)} pebbles from the heap.", "rule 2")


ADAPTER = PebblesAdapter()
