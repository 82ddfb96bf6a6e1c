"""The draft screen: whose pick it is and from which pack, each player's pack and picks, the
direction of passing; a card scanned is that player's pick (draft_table.py says whose and
refuses what is wrong, in words); at the end each deck is checked and shown.

The drafters sit round the table in draft order, at the edges a game of that many players
would give them (``seat_frames``), so the page turns to the player whose pick it is, like the
app's other full-screen pages (``FacingScreen``); "Turn" hands it on to the next edge. Before
the draft and once the decks are checked it is upright.

While this screen is shown it takes the scans before any game does, through the session's
generic ``event_takers`` hook; it lets everything else through. Its kv file is loaded on
import, like the tournament screen's.
"""

from __future__ import annotations

from itertools import chain
from pathlib import Path
from typing import Any

from kivy.lang import Builder
from kivy.properties import (
    BooleanProperty,
    ListProperty,
    NumericProperty,
    ObjectProperty,
    StringProperty,
)

from companion_app.games import adapter_for
from companion_app.session.table import FeedbackCommand
from companion_app.tournament_play.draft_table import DraftAtTable, Verdict
from companion_app.tournament_play.table_play import TOURNAMENT_KIND, tournament_folder
from companion_app.widgets.facing_screen import FacingScreen
from engine.tournament import DraftError, draft_format
from hardware.events import TagPresented, TagRemoved

START_HELP = (
    "Own packs: the app counts each pack. Dealt by the app: it knows every pack's cards "
    "and refuses a card that is not in the pack."
)

KV = Path(__file__).with_suffix(".kv")
if str(KV) not in Builder.files:
    Builder.load_file(str(KV))


class DraftScreen(FacingScreen):
    session = ObjectProperty(None, allownone=True)
    active = BooleanProperty(False)  # a draft is under way (or over, its decks shown)
    players = ListProperty([])  # who drafts, in seating order (offered by the tournament)
    headline = StringProperty("Draft")
    whose = StringProperty("")
    message = StringProperty("")
    message_ok = BooleanProperty(True)
    rows = ListProperty([])  # [name, pack in hand, packs waiting, picks, "1" at the reader]
    checks = ListProperty([])  # [text, "1" ok / "" not] per player, once the draft is over
    finished = BooleanProperty(False)
    answers = NumericProperty(0)  # scans answered (a pick or a refusal); tests wait on it

    def __init__(self, **kwargs: Any) -> None:
        super().__init__(**kwargs)
        self.draft: DraftAtTable | None = None

    # -- which way the page faces ------------------------------------------------------------

    def drafters(self) -> tuple[str, ...]:
        return self.draft.players if self.draft is not None else tuple(self.players)

    def seat_count(self) -> int:
        """The drafters, not the session's seats: they are who sits round the table now."""
        return len(self.drafters())

    def seat_to_face(self) -> int | None:
        """The player whose pick (or sideboard card) it is: the one at the reader."""
        d = self.draft
        if d is None or d.finished:
            return None
        return d.at_reader

    # -- starting --------------------------------------------------------------------------

    def offer(self, players: tuple[str, ...] | list[str]) -> None:
        """The tournament's players, seated in order; a draft under way is shown instead."""
        self.players = list(players)
        if self.draft is None and self.session is not None:
            self.draft = DraftAtTable.load(tournament_folder(self.session))
        self.active = self.draft is not None
        self._show()

    def start_draft(self, dealt: bool, sideboard: bool, eight: bool) -> bool:
        """New draft for the offered players. ``dealt``: the app deals known packs from the
        game's cards (the simulator's table); otherwise real packs, counted."""
        if self.session is None:
            return False
        if len(self.players) < 2:
            self.say("Join a tournament first: the draft is for its players.", ok=False)
            return False
        try:
            fmt = draft_format(len(self.players), sideboard=sideboard, eight_player_variant=eight)
            pool = self._pool(len(self.players) * fmt.packs * fmt.pack_size) if dealt else None
            self.draft = DraftAtTable.start(
                tournament_folder(self.session), self.players, fmt, pool, seed=7
            )
        except DraftError as e:
            self.say(str(e), ok=False)
            return False
        self.active = True
        self.say("")
        self._show()
        return True

    def _pool(self, need: int) -> list[str]:
        """The cards that go in decks (every named deck's), repeated to fill every pack."""
        s = self.session
        catalog = s.catalog_for(TOURNAMENT_KIND)
        decks = adapter_for(TOURNAMENT_KIND).decks(catalog)
        cards = sorted(set(chain.from_iterable(decks.values()))) or [c.id for c in catalog.cards]
        return (cards * (need // len(cards) + 1))[:need]

    def discard(self) -> None:
        """ "New draft": forget this one (its file too)."""
        if self.draft is not None:
            self.draft.discard()
        self.draft = None
        self.active = False
        self.finished = False
        self.say("")

    # -- scans while the screen is shown -------------------------------------------------------

    def on_enter(self, *_args: Any) -> None:
        if self.session is not None and self._take not in self.session.event_takers:
            self.session.event_takers.append(self._take)

    def on_leave(self, *_args: Any) -> None:
        if self.session is not None and self._take in self.session.event_takers:
            self.session.event_takers.remove(self._take)

    def _take(self, event: Any) -> bool:
        """A scan during the draft is a pick; lifting the card is nothing; the rest goes on."""
        if isinstance(event, TagRemoved):
            return self.draft is not None
        if not isinstance(event, TagPresented) or self.draft is None:
            return False
        s = self.session
        card_id = s.cards_for(TOURNAMENT_KIND).card_for(event.uid, event.card_ref)
        seat = event.seat
        if seat is None:
            seat = s.seat_map.readers.get((event.device, event.reader))
        verdict = self.draft.scan(seat, card_id, self._name_of)
        s.send_to_devices([FeedbackCommand(event.device, event.reader, verdict.ok)])
        s.sounds.play("scan_ok" if verdict.ok else "scan_refused")
        self._verdict(verdict)
        return True

    def scan_card(self, card_id: str | None, reader_seat: int | None = None) -> Verdict:
        """The same as a scan, for a card picked by hand (and for tests of the words)."""
        assert self.draft is not None
        verdict = self.draft.scan(reader_seat, card_id, self._name_of)
        self._verdict(verdict)
        return verdict

    def take_reader(self, seat: int) -> None:
        if self.draft is not None:
            self.draft.take_reader(seat)
            self._show()

    def _name_of(self, card_id: str) -> str:
        try:
            return self.session.catalog_for(TOURNAMENT_KIND).get(card_id).name
        except KeyError:
            return card_id

    def _verdict(self, verdict: Verdict) -> None:
        self.say(verdict.text, verdict.ok)
        self.answers += 1
        self._show()

    def say(self, text: str, ok: bool = True) -> None:
        self.message = text
        self.message_ok = ok

    # -- what is drawn ---------------------------------------------------------------------------

    def _show(self) -> None:
        d = self.draft
        if d is None:
            self.headline = "Draft at this table"
            self.whose = (
                f"{len(self.players)} players, seated in this order: {', '.join(self.players)}"
                if self.players
                else "Join a tournament first: the draft is for its players."
            )
            if not self.message:
                self.say(START_HELP)
            self.rows, self.checks, self.finished = [], [], False
            self.face_decider()
            return
        self.headline = d.headline()
        self.whose = d.whose_pick()
        self.rows = [
            [r.name, r.pack, str(r.queued) if r.queued else "", r.picks, "1" if r.at_reader else ""]
            for r in d.rows()
        ]
        self.finished = d.finished
        self.checks = (
            [
                [
                    f"{name}: {len(d.deck_of(seat))}-card deck"
                    + (f", sideboard {len(d.sideboards[seat])}" if d.format.sideboard else "")
                    + (" checked" if check.ok else ": " + "; ".join(check.problems)),
                    "1" if check.ok else "",
                ]
                for seat, (name, check) in enumerate(d.checks())
            ]
            if d.finished
            else []
        )
        self.face_decider()  # on to the next player's edge after each pick
