"""The tournament screen: the standings, the pairings with their scores, and this table's match.

In the app a tablet joins as its table (``join``: the code the host printed and the broker);
then "Play this table's game" starts the game due here in the app's session, and its outcome
is reported when it ends (table_play.py); "Draft" opens the draft at this table. A tablet that
only watches ("Watch", with the watcher's code the host printed: no table key, so it can check
the standings and report nothing) follows the host's signed state (``follow``), or is handed
one (``show_state``).
The kv file beside this module is loaded on import, so the app adds the screen with one line:
``sm.add_widget(TournamentScreen(name="tournament"))``.
"""

from __future__ import annotations

import queue
import secrets
from pathlib import Path
from typing import Any

from kivy.clock import Clock
from kivy.lang import Builder
from kivy.properties import (
    BooleanProperty,
    ListProperty,
    NumericProperty,
    ObjectProperty,
    StringProperty,
)
from kivy.uix.screenmanager import Screen

from companion_app.tournament import swiss_view, topics
from companion_app.tournament.mqtt_link import Link
from companion_app.tournament.table import JoinCode, Seen, read_state
from companion_app.tournament.view import (
    describe_slot,
    headline,
    pairing_rows,
    standings_rows,
    this_table,
)
from companion_app.tournament_play.draft_table import DraftAtTable, seating
from companion_app.tournament_play.table_play import TablePlay, parse_broker, tournament_folder
from engine.tournament import SwissEvent, SwissStanding, Tournament, percent, tournament_from_dict

KV = Path(__file__).with_suffix(".kv")
if str(KV) not in Builder.files:
    Builder.load_file(str(KV))


class TournamentScreen(Screen):
    headline = StringProperty("Waiting for the tournament's host")
    this_match = StringProperty("")
    status = StringProperty("")
    table = NumericProperty(-1)  # this tablet's table (0-based); -1: a tablet watching only
    # Rows as lists of strings, so the kv file lays them out without knowing the engine.
    standings = ListProperty([])
    standings_header = ListProperty(["#", "player", "wins", "d/l", "games"])
    pairings = ListProperty([])
    swiss = BooleanProperty(False)  # a Swiss event: its tiebreakers, the newest round, a search
    found = StringProperty("")  # a player's table, found by name (a Swiss event)
    session = ObjectProperty(None, allownone=True)
    joined = BooleanProperty(False)  # this tablet plays as one of the tournament's tables
    watching = BooleanProperty(False)  # this tablet only shows the standings ("Watch")
    play_text = StringProperty("Play this table's game")
    can_play = BooleanProperty(False)
    error = StringProperty("")  # a refused join or start, in players' words
    report = StringProperty("")  # the last result this table sent

    def __init__(self, **kwargs: Any) -> None:
        super().__init__(**kwargs)
        self._link: Link | None = None
        self._code: JoinCode | None = None
        self._seen = Seen()
        self._poll: Any = None
        self.play: TablePlay | None = None
        self._shown: Tournament | None = None
        self._wanted = ""

    # -- this tablet as a table of the tournament -------------------------------------------

    def on_kv_post(self, _base: Any) -> None:
        self._header()

    def on_swiss(self, *_a: Any) -> None:
        self._header()

    def on_standings_header(self, *_a: Any) -> None:
        self._header()

    def _header(self) -> None:
        """The standings' header row, of the same kind as the rows under it."""
        from kivy.factory import Factory

        head = self.ids.get("standings_head")
        if head is None:
            return
        kind = "SwissRow" if self.swiss else "TournamentRow"
        row = head.children[0] if head.children else None
        if row is None or type(row).__name__ != kind:
            head.clear_widgets()
            row = getattr(Factory, kind)()
            head.add_widget(row)
        row.cells = list(self.standings_header)

    def on_session(self, _inst: Any, session: Any) -> None:
        """The app hands the session over: a tablet that had joined follows again."""
        if session is None or self.play is not None:
            return
        self.play = TablePlay.rejoin(session, tournament_folder(session))
        if self.play is not None:
            self._joined()

    def join(self, code: str, broker: str) -> bool:
        """Joins as the table the code names; False with the reason in ``error``."""
        if self.session is None:
            return False
        self.leave()
        try:
            self.play = TablePlay.join(self.session, tournament_folder(self.session), code, broker)
        except ValueError as e:
            self.error = str(e)
            return False
        self._joined()
        return True

    def _joined(self) -> None:
        assert self.play is not None
        self.error = ""
        self.joined = True
        self.table = self.play.code.table
        self.headline = f"Table {self.play.code.table + 1}: waiting for the host"
        self._poll = Clock.schedule_interval(self._drain, 0.25)

    def watch(self, code: str, broker: str) -> bool:
        """ "Watch": the standings only, no table; False with the reason in ``error``."""
        try:
            parsed, address = JoinCode.for_watching(code), parse_broker(broker)
        except ValueError as e:
            self.error = str(e)
            return False
        self.leave()
        self.error = ""
        self.headline = "Watching: waiting for the host"
        self.follow(parsed, address)
        return True

    def leave(self) -> None:
        self.stop_following()
        if self.play is not None:
            self.play.leave()
            self.play = None
        self.joined = False

    def play_game(self, confirmed: bool = False) -> bool:
        """ "Play this table's game": the game due here, in the session, then the table."""
        from kivy.app import App

        if self.play is None:
            return False
        game = self.session.game
        other = game is not None and game.outcome() is None and not self.play.in_progress()
        if other and not confirmed:
            App.get_running_app().confirm(
                "A game is in progress at this table. Start the tournament's game? "
                "That game stays saved: resume it from the start screen.",
                "Start",
                "Keep playing",
                lambda: self.play_game(confirmed=True),
            )
            return False
        draft = DraftAtTable.load(tournament_folder(self.session))
        try:
            self.play.play_next(draft.decks() if draft is not None else None)
        except ValueError as e:
            self.error = str(e)
            return False
        self.error = ""
        App.get_running_app().show("scoreboard")
        return True

    def open_draft(self) -> None:
        from kivy.app import App

        app = App.get_running_app()
        draft_screen = app.sm.get_screen("draft")
        t = self.play.tournament() if self.play is not None else None
        draft_screen.offer(seating(t) if t is not None else ())
        app.show("draft")

    def _table_buttons(self) -> None:
        play = self.play
        if play is None:
            return
        self.can_play = play.next_slot() is not None
        self.play_text = (
            "Back to this table's game" if play.in_progress() else "Play this table's game"
        )
        self.report = play.report_text()

    def show_state(self, state: dict[str, Any]) -> None:
        t = tournament_from_dict(state["tournament"])
        self._shown = t
        self.headline = headline(t)
        self.swiss = isinstance(t, SwissEvent)
        if isinstance(t, SwissEvent):
            self._show_swiss(t)
        else:
            self.standings_header = ["#", "player", "wins", "d/l", "games"]
            self.standings = [list(r) for r in standings_rows(t)]
            self.pairings = [
                [f"R{p.round}", f"T{p.table}", f"{p.a} v {p.b}", p.score] for p in pairing_rows(t)
            ]
        self.find(self._wanted)
        self.this_match = describe_slot(this_table(t, int(self.table))) if self.table >= 0 else ""

    def _show_swiss(self, t: SwissEvent) -> None:
        """The standings with their tiebreakers, and only the newest round (a 64-table event
        has hundreds of matches): its tables, then the bye."""
        self.standings_header = ["#", "player", "pts", "OMW %", "GW %", "OGW %"]
        self.standings = [
            [str(r.place), r.player + (" (dropped)" if r.dropped_after else ""), str(r.points)]
            + [percent(x, 1, "") for x in (r.omw, r.gw, r.ogw)]  # narrow columns: 1 decimal
            for r in t.standings().rows
            if isinstance(r, SwissStanding)
        ]
        rnd = t.paired - 1
        rows = []
        for m in t.round_matches(rnd):
            state = swiss_view.match_line(t, m.id).split(f"{m.a} v {m.b}", 1)[1].strip()
            rows.append([f"R{rnd + 1}", f"T{m.table + 1}", f"{m.a} v {m.b}", state])
        if rnd in t.byes:
            rows.append([f"R{rnd + 1}", "bye", t.byes[rnd], "2-0"])
        self.pairings = rows

    def find(self, name: str) -> None:
        """A player's table by name, as typed in the search field (a Swiss event)."""
        self._wanted = name
        t = self._shown
        if not name.strip() or not isinstance(t, SwissEvent):
            self.found = ""
            return
        self.found = swiss_view.find_player(t, name)

    def follow(self, code: JoinCode, broker: tuple[str, int]) -> None:
        """Subscribes to the host's state and redraws as it changes (from Kivy's clock, never
        from the MQTT thread)."""
        self.stop_following()
        self._code = code
        self._seen = Seen()
        self.table = code.table
        self.watching = code.watching
        # Watchers are many and have no table: each needs its own client id, or the broker
        # would drop one watcher's connection each time another connects.
        who = f"watch-{secrets.token_hex(4)}" if code.watching else f"screen-{code.table}"
        self._link = Link(
            f"altar-{code.tid}-{who}",
            broker[0],
            broker[1],
            [topics.state(code.tid)],
            username=code.username,
            password=code.password,
            pin=code.pin,
        )
        self._link.start()
        self._poll = Clock.schedule_interval(self._drain, 0.25)

    def stop_following(self) -> None:
        self.watching = False
        if self._poll is not None:
            self._poll.cancel()
            self._poll = None
        if self._link is not None:
            self._link.stop()
            self._link = None

    def _drain(self, _dt: float) -> None:
        if self.play is not None:
            # The table's MQTT work, from Kivy's clock: read the newest state, resend what the
            # host has not confirmed; paho's own thread does the network, so this never waits.
            link = "connected" if self.play.connected else "reconnecting to the broker"
            self.status = f"table {self.play.code.table + 1} \u00b7 {link}"
            if self.play.poll() and self.play.state is not None:
                self.show_state(self.play.state)
            self._table_buttons()
            return
        if self._link is None or self._code is None:
            return
        self.status = "connected" if self._link.connected.is_set() else "reconnecting to broker"
        changed = False
        while True:
            try:
                _topic, payload = self._link.inbox.get_nowait()
            except queue.Empty:
                break
            changed |= read_state(payload, self._code, self._seen)
        if changed and self._seen.state is not None:
            self.show_state(self._seen.state)
