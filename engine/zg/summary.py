"""A Z-G position in a few lines of text (`altar scenario run`)."""

from __future__ import annotations

from typing import Any

from engine.zg.game import ZgGame
from engine.zg.perform_attack import current_test
from engine.zg.state import PHASES


def summary(game: Any) -> list[str]:
    assert isinstance(game, ZgGame)
    state = game.state
    order = " > ".join(state.players[s].name for s in state.order) or "not yet called"
    lines = [f"Turn {state.turn}: {PHASES[state.phase]}; order by impulse: {order}"]
    for seat, p in enumerate(state.players):
        marks = [
            w
            for w, on in (
                ("out", p.defeated),
                ("stunned", p.stunned),
                ("knocked down", p.knocked_down),
                ("flameout", p.flameout),
            )
            if on
        ]
        if p.lock_card:
            marks.append(f"targetlock on {game.catalog.get(p.lock_card).name}")
        slag = ", ".join(game.catalog.get(c).name for c in p.slag) or "none"
        extra = f" [{', '.join(marks)}]" if marks else ""
        lines.append(
            f"  [{seat}] {p.name}{extra}: impulse {p.impulse:03d}, hand {p.hand_size}, "
            f"deck {p.deck_size}, slagged: {slag}"
        )
    result = current_test(state, game.catalog)
    if result is not None:
        for pair in result.pairs:
            lines.append(f"  {pair.attack.words()} vs {pair.target.words()}: {pair.why}")
    for prompt in game.prompts():
        lines.append(f"  > {prompt.text}")
    return lines
