"""The session: owns the game, the command log and the hardware feed; screens render it.

It knows no game: the engine's common contract (engine/core/game.py) and the game's adapter
(companion_app/games/) say everything game-specific. Screens never touch the engine. They bind
to this object's Kivy properties and call its methods. Every command goes: check with the
engine -> write to SQLite -> apply -> schedule a redraw. The redraw is rate-limited with
``Clock.create_trigger``: a burst of dial events costs one refresh per frame, not one per event.
"""

from __future__ import annotations

import time
from collections.abc import Callable, Sequence
from typing import Any

from kivy.clock import Clock
from kivy.event import EventDispatcher
from kivy.properties import (
    BooleanProperty,
    DictProperty,
    ListProperty,
    NumericProperty,
    ObjectProperty,
    StringProperty,
)

from companion_app.games import adapter_for
from companion_app.games.base import AnyGame, CardView, GameAdapter
from companion_app.saves.game_record import read_setup, setup_record
from companion_app.saves.store import CommandStore, SavedGame, StoreError
from companion_app.session.auto_advance import AutoAdvance
from companion_app.session.burst import BurstMerger, CounterKey
from companion_app.session.clock import AppClock
from companion_app.session.device_events import DeviceEvents
from companion_app.session.log_window import LogWindow
from companion_app.session.open_windows import who_could_play
from companion_app.session.passing import MAX_PASSES, Passing, PassThisTurn, StopPassing
from companion_app.session.redraw import redraw
from companion_app.session.resume import Snapshots, Times
from companion_app.session.resume import resume as resume_saved
from companion_app.session.sounds import Sounds
from companion_app.session.table import TableController
from companion_app.session.table_news import TableNews
from companion_app.session.target_picking import Targeting
from companion_app.session.turn_series import HistoryRecorder
from companion_app.session.turn_timer import TurnTimer
from engine import games
from engine.core.catalog import CardCatalog
from engine.errors import IllegalAction, MalformedAction, SetupError
from hardware.registry import TagRegistry
from hardware.seats import SeatMap

# How long a burst of taps stays open before it becomes one command.
BURST_SETTLE_S = 1.2
# Undo's words for a card it turned face down again, in place of its name.
HIDDEN_AGAIN = "a card now face down"


# Tags are enrolled per game (the same sticker can be a card in two games' decks): the
# session opens the game's own registry through this.
RegistryFor = Callable[[str], TagRegistry]


class GameSession(EventDispatcher):
    """One table's game. Kivy properties are what screens draw."""

    has_game = BooleanProperty(False)
    kind = StringProperty(games.DEFAULT_KIND)  # the game being played (or about to be set up)
    seats = ListProperty([])  # list[SeatView]
    step_text = StringProperty("")
    priority_text = StringProperty("")
    prompt_lines = ListProperty([])  # what may be done now, from the engine's prompts()
    seat_prompts = DictProperty({})  # seat -> the first prompt addressed to that player
    choices = ListProperty([])  # [(label, action)]: the acting player's one-tap decisions
    pending_text = StringProperty("")  # what waits to resolve (the stack, triggers)
    log_rows = ListProperty([])  # list[LogRow], newest last
    story = ListProperty([])  # the engine's own log lines, newest last (the last 40)
    scans = DictProperty({})  # seat -> CardView in front of that player
    # (commands played, {seat: action}): a card on a shared reader whose owner is asked
    # ("Mine" on each panel that could play it); gone once anything else is played.
    whose = ObjectProperty(None, allownone=True)
    picking = DictProperty({})  # seat -> TargetRequest: that player chooses a target now
    message_seat = NumericProperty(-1)  # whose refusal or prompt the message is (-1: all)
    unknown_tag = ObjectProperty(None, allownone=True)  # (seat, uid hex) to offer enrolment
    previews = DictProperty({})  # "seat:key" -> "+3 = 7" while a burst is open
    message = StringProperty("")  # the last refusal or notice, in players' words
    message_ok = BooleanProperty(True)
    outcome_text = StringProperty("")
    # Why no one can win any more (the engine's Game.stalemate), while the game goes on: the
    # table is told, and may stop the game there (stop_at_stalemate). "" otherwise.
    stalemate_text = StringProperty("")
    winner = NumericProperty(-1)  # the winner's seat once the game is over (-1: none yet)
    headline = StringProperty("")  # "Alena wins!" once the game is over
    due_screen = StringProperty("")  # a game screen that opens by itself now ("combat")
    news = StringProperty("")  # what just happened that all should see (a combat's result)
    # (question, action) while the table is asked whether a hand adjustment may end the game
    ending = ObjectProperty(None, allownone=True)
    sound_on = BooleanProperty(True)
    revision = NumericProperty(0)  # bumped on every redraw; tests and plots watch it
    # The history screen's samples (a HistoryView: made and compared in constant time)
    history = ObjectProperty(())
    devices = ListProperty([])  # list[DeviceInfo], filled by the hardware link
    timer_on = BooleanProperty(False)  # the optional turn timer, off by default
    # Quiet moments advance by themselves after this many seconds, unless something new
    # happens first (0: never).
    auto_advance_s = NumericProperty(4.0)
    # The table's choice (Menu): a window in which a player could still play a card from a
    # hidden hand (a tactic, a response) passes by itself too, its countdown on the band.
    # Off: such a window waits for every player's pass (issue 33).
    open_windows_pass = BooleanProperty(False)
    auto_text = StringProperty("")  # "Next step in 4 s" while a quiet moment counts down
    timer_text = StringProperty("")

    def __init__(
        self,
        store: CommandStore,
        registry_for: RegistryFor,
        catalogs: dict[str, CardCatalog] | None = None,
        **kwargs: Any,
    ) -> None:
        super().__init__(**kwargs)
        self.store = store
        self._registry_for = registry_for
        self._registries: dict[str, TagRegistry] = {}
        self._catalogs: dict[str, CardCatalog] = dict(catalogs or {})
        # Which dial and reader belong to which seat: the table's one map. With devices it
        # is the device manager's (``use_seat_map``), which stamps each event's seat from it.
        self.seat_map = SeatMap()
        self.table: TableController | None = None
        # Where device commands go (set by the hardware link; nowhere without hardware).
        self.send_to_devices: Callable[[Sequence[Any]], None] = lambda _commands: None
        # Screens that pick cards in play by scanning them: each gets the card id first and
        # says whether it used it (then the scan is not a card played).
        self.scan_pickers: list[Callable[[str], bool]] = []
        # Screens that take hardware events before the game does, with the reader they came
        # from (a draft: a scan is a pick); each says whether it used the event.
        self.event_takers: list[Callable[[Any], bool]] = []
        # Called with the game when its outcome says it is over, before the store marks it
        # finished (and again on resuming a game that is over): what the app around the game
        # does with a result (a tournament reports it). Each must be idempotent.
        self.game_over_hooks: list[Callable[[AnyGame], None]] = []
        # What the app around the game knows of it, saved with its setup (game_record.py).
        self.metadata: dict[str, Any] = {}
        # The session's concerns, each in its own module: targets being chosen, hardware
        # events and tag enrolment, what the whole table should notice (news and sounds).
        self.targeting = Targeting(self)
        self.device_events = DeviceEvents(self)
        # Every timer of the game's (bursts, quiet moments, news, the turn timer) runs on this
        # clock: Kivy's in the app, a ManualClock (companion_app/session/clock.py) a test moves.
        self.clock: AppClock = Clock
        self.table_news = TableNews(self, self._schedule_once)
        self.setup: Any = None
        self.start_state: Any = None  # the position the game started from
        self.colours: tuple[int, ...] = ()
        self.game_id: int | None = None
        # Wall-clock time of each command, parallel to history (a resumed game's: Times).
        self._times: list[float] | Times = []
        self.snapshots = Snapshots()  # the store's shortcut for resuming a long game
        self.replayed_on_resume = 0  # the commands the last resume replayed (the rest: a snapshot)
        self._rows = LogWindow()  # the log screen's rows, kept between redraws
        self._bursts = BurstMerger()
        self._burst_event: Any = None
        self._history = HistoryRecorder()
        # One redraw per frame at most, however many events arrive in between.
        self.redraw = Clock.create_trigger(self._refresh, 0)
        self._auto = AutoAdvance(self._schedule_once, self.auto_advance_s)
        self.passing = Passing()  # seats that pass for the rest of the turn
        self._timer = TurnTimer(lambda: self.clock.time())
        self._timer_event: Any = None
        self.sounds = Sounds()

    def _schedule_once(self, callback: Callable[[float], Any], seconds: float) -> Any:
        # Looked up at each call, so a test's clock set after start-up takes every timer.
        return self.clock.schedule_once(callback, seconds)

    # --- the game being played, its adapter, catalog and tags ----------------------------

    @property
    def adapter(self) -> GameAdapter:
        return adapter_for(self.kind)

    @property
    def catalog(self) -> CardCatalog:
        """The cards of the game being played (its sample, plus what was imported)."""
        return self.catalog_for(self.kind)

    @catalog.setter
    def catalog(self, catalog: CardCatalog) -> None:
        self._catalogs[self.kind] = catalog

    def catalog_for(self, kind: str) -> CardCatalog:
        found = self._catalogs.get(kind)
        if found is None:
            found = adapter_for(kind).catalog()
            self._catalogs[kind] = found
        return found

    @property
    def cards(self) -> TagRegistry:
        """Which card each tag is, in the game being played."""
        return self.cards_for(self.kind)

    def cards_for(self, kind: str) -> TagRegistry:
        found = self._registries.get(kind)
        if found is None:
            found = self._registry_for(kind)
            self._registries[kind] = found
        return found

    def choose_game(self, kind: str) -> None:
        """The game the next new game will be (the new-game screen's list)."""
        adapter_for(kind)  # refuses a game the app can't play
        self.kind = kind

    @property
    def game(self) -> AnyGame | None:
        return self.table.game if self.table is not None else None

    # --- starting, resuming, finishing ---------------------------------------------------

    def start_new(
        self,
        names: Sequence[str],
        colours: Sequence[int] | None = None,
        decks: Sequence[tuple[str, ...]] | None = None,
        seed: int | None = None,
        first_player: int | None = None,
        options: dict[str, Any] | None = None,
        kind: str | None = None,
        metadata: dict[str, Any] | None = None,
    ) -> None:
        if kind is not None:
            self.choose_game(kind)
        engine = self.adapter.engine
        if not engine.min_players <= len(names) <= engine.max_players:
            raise IllegalAction(
                f"{engine.title} is for {engine.min_players} to {engine.max_players} players, "
                f"not {len(names)}."
            )
        if any(not n.strip() for n in names):
            raise IllegalAction("Every seat needs a player's name.")
        decks = decks or [()] * len(names)
        record = self.adapter.setup_record(
            [n.strip() for n in names],
            list(decks),
            seed if seed is not None else int(time.time() * 1000) % 1_000_000,
            first_player,
            options or {},
        )
        try:
            setup = engine.setup_from_dict(record, self.catalog)
            # A setup the engine refuses never reaches the store.
            game = engine.game.start(setup)
        except SetupError as e:
            raise IllegalAction(str(e)) from None
        chosen = tuple(colours) if colours else tuple(range(len(names)))
        self.finish_current()
        record = setup_record(engine, setup, chosen, metadata)
        self.game_id = self.store.new_game(self.kind, record)
        self.metadata = dict(metadata or {})
        self._install(setup, chosen, game, [])

    def saved_game(self) -> SavedGame | None:
        """The unfinished game the app offers to resume, if any (read from the session's
        store as far as it is needed: resume.py)."""
        return self.store.last_unfinished(lazy=True)

    def resume(self, saved: SavedGame) -> None:
        """Replays a saved game with its own game's adapter and engine."""
        self.choose_game(saved.kind)
        engine = self.adapter.engine
        table = read_setup(engine, saved.setup, self.catalog)
        try:
            # One replay, from the newest good snapshot, makes the game and its history
            # plot's samples (resume.py).
            resumed = resume_saved(
                self.store, saved, engine, self.adapter, table.setup, self.snapshots.keep
            )
        except (MalformedAction, StoreError) as e:
            raise IllegalAction(f"This saved game is damaged: {e}") from None
        self.game_id = saved.id
        self.metadata = table.metadata
        self.replayed_on_resume = resumed.replayed
        game = resumed.game
        self._install(table.setup, table.colours, game, resumed.times, resumed.history)
        self._rows.seed(resumed.rows)  # the rows the snapshot kept, as they were worded

    def finish_current(self) -> None:
        if self.game_id is not None and self.game is not None and self.game.outcome():
            self.store.finish(self.game_id)

    def abandon(self) -> None:
        """Close the current game for good (the screens ask first)."""
        if self.game_id is not None:
            self.store.finish(self.game_id)
        self.table = None
        self.game_id = None
        self.metadata = {}
        self.has_game = False
        self._auto.cancel()
        self.auto_text = ""

    def _install(
        self,
        setup: Any,
        colours: tuple[int, ...],
        game: AnyGame,
        times: list[float] | Times,
        history: HistoryRecorder | None = None,
    ) -> None:
        """The table takes ``game``; ``history``: its samples, if the caller made them as it
        replayed the game (else they are made here, by a replay)."""
        self.setup = setup
        self.start_state = game.initial_state
        self.colours = colours
        self.table = TableController(
            game, self.adapter, self.seat_map, self.cards, self.catalog, self.store, self.game_id
        )
        self.table.owners = self.adapter.card_owners(self.adapter.engine.setup_to_dict(setup))
        self.whose = None
        self._times = times
        self._rows.clear()
        self._bursts.discard()
        self.scans = {}
        self.previews = {}
        self.winner = -1
        self.headline = ""
        self.table_news.reset(game)
        if history is None:
            history = HistoryRecorder(self.adapter)
            history.rebuild(type(game), setup, self.start_state, list(game.history))
        self._history = history
        self.snapshots.follow(len(game.history))
        self.has_game = True
        self.say("")
        self.stalemate_text = ""
        self._check_stalemate(game)
        self.resync_dials()
        self.redraw()
        if game.outcome() is not None:  # resumed after a stop between the end and its report
            self._game_over(game)

    def _game_over(self, game: AnyGame) -> None:
        for hook in list(self.game_over_hooks):
            hook(game)

    # --- commands ------------------------------------------------------------------------

    def command(self, action: Any) -> bool:
        """Check, log, apply. False (with a message in players' words) when refused."""
        game = self.require_game()
        assert self.table is not None
        if isinstance(action, PassThisTurn | StopPassing):
            return self._say_passing(game, action)
        try:
            # The table controller writes the command to SQLite before applying it.
            self.table.apply(action)
        except IllegalAction as e:
            self.say(str(e), ok=False)
            return False
        self.say("")  # first: what applying it tells the table (a stalemate) stays
        self.applied()
        return True

    def _say_passing(self, game: AnyGame, action: PassThisTurn | StopPassing) -> bool:
        """A player says they pass for the rest of this turn (passing now), or takes it back."""
        self.passing.follow(game)
        if isinstance(action, StopPassing):
            self.passing.unmark(action.player)
            self.redraw()
            return True
        now = self.adapter.response_pass(game, action.player)
        if now is None or game.acting_player() != action.player:
            self.say("Only the player whose window it is can pass for this turn.", ok=False)
            return False
        self.passing.mark(action.player)
        if not self.command(now):
            self.passing.unmark(action.player)
            return False
        return True

    def _pass_for_those_who_said(self) -> None:
        """The passes the table makes for the seats that said "Pass this turn", each logged
        as theirs, until a window is someone else's to close."""
        assert self.table is not None
        for _ in range(MAX_PASSES):
            action = self.passing.due(self.require_game(), self.adapter)
            if action is None:
                return
            try:
                self.table.apply(action)
            except IllegalAction:
                return

    def applied(self) -> None:
        """Book-keeping after the table applied one or more commands."""
        self._pass_for_those_who_said()
        game = self.require_game()
        while len(self._times) < len(game.history):
            self._times.append(time.time())
        self._history.record(game)
        if self.game_id is not None:
            self.snapshots.after(
                self.store,
                self.game_id,
                game,
                self._history,
                lambda: self._rows.rows(game, self.adapter, self._times),
            )
        if game.outcome() is not None:
            self._game_over(game)  # first: a stop right after leaves the game to resume
            if self.game_id is not None:
                self.store.finish(self.game_id)
        self._check_stalemate(game)
        self.resync_dials()
        self.redraw()

    def _check_stalemate(self, game: AnyGame) -> None:
        """Tells the table once when no one can win any more, or (claiming no proof) when the
        game may be going round in circles, and offers to stop (cleared after an undo)."""
        why = _why_stop(game)
        if why and not self.stalemate_text:
            self.say(f"{why[0].upper()}{why[1:]}. Stop the game here as a draw, or play on.")
        self.stalemate_text = why or ""

    def stop_at_stalemate(self) -> bool:
        """Ends a game no one can win any more, as a draw: the store marks it finished, as it
        does a game that ended by the rules. False (with the reason) while someone can win."""
        game = self.require_game()
        why = _why_stop(game)
        if why is None:
            self.say("Someone can still win: the game goes on.", ok=False)
            return False
        self.abandon()
        self.stalemate_text = ""
        self.say(f"Game stopped as a draw: {why}.")
        return True

    def undo_last(self) -> bool:
        game = self.require_game()
        self.flush_bursts()
        assert self.table is not None
        shown = self._rows.text_of(len(game.history) - 1)  # as the log worded it
        try:
            action = self.table.undo()  # restores the engine's snapshot, drops the command
        except IllegalAction as e:
            self.say(str(e), ok=False)
            return False
        del self._times[len(game.history) :]
        # An undo then a new command in the same frame keep the length: drop the row now.
        # The rows before it stay as they were worded (a command's row is never worded again).
        self._rows.forget_from(len(game.history))
        self._auto.hold(len(game.history))  # the pass just taken back must not come back
        # A pass the table made for a seat, taken back: the window is theirs again.
        who = game.acting_player()
        if who is not None:
            self.passing.unmark(who)
        self._history.taken_back(game)
        self.snapshots.follow(len(game.history))
        self._after_rewrite()
        self._say_taken_back(shown or game.describe(action))
        return True

    def undo_entry(self, index: int) -> bool:
        """Take back one command from the middle: the rest replays without it, if it can."""
        game = self.require_game()
        self.flush_bursts()
        actions = list(game.history)
        if not 0 <= index < len(actions):
            self.say("That entry is no longer in the log.", ok=False)
            return False
        kept = actions[:index] + actions[index + 1 :]
        shown = self._rows.text_of(index)
        assert self.game_id is not None and self.table is not None
        history = HistoryRecorder(self.adapter)
        try:
            replayed = history.replay(type(game), self.setup, self.start_state, kept)
        except IllegalAction as e:
            self.say(f"Can't take that back alone: later moves depend on it ({e}).", ok=False)
            return False
        self._history = history
        encode = self.adapter.engine.action_to_dict
        self.store.replace_commands(
            self.game_id, [encode(a) for a in kept], reopen=replayed.outcome() is None
        )
        self.table.game = replayed
        self._times = self._times[:index] + self._times[index + 1 :]
        self._rows.clear()  # every row from ``index`` on is another command now
        self._auto.hold(len(kept))
        self.snapshots.follow(len(kept))
        self._after_rewrite()
        self._say_taken_back(shown or game.describe(actions[index]))
        return True

    def _say_taken_back(self, what: str) -> None:
        """Undo says what it took back, on the band for everyone: a tap on Undo by the
        wrong hand must not go unnoticed. A card the undo turned face down again (Vile's
        flipped sabotage card, back in its zone) is not named: the rules keep it hidden now,
        and the band is read by everyone and broadcast (issue 33, explorer seed 4242)."""
        game = self.require_game()
        for card in self.adapter.hidden_cards(game):
            name = self.catalog.get(card).name
            if name:
                what = what.replace(name, HIDDEN_AGAIN)
        notice = f"Took back: {what}"
        self.say(notice)
        self.table_news.taken_back(notice)  # with the results on the band that still stand

    def _after_rewrite(self) -> None:
        game = self.require_game()
        self.table_news.rewound(game)
        self.scans = {}
        self.say("")
        self._check_stalemate(game)
        self.resync_dials()
        self.redraw()

    def legal(self) -> list[Any]:
        return list(self.require_game().legal_actions())

    def pass_priority(self) -> bool:
        """The acting player passes (the band's and a dial button's quickest answer)."""
        game = self.require_game()
        who = game.acting_player()
        action = self.adapter.pass_action(game, who) if who is not None else None
        if action is None:
            self.say("Nobody can pass now: make the choice the prompt asks for.", ok=False)
            return False
        return self.command(action)

    def next_step(self) -> bool:
        """Everyone passes until the step changes (the "next step" button)."""
        game = self.require_game()
        before = game.status()
        for _ in range(2 * len(game.player_names()) + 2):
            now = game.status()
            if (now.phase, now.turn) != (before.phase, before.turn):
                return True
            if not self.pass_priority():
                now = game.status()
                return (now.phase, now.turn) != (before.phase, before.turn)
        return True

    # --- scoreboard taps: bursts merge into one command ---------------------------------

    def nudge(self, seat: int, key: str, delta: int) -> None:
        """A tap on a seat's counter ``key``: +-1, or +-5 held."""
        game = self.require_game()
        counter = next((c for c in self.adapter.counters(game, seat) if c.key == key), None)
        if counter is None:
            raise ValueError(f"seat {seat} has no counter {key!r}")
        bkey: CounterKey = (seat, key, 0)
        change = self._bursts.nudge(bkey, counter.value, delta, counter.minimum, counter.maximum)
        self.previews = {**self.previews, _preview_key(bkey): change.preview()}
        if self._burst_event is not None:
            self._burst_event.cancel()
        self._burst_event = self._schedule_once(lambda _dt: self.flush_bursts(), BURST_SETTLE_S)

    def preview_for(self, seat: int, key: str) -> str:
        return str(self.previews.get(_preview_key((seat, key, 0)), ""))

    def flush_bursts(self) -> None:
        if self._burst_event is not None:
            self._burst_event.cancel()
            self._burst_event = None
        changes = self._bursts.take_all()
        self.previews = {}
        game = self.game
        if game is None:
            return
        for change in changes:
            seat, key, _index = change.key
            if change.result != change.start:
                self.adjust(self.adapter.counter_action(game, seat, key, change.result))

    def toggle(self, seat: int, key: str, held: bool = True) -> bool:
        """The middle of a counter that toggles held (a base turned face up or down); while a
        player chooses a target, a tap on a counter that is one picks it instead. A tap
        alone (not ``held``) turns nothing: it says how (issue 33: one tap in the middle of
        a base turned it face down)."""
        if self.targeting.by_tap(seat, key):
            return True
        game = self.require_game()
        action = self.adapter.toggle_action(game, seat, key)
        if action is None:
            return False
        if not held:
            words = game.describe(action)
            self.say(f"To make it '{words}', hold the middle of the tile", ok=False, seat=seat)
            return False
        return self.adjust(action)

    # --- a game ended by hand is asked first ------------------------------------------------

    def adjust(self, action: Any) -> bool:
        """A hand adjustment (a counter's burst, a toggle). One that would end the game is
        asked first (``ending``; the app shows the question): six taps on bases must not end
        a game without a word."""
        game = self.require_game()
        if game.outcome() is None and game.explain(action) is None:
            trial = game.fork()
            trial.apply(action)
            outcome = trial.outcome()
            if outcome is not None:
                names = trial.player_names()
                result = f"{names[outcome.winner]} wins" if outcome.winner is not None else "a draw"
                self.ending = (f"This ends the game: {result} ({outcome.reason}). End it?", action)
                return False
        return self.command(action)

    def answer_ending(self, yes: bool) -> bool:
        """The table's answer to ``ending``: the adjustment made (and the game over), or
        nothing changed."""
        asked, self.ending = self.ending, None
        if asked is None or self.game is None:
            return False
        if yes:
            return self.command(asked[1])
        self.say("The game goes on: that change was not made.")
        self.redraw()
        return False

    # --- scans ---------------------------------------------------------------------------

    def show_card(self, seat: int, card_id: str) -> CardView | None:
        """A card was scanned in front of ``seat``: show it with whether it can be played."""
        game = self.require_game()
        try:
            card = self.catalog.get(card_id)
        except KeyError:
            self.say(f"This tag names a card we don't know ({card_id}).", ok=False)
            return None
        reason = game.explain(self.adapter.scan_action(game, seat, card_id))
        view = self.adapter.card_at_table(game, card, seat, reason)
        self.scans = {**self.scans, seat: view}
        self.redraw()
        return view

    def play_shown(self, seat: int) -> bool:
        view = self.scans.get(seat)
        game = self.game
        if view is None or game is None:
            return False
        ok = self.play(seat, self.adapter.scan_action(game, seat, view.card_id))
        if ok:
            self.dismiss_card(seat)
        return ok

    # --- targets: asked where the engine asks, chosen by a tap or a scan (target_picking.py) ---

    def play(self, seat: int, action: Any) -> bool:
        """Plays ``action`` for ``seat``, first asking that player for any targets it takes."""
        return self.targeting.play(seat, action)

    def pick_target(self, seat: int, index: int | None) -> bool:
        """The player at ``seat`` chose option ``index`` (None: "No target")."""
        return self.targeting.pick(seat, index)

    def cancel_pick(self, seat: int) -> None:
        """The player cancelled choosing a target: nothing was played, and the picker's
        question leaves their panel with it."""
        request = self.picking.get(seat)
        self.targeting.cancel(seat)
        if request is not None and self.message_seat == seat and self.message == request.prompt:
            self.say("")
        self.redraw()

    def dismiss_card(self, seat: int) -> None:
        self.scans = {k: v for k, v in self.scans.items() if k != seat}

    # --- hardware: events in, dial values and lights out ---------------------------------

    def handle_event(self, event: Any) -> None:
        """One hardware event: the table controller says what it means; we show it
        (device_events.py)."""
        for taker in list(self.event_takers):
            if taker(event):
                return
        self.device_events.handle(event)

    def use_seat_map(self, seats: SeatMap) -> None:
        """The table's one seat map from now on: the device manager's, which owns the devices
        and stamps their events from it. There is never a second map to disagree with it."""
        self.seat_map = seats
        if self.table is not None:
            self.table.seats = seats

    def assign_dial(self, device: str, dial: int, seat: int | None) -> None:
        """Give a dial to a seat in the table's one map (None: to nobody); it is sent its
        seat's value at the next ``resync_dials``."""
        self.seat_map.assign_dial(device, dial, seat)
        if self.table is not None:
            self.table.forget_dial(device, dial)

    def resync_dials(self, force: bool = False) -> None:
        """Send each dial the engine's value where it shows something else (the table
        controller knows what each dial shows and tells its answers from turns)."""
        if self.table is None:
            return
        commands = self.table.dial_commands(force)
        if commands:
            self.send_to_devices(commands)

    # --- enrolling tags (device_events.py) --------------------------------------------------

    def start_enrolment(self, cards: list[str], progress: Callable[..., None]) -> None:
        """The next tags presented are bound to these cards, one each, in order."""
        self.device_events.start_enrolment(cards, progress)

    def enrol_unknown(self, card_id: str) -> bool:
        """Bind the unknown tag just scanned to ``card_id`` (the "Enrol" offer)."""
        return self.device_events.enrol_unknown(card_id)

    # --- quiet moments advance by themselves ---------------------------------------------------

    def on_auto_advance_s(self, _inst: Any, value: float) -> None:
        """A new length (0: off) holds from now, for a countdown already running too: it
        stops at once, and the next redraw starts it again if the moment is still quiet."""
        self._auto.delay_s = value
        self._auto.cancel()
        self.auto_text = ""
        self.redraw()

    def _auto_advance(self, moves: int) -> None:
        game = self.game
        # Anything new since (a scan, a tap, an undo) and the countdown starts again instead.
        if game is None or len(game.history) != moves or not self._quiet(game):
            return
        # Everyone passes, as the band's Next step, but it stops at a window a player said
        # nothing about (a player may be fetching a response card).
        before = game.status()
        for _ in range(2 * len(game.player_names()) + 2):
            now = game.status()
            if (now.phase, now.turn) != (before.phase, before.turn):
                return
            if self.passing.own_window(game, self.adapter) or not self.pass_priority():
                return

    def _quiet(self, game: AnyGame) -> bool:
        """The adapter's quiet moment, and no player could still play a card in it, unless
        the table chose that open windows pass by themselves (open_windows.py)."""
        if not self.adapter.quiet(game):
            return False
        if self.open_windows_pass:
            return True
        # A seat that said "Pass this turn" has passed ahead: its window is not held open.
        return not [p for p in who_could_play(game, self.adapter) if p not in self.passing.marks]

    def toggle_open_windows(self) -> None:
        self.open_windows_pass = not self.open_windows_pass
        self.redraw()

    # --- the optional turn timer ------------------------------------------------------------

    def toggle_timer(self) -> None:
        self.timer_on = not self.timer_on
        if self.timer_on:
            self._timer.reset()
            self._tick_timer()
            self._timer_event = self.clock.schedule_interval(lambda _dt: self._tick_timer(), 1.0)
        else:
            if self._timer_event is not None:
                self._timer_event.cancel()
            self.timer_text = ""

    def _tick_timer(self) -> None:
        game = self.game
        if game is None:
            self.timer_text = ""
            return
        status = game.status()
        self.timer_text = self._timer.text(status.turn, status.active)

    # --- messages and redraw -------------------------------------------------------------

    def say(self, text: str, ok: bool = True, seat: int = -1) -> None:
        """A notice or refusal in players' words; ``seat``: the player it is addressed to
        (shown on their side, facing them), -1 for everyone.

        The seat and the verdict are set before the words: the screens redraw when
        ``message`` changes, and must then read whose it is, not the previous message's seat
        (the first message after the turn passed went to the last speaker's panel). The same
        words for another seat are dispatched again, since the property would not change."""
        self.message_ok = ok
        self.message_seat = seat
        # A refusal is a sentence to a player, whatever wording the engine's rule gave it.
        text = text[:1].upper() + text[1:]
        if self.message == text:
            self.property("message").dispatch(self)
        else:
            self.message = text

    def require_game(self) -> AnyGame:
        if self.game is None:
            raise IllegalAction("Start or resume a game first.")
        return self.game

    def _refresh(self, *_args: Any) -> None:
        """Everything the screens draw, from the engine's state (redraw.py), at most once a
        frame; then the quiet-moment countdown is armed again."""
        game = self.game
        if game is None:
            return
        redraw(self, game, self._rows, self._times, self._history)
        self.choices = [*self.choices, *self.passing.choices(game, self.adapter)]
        marked = self.passing.prompts(game.player_names())
        if marked:
            self.seat_prompts = {**self.seat_prompts, **marked}
        # A quiet moment passes by itself, but never a window a player said nothing about.
        quiet = self._quiet(game) and not self.passing.own_window(game, self.adapter)
        self._auto.arm(len(game.history), quiet, self._auto_advance)
        self.auto_text = self._auto.text
        self.revision += 1

    def on_sound_on(self, _inst: Any, value: bool) -> None:
        self.sounds.muted = not value

    def toggle_sound(self) -> None:
        self.sound_on = not self.sound_on


def _preview_key(key: CounterKey) -> str:
    return f"{key[0]}:{key[1]}"


def _why_stop(game: AnyGame) -> str | None:
    """Why the table may stop a game that is not over: a proof that no one can win, else what
    the table sees (Game.stall_note, no proof claimed); None while neither holds."""
    if game.outcome() is not None:
        return None
    return game.stalemate() or game.stall_note()
