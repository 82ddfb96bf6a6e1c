"""The explorer's driver: Kivy's clock ticks instead of drawn frames, the window drawing only
when the explorer looks, and the app's clock moved on by the explorer instead of waited out.
"""

from __future__ import annotations

import time
from pathlib import Path
from typing import Any

from tests.app.drive import Driver


class DrawGate:
    """Lets the window draw only when the explorer looks. Kivy draws a frame at every tick in
    which anything changed (a button's pressed look, a popup's fade, each step of a redraw),
    and Mesa's software renderer spends tens of milliseconds of CPU on each: most of the
    explorer's time went on frames nothing looked at. Closed, the gate stops the window's
    ``on_draw`` and ``on_flip`` (a handler bound to an event that returns True ends its
    dispatch); the window still asks for them, so the first frame after it opens shows
    everything that changed."""

    def __init__(self) -> None:
        from kivy.core.window import Window

        self.window = Window
        self.open = False
        self.drawn = 0  # frames drawn through the gate
        Window.fbind("on_draw", self._on_draw)
        Window.fbind("on_flip", self._on_flip)

    def _on_draw(self, *_args: Any) -> bool:
        if not self.open:
            return True
        self.drawn += 1
        return False

    def _on_flip(self, *_args: Any) -> bool:
        return not self.open


class WarpClock:
    """Kivy's clock, moved on by the explorer. The app times some things on it (new decision
    buttons ignore taps for ``seat_panel.CALM_S``, 0.6 s; long presses): waiting those out
    on the wall's clock was most of a whole game's time (0.55 s a step, 0.13 s of it CPU).
    The explorer instead moves the clock's time on by what is left (``advance``): the app
    sees exactly that much time pass, its scheduled callbacks run, and the explorer's games
    do not depend on how fast the machine is."""

    def __init__(self) -> None:
        from kivy.clock import Clock

        self.clock = Clock
        self.offset = 0.0
        self._real = Clock.time
        Clock.time = self.time  # an instance attribute over the class's staticmethod

    def time(self) -> float:
        return float(self._real()) + self.offset

    def advance(self, seconds: float) -> None:
        if seconds > 0:
            self.offset += seconds


class TickDriver(Driver):
    """The journeys' driver, waiting on the clock's ticks (where Kivy lays out and runs its
    callbacks) rather than on drawn frames, with the window drawing only when the explorer
    looks (``DrawGate``): before each check of the screen and for each screenshot."""

    def __init__(self, app: Any, out: Path) -> None:
        super().__init__(app, out)
        self.gate = DrawGate()
        self.warp = WarpClock()

    async def frames(self, n: int = 3) -> None:
        from kivy.clock import Clock

        start = Clock.frames
        await self.ticks_until(lambda: Clock.frames - start >= n, f"Kivy's clock ticks {n} time(s)")

    async def clock_passes(self, seconds: float) -> None:
        """The app's clock moved on ``seconds`` (a long press, a calm moment), and two ticks
        to run what was scheduled for then."""
        self.warp.advance(seconds)
        await self.frames(2)

    async def clock_reaches(self, moment: float) -> None:
        """Kivy's clock moved on to ``moment`` (a time on it), if it is not there yet."""
        from kivy.clock import Clock

        self.warp.advance(moment - Clock.get_time() + 0.001)
        await self.frames(2)

    async def draw(self) -> None:
        """One frame of what is on screen now, drawn as the players would see it: every
        screen the explorer checks is drawn (its labels' letters rendered into their
        textures, the window's canvas drawn), not only laid out."""
        drawn = self.gate.drawn
        self.gate.open = True
        try:
            self.gate.window.canvas.ask_update()
            await self.ticks_until(lambda: self.gate.drawn > drawn, "the window draws a frame")
        finally:
            self.gate.open = False

    async def screenshot(self, name: str) -> Path:
        self.gate.open = True
        try:
            return await super().screenshot(name)
        finally:
            self.gate.open = False


def cpu_s() -> float:
    """This process's CPU time (what the summary reports beside the wall's)."""
    return time.process_time()
