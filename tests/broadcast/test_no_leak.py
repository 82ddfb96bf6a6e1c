"""Hidden information never leaks (issue 23): random games of all five games played through the
real session with broadcasting on, every message on a real broker read as a stranger would,
and no hidden card's name ever in one: not a hand, not a deck, not a face-down card (Vile's
ritual and sabotage zones). The games are set up with open hands, so the engine knows every
hidden card and the test can look for each one.

A card counts as shown once it leaves a hidden zone for anywhere else (played, discarded,
flipped) or appears in the engine's public state; a name another copy of which is shown is
not a leak. Z-G's impulse tie-break draws are shown to the table (z-g.md, 3. IMPULSE: "each
player draws a random card from their deck and compares the Impulse number").
"""

from __future__ import annotations

import json
import re
from collections import Counter
from pathlib import Path
from typing import Any

import pytest
from kivy.clock import Clock

from companion_app.broadcast import view_schema
from companion_app.games import playable
from companion_app.saves.game_record import setup_record
from companion_app.saves.store import CommandStore
from companion_app.session.game_session import GameSession
from engine import games
from hardware.registry import TagRegistry
from tests.broadcast.support import Listener, Tablet, body, broker

HIDDEN_ZONES = ("hand", "deck", "ritual_zone", "sabotage_zone")
SHOWN_IN_LOG = re.compile(r"drew (.+?) to break the tie")  # Z-G 3. IMPULSE
SEEDS = (1,)
MAX_ACTIONS = 120


def hidden_counts(view: dict[str, Any]) -> Counter[str]:
    counts: Counter[str] = Counter()
    for player in view.get("players", []):
        for zone in HIDDEN_ZONES:
            cards = player.get(zone)
            if isinstance(cards, list):
                counts.update(c for c in cards if isinstance(c, str))
    return counts


def public_ids(view: dict[str, Any], ids: set[str]) -> set[str]:
    public = dict(view)
    public["players"] = [
        {k: v for k, v in p.items() if k not in HIDDEN_ZONES} for p in view.get("players", [])
    ]
    return {w for w in re.findall(r'"([^"]+)"', json.dumps(public)) if w in ids}


@pytest.fixture(scope="module")
def mosquitto(tmp_path_factory: pytest.TempPathFactory) -> Any:
    with broker(tmp_path_factory.mktemp("leak")) as b:
        yield b


def play_and_read(kind: str, port: int, folder: Path, seeds: tuple[int, ...]) -> tuple[int, int]:
    """Plays ``seeds``' random games of ``kind`` through a broadcasting session; returns how
    many views were read off the broker and how many held a hidden card's name."""
    engine = games.get(kind)
    listener = Listener(port, "altar/#")
    checked = leaks = 0
    for seed in seeds:
        for players in sorted({engine.min_players, engine.max_players}):
            played = engine.random_game(seed, players, MAX_ACTIONS).game
            store = CommandStore(str(folder / f"{kind}-{seed}-{players}.sqlite"))
            session = GameSession(store, lambda _k: TagRegistry(":memory:"))
            session.auto_advance_s = 0  # only the recorded game's own commands are played
            session.choose_game(kind)
            record = setup_record(engine, played.setup, tuple(range(players)))
            session.resume(store.load(store.new_game(kind, record)))
            tablet = Tablet(session, port, f"{kind}-{seed}-{players}")
            catalog = session.catalog
            ids = {c.id for c in catalog.cards}
            shown: set[str] = set()
            before = hidden_counts(engine.state_view(session.game.state))
            for action in played.history:
                assert session.command(action), session.message
                Clock.tick()
                state = engine.state_view(session.game.state)
                now = hidden_counts(state)
                shown |= {c for c in before if now[c] < before[c]} | public_ids(state, ids)
                before = now
                for entry in session.game.log:
                    shown |= {
                        c.id
                        for m in SHOWN_IN_LOG.finditer(entry.text)
                        for c in catalog.cards
                        if c.name == m.group(1)
                    }
                secret = {catalog.get(c).name for c in now if c in ids and c not in shown}
                secret -= {catalog.get(c).name for c in shown}
                wanted = tablet.broadcast.published
                listener.wait_for(wanted, "the view on the broker")
                if not listener.messages:
                    continue
                view = body(listener.messages[-1][1])
                text = json.dumps(view)
                view.pop("key")
                view_schema.check_view(view)  # every real view is within the schema's bounds
                found = sorted(name for name in secret if name in text)
                checked += 1
                if found:
                    leaks += 1
                    step = len(session.game.history)
                    print(f"LEAK {kind} seed {seed} {players}p step {step}: {found}")
            assert listener.messages, "the tablet published nothing"
            listener.messages.clear()
            tablet.stop()
            session.abandon()
            store.close()
    listener.stop()
    return checked, leaks


@pytest.mark.parametrize("kind", [k for k, _ in playable()])
def test_no_hidden_card_reaches_the_broker(kind: str, mosquitto: Any, tmp_path: Path) -> None:
    checked, leaks = play_and_read(kind, mosquitto.port, tmp_path, SEEDS)
    print(f"{kind}: {checked} views read off the broker, {leaks} with a hidden card")
    assert checked > 30 and leaks == 0


def test_the_check_sees_a_planted_leak(
    mosquitto: Any, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A view that names the cards in Vile's face-down zones is caught."""
    from companion_app.broadcast import publisher

    real = publisher.public_view

    def leaking(game: Any, *args: Any, **kwargs: Any) -> dict[str, Any]:
        view = real(game, *args, **kwargs)
        hidden = games.get("vile").state_view(game.state)["players"][0]
        names = [game.setup.catalog.get(c).name for c in hidden["ritual_zone"] + hidden["hand"]]
        view["log"].append(", ".join(names))
        return view

    monkeypatch.setattr(publisher, "public_view", leaking)
    checked, leaks = play_and_read("vile", mosquitto.port, tmp_path, (1,))
    assert checked and leaks > 0
