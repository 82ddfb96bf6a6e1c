"""A sixth game from docs/adding-a-game.md's steps alone (issue 38): Pebbles, tiny, in
tests/toy. The page is held to be complete (everything a game supplies is on it), and the
game it builds is played through what every game goes through: the registries, the session
(commands, a scan, a dial, a button, undo, resume, the end), the player model's walk and the
rule at hand at every step (what the table explorer needs of a game), the replay and the save.
"""

from __future__ import annotations

import dataclasses
import random
import re
from collections.abc import Iterator
from pathlib import Path

import pytest
from kivy.clock import Clock

import companion_app.games as app_games
from companion_app.games.base import GameAdapter
from companion_app.saves.store import CommandStore
from companion_app.session.game_session import GameSession
from engine import games
from engine.core.kind import GameKind
from hardware.events import ButtonPressed, DialChanged, TagPresented
from hardware.registry import TagRegistry
from tests.app.player_model_walk import new_game, walk_games
from tests.game_properties import replay_and_reload
from tests.toy.actions import SetPile, Take

PAGE = Path(__file__).resolve().parents[2] / "docs" / "adding-a-game.md"
DEVICE = "a1b2c3d4"


def named_on_the_page() -> set[str]:
    return set(re.findall(r"`([A-Za-z_][\w.]*)(?:\(|`)", PAGE.read_text()))


def test_the_page_names_everything_a_game_supplies() -> None:
    """Every field of GameKind and every method and setting of GameAdapter is on the page:
    a newcomer who follows it misses nothing the app, the explorer or the registry ask."""
    named = named_on_the_page()
    kind_fields = {f.name for f in dataclasses.fields(GameKind)}
    adapter_members = {
        name for name in vars(GameAdapter) if not name.startswith("_") and name != "engine"
    }
    missing = sorted((kind_fields | adapter_members) - named)
    assert not missing, f"docs/adding-a-game.md does not name {missing}"


@pytest.fixture
def registered(monkeypatch: pytest.MonkeyPatch) -> None:
    """The page's "Register it": one line in each registry (here for the test's time)."""
    monkeypatch.setitem(games._MODULES, "pebbles", "tests.toy.kind")
    monkeypatch.setitem(app_games.ELSEWHERE, "pebbles", "tests.toy.adapter")
    monkeypatch.setattr(app_games, "_LOADED", dict(app_games._LOADED))


@pytest.fixture
def session(tmp_path: Path, registered: None) -> Iterator[GameSession]:
    s = GameSession(CommandStore(str(tmp_path / "g.sqlite")), lambda _kind: TagRegistry(":memory:"))
    s.start_new(["Alena", "Anton"], seed=5, kind="pebbles", options={})
    Clock.tick()
    yield s
    Clock.tick()  # the redraws it asked for, while Pebbles is still registered


def test_it_is_registered_and_playable(registered: None) -> None:
    assert "pebbles" in games.kinds() and games.get("pebbles").title == "Pebbles"
    assert ("pebbles", "Pebbles") in app_games.playable()
    assert app_games.adapter_for("pebbles").engine is games.get("pebbles")


def test_it_plays_through_the_session_to_its_end_and_resumes(
    session: GameSession, tmp_path: Path
) -> None:
    game = session.game
    assert game is not None and game.state.heap == 7
    assert session.command(Take(0, 3))  # a band tap's command
    assert not session.command(Take(0, 1)) and "Anton's turn" in session.message  # rule 2
    # The devices: Anton's dial and reader, stamped as the device manager stamps them.
    session.assign_dial(DEVICE, 0, 1)
    session.seat_map.assign_reader(DEVICE, 0, 1)
    session.cards.enrol(b"\x04\x02", "take_2")
    session.handle_event(session.seat_map.stamp(TagPresented(DEVICE, 0, b"\x04\x02")))
    assert game.history[-1] == Take(1, 2) and session.scans[1].played
    session.handle_event(session.seat_map.stamp(DialChanged(DEVICE, 0, 9)))
    assert game.history[-1] == SetPile(1, 9)
    assert session.undo_last() and game.state.piles == (3, 2)
    # Resumed in another session from the store alone: the same position.
    again = GameSession(session.store, lambda _kind: TagRegistry(":memory:"))
    saved = again.saved_game()
    assert saved is not None and saved.kind == "pebbles"
    again.resume(saved)
    assert again.game is not None and again.game.state == game.state
    # To the end: the dial's button takes one (Alena's dial), whoever takes the last wins.
    session.assign_dial(DEVICE, 1, 0)
    session.handle_event(session.seat_map.stamp(ButtonPressed(DEVICE, 1, "short")))
    assert game.history[-1] == Take(0, 1)
    while game.outcome() is None:
        who = game.acting_player()
        assert who is not None and session.command(Take(who, 1))
    outcome = game.outcome()
    assert outcome is not None and outcome.winner == game.history[-1].player
    assert session.store.last_unfinished() is None, "a finished game is not offered to resume"


def test_its_player_model_makes_every_action_and_a_rule_is_at_hand(registered: None) -> None:
    adapter = app_games.adapter_for("pebbles")
    model = adapter.player_model()
    assert model is not None, "the explorer fails a game without a player model"
    walk = walk_games(adapter, model, lambda seed: new_game(adapter, seed), range(3), 12)
    assert walk.failures == [] and walk.steps > 0 and walk.kinds["Take"] > 0
    game = new_game(adapter, 1)
    rnd = random.Random(1)
    while True:
        note = adapter.rule_now(game)
        assert note is not None and note.section.startswith("rule "), "the explorer reads one"
        if game.outcome() is not None:
            break
        game.apply(rnd.choice(list(game.legal_actions())))


def test_it_replays_and_its_save_loads(registered: None) -> None:
    game = games.get("pebbles").random_game(3, 2, 40).game
    assert game.outcome() is not None
    replay_and_reload(game)
