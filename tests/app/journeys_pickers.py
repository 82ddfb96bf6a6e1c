"""Target pickers with many targets, at four players (issue 33, item 13): Siege Bolt's bases
and a side panel's picker. Run by tests/app/drive.py as "tests.app.journeys_pickers:<name>"."""

from __future__ import annotations

from typing import Any

from companion_app.session.clock import ManualClock
from engine.zeal import actions as za
from tests.app.journeys import at_the_table, scoreboard


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


def _inside(inner: tuple[float, ...], outer: tuple[float, ...], slack: float = 1.0) -> bool:
    return (
        inner[0] >= outer[0] - slack
        and inner[1] >= outer[1] - slack
        and inner[2] <= outer[2] + slack
        and inner[3] <= outer[3] + slack
    )


async def _every_seat(d: Any, players: int) -> None:
    """A target picker open in front of every seat at once (Sacrificial Rite: one of your
    own bases), at ``players``: each picker must show at least
    one whole row of targets and its whole Cancel, in front of its seat, and leave the seat's
    big number in view; then a tap on each seat's next-to-last row picks it."""
    s = d.session
    s.clock = ManualClock()
    names = ["Alena", "Anton", "Bea", "Carl", "Dana", "Emil", "Fay", "Gus"][:players]
    s.start_new(names, seed=11, first_player=0)
    d.app.show("scoreboard")
    board = scoreboard(d)
    await d.until(lambda: len(board.panels) == players, "a panel per seat")
    for seat in range(players):
        assert s.command(za.KeepHand(seat)), s.message
    for seat in range(players):
        s.play(seat, za.PlayCard(seat, "sacrificial_rite"))
    await d.until(lambda: len(s.picking) == players, "a picker in front of every seat")
    await d.frames(4)
    await d.screenshot(f"every_seat_{players}p")
    problems: list[str] = []
    for seat, picker in enumerate(board.pickers):
        view = _window_box(picker.ids.scroll)
        rows = [b for b in _buttons(picker) if _inside(_window_box(b), view)]
        if not rows:
            problems.append(f"seat {seat + 1}: no whole row of targets in view")
        cancel = picker.ids.cancel
        if not _inside(_window_box(cancel), _window_box(picker)):
            problems.append(f"seat {seat + 1}: Cancel is cut")
        panel = board.panels[seat]
        big = [t for t in panel.tiles.values() if getattr(t, "big", False)]
        over = _window_box(picker)
        for tile in big:
            t = _window_box(tile)
            w = min(over[2], t[2]) - max(over[0], t[0])
            h = min(over[3], t[3]) - max(over[1], t[1])
            if w > 2 and h > 2:
                problems.append(f"seat {seat + 1}: the picker covers the big number {tile.title}")
    d.notes["problems"] = problems
    d.notes["sizes"] = [
        [list(p.size), p.compact, p.ids.prompt.height, list(p.ids.scroll.size)]
        for p in board.pickers
    ]
    picked = []
    for seat, picker in enumerate(board.pickers):
        # The row before the last: on a short picker it is scrolled into view first, as a
        # finger would (a row in the middle of the rows, not at their end).
        last = _buttons(picker)[-2]
        picker.ids.scroll.scroll_to(last, padding=0, animate=False)
        await d.frames(2)
        d.notes.setdefault("last_in_view", []).append(
            _inside(_window_box(last), _window_box(picker.ids.scroll))
        )
        await d.tap(last)
        await d.until(lambda seat=seat: seat not in s.picking, f"seat {seat + 1}'s pick")
        picked.append(seat)
    d.notes["picked"] = picked


async def every_seat_2(d: Any) -> None:
    await _every_seat(d, 2)


async def every_seat_8(d: Any) -> None:
    await _every_seat(d, 8)


async def slow_frame(d: Any) -> None:
    """A picker's rows pushed a little past their end (a finger's slip at the last row),
    then slow frames (a loaded machine: a second each): the rows stay within their ends."""
    s = d.session
    s.clock = ManualClock()
    names = ["Alena", "Anton", "Bea", "Carl", "Dana", "Emil", "Fay", "Gus"]
    s.start_new(names, seed=11, first_player=0)
    d.app.show("scoreboard")
    board = scoreboard(d)
    await d.until(lambda: len(board.panels) == 8, "a panel per seat")
    for seat in range(8):
        assert s.command(za.KeepHand(seat)), s.message
    s.play(1, za.PlayCard(1, "sacrificial_rite"))
    await d.until(lambda: 1 in s.picking, "Anton's picker")
    await d.frames(4)
    scroll = board.pickers[1].ids.scroll
    scroll._update_effect_bounds()
    effect = scroll.effect_y
    effect.value = max(effect.min, effect.max) + 5  # 5 px past the first row
    seen = []
    for _ in range(8):
        effect.update_velocity(1.0)  # a frame of a whole second
        await d.frames(1)
        seen.append(round(scroll.scroll_y, 3))
    d.notes["seen"] = seen
