"""Issue 33, item 12, through the real app drawn offscreen: the Broadcast page says what is
true of its connection, with a real Mosquitto on loopback: nothing listening at first, then a
broker started on that port, then the broker killed."""

from __future__ import annotations

import asyncio
from pathlib import Path
from typing import Any

from companion_app.tournament.mosquitto import Mosquitto, free_port
from tests.app.journeys import start_two_player_game

PATIENCE_S = 30  # paho retries every 1-2 s: a hang guard only


async def broadcast_with_and_without_a_broker(d: Any) -> None:
    await start_two_player_game(d)
    d.app.show("broadcast")
    await d.until(lambda: d.app.sm.current == "broadcast", "the Broadcast page")
    page = d.screen("broadcast")
    port = free_port()
    page.ids.broker.text = f"127.0.0.1:{port}"
    page.ids.name.text = "table7"
    await d.tap(page.ids.toggle)
    label = page.ids.status
    said = [label.text]
    await d.until(
        lambda: label.text.startswith("Not connected"), "the page says nothing answers", PATIENCE_S
    )
    said.append(label.text)
    broker = Mosquitto(Path(d.out) / "broker", port)
    await asyncio.to_thread(broker.start)
    try:
        await d.until(
            lambda: "connected to the broker" in label.text, "the page says connected", PATIENCE_S
        )
        said.append(label.text)
        broker.kill()
        await d.until(
            lambda: label.text.startswith("Not connected"), "the page says it lost it", PATIENCE_S
        )
        said.append(label.text)
    finally:
        broker.stop()
    await d.tap(page.ids.toggle)
    said.append(label.text)
    d.notes["said"] = said
    d.notes["where"] = f"127.0.0.1:{port}"
