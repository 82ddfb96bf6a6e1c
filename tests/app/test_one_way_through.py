"""One way through for an event (issue 38): a card scan and a dial turn, from a claimed
device's signed frames through the real device manager, hardware link and session, are each
stamped with their seat once, unpacked once, checked by the engine once, and the dials
resynced once after them; the game's adapter is asked each of its questions once.

Everything here is the real part (a simulated device on the in-process loopback, the device
manager, ``HardwareLink``, ``GameSession``, Zeal's engine and adapter): the test only wraps
the calls it counts, and lets them run."""

from __future__ import annotations

import asyncio
import functools
from collections import Counter
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

import pytest
from kivy.clock import Clock

from companion_app.games.base import GameAdapter
from companion_app.hardware_link.hardware_side import HardwareLink
from companion_app.saves.store import CommandStore
from companion_app.session.game_session import GameSession
from companion_app.session.table import TableController
from engine.zeal import Step
from engine.zeal import actions as za
from hardware import wire
from hardware.events import DeviceStatus, DialChanged, Event, TagPresented
from hardware.link import HostLink
from hardware.manager import DeviceManager
from hardware.registry import TagRegistry
from hardware.seats import SeatMap
from hardware.simulator import SimulatedDevice
from hardware.transports.loopback import LoopbackTransport

TABLE = b"\x38\x38\x02\x04"
KEY = bytes(range(16))
WISP = b"\x04\x38\x00\x00\x00\x00\x01"  # Specter Wisp: a 1-devotion character


class Counts:
    """Calls counted by name, while the session handles the event under test (``wanted``):
    another event that happens to arrive meanwhile (a device's status) counts for nothing.
    A seat's stamp is counted for the event stamped. An adapter's calls are counted only when
    they come from outside it (what the rest of the app asks, not how the adapter answers)."""

    def __init__(self, wanted: type) -> None:
        self.wanted = wanted
        self.calls: Counter[str] = Counter()
        self.handling: object = None  # the event the session is handling now
        self._inside_adapter = 0
        self._in_link = 0

    def _counting(self) -> bool:
        return isinstance(self.handling, self.wanted)

    def wrap(self, name: str, fn: Callable[..., Any]) -> Callable[..., Any]:
        @functools.wraps(fn)
        def counted(*args: Any, **kwargs: Any) -> Any:
            if self._counting():
                self.calls[name] += 1
            return fn(*args, **kwargs)

        return counted

    def wrap_stamp(self, fn: Callable[..., Any]) -> Callable[..., Any]:
        @functools.wraps(fn)
        def counted(seats: SeatMap, event: Event) -> Any:
            if isinstance(event, self.wanted):
                self.calls["stamp"] += 1
            return fn(seats, event)

        return counted

    def wrap_adapter(self, name: str, fn: Callable[..., Any]) -> Callable[..., Any]:
        @functools.wraps(fn)
        def counted(*args: Any, **kwargs: Any) -> Any:
            if not self._inside_adapter and self._counting():
                self.calls[f"adapter.{name}"] += 1
            self._inside_adapter += 1
            try:
                return fn(*args, **kwargs)
            finally:
                self._inside_adapter -= 1

        return counted

    def wrap_link(self, fn: Callable[..., Any]) -> Callable[..., Any]:
        """The host link's ``receive``: a frame; what it unpacks meanwhile is its own
        (the simulated device unpacks the table's frames with the same codec)."""

        @functools.wraps(fn)
        def counted(*args: Any, **kwargs: Any) -> Any:
            self.calls["frame"] += 1
            self._in_link += 1
            try:
                return fn(*args, **kwargs)
            finally:
                self._in_link -= 1

        return counted

    def wrap_unpack(self, fn: Callable[..., Any]) -> Callable[..., Any]:
        @functools.wraps(fn)
        def counted(*args: Any, **kwargs: Any) -> Any:
            if self._in_link:
                self.calls["unpack"] += 1
            return fn(*args, **kwargs)

        return counted

    def adapter_asks(self, excluding: str = "adapter.dial") -> dict[str, int]:
        return {k: v for k, v in self.calls.items() if k.startswith("adapter.") and k != excluding}


@contextmanager
def counting(
    monkeypatch: pytest.MonkeyPatch, session: GameSession, wanted: type
) -> Iterator[Counts]:
    counts = Counts(wanted)
    with monkeypatch.context() as m:
        m.setattr(SeatMap, "stamp", counts.wrap_stamp(SeatMap.stamp))
        m.setattr(wire, "unpack", counts.wrap_unpack(wire.unpack))
        m.setattr(HostLink, "receive", counts.wrap_link(HostLink.receive))
        m.setattr(
            TableController, "dial_commands", counts.wrap("resync", TableController.dial_commands)
        )
        game = session.game
        assert game is not None
        m.setattr(game, "explain", counts.wrap("explain", game.explain))
        adapter = session.adapter
        for name in dir(GameAdapter):
            if name.startswith("_") or name in ("engine", "kind"):
                continue
            member = getattr(adapter, name)
            if callable(member):
                m.setattr(adapter, name, counts.wrap_adapter(name, member))
        yield counts


@pytest.fixture
def session(tmp_path: Path) -> GameSession:
    s = GameSession(CommandStore(str(tmp_path / "g.sqlite")), lambda _kind: TagRegistry(":memory:"))
    s.start_new(["Alena", "Anton"], seed=7)
    Clock.tick()
    s.cards.enrol(WISP, "specter_wisp")
    return s


def to_commit(session: GameSession) -> int:
    """Both keep their hands; the first player develops devotion; everyone passes to their
    commit step (Zeal rulebook, "Turn structure"). -> the seat in its commit."""
    game = session.game
    assert game is not None
    first = game.acting_player()
    assert first is not None
    for seat in (first, 1 - first):
        assert session.command(za.KeepHand(seat))
    assert session.command(za.Develop(first, "devotion"))
    while game.state.step != Step.COMMIT:
        priority = game.state.priority
        assert priority is not None
        assert session.command(za.Pass(priority))
    return first


def through_the_table(
    session: GameSession,
    act: Callable[[SimulatedDevice, int], None],
    monkeypatch: pytest.MonkeyPatch,
    wanted: type,
) -> tuple[Counts, Event]:
    """A claimed device at the table (signed frames); ``act`` does one thing on it; the
    events the manager delivers go to the session as HardwareLink.pump sends them, until the
    ``wanted`` event has been handled. -> the counts while it went through, and that event."""
    seat = to_commit(session)
    device = SimulatedDevice(b"\x38\x00\x00\x01", dials=2, readers=1)
    device.endpoint.claim = (TABLE, KEY)

    async def main() -> tuple[Counts, Event]:
        manager = DeviceManager(TABLE)
        manager.keys.store(device.device, KEY)
        HardwareLink(session, manager)
        session.assign_dial(device.device, 0, seat)
        session.assign_dial(device.device, 1, 1 - seat)
        manager.assign_reader(device.device, 0, seat)
        events = manager.events()
        manager.add_transport(LoopbackTransport(device))

        async def until(done: Callable[[Event], bool], counts: Counts | None = None) -> Event:
            async with asyncio.timeout(10):  # a bound on a wait, not a speed claim
                while True:
                    event = await events.__anext__()
                    if counts is not None:
                        counts.handling = event
                    session.handle_event(event)
                    if counts is not None:
                        counts.handling = None
                    if done(event):
                        return event

        await until(lambda e: isinstance(e, DeviceStatus) and "is connected" in e.message)
        # The dials were set on connecting: wait for both answers, so that only the act's
        # frames are counted below.
        await until(lambda _e: not session.table.echoes.awaiting())  # type: ignore[union-attr]
        with counting(monkeypatch, session, wanted) as counts:
            act(device, seat)
            event = await until(lambda e: isinstance(e, wanted), counts)
        await manager.close()
        return counts, event

    return asyncio.run(main())


def test_a_scan_is_stamped_unpacked_checked_and_resynced_once(
    session: GameSession, monkeypatch: pytest.MonkeyPatch
) -> None:
    counts, event = through_the_table(
        session, lambda device, _seat: device.place_tag(0, WISP), monkeypatch, TagPresented
    )
    game = session.game
    assert game is not None and isinstance(event, TagPresented)
    assert game.history[-1] == za.PlayCard(event.seat, "specter_wisp"), "the scan was played"
    assert session.scans[event.seat].played
    calls = counts.calls
    assert calls["unpack"] == calls["frame"], "each frame received is unpacked once"
    assert calls["stamp"] == 1, "stamped with its seat once, by the device manager"
    assert calls["explain"] == 1, "the engine checks the card once"
    assert calls["resync"] == 1, "the dials are resynced once after it"
    assert counts.adapter_asks() == {
        "adapter.scan_action": 1,
        "adapter.target_request": 1,
        "adapter.card_at_table": 1,
        "adapter.history": 1,  # the history screen's sample of the new position
    }


def test_a_dial_turn_is_stamped_unpacked_checked_and_resynced_once(
    session: GameSession, monkeypatch: pytest.MonkeyPatch
) -> None:
    counts, event = through_the_table(
        session, lambda device, _seat: device.turn_dial(1, 5), monkeypatch, DialChanged
    )
    game = session.game
    assert game is not None and isinstance(event, DialChanged)
    assert game.history[-1] == za.SetDevotion(event.seat, current=5)
    calls = counts.calls
    assert calls["unpack"] == calls["frame"], "each frame received is unpacked once"
    assert calls["stamp"] == 1, "stamped with its seat once, by the device manager"
    assert calls["explain"] == 1, "the engine checks the turn once"
    assert calls["resync"] == 1, "the dials are resynced once after it"
    assert counts.adapter_asks() == {"adapter.dial_action": 1, "adapter.history": 1}
