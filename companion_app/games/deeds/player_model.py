"""Which gestures make each Deeds Not Words action at the table (companion_app/games/gestures.py).

- The band's one-tap decisions (on the acting player's panel): Keep hand, Mulligan, the
  Regroup pairs, Draw a card, Attack with everything, No battle, No blocks, Pass, End the
  round, Done: <card text>, Discard a card (unscanned).
- A card from the hand: scanned on its player's reader; what it then asks (the technology an
  upgrade goes on, Resurrect's card, "Deploy it" or "Discard it" over the hand limit) is
  tapped on that player's panel (deeds/targeting.py).
- Any other choice of attackers, and blocks: the battle assistant's rows (each tapped round
  to its choice, blockers in blocking order) and Confirm.
- Equip, unequip, abilities and sacrifices: the Cards in play page.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import Any

from companion_app.games.base import AnyGame
from companion_app.games.deeds import targeting
from companion_app.games.deeds.battle_preview import rows
from companion_app.games.deeds.card_actions import KINDS, label
from companion_app.games.gestures import (
    ChooseRow,
    Gesture,
    OpenScreen,
    PlayerModel,
    Scan,
    TapText,
)
from engine.deeds import actions as da
from engine.deeds import randomplay
from engine.deeds.game import DeedsGame

BATTLE = "deeds_battle"
CARDS = "deeds_cards"


class DeedsPlayerModel(PlayerModel):
    def prefer(self, rng: random.Random, game: AnyGame, legal: Sequence[Any]) -> Any:
        """Moving the game on as its random play-outs do (engine/deeds/randomplay.py)."""
        return randomplay.choose(rng, list(legal))

    def gestures(self, game: AnyGame, action: Any) -> Sequence[Gesture] | None:
        assert isinstance(game, DeedsGame)
        seat = action.player
        here = f"seat:{seat}"
        if self.adapter.due_screen(game) == BATTLE:
            # The assistant has opened by itself for the defender: blocks (even none) are
            # confirmed there; card text is marked done on the Cards in play page.
            if isinstance(action, da.Block):
                return self._block(game, action)
            if isinstance(action, da.Resolve):
                return [OpenScreen(CARDS), TapText(label(game, action), f"screen:{CARDS}")]
        words = self.adapter.choice_label(game, action)
        if words is not None:
            return [TapText(words, here)]
        if isinstance(action, (da.Deploy, da.Discard)):
            return self._scan(game, action)
        if isinstance(action, da.Attack):
            return self._attack(game, action)
        if isinstance(action, da.Block):
            return self._block(game, action)
        if isinstance(action, KINDS):
            return [OpenScreen(CARDS), TapText(label(game, action), f"screen:{CARDS}")]
        return None

    def _scan(self, game: DeedsGame, action: da.Deploy | da.Discard) -> list[Gesture] | None:
        """The card scanned, then what it asks tapped on the player's panel."""
        seat, card_id = action.player, action.card_id
        if not card_id:
            return None  # only the band's "Discard a card" makes an unscanned discard
        scanned = self.adapter.scan_action(game, seat, card_id)
        out: list[Gesture] = [Scan(seat, card_id)]
        if scanned == action:
            request = targeting.target_request(game, scanned)
            if request is None:
                return out
            return [*out, TapText(request.none_label, f"seat:{seat}")] if request.optional else None
        request = targeting.target_request(game, scanned)
        if request is None:
            return None
        for option in request.options:
            if targeting.with_target(scanned, option.value) == action:
                return [*out, TapText(option.label, f"seat:{seat}")]
        return None

    def _attack(self, game: DeedsGame, action: da.Attack) -> list[Gesture] | None:
        where = f"screen:{BATTLE}"
        found = {r.card_id: r for r in rows(game)}
        taps: list[Gesture] = [OpenScreen(BATTLE)]
        for card_id in action.attackers:
            row = found.get(card_id)
            if row is None or len(row.options) < 2:
                return None
            taps.append(ChooseRow(row.label(), row.text(1), where))
        return [*taps, TapText("Confirm", where)]

    def _block(self, game: DeedsGame, action: da.Block) -> list[Gesture] | None:
        """Each blocker's row tapped round to its attacker, blockers in blocking order."""
        where = f"screen:{BATTLE}"
        found = {r.card_id: r for r in rows(game)}
        taps: list[Gesture] = [OpenScreen(BATTLE)]
        for place, (attacker, blocker) in enumerate(action.blocks, start=1):
            row = found.pop(blocker, None)  # a blocker blocks once
            values = [value for _words, value in row.options] if row is not None else []
            if row is None or attacker not in values:
                return None
            taps.append(ChooseRow(row.label(), row.text(values.index(attacker), place), where))
        return [*taps, TapText("Confirm", where)]
