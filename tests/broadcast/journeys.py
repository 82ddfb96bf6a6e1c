"""Journeys for the real app (run by tests/app/drive.py, one process each): the menu's
Broadcast page starts and stops this table's broadcast; the band offers to stop a game no one
can win any more, and asks first."""

from __future__ import annotations

import os
from typing import Any

from tests.app.journeys import scoreboard


def _button(root: Any, text: str) -> Any:
    from kivy.uix.button import Button

    return next(b for b in root.walk() if isinstance(b, Button) and b.text == text)


async def broadcast_page(d: Any) -> None:
    from engine.zeal import actions as za

    s = d.session
    s.start_new(["Alena", "Anton"], seed=5, first_player=0, kind="zeal")
    d.app.show("menu")
    await d.frames(3)
    await d.tap(_button(d.screen("menu"), "Broadcast"))
    await d.until(lambda: d.app.sm.current == "broadcast", "the Broadcast page")
    page = d.screen("broadcast")
    page.ids.name.text = "kitchen/1"  # not a name a topic can hold: said in words
    await d.tap(page.ids.toggle)
    await d.until(lambda: page.status.startswith("Not started"), "the refusal in words")
    d.notes["refused"] = page.status
    page.ids.broker.text = f"127.0.0.1:{os.environ['ALTAR_TEST_BROKER_PORT']}"
    page.ids.name.text = "kitchen"
    await d.tap(page.ids.toggle)
    await d.until(lambda: page.on, "broadcasting")
    await d.until(lambda: "connected" in page.status, "the page says it is connected")
    d.notes["started"] = page.status
    await d.screenshot("broadcast_page_on")
    assert s.command(za.SetDevotion(0, current=6))
    await d.frames(3)
    await d.tap(page.ids.toggle)
    await d.until(lambda: not page.on, "stopped")
    d.notes["stopped"] = page.status


async def stalemate_band(d: Any) -> None:
    from kivy.core.window import Window

    from companion_app.saves.game_record import setup_record
    from engine import games
    from engine.zeal import actions as za
    from tests.zeal.helpers import looping_game

    s = d.session
    looping, _ = looping_game()  # tests/zeal/test_stalemate.py's loop, where the offer comes
    store = s.store
    game_id = store.new_game("zeal", setup_record(games.get("zeal"), looping.setup, (0, 1)))
    store.replace_commands(game_id, [za.to_dict(a) for a in looping.history])
    s.resume(store.load(game_id))
    d.app.show("scoreboard")
    board = scoreboard(d)
    await d.until(lambda: board.ids.next_step.text == "Stop: a draw", "the band's offer")
    await d.screenshot("stalemate_band")
    await d.tap(board.ids.next_step)
    popup = next(w for w in Window.children if type(w).__name__ == "ConfirmPopup")
    d.notes["asked"] = popup.question
    # Every word said to the table from now: on a loaded machine a device's reconnect (its link
    # went quiet while the long game replayed) may be said after the stop, over its words.
    said: list[str] = []
    s.bind(message=lambda _s, text: said.append(text))
    await d.tap(_button(popup, "Stop: a draw"))
    await d.until(lambda: not s.has_game, "the game stopped as a draw")
    d.notes["said"] = next((t for t in said if not t.startswith("Device ")), s.message)
    d.notes["resumable"] = s.saved_game() is not None
