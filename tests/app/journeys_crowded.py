"""Issue 33, item 6, through the real app drawn offscreen: the acting seat's panel at its most
crowded, with four decisions too long together to stand beside its question (so they go
under it) and every row of counters its game can have. Every text on the table must stay
whole, none drawn over another, each button tall enough to tap and the big number read from
across the table: the explorer's own checks, on a position set up to be crowded."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any


async def crowded(
    d: Any,
    kind: str,
    seat: int,
    adjustments: Sequence[Any],
    decisions: Sequence[str],
    shot: str,
) -> list[str]:
    """The problems found on the table once ``adjustments`` (the engine's own) are made in a
    new ``kind`` game and ``seat``'s panel shows ``decisions`` under its question."""
    from kivy.core.window import Window

    from tests.app.explorer import check_layout, checks

    s = d.session
    s.start_new(["Alena", "Anton"], kind=kind, seed=7, first_player=seat)
    d.app.show("scoreboard")
    for action in adjustments:
        assert s.command(action), s.message
    board = d.screen("scoreboard")
    await d.until(lambda: len(board.panels) == 2, "a panel per seat")
    panel = board.panels[seat]
    prompts = s.game.prompts()
    question = prompts[0].text if prompts else "Your decision"
    panel.show_decision(question, True, [(label, None) for label in decisions], lambda _a: None)
    await d.until(lambda: panel.stacked, "the decisions go under the question")
    await d.frames(4)
    seen = list(checks.visible(board))
    problems = [p for one in seen for p in checks.reading(one)] + checks.overlaps(seen)
    problems += check_layout.small_big_numbers(s, board) + check_layout.short_buttons(board)
    side = "landscape" if Window.width > Window.height else "portrait"
    await d.screenshot(f"{shot}_{side}")
    return problems
