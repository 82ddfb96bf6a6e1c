"""The explorer in the app's own process: sets games up by taps, plays seeded random legal
actions through the player models' gestures, and checks every screen after every step.

One process per window size (Kivy's Window is one per process); it runs any number of
explorations (a game, a player count, a seed, a number of steps) one after the other, each
set up from the new-game screen, and writes what it found to ``OUTDIR/result.json``.
"""

from __future__ import annotations

import asyncio
import logging
import random
import traceback
from dataclasses import asdict, dataclass, field
from pathlib import Path
from typing import Any

from tests.app.drive import Driver
from tests.app.explorer import check_layout, check_results, checks, step_rules, visits
from tests.app.explorer.hands import Hands, NoGesture

EXPLORER_DEVICE = b"\xe5\x9d\x00\x01"
SEATS = 8  # a dial and a reader for every seat a game can have
UNDO_CHANCE = 0.06  # now and then the explorer takes its last step back with Undo


@dataclass
class Exploration:
    game: str
    players: int
    seed: int
    steps: int


@dataclass
class Failure:
    kind: str  # "step", "reading", "overlap", "words", "facing", "assistant", "log", "setup"
    message: str
    step: int
    seed: int
    screenshot: str = ""


@dataclass
class Outcome:
    game: str
    players: int
    size: str
    seed: int
    steps: int = 0  # steps made and checked
    undos: int = 0
    states: int = 0  # distinct positions the engine was in
    screens: list[str] = field(default_factory=list)  # screens opened and checked
    checked: int = 0  # texts checked
    frames: int = 0  # frames drawn, one for each check of the screen
    kinds: list[str] = field(default_factory=list)  # kinds of action made through the table
    failures: list[Failure] = field(default_factory=list)
    over: bool = False

    @property
    def replay(self) -> str:
        return (
            f"python -m tests.app.explorer --game {self.game} --players {self.players} "
            f"--size {self.size} --seed {self.seed} --steps {self.steps}"
        )


class LogErrors(logging.Handler):
    """Errors Kivy's Logger records (KeepGoing logs every exception from a tap there)."""

    def __init__(self) -> None:
        super().__init__(logging.ERROR)
        self.seen: list[str] = []

    def emit(self, record: logging.LogRecord) -> None:
        text = record.getMessage()
        if record.exc_info:
            text += "\n" + "".join(traceback.format_exception(*record.exc_info))[-1500:]
        self.seen.append(text)


async def explorer_side(app: Any) -> None:
    """Simulated hardware for the explorer: the app's own simulator side with one device that
    has a dial and a reader for every seat, speaking the real protocol to the device manager."""
    from companion_app.hardware_link.hardware_side import simulator_side
    from hardware.simulator import SimulatedDevice

    await simulator_side(
        app, SimulatedDevice(device_id=EXPLORER_DEVICE, dials=SEATS, readers=SEATS)
    )


class Explorer:
    def __init__(self, driver: Any, size: str, errors: LogErrors) -> None:
        self.d = driver
        self.size = size
        self.errors = errors
        self.hands = Hands(driver, driver.app.hardware_link.simulated[0])
        self.outcome: Outcome | None = None
        self.step = 0
        self.seed = 0
        self._seen_problems: set[str] = set()
        self._shots: dict[str, str] = {}
        self._visited: set[str] = set()
        self.said = check_results.Said()  # results and undos the band must tell

    @property
    def app(self) -> Any:
        return self.d.app

    @property
    def session(self) -> Any:
        return self.d.session

    # ------------------------------------------------------------------ failures

    async def fail(self, kind: str, message: str) -> None:
        """A failure with its seed, step and a screenshot; each problem told once a run."""
        out = self.outcome
        assert out is not None
        key = f"{kind}:{self._general(message)}"
        if key in self._seen_problems:
            return
        self._seen_problems.add(key)
        # One screenshot a step, however many problems it shows.
        name = f"{out.game}_{out.players}p_{self.size}_seed{self.seed}_step{self.step}"
        shot = self._shots.get(name, "")
        if not shot:
            try:
                shot = self._shots[name] = str(await self.d.screenshot(name))
            except Exception as e:  # a screenshot that fails must not hide the failure
                shot = f"(no screenshot: {e})"
        out.failures.append(Failure(kind, message, self.step, self.seed, shot))

    def _general(self, message: str) -> str:
        """A problem told once however its names and numbers vary ("Alena to act" and
        "Anton to act" face one edge only for the same reason)."""
        import re

        game = self.session.game
        for name in game.player_names() if game is not None else ():
            message = message.replace(name, "NAME")
        return re.sub(r"\d+", "#", message)

    # ------------------------------------------------------------------ checks

    def _roots(self) -> list[tuple[str, Any]]:
        """What is on screen: the current screen and any popup over it."""
        from kivy.core.window import Window
        from kivy.uix.modalview import ModalView

        sm = self.app.sm
        roots: list[tuple[str, Any]] = [(sm.current, sm.current_screen)]
        board = sm.current_screen
        if sm.current == "scoreboard" and board.banner.parent is board:
            # The winner covers the seats: what shows is the banner and the band.
            roots = [("the winner", board.banner), ("the band", board.ids.band)]
        for w in Window.children:
            if isinstance(w, ModalView):
                roots.append((type(w).__name__, w))
            elif type(w).__name__ == "DropDown":
                roots.append(("a list", w))
        return roots

    async def check_screen(self, opened_on_purpose: bool = False) -> None:
        """Every rule on what is drawn now."""
        assert self.outcome is not None
        await self.d.draw()
        self.outcome.frames += 1
        seen_all: list[checks.Seen] = []
        shown = []  # (where, root, its texts) for the game-sense rules (step_rules.py)
        for name, root in self._roots():
            seen = list(checks.visible(root))
            seen_all += seen
            shown.append((name, root, seen))
            if name not in self.outcome.screens:
                self.outcome.screens.append(name)
            for s in seen:
                for problem in checks.reading(s):
                    await self.fail("reading", f"{name}: {problem}")
            for problem in checks.overlaps(seen):
                await self.fail("overlap", f"{name}: {problem}")
            for problem in checks.wording(seen, self._device_labels(), name):
                await self.fail("words", f"{name}: {problem}")
            if _for_all(root):
                for problem in checks.one_edge_only(seen, name):
                    await self.fail("facing", problem)
            seat = getattr(root, "for_seat", -1)
            if seat >= 0 and self.session.seats:
                from companion_app.session.seating import seat_frames

                want = seat_frames(len(self.session.seats), *root.get_root_window().size)
                turned = {s.rotation for s in seen}
                if turned != {want[seat].rotation}:
                    await self.fail("facing", f"{name} is for seat {seat + 1} but faces {turned}")
        self.outcome.checked += len(seen_all)
        sm = self.app.sm
        game = self.session.game
        if sm.current == "scoreboard" and game is not None:
            board = self.d.screen("scoreboard")
            for problem in checks.wrong_seat(self.session, board):
                await self.fail("facing", problem)
            band = [
                s for s in checks.visible(board.ids.band) if not hasattr(s.widget, "on_release")
            ]
            for problem in checks.one_edge_only(band, "the band"):
                await self.fail("facing", problem)
            if board.banner.parent is board:
                for problem in checks.one_edge_only(checks.visible(board.banner), "the winner"):
                    await self.fail("facing", problem)
                undo = board.ids.undo
                at = undo.to_window(*undo.center)  # the screen fills the window
                if board.banner.collide_point(*at) and not board.banner._in_band(at):
                    await self.fail("facing", "the winner banner covers the band's Undo")
        if game is not None:
            board = self.d.screen("scoreboard")
            for problem in self.said.look(self.session, sm.current, board):
                await self.fail("results", problem)
            for problem in check_layout.layout(self.session, board, sm.current):
                await self.fail("layout", problem)
            await self._check_assistant(game, opened_on_purpose)
        for kind, problem in await step_rules.after_step(self, shown):
            await self.fail(kind, problem)
        for error in self.errors.seen:
            await self.fail("log", f"the app logged an error: {error[:600]}")
        self.errors.seen.clear()

    def _device_labels(self) -> tuple[str, ...]:
        """Devices' own ids, printed on their boxes: the names players know them by."""
        return tuple(getattr(dev, "device", "") for dev in self.session.devices)

    async def _check_assistant(self, game: Any, opened_on_purpose: bool) -> None:
        """A game's own screen offers only what the engine allows, and closes when its
        moment has passed."""
        sm = self.app.sm
        adapter = self.session.adapter
        mine = {e.name: e.title for e in adapter.screens()}
        screen = sm.current_screen
        if sm.current not in mine:
            return
        propose = getattr(screen, "declaration", None)
        confirm = next(
            (
                b
                for b in checks.visible(screen)
                if b.text == "Confirm" and hasattr(b.widget, "disabled")
            ),
            None,
        )
        if propose is not None and confirm is not None and not confirm.widget.disabled:
            action = propose()
            why = game.explain(action) if action is not None else "it proposes nothing"
            if why is not None:
                await self.fail(
                    "assistant",
                    f"{mine[sm.current]}: Confirm is enabled but the rules refuse it ({why})",
                )
        if not opened_on_purpose and adapter.due_screen(game) != sm.current:
            await self.fail(
                "assistant", f"{mine[sm.current]} stays open after its moment has passed"
            )

    # ------------------------------------------------------------------ setting up

    async def set_up(self, plan: Exploration) -> None:
        """From wherever the app is to the new-game screen, then the game, the players and
        Start, all by taps."""
        from companion_app.games import adapter_for

        sm = self.app.sm
        if sm.current != "newgame":
            await self.hands.new_game(self)
        new = self.d.screen("newgame")
        title = adapter_for(plan.game).engine.title
        if new.ids.game.text != title:
            await self.d.tap(new.ids.game)
            await self.check_screen(opened_on_purpose=True)
            await self.d.tap(self.hands.find_button(title, "list"))
            await self.hands.settle()
        assert self.session.kind == plan.game, (self.session.kind, plan.game)
        for _ in range(10):
            if new.players == plan.players:
                break
            await self.d.tap(new.ids.more if new.players < plan.players else new.ids.fewer)
        if new.players != plan.players:
            raise NoGesture(f"the new-game screen can't be set to {plan.players} players")
        await self.check_screen(opened_on_purpose=True)
        new.seed = plan.seed
        await self.d.tap(new.ids.start)
        await self.d.until(lambda: sm.current == "scoreboard", "the game starts", timeout=10)
        # Quiet moments that pass by themselves run on real time: off while exploring, so a
        # step's result is the explorer's gestures only.
        self.session.auto_advance_s = 0
        await self.hands.settle()

    # ------------------------------------------------------------------ exploring

    async def explore(self, plan: Exploration) -> Outcome:
        from companion_app.games import adapter_for

        self.outcome = out = Outcome(plan.game, plan.players, self.size, plan.seed)
        self.seed, self.step = plan.seed, 0
        self._seen_problems = set()
        rng = random.Random(plan.seed)
        try:
            await self.set_up(plan)
        except (NoGesture, AssertionError) as e:
            await self.fail("setup", f"setting up {plan.game} for {plan.players}: {e}")
            return out
        model = adapter_for(plan.game).player_model()
        if model is None:
            await self.fail("step", f"no player model for {plan.game}")
            return out
        await self.check_screen()
        states: set[str] = set()
        for step in range(1, plan.steps + 1):
            self.step = step
            game = self.session.game
            states.add(repr(game.state)[:4000])
            if game.outcome() is not None:
                out.over = True
                break
            legal = list(game.legal_actions())
            if not legal:
                await self.fail("step", "the engine offers no action and the game is not over")
                break
            if len(game.history) and rng.random() < UNDO_CHANCE:
                if not await self._undo():
                    break
                out.undos += 1
                out.steps = step
                continue
            action = rng.choice(legal)
            if not await self._perform(model, game, action):
                break
            out.steps = step
            if type(action).__name__ not in out.kinds:
                out.kinds.append(type(action).__name__)
            await self.check_screen()
        out.states = len(states)
        if plan.game not in self._visited:
            self._visited.add(plan.game)
            try:
                await visits.visit_everything(self)
                await visits.end_by_hand(self, model)
            except (NoGesture, AssertionError) as e:
                await self.fail("screens", f"visiting the screens: {e}")
            except Exception as e:  # an app error under a tap: a failure, and the run goes on
                trace = "".join(traceback.format_exception(e))[-1200:]
                await self.fail("screens", f"visiting the screens raised:\n{trace}")
        return out

    async def _perform(self, model: Any, game: Any, action: Any) -> bool:
        words = _words(game, action)
        gestures = model.gestures(game, action)
        if gestures is None:
            await self.fail("step", f"no gesture makes {words} ({action!r})")
            return False
        before = len(game.history)
        try:
            for gesture in gestures:
                await self.hands.make(gesture)
        except (NoGesture, AssertionError) as e:
            await self.fail("step", f"{words} ({action!r}): {gesture!r} failed: {e}")
            return False
        except Exception as e:  # an app error under a gesture
            trace = "".join(traceback.format_exception(e))[-1200:]
            await self.fail("step", f"{words} ({action!r}): {gesture!r} raised:\n{trace}")
            return False
        game = self.session.game
        history = list(game.history)
        if len(history) != before + 1 or history[-1] != action:
            got = history[before:] if len(history) > before else "nothing"
            await self.fail(
                "step",
                f"the gestures for {words} ({action!r}) made {got!r}; "
                f"the table said: {self.session.message!r}",
            )
            return False
        return True

    async def _undo(self) -> bool:
        before = len(self.session.game.history)
        await self.hands.back_to_table()
        await self.d.tap(self.d.screen("scoreboard").ids.undo)
        await self.hands.settle()
        if len(self.session.game.history) != before - 1:
            await self.fail("step", "Undo did not take the last command back")
            return False
        await self.check_screen()
        return True


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


class TickDriver(Driver):
    """The journeys' driver, waiting on the clock's ticks (where Kivy lays out and runs its
    callbacks) rather than on drawn frames, with the window drawing only when the explorer
    looks (``DrawGate``): before each check of the screen and for each screenshot."""

    def __init__(self, app: Any, out: Path) -> None:
        super().__init__(app, out)
        self.gate = DrawGate()

    async def frames(self, n: int = 3) -> None:
        from kivy.clock import Clock

        start = Clock.frames
        await self.ticks_until(lambda: Clock.frames - start >= n, f"Kivy's clock ticks {n} time(s)")

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


def _for_all(root: Any) -> bool:
    """Something for everyone at the table: a popup (not one turned to the seat it is for)."""
    from kivy.uix.modalview import ModalView

    return isinstance(root, ModalView) and getattr(root, "for_seat", -1) == -1


def _words(game: Any, action: Any) -> str:
    try:
        return repr(game.describe(action))
    except Exception:  # a description that fails is the engine's bug, told elsewhere
        return type(action).__name__


async def run(plans: list[Exploration], size: str, out: Path, db: str) -> dict[str, Any]:
    from kivy.logger import Logger

    from companion_app.app import AltarApp

    errors = LogErrors()
    Logger.addHandler(errors)
    app = AltarApp(db_path=db, hardware=explorer_side)
    driver = TickDriver(app, out)
    result: dict[str, Any] = {"size": size, "ok": False, "outcomes": []}

    async def script() -> None:
        try:
            await driver.frames(3)
            await driver.until(
                lambda: app.hardware_link is not None and app.session.seat_map.readers,
                "the explorer's device gets its seats",
                timeout=15,
            )
            explorer = Explorer(driver, size, errors)
            for plan in plans:
                outcome = await explorer.explore(plan)
                result["outcomes"].append({**asdict(outcome), "replay": outcome.replay})
            result["ok"] = True
        except BaseException as e:  # told through result.json
            result["error"] = "".join(traceback.format_exception(e))
        finally:
            app.stop()

    await asyncio.gather(app.run_async(), script())
    return result
