"""Journeys for issue 16's reading rules: on the table of every game, at its fewest and most
players and in both orientations, no text a player needs is smaller than the reading floor,
and no word is broken across lines. Run by tests/app/drive.py, one process per journey."""

from __future__ import annotations

from typing import Any

from tests.app.journeys import scoreboard

NAMES = ["Alena", "Anton", "Bea", "Carl", "Dana", "Emil", "Fay", "Gus"]
FLOOR_SP = 15  # the reading floor: a counter's title, a hand-size badge, a button


def _words_broken(label: Any) -> list[str]:
    """Words of a wrapping label wider than the label itself: Kivy would break them."""
    from kivy.core.text import Label as CoreLabel

    width = label.text_size[0] if label.text_size else None
    if not width:
        return []  # one line, never wrapped
    broken = []
    for word in label.text.split():
        core = CoreLabel(text=word, font_size=label.font_size, bold=label.bold)
        core.refresh()
        if core.content_width > width + 1:
            broken.append(word)
    return broken


async def _check(d: Any, kind: str, players: int, tag: str) -> list[list[Any]]:
    from kivy.metrics import sp
    from kivy.uix.label import Label

    d.session.start_new(NAMES[:players], seed=11, first_player=0, kind=kind)
    d.app.show("scoreboard")
    await d.until(lambda: len(scoreboard(d).panels) == players, "a panel per seat")
    await d.frames(4)
    board = scoreboard(d)
    problems = []
    floor = sp(FLOOR_SP)
    checked = 0
    for widget in board.walk():
        if not isinstance(widget, Label) or not widget.text.strip():
            continue
        if widget.opacity == 0 or widget.height < 2 or widget.width < 2:
            continue
        hidden = False
        parent = widget.parent
        while parent is not None and parent is not board:
            if getattr(parent, "opacity", 1) == 0:
                hidden = True
            parent = parent.parent
        if hidden:
            continue
        checked += 1
        if widget.font_size < floor - 0.5:
            problems.append([tag, "small", widget.text[:40], round(widget.font_size, 1)])
        for word in _words_broken(widget):
            problems.append([tag, "word broken", word, round(widget.width)])
    if players == 8:  # the tightest table, kept as a reviewed reference
        side = "portrait" if board.height > board.width else "landscape"
        await d.screenshot(f"reading_{tag}_{side}")
    assert checked > 10 * players, checked  # the walk really saw the panels' text
    return problems


async def reading(d: Any) -> None:
    from kivy.uix.label import Label

    from companion_app.games import playable
    from engine import games

    # The detector itself: a word wider than its label is caught.
    assert _words_broken(Label(text="Keep Mulligan", font_size=18, text_size=(40, None)))
    problems: list[list[Any]] = []
    for kind, _title in playable():
        engine = games.get(kind)
        low, high = engine.min_players, engine.max_players
        for players in sorted({low, high}):
            problems += await _check(d, kind, players, f"{kind}_{players}p")
    d.notes["problems"] = problems
