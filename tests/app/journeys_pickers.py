"""Target pickers with many targets, at four players (issue 33, item 13): Siege Bolt's bases
and a side panel's picker. Run by tests/app/drive.py as "tests.app.journeys_pickers:<name>"."""

from __future__ import annotations

from typing import Any

from engine.zeal import actions as za
from tests.app.journeys import at_the_table


def _buttons(picker: Any) -> list[Any]:
    return list(reversed(picker.ids.options.children))


def _window_box(widget: Any) -> tuple[float, float, float, float]:
    x0, y0 = widget.to_window(widget.x, widget.y)
    x1, y1 = widget.to_window(widget.right, widget.top)
    return min(x0, x1), min(y0, y1), max(x0, x1), max(y0, y1)


async def many_bases(d: Any) -> None:
    s = d.session
    board = await at_the_table(d, ["Alena", "Anton", "Bea", "Carl"])
    for command in (
        *(za.KeepHand(seat) for seat in range(4)),
        za.Develop(0, "devotion"),
        za.SetDevotion(0, current=6),
    ):
        assert s.command(command), s.message
    seat = int(d.notes.get("seat", 0))
    await d.frames(3)
    s.show_card(0, "siege_bolt")
    await d.until(lambda: board.card_panels[0].parent is not None, "the card is shown")
    await d.tap(board.card_panels[0].ids.play)
    await d.until(lambda: 0 in s.picking, "Siege Bolt asks for a base")
    picker = board.pickers[seat]
    await d.frames(3)
    buttons = _buttons(picker)
    d.notes["labels"] = [b.text for b in buttons]
    d.notes["heights"] = [round(b.height) for b in buttons]
    d.notes["font"] = [round(b.font_size) for b in buttons]
    await d.screenshot("siege_bolt_picker")
    # Every button takes its own tap: each one's centre, in the window, hits it alone.
    boxes = [_window_box(b) for b in buttons]
    overlaps = [
        [i, j]
        for i, a in enumerate(boxes)
        for j, b in enumerate(boxes)
        if i < j and a[0] < b[2] - 1 and b[0] < a[2] - 1 and a[1] < b[3] - 1 and b[1] < a[3] - 1
    ]
    d.notes["overlaps"] = overlaps
    target = buttons[5]
    d.notes["tapped"] = target.text
    # The rows scroll when they outgrow the picker (the card's room in front of a seat is the
    # small counters' only, so the big number stays in view): a player swipes the row into
    # view first, as the scroll does here, at once.
    picker.ids.scroll.scroll_to(target, padding=0, animate=False)
    await d.frames(3)
    await d.tap(target)
    await d.until(lambda: 0 not in s.picking, "the tap picks a base")
    d.notes["targets"] = list(s.game.state.stack[-1].targets) if s.game.state.stack else []


async def cancelled(d: Any) -> None:
    """Siege Bolt's picker on Alena's panel, cancelled: nothing is played, and the picker's
    question no longer stands on her panel."""
    s = d.session
    board = await at_the_table(d)
    for command in (
        za.KeepHand(0),
        za.KeepHand(1),
        za.Develop(0, "devotion"),
        za.SetDevotion(0, current=6),
    ):
        assert s.command(command), s.message
    s.show_card(0, "siege_bolt")
    await d.until(lambda: board.card_panels[0].parent is not None, "the card is shown")
    await d.tap(board.card_panels[0].ids.play)
    await d.until(lambda: 0 in s.picking, "Siege Bolt asks for a base")
    await d.frames(2)
    d.notes["asked"] = board.panels[0].decision
    moves = len(s.game.history)
    await d.tap(board.pickers[0].ids.cancel)
    await d.until(lambda: 0 not in s.picking, "the picker is gone")
    await d.frames(3)
    d.notes["after"] = [board.panels[0].decision, len(s.game.history) - moves]
