"""A player model checked without Kivy (issue 20): seeded random games, and at every step
every action the engine lists must have gestures, and the gestures must be ones the table
offers: a band tap names a decision the adapter labels on that seat's panel (and no other
decision of that seat has the same words), a counter tap a counter the seat shows, a scan a
card of the catalog. The table explorer then performs them through the real widgets.

Also what every game's player-model tests share: a game set up as the app sets it up, a
planted failure (a model that forgets a kind of action), a band tap and a scan played
through the adapter, and a walk that reads the rule at hand at every step."""

from __future__ import annotations

import random
import re
from collections import Counter
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass, field
from typing import Any

from companion_app.games.base import AnyGame, GameAdapter
from companion_app.games.gestures import PlayerModel, Scan, TapCounter, TapText

NAMES = ("Alena", "Anton", "Bea", "Carl", "Dana", "Emil", "Fay", "Gus")


@dataclass
class Walk:
    steps: int = 0
    actions_checked: int = 0
    failures: list[str] = field(default_factory=list)
    kinds: Counter[str] = field(default_factory=Counter)  # action types seen with gestures


def band_labels(adapter: GameAdapter, game: AnyGame, legal: Iterable[Any]) -> dict[int, list[str]]:
    """The decisions each seat's panel shows now (as redraw.py and the scoreboard make them)."""
    out: dict[int, list[str]] = {}
    for action in legal:
        label = adapter.choice_label(game, action)
        player = getattr(action, "player", None)
        if label is not None and isinstance(player, int):
            out.setdefault(player, []).append(label)
    return out


def check_step(
    adapter: GameAdapter, model: PlayerModel, game: AnyGame, where: str, walk: Walk
) -> list[Any]:
    legal = list(game.legal_actions())
    labels = band_labels(adapter, game, legal)
    for seat, words in labels.items():
        twice = [w for w, n in Counter(words).items() if n > 1]
        if twice:
            walk.failures.append(f"{where}: seat {seat} shows {twice} twice")
    for action in legal:
        walk.actions_checked += 1
        gestures = model.gestures(game, action)
        if gestures is None:
            walk.failures.append(f"{where}: no gesture makes {action!r}")
            continue
        if not gestures:
            walk.failures.append(f"{where}: an empty list of gestures for {action!r}")
            continue
        walk.kinds[type(action).__name__] += 1
        problem = _offered(adapter, game, labels, gestures)
        if problem:
            walk.failures.append(f"{where}: {action!r}: {problem}")
    return legal


def _offered(
    adapter: GameAdapter, game: AnyGame, labels: dict[int, list[str]], gestures: Sequence[Any]
) -> str:
    """ "" when every gesture is one the table offers; otherwise what is wrong. After a scan,
    taps on that seat answer its target requests: each must be one of the request's words."""
    picking: dict[int, Any] = {}  # seat -> the scanned action whose targets are asked
    for g in gestures:
        if isinstance(g, Scan):
            if g.card_id not in adapter.catalog():
                return f"scans unknown card {g.card_id!r}"
            picking[g.seat] = adapter.scan_action(game, g.seat, g.card_id)
        elif isinstance(g, TapCounter):
            if g.key not in {c.key for c in adapter.counters(game, g.seat)}:
                return f"taps counter {g.key!r} that seat {g.seat} does not show"
        elif isinstance(g, TapText) and g.where.startswith("seat:"):
            seat = int(g.where[5:])
            pending = picking.get(seat)
            request = adapter.target_request(game, pending) if pending is not None else None
            if request is None:
                if g.text not in labels.get(seat, []):
                    return f"taps {g.text!r}, which is not on seat {seat}'s panel"
                continue
            chosen = [o for o in request.options if o.label == g.text]
            if chosen:
                picking[seat] = adapter.with_target(game, pending, chosen[0].value)
            elif request.optional and g.text == request.none_label:
                picking.pop(seat)
            else:
                return f"taps {g.text!r}, which {request.prompt!r} does not offer"
    return ""


def walk_games(
    adapter: GameAdapter,
    model: PlayerModel,
    new_game: Callable[[int], AnyGame],
    seeds: Iterable[int],
    steps: int,
    choose: Callable[[random.Random, list[Any]], Any] | None = None,
) -> Walk:
    """Plays each seed's game for up to ``steps`` random legal actions, checking each step."""
    walk = Walk()
    for seed in seeds:
        game = new_game(seed)
        rnd = random.Random(seed)
        for step in range(steps):
            if game.outcome() is not None:
                break
            legal = check_step(adapter, model, game, f"seed {seed} step {step}", walk)
            if not legal:
                break
            action = choose(rnd, legal) if choose is not None else rnd.choice(legal)
            game.apply(action)
            walk.steps += 1
    return walk


def new_game(
    adapter: GameAdapter,
    seed: int,
    players: int = 2,
    *,
    first: int | None = None,
    options: dict[str, Any] | None = None,
    names: Sequence[str] = NAMES,
) -> AnyGame:
    """A game set up as the app sets it up (hidden hands): the adapter's setup record,
    started by the game's engine."""
    record = adapter.setup_record(list(names[:players]), [()] * players, seed, first, options or {})
    return adapter.engine.new_game(record, adapter.catalog())


@dataclass
class Forgets:
    """A planted failure: ``model`` with no gesture for actions of the type ``kind``."""

    model: PlayerModel
    kind: type

    def gestures(self, game: AnyGame, action: Any) -> Any:
        return None if isinstance(action, self.kind) else self.model.gestures(game, action)


def only(found: list[Any], what: str) -> Any:
    assert len(found) == 1, f"{what}: {len(found)} buttons match"
    return found[0]


def sample(rnd: random.Random, legal: list[Any], many: type) -> list[Any]:
    """Every legal action but the scans of a hidden hand (any card of the catalog), and eight
    of those: the same gestures for each card, and the test stays within its time."""
    scans = [a for a in legal if isinstance(a, many)]
    return [a for a in legal if not isinstance(a, many)] + rnd.sample(scans, min(8, len(scans)))


def tapped(adapter: GameAdapter, game: AnyGame, tap: TapText) -> Any:
    """The one decision on the tapped seat's panel that reads as the tap's words."""
    seat = int(tap.where.removeprefix("seat:"))
    offered = [
        a
        for a in game.legal_actions()
        if a.player == seat and adapter.choice_label(game, a) == tap.text
    ]
    return only(offered, tap.text)


def answered(adapter: GameAdapter, game: AnyGame, action: Any, seat: int, taps: list[Any]) -> Any:
    """What the player's panel asks after ``action`` starts (its targets, one request after
    another), answered by ``taps`` on that seat's panel, every one of them used."""
    request = adapter.target_request(game, action)
    while request is not None:
        tap = taps.pop(0)
        assert isinstance(tap, TapText) and tap.where == f"seat:{seat}", tap
        if request.optional and tap.text == request.none_label:
            action, request = adapter.without_target(game, action), None
            continue
        option = only([o for o in request.options if o.label == tap.text], tap.text)
        action = adapter.with_target(game, action, option.value)
        request = adapter.target_request(game, action)
    assert not taps, taps
    return action


def rule_at_every_step(
    game: AnyGame, rule_at_hand: Callable[[Any], tuple[str, str]], section: str
) -> set[str]:
    """Issue 20, part 5: the rule that applies now, with the rulebook's section (matching
    ``section``) and its words, in every moment a seeded random walk of the game reaches.
    Returns the sections met."""
    seen = set()
    rnd = random.Random(4)
    for _ in range(300):
        where, words = rule_at_hand(game)
        assert re.search(section, where) and len(words) > 20, (where, words)
        seen.add(where)
        legal = list(game.legal_actions())
        if not legal or game.outcome() is not None:
            break
        game.apply(rnd.choice(legal))
    return seen
