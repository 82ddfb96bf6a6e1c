"""The app's two numbers: cold start to the first drawn scoreboard, and hardware event to
redrawn widget. Kivy draws offscreen here (SDL2 on Mesa EGL), the hardware is the simulator.

    .venv/bin/python bench/bench_app.py [--starts 5] [--events 200]

Cold start: a fresh Python process per run, from spawn to the frame after the scoreboard
first showed real numbers (a new 2-player game), read from the child's clock.
Event to redraw: a simulated dial turn (real protocol frames through the device manager) to
the seat's devotion tile showing the new value, and to the frame with it drawn and flipped.
Here Kivy draws with Mesa's llvmpipe (software GL), so the draw itself dominates the second.
"""

from __future__ import annotations

import argparse
import asyncio
import os
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent

CHILD = r"""
import asyncio, os, sys, time
from kivy.config import Config
Config.set("graphics", "width", "1280"); Config.set("graphics", "height", "800")
from kivy.clock import Clock
from kivy.core.window import Window
from companion_app.app import AltarApp
app = AltarApp(db_path=sys.argv[1])
app.start_names = ["Alena", "Anton"]
def drawn(*_args):
    # The first frame flipped after the scoreboard had its numbers.
    Window.funbind("on_flip", drawn)
    print("DRAWN", time.time(), flush=True)
    app.stop()
def check(_dt):
    sm = app.sm
    if sm is not None and sm.current == "scoreboard":
        panels = sm.get_screen("scoreboard").panels
        if panels and panels[0].tiles["devotion"].value == "0" and panels[0].view is not None:
            Window.fbind("on_flip", drawn)
            Window.canvas.ask_update()  # a frame is drawn only when something asks for one
            return False
    return True
Clock.schedule_interval(check, 0)
asyncio.run(app.run_async())
"""


def percentile(values: list[float], p: float) -> float:
    ordered = sorted(values)
    k = min(len(ordered) - 1, max(0, round(p / 100 * (len(ordered) - 1))))
    return ordered[k]


def cold_starts(n: int) -> list[float]:
    times = []
    env = {**os.environ, "KIVY_NO_ARGS": "1", "KIVY_NO_CONSOLELOG": "1"}
    for _ in range(n):
        with tempfile.TemporaryDirectory() as tmp:
            env["KIVY_HOME"] = tmp
            t0 = time.time()
            out = subprocess.run(
                [sys.executable, "-c", CHILD, str(Path(tmp) / "g.sqlite")],
                cwd=ROOT,
                env=env,
                capture_output=True,
                text=True,
                timeout=60,
            )
            drawn = [ln for ln in out.stdout.splitlines() if ln.startswith("DRAWN")]
            if not drawn:
                raise SystemExit(f"the app did not draw:\n{out.stderr[-2000:]}")
            times.append(float(drawn[0].split()[1]) - t0)
    return times


async def event_latencies(n: int) -> tuple[list[float], list[float]]:
    """(event -> widget shows it, event -> frame with it flipped), in seconds."""
    from kivy.core.window import Window

    from companion_app.app import AltarApp
    from companion_app.hardware_side import simulator_side

    tmp = tempfile.mkdtemp()
    app = AltarApp(db_path=str(Path(tmp) / "g.sqlite"), hardware=simulator_side)
    app.start_names = ["Alena", "Anton"]
    to_widget: list[float] = []
    to_frame: list[float] = []

    async def drive() -> None:
        while app.hardware_link is None or not app.session.seat_map.dials:
            await asyncio.sleep(0.01)
        await asyncio.sleep(0.3)
        device = app.hardware_link.simulated[0]
        tile = app.sm.get_screen("scoreboard").panels[0].tiles["devotion"]
        for i in range(n):
            value = 1 + i % 12
            if tile.value == str(value):
                value = 13
            shown = asyncio.Event()
            flipped = asyncio.Event()
            marks: dict[str, float] = {}

            def on_value(
                _tile: object,
                text: str,
                v: int = value,
                m: dict = marks,
                done: asyncio.Event = shown,
            ) -> None:
                if text == str(v) and "widget" not in m:
                    m["widget"] = time.perf_counter()
                    done.set()

            def on_flip(*_args: object, m: dict = marks, done: asyncio.Event = flipped) -> None:
                if "widget" in m and "frame" not in m:
                    m["frame"] = time.perf_counter()
                    done.set()

            tile.bind(value=on_value)
            Window.bind(on_flip=on_flip)
            t0 = time.perf_counter()
            device.turn_dial(0, value)
            await asyncio.wait_for(shown.wait(), 5)
            await asyncio.wait_for(flipped.wait(), 5)
            tile.unbind(value=on_value)
            Window.unbind(on_flip=on_flip)
            to_widget.append(marks["widget"] - t0)
            to_frame.append(marks["frame"] - t0)
            await asyncio.sleep(0.02)
        app.stop()

    await asyncio.gather(app.run_async(), drive())
    return to_widget, to_frame


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--starts", type=int, default=5)
    parser.add_argument("--events", type=int, default=200)
    args = parser.parse_args()
    os.environ.setdefault("KIVY_NO_ARGS", "1")
    os.environ.setdefault("KIVY_NO_CONSOLELOG", "1")
    os.environ.setdefault("KIVY_HOME", tempfile.mkdtemp())
    starts = cold_starts(args.starts)
    print(
        f"cold start to first drawn scoreboard: p50 {statistics.median(starts):.2f} s, "
        f"max {max(starts):.2f} s over {len(starts)} runs (target <= 2.5 s)"
    )
    from kivy.config import Config

    Config.set("graphics", "width", "1280")
    Config.set("graphics", "height", "800")
    widget, frame = asyncio.run(event_latencies(args.events))
    for what, values in (
        ("dial event to widget showing it", widget),
        ("dial event to that frame drawn and flipped", frame),
    ):
        ms = [v * 1000 for v in values]
        print(
            f"{what}: p50 {percentile(ms, 50):.1f} ms, p99 {percentile(ms, 99):.1f} ms "
            f"over {len(ms)} events"
        )


if __name__ == "__main__":
    main()
