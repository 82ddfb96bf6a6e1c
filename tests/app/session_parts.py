"""Just enough of a session for one concern at a time (issue 24): the concern's tests build no
``GameSession`` and no Kivy, only these small objects that satisfy the concern's Protocol, on
the real engine, the real table controller, command store, tag registry and sounds.

The game: Zeal, Alena and Anton at the start of combat, both at 6 devotion, Anton's
Psychopomp in play (a character to be burnt), Alena's reader on the table's seat map.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from pathlib import Path
from typing import Any

from companion_app.games.base import AnyGame, CardView, GameAdapter, TargetRequest
from companion_app.games.zeal.adapter import ADAPTER as ZEAL
from companion_app.saves.store import CommandStore
from companion_app.session.sounds import Sounds
from companion_app.session.table import TableController
from companion_app.session.target_picking import Targeting
from companion_app.simulator.sim_tags import sim_uid
from engine.core.catalog import CardCatalog
from engine.errors import IllegalAction
from engine.zeal import PlayerSetup, ZealGame, ZealSetup
from engine.zeal import actions as za
from engine.zeal.cards import sample_catalog
from hardware.registry import TagRegistry
from hardware.seats import SeatMap

DEVICE = "a1b2c3d4"
ALENAS_READER = 0


def zeal_at_combat(tmp_path: Path, seats: SeatMap, cards: TagRegistry) -> TableController:
    """A real table controller, logging to a real command store, with the game set up."""
    catalog = sample_catalog()
    players = (PlayerSetup("Alena"), PlayerSetup("Anton"))
    game = ZealGame(ZealSetup(players=players, seed=7, catalog=catalog, first_player=0))
    store = CommandStore(str(tmp_path / "games.sqlite"))
    game_id = store.new_game("zeal", {"seed": 7})
    table = TableController(game, ZEAL, seats, cards, catalog, store, game_id)
    for action in (
        za.KeepHand(0),
        za.KeepHand(1),
        za.Develop(0, "devotion"),
        za.SetDevotion(0, current=6),
        za.SetDevotion(1, current=6),
        za.MoveCard(1, "psychopomp", "play"),
    ):
        table.apply(action)
    return table


class TargetsSide:
    """A ``SessionForTargets``: commands go to the table controller; words and redraws are
    kept for the test to read."""

    def __init__(self, table: TableController) -> None:
        self.table: TableController | None = table
        self.picking: dict[int, TargetRequest] = {}
        self.said: list[tuple[str, bool, int]] = []
        self.redraws = 0

    @property
    def adapter(self) -> GameAdapter:
        return ZEAL

    def require_game(self) -> AnyGame:
        assert self.table is not None
        return self.table.game

    def command(self, action: Any) -> bool:
        try:
            self.require_game()
            assert self.table is not None
            self.table.apply(action)
        except IllegalAction as e:
            self.say(str(e), ok=False)
            return False
        return True

    def say(self, text: str, ok: bool = True, seat: int = -1) -> None:
        self.said.append((text, ok, seat))

    def redraw(self) -> None:
        self.redraws += 1


class EventsSide(TargetsSide):
    """A ``SessionForEvents`` (and so a ``SessionForTargets``, for its real ``Targeting``):
    the table's seat map and tags, real sounds in a folder of the test's, and what was sent
    to the devices."""

    def __init__(self, tmp_path: Path) -> None:
        self.seat_map = SeatMap()
        self.seat_map.assign_reader(DEVICE, ALENAS_READER, 0)
        self.cards = TagRegistry(":memory:")
        table = zeal_at_combat(tmp_path, self.seat_map, self.cards)
        super().__init__(table)
        self.catalog: CardCatalog = table.catalog
        self.sounds = Sounds(tmp_path / "sounds")
        self.scans: dict[int, CardView] = {}
        self.unknown_tag: tuple[int | None, str] | None = None
        self.whose: tuple[int, Any] | None = None
        self.scan_pickers: list[Callable[[str], bool]] = []
        self.targeting = Targeting(self)
        self.sent: list[Any] = []
        self.applied_count = 0

    def enrol_deck(self) -> None:
        """Every card of the catalog gets its simulated tag."""
        for card in self.catalog.cards:
            self.cards.enrol(sim_uid(card.id), card.id)

    def play(self, seat: int, action: Any) -> bool:
        return self.targeting.play(seat, action)

    def dismiss_card(self, seat: int) -> None:
        self.scans = {k: v for k, v in self.scans.items() if k != seat}

    def applied(self) -> None:
        self.applied_count += 1

    def resync_dials(self) -> None:
        if self.table is not None:
            self.send_to_devices(self.table.dial_commands())

    def send_to_devices(self, commands: Sequence[Any]) -> None:
        self.sent.extend(commands)
