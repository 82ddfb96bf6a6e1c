"""The table: where hardware events meet the rules. No Kivy here, so the demo and tests use it.

A ``TableController`` owns one game and the command log, and reads the table's one seat map
(``hardware.seats.SeatMap``, the device manager's). It turns each typed event from
``hardware/`` into an engine action for the seat stamped on it (the device manager stamps it,
once, as it arrives), checks it with the engine once, applies it (after writing it to the log),
and answers with a ``Reaction``: what to tell the players, and which lights to send back to
the devices. What the dials show is brought back in line once after each event, by whoever
handed it in (``dial_commands``): the session, or the demo.

It holds no rule of its own: whether a card can be played now, and why not, is the engine's
answer (``is_legal`` / ``explain``); what a dial, a scan or a button means is the game
adapter's (companion_app/games/). It knows no game.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Protocol

from companion_app.games.base import AnyGame, GameAdapter, TargetRequest
from engine.core.catalog import CardCatalog
from engine.errors import IllegalAction
from hardware.dial_echo import DialEchoes
from hardware.events import (
    ButtonPressed,
    DeviceStatus,
    DialChanged,
    Event,
    TagPresented,
    TagRemoved,
)
from hardware.seats import SeatMap


class CardLookup(Protocol):
    """What the table needs of the tag registry (hardware.registry.TagRegistry)."""

    def card_for(self, uid: bytes, card_ref: str | None = None) -> str | None: ...


class CommandLog(Protocol):
    """What the table needs of the command store (companion_app.saves.store.CommandStore)."""

    def append(self, game_id: int, command: dict[str, Any]) -> int: ...

    def remove_last(self, game_id: int, reopen: bool = False) -> dict[str, Any] | None: ...


@dataclass(frozen=True)
class SetDialCommand:
    """Send a dial its value, so the dial and the tablet never disagree."""

    device: str
    dial: int
    value: int
    minimum: int  # the range comes from the game's adapter (Zeal's devotion: 0 to 13)
    maximum: int


@dataclass(frozen=True)
class FeedbackCommand:
    """Light the reader green (ok) or red (refused)."""

    device: str
    reader: int
    ok: bool


DeviceCommand = SetDialCommand | FeedbackCommand


@dataclass(frozen=True)
class Reaction:
    """The table's answer to one event."""

    ok: bool
    message: str  # in players' words, for the status line and the log
    player: int | None = None
    card_id: str | None = None
    device_commands: tuple[DeviceCommand, ...] = ()
    unknown_uid: bytes | None = None  # set when a tag is not enrolled: the app offers to enrol it
    # A scanned card whose action asks for targets: not applied yet; the app asks its player.
    needs_targets: Any = None
    # A card on a shared reader that more than one player could play, its owner unknown:
    # seat -> what it would do for that seat; the app asks whose it is (issue 33).
    whose: dict[int, Any] | None = None


class TableController:
    def __init__(
        self,
        game: AnyGame,
        adapter: GameAdapter,
        seats: SeatMap,
        cards: CardLookup,
        catalog: CardCatalog,
        log: CommandLog | None = None,
        game_id: int | None = None,
    ) -> None:
        self.game = game
        self.adapter = adapter
        self._encode = adapter.engine.action_to_dict
        self.seats = seats
        self.cards = cards
        self.catalog = catalog
        self.log = log
        self.game_id = game_id
        # card id -> the seats whose enrolled deck holds it (GameAdapter.card_owners): a card
        # on a shared reader is its owner's.
        self.owners: dict[str, tuple[int, ...]] = {}
        # A dial answers every SET_DIAL with a DIAL event: hardware/ tells those from turns.
        self.echoes = DialEchoes()

    # ------------------------------------------------------------------ commands

    def apply(self, action: Any) -> None:
        """Check, log, then apply: a command is on disk before anyone sees its effect."""
        why = self.game.explain(action)
        if why is not None:
            raise IllegalAction(why)
        self._commit(action)

    def _commit(self, action: Any) -> None:
        """Log, then apply, an action the engine has just taken (``explain`` said None): the
        engine remembers that answer, so it is not asked again."""
        if self.log is not None and self.game_id is not None:
            self.log.append(self.game_id, self._encode(action))
        self.game.apply(action)

    def undo(self) -> Any:
        action = self.game.undo()  # raises IllegalAction when there is nothing to undo
        if self.log is not None and self.game_id is not None:
            # An undone win reopens the game in the store (it is offered for resume again).
            self.log.remove_last(self.game_id, reopen=self.game.outcome() is None)
        return action

    def dial_commands(self, force: bool = False) -> tuple[SetDialCommand, ...]:
        """Commands that bring every seat's dial to the engine's value (the adapter says which
        counter a dial shows, and its range).

        Only dials that show something else, unless ``force`` (after a reconnect, when what a
        dial shows is unknown). Call once after anything that may move a dial's value: an
        event handled, a command, an undo, a resume. The caller must send what this returns.
        """
        out: list[SetDialCommand] = []
        seats = len(self.game.player_names())
        for key, player in self.seats.dials.items():
            if not 0 <= player < seats:
                continue  # a dial given to a seat this game does not have
            spec = self.adapter.dial(self.game, player)
            value = spec.value
            if self.echoes.needs(key, value, force):
                out.append(SetDialCommand(key[0], key[1], value, spec.minimum, spec.maximum))
        return tuple(out)

    def forget_dial(self, device: str, dial: int) -> None:
        """A dial was reassigned or its device reconnected: what it shows is unknown again."""
        self.echoes.forget(device, dial)

    # ------------------------------------------------------------------ events

    def handle(self, event: Event) -> Reaction:
        """React to one hardware event. Never raises for bad input: the reaction says why.

        It goes to the seat stamped on it: the device manager stamps each event once, from the
        table's one seat map, as it arrives (an event made some other way, a test's, comes
        stamped by its maker). A stamp is never second-guessed, nor made again here."""
        if isinstance(event, DialChanged):
            return self._dial(event)
        if isinstance(event, TagPresented):
            return self._scan(event)
        if isinstance(event, TagRemoved):
            return Reaction(True, "")
        if isinstance(event, ButtonPressed):
            return self._button(event)
        if isinstance(event, DeviceStatus):
            return Reaction(event.connected, event.message)
        raise TypeError(f"not a hardware event: {event!r}")

    def _name(self, player: int) -> str:
        return self.game.player_names()[player]

    def _dial(self, event: DialChanged) -> Reaction:
        if self.echoes.is_echo(event):
            return Reaction(True, "")
        player = event.seat
        if player is None:
            return Reaction(
                False,
                f"Dial {event.dial + 1} of device {event.device} is not assigned to a seat: "
                "assign it on the Devices screen.",
            )
        if player >= len(self.game.player_names()):
            return Reaction(False, f"Dial {event.dial + 1} belongs to a seat nobody sits in.")
        self.echoes.turned(event)
        spec = self.adapter.dial(self.game, player)
        if event.value == spec.value:
            return Reaction(True, "", player=player)
        # The dial is the player's hand on the counter: a manual adjustment, always legal
        # (the adapter's action; the engine still has the last word).
        action = self.adapter.dial_action(self.game, player, event.value)
        why = self.game.explain(action)
        if why is not None:
            # The dial was turned to a value the engine refused: it shows something else
            # than the engine now, so the resync after this event sets it back.
            return Reaction(False, why, player=player)
        self._commit(action)
        return Reaction(
            True,
            f"{self._name(player)} set {spec.label} to {event.value} on the dial",
            player=player,
        )

    def _scan(self, event: TagPresented) -> Reaction:
        refuse = (FeedbackCommand(event.device, event.reader, False),)
        card_id = self.cards.card_for(event.uid, event.card_ref)
        if card_id is None:
            return Reaction(
                False,
                "This card's tag is not enrolled yet: enrol it to tell Altar which card it is.",
                device_commands=refuse,
                unknown_uid=event.uid,
            )
        if card_id not in self.catalog:
            return Reaction(
                False,
                f"The tag says this is card '{card_id}', which is not in the card catalog.",
                device_commands=refuse,
            )
        if event.seat is None:
            shared = self._shared_reader(card_id, refuse)
            if isinstance(shared, Reaction):
                return shared
            player = shared
        else:
            player = event.seat
        action = self.adapter.scan_action(self.game, player, card_id)
        why, request = self._verdict(action)
        if why is not None:
            return Reaction(False, why, player=player, card_id=card_id, device_commands=refuse)
        if request is not None:
            return Reaction(
                True,
                request.prompt,
                player=player,
                card_id=card_id,
                device_commands=(FeedbackCommand(event.device, event.reader, True),),
                needs_targets=action,
            )
        # In the engine's words, as of before it happens: a card set face down is not named.
        words = self.game.describe(action)
        self._commit(action)  # ``_verdict`` asked the engine: it took the action as it is
        # Paying the cost may have moved what a dial shows: the resync after the event says.
        ok = (FeedbackCommand(event.device, event.reader, True),)
        return Reaction(True, words, player=player, card_id=card_id, device_commands=ok)

    def _verdict(self, action: Any) -> tuple[str | None, TargetRequest | None]:
        """Why the engine refuses ``action`` (None when it takes it, or when only a target
        is missing: asking for one is then the answer), and the target it asks for, if any:
        the engine and the adapter each asked once. When the reason is None and no target is
        asked, the engine took ``action`` as it is."""
        why = self.game.explain(action)
        request = self.adapter.target_request(self.game, action)
        if request is not None and request.options and why is not None:
            first = self.adapter.with_target(self.game, action, request.options[0].value)
            if self.game.explain(first) is None:
                return None, request
        return why, request

    def _refusal(self, action: Any) -> str | None:
        """Why the engine refuses ``action`` (``_verdict``'s reason)."""
        return self._verdict(action)[0]

    def _shared_reader(self, card_id: str, refuse: tuple[DeviceCommand, ...]) -> int | Reaction:
        """Whose a card on a shared reader is (issue 33): its owner's where an enrolled deck
        says; else the one player who could play it now; more than one, and the table asks;
        none, and the player who may act is told why not (nothing is played)."""
        owners = self.owners.get(card_id, ())
        if len(owners) == 1:
            return owners[0]
        seats = owners or tuple(range(len(self.game.player_names())))
        could = {
            seat: action
            for seat in seats
            if self._refusal(action := self.adapter.scan_action(self.game, seat, card_id)) is None
        }
        if len(could) == 1:
            return next(iter(could))
        if could:
            names = ", ".join(self._name(seat) for seat in could)
            return Reaction(
                True,
                f"Whose card is this? {names} could play it: its owner taps Mine.",
                card_id=card_id,
                whose=could,
            )
        # Nobody: the refusal is told to the player who may act now, in the engine's words.
        player = self.adapter.reader_player(self.game)
        if player is None:
            return Reaction(False, "No player can play a card now.", device_commands=refuse)
        return player

    def _button(self, event: ButtonPressed) -> Reaction:
        # A dial's button passes for its seat: the quickest "no response" at the table.
        player = event.seat
        if player is None or event.kind != "short":
            return Reaction(True, "")
        if player >= len(self.game.player_names()):
            return Reaction(True, "")
        action = self.adapter.button_action(self.game, player)
        if action is None:
            return Reaction(False, f"{self._name(player)} has nothing to pass now.", player=player)
        why = self.game.explain(action)
        if why is not None:
            return Reaction(False, why, player=player)
        words = self.game.describe(action)
        self._commit(action)  # a new turn may move what a dial shows: the resync after says
        return Reaction(True, words, player=player)
