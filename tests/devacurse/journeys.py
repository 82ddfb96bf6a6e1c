"""Devacurse through the real app, drawn offscreen (run by tests/app/drive.py in its own
process): the new-game screen, part 1's blessings on the band, soldiers called by scans, order
passing, the combat assistant's forecast confirmed, a Faith dial turned, and a winner."""

from __future__ import annotations

from typing import Any

from tests.app.journeys import scan, scoreboard, tap_choice, visit


async def start_devacurse(d: Any) -> None:
    assert d.app.sm.current == "newgame", d.app.sm.current
    new = d.screen("newgame")
    new.pick_game("Devacurse")
    await d.frames(2)
    while new.players > 2:
        await d.tap(new.ids.fewer)
    for row, name in zip(new.rows, ("Alena", "Anton"), strict=True):
        row.ids.name.text = name
    await d.screenshot("devacurse_newgame")
    await d.tap(new.ids.start)
    await d.until(lambda: d.app.sm.current == "scoreboard", "the ceremony ends on the scoreboard")
    await d.until(lambda: d.session.seat_map.dials, "the simulated dials get seats")
    assert d.session.kind == "devacurse"


async def decide(d: Any, label: str) -> None:
    """The acting player's one-tap decision ``label``: tapped on their panel in landscape.
    In portrait the panels are turned 90 degrees, and a tap on a turned panel's button does
    not reach it (the touch lands inside the button, yet on_press never fires: reported to
    the lead, the generic panel's to fix); there the same decision goes through the session,
    as the button's own handler sends it."""
    from kivy.core.window import Window

    if Window.width > Window.height:
        await tap_choice(d, label)
        return
    await d.until(
        lambda: any(text == label for text, _a in d.session.choices), f"the band offers {label}"
    )
    action = next(a for text, a in d.session.choices if text == label)
    assert d.session.command(action), d.session.message
    await d.frames(2)


async def quiet_screen(d: Any) -> None:
    """Screenshots must not depend on which notice arrived last."""
    await d.until(lambda: not d.session.table.echoes.awaiting(), "the dials answer")
    d.session.say("")
    await d.frames(3)


async def whole_game(d: Any) -> None:
    await start_devacurse(d)
    game = lambda: d.session.game  # noqa: E731 - the newest game object
    state = lambda: game().state  # noqa: E731

    # Part 1 is the players' own: each enters the blessings their prayers made.
    for _ in range(3):
        await decide(d, "+1 blessing")
    await d.until(lambda: state().players[0].blessings == 3, "Alena's blessings entered")
    await decide(d, "Part 1 entered")
    for _ in range(2):
        await decide(d, "+1 blessing")
    await decide(d, "Part 1 entered")
    assert state().phase == "calling"

    # III.A: soldiers called by a scan, for their blessing cost.
    await scan(d, "iron_legionary")
    await decide(d, "Done calling")
    await scan(d, "temple_guard")
    await decide(d, "Done calling")
    assert [u.card_id for u in state().players[0].soldiers] == ["iron_legionary"]

    # III.B: nobody can call a hero in spiral 1; order passes to Anton.
    await decide(d, "Done with heroes")
    await decide(d, "Done with heroes")
    assert state().order == 1 and state().phase == "soldier_combat"
    await quiet_screen(d)
    await d.screenshot("devacurse_scoreboard")
    d.notes["alena_lines"] = list(d.session.seats[0].lines)

    # IV.A: Anton does not attack; Alena attacks in the combat assistant, Anton's Temple
    # Guard blocks; the forecast shows before anyone confirms.
    await decide(d, "No attack")
    screen = await visit(d, "Combat assistant", "deva_combat")
    row = screen.rows[0]
    await d.tap(row.children[0])  # stays back -> attacks
    assert screen.forecast == "Anton loses 3 Faith", screen.forecast
    await d.tap(screen.ids.confirm)
    await d.until(lambda: state().combat is not None and state().combat.step == "block", "attack")
    row = screen.rows[0]
    await d.tap(row.children[0])  # doesn't block -> blocks Iron Legionary
    d.notes["forecast"] = screen.forecast
    await d.screenshot("devacurse_combat")
    await d.tap(screen.ids.confirm)
    await d.until(lambda: state().combat.step == "damage", "blocks declared")
    await d.tap(screen.ids.confirm)  # Resolve
    await d.until(lambda: state().phase == "hero_combat", "the soldier combat resolved")
    assert state().players[1].cenotaph == ("temple_guard",)
    await d.tap(screen.ids.back)
    await d.frames(2)

    # IV.B, V, VI: nobody has heroes; the turn ends with the penalty the band showed.
    await decide(d, "No attack")
    await decide(d, "No attack")
    await decide(d, "End the turn")
    await decide(d, "End the turn")
    assert state().spiral == 2 and state().players[0].faith == 19

    # Anton's Faith dial turned by hand: a card's text cost him Faith.
    device = d.app.hardware_link.simulated[0]
    device.turn_dial(1, 3)
    await d.until(lambda: state().players[1].faith == 3, "Anton's dial sets his Faith")

    # Spiral 2: through to Alena's attack; the Legionary's 3 AT takes Anton's last Faith.
    for label in ("Part 1 entered", "Part 1 entered", "Done calling", "Done calling"):
        await decide(d, label)
    await decide(d, "Done with heroes")
    await decide(d, "Done with heroes")
    assert state().order == 0
    await decide(d, "Attack: Iron Legionary")
    await decide(d, "No block")
    await decide(d, "Resolve: Anton loses 3 Faith")
    await d.until(lambda: game().outcome() is not None, "a winner")
    outcome = game().outcome()
    d.notes["winner"] = game().player_names()[outcome.winner]
    await quiet_screen(d)
    await d.screenshot("devacurse_winner")
    assert scoreboard(d) is not None


async def damage_order(d: Any) -> None:
    """IV.A: Alena's Iron Legionary blocked by Anton's Temple Guard and Storm Colossus; in the
    combat assistant Alena taps the Guard's row to take the AT second, sees the forecast
    change, sets the order, then resolves (README reading 5)."""
    from engine.devacurse import actions as da

    s = d.session
    s.start_new(["Alena", "Anton"], kind="devacurse", seed=7, options={"faith": "18"})
    d.app.show("scoreboard")
    for seat, card in ((0, "iron_legionary"), (1, "temple_guard"), (1, "storm_colossus")):
        assert s.command(da.MoveCard(seat, card, "soldiers")), s.message
    game = s.game
    while game.state.phase != "soldier_combat":
        assert s.pass_priority(), s.message
    assert s.command(da.Attack(1))
    ids = {u.card_id: u.id for p in game.state.players for u in p.soldiers}
    legionary = ids["iron_legionary"]
    assert s.command(da.Attack(0, (legionary,)))
    blocks = ((ids["temple_guard"], legionary), (ids["storm_colossus"], legionary))
    assert s.command(da.Block(1, blocks))
    await quiet_screen(d)
    screen = await visit(d, "Combat assistant", "deva_combat")
    await d.until(lambda: len(screen.rows) == 2, "a row per blocker of the Legionary")
    d.notes["before"] = screen.forecast.split("\n")
    guard_row = next(r for r in screen.rows if r.unit_id == ids["temple_guard"])
    await d.tap(guard_row.children[0])  # 1st -> 2nd
    await d.until(lambda: screen.confirm_text == "Set the damage order", "the order changed")
    d.notes["after"] = screen.forecast.split("\n")
    buttons = [screen.confirm_text]
    await d.screenshot("devacurse_damage_order_landscape")
    await d.tap(screen.ids.confirm)
    await d.until(lambda: game.state.combat.blocks[0][0] == ids["storm_colossus"], "ordered")
    await d.until(lambda: screen.confirm_text == "Resolve", "the rows show the new order")
    buttons.append(screen.confirm_text)
    d.notes["buttons"] = buttons
    await d.tap(screen.ids.confirm)
    await d.until(lambda: game.state.phase == "hero_combat", "the soldier combat resolved")
    d.notes["damage"] = {
        u.card_id: u.damage for u in game.state.players[1].soldiers if u.card_id in ids
    }


# The decisions Anton's panel offered at step 71 of the explorer's seed 5 (issue 33, item 6):
# four blocks, too long together to stand beside the question.
CROWDED = (
    "No block",
    "Block: Ash Spearman, Anton's Sun Avatar",
    "Block: Ash Spearman",
    "Block: Anton's Sun Avatar",
)


async def acting_seat_room(d: Any) -> None:
    """Anton's panel with four decisions under its question, its cards, a soldier and a hero
    (tests/app/journeys_crowded.py): ``d.notes["problems"]``."""
    from engine.devacurse import actions as da
    from tests.app.journeys_crowded import crowded

    anton = 1
    d.notes["problems"] = await crowded(
        d,
        "devacurse",
        anton,
        (
            da.MoveCard(anton, "ash_spearman", "soldiers"),
            da.MoveCard(anton, "sun_avatar", "heroes"),
        ),
        CROWDED,
        "devacurse_crowded",
    )
