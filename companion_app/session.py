"""The session: owns the game, the command log and the hardware feed; screens render it.

Screens never touch the engine. They bind to this object's Kivy properties and call its
methods. Every command goes: check with the engine -> write to SQLite -> apply -> schedule a
redraw. The redraw is rate-limited with ``Clock.create_trigger``: a burst of dial events
costs one refresh per frame, not one per event.
"""

from __future__ import annotations

import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass
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

from companion_app.burst import BurstMerger, CounterKey
from companion_app.game_record import KIND, read_setup, setup_record
from companion_app.history import HistoryRecorder
from companion_app.store import CommandStore, SavedGame
from companion_app.table import FeedbackCommand, Reaction, SeatMap, TableController
from companion_app.views import CardView, card_view, seat_views
from companion_app.wording import choice_label
from engine.errors import IllegalAction
from engine.zeal import PlayerSetup, Step, ZealGame, ZealSetup
from engine.zeal import actions as za
from engine.zeal.cards import Catalog
from hardware.events import DeviceStatus, TagPresented
from hardware.registry import DeckEnrolment, TagRegistry

QUIET_STEPS = (
    Step.COMBAT_START,
    Step.CHOOSE_ATTACKERS,
    Step.CHOOSE_BLOCKERS,
    Step.FLANKING,
    Step.END_OF_TURN,
)

STORY_LINES = 40  # the engine's log lines kept for the log screen

# How long a burst of taps stays open before it becomes one command.
BURST_SETTLE_S = 1.2


@dataclass(frozen=True)
class LogRow:
    """One line of the log screen: a command in players' words with its time and seat."""

    index: int  # position in the command history (what "undo this" removes)
    at: float
    seat: int | None
    text: str


class GameSession(EventDispatcher):
    """One table's game. Kivy properties are what screens draw."""

    has_game = BooleanProperty(False)
    seats = ListProperty([])  # list[SeatView]
    step_text = StringProperty("")
    priority_text = StringProperty("")
    prompt_lines = ListProperty([])  # what may be done now, from the engine's prompts()
    choices = ListProperty([])  # [(label, action)]: the acting player's one-tap decisions
    pending_text = StringProperty("")  # pending triggers and the stack
    log_rows = ListProperty([])  # list[LogRow], newest last
    story = ListProperty([])  # the engine's own log lines, newest last (the last 40)
    scans = DictProperty({})  # seat -> CardView in front of that player
    unknown_tag = ObjectProperty(None, allownone=True)  # (seat, uid hex) to offer enrolment
    previews = DictProperty({})  # "seat:what:index" -> "+3 -> 7" while a burst is open
    message = StringProperty("")  # the last refusal or notice, in players' words
    message_ok = BooleanProperty(True)
    outcome_text = StringProperty("")
    revision = NumericProperty(0)  # bumped on every redraw; tests and plots watch it
    history = ListProperty([])  # list[HistorySample]
    devices = ListProperty([])  # list[DeviceInfo], filled by the hardware link
    timer_on = BooleanProperty(False)  # the optional turn timer, off by default
    # Steps where nobody has a decision to make advance by themselves after this many
    # seconds, unless something new happens first (0: never).
    auto_advance_s = NumericProperty(4.0)
    auto_text = StringProperty("")  # "Next step in 4 s" while a quiet step counts down
    timer_text = StringProperty("")

    def __init__(
        self, store: CommandStore, catalog: Catalog, cards: TagRegistry, **kwargs: Any
    ) -> None:
        super().__init__(**kwargs)
        self.store = store
        self.catalog = catalog
        self.cards = cards  # the tag registry: which card a tag is
        self.seat_map = SeatMap()  # which dial and reader belong to which seat
        self.table: TableController | None = None
        # Where device commands go (set by the hardware link; nowhere without hardware).
        self.send_to_devices: Callable[[Sequence[Any]], None] = lambda _commands: None
        self._enrolment: tuple[DeckEnrolment, Callable[..., None]] | None = None
        # Screens that pick cards in play by scanning them: each gets the card id first and
        # says whether it used it (then the scan is not a card played).
        self.scan_pickers: list[Callable[[str], bool]] = []
        self.setup: ZealSetup | None = None
        self.colours: tuple[int, ...] = ()
        self.game_id: int | None = None
        self._times: list[float] = []  # wall-clock time of each command, parallel to history
        self._rows: list[LogRow] = []  # the log screen's rows, kept between redraws
        self._bursts = BurstMerger()
        self._burst_event: Any = None
        self._history = HistoryRecorder()
        # One redraw per frame at most, however many events arrive in between.
        self.redraw = Clock.create_trigger(self._refresh, 0)
        self._timer_turn = (-1, -1)  # (turn, active) the timer counts for
        self._timer_start = 0.0
        self._timer_event: Any = None
        self._auto_event: Any = None

    # --- starting, resuming, finishing ---------------------------------------------------

    def start_new(
        self,
        names: Sequence[str],
        colours: Sequence[int] | None = None,
        decks: Sequence[tuple[str, ...]] | None = None,
        seed: int | None = None,
        first_player: int | None = None,
    ) -> None:
        if not 2 <= len(names) <= 8:
            raise IllegalAction(f"Zeal is for 2 to 8 players, not {len(names)}.")
        if any(not n.strip() for n in names):
            raise IllegalAction("Every seat needs a player's name.")
        decks = decks or [()] * len(names)
        setup = ZealSetup(
            players=tuple(
                PlayerSetup(n.strip(), deck=tuple(d)) for n, d in zip(names, decks, strict=False)
            ),
            seed=seed if seed is not None else int(time.time() * 1000) % 1_000_000,
            catalog=self.catalog,
            first_player=first_player,
            hidden_hands=True,
        )
        chosen = tuple(colours) if colours else tuple(range(len(names)))
        game = ZealGame(setup)  # a setup the engine refuses never reaches the store
        self.finish_current()
        self.game_id = self.store.new_game(KIND, setup_record(setup, chosen))
        self._install(setup, chosen, game, [])

    def saved_game(self) -> SavedGame | None:
        """The unfinished game the app offers to resume, if any."""
        return self.store.last_unfinished()

    def resume(self, saved: SavedGame) -> None:
        table = read_setup(saved.setup, self.catalog)
        actions = [za.from_dict(c) for c in saved.commands]
        game = ZealGame.replay(table.setup, actions)
        self.game_id = saved.id
        self._install(table.setup, table.colours, game, list(saved.times))

    def finish_current(self) -> None:
        if self.game_id is not None and self.game is not None and self.game.outcome():
            self.store.finish(self.game_id)

    def abandon(self) -> None:
        """Close the current game for good (the new-game screen asks first)."""
        if self.game_id is not None:
            self.store.finish(self.game_id)
        self.table = None
        self.game_id = None
        self.has_game = False

    @property
    def game(self) -> ZealGame | None:
        return self.table.game if self.table is not None else None

    def _install(
        self, setup: ZealSetup, colours: tuple[int, ...], game: ZealGame, times: list[float]
    ) -> None:
        self.setup = setup
        self.colours = colours
        self.table = TableController(
            game, self.seat_map, self.cards, self.catalog, self.store, self.game_id
        )
        self._times = times
        self._rows = []
        self._bursts.discard()
        self.scans = {}
        self.previews = {}
        self._history = HistoryRecorder()
        self._history.rebuild(setup, list(game.history))
        self.has_game = True
        self.say("")
        self.resync_dials()
        self.redraw()

    # --- commands ------------------------------------------------------------------------

    def command(self, action: za.Action) -> bool:
        """Check, log, apply. False (with a message in players' words) when refused."""
        self._require_game()
        assert self.table is not None
        try:
            # The table controller writes the command to SQLite before applying it.
            self.table.apply(action)
        except IllegalAction as e:
            self.say(str(e), ok=False)
            return False
        self._applied()
        self.say("")
        return True

    def _applied(self) -> None:
        """Book-keeping after the table applied one or more commands."""
        game = self._require_game()
        while len(self._times) < len(game.history):
            self._times.append(time.time())
        self._history.record(game)
        if self.game_id is not None and game.outcome() is not None:
            self.store.finish(self.game_id)
        self.resync_dials()
        self.redraw()

    def undo_last(self) -> bool:
        game = self._require_game()
        self.flush_bursts()
        assert self.table is not None
        try:
            self.table.undo()  # restores the engine's snapshot and drops the logged command
        except IllegalAction as e:
            self.say(str(e), ok=False)
            return False
        self._times = self._times[: len(game.history)]
        # An undo then a new command in the same frame keep the length: drop the row now.
        self._rows = self._rows[: len(game.history)]
        self._after_rewrite()
        return True

    def undo_entry(self, index: int) -> bool:
        """Take back one command from the middle: the rest replays without it, if it can."""
        game = self._require_game()
        self.flush_bursts()
        actions = list(game.history)
        if not 0 <= index < len(actions):
            self.say("That entry is no longer in the log.", ok=False)
            return False
        kept = actions[:index] + actions[index + 1 :]
        assert self.setup is not None and self.game_id is not None
        try:
            replayed = ZealGame.replay(self.setup, kept)
        except IllegalAction as e:
            self.say(f"Can't take that back alone: later moves depend on it ({e}).", ok=False)
            return False
        self.store.replace_commands(self.game_id, [za.to_dict(a) for a in kept])
        assert self.table is not None
        self.table.game = replayed
        self._times = self._times[:index] + self._times[index + 1 :]
        self._after_rewrite()
        return True

    def _after_rewrite(self) -> None:
        assert self.setup is not None and self.game is not None
        self._rows = []
        self._history.rebuild(self.setup, list(self.game.history))
        self.scans = {}
        self.say("")
        self.resync_dials()
        self.redraw()

    def legal(self) -> list[za.Action]:
        return list(self._require_game().legal_actions())

    def pass_priority(self) -> bool:
        game = self._require_game()
        who = game.state.priority
        if who is None:
            self.say("Nobody holds priority now: make the choice the prompt asks for.", ok=False)
            return False
        return self.command(za.Pass(who))

    def next_step(self) -> bool:
        """Everyone passes until the step changes (the "next step" button)."""
        game = self._require_game()
        step, turn = game.state.step, game.state.turn
        for _ in range(2 * len(game.state.players) + 2):
            if game.state.step != step or game.state.turn != turn:
                return True
            if game.state.priority is None or not self.pass_priority():
                return game.state.step != step or game.state.turn != turn
        return True

    # --- scoreboard taps: bursts merge into one command ---------------------------------

    def nudge(self, seat: int, what: str, index: int, delta: int) -> None:
        game = self._require_game()
        player = game.state.players[seat]
        if what == "devotion":
            current, high = player.devotion, None
        elif what == "max_devotion":
            current, high = player.max_devotion, None
        elif what == "base_damage":
            current, high = player.bases[index].damage, None
        else:
            raise ValueError(f"unknown counter {what!r}")
        key: CounterKey = (seat, what, index)
        change = self._bursts.nudge(key, current, delta, 0, high)
        self.previews = {**self.previews, _preview_key(key): change.preview()}
        if self._burst_event is not None:
            self._burst_event.cancel()
        self._burst_event = Clock.schedule_once(lambda _dt: self.flush_bursts(), BURST_SETTLE_S)

    def preview_for(self, seat: int, what: str, index: int = 0) -> str:
        return str(self.previews.get(_preview_key((seat, what, index)), ""))

    def flush_bursts(self) -> None:
        if self._burst_event is not None:
            self._burst_event.cancel()
            self._burst_event = None
        changes = self._bursts.take_all()
        self.previews = {}
        for change in changes:
            seat, what, index = change.key
            if change.result == change.start:
                continue
            if what == "devotion":
                self.command(za.SetDevotion(seat, current=change.result))
            elif what == "max_devotion":
                self.command(za.SetDevotion(seat, maximum=change.result))
            else:
                self.command(za.SetBase(seat, index, damage=change.result))

    def toggle_base(self, seat: int, index: int) -> bool:
        base = self._require_game().state.players[seat].bases[index]
        return self.command(za.SetBase(seat, index, face_up=not base.face_up))

    # --- scans ---------------------------------------------------------------------------

    def show_card(self, seat: int, card_id: str) -> CardView | None:
        """A card was scanned in front of ``seat``: show it with whether it can be played."""
        game = self._require_game()
        try:
            card = self.catalog.get(card_id)
        except KeyError:
            self.say(f"This tag names a card we don't know ({card_id}).", ok=False)
            return None
        reason = game.explain(za.PlayCard(seat, card_id))
        view = card_view(card, seat, reason)
        self.scans = {**self.scans, seat: view}
        self.redraw()
        return view

    def play_shown(self, seat: int) -> bool:
        view = self.scans.get(seat)
        if view is None:
            return False
        ok = self.command(za.PlayCard(seat, view.card_id))
        if ok:
            self.dismiss_card(seat)
        return ok

    def dismiss_card(self, seat: int) -> None:
        self.scans = {k: v for k, v in self.scans.items() if k != seat}

    # --- hardware: events in, dial values and lights out ---------------------------------

    def handle_event(self, event: Any) -> None:
        """One hardware event: the table controller says what it means; we show it."""
        if self._enrolment is not None and isinstance(event, TagPresented):
            self._enrol(event)
            return
        if isinstance(event, TagPresented) and self._picked_by_scan(event):
            return
        if self.table is None:
            if isinstance(event, DeviceStatus) and event.message:
                self.say(event.message, ok=event.connected)
            return
        if isinstance(event, DeviceStatus) and event.connected:
            # Back after an absence (or a restart): what its dials show is unknown, so they
            # are all set again rather than trusted.
            for device, dial in list(self.seat_map.dials):
                if device == event.device:
                    self.table.forget_dial(device, dial)
        game = self.table.game
        before = len(game.history)
        reaction: Reaction = self.table.handle(event)
        if len(game.history) != before:
            self._applied()
        self.send_to_devices(reaction.device_commands)
        if reaction.message:
            self.say(reaction.message, ok=reaction.ok)
        if reaction.card_id is not None and reaction.player is not None:
            self._show_scanned(reaction)
        if reaction.unknown_uid is not None:
            seat = getattr(event, "seat", None)
            self.unknown_tag = (seat, reaction.unknown_uid.hex())
        self.resync_dials()

    def _picked_by_scan(self, event: TagPresented) -> bool:
        """A screen that picks cards in play (the combat assistant) may claim a scan."""
        if not self.scan_pickers:
            return False
        card_id = self.cards.card_for(event.uid, event.card_ref)
        if card_id is None:
            return False
        for picker in list(self.scan_pickers):
            if picker(card_id):
                self.send_to_devices([FeedbackCommand(event.device, event.reader, True)])
                return True
        return False

    def _show_scanned(self, reaction: Reaction) -> None:
        assert reaction.card_id is not None and reaction.player is not None
        try:
            card = self.catalog.get(reaction.card_id)
        except KeyError:
            return
        reason = None if reaction.ok else reaction.message
        view = card_view(card, reaction.player, reason, played=reaction.ok)
        self.scans = {**self.scans, reaction.player: view}

    def assign_dial(self, device: str, dial: int, seat: int) -> None:
        self.seat_map.assign_dial(device, dial, seat)
        if self.table is not None:
            self.table.forget_dial(device, dial)

    def resync_dials(self, force: bool = False) -> None:
        """Send each dial the engine's devotion where it shows something else (the table
        controller knows what each dial shows and tells its answers from turns)."""
        if self.table is None:
            return
        commands = self.table.dial_commands(force)
        if commands:
            self.send_to_devices(commands)

    # --- enrolling tags --------------------------------------------------------------------

    def start_enrolment(self, cards: list[str], progress: Callable[..., None]) -> None:
        """The next tags presented are bound to these cards, one each, in order."""
        self._enrolment = (self.cards.enrolment(cards), progress)

    def enrol_unknown(self, card_id: str) -> bool:
        """Bind the unknown tag just scanned to ``card_id`` (the "Enrol" offer)."""
        if self.unknown_tag is None:
            return False
        _seat, uid_hex = self.unknown_tag
        try:
            card = self.catalog.get(card_id)
        except KeyError:
            self.say(f"There is no card '{card_id}' in the catalog.", ok=False)
            return False
        self.cards.enrol(bytes.fromhex(uid_hex), card_id)
        self.unknown_tag = None
        self.say(f"Tag enrolled as {card.name}: scan it again to play it.")
        return True

    def _enrol(self, event: TagPresented) -> None:
        assert self._enrolment is not None
        enrolment, progress = self._enrolment
        step = enrolment.tap(event.uid)
        self.say(step.message, ok=step.ok)
        if enrolment.next_card is None:
            self._enrolment = None
        progress(step.done, step.total, enrolment.next_card)

    # --- quiet steps advance by themselves ---------------------------------------------------

    def _quiet(self, game: ZealGame) -> bool:
        """A response window with nothing on the stack in a step that asks nothing: the start
        of combat, the windows after declarations, the end of the turn."""
        state = game.state
        return (
            state.priority is not None
            and not state.stack
            and not state.pending
            and state.awaiting is None
            and state.step in QUIET_STEPS
            and game.outcome() is None
        )

    def _arm_auto_advance(self, game: ZealGame) -> None:
        if self._auto_event is not None:
            self._auto_event.cancel()
            self._auto_event = None
        self.auto_text = ""
        if self.auto_advance_s <= 0 or not self._quiet(game):
            return
        moves = len(game.history)
        self.auto_text = f"Next step in {self.auto_advance_s:.0f} s"
        self._auto_event = Clock.schedule_once(
            lambda _dt: self._auto_advance(moves), self.auto_advance_s
        )

    def _auto_advance(self, moves: int) -> None:
        game = self.game
        # Anything new since (a scan, a tap, an undo) and the countdown starts again instead.
        if game is None or len(game.history) != moves or not self._quiet(game):
            return
        self.next_step()

    # --- the optional turn timer ------------------------------------------------------------

    def toggle_timer(self) -> None:
        self.timer_on = not self.timer_on
        if self.timer_on:
            self._timer_turn = (-1, -1)
            self._tick_timer()
            self._timer_event = Clock.schedule_interval(lambda _dt: self._tick_timer(), 1.0)
        else:
            if self._timer_event is not None:
                self._timer_event.cancel()
            self.timer_text = ""

    def _tick_timer(self) -> None:
        game = self.game
        if game is None:
            self.timer_text = ""
            return
        now = (game.state.turn, game.state.active)
        if now != self._timer_turn:
            self._timer_turn, self._timer_start = now, time.monotonic()
        seconds = int(time.monotonic() - self._timer_start)
        self.timer_text = f"{seconds // 60}:{seconds % 60:02d}"

    # --- messages and redraw -------------------------------------------------------------

    def say(self, text: str, ok: bool = True) -> None:
        self.message = text
        self.message_ok = ok

    def _require_game(self) -> ZealGame:
        if self.game is None:
            raise IllegalAction("Start or resume a game first.")
        return self.game

    def _refresh(self, *_args: Any) -> None:
        game = self.game
        if game is None:
            return
        state = game.state
        self.seats = seat_views(game, list(self.colours))
        names = [p.name for p in state.players]
        self.step_text = (
            f"Turn {state.turn} \u00b7 {state.step.label} \u00b7 {names[state.active]}'s turn"
        )
        actor = game.acting_player()
        if state.priority is not None:
            self.priority_text = f"{names[state.priority]} has priority"
        elif actor is not None:
            self.priority_text = f"{names[actor]} to act"
        else:
            self.priority_text = ""
        self.choices = [
            (label, action)
            for action in game.legal_actions()
            if (label := choice_label(action)) is not None
        ]
        # The engine's prompt text already names the player.
        self.prompt_lines = [p.text for p in game.prompts()]
        # What waits to resolve: the stack (top first) and triggers not yet put on it.
        waiting = [f"{item.name} on the stack" for item in reversed(state.stack)]
        waiting += [f"{t.name}'s trigger waits" for t in state.pending]
        self.pending_text = "; ".join(waiting)
        outcome = game.outcome()
        self.outcome_text = outcome.reason if outcome is not None else ""
        self.log_rows = self._log_rows(game)
        self.story = [f"Turn {e.turn} · {e.step}: {e.text}" for e in list(game.log)[-STORY_LINES:]]
        self.history = self._history.samples()
        # Scanned cards not played yet may have become playable or not: re-ask the engine.
        self.scans = {
            seat: v if v.played else self._card_now(seat, v.card_id)
            for seat, v in self.scans.items()
        }
        self._arm_auto_advance(game)
        self.revision += 1

    def _card_now(self, seat: int, card_id: str) -> CardView:
        game = self._require_game()
        reason = game.explain(za.PlayCard(seat, card_id))
        return card_view(self.catalog.get(card_id), seat, reason)

    def _log_rows(self, game: ZealGame) -> list[LogRow]:
        """One row per command. Rows already made are kept: a long game's redraw must not
        re-word thousands of commands (a rewrite of the log clears them first)."""
        history = game.history
        rows = self._rows[: len(history)]
        for i in range(len(rows), len(history)):
            at = self._times[i] if i < len(self._times) else 0.0
            rows.append(LogRow(i, at, history[i].player, game.describe(history[i])))
        self._rows = rows
        return list(rows)


def _preview_key(key: CounterKey) -> str:
    return f"{key[0]}:{key[1]}:{key[2]}"
