"""Z-G's flow at the table (issue 33, item 10), through the real app drawn offscreen (run by
tests/app/drive.py as "tests.zg.journeys_flow:<name>"): a kneeling figure's prompt and Move
tile, the zGear tile and the dial's words, the test screen opening by itself for each drawn
target, going back to the table once the test is accepted, and the character card offered
when a card is slagged (Core Exceptions 1)."""

from __future__ import annotations

from typing import Any

from companion_app.session.clock import ManualClock
from engine.zg import actions as zga
from tests.app.journeys import decision_buttons, scoreboard, tap_choice
from tests.zg.journeys import scan


def _texts(d: Any) -> list[str]:
    return [b.text for _s, b in decision_buttons(d)]


async def _duel(d: Any, options: dict[str, str] | None = None) -> Any:
    """Alena (impulse 753) and Anton (321), seed 7, nothing passing by itself."""
    s = d.session
    s.clock = ManualClock()
    s.start_new(["Alena", "Anton"], kind="zg", seed=7, options=options or {})
    d.app.show("scoreboard")
    board = scoreboard(d)
    await d.until(lambda: len(board.panels) == 2, "a panel per seat")
    assert s.command(zga.PickHand(0, impulse=753)) and s.command(zga.PickHand(1, impulse=321))
    return board


async def kneel_and_dial(d: Any) -> None:
    """Rules Options 8 (Stances): Alena plays her Jet Backgear (Move 6) and kneels (3 Move):
    her prompt and her panel say she may not move. Then Anton's dial, turned during the test
    while his target card is on the table, sets what his zGear tile shows."""
    s = d.session
    board = await _duel(d, {"stances": "on"})
    game = s.game
    await scan(d, "zero_jet")
    alena = board.panels[0]
    await d.until(lambda: "move" in alena.tiles, "the Move tile, before kneeling")
    assert s.command(zga.Stance(0, "kneel")), s.message
    await d.until(lambda: game.state.players[0].stance == "kneel", "Alena kneels")
    await d.frames(3)
    d.notes["kneel_prompt"] = s.seat_prompts.get(0, "")
    d.notes["kneel_tiles"] = sorted(alena.tiles)
    d.notes["kneel_buttons"] = _texts(d)
    await d.screenshot("kneel")
    await tap_choice(d, "Attack: end A")
    await scan(d, "phantom_blade")  # Anton's target card: on the table for the test
    anton = board.panels[1]
    await d.until(lambda: d.app.sm.current == "test", "the test screen")
    d.app.show("scoreboard")
    device = d.app.hardware_link.simulated[0]
    before = anton.tiles["zgear"].value
    device.turn_dial(1, 3)
    await d.until(lambda: anton.tiles["zgear"].value != before, "Anton's dial is read")
    await d.frames(3)
    d.notes["dial"] = [before, s.message, anton.tiles["zgear"].value]


async def accept_and_sacrifice(d: Any) -> None:
    """Basic Rules 5-6 and Core Exceptions 1: Alena's Ulster (end B) scores 3 strikes on
    Anton's Jet Backgear. Accepted on the test screen, the page goes back to the table,
    where Anton is offered to sacrifice his character card; he does. She attacks again; the
    new target card is drawn while the table looks at the log; back at the table, the test
    screen opens by itself."""
    s = d.session
    board = await _duel(d)
    game = s.game
    await scan(d, "zero_ulster")
    await tap_choice(d, "Attack: end B")
    await scan(d, "phantom_jet")
    await d.until(lambda: d.app.sm.current == "test", "the test screen opens by itself")
    test = d.screen("test")
    await d.tap(test.ids.end_a)
    await d.until(lambda: game.state.phase == "result", "the spin reaches the engine")
    d.notes["result"] = test.result
    await d.tap(test.ids.accept)
    await d.until(lambda: game.state.phase != "result", "the test is accepted")
    await d.frames(5)
    d.notes["after_accept"] = [game.state.phase, d.app.sm.current, test.title]
    await d.until(lambda: d.app.sm.current == "scoreboard", "back at the table")
    d.notes["save_buttons"] = [[seat, b.text] for seat, b in decision_buttons(d)]
    d.notes["save_prompt"] = board.panels[1].decision
    await d.screenshot("save")
    await tap_choice(d, "Sacrifice character")
    p = game.state.players[1]
    d.notes["saved"] = [p.character_sacrificed, list(p.slag)]
    if d.app.sm.current != "scoreboard":  # the attack screen, for the attack again
        await d.tap(d.screen(d.app.sm.current).ids.back)
    await d.until(lambda: d.app.sm.current == "scoreboard", "at the table")
    await tap_choice(d, "Attack: end A")
    await d.until(lambda: game.state.phase == "target", "a new target card to draw")
    d.app.show("log")
    await d.until(lambda: d.app.sm.current == "log", "the log")
    await scan(d, "phantom_blade")
    await d.frames(3)
    d.notes["drawn_on_log"] = d.app.sm.current
    await d.tap(d.screen("log").ids.back)
    await d.frames(3)
    d.notes["back_from_log"] = [game.state.phase, d.app.sm.current]
