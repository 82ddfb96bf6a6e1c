"""The tournament screen: the standings, the pairings with their scores, and this table's match.

It follows the host's signed state over MQTT (``follow``), or is handed a state (``show_state``).
The kv file beside this module is loaded on import, so the app adds the screen with one line:
``sm.add_widget(TournamentScreen(name="tournament"))``.
"""

from __future__ import annotations

import queue
from pathlib import Path
from typing import Any

from kivy.clock import Clock
from kivy.lang import Builder
from kivy.properties import ListProperty, NumericProperty, StringProperty
from kivy.uix.screenmanager import Screen

from companion_app.tournament import topics
from companion_app.tournament.link import Link
from companion_app.tournament.table import JoinCode, Seen, read_state
from companion_app.tournament.view import (
    describe_slot,
    headline,
    pairing_rows,
    standings_rows,
    this_table,
)
from engine.tournament import Tournament

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
    pairings = ListProperty([])

    def __init__(self, **kwargs: Any) -> None:
        super().__init__(**kwargs)
        self._link: Link | None = None
        self._code: JoinCode | None = None
        self._seen = Seen()
        self._poll: Any = None

    def show_state(self, state: dict[str, Any]) -> None:
        t = Tournament.from_dict(state["tournament"])
        self.headline = headline(t)
        self.standings = [list(r) for r in standings_rows(t)]
        self.pairings = [
            [f"R{p.round}", f"T{p.table}", f"{p.a} v {p.b}", p.score] for p in pairing_rows(t)
        ]
        self.this_match = describe_slot(this_table(t, int(self.table))) if self.table >= 0 else ""

    def follow(self, code: JoinCode, broker: tuple[str, int]) -> None:
        """Subscribes to the host's state and redraws as it changes (from Kivy's clock, never
        from the MQTT thread)."""
        self.stop_following()
        self._code = code
        self.table = code.table
        self._link = Link(
            f"altar-{code.tid}-screen-{code.table}", broker[0], broker[1], [topics.state(code.tid)]
        )
        self._link.start()
        self._poll = Clock.schedule_interval(self._drain, 0.25)

    def stop_following(self) -> None:
        if self._poll is not None:
            self._poll.cancel()
            self._poll = None
        if self._link is not None:
            self._link.stop()
            self._link = None

    def _drain(self, _dt: float) -> None:
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
