"""The explorer in the app's own process: sets games up by taps, plays whole games through the
player models' gestures, and checks the table after every step.

One process per window size (Kivy's Window is one per process); it runs any number of
explorations (a game, a player count, a seed, a cap on steps) one after the other, each set up
from the new-game screen and played until the game ends by its rules, and writes what it found
to ``OUTDIR/result.json``. Stopped on purpose by launch.py (lost.py: SIGTERM, kill -9), it is
started again and goes on from its checkpoint.
"""

from __future__ import annotations

import asyncio
import logging
import random
import time
import traceback
from collections.abc import Awaitable, Callable
from dataclasses import asdict, dataclass, field
from pathlib import Path
from typing import Any

from tests.app.explorer import check_layout, check_results, checks, lost, policy, step_rules, visits
from tests.app.explorer.hands import Hands, NoGesture
from tests.app.explorer.tick import TickDriver, cpu_s

EXPLORER_DEVICE = b"\xe5\x9d\x00\x01"
SEATS = 8  # a dial and a reader for every seat a game can have
UNDO_CHANCE = 0.03  # now and then the explorer takes its last step back with Undo
NEXT_STEP = 0.9  # a pass made as the band's "Next step" (everyone passes to the next step)


@dataclass
class Exploration:
    game: str
    players: int
    seed: int
    steps: int  # the cap: far above a whole game's length; reaching it is a failure
    kill_chance: float = 0.0  # per step: the app stopped and started again (lost.py)
    check_every: int = 1  # the whole screen checked every N steps, and at every change of view


@dataclass
class Failure:
    kind: str  # "step", "reading", "overlap", "words", "facing", "assistant", "log", "setup",
    # "screens", "lost", "end"
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
    cap: int = 0
    kills: float = 0.0  # the chance a step of a stop and restart
    check_every: int = 1
    steps: int = 0  # steps made and checked (a "Next step" of many passes is one)
    actions: int = 0  # engine actions in the game's log at its end
    passes: int = 0  # passes made by the band's "Next step"
    undos: int = 0
    states: int = 0  # distinct positions the engine was in
    screens: list[str] = field(default_factory=list)  # screens opened and checked
    checked: int = 0  # texts checked
    frames: int = 0  # frames drawn, one for each check of the screen
    kinds: list[str] = field(default_factory=list)  # kinds of action made through the table
    listed: list[str] = field(default_factory=list)  # kinds the engine listed as legal
    restarts: list[str] = field(default_factory=list)  # "SIGTERM at step 40 (why)"
    failures: list[Failure] = field(default_factory=list)
    over: bool = False  # the game ended by its rules (or stopped as a draw they allow)
    won_at: int = 0  # the step at which the game first ended (before Undo took it back)
    result: str = ""  # how it ended, in the table's words
    wall_s: float = 0.0
    cpu_s: float = 0.0

    @property
    def replay(self) -> str:
        return (
            f"python -m tests.app.explorer --game {self.game} --players {self.players} "
            f"--size {self.size} --seed {self.seed} --steps {self.cap} --kills {self.kills} "
            f"--check-every {self.check_every}"
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


Check = Callable[["Explorer"], Awaitable[None]]


async def screen_check(x: Explorer) -> None:
    """The whole screen (a drawn frame, every rule of checks.py): whenever the view changes
    (another screen, a popup, another step of the game or player to act), and every
    ``check_every`` steps besides."""
    look = x.look()
    if look != x.last_look or x.step - x.last_full >= x.plan.check_every:
        await x.check_screen()


# The checks made after every step, in order: each is ``async def check(x: Explorer)`` and
# tells what it finds through ``await x.fail(kind, message)``; ``x.seen()`` gives the texts on
# screen now (computed once a step). A new check is one line here.
STEP_CHECKS: list[Check] = [
    screen_check,
]


class Explorer:
    def __init__(self, driver: Any, size: str, errors: LogErrors, out_dir: Path) -> None:
        self.d = driver
        self.size = size
        self.errors = errors
        self.out_dir = out_dir
        self.hands = Hands(driver, driver.app.hardware_link.simulated[0])
        self.outcome: Outcome | None = None
        self.plan = Exploration("", 0, 0, 0)
        self.index = 0  # which of the process's plans
        self.step = 0
        self.seed = 0
        self.rng = random.Random(0)
        self.model: Any = None
        self.states: set[str] = set()
        self.won_once = False
        self.visit_at = 0
        self.last_look: tuple[Any, ...] = ()
        self.last_full = 0
        self._seen_problems: set[str] = set()
        self._shots: dict[str, str] = {}
        self._visited: set[str] = set()
        self.said = check_results.Said()  # results and undos the band must tell
        self._seen: list[checks.Seen] | None = None
        self._began = (0.0, 0.0)
        self.finished: list[dict[str, Any]] = []  # the outcomes of the plans before this

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
        self.last_look, self.last_full = self.look(), self.step
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
                from companion_app.widgets.seating import seat_frames

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
            page = [s.text for _name, _root, seen in shown for s in seen]
            for problem in self.said.look(self.session, sm.current, board, page):
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
            # The list, going, still takes taps (as a popup does): a finger waits for it.
            from kivy.core.window import Window

            await self.d.until(
                lambda: not any(type(w).__name__ == "DropDown" for w in Window.children),
                "the list goes",
            )
        assert self.session.kind == plan.game, (self.session.kind, plan.game)
        for _ in range(10):
            if new.players == plan.players:
                break
            await self.d.tap(new.ids.more if new.players < plan.players else new.ids.fewer)
        if new.players != plan.players:
            raise NoGesture(f"the new-game screen can't be set to {plan.players} players")
        await self.check_screen(opened_on_purpose=True)
        new.seed = plan.seed
        # Quiet moments that pass by themselves run on real time: off while exploring, so a
        # step's result is the explorer's gestures only; off before the game is there, so no
        # countdown is ever armed.
        self.session.auto_advance_s = 0
        await self.d.tap(new.ids.start)
        await self.d.until(lambda: sm.current == "scoreboard", "the game starts", timeout=10)
        await self.hands.settle()

    # ------------------------------------------------------------------ what is on screen

    def seen(self) -> list[checks.Seen]:
        """Every visible text on screen now (the current screen and any popup), once a step."""
        if self._seen is None:
            self._seen = [s for _name, root in self._roots() for s in checks.visible(root)]
        return self._seen

    def look(self) -> tuple[Any, ...]:
        """What a change of view is: the screen, its popups and the game's step (not who
        acts: that changes at nearly every step of some games)."""
        from kivy.core.window import Window

        game = self.session.game
        status = game.status() if game is not None else None
        return (
            self.app.sm.current,
            tuple(type(w).__name__ for w in Window.children),
            getattr(status, "phase", None),
        )

    # ------------------------------------------------------------------ exploring

    async def explore(self, plan: Exploration, resume: dict[str, Any] | None = None) -> Outcome:
        """One exploration from its start, or (``resume``) from the checkpoint written before
        this process's predecessor was stopped."""
        from companion_app.games import adapter_for

        self.plan = plan
        self.model = adapter_for(plan.game).player_model()
        if resume is not None:
            self.restore(resume)
            stop = resume["stop"]
            assert self.outcome is not None
            self.outcome.restarts.append(f"{stop['signal']} at step {stop['step']} ({stop['why']})")
            for note in resume.get("notes", []):
                await self.fail("lost", note)
            if not await lost.resumed(self, stop):
                return self._done()
        else:
            self.outcome = Outcome(
                plan.game,
                plan.players,
                self.size,
                plan.seed,
                plan.steps,
                plan.kill_chance,
                plan.check_every,
            )
            self.seed, self.step, self.won_once = plan.seed, 0, False
            self._seen_problems, self.states = set(), set()
            self.last_look, self.last_full = (), 0
            self.rng = random.Random(plan.seed)
            self.visit_at = self.rng.randrange(4, 30)
            self._began = (time.monotonic(), cpu_s())
            try:
                await self.set_up(plan)
            except (NoGesture, AssertionError) as e:
                await self.fail("setup", f"setting up {plan.game} for {plan.players}: {e}")
                return self._done()
            if self.model is None:
                await self.fail("step", f"no player model for {plan.game}")
                return self._done()
            await self.check_screen()
        await self._play()
        return self._done()

    def _done(self) -> Outcome:
        out = self.outcome
        assert out is not None
        out.states = len(self.states)
        game = self.session.game
        out.actions = len(game.history) if game is not None else out.actions
        wall, cpu = self._began
        out.wall_s, out.cpu_s = round(time.monotonic() - wall, 1), round(cpu_s() - cpu, 1)
        return out

    async def _play(self) -> None:
        out, plan, rng = self.outcome, self.plan, self.rng
        assert out is not None
        while True:
            game = self.session.game
            if game is None:  # stopped as a draw the rules allow (no one can win any more)
                out.over = True
                return
            if game.outcome() is not None:
                if await self._at_the_end():
                    return
                continue
            if self.step >= plan.steps:
                await self.fail("end", f"the game did not end in {plan.steps} steps")
                return
            self.step += 1
            self._seen = None
            self.states.add(lost.digest(game.state))
            if self.session.stalemate_text:
                if not await self._stop_as_draw():
                    return
                continue
            legal = self._at_this_table(list(game.legal_actions()))
            if not legal:
                await self.fail("step", "the engine offers no action and the game is not over")
                return
            for action in legal:
                if policy.kind(action) not in out.listed:
                    out.listed.append(policy.kind(action))
            if self.step == self.visit_at and plan.game not in self._visited:
                await self._visit()
            if len(game.history) and rng.random() < UNDO_CHANCE:
                if not await self._undo():
                    return
                out.undos += 1
            else:
                action = policy.choose(rng, self.model, game, legal, out.kinds)
                if not await self._make(game, action):
                    return
                if policy.kind(action) not in out.kinds:
                    out.kinds.append(policy.kind(action))
            out.steps = self.step
            self._seen = None
            for check in STEP_CHECKS:
                await check(self)
            if rng.random() < plan.kill_chance:
                await lost.stop_here(self, rng.choice(lost.SIGNALS), "a seeded moment")

    def _at_this_table(self, legal: list[Any]) -> list[Any]:
        """The legal actions the players at a real table can make: with hidden hands the engine
        lists any card of the catalog for every player, but a card enrolled in one player's
        deck (GameAdapter.card_owners) is in that player's hands alone, and the table plays it
        for its owner. The rest, when nothing is left (never an empty list)."""
        table = self.session.table
        owners = table.owners if table is not None else {}

        def possible(action: Any) -> bool:
            card, player = getattr(action, "card_id", None), getattr(action, "player", None)
            held = owners.get(card, ()) if isinstance(card, str) else ()
            return not held or player in held

        return [a for a in legal if possible(a)] or legal

    async def _at_the_end(self) -> bool:
        """The game is over: the store marks it finished; the first time, Undo takes the win
        back (the store's "finished" must follow) and the app is stopped and started again
        (lost.py); the next time, the exploration ends. True: it ends."""
        out = self.outcome
        assert out is not None
        session = self.session
        saved = session.saved_game()
        if saved is not None and saved.id == session.game_id:
            await self.fail("lost", "the game is over but the store does not mark it finished")
        if self.won_once:
            out.over = True
            out.result = session.outcome_text
            return True
        self.won_once = True
        out.won_at = self.step
        await self.check_screen(opened_on_purpose=True)
        if not await self._undo():
            return True
        out.undos += 1
        if session.game.outcome() is not None:
            await self.fail("step", "Undo on the band does not take the end of the game back")
            return True
        saved = session.saved_game()
        if saved is None or saved.id != session.game_id:
            await self.fail(
                "lost",
                "after Undo took the win back the store still marks the game finished: "
                "the next start would offer no resume",
            )
        await lost.stop_here(self, self.rng.choice(lost.SIGNALS), "after the win was undone")
        return False  # not reached: the process ends there

    async def _stop_as_draw(self) -> bool:
        """No one can win any more: the band's "Stop: a draw", asked first, answered yes."""
        board = self.d.screen("scoreboard")
        await self.hands.back_to_table()
        await self.d.tap(board.ids.next_step)
        await self.hands.settle()
        await self.check_screen(opened_on_purpose=True)
        try:
            await self.d.tap(self.hands.find_button("Stop: a draw", "popup"))
        except NoGesture as e:
            await self.fail("end", f"no one can win any more, but stopping as a draw fails: {e}")
            return False
        await self.hands.popups_gone()
        assert self.outcome is not None
        self.outcome.result = "stopped as a draw: " + self.session.message
        return True

    async def _visit(self) -> None:
        """Every screen and popup once a game and process, in the middle of a game."""
        self._visited.add(self.plan.game)
        before = len(self.session.game.history)
        try:
            await visits.visit_everything(self)
            await visits.end_by_hand(self, self.model)
        except (NoGesture, AssertionError) as e:
            await self.fail("screens", f"visiting the screens: {e}")
        except Exception as e:  # an app error under a tap: a failure, and the run goes on
            trace = "".join(traceback.format_exception(e))[-1200:]
            await self.fail("screens", f"visiting the screens raised:\n{trace}")
        await self.hands.back_to_table()
        # The game by hand's adjustments taken back with Undo, one by one: a game left with
        # all but one base face down would end at the next blow, before its late game.
        while len(self.session.game.history) > before:
            if not await self._undo():
                break
        self._seen = None

    async def _make(self, game: Any, action: Any) -> bool:
        """``action`` made at the table: a pass, mostly, as the band's "Next step"."""
        adapter = self.session.adapter
        who = game.acting_player()
        passing = who is not None and adapter.pass_action(game, who) == action
        if passing and self.rng.random() < NEXT_STEP:
            made = await self._next_step(action)
            if made is not None:
                return made
        return await self._perform(game, action)

    async def _next_step(self, chosen: Any) -> bool | None:
        """The band's "Next step": everyone passes until the step changes. None: the band
        does not offer it now (another screen, a popup, the stalemate's "Stop: a draw")."""
        from kivy.core.window import Window
        from kivy.uix.modalview import ModalView

        board = self.d.screen("scoreboard")
        button = board.ids.next_step
        if (
            self.app.sm.current != "scoreboard"
            or any(isinstance(w, ModalView) for w in Window.children)
            or button.text != "Next step"
            or button.disabled
        ):
            return None
        game = self.session.game
        before = len(game.history)
        await self.d.tap(button)
        await self.hands.settle()
        made = list(self.session.game.history)[before:]
        if not made:
            return None  # covered (a card panel over the band): a player taps their Pass
        # Each one the table's pass for whoever acted then (a game's own: Devacurse's is to
        # resolve, or to attack with no one), asked of the position it was made in.
        game = self.session.game
        adapter = self.session.adapter
        wrong = []
        for index in range(before, len(game.history)):
            then = type(game).start(game.setup, game.position_before(index))
            who = then.acting_player()
            if who is None or adapter.pass_action(then, who) != game.history[index]:
                wrong.append(game.history[index])
        if wrong:
            await self.fail("step", f'the band\'s "Next step" made {wrong!r}, not only passes')
            return False
        assert self.outcome is not None
        self.outcome.passes += len(made)
        return True

    async def _perform(self, game: Any, action: Any) -> bool:
        words = _words(game, action)
        gestures = self.model.gestures(game, action)
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
        await self.hands.popups_gone()
        await self.d.tap(self.d.screen("scoreboard").ids.undo)
        await self.hands.settle()
        if len(self.session.game.history) != before - 1:
            await self.fail("step", "Undo did not take the last command back")
            return False
        await self.check_screen()
        return True

    # ------------------------------------------------------------------ stopped and started

    def checkpoint(self) -> dict[str, Any]:
        """Everything the explorer needs to go on in a new process as if it had not stopped."""
        assert self.outcome is not None
        version, internal, gauss = self.rng.getstate()
        return {
            "index": self.index,
            "finished": self.finished,
            "outcome": asdict(self.outcome),
            "step": self.step,
            "rng": [version, list(internal), gauss],
            "states": sorted(self.states),
            "won_once": self.won_once,
            "visit_at": self.visit_at,
            "visited": sorted(self._visited),
            "seen_problems": sorted(self._seen_problems),
            "step_rules": step_rules.saved(self),
            "began": [time.monotonic() - self._began[0], cpu_s() - self._began[1]],
        }

    def restore(self, record: dict[str, Any]) -> None:
        o = dict(record["outcome"])
        o["failures"] = [Failure(**f) for f in o["failures"]]
        self.outcome = Outcome(**o)
        self.seed, self.step = self.outcome.seed, record["step"]
        version, internal, gauss = record["rng"]
        self.rng = random.Random()
        self.rng.setstate((version, tuple(internal), gauss))
        self.states = set(record["states"])
        self.won_once, self.visit_at = record["won_once"], record["visit_at"]
        self._visited = set(record["visited"])
        self._seen_problems = set(record["seen_problems"])
        step_rules.restored(self, record.get("step_rules", {}))
        self.last_look, self.last_full = (), 0
        wall, cpu = record["began"]
        self._began = (time.monotonic() - wall, cpu_s() - cpu)


def _for_all(root: Any) -> bool:
    """Something for everyone at the table: a popup (not one turned to the seat it is for)."""
    from kivy.uix.modalview import ModalView

    return isinstance(root, ModalView) and getattr(root, "for_seat", -1) == -1


def _words(game: Any, action: Any) -> str:
    try:
        return repr(game.describe(action))
    except Exception:  # a description that fails is the engine's bug, told elsewhere
        return type(action).__name__


async def run(plans: list[Exploration], size: str, out: Path, db: str) -> dict[str, Any] | None:
    """Every plan in turn, from the checkpoint if this process's predecessor was stopped on
    purpose (lost.py). None: this process was stopped on purpose in its turn (SIGTERM)."""
    from kivy.logger import Logger

    from companion_app.app import AltarApp

    errors = LogErrors()
    Logger.addHandler(errors)
    resume = lost.read_checkpoint(out)
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
            explorer = Explorer(driver, size, errors, out)
            first = 0
            if resume is not None:
                explorer.finished = list(resume["finished"])
                first = resume["index"]
            for index in range(first, len(plans)):
                explorer.index = index
                again = resume if resume is not None and index == first else None
                outcome = await explorer.explore(plans[index], again)
                explorer.finished.append({**asdict(outcome), "replay": outcome.replay})
            result["outcomes"] = explorer.finished
            result["ok"] = True
        except BaseException as e:  # told through result.json
            result["error"] = "".join(traceback.format_exception(e))
        finally:
            app.stop()

    playing = asyncio.ensure_future(script())
    running = asyncio.ensure_future(app.run_async())
    await asyncio.wait([running, playing], return_when=asyncio.FIRST_COMPLETED)
    if app._signalled:  # SIGTERM, asked for (lost.py): launch.py starts the app again
        playing.cancel()
        return None
    if not playing.done():
        playing.cancel()
        result["error"] = "the app stopped by itself under the explorer"
    await asyncio.gather(running, return_exceptions=True)
    return result
