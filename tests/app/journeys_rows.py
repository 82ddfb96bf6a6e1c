"""Rows that scroll stop at their ends, and rows that fit never move (issue 33): Deeds'
Cards in play page, whose buttons the explorer's taps missed on a loaded machine. Run by
tests/app/drive.py as "tests.app.journeys_rows:<name>".

Kivy's default scroll effect springs rows pulled past an end back into place, one step a
frame; on a slow frame (a loaded machine: most of a second) the step overshoots and each
frame's is bigger than the last, so the rows fly thousands of pixels away and stay gone for
a long time: the page showed no button where a finger, or the explorer, tapped it."""

from __future__ import annotations

from typing import Any

from tests.app.explorer.tick import WarpClock

SLIP_PX = 60  # a finger's slip along the rows, past their end
SLOW_FRAME_S = 1.0  # a frame of a whole second


def _scroll_views(root: Any) -> list[Any]:
    from kivy.uix.scrollview import ScrollView

    return [w for w in root.walk(restrict=True) if isinstance(w, ScrollView)]


def _drift(rows: Any) -> float:
    """How far the rows' top is from the top of the box that scrolls them (rows that fit
    sit at its top), in the box's own coordinates."""
    return float(rows.g_translate.y + rows._viewport.height - rows.top)


async def cards_in_play_slow_frames(d: Any) -> None:
    s = d.session
    s.start_new(["Alena", "Anton"], kind="deeds", seed=4, first_player=0)
    d.app.show("scoreboard")
    await d.frames(3)
    d.app.show("deeds_cards")
    await d.until(lambda: d.app.sm.current == "deeds_cards", "Cards in play opens")
    await d.frames(3)
    page = d.screen("deeds_cards")
    rows = page.ids.actions.parent
    d.notes["fits"] = rows._viewport.height < rows.height
    # Every list on every page, and how it ends: a springy one is the bug this pins.
    d.notes["springy"] = sorted(
        f"{screen.name}: {type(sv.effect_y).__name__}, overscroll {sv.always_overscroll}"
        for screen in d.app.sm.screens
        for sv in _scroll_views(screen)
        if type(sv.effect_y).__name__ != "ScrollEffect" or sv.always_overscroll
    )
    # A finger on the rows slips along them past their top end, and lifts.
    from kivy.tests.common import UnitTestTouch

    cx, cy = rows.center
    to_window = rows.parent.to_window
    touch = UnitTestTouch(*to_window(cx, cy))
    touch.touch_down()
    await d.frames(1)
    held = []
    for step in range(1, 4):
        touch.touch_move(*to_window(cx, cy - SLIP_PX * step / 3))
        await d.frames(1)
        held.append(round(_drift(rows)))
    touch.touch_up()
    await d.frames(1)
    d.notes["held"] = held
    # Then slow frames: the app's clock moves a whole second each (tick.WarpClock).
    warp = WarpClock()
    drifts = []
    for _ in range(8):
        warp.advance(SLOW_FRAME_S)
        await d.frames(1)
        drifts.append(round(_drift(rows)))
    d.notes["drifts"] = drifts
