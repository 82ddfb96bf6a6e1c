"""Z-G's `altar demo` script: hands scanned, the impulse order, an action card scanned, a
target card scanned, the spin tapped, the test accepted, and a dial turn (companion_app/simulator/pipeline_demo.py)."""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Any

from engine.zg import actions as zga

if TYPE_CHECKING:
    from companion_app.games.demo_table import DemoTable

RECORD: dict[str, Any] = {
    "players": [{"name": "Alena", "figure": "Zero"}, {"name": "Anton", "figure": "Phantom"}],
    "seed": 7,
    "hidden_hands": True,
}
ALENA_HAND = ("zero_blade", "zero_blaster", "zero_jet")
ANTON_HAND = ("phantom_blade", "phantom_sprint", "phantom_jet")


def _scanned(demo: DemoTable, seat: int, card: str) -> Callable[[], bool]:
    def done() -> bool:
        p = demo.game.state.players[seat]
        return card in p.scanned or p.picked

    return done


async def script(demo: DemoTable) -> None:
    state = lambda: demo.game.state  # noqa: E731 - always the newest snapshot
    demo.say("Start: both scan their three hand cards; the tablet calls each impulse.")
    for seat, hand in ((0, ALENA_HAND), (1, ANTON_HAND)):
        for card in hand:
            demo.place(card)
            await demo.until(_scanned(demo, seat, card), "table", f"the scan of {card} arrived")
            demo.device.remove_tag(0)
    await demo.until(lambda: state().phase == "card", "engine", "the order by impulse was set")
    first = state().order[0]
    names = demo.game.player_names()
    demo.say(f"{names[first]} goes first by impulse.")
    hand = ALENA_HAND if first == 0 else ANTON_HAND
    foe = 1 - first
    demo.say(f"{names[first]} scans an action card and attacks {names[foe]} with end A.")
    demo.place(hand[0])
    await demo.until(lambda: state().phase == "act", "table", "the action card was played")
    demo.device.remove_tag(0)
    await demo.act(zga.Attack(first, foe, 0))
    target = "phantom_ulster" if foe == 1 else "zero_ulster"
    demo.say(f"{names[foe]} draws the target card and scans it; then taps the end that faces.")
    demo.place(target)
    await demo.until(lambda: state().phase == "spin", "table", "the target card was scanned")
    demo.device.remove_tag(0)
    await demo.act(zga.Spin(foe, 1))
    demo.say(f"The test: {state().last_test}")
    await demo.act(zga.Resolve(first))
    await demo.until(lambda: state().phase in ("card", "save", "act"), "engine", "the chart")
    if state().phase == "save":
        await demo.act(zga.Save(foe, False))
    before = demo.adapter.dial(demo.game, 1).value
    demo.say(
        f"Anton's figure lost a part by the table's own account: he turns his dial to {before - 1}."
    )
    demo.device.turn_dial(1, before - 1)
    await demo.until(
        lambda: demo.adapter.dial(demo.game, 1).value == before - 1,
        "table",
        "Anton's dial turn reached the engine",
    )
