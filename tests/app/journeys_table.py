"""Journeys at the table (issue 16): every seat reads and acts from its chair. Run by
tests/app/drive.py as "tests.app.journeys_table:<name>", each in its own process."""

from __future__ import annotations

from typing import Any

from companion_app.session.clock import ManualClock
from companion_app.simulator.sim_tags import sim_uid
from companion_app.widgets.seating import seat_frames
from engine.zeal import actions as za
from tests.app.journeys import decision_buttons, scoreboard, tap_choice


async def _start(d: Any, players: int) -> None:
    names = ["Alena", "Anton", "Bea", "Carl", "Dana", "Emil", "Fay", "Gus"][:players]
    # Nothing advances by itself unless a journey moves this clock: on a loaded machine a
    # quiet step passed after 4 s of real time and the page no longer faced the actor.
    d.session.clock = ManualClock()
    d.session.start_new(names, seed=11, first_player=0)
    d.app.show("scoreboard")
    await d.until(lambda: len(scoreboard(d).panels) == players, "a panel per seat")
    await d.frames(3)


async def _seats_face_their_players(d: Any, players: int) -> None:
    """Through the mulligans, each player's question and buttons are on their own panel,
    turned to their edge of the table, and nobody else's panel offers them."""
    await _start(d, players)
    board = scoreboard(d)
    w, h = board.size
    frames = seat_frames(players, w, h)
    seen = []
    for _ in range(players):
        actor = d.session.game.acting_player()
        await d.until(lambda a=actor: {s for s, _b in decision_buttons(d)} == {a}, "one panel")
        panel = board.panels[actor]
        assert panel.decision.startswith(d.session.game.player_names()[actor]), panel.decision
        turned = round(board.turners[actor].rotation) % 360
        assert turned == frames[actor].rotation % 360, (actor, turned, frames[actor], board.size)
        seen.append([actor, int(board.turners[actor].rotation) % 360, panel.decision])
        if actor == 0 or len(seen) == 2:
            await d.screenshot(f"seats_face_{players}p_{len(seen)}")
        await tap_choice(d, "Keep hand")
    d.notes["seen"] = seen


async def seats_face_2(d: Any) -> None:
    await _seats_face_their_players(d, 2)


async def seats_face_4(d: Any) -> None:
    await _seats_face_their_players(d, 4)


async def seats_face_8(d: Any) -> None:
    await _seats_face_their_players(d, 8)


async def _to_combat_start_with_a_target(d: Any) -> Any:
    """Two players past the mulligans, Alena with devotion to spend, Anton a character."""
    await _start(d, 2)
    s = d.session
    for command in (
        za.KeepHand(0),
        za.KeepHand(1),
        za.Develop(0, "devotion"),
        za.SetDevotion(0, current=6),
        za.MoveCard(1, "psychopomp", "play"),
    ):
        assert s.command(command), s.message
    await d.frames(3)
    return d.app.hardware_link.simulated[0]


async def targeted_spell(d: Any) -> None:
    """Burn by scan, its target by scanning the target's card; Siege Bolt by a tap on Play,
    its target by a tap on Anton's base. The targets are taken and the damage done."""
    device = await _to_combat_start_with_a_target(d)
    s, board = d.session, scoreboard(d)
    device.place_tag(0, sim_uid("burn"))
    await d.until(lambda: 0 in s.picking, "Burn asks Alena for a target")
    picker = board.pickers[0]
    assert picker.parent is board.turners[0]  # in front of Alena, facing her
    assert [b.text for b in picker.ids.options.children][::-1] == [
        "Anton's Psychopomp",
        "No target",
    ]
    await d.screenshot("target_picker")
    device.remove_tag(0)
    device.place_tag(0, sim_uid("psychopomp"))  # scanning the target picks it
    await d.until(lambda: not s.picking and s.game.state.stack, "Burn is played at it")
    device.remove_tag(0)
    target = s.game.state.stack[-1].targets
    assert target == (s.game.state.players[1].in_play[0].id,)
    for seat in (1, 0):
        assert s.command(za.Pass(seat))
    await d.until(lambda: not s.game.state.players[1].in_play, "Psychopomp dies of 3 damage")
    if s.game.state.priority == 1:
        assert s.command(za.Pass(1))  # Anton lets it be: on to Alena's Commit
    # Siege Bolt shown by a scan at a moment it can't go... then played by a tap on Play.
    s.show_card(0, "siege_bolt")
    await d.until(lambda: board.card_panels[0].parent is not None, "the card is shown")
    await d.tap(board.card_panels[0].ids.play)
    await d.until(lambda: 0 in s.picking, "Siege Bolt asks for a base")
    base = board.panels[1].tiles["base:2"]
    await d.tap_side(base, 0)  # a tap on Anton's third base
    await d.until(lambda: s.game.state.stack, "Siege Bolt is played at the base")
    assert s.game.state.stack[-1].targets == ("base:1:2",)
    for seat in (1, 0):
        assert s.command(za.Pass(seat))
    await d.until(lambda: s.game.state.players[1].bases[2].damage == 2, "the base takes 2")
    await d.screenshot("target_done")
    d.notes["base_damage"] = s.game.state.players[1].bases[2].damage


async def winner(d: Any) -> None:
    """Alena's last base falls: the winner is named on the table, to both long edges."""
    from kivy.core.window import Window

    await _start(d, 2)
    s, board = d.session, scoreboard(d)
    for seat in (0, 1):
        assert s.command(za.KeepHand(seat))
    for index in range(6):
        await d.tap_side(board.panels[0].tiles[f"base:{index}"], 0, hold=0.7)
    # The last base by hand would end the game: the table is asked first (issue 20).
    await d.until(lambda: s.ending is not None, "the table is asked before the game ends")
    assert s.game.outcome() is None
    d.notes["asked"] = s.ending[0]
    popup = next(w for w in Window.children if type(w).__name__ == "ConfirmPopup")
    await d.screenshot("winner_asked")
    yes = next(b for b in popup.walk() if getattr(b, "text", "") == "End the game")
    await d.tap(yes)
    await d.until(lambda: board.banner.parent is board, "the winner covers the table")
    # Undo stays where it was: the banner leaves the band uncovered, and a tap on Undo
    # there takes the last base back.
    await d.tap(board.ids.undo)
    await d.until(lambda: s.game.outcome() is None, "Undo on the band takes the end back")
    await d.until(lambda: board.banner.parent is None, "the banner goes with the end")
    await d.tap_side(board.panels[0].tiles["base:5"], 0, hold=0.7)
    await d.until(lambda: s.ending is not None, "asked again")
    popup = next(w for w in Window.children if type(w).__name__ == "ConfirmPopup")
    await d.tap(next(b for b in popup.walk() if getattr(b, "text", "") == "End the game"))
    await d.until(lambda: board.banner.parent is board, "the winner covers the table")
    assert board.banner.headline == "Anton wins!"
    d.notes["headline"] = board.banner.headline
    d.notes["sounds"] = list(s.sounds.played)
    await d.screenshot("winner")


async def undo_holds_the_advance(d: Any) -> None:
    """A quiet step advances by itself; after an undo it waits for something new."""
    await _start(d, 2)
    s = d.session
    clock = ManualClock()  # the countdown runs on the journey's clock, not the machine's
    s.clock = clock
    s.open_windows_pass = True  # the table chose that open windows pass (issue 33)
    for seat in (0, 1):
        assert s.command(za.KeepHand(seat))
    assert s.command(za.Develop(0, "devotion"))  # the start of combat: a quiet window
    moves = len(s.game.history)
    await d.until(lambda: s.auto_text.startswith("Next step in"), "the countdown starts")
    clock.advance(s.auto_advance_s)
    await d.until(lambda: len(s.game.history) > moves, "the quiet step advances by itself")
    assert s.undo_last()
    held = len(s.game.history)
    await d.frames(3)  # the redraw after the undo
    clock.advance(3 * s.auto_advance_s)  # three times the delay: nothing comes back by itself
    await d.frames(2)
    d.notes["held"] = [held, len(s.game.history), s.auto_text]
    assert len(s.game.history) == held and s.auto_text == ""
    await d.screenshot("undo_holds")


def _note_unreadable(d: Any, page: str, screen: Any) -> None:
    """The explorer's reading rule on the page as it faces its edge now: a text cut or
    spilling (the log's times and "Undo this" spilled on a page turned to a side seat)."""
    from tests.app.explorer.checks import reading, visible

    found = d.notes.setdefault("unreadable", [])
    found += [f"{page}: {p}" for seen in visible(screen) for p in reading(seen)]


async def _pages_face_the_actor(d: Any, players: int) -> None:
    """Menu, log and history open turned to the player who acts now, and "Turn" hands them on
    to the next edge of the table. The log tells a run of passes once."""
    await _start(d, players)
    s = d.session
    for seat in range(players):
        assert s.command(za.KeepHand(seat))
    assert s.command(za.Develop(0, "devotion"))
    for _ in range(3):  # priority goes round: a run of passes for the log to fold
        actor = s.game.acting_player()
        assert s.command(za.Pass(actor))
    actor = s.game.acting_player()
    assert actor is not None and actor != 0, actor
    w, h = d.app.root.size
    frames = seat_frames(players, w, h)
    seen = {}
    for page in ("menu", "log", "history"):
        d.app.show(page)
        screen = d.screen(page)
        await d.until(lambda sc=screen, p=page: d.app.sm.current == p and sc.facing == actor, page)
        await d.frames(3)
        turned = round(screen.ids.turner.rotation) % 360
        assert turned == frames[actor].rotation % 360, (page, turned, frames[actor])
        await d.screenshot(f"pages_{players}p_{page}")
        _note_unreadable(d, page, screen)
        await d.tap(screen.ids.turn)
        await d.frames(2)
        _note_unreadable(d, page, screen)
        after = round(screen.ids.turner.rotation) % 360
        assert after != turned, (page, after)  # "Turn" handed it to another edge
        assert after == frames[screen.facing].rotation % 360
        seen[page] = [turned, after]
    log_texts = [line.text for line in d.screen("log").ids.lines.children]
    d.notes["pages"] = seen
    d.notes["log"] = log_texts
    d.app.show("scoreboard")


async def pages_face_2(d: Any) -> None:
    await _pages_face_the_actor(d, 2)


async def pages_face_4(d: Any) -> None:
    await _pages_face_the_actor(d, 4)


async def cannon_button(d: Any) -> None:
    """Conversion Cannon in play for Alena with devotion to spend: the Actions page's button
    names its whole cost, the card from her hand as well as the devotion."""
    await _start(d, 2)
    s = d.session
    for command in (
        za.KeepHand(0),
        za.KeepHand(1),
        za.Develop(0, "devotion"),
        za.SetDevotion(0, current=6),
        za.MoveCard(0, "conversion_cannon", "play"),
        za.MoveCard(1, "psychopomp", "play"),
    ):
        assert s.command(command), s.message
    d.app.show("zeal_actions")
    page = d.screen("zeal_actions")
    await d.until(lambda: d.app.sm.current == "zeal_actions", "the Actions page")
    await d.until(lambda: page.ids.actions.children, "its buttons")
    await d.frames(3)
    d.notes["buttons"] = [b.text for b in page.ids.actions.children][::-1]
    d.notes["cut"] = [b.text for b in page.ids.actions.children if b.texture_size[1] + 8 > b.height]
    await d.screenshot("cannon_button")


async def pass_this_turn(d: Any) -> None:
    """Three players. The quiet start of combat passes for Alena by itself and stops at
    Anton's window; Anton and then Bea tap "Pass this turn" on their own panels. Alena
    plays a card in her Commit: the table passes for both in its window, each pass theirs in
    the log; their panels say so and offer "Stop passing", which Anton taps."""
    await _start(d, 3)
    s = d.session
    # The table chose that open windows pass by themselves (Menu): otherwise no window in
    # which a player could still play a card counts down at all (session/open_windows.py).
    s.open_windows_pass = True
    clock = s.clock
    for command in (za.KeepHand(0), za.KeepHand(1), za.KeepHand(2), za.Develop(0, "devotion")):
        assert s.command(command), s.message
    await d.until(lambda: s.auto_text.startswith("Next step in"), "the countdown starts")
    clock.advance(s.auto_advance_s)
    await d.until(lambda: s.game.state.priority == 1, "Alena's quiet step passed for her")
    await d.frames(3)
    clock.advance(3 * s.auto_advance_s)
    await d.frames(2)
    d.notes["held_for_anton"] = [s.game.state.priority, s.game.state.step.value, s.auto_text]
    d.notes["anton_buttons"] = [b.text for seat, b in decision_buttons(d) if seat == 1]
    await d.screenshot("pass_this_turn_offered")
    await tap_choice(d, "Pass this turn")
    await d.until(lambda: s.game.state.priority == 2, "Bea's window")
    await tap_choice(d, "Pass this turn")
    await d.until(lambda: s.game.state.step.value == "commit", "on to Alena's Commit")
    moves = len(s.game.history)
    assert s.command(za.SetDevotion(0, current=6)), s.message
    assert s.command(za.PlayCard(0, "psychopomp")), s.message
    await d.until(lambda: s.game.state.players[0].in_play, "Psychopomp resolves")
    d.notes["made"] = [repr(a) for a in s.game.history[moves:]]
    await d.frames(3)
    board = scoreboard(d)
    d.notes["prompts"] = [board.panels[1].decision, board.panels[2].decision]
    d.notes["stop"] = sorted(seat for seat, b in decision_buttons(d) if b.text == "Stop passing")
    await d.screenshot("pass_this_turn_marked")
    stop = next(b for seat, b in decision_buttons(d) if seat == 1 and b.text == "Stop passing")
    await d.until(board.panels[1].takes_taps, "Anton's buttons take taps")
    await d.tap(stop)
    await d.until(lambda: 1 not in s.passing.marks, "Anton takes his windows back")
    d.notes["after_stop"] = sorted(s.passing.marks)


async def eliminated_turn(d: Any) -> None:
    """Three players; Anton's last base turned face down (More than two players: he is out).
    Alena's turn ends: the band says Anton's turn is passed over, and Bea's begins."""
    await _start(d, 3)
    s = d.session
    for command in (za.KeepHand(0), za.KeepHand(1), za.KeepHand(2), za.Develop(0, "devotion")):
        assert s.command(command), s.message
    for index in range(6):
        assert s.answer_ending(True) if s.ending else True
        assert s.command(za.SetBase(1, index, face_up=False)), s.message
    for _ in range(40):
        if s.game.state.turn > 1:
            break
        assert s.pass_priority(), s.message
    await d.frames(4)
    d.notes["turn"] = [s.game.state.turn, s.game.state.active]
    d.notes["band"] = s.news
    d.notes["log"] = [entry.text for entry in s.game.log[-4:]]
    await d.screenshot("eliminated_turn")


async def simulator_tag(d: Any) -> None:
    """The simulator panel: "tag 1 psychopomp" places that card on the reader (a card
    reference, as its own words say it takes); the keys 1-9 are named by their cards."""
    await _start(d, 2)
    s = d.session
    d.app.show("simulator")
    sim = d.screen("simulator")
    await d.until(lambda: d.app.sm.current == "simulator", "the simulator panel")
    d.notes["keys"] = sim.keys_help
    d.notes["help"] = sim.script_help
    for line in ("tag 1 psychopomp", "tag 1 Nobody's Card"):
        sim.ids.command.text = line
        await d.tap(sim.ids.run)
        await d.frames(3)
        d.notes[line] = sim.status
    device = d.app.hardware_link.simulated[0]
    d.notes["on_reader"] = device.tags[0] is not None
    await d.until(lambda: 0 in s.scans or 1 in s.scans, "the scan reaches the table")
    d.notes["scanned"] = [v.card_id for v in s.scans.values()]
    d.app.show("simulator")
    await d.screenshot("simulator")


async def tap_where_pass_was(d: Any) -> None:
    """Anton's Pass is taken elsewhere (Next step on the band) just as his finger comes
    down on it: his panel's decision line goes, the tiles move under the finger, and the
    tap must not change the tile now there (a Max was raised)."""
    from kivy.tests.common import UnitTestTouch

    from companion_app.widgets import seat_panel

    # The calm made long, so that however slowly this machine draws, the finger comes down
    # within it (the test is of what a tap does then, not of how long the calm lasts).
    seat_panel.CALM_S = 30.0
    await _start(d, 2)
    s = d.session
    for command in (
        za.KeepHand(0),
        za.KeepHand(1),
        za.SetDevotion(1, current=2, maximum=2),  # room to go down as well as up
        za.Develop(0, "devotion"),
        za.Pass(0),
    ):
        assert s.command(command), s.message
    board = scoreboard(d)
    await d.until(
        lambda: any(b.text == "Pass" for seat, b in decision_buttons(d) if seat == 1), "Pass"
    )
    await d.frames(3)
    button = next(b for seat, b in decision_buttons(d) if seat == 1 and b.text == "Pass")
    # Points across the button, in the window (the finger lands somewhere on it).
    spots = [
        d.window_pos(button, (button.x + button.width * f, button.center_y))
        for f in (0.1, 0.3, 0.5, 0.7, 0.9)
    ]
    values = {k: t.value for k, t in board.panels[1].tiles.items()}
    moves = len(s.game.history)
    assert s.command(za.Pass(1))
    await d.frames(4)
    assert not board.panels[1].has_decision, board.panels[1].decision
    await d.frames(2)

    def zone(x: float, y: float) -> tuple[str, int] | None:
        """The tile under a window point, and its side there (-1, +1; 0: the middle)."""
        for k, t in board.panels[1].tiles.items():
            lx, ly = t.parent.to_widget(x, y)
            if t.collide_point(lx, ly):
                return k, t.side_of(lx - t.x)
        return None

    # Where the finger lands: on a tile's minus or plus, now that the tiles moved there.
    landing = [(x, y, z) for x, y in spots if (z := zone(x, y)) is not None and z[1] != 0]
    assert landing, [zone(x, y) for x, y in spots]
    x, y, (key, _side) = landing[0]
    under = [key]
    touch = UnitTestTouch(x, y)
    touch.touch_down()
    await d.frames(1)
    touch.touch_up()
    await d.frames(2)
    s.flush_bursts()
    await d.frames(2)
    d.notes["under"] = under
    d.notes["changed"] = [
        k for k, t in board.panels[1].tiles.items() if values.get(k) != t.value
    ] + [repr(a) for a in s.game.history[moves + 1 :]]


async def four_dials(d: Any) -> None:
    """Four players on simulated hardware: Bea's and Carl's dials exist too (the simulator
    had two), turned from the simulator panel and by keys (E/D, R/F) on the table."""
    await _start(d, 4)
    s = d.session
    for seat in range(4):
        assert s.command(za.KeepHand(seat)), s.message
    for seat in (2, 3):
        assert s.command(za.SetDevotion(seat, maximum=5)), s.message
    board = scoreboard(d)
    d.app.show("simulator")
    sim = d.screen("simulator")
    await d.until(lambda: d.app.sm.current == "simulator", "the simulator panel")
    await d.frames(2)
    d.notes["status"] = sim.status
    await d.tap(sim.ids.dial2_up)  # Dial 3: Bea's
    await d.until(lambda: board.panels[2].tiles["devotion"].value == "1", "Bea's dial turns")
    await d.screenshot("four_dials")
    d.app.show("scoreboard")
    await d.until(lambda: d.app.sm.current == "scoreboard", "the table")
    await d.key(ord("r"), "r")  # dial 4 up: Carl's
    await d.until(lambda: board.panels[3].tiles["devotion"].value == "1", "Carl's dial turns")
    d.notes["devotion"] = [board.panels[seat].tiles["devotion"].value for seat in range(4)]


async def a_notice_then_a_resume(d: Any) -> None:
    """Zeal at 5 players (issue 33, explorer seed 501006 step 40): a notice on Bea's side panel
    ("Bea played Shade Ambusher (sample)") takes room from her base tiles, too short then for
    "dmg" under their numbers; the game resumed (as after a SIGKILL: every resume clears the
    notice) shows them. What the explorer notes before a stop is what the resume shows."""
    from tests.app.explorer import lost

    await _start(d, 5)
    s, board = d.session, scoreboard(d)
    for seat in range(5):
        assert s.command(za.KeepHand(seat)), s.message
    s.say("Bea played Shade Ambusher (sample)", seat=2)  # as her card's scan says it
    await d.until(lambda: board.panels[2].has_decision, "the notice on Bea's panel")
    await d.frames(3)
    d.notes["with_the_notice"] = lost.snapshot(s, board)
    lost.pass_the_moment(s)  # what lost.stop_here does before it notes the table
    await d.frames(3)
    d.notes["noted"] = lost.snapshot(s, board)
    saved = s.saved_game()
    assert saved is not None and saved.id == s.game_id
    s.resume(saved)
    await d.until(lambda: s.has_game and len(board.panels) == 5, "the game resumed")
    await d.frames(3)
    d.notes["resumed"] = lost.snapshot(s, board)
