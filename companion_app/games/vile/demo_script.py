"""Vile Incantations' `altar demo` script: a short opening through every layer
(companion_app/simulator/pipeline_demo.py): a component scanned and set face down, a recruit, the second
player's gather, a dial turned by hand to set energy."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from companion_app.games.demo_table import DemoFailure
from engine.vile import Phase
from engine.vile import actions as va
from hardware.events import DialChanged, TagPresented

if TYPE_CHECKING:
    from companion_app.games.demo_table import DemoTable

RECORD: dict[str, Any] = {
    "players": [{"name": "Alena", "god": "ape"}, {"name": "Anton", "god": "kraken"}],
    "seed": 7,
    "first_player": 0,
    "hidden_hands": True,
}


async def pass_until(demo: DemoTable, seat: int, phase: Phase) -> None:
    for _ in range(20):
        state = demo.game.state
        if state.active == seat and state.phase is phase and not state.gathers:
            return
        who = demo.game.acting_player()
        if who is None or state.gathers:
            break
        await demo.act(va.Pass(who))
    raise DemoFailure("engine", f"passing did not reach the {phase.label}")


async def script(demo: DemoTable) -> None:
    state = lambda: demo.game.state  # noqa: E731 - always the newest snapshot
    demo.say("Set-up: Alena (the ape) goes first, Anton has the kraken; seven cards each.")
    demo.say("Turn 1, Main Phase 1. Alena scans Drum of the Canopy: a component, set face")
    demo.say("down in her ritual zone. The log and the band say only 'a component'.")
    demo.place("ape_drum_of_the_canopy")
    await demo.until(
        lambda: any(isinstance(e, TagPresented) for e in demo.events),
        "host link",
        "the tag event arrived",
    )
    await demo.until(lambda: len(state().players[0].ritual_zone) == 1, "table", "it was set")
    await demo.until(lambda: bool(demo.device.feedback), "host link", "the reader lit up")
    demo.device.remove_tag(0)

    demo.say("She recruits a cultist: a card from her hand to the bottom of her gate deck.")
    await demo.act(va.Recruit(0))
    for _ in range(7):
        if state().active == 1:
            break
        await demo.act(va.Pass(0))

    demo.say("Turn 2. Anton draws, and his first turn gathers: he sees no component to set.")
    await demo.act(va.Gather(1, ""))
    demo.say("A card's text gave Anton 5 energy: he turns his dial to 5 by hand.")
    demo.device.turn_dial(1, 5)
    await demo.until(
        lambda: any(isinstance(e, DialChanged) and e.value == 5 for e in demo.events),
        "host link",
        "the dial event arrived",
    )
    await demo.until(lambda: state().players[1].energy == 5, "table", "his energy was set")
    await pass_until(demo, 1, Phase.MAIN1)
