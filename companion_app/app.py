"""The Kivy application: screens, theme, and the asyncio side where the hardware runs.

``AltarApp.run_async()`` runs Kivy's loop with ``App.async_run`` beside the hardware tasks
(the event pump from the device manager and the simulator), all on one asyncio loop, so a
dial event reaches the session without threads.
"""

from __future__ import annotations

import asyncio
import contextlib
import importlib
import os
import signal
from collections.abc import Awaitable, Callable
from pathlib import Path
from typing import Any

from kivy.app import App
from kivy.base import ExceptionManager
from kivy.clock import Clock
from kivy.core.window import Window
from kivy.lang import Builder
from kivy.uix.screenmanager import NoTransition, ScreenManager

from companion_app.games import adapter_for, playable
from companion_app.saves.location import default_db_path
from companion_app.saves.replay_check import replay_check
from companion_app.saves.store import open_store
from companion_app.session.game_session import GameSession
from companion_app.session.keep_going import KeepGoing
from companion_app.simulator.keyboard_sim import keyboard_simulator
from engine.core.catalog import CardCatalog
from engine.games import DEFAULT_KIND
from hardware.registry import TagRegistry

HERE = Path(__file__).parent
# The signals that end the app with its game saved (AltarApp.stop_on_signals).
STOP_SIGNALS = (signal.SIGTERM, signal.SIGINT)
BACKGROUND = (0.06, 0.06, 0.08, 1)

# kv files, one per screen (plus the shared widgets), loaded once per process.
# (screen name, class name in companion_app/screens/<name>.py)
SCREENS = (
    ("start", "StartScreen"),
    ("newgame", "NewGameScreen"),
    ("scoreboard", "ScoreboardScreen"),
    ("log", "LogScreen"),
    ("menu", "MenuScreen"),
    ("history", "HistoryScreen"),
    ("devices", "DevicesScreen"),
    ("catalog", "CatalogScreen"),
    ("simulator", "SimulatorScreen"),
    ("broadcast", "BroadcastScreen"),
)
# The tournament's screens load their own kv files on import.
TOURNAMENT_SCREENS = (
    ("draft", "companion_app.tournament_play.draft_screen", "DraftScreen"),
    ("tournament", "companion_app.tournament_play.screen", "TournamentScreen"),
)
KV_FILES = ["widgets/widgets.kv"] + [f"screens/{name}.kv" for name, _cls in SCREENS]
_loaded = False


def load_kv() -> None:
    global _loaded
    if _loaded:
        return
    for name in KV_FILES:
        Builder.load_file(str(HERE / name))
    for kind, _title in playable():  # each game's own screens
        for extra in adapter_for(kind).screens():
            if extra.kv:
                Builder.load_file(extra.kv)
    _loaded = True


def tags_path(games_db: str, kind: str) -> str:
    """Where a game's tag enrolments live, beside the saved games. Zeal keeps the file it has
    always had, so tags enrolled before there was a choice of game are still known."""
    if games_db == ":memory:":
        return ":memory:"
    suffix = ".tags.sqlite" if kind == DEFAULT_KIND else f".tags.{kind}.sqlite"
    return str(Path(games_db).with_suffix(suffix))


def save_window_png(path: str, done: Callable[[str], None] | None = None) -> None:
    """Save the next drawn frame to ``path`` as a PNG, then call ``done(path)``.

    The pixels are read in the window's flip handler, before the buffers swap: after the swap
    the back buffer holds nothing worth saving (offscreen EGL shows that as black).
    """
    target = Path(path).resolve()
    target.parent.mkdir(parents=True, exist_ok=True)

    def grab(*_args: Any) -> None:
        Window.funbind("on_flip", grab)
        made = Window.screenshot(name=str(target))
        os.replace(made, target)
        if done is not None:
            done(str(target))

    Window.fbind("on_flip", grab)
    Window.canvas.ask_update()


# A hardware side: given the app, returns the coroutine that runs beside Kivy (or None).
HardwareStarter = Callable[["AltarApp"], Awaitable[None] | None]


def _typing() -> bool:
    """A text field anywhere on screen (a page, a popup's search box) has the keyboard: the
    keys are that field's, never the simulator's or the game's."""
    from kivy.core.window import Window
    from kivy.uix.textinput import TextInput

    return any(
        isinstance(w, TextInput) and w.focus for root in Window.children for w in root.walk()
    )


class AltarApp(App):
    title = "Altar"

    def __init__(
        self,
        db_path: str | None = None,
        catalog: CardCatalog | None = None,
        hardware: HardwareStarter | None = None,
        **kwargs: Any,
    ) -> None:
        super().__init__(**kwargs)
        path = db_path or default_db_path()
        # Whatever is at the path, the app starts (store.open_store never raises): a damaged
        # saves file is kept aside and what can be read is salvaged; one it can't use is left
        # as it is and play goes on beside it; whether a saved game still replays is its own
        # engine's word. self.recovery is what the players are told, or None.
        catalogs = {DEFAULT_KIND: catalog} if catalog is not None else {}
        self.store, self.recovery = open_store(
            path, replay_check(lambda kind: catalogs.get(kind) or adapter_for(kind).catalog())
        )
        # Which card each tag is, per game: beside the saved games, kept across restarts.
        self.session = GameSession(
            self.store,
            lambda kind: TagRegistry(tags_path(path, kind)),
            {DEFAULT_KIND: catalog} if catalog is not None else None,
        )
        ExceptionManager.add_handler(KeepGoing(self.session))
        self.hardware = hardware
        self.sm: ScreenManager | None = None
        self.hardware_link: Any = None  # set by the hardware side when it runs
        # `altar app --players A,B` starts a game at once; --screenshot saves and quits.
        self.start_names: list[str] | None = None
        self.screenshot_then_quit: str | None = None
        self._leaving = False
        self._signalled = False  # stopped by SIGTERM or SIGINT (stop_now)
        self._missed_due = ""  # a screen that fell due while another page was shown

    def build(self) -> ScreenManager:
        load_kv()
        Window.clearcolor = BACKGROUND
        # Keep the screen awake while the app is open: a tablet at the table must not sleep.
        Window.allow_screensaver = False
        Window.bind(on_key_down=self._on_key)
        # No transition: at the table a screen must be there at once.
        sm = ScreenManager(transition=NoTransition())
        for name, class_name in SCREENS:
            module = importlib.import_module(f"companion_app.screens.{name}")
            screen = getattr(module, class_name)(name=name)
            screen.session = self.session
            sm.add_widget(screen)
        # Tournaments across tables (docs/tournament.md): standings, pairings, this table's
        # match and its game; the draft at this table.
        for name, module_name, class_name in TOURNAMENT_SCREENS:
            module = importlib.import_module(module_name)
            screen = getattr(module, class_name)(name=name)
            screen.session = self.session
            sm.add_widget(screen)
        for kind, _title in playable():  # each game's own screens (Zeal's combat assistant)
            for extra in adapter_for(kind).screens():
                module = importlib.import_module(extra.module)
                screen = getattr(module, extra.class_name)(name=extra.name)
                screen.session = self.session
                sm.add_widget(screen)
        self.sm = sm
        self.session.bind(
            unknown_tag=self._offer_enrolment, due_screen=self._open_due, ending=self._ask_end
        )
        Window.bind(on_request_close=self._on_request_close)
        sm.current = "start" if self.session.saved_game() is not None else "newgame"
        return sm

    def on_start(self) -> None:
        if self.recovery is not None:
            # The players are told what happened to their saves, in words, before anything.
            self.confirm(self.recovery.message(), "OK", "", lambda: None)
        if self.start_names:
            self.session.start_new(self.start_names)
            self.show("scoreboard")
        if self.screenshot_then_quit:
            path = self.screenshot_then_quit
            # Two frames: one to lay out, one to draw what the layout decided.
            Clock.schedule_once(lambda _dt: self._save_and_quit(path), 0.5)

    def _save_and_quit(self, path: str) -> None:
        save_window_png(path, lambda _path: self.stop())

    def show(self, name: str, follow_due: bool = True) -> None:
        """Shows screen ``name``; back at the table, a screen that fell due meanwhile opens
        (unless ``follow_due`` is False: Escape, Android's Back, goes to the table itself)."""
        if self.sm is not None:
            if self.session.has_game:
                self.session.flush_bursts()
            self.sm.current = name
            if name == "scoreboard":
                # What fell due while the players looked at another page (the log, the
                # menu) opens on the way back to the table: a test whose target card was
                # drawn meanwhile is still waiting for its spin.
                missed, self._missed_due = self._missed_due, ""
                due = missed and missed == self.session.due_screen
                if follow_due and due and self.sm.has_screen(missed):
                    self.sm.current = missed

    def open_menu(self) -> None:
        self.show("menu")

    def _on_key(self, _window: Any, key: int, _scancode: int, text: str | None, *_a: Any) -> bool:
        """Keyboard controls for the simulated devices (and Escape back to the table)."""
        link = self.hardware_link
        if key == 27 and self.sm is not None:
            # Escape (Android's Back): back to the table from any screen; on the table, ask
            # before leaving. Never quit at once.
            if self.sm.current != "scoreboard" and self.session.has_game:
                self.show("scoreboard", follow_due=False)
                return True
            return self._on_request_close()
        if key == 283:  # F2
            self.show("simulator")
            return True
        if link is None or not link.simulated or not self.session.has_game:
            return False
        if self.sm is not None and self.sm.current in ("newgame", "catalog", "simulator"):
            return False  # typing a name must not turn a dial
        if _typing():
            return False  # issue 33: a broker's host typed on a page is for its field only
        session = self.session
        quick = session.adapter.quick_cards(session.catalog)
        return keyboard_simulator(link.simulated[0], key, text or "", quick)

    def _open_due(self, _session: Any, name: str) -> None:
        """A game's screen that is due (a combat declaration with real choices) opens by
        itself from the table; going back to the table leaves it closed until the next one."""
        sm = self.sm
        if not name or sm is None or not sm.has_screen(name):
            self._missed_due = ""
        elif sm.current == "scoreboard":
            self.show(name)
        elif sm.current != name:
            self._missed_due = name

    def _on_request_close(self, *_args: Any, **_kwargs: Any) -> bool:
        """Closing the window (or Android's Back on the table) asks first while a game is on.
        True keeps the app open."""
        if self.sm is None or not self.session.has_game or self.session.game is None:
            return False
        if self.session.game.outcome() is not None or self._leaving:
            return False
        self.confirm(
            "Leave the table? The game is saved: resume it when you come back.",
            "Leave",
            "Stay",
            self._leave,
        )
        return True

    def _leave(self) -> None:
        self._leaving = True
        self.stop()

    def confirm(self, question: str, yes: str, no: str, then: Callable[[], None]) -> None:
        from companion_app.widgets.confirm_popup import ConfirmPopup

        ConfirmPopup(then, question=question, yes_text=yes, no_text=no).open()

    def _ask_end(self, _session: Any, asked: Any) -> None:
        """A hand adjustment would end the game: the table is asked first."""
        if asked is not None:
            from companion_app.widgets.confirm_popup import ConfirmPopup

            ConfirmPopup(
                lambda: self.session.answer_ending(True),
                on_no=lambda: self.session.answer_ending(False),
                question=asked[0],
                yes_text="End the game",
                no_text="Not yet",
            ).open()

    def _offer_enrolment(self, _session: Any, unknown: Any) -> None:
        if unknown is not None:
            from companion_app.widgets.enrol_popup import EnrolPopup

            EnrolPopup(session=self.session).open()

    def on_stop(self) -> None:
        if self.session.has_game:
            self.session.flush_bursts()

    def stop_on_signals(self) -> None:
        """SIGTERM (how a tablet's OS ends an app) and SIGINT (Ctrl-C) save and exit at once,
        asking nothing: nobody is there to answer. SDL turns both into a window close request
        (which would open the Leave popup and keep running); these handlers, installed after
        SDL's (the window exists once kivy.core.window is imported), replace them."""
        loop = asyncio.get_running_loop()
        for signum in STOP_SIGNALS:
            loop.add_signal_handler(signum, self.stop_now)

    def stop_now(self) -> None:
        """Leave without asking: on_stop commits any burst still open, and every command is
        already in SQLite, so the next start resumes exactly here."""
        self._leaving = True
        self._signalled = True
        self.stop()

    async def run_async(self) -> None:
        """Kivy's loop and the hardware side on one asyncio loop; both end together."""
        self.stop_on_signals()
        side = self.hardware(self) if self.hardware is not None else None
        if side is None:
            await self.async_run(async_lib="asyncio")
            return
        task = asyncio.ensure_future(side)
        try:
            await self.async_run(async_lib="asyncio")
        finally:
            task.cancel()
            # The hardware closes its links; a device that never answers must not keep the
            # app from quitting, least of all when the OS asked it to end (within a second).
            grace = 0.3 if self._signalled else 3.0
            with contextlib.suppress(asyncio.CancelledError, TimeoutError):
                await asyncio.wait_for(task, grace)
