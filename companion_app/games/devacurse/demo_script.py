"""Devacurse's `altar demo` script: part 1 entered, a soldier called by a scan, a Faith dial
turned by hand, and the first soldier combat (companion_app/simulator/pipeline_demo.py)."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from engine.devacurse import actions as da
from hardware.events import DialChanged

if TYPE_CHECKING:
    from companion_app.games.demo_table import DemoTable

RECORD: dict[str, Any] = {
    "players": [
        {"name": "Alena", "deck": [], "deck_size": 40},
        {"name": "Anton", "deck": [], "deck_size": 40},
    ],
    "seed": 7,
    "first_order": 0,
    "hidden_hands": True,
    "faith": 20,
}


async def script(demo: DemoTable) -> None:
    state = lambda: demo.game.state  # noqa: E731 - always the newest snapshot
    demo.say("Spiral 1. Part 1 (prayers) is the players' own: they enter the blessings made.")
    await demo.act(da.Bless(0, 3))
    await demo.act(da.Pass(0))
    await demo.act(da.Bless(1, 2))
    await demo.act(da.Pass(1))
    await demo.until(lambda: demo.device.values[0] == 20, "host link", "Alena's dial showed 20")

    demo.say("III.A Soldier calling. Alena scans Iron Legionary (2 blessings) on the reader.")
    demo.place("iron_legionary")
    await demo.until(
        lambda: any(u.card_id == "iron_legionary" for u in state().players[0].soldiers),
        "table",
        "the scanned soldier reached the engine",
    )
    await demo.until(lambda: bool(demo.device.feedback), "host link", "the reader lit up")
    demo.device.remove_tag(0)

    demo.say("Anton turns his Faith dial to 18 by hand: a card's text cost him 2.")
    demo.device.turn_dial(1, 18)
    await demo.until(
        lambda: any(isinstance(e, DialChanged) and e.value == 18 for e in demo.events),
        "host link",
        "the dial event arrived",
    )
    await demo.until(lambda: state().players[1].faith == 18, "table", "Anton's Faith is 18")

    demo.say("Everyone is done setting up; order passes to Anton at hero setting (rule III.B).")
    for seat in (0, 1, 0, 1):
        await demo.act(da.Pass(seat))
    demo.say("IV.A: Anton has order and does not attack; Alena attacks, Anton does not block.")
    await demo.act(da.Attack(1))
    soldier = state().players[0].soldiers[0].id
    await demo.act(da.Attack(0, (soldier,)))
    await demo.act(da.Block(1))
    await demo.act(da.Resolve(0))
    await demo.until(lambda: demo.device.values[1] == 15, "host link", "Anton's dial showed 15")
    demo.say("Alena has 1 blessing unspent: the band warns her Faith will drop to 19.")
