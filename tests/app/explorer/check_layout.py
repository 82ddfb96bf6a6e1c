"""Layout (issue 33), after every step: each seat's big number and decisions stay in view
when a card panel (or a target picker) opens in front of it; every button is tall enough to
read and tap; every number on a seat's panel carries its label.

Whether a button's text is whole is the reading rules' (checks.reading): a button is a label.
"""

from __future__ import annotations

from typing import Any

TAP_FLOOR_DP = 32  # a button lower than this is a slip of a finger, not a button
BIG_FLOOR_SP = 28  # a seat's big number is read from across the table


def _rect(widget: Any) -> tuple[float, float, float, float]:
    points = [
        widget.to_window(x, y)
        for x, y in ((widget.x, widget.y), (widget.right, widget.y),
                     (widget.x, widget.top), (widget.right, widget.top))
    ]  # fmt: skip
    xs = [p[0] for p in points]
    ys = [p[1] for p in points]
    return (min(xs), min(ys), max(xs), max(ys))


def _covers(over: tuple[float, ...], under: tuple[float, ...], slack: float = 2.0) -> bool:
    w = min(over[2], under[2]) - max(over[0], under[0])
    h = min(over[3], under[3]) - max(over[1], under[1])
    return w > slack and h > slack


def covered(session: Any, board: Any) -> list[str]:
    """A card panel or picker drawn over its seat's big number or decision buttons."""
    out = []
    for seat, turner in enumerate(board.turners):
        panel = turner.panel
        overlays = [w for w in turner.children if w is not panel and w.opacity > 0]
        if not overlays or panel is None:
            continue
        name = session.seats[seat].name if seat < len(session.seats) else f"seat {seat + 1}"
        keep = [
            (f"{name}'s big number ({tile.title or 'untitled'})", tile)
            for tile in panel.tiles.values()
            if getattr(tile, "big", False)
        ]
        keep += [
            (f"{name}'s decision '{b.text[:30]}'", b) for b in panel.ids.decide_buttons.children
        ]
        for what, widget in keep:
            for overlay in overlays:
                if _covers(_rect(overlay), _rect(widget)):
                    out.append(f"{what} is covered by the {type(overlay).__name__}")
    return out


def short_buttons(root: Any) -> list[str]:
    """Visible buttons too low to read or tap (Keep and Mulligan at about 20 px)."""
    from kivy.metrics import dp
    from kivy.uix.button import Button

    from tests.app.explorer.checks import _hidden

    out = []
    for widget in root.walk(restrict=True):
        if not isinstance(widget, Button) or not widget.text.strip():
            continue
        if widget.width < 2 or widget.height < 2 or _hidden(widget, root):
            continue
        low = min(_rect(widget)[2] - _rect(widget)[0], _rect(widget)[3] - _rect(widget)[1])
        if low < dp(TAP_FLOOR_DP) - 0.5:
            out.append(f"the button '{widget.text[:30]}' is {low:.0f} px, under the tap floor")
    return out


def small_big_numbers(session: Any, board: Any) -> list[str]:
    """A seat's big number drawn hardly larger than its labels (Vile's acting player's energy
    at about 22 px once its decisions took the room)."""
    from kivy.metrics import sp

    out = []
    for seat, panel in enumerate(board.panels):
        if getattr(panel, "card_open", False):
            continue  # a card in front of the seat: the number stays in view, smaller
        for tile in panel.tiles.values():
            if not getattr(tile, "big", False):
                continue
            value = next(
                (w for w in tile.children if w.text == tile.value and getattr(w, "bold", False)),
                None,
            )
            if value is not None and value.font_size < sp(BIG_FLOOR_SP) - 0.5:
                name = session.seats[seat].name if seat < len(session.seats) else seat
                out.append(
                    f"{name}'s big number ({tile.title}) is {value.font_size / sp(1):.0f} sp"
                )
    return out


def unlabelled_tiles(board: Any) -> list[str]:
    """A number on a seat's panel with no title: which count is it?"""
    out = []
    for panel in board.panels:
        for tile in panel.tiles.values():
            if tile.opacity > 0 and tile.value.strip() and not tile.title.strip():
                out.append(f"a tile shows '{tile.value}' with no label")
    return out


def layout(session: Any, board: Any, screen: str) -> list[str]:
    """The layout rules on the table (only while it is the screen in view)."""
    if screen != "scoreboard" or not board.panels:
        return []
    return (
        covered(session, board)
        + short_buttons(board)
        + small_big_numbers(session, board)
        + unlabelled_tiles(board)
    )
