"""Zeal's `altar demo` script: a short opening through every layer (companion_app/simulator/pipeline_demo.py)."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from companion_app.games.demo_table import DemoFailure
from engine.zeal import Step
from engine.zeal import actions as za
from hardware.events import DialChanged, TagPresented

if TYPE_CHECKING:
    from companion_app.games.demo_table import DemoTable

WISP_UID = bytes.fromhex("04a1b2c3d4e5f6")  # Specter Wisp: a character costing 1 devotion

RECORD: dict[str, Any] = {
    "players": [{"name": "Alena", "deck": []}, {"name": "Anton", "deck": []}],
    "seed": 7,
    "first_player": 0,
    "hidden_hands": True,
}


async def pass_until(demo: DemoTable, step: Step) -> None:
    for _ in range(50):
        if demo.game.state.step == step:
            return
        priority = demo.game.state.priority
        if priority is None:
            break
        await demo.act(za.Pass(priority))
    raise DemoFailure("engine", f"passing did not reach the {step.label} step")


async def script(demo: DemoTable) -> None:
    state = lambda: demo.game.state  # noqa: E731 - always the newest snapshot
    demo.enrol(WISP_UID, "specter_wisp")  # her deck's tags are enrolled
    demo.say("Set-up: Alena goes first; both keep their opening hands.")
    await demo.act(za.KeepHand(0))
    await demo.act(za.KeepHand(1))

    demo.say("Turn 1. Alena develops: +1 maximum devotion; her dial turns to 1 by itself.")
    await demo.act(za.Develop(0, "devotion"))
    await demo.until(lambda: demo.device.values[0] == 1, "host link", "Alena's dial showed 1")
    await pass_until(demo, Step.COMMIT)

    demo.say("Commit. Alena scans Specter Wisp (1 devotion) on the reader.")
    demo.device.place_tag(0, WISP_UID)
    await demo.until(
        lambda: any(isinstance(e, TagPresented) for e in demo.events),
        "host link",
        "the tag event arrived",
    )
    await demo.until(
        lambda: (
            any(p.card_id == "specter_wisp" for p in state().stack)
            or any(c.card_id == "specter_wisp" for c in state().players[0].in_play)
        ),
        "table",
        "the scanned card reached the engine",
    )
    await demo.until(lambda: demo.device.values[0] == 0, "host link", "her dial showed 0")
    await demo.until(lambda: bool(demo.device.feedback), "host link", "the reader lit up")
    demo.device.remove_tag(0)
    while state().stack:  # Anton lets it resolve
        priority = state().priority
        if priority is None:
            raise DemoFailure("engine", "an action is pending but nobody may act")
        await demo.act(za.Pass(priority))
    await pass_until(demo, Step.DEVELOP)

    demo.say("Turn 2. Anton develops (+1 maximum devotion), then turns his dial to 3")
    demo.say("by hand: a card's text gave him 2 more. The dial is his hand on the counter.")
    await demo.act(za.Develop(1, "devotion"))
    await demo.until(lambda: demo.device.values[1] == 1, "host link", "Anton's dial showed 1")
    demo.device.turn_dial(1, 3)
    await demo.until(
        lambda: any(isinstance(e, DialChanged) and e.value == 3 for e in demo.events),
        "host link",
        "the dial event arrived",
    )
    await demo.until(
        lambda: state().players[1].devotion == 3,
        "table",
        "Anton's dial turn reached the engine",
    )
