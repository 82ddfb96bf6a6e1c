"""Scripted journeys through the real app, run by tests/app/drive.py in their own process.

Each journey plays like the players would: touches on widgets, turns and scans on the
simulated device (real protocol frames through the device manager), and asserts both what
the widgets show and what the engine holds.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any

from companion_app.session.clock import ManualClock
from companion_app.simulator.sim_tags import sim_uid


def scoreboard(d: Any) -> Any:
    return d.screen("scoreboard")


async def at_the_table(
    d: Any, names: Sequence[str] = ("Alena", "Anton"), seed: int = 11, **options: Any
) -> Any:
    """A new game started on the session, the first name first, on a clock the journey moves
    (nothing passes by itself: every step is the journey's); the scoreboard once it shows a
    panel per seat (returned)."""
    s = d.session
    s.clock = ManualClock()
    s.start_new(list(names), seed=seed, first_player=0, **options)
    d.app.show("scoreboard")
    board = scoreboard(d)
    await d.until(lambda: len(board.panels) == len(names), "a panel per seat")
    return board


def commanding(session: Any) -> Callable[[Any], None]:
    """The session's ``command`` that fails the journey, in the session's words, on a refusal."""

    def command(action: Any) -> None:
        assert session.command(action), session.message

    return command


async def start_two_player_game(d: Any, names: tuple[str, ...] = ("Alena", "Anton")) -> None:
    """Through the new-game screen, as players would: names typed, Start tapped."""
    assert d.app.sm.current == "newgame", d.app.sm.current
    new = d.screen("newgame")
    while new.players > len(names):
        await d.tap(new.ids.fewer)
    while new.players < len(names):
        await d.tap(new.ids.more)
    for row, name in zip(new.rows, reversed(names), strict=True):
        row.ids.name.text = name
    # Typed in the wrong order: "Up" swaps two seats, colours and all.
    colours = [row.colour_index for row in new.rows]
    await d.tap(new.rows[1].ids.up)
    assert [row.ids.name.text for row in new.rows] == list(names)
    assert [row.colour_index for row in new.rows] == colours[::-1]
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
    await d.until(lambda: alena.tiles["devotion"].value == "4", "Alena's dial shows on her panel")
    assert game.state.players[0].devotion == 4
    d.notes["after_dial"] = alena.tiles["devotion"].value

    device.place_tag(0, sim_uid("psychopomp"))
    await d.until(lambda: d.session.scans, "the scanned card appears")
    card_seat, card = next(iter(d.session.scans.items()))
    panel = board.card_panels[card_seat]
    assert panel.parent is not None and panel.ids.name.text == card.name
    d.notes["scan"] = [card_seat, card.name, card.verdict]
    # The device's light says the same as the tablet: red, it can't be played now.
    from hardware import wire

    await d.until(lambda: device.feedback, "the reader gets its light")
    assert device.feedback[-1] == (wire.FEEDBACK_REFUSE, 0), device.feedback

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
            lambda b=board, n=players: (
                len(b.panels) == n and b.panels[1].tiles["devotion"].value == "2"
            ),
            "the scoreboard shows the position",
        )
        # Let the dials answer the values we set, then clear the notice line: a screenshot
        # must not depend on which message arrived last.
        await d.until(lambda: not d.session.table.echoes.awaiting(), "the dials answer")
        d.session.say("")
        panels = d.screen("scoreboard").panels
        assert len(panels) == players
        assert (
            panels[0].tiles["devotion"].value == "5"
            and panels[0].tiles["max_devotion"].value == "6"
        )
        assert panels[1].tiles["base:0"].dimmed and panels[0].tiles["base:3"].value == "2"
        await d.screenshot(f"scoreboard_{players}p_{orientation}")


def decision_buttons(d: Any) -> list[tuple[int, Any]]:
    """(seat, button) for every one-tap decision on the table: they sit on the acting
    player's own panel, facing them."""
    return [
        (panel.seat, b) for panel in scoreboard(d).panels for b in panel.ids.decide_buttons.children
    ]


async def tap_choice(d: Any, label: str) -> None:
    """Tap a player's button for one of the engine's one-tap decisions (on their own panel,
    once its new buttons take taps: the panel says when, on Kivy's clock)."""
    await d.until(
        lambda: any(b.text == label for _s, b in decision_buttons(d)),
        f"the acting player's panel offers '{label}'",
    )
    seat, button = next((s, b) for s, b in decision_buttons(d) if b.text == label)
    panel = next(p for p in scoreboard(d).panels if p.seat == seat)
    await d.until(panel.takes_taps, f"seat {seat + 1}'s new buttons take taps")
    seat, button = next((s, b) for s, b in decision_buttons(d) if b.text == label)
    assert button.action.player == seat, (seat, label)  # on the panel of whoever decides
    before = len(d.session.game.history)
    await d.tap(button)
    await d.until(lambda: len(d.session.game.history) > before, f"'{label}' is taken")


async def pass_until(d: Any, step: str, turn: int | None = None) -> None:
    """Tap "Next step" until the engine is in ``step`` (and ``turn``)."""
    for _ in range(12):
        state = d.session.game.state
        if state.step.value == step and (turn is None or state.turn == turn):
            return
        await d.tap(scoreboard(d).ids.next_step)
    state = d.session.game.state
    raise AssertionError(f"never reached {step}: at {state.step.value}, turn {state.turn}")


async def scan(d: Any, card_id: str) -> None:
    device = d.app.hardware_link.simulated[0]
    before = len(d.session.game.history)
    device.place_tag(0, sim_uid(card_id))
    await d.until(
        lambda: any(v.card_id == card_id for v in d.session.scans.values()),
        f"{card_id} appears in front of its player",
    )
    view = next(v for v in d.session.scans.values() if v.card_id == card_id)
    assert view.played, f"{card_id} refused: {view.reason}"
    assert len(d.session.game.history) == before + 1
    device.remove_tag(0)
    await d.frames(2)


async def commit_characters(d: Any, seat: int, cards: tuple[str, ...]) -> None:
    """In ``seat``'s commit step: dial up devotion, scan characters, the other side passes."""
    device = d.app.hardware_link.simulated[0]
    device.turn_dial(seat, 10)
    await d.until(lambda: d.session.game.state.players[seat].devotion == 10, "the dial to 10")
    for card in cards:
        await scan(d, card)
        await tap_choice(d, "Pass")  # the other player lets it resolve
        await d.until(lambda: not d.session.game.state.stack, f"{card} resolves")


async def choose(d: Any, screen: Any, row_label_start: str, option_start: str) -> None:
    row = next(r for r in screen.rows if r.label.startswith(row_label_start))
    for _ in range(len(row.spec.options)):
        if row.spec.options[row.chosen][0].startswith(option_start):
            return
        await d.tap(row.children[0])  # the choice button cycles
    raise AssertionError(f"{row_label_start} has no option {option_start}")


async def until_declaration(d: Any, combat: Any, phase: str) -> None:
    """Everyone passes on the table until the combat assistant opens by itself for
    ``phase``."""
    for _ in range(6):
        if d.app.sm.current == "combat" and combat.phase == phase:
            return
        if d.app.sm.current == "scoreboard":
            await d.tap(scoreboard(d).ids.next_step)
        await d.frames(3)
    await d.until(lambda: d.app.sm.current == "combat" and combat.phase == phase, phase)


async def journey(d: Any) -> None:
    """A whole game start: new game, mulligans, dials, scans, a combat with a blocker and a
    flanker predicted then applied, undo; resumed by journey_resume in a second process."""
    # Nothing advances by itself here (a quiet step passes after 4 s of the session's clock):
    # on a loaded machine 4 s of real time passed mid-journey and the combat resolved alone.
    d.session.clock = ManualClock()
    await d.screenshot("newgame")
    await start_two_player_game(d)
    game = d.session.game
    first = game.state.active
    other = 1 - first
    d.notes["first"] = first
    await tap_choice(d, "Keep hand")
    await tap_choice(d, "Keep hand")
    # Turn 1: the first player develops, has nobody to attack with, commits two characters.
    await tap_choice(d, "+1 max")
    await pass_until(d, "commit", 1)
    await commit_characters(d, first, ("asterion_bull", "cult_zealot"))
    # Turn 2: the other player commits one character to block with.
    await pass_until(d, "develop", 2)
    await tap_choice(d, "+1 max")
    await pass_until(d, "commit", 2)
    await commit_characters(d, other, ("lunari_acolyte",))
    # Turn 3: the first player attacks with the bull; the acolyte blocks; the zealot flanks.
    await pass_until(d, "develop", 3)
    await tap_choice(d, "Draw a card")
    await pass_until(d, "choose_attackers", 3)
    # The declaration is due and there is a real choice: the assistant opens by itself.
    await d.until(lambda: d.app.sm.current == "combat", "the combat assistant opens by itself")
    combat = d.screen("combat")
    assert d.app.sm.current == "combat" and combat.phase == "attackers", combat.title
    await choose(d, combat, "Asterion Bull", "attacks")
    # The zealot is picked by scanning its card: in the combat assistant a scan picks, it
    # doesn't play the card.
    history = len(d.session.game.history)
    zealot = next(r for r in combat.rows if r.label.startswith("Cult Zealot"))
    device = d.app.hardware_link.simulated[0]
    device.place_tag(0, sim_uid("cult_zealot"))
    await d.until(lambda: zealot.chosen == 1, "scanning the zealot picks it to attack")
    device.remove_tag(0)
    assert len(d.session.game.history) == history
    assert zealot.spec.options[zealot.chosen][0].startswith("attacks")
    d.notes["attack_prediction"] = combat.prediction
    await d.tap(combat.ids.confirm)
    # Declared: a window to respond, on the table (the band's Pass), where the page goes back.
    await d.until(lambda: d.app.sm.current == "scoreboard", "back on the table to respond")
    # Opened by hand between declarations, it says what the combat will do (it was empty).
    d.app.show("combat")
    await d.frames(3)
    d.notes["after_confirm"] = combat.prediction
    await d.tap(combat.ids.next_step)  # everyone passes: blockers are due
    await d.until(lambda: combat.phase == "blockers", "blockers are asked for")
    # The blocker's choice faces its player: turned to the seat's edge, as their panel is.
    panel_turn = scoreboard(d).turners[combat.seat].rotation
    await d.until(lambda: combat.ids.turner.rotation == panel_turn, "it turns to the blocker")
    d.notes["blockers_face"] = [combat.seat, combat.ids.turner.rotation]
    await d.screenshot("journey_blockers_face_their_player")
    await choose(d, combat, "Lunari Acolyte", "blocks Asterion")
    await d.tap(combat.ids.confirm)
    await until_declaration(d, combat, "flankers")  # a response window may come first
    await choose(d, combat, "Cult Zealot", "flanks")
    prediction = combat.prediction
    d.notes["flank_prediction"] = prediction
    assert "Lunari Acolyte" in prediction and "dies" in prediction, prediction
    acolyte_alive = lambda: any(  # noqa: E731
        p.card_id == "lunari_acolyte" for p in d.session.game.state.players[other].in_play
    )
    assert acolyte_alive()
    await d.screenshot("journey_flank_prediction")
    await d.tap(combat.ids.confirm)
    # Combat damage has no choice to make here: once everyone passes, the acolyte dies.
    for _ in range(6):
        if not acolyte_alive():
            break
        if d.app.sm.current == "scoreboard":
            await d.tap(scoreboard(d).ids.next_step)
        await d.frames(2)
    await d.until(lambda: not acolyte_alive(), "the acolyte dies in combat")
    d.notes["moves_at_death"] = len(d.session.game.history)
    # Its moment has passed: the assistant goes back to the table by itself, and the
    # fight's result stays on the band for every seat to read.
    await d.until(lambda: d.app.sm.current == "scoreboard", "back on the table by itself")
    await d.until(lambda: "dies" in d.session.news, "the result is on the band")
    d.notes["news"] = d.session.news
    await d.screenshot("journey_combat_result")
    # Undo the last command from the log screen; the acolyte is back.
    d.app.show("log")
    await d.frames(3)
    log = d.screen("log")
    for _ in range(4):  # the passes after the damage, then the one that dealt it
        await d.tap(log.ids.undo_last)
        await d.frames(2)
        if acolyte_alive():
            break
    await d.until(acolyte_alive, "undo brings the acolyte back")
    d.notes["history"] = len(d.session.game.history)
    d.notes["devotion"] = [p.devotion for p in d.session.game.state.players]
    d.notes["in_play"] = sorted(
        p.card_id for pl in d.session.game.state.players for p in pl.in_play
    )
    d.notes["step"] = d.session.game.state.step.value
    # Quit: the app stops here; journey_resume opens the same saved games.


async def journey_resume(d: Any) -> None:
    """Start again on the same saved games: resume is offered and puts everything back."""
    d.session.clock = ManualClock()  # the resumed quiet step must wait to be looked at
    assert d.app.sm.current == "start", d.app.sm.current
    start = d.screen("start")
    assert "Alena" in start.summary and "Anton" in start.summary, start.summary
    await d.screenshot("resume_offer")
    await d.tap(start.ids.resume)
    await d.until(lambda: d.app.sm.current == "scoreboard", "the scoreboard after resume")
    game = d.session.game
    d.notes["history"] = len(game.history)
    d.notes["devotion"] = [p.devotion for p in game.state.players]
    d.notes["in_play"] = sorted(p.card_id for pl in game.state.players for p in pl.in_play)
    d.notes["step"] = game.state.step.value
    board = scoreboard(d)
    for seat, panel in enumerate(board.panels):
        assert panel.tiles["devotion"].value == str(game.state.players[seat].devotion)
    await d.screenshot("journey_resumed")


async def saved_on_signal(d: Any) -> None:
    """For the signal test (test_signals.py): a game with moves and a burst of taps still
    open (on a clock that stands still, so only leaving can commit it); prints READY and the
    number of commands logged, then waits for the app to be stopped from outside."""
    import asyncio

    from engine.zeal import actions as za

    session = d.session
    session.clock = ManualClock()
    session.start_new(["Alena", "Anton"], seed=11, first_player=0)
    d.app.show("scoreboard")
    for seat in (0, 1):
        assert session.command(za.KeepHand(seat))
    for _ in range(2):
        session.nudge(0, "devotion", +1)
    assert session.preview_for(0, "devotion") == "+2 = 2"
    await d.frames(2)
    d.notes["ends_when_the_app_stops"] = True
    print(f"READY {len(session.game.history)}", flush=True)
    await asyncio.Event().wait()  # until the signal stops the app


async def endless(d: Any) -> None:
    """A scripted game that never ends, for the kill -9 test: resume if there is a game,
    then keep changing things (dial turns, base taps, bursts, undos). Before each change it
    prints CHANGING; after it, how many commands the log holds and the newest one, once they
    are on disk."""
    import json
    import random

    from engine.zeal import actions as za

    session = d.session
    saved = session.saved_game()
    if saved is not None:
        session.resume(saved)
    else:
        session.start_new(["Alena", "Anton"], seed=3, first_player=0)
    d.app.show("scoreboard")
    device = d.app.hardware_link.simulated[0]
    # Seeded by the commands already logged: each restart after a kill plays on from what is
    # on disk, the same moves for the same log (the kill test draws its moments from a seed).
    rng = random.Random(len(session.require_game().history))
    store = session.store
    while True:
        print("CHANGING", flush=True)  # the kill test may kill now, mid-change
        move = rng.randrange(5)
        seat = rng.randrange(2)
        if move == 0:
            value = rng.randrange(14)
            # A turn made while the dial has yet to answer a value the table sent it can be
            # taken for that answer (hardware/dial_echo.py) and ignored: then the wait below
            # hung for its whole minute and the kill came late. A player turns a settled dial.
            await d.until(lambda: not session.table.echoes.awaiting(), "the dials answer")
            device.turn_dial(seat, value)
            await d.until(
                lambda s=seat, v=value: session.game.state.players[s].devotion == v,
                "the dial turn reaches the engine",
            )
        elif move == 1:
            session.command(za.SetBase(seat, rng.randrange(6), damage=rng.randrange(5)))
        elif move == 2:
            for _ in range(rng.randrange(1, 4)):
                session.nudge(seat, "max_devotion", rng.choice((1, -1)))
            session.flush_bursts()
        elif move == 3:
            session.toggle(seat, f"base:{rng.randrange(6)}")
        else:
            # Said before it happens: a kill during the undo may leave one command fewer.
            print("UNDOING", flush=True)
            session.undo_last()
        commands = store.load(session.game_id).commands
        last = json.dumps(commands[-1], sort_keys=True) if commands else ""
        print(f"LOGGED {len(commands)} {last}", flush=True)
        await d.frames(1)


async def visit(d: Any, label: str, name: str) -> Any:
    """Open a screen from the menu, as a player would."""
    # A screen manager ignores touches while it switches: give it a frame, as fingers do.
    await d.frames(2)
    await d.tap(scoreboard(d).ids.menu)
    assert d.app.sm.current == "menu", f"the menu did not open ({d.app.sm.current})"
    button = next(b for b in d.screen("menu").walk() if getattr(b, "text", "") == label)
    await d.tap(button)
    assert d.app.sm.current == name, (d.app.sm.current, d.session.message)
    return d.screen(name)


async def screens(d: Any) -> None:
    """Taps on the counters (burst preview, long press for 5), an unknown tag enrolled from
    its popup, the keyboard's simulator keys, and every other screen drawn."""
    from kivy.clock import Clock
    from kivy.core.window import Window

    from companion_app.session.game_session import BURST_SETTLE_S
    from companion_app.simulator.keyboard_sim import KEY_UP
    from companion_app.simulator.sim_tags import UNKNOWN_UID

    await start_two_player_game(d)
    board = scoreboard(d)
    session = d.session
    alena = board.panels[0]
    # Three quick taps on "+": a preview, then one command. "Quick" is the test's to say,
    # not the machine's: the session's timers run on a clock this journey moves.
    clock = ManualClock()
    session.clock = clock
    history = len(session.game.history)
    for _ in range(3):
        await d.tap_side(alena.tiles["devotion"], +1)
        clock.advance(BURST_SETTLE_S / 2)  # well within the burst window
    assert alena.tiles["devotion"].preview == "+3 = 3", alena.tiles["devotion"].preview
    d.notes["preview"] = alena.tiles["devotion"].preview
    await d.screenshot("burst_preview")
    assert len(session.game.history) == history  # still open: nothing committed yet
    clock.advance(BURST_SETTLE_S)  # the taps stop: the burst settles
    await d.until(lambda: alena.tiles["devotion"].value == "3", "the burst becomes one change")
    assert len(session.game.history) == history + 1
    session.clock = Clock
    # A long press on Anton's first base's "+" is a step of 5.
    anton = board.panels[1]
    await d.tap_side(anton.tiles["base:0"], +1, hold=0.7)
    await d.until(lambda: anton.tiles["base:0"].value == "5", "long press adds 5 damage")
    # A tap in the middle of a base turns nothing (issue 33: one tap there turned it face
    # down): it says to hold it; held, the base turns face down.
    await d.tap_side(anton.tiles["base:5"], 0)
    await d.until(lambda: "hold the middle" in session.message, "the tap says to hold it")
    d.notes["middle_tap"] = [session.game.state.players[1].bases[5].face_up, session.message]
    await d.tap_side(anton.tiles["base:5"], 0, hold=0.7)
    await d.until(lambda: anton.tiles["base:5"].dimmed, "the base turns face down")
    assert not session.game.state.players[1].bases[5].face_up
    # The keyboard turns the simulated dial: Up on dial 1 (Alena's).
    await d.key(KEY_UP)
    await d.until(lambda: alena.tiles["devotion"].value == "4", "Up turns Alena's dial")
    # An unknown tag: the popup offers to enrol it; enrolled, it scans as that card.
    device = d.app.hardware_link.simulated[0]
    device.place_tag(0, UNKNOWN_UID)
    await d.until(lambda: session.unknown_tag is not None, "the unknown tag is noticed")
    popup = next(w for w in Window.children if type(w).__name__ == "EnrolPopup")
    popup.face.ids.card.text = "Psychopomp"
    await d.screenshot("enrol_popup")
    await d.tap(popup.face.ids.enrol)
    assert d.session.cards.card_for(UNKNOWN_UID) == "psychopomp"
    device.remove_tag(0)
    await d.frames(2)
    device.place_tag(0, UNKNOWN_UID)
    await d.until(
        lambda: any(v.card_id == "psychopomp" for v in session.scans.values()),
        "the enrolled tag scans as its card",
    )
    view = next(v for v in session.scans.values() if v.card_id == "psychopomp")
    panel = board.card_panels[view.seat]
    assert panel.ids.name.text == "Psychopomp" and panel.ids.verdict.text == view.verdict
    d.notes["verdict"] = view.verdict
    await d.screenshot("scanned_card")
    await d.tap(panel.ids.dismiss)
    assert view.seat not in session.scans
    # A card with a keyword: a long press on the keyword shows the rulebook's words for it.
    device.remove_tag(0)
    await d.frames(2)
    device.place_tag(0, sim_uid("storm_drake"))
    await d.until(
        lambda: any(v.card_id == "storm_drake" for v in session.scans.values()),
        "the drake appears",
    )
    drake = next(v for v in session.scans.values() if v.card_id == "storm_drake")
    panel = board.card_panels[drake.seat]
    chip = next(c for c in panel.ids.keywords.children if c.keyword == "fly")
    await d.tap(chip, hold=0.7)
    assert "can't be blocked or flanked" in panel.ids.text.text, panel.ids.text.text
    d.notes["glossary"] = panel.ids.text.text
    await d.screenshot("keyword_glossary")
    await d.tap(panel.ids.dismiss)
    # Every other screen draws.
    log = await visit(d, "Log and undo", "log")
    assert len(log.ids.lines.children) == len(session.game.history) or len(
        log.ids.lines.children
    ) == min(len(session.game.history), 60)
    assert "Anton" in log.ids.story.text or "Alena" in log.ids.story.text, log.ids.story.text
    await d.screenshot("log")
    await d.tap(log.ids.back)
    history_screen = await visit(d, "History", "history")
    plot = history_screen.ids.devotion_plot
    assert plot.values() and plot.samples == session.history
    await d.screenshot("history")
    # Open, the plots follow the game; closed, they are left alone (a plot walks every turn:
    # it must not cost every command of a long game on the scoreboard).
    device.turn_dial(0, 6)
    await d.until(lambda: plot.values()[0][-1] == 6, "the open plot follows the dial")
    await d.tap(next(b for b in history_screen.walk() if getattr(b, "text", "") == "Back"))
    shown = plot.samples
    device.turn_dial(0, 7)
    await d.until(lambda: alena.tiles["devotion"].value == "7", "the dial turns Alena's devotion")
    assert session.history != shown and plot.samples is shown
    await visit(d, "History", "history")
    assert plot.samples == session.history and plot.values()[0][-1] == 7
    await d.tap(next(b for b in history_screen.walk() if getattr(b, "text", "") == "Back"))
    devices = await visit(d, "Devices", "devices")
    await d.frames(3)
    assert devices.ids.devices.children, "the simulated device is listed"
    d.notes["device_row"] = devices.ids.devices.children[0].text
    row = devices.ids.devices.children[0]
    await d.tap(next(b for b in row.children if getattr(b, "text", "") == "Give dials seats"))
    # Under the seat summary, where the screen's refresh every second keeps it.
    assert devices.status.endswith("\nEvery seat already has a dial."), devices.status
    await d.screenshot("devices")
    d.app.show("scoreboard")
    catalog = await visit(d, "Catalog and tags", "catalog")
    catalog.ids.search.text = "lunari"
    await d.frames(2)
    assert "Lunari" in catalog.ids.cards.text
    d.notes["catalog_status"] = catalog.status
    # Importing a catalog file: a broken one is refused saying where, a good one adds cards.
    bad = d.out / "broken.toml"
    bad.write_text('[[card]]\nid = "x1"\nname = "Broken"\ntype = "character"\ncost = -2\n')
    catalog.ids.import_path.text = str(bad)
    await d.tap(next(b for b in catalog.walk() if getattr(b, "text", "") == "Import"))
    d.notes["import_error"] = catalog.status
    assert "broken.toml" in catalog.status, catalog.status
    good = d.out / "extra.toml"
    good.write_text(
        '[[card]]\nid = "table_ghoul"\nname = "Table Ghoul"\ntype = "character"\n'
        'cult = "Specter"\ncost = 2\ncombat = 2\n'
    )
    catalog.ids.import_path.text = str(good)
    await d.tap(next(b for b in catalog.walk() if getattr(b, "text", "") == "Import"))
    assert "Imported 1 cards" in catalog.status, catalog.status
    assert d.session.catalog.get("table_ghoul").name == "Table Ghoul"
    # Enrolling a deck: each tag put on the reader becomes the next card, with progress.
    catalog.ids.enrol_cult.text = "Magi deck"
    await d.tap(next(b for b in catalog.walk() if getattr(b, "text", "") == "Enrol tags"))
    total = catalog.enrol_total
    assert total == len(d.session.catalog.of_cult("Magi")) and catalog.enrol_done == 0
    for n in range(2):
        device.place_tag(0, bytes([0x04, 0xE0, 0, 0, 0, 0, n]))
        await d.until(lambda n=n: catalog.enrol_done == n + 1, "the tag is enrolled")
        device.remove_tag(0)
        await d.frames(2)
    first = d.session.catalog.of_cult("Magi")[0].id
    assert d.session.cards.card_for(bytes([0x04, 0xE0, 0, 0, 0, 0, 0])) == first
    d.notes["enrol_status"] = catalog.status
    await d.screenshot("catalog")
    d.app.show("scoreboard")
    adjust = await visit(d, "Adjust cards", "adjust")
    # The table put a card into play by hand: the engine learns it from here.
    adjust.ids.card_id.text = "specter wisp (sample)"  # its name, case forgiven
    while adjust.zone != "play":
        await d.tap(next(b for b in adjust.walk() if getattr(b, "text", "").startswith("Zone:")))
    await d.tap(next(b for b in adjust.walk() if getattr(b, "text", "") == "Move"))
    seat = adjust.seat
    assert any(p.card_id == "specter_wisp" for p in session.game.state.players[seat].in_play), (
        session.message
    )
    await d.screenshot("adjust")
    d.app.show("scoreboard")
    sim = await visit(d, "Simulator", "simulator")
    await d.tap(sim.ids.dial1_up)
    await d.until(lambda: board.panels[1].tiles["devotion"].value == "1", "the panel's dial turns")
    sim.ids.command.text = "dial 2 6"  # counted from 1, as the rows say "Dial 2"
    await d.tap(sim.ids.run)
    await d.until(
        lambda: board.panels[1].tiles["devotion"].value == "6", "a typed command turns it"
    )
    sim.ids.command.text = "dail 2 6"
    await d.tap(sim.ids.run)
    d.notes["bad_command"] = sim.status
    assert sim.status and not sim.status.startswith("Done"), sim.status
    await d.screenshot("simulator")


async def real_devices(d: Any) -> None:
    """Without --simulator the app looks for real devices; with none here (no USB dials, no
    Bluetooth stack) it says so in players' words and the game goes on by hand."""
    d.session.start_new(["Alena", "Anton"], seed=5)
    d.app.show("scoreboard")
    await d.frames(3)
    devices = await visit(d, "Devices", "devices")
    await d.tap(devices.ids.search)
    await d.until(
        lambda: "Found" in devices.status or "No new devices" in devices.status,
        "the search reports what it found",
        timeout=30,
    )
    d.notes["search"] = devices.status
    await d.screenshot("devices_search")
    # The game still works by hand.
    d.app.show("scoreboard")
    await d.frames(2)
    await d.tap_side(scoreboard(d).panels[0].tiles["devotion"], +1, hold=0.7)
    await d.until(lambda: d.session.game.state.players[0].devotion == 5, "a long press adds 5")
