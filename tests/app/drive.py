"""Runs the real app (Kivy drawn offscreen, simulated hardware) under a scripted journey.

    python -m tests.app.drive JOURNEY OUTDIR [WIDTHxHEIGHT]

Kivy's Window is one per process, so each journey runs in its own process; pytest starts it
and reads ``OUTDIR/result.json``. A journey is an async function in tests/app/journeys.py
that gets a ``Driver`` (touches, key presses, frames, screenshots) and raises on failure.
"""

from __future__ import annotations

import asyncio
import json
import logging
import os
import sys
import tempfile
import traceback
from pathlib import Path
from typing import Any

os.environ.setdefault("KIVY_HOME", tempfile.mkdtemp(prefix="altar-kivy-home-"))
os.environ.setdefault("KIVY_NO_ARGS", "1")
os.environ.setdefault("KIVY_NO_CONSOLELOG", "1")


# How long a journey waits for what should happen before it calls it a failure. Waits end
# as soon as the thing happens, so this costs nothing when all is well.
PATIENCE_S = 60.0


# Edge smoothing: Kivy's default is two samples a pixel, as the tablet draws, and what the
# reviewed references were drawn with. Mesa's software renderer (llvmpipe), which draws every
# frame here, pays about half of a frame's CPU time for them (the explorer's frames: 115 ms
# with, 50 ms without; Vile's whole game in landscape: 17.8 s of CPU with, 10.6 s without).
# A drive whose pictures are compared with no reference draws without them
# (ALTAR_MULTISAMPLES=0: the explorer, the kill test). Drawn without them, the table pages'
# history plot lines differ from their reference in 1.1 % of pixels, over the 1 % allowed.
MULTISAMPLES = 2


def configure(size: tuple[int, int], multisamples: int = MULTISAMPLES) -> None:
    from kivy.config import Config

    Config.set("graphics", "width", str(size[0]))
    Config.set("graphics", "height", str(size[1]))
    Config.set("graphics", "multisamples", str(multisamples))
    # No red dots for right clicks: touches here come from the driver, not a mouse.
    Config.set("input", "mouse", "mouse,disable_multitouch")


class Driver:
    """What a journey can do to the running app, the way a player would."""

    def __init__(self, app: Any, out: Path) -> None:
        self.app = app
        self.out = out
        self.notes: dict[str, Any] = {}

    @property
    def session(self) -> Any:
        return self.app.session

    def screen(self, name: str) -> Any:
        return self.app.sm.get_screen(name)

    async def frames(self, n: int = 3) -> None:
        """Let Kivy draw ``n`` frames (and run the hardware tasks in between). Counted, not
        timed: a loaded machine draws slowly."""
        from kivy.clock import Clock

        start = Clock.frames_displayed
        await self.ticks_until(
            lambda: Clock.frames_displayed - start >= n, f"Kivy draws {n} frame(s)"
        )

    async def until(self, check: Any, what: str, timeout: float | None = None) -> None:
        """Wait for something the hardware or a timer makes true; fail with ``what``.
        The timeout only turns a hang into a failure: it is far longer than anything takes,
        even on a loaded machine (issue 22), so a journey waits for events, not for time."""
        await self.ticks_until(check, what, max(timeout or 0.0, PATIENCE_S))
        await self.frames(2)

    async def ticks_until(self, done: Any, what: str, timeout: float = PATIENCE_S) -> None:
        """Check ``done()`` after each tick of Kivy's clock until it is true. Each tick wakes
        this wait through a callback on the clock itself (the hardware's asyncio tasks run
        between ticks), so nothing here sleeps for a guessed time; ``timeout`` only turns a
        hang into a failure that names ``what``."""
        from kivy.clock import Clock

        if done():
            return
        ticked = asyncio.Event()
        every_tick = Clock.schedule_interval(lambda _dt: ticked.set(), 0)
        try:
            async with asyncio.timeout(timeout):
                while not done():
                    ticked.clear()
                    await ticked.wait()
        except TimeoutError:
            raise AssertionError(f"timed out waiting for: {what}") from None
        finally:
            every_tick.cancel()

    async def clock_passes(self, seconds: float) -> None:
        """Wait until Kivy's own clock (the one the app's long presses and calm moments are
        timed on) has moved ``seconds`` on: a callback it runs then ends the wait, so whatever
        the app scheduled for that span has run, however slowly the machine went."""
        from kivy.clock import Clock

        passed = asyncio.Event()
        Clock.schedule_once(lambda _dt: passed.set(), seconds)
        try:
            async with asyncio.timeout(seconds + PATIENCE_S):
                await passed.wait()
        except TimeoutError:
            raise AssertionError(f"Kivy's clock did not pass {seconds} s") from None

    def window_pos(self, widget: Any, at: tuple[float, float] | None = None) -> tuple[float, float]:
        """Window coordinates of ``at`` (default: the centre), given in the widget's parent's
        coordinates, the way Kivy stores ``pos`` (through Scatters and RelativeLayouts)."""
        x, y = at if at is not None else widget.center
        return widget.parent.to_window(x, y)

    async def tap(
        self, widget: Any, at: tuple[float, float] | None = None, hold: float = 0.0
    ) -> None:
        """A finger on the widget's centre (or on ``at``, widget coordinates), then lifted."""
        from kivy.tests.common import UnitTestTouch

        x, y = self.window_pos(widget, at)
        touch = UnitTestTouch(x, y)
        touch.touch_down()
        if hold:  # a long press: held while the app's clock, not the wall's, moves on
            await self.clock_passes(hold)
        await self.frames(1)
        touch.touch_up()
        await self.frames(2)

    async def tap_side(self, tile: Any, side: int, hold: float = 0.0) -> None:
        """Tap a counter tile's minus (-1) or plus (+1) zone, once its panel's tiles take
        taps (they ignore them for a moment after the decision line above them came or
        went: seat_panel.CALM_S), waited for as an event, not a sleep."""
        panel = tile.parent
        while panel is not None and not hasattr(panel, "tiles_take_taps"):
            panel = panel.parent if panel.parent is not panel else None
        if panel is not None:
            await self.until(panel.tiles_take_taps, "the panel's tiles take taps")
        fx = {-1: 0.15, 0: 0.5, 1: 0.85}[side]
        await self.tap(tile, at=(tile.x + tile.width * fx, tile.y + tile.height * 0.5), hold=hold)

    async def key(self, key: int, text: str = "") -> None:
        from kivy.core.window import Window

        Window.dispatch("on_key_down", key, 0, text, [])
        Window.dispatch("on_key_up", key, 0)
        await self.frames(2)

    async def screenshot(self, name: str) -> Path:
        from companion_app.app import save_window_png

        await self.frames(3)
        path = self.out / f"{name}.png"
        saved = asyncio.Event()
        save_window_png(str(path), lambda _p: saved.set())
        await asyncio.wait_for(saved.wait(), 5.0)
        return path

    async def resize(self, size: tuple[int, int]) -> None:
        from kivy.core.window import Window

        Window.size = size
        await self.frames(4)


async def run(journey_name: str, out: Path, size: tuple[int, int], db: str) -> dict[str, Any]:
    import importlib

    from companion_app.app import AltarApp
    from companion_app.hardware_link.hardware_side import device_side, simulator_side

    # "name" is a journey of tests/app/journeys.py; "package.module:name" one of a game's own.
    module_name, _, function = journey_name.rpartition(":")
    journeys = importlib.import_module(module_name or "tests.app.journeys")
    journey = getattr(journeys, function)
    # Journeys run on simulated hardware, except the one that looks for real devices.
    hardware = device_side if function == "real_devices" else simulator_side
    app = AltarApp(db_path=db, hardware=hardware)
    driver = Driver(app, out)
    result: dict[str, Any] = {"journey": journey_name, "ok": False}

    async def script() -> None:
        try:
            await driver.frames(3)
            await driver.until(lambda: app.hardware_link is not None, "the hardware side")
            if hardware is simulator_side:
                # Its device added and claimed: the band's device message no longer changes
                # under a screenshot (under load the claim once landed mid-journey).
                link = app.hardware_link
                await driver.until(link.set_up.is_set, "the simulated device set up")
            await journey(driver)
            result["ok"] = True
        except asyncio.CancelledError:
            # The app stopped before the journey ended (a signal from outside): right for a
            # journey that waits for just that, a failure for any other.
            result["ok"] = bool(driver.notes.get("ends_when_the_app_stops"))
            result["error"] = None if result["ok"] else "the app stopped mid-journey"
        except BaseException as e:  # reported to pytest through result.json
            result["error"] = "".join(traceback.format_exception(e))
            if app.session.game is not None:
                result["engine_log"] = [e.text for e in app.session.game.log][-25:]
                result["scans"] = {str(k): repr(v) for k, v in app.session.scans.items()}
                result["message"] = app.session.message
        finally:
            result["notes"] = driver.notes
            app.stop()

    journey_run = asyncio.ensure_future(script())
    await app.run_async()
    if not journey_run.done():  # the app stopped by itself: the journey ends with it
        journey_run.cancel()
    await asyncio.gather(journey_run, return_exceptions=True)
    return result


def main() -> int:
    journey_name, out_dir = sys.argv[1], Path(sys.argv[2])
    size = tuple(int(v) for v in (sys.argv[3] if len(sys.argv) > 3 else "1280x800").split("x"))
    out_dir.mkdir(parents=True, exist_ok=True)
    configure((size[0], size[1]), int(os.environ.get("ALTAR_MULTISAMPLES", MULTISAMPLES)))
    db = os.environ.get("ALTAR_DB") or str(out_dir / "games.sqlite")
    result = asyncio.run(run(journey_name, out_dir, (size[0], size[1]), db))
    (out_dir / "result.json").write_text(json.dumps(result, indent=2, default=str))
    return 0 if result["ok"] else 1


if __name__ == "__main__":
    code = main()
    # Like `altar app` (companion_app/commands/app.py): result.json is written, the store's
    # commands are committed; Python's teardown of Kivy's window saves nothing and costs
    # seconds a journey (or a signal test) would otherwise wait for.
    logging.shutdown()
    sys.stdout.flush()
    sys.stderr.flush()
    os._exit(code)
