"""Issue 33, item 7: the unknown-tag popup for a seat at a short edge (four players: one at
each end) faces that seat and lies wholly inside the window, in both orientations."""

from __future__ import annotations

from typing import Any


async def enrol_popup_at_each_seat(d: Any) -> None:
    from kivy.core.window import Window
    from kivy.uix.modalview import ModalView

    from companion_app.widgets.seating import seat_frames
    from tests.app.explorer.checks import visible

    s = d.session
    s.start_new(["Alena", "Anton", "Bea", "Carl"], seed=3, first_player=0, kind="zeal")
    d.app.show("scoreboard")
    await d.frames(3)
    out = {}
    frames = seat_frames(4, *Window.size)
    for seat in range(4):
        s.unknown_tag = (seat, "0badcafe")
        await d.until(
            lambda: any(isinstance(w, ModalView) for w in Window.children), "the enrol popup"
        )
        popup = next(w for w in Window.children if isinstance(w, ModalView))
        # Opened: ModalView fades in on Kivy's real clock and places itself (on_open) only at
        # the fade's end, so a loaded machine needs more frames than an idle one.
        await d.until(lambda p=popup: p._anim_alpha >= 1.0, "the enrol popup opened")
        await d.frames(2)
        outside = [
            seen.text[:30]
            for seen in visible(popup)
            if seen.rect[0] < -2
            or seen.rect[1] < -2
            or seen.rect[2] > Window.width + 2
            or seen.rect[3] > Window.height + 2
        ]
        out[seat] = {
            "rotation": round(popup.rotation) % 360,
            "want": frames[seat].rotation,
            "outside": outside,
        }
        popup.ignore()
        await d.until(
            lambda: not any(isinstance(w, ModalView) for w in Window.children), "popup gone"
        )
    d.notes["popups"] = out
