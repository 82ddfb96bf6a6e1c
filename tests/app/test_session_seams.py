"""The session is what each of its concerns asks for (issue 24). mypy cannot check it: the
session is a Kivy ``EventDispatcher``, which has no types, so this test checks, on a real
session, that it has every member of each concern's Protocol."""

from __future__ import annotations

from pathlib import Path
from typing import Protocol, runtime_checkable

import pytest

from companion_app.saves.store import CommandStore
from companion_app.session.device_events import SessionForEvents
from companion_app.session.game_session import GameSession
from companion_app.session.redraw import SessionForRedraw
from companion_app.session.table_news import SessionForNews
from companion_app.session.target_picking import SessionForTargets
from hardware.registry import TagRegistry


@pytest.fixture
def session(tmp_path: Path) -> GameSession:
    s = GameSession(CommandStore(str(tmp_path / "g.sqlite")), lambda _kind: TagRegistry(":memory:"))
    s.start_new(["Alena", "Anton"], seed=7)
    return s


@pytest.mark.parametrize(
    "protocol", [SessionForTargets, SessionForEvents, SessionForNews, SessionForRedraw]
)
def test_the_session_has_everything_its_concern_asks_for(
    session: GameSession, protocol: type
) -> None:
    assert isinstance(session, protocol)


def test_a_member_the_session_lacks_is_found(session: GameSession) -> None:
    @runtime_checkable
    class AsksTooMuch(SessionForTargets, Protocol):
        def shuffle_the_deck(self) -> None: ...

    assert not isinstance(session, AsksTooMuch)


def test_what_a_seat_panel_shows_is_what_the_session_gives_it(session: GameSession) -> None:
    """The widgets know neither the session nor the games (issue 38): a seat's panel reads a
    ``ShownSeat`` of ``ShownCounter`` s, which the session's ``SeatView`` must be."""
    from companion_app.session.views import seat_views
    from companion_app.widgets.seat_panel import ShownCounter, ShownSeat

    assert session.game is not None
    seat = seat_views(session.game, session.adapter)[0]
    assert isinstance(seat, ShownSeat) and seat.counters
    assert all(isinstance(c, ShownCounter) for c in seat.counters)

    @runtime_checkable
    class ShowsMore(ShownSeat, Protocol):
        @property
        def hand_size(self) -> int: ...

    assert not isinstance(seat, ShowsMore)
