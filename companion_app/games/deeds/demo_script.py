"""Deeds Not Words' `altar demo` script: a short opening through every layer
(companion_app/simulator/pipeline_demo.py): a scan that deploys a unit for its cost, a dial turn that sets a
base's health."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from engine.deeds import actions as da
from hardware.events import DialChanged, TagPresented

if TYPE_CHECKING:
    from companion_app.games.demo_table import DemoTable

RECORD: dict[str, Any] = {
    "players": [{"name": "Alena", "deck_size": 30}, {"name": "Anton", "deck_size": 30}],
    "seed": 7,
    "first_player": 0,
    "hidden_hands": True,
    "base_health": 20,
}


async def script(demo: DemoTable) -> None:
    state = lambda: demo.game.state  # noqa: E731 - always the newest snapshot
    demo.say("Set-up: Alena attacks first; both keep their opening hands.")
    await demo.act(da.KeepHand(0))
    await demo.act(da.KeepHand(1))
    await demo.until(lambda: demo.device.values[0] == 20, "host link", "Alena's dial showed 20")

    demo.say("Round 1, Regroup: Alena adds 1 Bio and 1 Survivors (no draw in the first round).")
    await demo.act(da.Regroup(0, "bio", "survivors"))

    demo.say("Deploy: Alena scans Shambler (1 Bio) on the reader.")
    demo.place("shambler")
    await demo.until(
        lambda: any(isinstance(e, TagPresented) for e in demo.events),
        "host link",
        "the tag event arrived",
    )
    await demo.until(
        lambda: any(x.card_id == "shambler" for x in state().cards),
        "table",
        "the scanned card reached the battlefield",
    )
    await demo.until(lambda: bool(demo.device.feedback), "host link", "the reader lit up")
    demo.device.remove_tag(0)
    demo.say("A unit can't attack in the round it came in: no battle, and the round ends.")
    await demo.act(da.EndPhase(0))
    await demo.act(da.EndPhase(0))

    demo.say("Round 2: Anton attacks. He regroups and draws; then a card's text costs him 2")
    demo.say("base health, and he turns his dial to 18 by hand: the dial is his base.")
    await demo.act(da.Regroup(1, "power", "supplies"))
    await demo.act(da.Draw(1))
    demo.device.turn_dial(1, 18)
    await demo.until(
        lambda: any(isinstance(e, DialChanged) and e.value == 18 for e in demo.events),
        "host link",
        "the dial event arrived",
    )
    await demo.until(
        lambda: state().players[1].base == 18, "table", "Anton's dial turn reached the engine"
    )
