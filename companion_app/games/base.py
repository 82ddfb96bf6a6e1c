"""What a game tells the app: the adapter every game supplies (no Kivy here).

The session, the table controller, the store, undo, the log, history, resume and the device
screens are generic: they hold a ``GameAdapter`` and an engine ``Game`` and never name a game.
Everything a game means at the table is said here, by the game's adapter in
``companion_app/games/<kind>/adapter.py``: which counters a seat shows and their ranges, which
one is on the dial, what a dial turn, a scan, a button press and a tap on a counter mean, the
band's one-tap decisions, the new-game screen's fields, what the history plots, and any screens
of its own (Zeal's combat assistant).
"""

from __future__ import annotations

from abc import ABC, abstractmethod
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field, replace
from importlib import import_module
from types import ModuleType
from typing import Any

from engine import games
from engine.core.catalog import CardCatalog, CardInfo
from engine.core.game import Game
from engine.core.kind import GameKind
from engine.core.records import LogEntry

AnyGame = Game[Any, Any, Any]


@dataclass(frozen=True)
class CounterView:
    """One number on a seat's panel.

    ``key`` names it for the adapter ("devotion", "base:3", "bio"); the session hands it back
    with the value a burst of taps came to. ``group`` puts counters in rows: "main" is the top
    row (the big numbers), any other group a grid row of its own, in order of appearance.
    """

    key: str
    label: str
    value: int
    minimum: int = 0
    maximum: int | None = None
    group: str = "main"
    big: bool = False  # the seat's headline number (and the one on its dial)
    dimmed: bool = False  # e.g. a face-down base, a utilized card
    toggles: bool = False  # a tap in the middle third toggles it (adapter.toggle_action)
    # Only the middle held toggles it, not a tap there: a Zeal base turned face down by a
    # stray tap (issue 33) ends a player's game.
    hold_to_toggle: bool = False
    note: str = ""  # a word under the number ("damage", "face down")
    # Said instead of ``label`` on a tile too small for the whole of it ("Shade Ambusher" for
    # "Shade Ambusher (sample)"): shortened on purpose, never cut mid-word.
    short_label: str = ""
    detail: str = ""  # a line under the label: what the number is beside ("Combat 2")


@dataclass(frozen=True)
class DialSpec:
    """What a seat's dial shows: its value and the range SET_DIAL gives the device."""

    value: int
    minimum: int
    maximum: int
    label: str  # "devotion", "base health"


@dataclass(frozen=True)
class SetupField:
    """One extra field of the new-game screen: per player ("God") or for the table."""

    key: str
    label: str
    choices: tuple[str, ...] = ()  # a spinner when given, a number field otherwise
    default: str = ""
    per_player: bool = False
    help: str = ""


@dataclass(frozen=True)
class CardView:
    """A scanned card, as shown in front of its player."""

    seat: int
    card_id: str
    name: str
    kind: str  # "character", "unit", ... in the game's words
    cost: str  # "3", "3 (Zeal 2)", "2 Bio + 1 any"
    stats: str  # "combat 3", "4/2": "" when the card has none
    keywords: tuple[str, ...]
    text: str
    playable: bool
    reason: str  # why not, in players' words; "" when playable
    played: bool = False  # the scan played it
    done: str = "Played"  # what the scan did, when it did something (GameAdapter.scan_done)

    @property
    def verdict(self) -> str:
        if self.played:
            return self.done
        return "Can be played now" if self.playable else self.reason


@dataclass(frozen=True)
class HistorySeries:
    """A value plotted per seat over the turns ("Devotion"; "Bases standing")."""

    label: str
    values: tuple[int, ...]  # per seat


@dataclass(frozen=True)
class ExtraScreen:
    """A screen of the game's own: a Kivy Screen class and its kv file, opened by name. A
    screen built on a shared page (widgets/action_list_screen.py) has no kv file of its own:
    its base class loads the layout."""

    name: str  # screen name ("combat")
    title: str  # the menu's button text ("Combat assistant")
    module: str  # "companion_app.games.zeal.combat_screen": defines the screen class
    class_name: str
    kv: str = ""  # the kv file's path, beside the module ("": none of its own)


@dataclass(frozen=True)
class TargetOption:
    """One thing a player may target: its words, the value the action carries, and where it
    is on the table, so tapping it (a counter of a seat) or scanning its card picks it."""

    label: str  # "Anton's Storm Drake", "Alena's base 3"
    value: Any
    seat: int | None = None  # whose side of the table it is on
    card_id: str | None = None  # scanning this card picks it
    counter_key: str | None = None  # tapping this counter of ``seat`` picks it ("base:2")


@dataclass(frozen=True)
class TargetRequest:
    """The engine asks for a target: what to choose, the choices, and whether "no target" is
    allowed (the rules let the action be played without one)."""

    prompt: str  # "Burn: choose a character in play"
    options: tuple[TargetOption, ...]
    optional: bool
    none_label: str = "No target"  # the button for choosing none, in the game's words
    hint: str = "tap it, scan it, or choose here"  # how to answer (buttons only: "choose here")


@dataclass(frozen=True)
class RuleNote:
    """The rule that applies now, in the app's own words, with the rulebook's section
    ("Combat: Choose Blockers", "III.A"): shown when a player taps the step line or a
    refusal, facing them."""

    words: str
    section: str


@dataclass
class SeatSummary:
    """The generic parts of a seat the panel header shows."""

    badges: list[str] = field(default_factory=list)  # "Priority", "Hand 5", "Attacker"
    lines: list[str] = field(default_factory=list)  # cards in play, in words


class GameAdapter(ABC):
    """A game at the table. One instance per app; methods take the game they speak about."""

    kind: str = ""
    # Commands the log folds into one line when several come in a row: the plain passes that
    # make up most of a priority game's log ("Alena passed", "Anton passed", ...).
    log_folds: tuple[type, ...] = ()
    # The game's demo module (its RECORD and ``async script(demo)``) for `altar demo`.
    demo: ModuleType | None = None
    # A game with tournaments: its stand-in players module (``StandIns``: seeded drafts and
    # games) for `altar tournament join --stand-ins`, the demo and the bench.
    tournament_players: ModuleType | None = None
    # What the rulebook calls the count on the band ("Turn 3", or "Round 3" in a game played
    # in rounds).
    turn_word: str = "Turn"
    # The game's player model, "module:Class" (``player_model``): "" while it has none.
    player_model_class: str = ""

    @property
    def engine(self) -> GameKind:
        return games.get(self.kind)

    # --- setting up ------------------------------------------------------------------------

    def setup_fields(self) -> Sequence[SetupField]:
        """The new-game screen's fields beyond names, seats, colours and decks."""
        return ()

    def setup_record(
        self,
        names: Sequence[str],
        decks: Sequence[Sequence[str]],
        seed: int,
        first_player: int | None,
        options: Mapping[str, Any],
    ) -> dict[str, Any]:
        """The engine's setup record for a new game at the table (hidden hands: the cards
        are physical). ``options`` holds the setup fields' values; per-player ones as lists."""
        players = [{"name": n, "deck": list(d)} for n, d in zip(names, decks, strict=True)]
        record: dict[str, Any] = {"players": players, "seed": seed, "hidden_hands": True}
        if first_player is not None:
            record["first_player"] = first_player
        return record

    # --- a seat's panel ----------------------------------------------------------------------

    @abstractmethod
    def counters(self, game: AnyGame, seat: int) -> tuple[CounterView, ...]:
        """The seat's counters, the big one first."""

    def summary(self, game: AnyGame, seat: int) -> SeatSummary:
        return SeatSummary()

    def eliminated(self, game: AnyGame, seat: int) -> bool:
        outcome = game.outcome()
        return outcome is not None and seat in outcome.eliminated

    @abstractmethod
    def counter_action(self, game: AnyGame, seat: int, key: str, value: int) -> Any:
        """The manual adjustment that sets counter ``key`` to ``value`` (a burst of taps)."""

    def toggle_action(self, game: AnyGame, seat: int, key: str) -> Any | None:
        """What a tap in the middle of counter ``key`` does (None: nothing)."""
        return None

    # --- the devices ----------------------------------------------------------------------

    @abstractmethod
    def dial(self, game: AnyGame, seat: int) -> DialSpec:
        """What the seat's dial shows."""

    @abstractmethod
    def dial_action(self, game: AnyGame, seat: int, value: int) -> Any:
        """The command a dial turned to ``value`` makes (the dial is the player's hand on the
        counter: a manual adjustment, always legal)."""

    @abstractmethod
    def scan_action(self, game: AnyGame, seat: int, card_id: str) -> Any:
        """What scanning ``card_id`` for ``seat`` means (play it, for its cost)."""

    def scan_done(self, game: AnyGame, seat: int, card_id: str) -> str:
        """What a scan the engine took did, in a word for the card's panel, asked after it
        happened ("Played"; Deeds: "Discarded" over the hand limit)."""
        return "Played"

    def target_request(self, game: AnyGame, action: Any) -> TargetRequest | None:
        """The next target ``action`` needs, if the engine asks for one (None: it is ready)."""
        return None

    def with_target(self, game: AnyGame, action: Any, value: Any) -> Any:
        """``action`` with one more target (``value``); called only after a TargetRequest."""
        raise NotImplementedError("a game that asks for targets says how to add one")

    def without_target(self, game: AnyGame, action: Any) -> Any:
        """``action`` played with no more targets ("No target")."""
        return action

    def button_action(self, game: AnyGame, seat: int) -> Any | None:
        """What a short press of the seat's dial button means (pass, by default)."""
        return self.pass_action(game, seat)

    def card_owners(self, record: Mapping[str, Any]) -> dict[str, tuple[int, ...]]:
        """Card id -> the seats whose deck, as enrolled at setup (the engine's setup record:
        ``players[i]["deck"]``), holds it: a card on a shared reader is its owner's."""
        owners: dict[str, set[int]] = {}
        for seat, player in enumerate(record.get("players") or ()):
            deck = player.get("deck") if isinstance(player, Mapping) else None
            for card_id in deck or ():
                owners.setdefault(str(card_id), set()).add(seat)
        return {card: tuple(sorted(seats)) for card, seats in owners.items()}

    def reader_player(self, game: AnyGame) -> int | None:
        """Who a shared reader's scan is for: the player who may act now."""
        return game.acting_player()

    # --- the band ---------------------------------------------------------------------------

    @abstractmethod
    def choice_label(self, game: AnyGame, action: Any) -> str | None:
        """The band's button text for a one-tap decision; None for actions made elsewhere."""

    @abstractmethod
    def pass_action(self, game: AnyGame, seat: int) -> Any | None:
        """The seat's "pass" / "done" now, if the game has one."""

    def response_pass(self, game: AnyGame, seat: int) -> Any | None:
        """The seat's pass in a window where it may only respond to what another player
        did (not a step of its own, not a declaration): what the table passes for a player
        who said "Pass this turn" (session/passing.py). None: no such window now, or the game
        has none."""
        return None

    def due_screen(self, game: AnyGame) -> str | None:
        """A screen of the game's own that opens by itself now (Zeal's combat assistant when
        a declaration with real choices is due); None: the table."""
        return None

    def folds_line(self, entry: LogEntry) -> bool:
        """A line of the engine's log told once for a run of them on the log screen (a pass)."""
        return False

    def notable(self, entry: LogEntry) -> bool:
        """A log line the table should see on the band for a while: one the engine tells as
        news to the whole table (LogEntry.news: a combat's result), never found by its words."""
        return bool(entry.news)

    def news_rank(self, entry: LogEntry) -> int:
        """How much a ``notable`` line must be kept when the band cannot hold all the news
        at once: the highest are told first (a player out of the game before the damage
        that came with it), and the weightiest is never the one dropped. All equal here."""
        return 0

    def quiet(self, game: AnyGame) -> bool:
        """A moment nobody has a decision in: the band counts down, then passes for all."""
        return False

    # --- cards, history, screens -------------------------------------------------------------

    def hidden_cards(self, game: AnyGame) -> frozenset[str]:
        """The cards the table knows of that the rules keep face down now (a hand scanned at
        the start, an action card before its test): no text on the table, in the log or in
        the broadcast names them. Vile's face-down sets are told by their kind (card_view)."""
        return frozenset()

    def face_down(self, game: AnyGame, seat: int, card_id: str) -> bool:
        """A card scanned for ``seat`` that the table acknowledges without its face: one the
        rules keep hidden (by default, one of ``hidden_cards``)."""
        return card_id in self.hidden_cards(game)

    def card_at_table(
        self, game: AnyGame, card: CardInfo, seat: int, reason: str | None, played: bool = False
    ) -> CardView:
        """A scanned card as the table shows it: its face (``card_view``), or only that it was
        scanned when the rules keep it hidden (``face_down``); once ``played``, with what the
        scan did (``scan_done``)."""
        view = self.card_view(card, seat, reason, played)
        if played:
            view = replace(view, done=self.scan_done(game, seat, card.id))
        if not self.face_down(game, seat, card.id):
            return view
        return CardView(
            seat, card.id, "A card, face down", "", "", "", (),
            "Its face stays hidden: the rules keep it secret.",
            view.playable, view.reason, view.played, view.done,
        )  # fmt: skip

    @abstractmethod
    def card_view(
        self, card: CardInfo, seat: int, reason: str | None, played: bool = False
    ) -> CardView:
        """How a scanned card is shown in front of its player."""

    def history(self, game: AnyGame) -> tuple[HistorySeries, ...]:
        """What the history screen plots, sampled now."""
        return ()

    def screens(self) -> Sequence[ExtraScreen]:
        return ()

    def catalog(self) -> CardCatalog:
        return self.engine.sample_catalog()

    def decks(self, catalog: CardCatalog) -> dict[str, tuple[str, ...]]:
        """Named decks of the catalog ("Magi deck", a faction, a god's gate deck): offered on
        the new-game screen and enrolled tag by tag on the catalog screen."""
        return {}

    def glossary(self, keyword: str) -> str:
        """The rulebook's text for a keyword (a long press on a card's keyword chip)."""
        return "No glossary entry for this keyword; see the rulebook."

    def demo_record(self) -> dict[str, Any]:
        """The setup record `altar demo` plays (two players, a fixed seed): the demo module's
        RECORD when the game has one."""
        if self.demo is not None:
            return dict(self.demo.RECORD)
        return self.setup_record(["Alena", "Anton"], [(), ()], 7, 0, {})

    async def demo_script(self, demo: Any) -> None:
        """`altar demo`'s scripted opening: acts on ``demo`` (companion_app/simulator/pipeline_demo.py: act,
        place, device.turn_dial, until ...): the demo module's ``script``, else it scans
        nothing and passes once."""
        if self.demo is not None:
            await self.demo.script(demo)
            return
        who = demo.game.acting_player()
        action = self.pass_action(demo.game, who) if who is not None else None
        if action is not None:
            await demo.act(action)

    def rule_now(self, game: AnyGame, seat: int | None = None) -> RuleNote | None:
        """The rule that applies at this moment (to ``seat`` when a refusal of theirs was
        tapped), in the app's words with the rulebook's section; None: the game has none to
        say (the popup then says so)."""
        return None

    def player_model(self) -> Any:
        """The game's player model (companion_app/games/gestures.py): which gestures make
        each engine action, for the table explorer. Declared by ``player_model_class`` and
        imported only when asked: the app never needs it. None: no model yet."""
        if not self.player_model_class:
            return None
        module, _, name = self.player_model_class.partition(":")
        return getattr(import_module(module), name)(self)

    def quick_cards(self, catalog: CardCatalog) -> list[str]:
        """Nine cards for the simulator's keys 1-9 (`make run` with a keyboard)."""
        return [c.id for c in sorted(catalog.cards, key=lambda c: c.name)][:9]
