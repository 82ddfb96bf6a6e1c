"""Journeys of a tournament table (issue 15): the tablet joins a tournament on a real Mosquitto,
plays its table's game in the app and reports the engine's outcome; the draft at the table.
Run by tests/app/drive.py as "tests.app.journeys_tournament:<name>", each in its own process.

The broker and the host are started by the test (tests/app/test_tournament_journeys.py) and
named in the environment: ALTAR_TEST_BROKER (host:port) and ALTAR_TEST_CODE (the join code the
host printed for this table).
"""

from __future__ import annotations

import json
import os
import signal
from typing import Any

from tests.app.journeys import scoreboard


def tournament(d: Any) -> Any:
    return d.screen("tournament")


async def _open_tournament_from_menu(d: Any) -> Any:
    d.app.show("menu")
    await d.frames(2)
    menu = d.screen("menu")
    button = next(b for b in menu.walk() if getattr(b, "text", "") == "Tournament")
    await d.tap(button)
    await d.until(lambda: d.app.sm.current == "tournament", "the tournament screen")
    return tournament(d)


async def _join(d: Any) -> Any:
    """Types this table's join code and the broker, taps Join; waits for the host's state."""
    screen = await _open_tournament_from_menu(d)
    screen.ids.code.text = os.environ["ALTAR_TEST_CODE"]
    screen.ids.broker.text = os.environ["ALTAR_TEST_BROKER"]
    await d.tap(screen.ids.join)
    assert screen.error == "", screen.error
    await d.until(lambda: screen.joined and screen.can_play, "the host's state", timeout=30)
    return screen


async def _lose_bases(d: Any, seat: int, count: int) -> None:
    """The player at ``seat`` marks ``count`` more of their bases destroyed, by taps."""
    board = scoreboard(d)
    tiles = [board.panels[seat].tiles[f"base:{i}"] for i in range(6)]
    standing = [t for t in tiles if not _destroyed(d, seat, tiles.index(t))]
    for tile in standing[:count]:
        await d.tap_side(tile, 0, hold=0.7)  # a base turns over only when held
        if d.session.ending is not None:
            # The last base by hand would end the game: the table is asked first (issue 20).
            from kivy.core.window import Window

            popup = next(w for w in Window.children if type(w).__name__ == "ConfirmPopup")
            yes = next(b for b in popup.walk() if getattr(b, "text", "") == "End the game")
            await d.tap(yes)
            await d.until(lambda: d.session.ending is None, "the end confirmed")


def _destroyed(d: Any, seat: int, index: int) -> bool:
    return not d.session.game.state.players[seat].bases[index].face_up


async def _start_table_game(d: Any, screen: Any) -> Any:
    slot = screen.play.next_slot()
    await d.tap(screen.ids.play)
    await d.until(lambda: d.app.sm.current == "scoreboard", "the table's game on the scoreboard")
    await d.until(lambda: len(scoreboard(d).panels) == 2, "a panel per player")
    s = d.session
    names = list(s.game.player_names())
    # The pairing's players, its first player in seat 1 and to act first.
    assert names == [slot.first, slot.second], (names, slot)
    assert s.game.status().active == 0
    return slot


async def _keep_hands(d: Any) -> None:
    from engine.zeal import actions as za

    for seat in (0, 1):
        assert d.session.command(za.KeepHand(seat)), d.session.message


async def play_this_tables_game(d: Any) -> None:
    """Join as table 1, play its game to the end in the app, see the new standings."""
    screen = await _join(d)
    await d.screenshot("joined")
    slot = await _start_table_game(d, screen)
    await _keep_hands(d)
    await _lose_bases(d, 0, 6)  # the first player's last base falls: the second player wins
    board = scoreboard(d)
    await d.until(lambda: board.banner.parent is board, "the winner covers the table")
    assert d.session.headline == f"{slot.second} wins!"
    screen = await _open_tournament_from_menu(d)
    await d.until(
        lambda: (
            screen.play.tournament() is not None
            and (slot.match, slot.game) in screen.play.tournament().results
        ),
        "the host's standings carry the result",
        timeout=30,
    )
    await d.until(lambda: not screen.play.table.outbox, "the outbox emptied by the standings")
    await d.screenshot("after_game")
    d.notes.update(
        slot=[slot.match, slot.game, slot.first, slot.second],
        reports=screen.play.reports,
        standings=list(screen.standings),
        pairings=list(screen.pairings),
        report=screen.report,
        next_play=screen.play_text,
    )


async def restart_mid_game_part1(d: Any) -> None:
    """Join, start the table's game, lose three bases; then the tablet dies (SIGKILL)."""
    screen = await _join(d)
    slot = await _start_table_game(d, screen)
    await _keep_hands(d)
    await _lose_bases(d, 0, 3)
    s = d.session
    (d.out / "part1.json").write_text(
        json.dumps(
            {
                "slot": [slot.match, slot.game],
                "moves": len(s.game.history),
                "metadata": s.metadata,
                "reports": screen.play.reports,
            }
        )
    )
    os.kill(os.getpid(), signal.SIGKILL)  # a flat battery: nothing is said goodbye


async def restart_mid_game_part2(d: Any) -> None:
    """The app starts again: it follows the tournament by itself, offers the game, resumes it
    with its slot; the game is finished and reported once."""
    screen = tournament(d)
    assert screen.joined, "the tablet did not rejoin the tournament after the restart"
    assert d.app.sm.current == "start", d.app.sm.current
    # The start screen names the game by its match (the title in the game's metadata).
    d.notes["start_summary"] = d.screen("start").summary
    await d.screenshot("resume_offer")
    await d.tap(d.screen("start").ids.resume)
    await d.until(lambda: d.app.sm.current == "scoreboard", "the resumed game")
    s = d.session
    assert screen.play.slot_in_session() is not None, s.metadata
    await d.until(lambda: screen.play.state is not None, "the host's state", timeout=30)
    # The screen's buttons follow on its 0.25 s clock (the state may have come before the
    # resume, while the start screen was shown).
    await d.until(lambda: screen.play_text == "Back to this table's game", "Back to the game")
    await _lose_bases(d, 0, 6)
    board = scoreboard(d)
    await d.until(lambda: board.banner.parent is board, "the winner covers the table")
    slot = screen.play.slot_in_session()
    await d.until(
        lambda: (slot.match, slot.game) in screen.play.tournament().results,
        "the host's standings carry the result",
        timeout=30,
    )
    # The hook is idempotent: the game over again (a redraw, a resume) reports nothing new.
    s.applied()
    d.notes.update(
        slot=[slot.match, slot.game],
        moves=len(s.game.history),
        reports=screen.play.reports,
        winner=s.headline,
    )


# --- the draft ---------------------------------------------------------------------------------


async def draft_at_the_table(d: Any) -> None:
    """The tournament's four players draft here: scans are picks, a wrong card and a scan on
    another player's reader are refused in words, and the decks are checked at the end."""
    import random

    from companion_app.simulator.sim_tags import sim_uid

    screen = await _join(d)
    await d.tap(screen.ids.draft)
    await d.until(lambda: d.app.sm.current == "draft", "the draft screen")
    draft_screen = d.screen("draft")
    facing = {"start": draft_screen.rotation()}  # upright before the draft
    await d.screenshot("draft_start")
    await d.tap(draft_screen.ids.start_dealt)
    await d.until(lambda: draft_screen.active, "the draft begins")
    draft = draft_screen.draft
    device = d.app.hardware_link.simulated[0]
    device_id = next(iter(d.session.seat_map.dials))[0]  # the simulated box's id

    def pack(seat: int) -> list[str]:
        return list(draft.draft.pack_in_hand(seat).cards)

    async def scan(card_id: str) -> None:
        answers = draft_screen.answers
        device.place_tag(0, sim_uid(card_id))
        await d.until(lambda: draft_screen.answers > answers, f"the scan of {card_id} answered")
        device.remove_tag(0)
        await d.frames(1)

    refused = []
    # The shared reader picks for the player shown at the reader: Ann's first pick.
    first = pack(0)[0]
    await scan(first)
    assert draft_screen.message_ok and draft.draft.picks_of(0) == (first,), draft_screen.message
    # Bo is at the reader now; a card of Cy's pack is refused, and nothing is picked.
    assert draft.at_reader == 1, draft.at_reader
    facing["bo"] = draft_screen.rotation()  # Bo sits at the left edge: a quarter turn
    wrong = next(c for c in pack(2) if c not in pack(1))
    await scan(wrong)
    assert not draft_screen.message_ok and draft.draft.pick_count(1) == 0
    refused.append(draft_screen.message)
    await d.screenshot("draft_refused")
    # Bo's own reader: a card of Di's pack scanned on it is Di's to scan, not Bo's.
    d.session.seat_map.assign_reader(device_id, 0, 1)
    wrong = next(c for c in pack(3) if c not in pack(1))
    await scan(wrong)
    assert not draft_screen.message_ok and draft.draft.pick_count(1) == 0
    refused.append(draft_screen.message)
    await scan(pack(1)[0])  # Bo's own card on Bo's reader: picked
    assert draft_screen.message_ok and draft.draft.pick_count(1) == 1, draft_screen.message
    d.session.seat_map.assign_reader(device_id, 0, None)  # the shared reader again
    # Everyone else picks at random, passing the reader round: every pick a scan.
    rnd = random.Random(3)
    scans = 4
    while not draft.draft.over:
        seat = draft.at_reader
        if seat == 2 and "cy" not in facing:
            # Cy sits across the table: the page is upside down for the tablet's bottom edge.
            facing["cy"] = draft_screen.rotation()
            await d.screenshot("draft_far_side")
            await d.tap(draft_screen.ids.turn)  # Cy hands the page on: Di's edge
            facing["turned"] = draft_screen.rotation()
        await scan(rnd.choice(pack(seat)))
        assert draft_screen.message_ok, draft_screen.message
        if facing.get("turned") is not None and "after_turn" not in facing:
            # The next pick turns the page to whoever is at the reader now.
            facing["after_turn"] = [draft.at_reader, draft_screen.facing]
        scans += 1
        if scans == 40:
            await d.screenshot("draft_middle")
    await d.until(lambda: draft_screen.finished and draft_screen.checks, "the decks checked")
    await d.screenshot("draft_decks")
    d.notes.update(
        refused=refused,
        scans=scans,
        checks=list(draft_screen.checks),
        headline=draft_screen.headline,
        decks={p: len(cards) for p, cards in draft.decks().items()},
        put_aside=len(draft.draft.put_aside),
        facing=dict(facing, end=draft_screen.rotation()),
    )
    # The decks are the ones the table's games are played with.
    await d.tap(d.screen("draft").ids.to_tournament)
    await d.until(lambda: d.app.sm.current == "tournament", "back to the tournament")
    slot = await _start_table_game(d, screen)
    setup = d.session.setup
    d.notes["game_decks"] = [len(p.deck) for p in setup.players]
    d.notes["slot"] = [slot.first, slot.second]
