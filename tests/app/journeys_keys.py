"""Issue 33, keys go where the player typed, through the real app drawn offscreen: a game of
Zeal on the table, the Broadcast page opened from the menu, a broker's host typed into its
field with the keys the simulated devices answer to (digits, W, S, the arrows, a space)."""

from __future__ import annotations

from typing import Any

from tests.app.explorer.check_keys import TYPED, snapshot, type_into, what_moved
from tests.app.journeys import start_two_player_game


async def typing_on_the_broadcast_page(d: Any) -> None:
    await start_two_player_game(d)
    device = d.app.hardware_link.simulated[0]
    d.app.show("broadcast")
    await d.until(lambda: d.app.sm.current == "broadcast", "the Broadcast page")
    field = d.screen("broadcast").ids.broker
    field.text = ""
    before = snapshot(d.session, device)
    await type_into(d, field)
    d.notes["field"] = field.text
    d.notes["moved"] = what_moved(d.session, device, before)
    d.notes["typed"] = TYPED
