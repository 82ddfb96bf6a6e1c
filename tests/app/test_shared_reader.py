"""Issue 33, the right player, on the table controller alone: a card on a shared reader that
more than one player could play, its owner unknown, is played for no one until its owner
answers ("Mine" on each panel that could); an owner known from an enrolled deck decides."""

from __future__ import annotations

from typing import Any

from companion_app.games.zeal.adapter import ZealAdapter
from companion_app.session.table import TableController
from engine.zeal import actions as za
from hardware.events import TagPresented
from hardware.seats import SeatMap
from tests.app.test_table import DEVICE, WISP_UID, make_table


class AnyoneMay(ZealAdapter):
    """A planted card any player may play at any moment (a manual adjustment stands in for
    it: always legal), so two players could."""

    def scan_action(self, game: Any, seat: int, card_id: str) -> za.Action:
        return za.SetDevotion(seat, current=1)


def _shared(table: TableController) -> TableController:
    table.adapter = AnyoneMay()
    table.seats = SeatMap()  # no reader has a seat: a shared reader
    return table


def test_two_could_play_it_and_no_owner_is_known_the_table_asks() -> None:
    table = _shared(make_table())
    reaction = table.handle(TagPresented(DEVICE, 0, WISP_UID))
    assert len(table.game.history) == 0  # played for no one yet
    assert reaction.whose == {0: za.SetDevotion(0, current=1), 1: za.SetDevotion(1, current=1)}
    assert reaction.message.startswith("Whose card is this? Alena, Anton could play it")


def test_an_owner_known_from_an_enrolled_deck_is_the_cards() -> None:
    table = _shared(make_table())
    table.owners = {"specter_wisp": (1,)}
    reaction = table.handle(TagPresented(DEVICE, 0, WISP_UID))
    assert reaction.whose is None
    assert table.game.history[-1] == za.SetDevotion(1, current=1)
    assert reaction.player == 1
