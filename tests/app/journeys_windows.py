"""Issue 33, item 4, through the real app drawn offscreen: Deeds' Tactics step while a player
has Cards in play open. With hidden hands either player may hold a tactic, so the step waits
for their passes however long the clock runs, unless the table chose (Menu) that open windows
pass by themselves; then the countdown is on the band."""

from __future__ import annotations

import random
from typing import Any

from companion_app.session.clock import ManualClock


async def tactics_waits_for_the_players(d: Any) -> None:
    from engine.deeds.state import Phase

    s = d.session
    s.start_new(["Alena", "Anton"], kind="deeds", seed=4, first_player=0)
    d.app.show("scoreboard")
    clock = ManualClock()  # the countdown runs on the journey's clock
    s.clock = clock
    game = s.game
    rng = random.Random(4)
    for _ in range(400):
        if game.state.phase is Phase.TACTICS or game.outcome() is not None:
            break
        legal = list(game.legal_actions())
        battles = [a for a in legal if "Attack" in type(a).__name__ and getattr(a, "attackers", ())]
        assert s.command(rng.choice(battles or legal)), s.message
    assert game.state.phase is Phase.TACTICS, game.state.phase
    await d.frames(3)
    d.app.show("deeds_cards")
    await d.until(lambda: d.app.sm.current == "deeds_cards", "Cards in play opens")
    moves = len(game.history)
    clock.advance(10 * s.auto_advance_s)
    await d.frames(3)
    d.notes["waited"] = [game.state.phase.value, len(game.history) - moves, s.auto_text]
    if len(game.history) != moves:
        return  # the step passed by itself: the test says so
    d.app.show("menu")
    await d.until(lambda: d.app.sm.current == "menu", "the menu")
    await d.tap(d.screen("menu").ids.open_windows)
    d.notes["menu_says"] = d.screen("menu").ids.open_windows.text
    d.app.show("scoreboard")
    await d.until(lambda: s.auto_text.startswith("Next step in"), "the chosen countdown shows")
    d.notes["band_says"] = s.auto_text
    await d.frames(2)
    clock.advance(s.auto_advance_s)
    await d.until(lambda: len(game.history) > moves, "the chosen countdown passes the step")
    d.notes["after"] = game.state.phase.value
