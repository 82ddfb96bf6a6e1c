"""The app's numbers: cold start to the first drawn scoreboard, and a hardware event to the
redraw and to the frame on screen, at 2 and at 8 players. Kivy draws offscreen here (SDL2 on
Mesa EGL), the hardware is the simulator (real protocol frames through the device manager).

    .venv/bin/python bench/bench_app.py [--starts 5] [--events 60] [--quick]

Cold start: a fresh Python process per run, from spawn to the frame after the scoreboard
first showed real numbers (a new 2-player game), read from the child's clock.
Events: seat 1's devotion dial turned, and a card placed on the reader (given to seat 1),
alternately. For each, three moments: the session's first answer (its first ``message``,
``scans`` or ``revision`` dispatch, which for a dial turn comes before the redraw), the redraw
(the first of those dispatches, or of the redrawn widget's own property, at which the widget
holds the new value: the dial's seat shows the value turned to; a scan shows the card on the
seat's panel or says why not, counted apart), and the frame on screen: the first frame flipped
after the redraw (Mesa's llvmpipe, software GL, so the draw dominates that one). The clock of
the target stops at that frame; the redraw is reported beside it.
Beside them, what each event touched: the widgets whose properties changed and the canvas
instructions added, removed or changed (position, size, colour, points, texture object, and a
label's words re-rendered into the same texture), of how many in the window. Each table size
runs in its own process (a Kivy app runs once).
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
from dataclasses import dataclass, field
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from bench.targets import report, target_number  # noqa: E402

COLD = "app cold start to interactive"
REDRAW = "app event to redraw"

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


NAMES = ("Alena", "Anton", "Bea", "Cato", "Dara", "Emil", "Fay", "Gus")


def _tree(root: object) -> list[object]:
    """Every widget under ``root`` (the window), itself included."""
    out: list[object] = []
    todo = [root]
    while todo:
        w = todo.pop()
        out.append(w)
        todo.extend(getattr(w, "children", ()))
    return out


def _instructions(canvas: object) -> list[object]:
    """A canvas's instructions, its before and after groups and nested groups included."""
    out: list[object] = []
    todo = [canvas]
    for part in ("before", "after"):
        if getattr(canvas, f"has_{part}", False):
            todo.append(getattr(canvas, part))
    while todo:
        group = todo.pop()
        for instr in getattr(group, "children", ()):
            out.append(instr)
            if hasattr(instr, "children"):
                todo.append(instr)
    return out


def _signature(instr: object) -> tuple[object, ...]:
    """What a drawing instruction draws: where, how big, what colour, which texture, points."""
    keys = ("pos", "size", "rgba", "points", "text", "texture")
    values = []
    for key in keys:
        value = getattr(instr, key, None)
        if key == "texture" and value is not None:
            value = id(value)
        elif isinstance(value, list | tuple):
            value = tuple(value)
        values.append(value)
    return tuple(values)


def scene(window: object) -> tuple[dict[int, tuple[object, ...]], dict[int, tuple[object, ...]]]:
    """(widget id -> its property values, instruction id -> its signature), the whole tree:
    compared before and after an event, they say what the event touched."""
    widgets: dict[int, tuple[object, ...]] = {}
    instructions: dict[int, tuple[object, ...]] = {}
    for w in _tree(window):
        props = getattr(w, "properties", None)
        if props is not None:
            names = sorted(props())
            widgets[id(w)] = tuple(repr(getattr(w, n, None)) for n in names)
        canvas = getattr(w, "canvas", None)
        if canvas is not None:
            # A label draws its words as a texture it re-renders in place when they change:
            # the texture object stays, so its words stand for what it shows.
            words = getattr(w, "text", None)
            for instr in _instructions(canvas):
                sign = _signature(instr)
                if words is not None and getattr(instr, "texture", None) is not None:
                    sign += (words,)
                instructions[id(instr)] = sign
    return widgets, instructions


def touched(before: dict[int, tuple[object, ...]], after: dict[int, tuple[object, ...]]) -> int:
    """How many entries are new, gone or changed."""
    return sum(1 for k, v in after.items() if before.get(k) != v) + sum(
        1 for k in before if k not in after
    )


@dataclass
class Samples:
    to_answer: list[float] = field(default_factory=list)  # s, event to the session's 1st answer
    to_redraw: list[float] = field(default_factory=list)  # s, event to the widget holding it
    to_frame: list[float] = field(default_factory=list)  # s, event to that frame flipped
    widgets: list[int] = field(default_factory=list)  # widgets whose properties changed
    instructions: list[int] = field(default_factory=list)  # canvas instructions changed
    scene: tuple[int, int] = (0, 0)  # widgets, canvas instructions in the window
    answers: dict[str, int] = field(default_factory=dict)  # what the table was shown, counted


async def event_latencies(players: int, n: int) -> dict[str, Samples]:
    """Dial turns and card scans at a table of ``players``, through the simulated device."""
    from kivy.core.window import Window

    from companion_app.app import AltarApp
    from companion_app.hardware_link.hardware_side import simulator_side
    from companion_app.simulator.sim_tags import sim_uid

    tmp = tempfile.mkdtemp()
    app = AltarApp(db_path=str(Path(tmp) / "g.sqlite"), hardware=simulator_side)
    app.start_names = list(NAMES[:players])
    out = {"dial turn": Samples(), "card scan": Samples()}

    async def one(
        kind: str, act: object, holds: object, shown: object, widget: tuple[object, str]
    ) -> None:
        session = app.session
        redrawn = asyncio.Event()
        flipped = asyncio.Event()
        marks: dict[str, float] = {}

        def on_dispatch(*_args: object) -> None:
            now = time.perf_counter()
            marks.setdefault("answer", now)
            # The redraw is the moment the redrawn widget holds the new value, not the first
            # dispatch (a dial turn's message comes before the redraw, which waits a frame).
            if "redraw" not in marks and holds():  # type: ignore[operator]
                marks["redraw"] = now
                redrawn.set()

        def on_flip(*_args: object) -> None:
            if "redraw" in marks and "frame" not in marks:
                marks["frame"] = time.perf_counter()
                flipped.set()

        owner, name = widget
        widgets0, instr0 = scene(Window)
        session.bind(revision=on_dispatch, scans=on_dispatch, message=on_dispatch)
        owner.bind(**{name: on_dispatch})  # type: ignore[attr-defined]
        Window.bind(on_flip=on_flip)
        t0 = time.perf_counter()
        act()  # type: ignore[operator]
        await asyncio.wait_for(redrawn.wait(), 5)
        await asyncio.wait_for(flipped.wait(), 5)
        session.unbind(revision=on_dispatch, scans=on_dispatch, message=on_dispatch)
        owner.unbind(**{name: on_dispatch})  # type: ignore[attr-defined]
        Window.unbind(on_flip=on_flip)
        widgets1, instr1 = scene(Window)
        got = out[kind]
        got.to_answer.append(marks["answer"] - t0)
        got.to_redraw.append(marks["redraw"] - t0)
        got.to_frame.append(marks["frame"] - t0)
        got.widgets.append(touched(widgets0, widgets1))
        got.instructions.append(touched(instr0, instr1))
        got.scene = (len(widgets1), len(instr1))
        answer = shown()  # type: ignore[operator]
        got.answers[answer] = got.answers.get(answer, 0) + 1
        await asyncio.sleep(0.05)

    async def drive() -> None:
        while app.hardware_link is None or not app.session.seat_map.dials:
            await asyncio.sleep(0.01)
        await asyncio.sleep(0.5)
        device = app.hardware_link.simulated[0]
        app.session.seat_map.assign_reader(device.device, 0, 0)
        game = app.session.game
        assert game is not None
        cards = [c.id for c in app.session.catalog.cards]
        value = 0
        board = app.sm.get_screen("scoreboard")
        seat = app.session.seat_map.dials[(device.device, 0)]

        def dial_holds(v: int) -> bool:
            return bool(board.panels[seat].tiles["devotion"].value == str(v))

        def scan_holds(card: str) -> bool:
            view = app.session.scans.get(0)
            if view is not None and view.card_id == card:
                return bool(board.card_panels[0].ids.name.text == view.name)
            return bool(app.session.message and not app.session.message_ok)

        def dial_shown(v: int) -> str:
            tile = board.panels[seat].tiles["devotion"].value
            if tile != str(v):
                raise SystemExit(f"the dial was turned to {v} but its seat shows {tile}")
            return "value shown"

        def scan_shown(card: str) -> str:
            view = app.session.scans.get(0)
            if view is not None and view.card_id == card:
                if board.card_panels[0].ids.name.text != view.name:
                    raise SystemExit(f"{card} was scanned but its panel shows another card")
                return "card shown"
            if app.session.message and not app.session.message_ok:
                return "refused in words"
            raise SystemExit(f"{card} was scanned and the table was shown nothing")

        for i in range(n):
            value = 1 + (value % 12)
            await one(
                "dial turn",
                lambda v=value: device.turn_dial(0, v),
                lambda v=value: dial_holds(v),
                lambda v=value: dial_shown(v),
                (board.panels[seat].tiles["devotion"], "value"),
            )
            card = cards[i % len(cards)]
            await one(
                "card scan",
                lambda c=card: device.place_tag(0, sim_uid(c)),
                lambda c=card: scan_holds(c),
                lambda c=card: scan_shown(c),
                (board.card_panels[0].ids.name, "text"),
            )
            device.remove_tag(0)
            await asyncio.sleep(0.05)
        app.stop()

    await asyncio.gather(app.run_async(), drive())
    return out


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--starts", type=int, default=5)
    parser.add_argument("--events", type=int, default=60)
    parser.add_argument("--quick", action="store_true")
    parser.add_argument("--table", type=int, default=0, help=argparse.SUPPRESS)
    args = parser.parse_args()
    if args.table:
        table(args.table, args.events)
        return
    if args.quick:
        args.starts, args.events = 2, 15
    os.environ.setdefault("KIVY_NO_ARGS", "1")
    os.environ.setdefault("KIVY_NO_CONSOLELOG", "1")
    os.environ.setdefault("KIVY_HOME", tempfile.mkdtemp())
    starts = cold_starts(args.starts)
    print(
        report(
            f"cold start to first drawn scoreboard: p50 {statistics.median(starts):.2f} s, "
            f"max {max(starts):.2f} s over {len(starts)} runs",
            COLD,
            max(starts) <= target_number(COLD),
        )
    )
    for players in (2, 8):
        # One process per table size: a Kivy app runs once per process.
        proc = subprocess.run(
            [sys.executable, __file__, "--table", str(players), "--events", str(args.events)],
            cwd=ROOT,
            env={**os.environ},
            capture_output=True,
            text=True,
            timeout=900,
        )
        lines = [ln for ln in proc.stdout.splitlines() if "players," in ln]
        if proc.returncode != 0 or not lines:
            raise SystemExit(f"the {players}-player table did not run:\n{proc.stderr[-3000:]}")
        print("\n".join(lines), flush=True)


def table(players: int, events: int) -> None:
    """One table size's events, printed (run in a child process by main)."""
    from kivy.config import Config

    Config.set("graphics", "width", "1280")
    Config.set("graphics", "height", "800")
    for kind, got in asyncio.run(event_latencies(players, events)).items():
        answer = [v * 1000 for v in got.to_answer]
        redraw = [v * 1000 for v in got.to_redraw]
        frame = [v * 1000 for v in got.to_frame]
        p99 = percentile(frame, 99)
        print(
            report(
                f"{players} players, {kind} to the redrawn widget's frame on screen: p50 "
                f"{percentile(frame, 50):.1f} ms, p99 {p99:.1f} ms (software GL here); to the "
                f"redraw (the widget holding the new value): p50 {percentile(redraw, 50):.1f} "
                f"ms, p99 {percentile(redraw, 99):.1f} ms; to the session's first answer: p50 "
                f"{percentile(answer, 50):.1f} ms ({sum(a < r for a, r in zip(answer, redraw, strict=True))}"
                f" of {len(answer)} before the redraw); touched per event: widgets p50 "
                f"{statistics.median(got.widgets):.0f} (max {max(got.widgets)}), canvas "
                f"instructions p50 {statistics.median(got.instructions):.0f} (max "
                f"{max(got.instructions)}), of {got.scene[0]} widgets and {got.scene[1]} "
                f"instructions; {len(redraw)} events ("
                + ", ".join(f"{k}: {v}" for k, v in sorted(got.answers.items()))
                + ")",
                REDRAW,
                p99 <= target_number(REDRAW),
            )
        )


if __name__ == "__main__":
    main()
