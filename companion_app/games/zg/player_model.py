"""How each Z-G action is made at the table (issue 20): hand cards (one scan each: the engine
lists a scan per standing card), action cards, target cards and tie-break draws are scanned; a move is tapped on the mover's Move tile; an attack is a band
button when there is one foe, otherwise the attack screen names the foe, the end and the
targetlock; the spin, bolsters and augments are the test screen's; the rest are the band's
buttons on their player's panel."""

from __future__ import annotations

import random
from collections.abc import Sequence
from itertools import combinations
from typing import Any

from companion_app.games import gesture_search as find
from companion_app.games.base import AnyGame
from companion_app.games.gestures import Gesture, OpenScreen, PlayerModel, Scan, TapText
from companion_app.games.zg import attack_plan as plan
from engine.zg import actions as zga
from engine.zg import randomplay
from engine.zg.flow import impulse_number
from engine.zg.game import ZgGame


class ZgPlayerModel(PlayerModel):
    def prefer(self, rng: random.Random, game: AnyGame, legal: Sequence[Any]) -> Any:
        """Moving the game on as its random play-outs do (engine/zg/randomplay.py)."""
        return randomplay.choose(rng, list(legal))

    def gestures(self, game: AnyGame, action: Any) -> Sequence[Gesture] | None:
        assert isinstance(game, ZgGame)
        if isinstance(action, zga.PickHand):
            return _hand(game, action)
        if isinstance(action, zga.ScanHand | zga.BreakTie | zga.DrawTarget | zga.PlayCard):
            return find.by_scan(self.adapter, game, action, action.card)
        if isinstance(action, zga.Attack | zga.AttackTerrain):
            return find.by_band(self.adapter, game, action) or _attack_screen(game, action)
        if isinstance(action, zga.Spin):
            # On the test screen, which covers the table once a target is drawn (a spin on
            # the seat's panel could not be reached: issue 33, Z-G stopped there).
            return [
                OpenScreen("test"),
                *[TapText("+", "screen:test")] * action.bolsters,
                TapText(f"End {plan.END_NAMES[action.end]} faces", "screen:test"),
            ]
        if isinstance(action, zga.Bolster | zga.Augment) and len(action.dots) > 1:
            kind = "bolster" if isinstance(action, zga.Bolster) else "augment"
            what = "+1 armor" if kind == "bolster" else "+1 piercing"
            return [OpenScreen("test")] + [
                TapText(f"{what} on dot {d + 1}", "screen:test", match="prefix")
                for d in action.dots
            ]
        return (
            find.by_band(self.adapter, game, action)
            or find.by_counter(self.adapter, game, action)
            or find.by_button(self.adapter, game, action)
        )


def _hand(game: ZgGame, action: zga.PickHand) -> list[Gesture] | None:
    """Basic Rule 3: three hand cards scanned; the tablet calls their impulse (a whole hand
    named at once is the open-hands engine's; the table lists the scans). An impulse no three
    of the player's standing cards make cannot be called at the table."""
    seat = action.player
    p = game.state.players[seat]
    if action.cards:
        cards: tuple[str, ...] = action.cards
    else:
        pool = [c for c in dict.fromkeys(p.roster) if c not in p.slag]
        impulse = {c: game.catalog.get(c).impulse for c in pool}
        found = next(
            (
                three
                for three in combinations(pool, 3)
                if impulse_number([impulse[c] for c in three]) == action.impulse
            ),
            None,
        )
        if found is None:
            return None
        cards = found
    return [Scan(seat, c) for c in cards]


def _attack_screen(game: ZgGame, action: zga.Attack | zga.AttackTerrain) -> list[Gesture] | None:
    """The attack screen opens on its first target, end A: the target button is tapped until
    it names the one wanted, the end flipped, the targetlock toggled, then the declaration."""
    options = plan.targets(game)
    wanted = (
        plan.Declaration(terrain=action.terrain)
        if isinstance(action, zga.AttackTerrain)
        else plan.Declaration(foe=action.foe)
    )
    index = next((i for i, d in enumerate(options) if plan.same_target(d, wanted)), None)
    if index is None:
        return None
    where = "screen:zg_attack"
    out: list[Gesture] = [OpenScreen("zg_attack")]
    for shown in options[:index]:
        out.append(TapText(plan.target_words(game, shown), where))
    declared = plan.Declaration(
        foe=wanted.foe,
        terrain=wanted.terrain,
        end=action.end,
        locked=isinstance(action, zga.Attack) and action.locked,
    )
    if action.end:
        out.append(TapText("End A", where))
    if declared.locked:
        out.append(TapText(plan.toggle_words("Targetlock", False), where))
    if plan.action(action.player, declared) != action:
        return None  # augments, cover, sneak or high ground: not in the engine's list
    out.append(TapText(plan.summary(game, declared), where))
    return out
