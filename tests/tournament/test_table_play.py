"""The app's session playing a table's tournament game (issue 15), without a window: the
engine's outcome is reported once through the table's outbox, whatever the hook hears, and a
game logged to its end before the tablet died is reported when it is resumed."""

from __future__ import annotations

import threading
import time
from collections.abc import Iterator
from pathlib import Path

import pytest
from kivy.clock import Clock

from companion_app.saves.store import CommandStore
from companion_app.session.game_session import GameSession
from companion_app.tournament.host import Host, HostConfig
from companion_app.tournament.mosquitto import INSTALL_HINT, Mosquitto, find_mosquitto
from companion_app.tournament.table import RESEND_EVERY
from companion_app.tournament_play.table_play import TablePlay, tournament_folder
from engine.tournament import Tournament
from engine.zeal import actions as za
from hardware.registry import TagRegistry

pytestmark = [pytest.mark.skipif(find_mosquitto() is None, reason=INSTALL_HINT)]

PLAYERS = ("Ann", "Bo", "Cy", "Di")


@pytest.fixture
def host(tmp_path: Path) -> Iterator[tuple[Host, int]]:
    broker = Mosquitto(tmp_path / "broker")
    broker.start()
    cfg = HostConfig.create(tmp_path / "host", Tournament.round_robin(PLAYERS, tables=4), "tp")
    h = Host(tmp_path / "host", cfg, ("127.0.0.1", broker.port))
    # The host serves in a thread for a while (its own loop has no stop but its timeout).
    threading.Thread(target=lambda: h.run(timeout=40), daemon=True).start()
    try:
        yield h, broker.port
    finally:
        broker.stop()


def session_on(db: Path) -> GameSession:
    return GameSession(CommandStore(str(db)), lambda _kind: TagRegistry(":memory:"))


def wait_for(check: object, what: str, play: TablePlay, timeout: float = 20.0) -> None:
    """Reads the host's states as they come until ``check()``: each blocking read of the
    table's inbox ends when the host's next state lands (what every check here waits for);
    between reads the table resends what the standings don't show yet, as its clock would."""
    deadline = time.monotonic() + timeout
    while not check():  # type: ignore[operator]
        left = deadline - time.monotonic()
        assert left > 0, f"timed out waiting for {what}"
        play.table.poll(wait=min(left, RESEND_EVERY))
        Clock.tick()


def to_the_end(s: GameSession) -> None:
    """Both keep their hands; the first player's six bases fall: the second player wins."""
    for seat in (0, 1):
        assert s.command(za.KeepHand(seat)), s.message
    for base in range(6):
        assert s.command(s.adapter.toggle_action(s.game, 0, f"base:{base}")), s.message


def test_the_outcome_is_reported_once_whatever_the_hook_hears(
    host: tuple[Host, int], tmp_path: Path
) -> None:
    h, port = host
    s = session_on(tmp_path / "g.sqlite")
    play = TablePlay.join(s, tournament_folder(s), h.cfg.join_code(0), f"127.0.0.1:{port}")
    try:
        wait_for(lambda: play.next_slot() is not None, "the host's state", play)
        slot = play.play_next()
        assert list(s.game.player_names()) == [slot.first, slot.second]
        assert s.metadata["tournament"]["slot"]["match"] == slot.match
        # Draft Tournament: decks drafted elsewhere are counted as 24 cards, not listed.
        assert [p.deck_size for p in s.setup.players] == [24, 24]
        to_the_end(s)
        assert play.reports == 1 and s.game.outcome().winner == 1
        # The hook hears the end again (every later command's bookkeeping): nothing new.
        s.applied()
        s.applied()
        assert play.reports == 1
        wait_for(lambda: (slot.match, slot.game) in h.tournament.results, "the host", play)
        assert h.tournament.results[(slot.match, slot.game)].winner == slot.second
        wait_for(lambda: not play.table.outbox, "the standings confirm it", play)
        assert play.report_text().endswith(". In the standings.")
        assert play.next_slot() is not None and play.next_slot().game == slot.game + 1
    finally:
        play.stop()


def test_a_game_logged_to_its_end_before_the_tablet_died_is_reported_on_resume(
    host: tuple[Host, int], tmp_path: Path
) -> None:
    h, port = host
    db = tmp_path / "g.sqlite"
    s = session_on(db)
    play = TablePlay.join(s, tournament_folder(s), h.cfg.join_code(0), f"127.0.0.1:{port}")
    wait_for(lambda: play.next_slot() is not None, "the host's state", play)
    slot = play.play_next()
    # The tablet dies after the last command reached SQLite, before the result left: the game
    # is logged to its end but was never marked finished, and nothing was reported.
    play.stop()
    to_the_end(s)
    assert play.reports == 0
    assert s.game_id is not None
    s.store._db.execute("UPDATE games SET finished = NULL WHERE id = ?", (s.game_id,))
    s.store.close()
    again = session_on(db)
    back = TablePlay.rejoin(again, tournament_folder(again))
    assert back is not None
    try:
        saved = again.saved_game()
        assert saved is not None
        again.resume(saved)  # over already: the hook reports it
        assert back.reports == 1
        wait_for(lambda: (slot.match, slot.game) in h.tournament.results, "the host", back)
        assert h.version == 1 and h.duplicates >= 0
    finally:
        back.stop()


def test_a_tablet_joined_with_an_old_code_starts_unjoined_and_says_why(tmp_path: Path) -> None:
    """A tablet that joined before issue 21 holds a code of shared keys (four parts): the app
    starts as if it had not joined, in words, instead of failing at start."""
    s = session_on(tmp_path / "games.sqlite")
    folder = tournament_folder(s)
    folder.mkdir(parents=True)
    old = "a1b2c3d4.0." + "ab" * 32 + "." + "cd" * 32
    (folder / "joined.json").write_text(f'{{"code": "{old}", "broker": "127.0.0.1:1883"}}')
    assert TablePlay.rejoin(s, folder) is None
    assert not (folder / "joined.json").exists()
    assert "needs its new code from the host" in s.message
