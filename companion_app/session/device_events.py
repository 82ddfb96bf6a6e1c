"""Hardware events into the session: what the table controller makes of each, shown to the
right seat; cards put away when lifted; tags enrolled (no Kivy here)."""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from typing import Any, Protocol, runtime_checkable

from companion_app.games.base import CardView, GameAdapter, TargetRequest
from companion_app.session.sounds import Sounds
from companion_app.session.table import FeedbackCommand, Reaction, TableController
from companion_app.session.target_picking import Targeting
from engine.core.catalog import CardCatalog
from hardware.events import DeviceStatus, DialChanged, TagPresented, TagRemoved
from hardware.registry import DeckEnrolment, TagRegistry
from hardware.seats import SeatMap


@runtime_checkable
class SessionForEvents(Protocol):
    """What hardware events need of the session: the table's seat map and controller, the
    game's adapter, cards and tags, the targets and screens that may claim a scan, what is
    shown at each seat, and the ways back out (a word, a sound, device commands)."""

    scans: Mapping[int, CardView]  # seat -> the card scanned in front of that player
    whose: tuple[int, Mapping[int, Any]] | None  # a shared reader's card, its owner asked
    unknown_tag: tuple[int | None, str] | None  # (seat, uid hex) offered for enrolment

    @property
    def seat_map(self) -> SeatMap: ...

    @property
    def table(self) -> TableController | None: ...

    @property
    def adapter(self) -> GameAdapter: ...

    @property
    def catalog(self) -> CardCatalog: ...

    @property
    def cards(self) -> TagRegistry: ...

    @property
    def targeting(self) -> Targeting: ...

    @property
    def picking(self) -> Mapping[int, TargetRequest]: ...

    @property
    def scan_pickers(self) -> Sequence[Callable[[str], bool]]: ...

    @property
    def sounds(self) -> Sounds: ...

    def play(self, seat: int, action: Any) -> bool: ...

    def dismiss_card(self, seat: int) -> None: ...

    def applied(self) -> None: ...

    def redraw(self) -> None: ...

    def resync_dials(self) -> None: ...

    def say(self, text: str, ok: bool = True, seat: int = -1) -> None: ...

    def send_to_devices(self, commands: Sequence[Any]) -> None: ...


class DeviceEvents:
    def __init__(self, session: SessionForEvents) -> None:
        self.session = session
        self._enrolment: tuple[DeckEnrolment, Callable[..., None]] | None = None
        self._scan_seat: dict[tuple[str, int], int] = {}  # reader -> seat of its last scan

    def handle(self, event: Any) -> None:
        """One hardware event: the table controller says what it means; the session shows it.

        Its seat is the one the device manager stamped on it, once, from the table's one seat
        map; it is not looked up again here. After it, the dials are brought in line once:
        with the rest of the book-keeping when it changed the game (``applied``), else alone
        (a refused turn, a device back after an absence)."""
        s = self.session
        if self._enrolment is not None and isinstance(event, TagPresented):
            self._enrol(event)
            return
        if isinstance(event, TagPresented) and self._picked_by_scan(event):
            return
        if isinstance(event, TagRemoved):
            # Lifting the card puts its panel away (a target still being chosen stays).
            seat = self._scan_seat.pop((event.device, event.reader), None)
            if seat is not None and seat not in s.picking:
                s.dismiss_card(seat)
        if s.table is None:
            if isinstance(event, DeviceStatus) and event.message:
                s.say(event.message, ok=event.connected)
            return
        if isinstance(event, DialChanged) and event.at_stop:
            self._at_stop(event)
            return
        if isinstance(event, DeviceStatus) and event.connected:
            # Back after an absence (or a restart): what its dials show is unknown, so they
            # are all set again rather than trusted.
            for device, dial in list(s.seat_map.dials):
                if device == event.device:
                    s.table.forget_dial(device, dial)
        game = s.table.game
        before = len(game.history)
        reaction: Reaction = s.table.handle(event)
        changed = len(game.history) != before
        if changed:
            s.applied()
        s.send_to_devices(reaction.device_commands)
        if reaction.message:
            seat = reaction.player if reaction.player is not None else -1
            s.say(reaction.message, ok=reaction.ok, seat=seat)
        if isinstance(event, TagPresented):
            s.sounds.play("scan_ok" if reaction.ok else "scan_refused")
        if reaction.card_id is not None and reaction.player is not None:
            if isinstance(event, TagPresented):
                self._scan_seat[(event.device, event.reader)] = reaction.player
            if reaction.needs_targets is not None:
                s.play(reaction.player, reaction.needs_targets)
            else:
                self._show_scanned(reaction)
        if reaction.whose is not None:
            s.whose = (len(game.history), reaction.whose)
            s.redraw()  # the question goes on each panel that could play it
        if reaction.unknown_uid is not None:
            seat = event.seat if isinstance(event, TagPresented) else None
            s.unknown_tag = (seat, reaction.unknown_uid.hex())
        if not changed:
            s.resync_dials()

    def _at_stop(self, event: DialChanged) -> None:
        """A dial turned against its stop (issue 16): nothing moved, and its player is told
        why, in the adapter's words for the counter, with the refused sound. Not a turn: the
        table's dial bookkeeping does not see it."""
        s = self.session
        assert s.table is not None
        player = event.seat
        names = s.table.game.player_names()
        if player is None or not 0 <= player < len(names):
            return  # a dial nobody's: its turns say so already
        spec = s.adapter.dial(s.table.game, player)
        s.say(f"{names[player]}'s {spec.label} is already {spec.value}", ok=False, seat=player)
        s.sounds.play("scan_refused")
        s.resync_dials()  # should the dial show something else, it is set again

    def _picked_by_scan(self, event: TagPresented) -> bool:
        """A target being chosen, or a screen that picks cards in play (the combat
        assistant), may claim a scan."""
        s = self.session
        if not s.scan_pickers and not s.picking:
            return False
        card_id = s.cards.card_for(event.uid, event.card_ref)
        if card_id is None:
            return False
        if s.targeting.by_scan(card_id):
            s.send_to_devices([FeedbackCommand(event.device, event.reader, True)])
            return True
        for picker in list(s.scan_pickers):
            if picker(card_id):
                s.send_to_devices([FeedbackCommand(event.device, event.reader, True)])
                return True
        return False

    def _show_scanned(self, reaction: Reaction) -> None:
        s = self.session
        assert reaction.card_id is not None and reaction.player is not None
        try:
            card = s.catalog.get(reaction.card_id)
        except KeyError:
            return
        if s.table is None:
            return
        game = s.table.game
        reason = None if reaction.ok else reaction.message
        view = s.adapter.card_at_table(game, card, reaction.player, reason, played=reaction.ok)
        s.scans = {**s.scans, reaction.player: view}

    # --- enrolling tags --------------------------------------------------------------------

    def start_enrolment(self, cards: list[str], progress: Callable[..., None]) -> None:
        """The next tags presented are bound to these cards, one each, in order."""
        self._enrolment = (self.session.cards.enrolment(cards), progress)

    def enrol_unknown(self, card_id: str) -> bool:
        """Bind the unknown tag just scanned to ``card_id`` (the "Enrol" offer)."""
        s = self.session
        if s.unknown_tag is None:
            return False
        _seat, uid_hex = s.unknown_tag
        try:
            card = s.catalog.get(card_id)
        except KeyError:
            s.say(f"There is no card '{card_id}' in the catalog.", ok=False)
            return False
        s.cards.enrol(bytes.fromhex(uid_hex), card_id)
        s.unknown_tag = None
        s.say(f"Tag enrolled as {card.name}: scan it again to play it.")
        return True

    def _enrol(self, event: TagPresented) -> None:
        assert self._enrolment is not None
        enrolment, progress = self._enrolment
        step = enrolment.tap(event.uid)
        self.session.say(step.message, ok=step.ok)
        if enrolment.next_card is None:
            self._enrolment = None
        progress(step.done, step.total, enrolment.next_card)
