"""Which gestures make each Zeal action at the table (companion_app/games/gestures.py).

- The band's one-tap decisions, on the acting player's panel: Keep hand, Mulligan, Draw a
  card / +1 max, Pass, No attack, No blocks, No flanking, Deal damage.
- A card from the hand: scanned on its player's reader; its targets, then X for a card that
  costs X, tapped on that player's panel (targeting.py).
- Attackers (with a Hunt attacker's blocker), blockers, flankers, damage among two blockers,
  the base an attacker hits and where its excess goes: the combat assistant's rows
  (combat_rows.py) and Confirm.
- Triggered actions (play, in any order, or decline) and the actions of cards in play: the
  Actions page (more_actions.py), then their targets on the player's panel.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import Any

from companion_app.games.base import AnyGame
from companion_app.games.gestures import (
    ChooseRow,
    Gesture,
    OpenScreen,
    PlayerModel,
    Scan,
    TapCounter,
    TapText,
)
from companion_app.games.zeal import combat_rows, more_actions, targeting
from engine.zeal import ZealGame, randomplay
from engine.zeal import actions as za

COMBAT = "combat"
ACTIONS = "zeal_actions"


class ZealPlayerModel(PlayerModel):
    def prefer(self, rng: random.Random, game: AnyGame, legal: Sequence[Any]) -> Any:
        """Moving the game on: a card played whenever one can be (characters first), draw or
        devotion evenly, every attacker sent at one player (the one with the fewest bases
        standing), most attacks left unblocked; else as its random play-outs do
        (engine/zeal/randomplay.py). With hidden hands and the engine's own choices, a
        5-player game took 300-480 turns (the engine lists few plays for a hand it cannot
        see, and the play-outs raise devotion more than they draw); this way 48-93."""
        assert isinstance(game, ZealGame)
        options = list(legal)
        plays = [a for a in options if isinstance(a, za.PlayCard)]
        if plays:
            cards = game.catalog

            def character(a: za.PlayCard) -> bool:
                return bool(cards.get(a.card_id).type == "character")

            first = [a for a in plays if character(a)] or plays
            return rng.choice(first)
        develop = [a for a in options if isinstance(a, za.Develop)]
        if develop:
            return rng.choice(develop)
        attacks = [a for a in options if isinstance(a, za.DeclareAttackers)]
        if attacks:
            players = game.state.players

            def focus(a: za.DeclareAttackers) -> tuple[int, int]:
                foes = {seat for _, seat in a.attackers}
                if len(foes) != 1:
                    return (0, 0)
                (foe,) = foes
                return (len(a.attackers), -sum(b.face_up for b in players[foe].bases))

            return max(attacks, key=focus)
        blocks = [a for a in options if isinstance(a, za.DeclareBlockers)]
        if blocks and rng.random() < 0.8:
            return min(blocks, key=lambda a: len(a.blocks))
        return randomplay.choose(rng, options)

    def gestures(self, game: AnyGame, action: Any) -> Sequence[Gesture] | None:
        assert isinstance(game, ZealGame)
        declaration = isinstance(action, tuple(combat_rows.DECLARATIONS.values()))
        if declaration and self.adapter.due_screen(game) == COMBAT:
            # The assistant has opened by itself: even "no attack" is confirmed there.
            return _declare(game, action)
        words = self.adapter.choice_label(game, action)
        if words is not None:
            return [TapText(words, f"seat:{action.player}")]
        if isinstance(action, za.PlayCard):
            start = self.adapter.scan_action(game, action.player, action.card_id)
            taps = _asked(game, start, action)
            return None if taps is None else [Scan(action.player, action.card_id), *taps]
        if isinstance(action, more_actions.KINDS):
            start = more_actions.bare(action)
            taps = _asked(game, start, action)
            if taps is None:
                return None
            page = TapText(more_actions.label(game, start), f"screen:{ACTIONS}")
            return [OpenScreen(ACTIONS), page, *taps]
        if declaration:
            return _declare(game, action)
        return None

    def end_by_hand(self, game: AnyGame) -> Sequence[Gesture] | None:
        """At two players, the first seat's face-up bases turned face down by holding their
        middle (with more, that only puts one player out)."""
        assert isinstance(game, ZealGame)
        if len(game.state.players) != 2:
            return None
        bases = game.state.players[0].bases
        return [TapCounter(0, f"base:{i}", 0, held=True) for i, b in enumerate(bases) if b.face_up]


def _asked(game: ZealGame, start: Any, wanted: Any) -> list[Gesture] | None:
    """The taps on the player's panel that answer what ``start`` asks (targets, then X)
    until it is ``wanted``; None when no answers make it."""
    taps: list[Gesture] = []
    action = start
    where = f"seat:{wanted.player}"
    for _ in range(8):  # a card asks a handful of questions at most
        request = targeting.target_request(game, action)
        if request is None:
            return taps if action == wanted else None
        if request.optional and action == wanted:
            return [*taps, TapText(request.none_label, where)]
        following = next(
            (
                (option, step)
                for option in request.options
                if _on_the_way(step := targeting.with_target(action, option.value), wanted)
            ),
            None,
        )
        if following is None:
            return None
        taps.append(TapText(following[0].label, where))
        action = following[1]
    return None


def _on_the_way(action: Any, wanted: Any) -> bool:
    """``action`` is ``wanted`` with some of its targets (and X) still to come."""
    if type(action) is not type(wanted):
        return False
    targets, goal = getattr(action, "targets", ()), getattr(wanted, "targets", ())
    if tuple(goal[: len(targets)]) != tuple(targets):
        return False
    x = getattr(action, "x", 0)
    return x in (0, getattr(wanted, "x", 0))


def _declare(game: ZealGame, action: Any) -> list[Gesture] | None:
    """Each row tapped round to its choice, from the top, then Confirm. A choice may open rows
    beneath its row (a hunter's blocker, where excess damage goes): they are listed again
    after every choice, as the screen lists them, and met in their turn."""
    where = f"screen:{COMBAT}"
    wanted = _wanted(action)
    if combat_rows.declarer(game) != action.player:
        return None
    taps: list[Gesture] = [OpenScreen(COMBAT)]
    chosen: dict[Any, Any] = {}
    while True:
        listed = combat_rows.rows(game, chosen)
        row = next((r for r in listed if r.key not in chosen), None)
        if row is None:
            break
        values = row.values()
        goal = wanted.pop(row.key, None)
        if goal not in values:
            return None
        index = values.index(goal)
        if index:
            label = row.label()
            nth = sum(1 for r in listed[: listed.index(row)] if r.label() == label)
            taps.append(ChooseRow(label, row.text(index), where, nth))
        chosen[row.key] = goal
    if wanted or combat_rows.declaration(game, chosen) != action:
        return None  # a choice no row offers, or in an order the screen doesn't make
    return [*taps, TapText("Confirm", where)]


def _wanted(action: Any) -> dict[Any, Any]:
    """What each row must read for ``action``: row key -> value (combat_rows' keys)."""
    if isinstance(action, za.DeclareAttackers):
        wanted: dict[Any, Any] = dict(action.attackers)
        wanted.update({(combat_rows.HUNT, h): b for h, b in action.hunts})
        return wanted
    if isinstance(action, za.DeclareBlockers):
        return dict(action.blocks)
    if isinstance(action, za.DeclareFlankers):
        return dict(action.flanks)
    wanted = dict(action.blockers)
    steps: dict[int, int] = {}
    for attacker, owner, index in action.bases:
        step = steps.get(attacker, 0)
        key = attacker if step == 0 else (combat_rows.EXCESS, attacker, step)
        wanted[key] = ("base", owner, index)
        steps[attacker] = step + 1
    return wanted
