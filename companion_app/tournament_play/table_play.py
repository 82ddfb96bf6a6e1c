"""This tablet's table in a tournament, inside the app: the players play the game due here in
the app's own session, and the engine's outcome is reported to the host when the game ends.

The tablet remembers that it joined (``joined.json`` in its tournament folder), so after a
restart it follows the tournament again and keeps resending what the host has not confirmed.
A tournament game carries its slot in the saved game's metadata (``session.metadata``), so a
game resumed after a restart still knows which match and game it is and is reported once:
the report is keyed by (match, game) in the outbox, and a game already in the outbox or the
standings is never reported again.

No Kivy here: the tournament screen calls ``poll`` from Kivy's clock; nothing blocks.
"""

from __future__ import annotations

import tempfile
from dataclasses import asdict
from pathlib import Path
from typing import TYPE_CHECKING, Any

from companion_app.broadcast import channel
from companion_app.broadcast.publisher import TableBroadcast
from companion_app.saves.game_record import TITLE_KEY
from companion_app.tournament import topics
from companion_app.tournament.files import read_json, write_json
from companion_app.tournament.table import JoinCode, Table, slot_key
from companion_app.tournament.view import match_title
from engine.games import DEFAULT_KIND
from engine.tournament import GameResult, GameSlot, Tournament

if TYPE_CHECKING:
    from companion_app.games.base import AnyGame
    from companion_app.session.game_session import GameSession

# Tournaments follow Zeal's rulebook ("Draft Tournament"): its games are Zeal's. Named by the
# registry's kind, so this module imports no game.
TOURNAMENT_KIND = DEFAULT_KIND
METADATA_KEY = "tournament"
DRAFTED_DECK = 24  # Draft Tournament: "Everyone should now have a deck of 24 cards"
JOINED = "joined.json"


_in_memory: list[Path] = []  # saves kept in memory (tests): one scratch folder per process


def tournament_folder(session: GameSession) -> Path:
    """Where this tablet keeps its tournament files: beside its saved games."""
    if session.store.path == ":memory:":
        if not _in_memory:
            _in_memory.append(Path(tempfile.mkdtemp(prefix="altar-tournament-")))
        return _in_memory[0]
    path = Path(session.store.path)
    return path.with_name(path.stem + ".tournament")


def parse_broker(text: str) -> tuple[str, int]:
    host, _, port = text.strip().rpartition(":")
    try:
        return host or "127.0.0.1", int(port)
    except ValueError:
        raise ValueError("the broker is host:port, for example 192.168.1.10:1883") from None


class TablePlay:
    def __init__(
        self, session: GameSession, folder: Path, code: JoinCode, broker: tuple[str, int]
    ) -> None:
        self.session = session
        self.folder = folder
        self.code = code
        self.broker = broker
        self.table = Table(folder / f"{code.tid}-table-{code.table}", code, broker)
        self.reports = 0  # results this run handed to the outbox (a test counts them)
        self.last_report = ""
        self._last: GameSlot | None = None
        session.game_over_hooks.append(self._game_over)

    # -- joining, leaving, coming back ---------------------------------------------------------

    @classmethod
    def join(cls, session: GameSession, folder: Path, code: str, broker: str) -> TablePlay:
        """Joins with the code the host printed for this table, and remembers it, so the tablet
        follows the tournament again after a restart. ValueError says what is wrong."""
        parsed, address = JoinCode.parse(code), parse_broker(broker)
        folder.mkdir(parents=True, exist_ok=True)
        write_json(folder / JOINED, {"code": code.strip(), "broker": broker.strip()})
        play = cls(session, folder, parsed, address)
        play.start()
        return play

    @classmethod
    def rejoin(cls, session: GameSession, folder: Path) -> TablePlay | None:
        """The tournament this tablet had joined before the app stopped, if any."""
        saved = read_json(folder / JOINED, None)
        if not saved:
            return None
        try:
            code, broker = JoinCode.parse(saved["code"]), parse_broker(saved["broker"])
        except (ValueError, KeyError, TypeError):
            # A code from an older Altar (shared keys) or a damaged file: this tablet joins
            # again with the host's new code; the app starts as if it had not joined.
            (folder / JOINED).unlink(missing_ok=True)
            session.say("The tournament this tablet had joined needs its new code from the host.")
            return None
        play = cls(session, folder, code, broker)
        play.start()
        game = session.game
        if game is not None and game.outcome() is not None:
            play._game_over(game)  # a game that ended just before the app stopped
        return play

    def start(self) -> None:
        self.table.link.start()  # paho connects and reconnects in its own thread
        # This table's game, live for the broadcast page: signed with the table's own key, on
        # the topic only this table's broker user may write (docs/broadcast.md).
        self.broadcast = TableBroadcast(
            self.session,
            self.table.link,
            topics.view(self.code.tid, self.code.table),
            channel.tournament_name(self.code.table),  # "1" for the host's table 1
            self.code.table_key,
            active=self._broadcasting,
        )

    def _broadcasting(self) -> bool:
        """On while this table's tournament game is in the session, unless the organizer
        turned broadcasting off (``--no-broadcast``: the host's state says so)."""
        state = self.state
        on = state is None or state.get("broadcast", True) is not False
        return on and self.slot_in_session() is not None

    def leave(self) -> None:
        """Stops following and forgets the tournament (its unconfirmed results stay in the
        outbox, and are sent again if the tablet joins again)."""
        self.stop()
        (self.folder / JOINED).unlink(missing_ok=True)

    def stop(self) -> None:
        broadcast = getattr(self, "broadcast", None)
        if broadcast is not None:
            broadcast.stop()
        if self._game_over in self.session.game_over_hooks:
            self.session.game_over_hooks.remove(self._game_over)
        self.table.link.stop()

    # -- what the screen shows ----------------------------------------------------------------

    def poll(self) -> bool:
        """Reads the host's newest state and resends what it does not show; never blocks.
        When the host took this table's code from another tablet, the players are told once
        (binding.py, issue 35)."""
        changed = self.table.poll(0.0)
        other = self.table.bound_elsewhere
        if other and other != self._told_bound:
            self.session.say(other, False)
        self._told_bound = other
        return changed

    _told_bound: str | None = None

    @property
    def connected(self) -> bool:
        return self.table.link.connected.is_set()

    @property
    def state(self) -> dict[str, Any] | None:
        return self.table.seen.state

    def tournament(self) -> Tournament | None:
        return self.table.seen.tournament()

    def next_slot(self) -> GameSlot | None:
        """The game due at this table that has not been played to its end here."""
        return self.table.my_next_game()

    def slot_in_session(self) -> GameSlot | None:
        """The tournament game the session holds now, if it is one of this table's."""
        meta = self.session.metadata.get(METADATA_KEY)
        if not isinstance(meta, dict) or self.session.game is None:
            return None
        if meta.get("tid") != self.code.tid or meta.get("table") != self.code.table:
            return None
        return GameSlot(**meta["slot"])

    def in_progress(self) -> bool:
        """The session is playing this table's due game and it is not over yet."""
        slot, game = self.slot_in_session(), self.session.game
        return slot is not None and game is not None and game.outcome() is None

    # -- playing and reporting ----------------------------------------------------------------

    def play_next(self, decks: dict[str, tuple[str, ...]] | None = None) -> GameSlot:
        """Starts the game due at this table in the session: its two players, the pairing's
        first player in seat 1 and first to play. ``decks``: the drafted decks, when this
        tablet ran the draft. ValueError (in players' words) when no game is due."""
        slot = self.next_slot()
        if slot is None:
            raise ValueError("No game is due at this table now.")
        if self.in_progress() and self.slot_in_session() == slot:
            return slot  # already being played: the screen goes back to it
        names = [slot.first, slot.second]
        chosen = decks or {}
        t = self.tournament()
        assert t is not None  # a slot is due only once the host's state has come
        # The slot is what the report needs; the title is what the start screen shows of a
        # game left unfinished (the generic short title a saved game's metadata may carry).
        self.session.start_new(
            names,
            decks=[tuple(chosen.get(n, ())) for n in names],
            first_player=0,
            # A deck drafted elsewhere is not listed here: it is counted at the draft's size.
            options={"deck_size": DRAFTED_DECK},
            kind=TOURNAMENT_KIND,
            metadata={
                METADATA_KEY: {
                    "tid": self.code.tid,
                    "table": self.code.table,
                    "slot": asdict(slot),
                },
                TITLE_KEY: match_title(t, slot),
            },
        )
        return slot

    def _game_over(self, game: AnyGame) -> None:
        """The session's game is over: if it is this table's tournament game, its result goes
        to the outbox and the host, once."""
        slot = self.slot_in_session()
        outcome = game.outcome()
        if slot is None or outcome is None or self.table.reported(slot):
            return
        names = game.player_names()
        winner = names[outcome.winner] if outcome.winner is not None else None
        try:
            self.table.report(slot, GameResult(winner, outcome.reason))
        except OSError as e:  # the outbox could not be written: the game stays to resume
            self.session.say(f"The result could not be saved for the tournament ({e}).", False)
            raise
        self.reports += 1
        self._last = slot
        who = f"{winner} wins" if winner is not None else "a draw"
        self.last_report = (
            f"Result sent: {slot.first} v {slot.second}, game {slot.game + 1}: {who} "
            f"({outcome.reason.rstrip('.')})"
        )
        self.session.say(self.last_report)

    def report_text(self) -> str:
        """The last result this tablet sent, and whether the host's standings carry it yet."""
        if self._last is None:
            return ""
        if slot_key(self._last) in self.table.outbox:
            return self.last_report + ". Waiting for the host to record it."
        return self.last_report + ". In the standings."
