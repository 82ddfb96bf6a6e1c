"""Scripted journeys through the real app, run by tests/app/drive.py in their own process.

Each journey plays like the players would: touches on widgets, turns and scans on the
simulated device (real protocol frames through the device manager), and asserts both what
the widgets show and what the engine holds.
"""

from __future__ import annotations

from typing import Any

from companion_app.sim_tags import sim_uid


def scoreboard(d: Any) -> Any:
    return d.screen("scoreboard")


async def start_two_player_game(d: Any, names: tuple[str, ...] = ("Alena", "Anton")) -> None:
    """Through the new-game screen, as players would: names typed, Start tapped."""
    assert d.app.sm.current == "newgame", d.app.sm.current
    new = d.screen("newgame")
    while new.players > len(names):
        await d.tap(new.ids.fewer)
    while new.players < len(names):
        await d.tap(new.ids.more)
    for row, name in zip(new.rows, names, strict=True):
        row.ids.name.text = name
    await d.tap(new.ids.start)
    await d.until(lambda: d.app.sm.current == "scoreboard", "the ceremony ends on the scoreboard")
    await d.until(lambda: d.session.seat_map.dials, "the simulated dials get seats")


async def debug(d: Any) -> None:
    await start_two_player_game(d)
    band = scoreboard(d).ids.band
    d.notes["band"] = [band.pos, band.size]
    d.notes["children"] = [(type(c).__name__, c.pos, c.size) for c in band.children]
    d.notes["step"] = [
        scoreboard(d).ids.step.text,
        scoreboard(d).ids.step.pos,
        scoreboard(d).ids.step.size,
    ]
    await d.screenshot("debug")


async def skeleton(d: Any) -> None:
    """Issue 2: a dial turn and a scan show on the scoreboard; undo takes them back."""
    await start_two_player_game(d)
    board = scoreboard(d)
    device = d.app.hardware_link.simulated[0]
    game = d.session.game
    alena = board.panels[0]

    device.turn_dial(0, 4)
    await d.until(lambda: alena.ids.devotion.value == "4", "Alena's dial shows on her panel")
    assert game.state.players[0].devotion == 4
    d.notes["after_dial"] = alena.ids.devotion.value

    device.place_tag(0, sim_uid("psychopomp"))
    await d.until(lambda: d.session.scans, "the scanned card appears")
    card_seat, card = next(iter(d.session.scans.items()))
    panel = board.card_panels[card_seat]
    assert panel.opacity == 1 and panel.ids.name.text == card.name
    d.notes["scan"] = [card_seat, card.name, card.verdict]

    before = len(game.history)
    await d.tap(board.ids.undo)
    await d.until(lambda: len(d.session.game.history) == before - 1, "undo takes one back")
    await d.screenshot("skeleton")


SCREENSHOT_SIZES = {"landscape": (1280, 800), "portrait": (800, 1280)}
SCREENSHOT_PLAYERS = (2, 3, 4, 8)
NAMES = ("Alena", "Anton", "Bea", "Carl", "Dana", "Emil", "Fay", "Gus")


async def scoreboards(d: Any) -> None:
    """The scoreboard at 2, 3, 4 and 8 players in a known state, in the window's orientation
    (one process per orientation: the offscreen window keeps the size it was made with)."""
    from kivy.core.window import Window

    from engine.zeal import actions as za

    orientation = "portrait" if Window.height > Window.width else "landscape"
    for players in SCREENSHOT_PLAYERS:
        d.session.start_new(list(NAMES[:players]), seed=11, first_player=0)
        d.app.show("scoreboard")
        session = d.session
        # A position worth looking at: devotion, a damaged base, a defeated base, priority.
        session.command(za.SetDevotion(0, current=5, maximum=6))
        session.command(za.SetDevotion(1, current=2, maximum=3))
        session.command(za.SetBase(1, 0, face_up=False))
        session.command(za.SetBase(0, 3, damage=2))
        board = d.screen("scoreboard")
        await d.until(
            lambda b=board, n=players: len(b.panels) == n and b.panels[1].ids.devotion.value == "2",
            "the scoreboard shows the position",
        )
        # Let the dials answer the values we set, then clear the notice line: a screenshot
        # must not depend on which message arrived last.
        await d.until(lambda: not any(d.session._dial_pending.values()), "the dials answer")
        d.session.say("")
        panels = d.screen("scoreboard").panels
        assert len(panels) == players
        assert panels[0].ids.devotion.value == "5" and panels[0].ids.max_devotion.value == "6"
        assert panels[1].base_tiles[0].dimmed and panels[0].base_tiles[3].value == "2"
        await d.screenshot(f"scoreboard_{players}p_{orientation}")
