"""Z-G through the real app drawn offscreen (run by tests/app/drive.py): a 3-player game chosen
on the new-game screen, hands scanned, an action card and a target card scanned, the test
screen opening by itself, the spin tapped there, the test accepted; then on to a winner."""

from __future__ import annotations

import random
from typing import Any

from companion_app.simulator.sim_tags import sim_uid

NAMES = ("Alena", "Anton", "Bea")
HANDS = {
    0: ("zero_blade", "zero_blaster", "zero_jet"),
    1: ("phantom_blade", "phantom_sprint", "phantom_jet"),
    2: ("vulcan_blade", "vulcan_sprint", "vulcan_jet"),
}
ULSTER = {0: "zero_ulster", 1: "phantom_ulster", 2: "vulcan_ulster"}


async def scan(d: Any, card_id: str) -> None:
    device = d.app.hardware_link.simulated[0]
    before = len(d.session.game.history)
    device.place_tag(0, sim_uid(card_id))
    await d.until(lambda: len(d.session.game.history) == before + 1, f"the scan of {card_id}")
    device.remove_tag(0)
    await d.frames(2)


async def start_game(d: Any) -> None:
    assert d.app.sm.current == "newgame", d.app.sm.current
    new = d.screen("newgame")
    new.pick_game("Z-G")
    await d.frames(3)
    while new.players < len(NAMES):
        await d.tap(new.ids.more)
    for row, name in zip(new.rows, NAMES, strict=True):
        row.ids.name.text = name
    await d.screenshot("zg_newgame")
    await d.tap(new.ids.start)
    await d.until(lambda: d.app.sm.current == "scoreboard", "the scoreboard")
    assert d.session.kind == "zg"


def _size(d: Any) -> str:
    from kivy.core.window import Window

    return "portrait" if Window.height > Window.width else "landscape"


async def opening(d: Any) -> Any:
    """New game, hands scanned, one test through the test screen; screenshots named by the
    window's orientation (the journey runs once per size: a resize leaves stale pixels)."""
    await start_game(d)
    game = d.session.game
    for seat in range(3):
        for card in HANDS[seat]:
            await scan(d, card)
    state = game.state
    assert state.phase == "card", state.phase
    first = state.order[0]
    foe = state.order[1]
    d.notes["order"] = list(state.order)
    await d.screenshot(f"zg_scoreboard_{_size(d)}")
    await scan(d, HANDS[first][0])  # the action card
    attack = next(
        a
        for a in game.legal_actions()
        if type(a).__name__ == "Attack" and a.foe == foe and a.end == 0 and not a.locked
    )
    d.session.command(attack)
    await d.frames(2)
    await scan(d, ULSTER[foe])  # the foe draws the target card and scans it
    await d.until(lambda: d.app.sm.current == "test", "the test screen opens by itself")
    screen = d.screen("test")
    assert screen.phase == "spin", screen.phase
    await d.tap(screen.ids.end_b)
    await d.until(lambda: screen.phase == "result", "the spin reaches the engine")
    d.notes["test"] = [screen.result, screen.target]
    await d.screenshot(f"zg_test_{_size(d)}")
    await d.tap(screen.ids.accept)
    await d.until(lambda: game.state.phase != "result", "the test is accepted")
    # The test over, the page goes back to the table by itself (its result is on the band).
    await d.until(lambda: d.app.sm.current == "scoreboard", "back at the table")
    return game


async def rule_of_prime(d: Any) -> None:
    """The Rule of Prime as a button: two scans, an end each, the engine's call."""
    d.app.show("prime")
    await d.until(lambda: d.app.sm.current == "prime", "the Rule of Prime screen")
    screen = d.screen("prime")
    device = d.app.hardware_link.simulated[0]
    history = len(d.session.game.history)
    for card in ("zero_blade", "phantom_blade"):
        device.place_tag(0, sim_uid(card))
        await d.until(lambda c=card: c in (screen.card, screen.foe_card), f"{card} is named")
        device.remove_tag(0)
        await d.frames(2)
    assert len(d.session.game.history) == history, "a scan here plays nothing"
    await d.tap(screen.ids.call)
    await d.until(lambda: screen.verdict.startswith("Rule of Prime"), "the engine's call")
    d.notes["prime"] = screen.verdict
    await d.screenshot(f"zg_prime_{_size(d)}")
    await d.tap(screen.ids.back)
    await d.until(lambda: d.app.sm.current == "scoreboard", "back at the table")


async def whole_game(d: Any) -> None:
    game = await opening(d)
    await rule_of_prime(d)
    # On to a winner: random legal actions through the session, as the demo does.
    rnd = random.Random(3)
    for _ in range(6000):
        if game.outcome() is not None:
            break
        if d.app.sm.current != "scoreboard":
            d.app.show("scoreboard")
        options = list(game.legal_actions())
        attacks = [a for a in options if type(a).__name__ == "Attack"]
        resolve = [a for a in options if type(a).__name__ == "Resolve"]
        pick = (attacks or resolve) if rnd.random() < 0.8 and (attacks or resolve) else options
        assert d.session.command(rnd.choice(pick)), d.session.message
        if rnd.random() < 0.02:
            await d.frames(1)
    outcome = game.outcome()
    assert outcome is not None, "the game ends"
    d.notes["winner"] = outcome.winner
    await d.frames(4)
    await d.screenshot(f"zg_winner_{_size(d)}")


def _place_button(pair: Any) -> Any:
    """The pair's button that places a bolster or augment (the one shown now)."""
    return next(
        w for w in pair.children if getattr(w, "text", "").startswith("+1") and not w.disabled
    )


async def declarations(d: Any) -> None:
    """The attack screen and the test screen's placements (Core Exceptions 4, 6, 7; Rules
    Options 1, 2), tapped as players would: Alena moves on the band and the attack screen
    opens facing her; she adds an augment, a sneak attack, high ground and two of Anton's cards
    in cover (one tapped, one scanned); Anton draws, declares a bolster with the spin and
    places it on a dot; Alena places her two augments; the test is accepted."""
    from engine.zg import actions as zga

    s = d.session
    s.start_new(
        ["Alena", "Anton"], kind="zg", seed=7, options={"sneak_attack": "on", "high_ground": "on"}
    )
    d.app.show("scoreboard")
    await d.until(lambda: len(d.screen("scoreboard").panels) == 2, "a panel per seat")
    game = s.game
    assert s.command(zga.PickHand(0, impulse=753)) and s.command(zga.PickHand(1, impulse=321))
    await scan(d, "zero_blade")  # Alena's action card
    # A move of 1: one tap on the plus of the Move tile on her panel (a burst, one command).
    alena = d.screen("scoreboard").panels[0]
    await d.until(lambda: "move" in alena.tiles, "the Move tile is on Alena's panel")
    await d.tap_side(alena.tiles["move"], +1)
    await d.until(lambda: d.app.sm.current == "zg_attack", "the attack screen opens by itself")
    screen = d.screen("zg_attack")
    board_turn = d.screen("scoreboard").turners[0].rotation
    await d.until(lambda: screen.ids.turner.rotation == board_turn, "it faces Alena")
    await d.tap(screen.ids.more_augments)
    await d.tap(screen.ids.sneak)
    await d.tap(screen.ids.high_ground)
    cover = {b.card_id: b for b in screen.ids.cover.children}
    await d.tap(cover["phantom_cannon"])
    device = d.app.hardware_link.simulated[0]
    history = len(game.history)
    device.place_tag(0, sim_uid("phantom_missile"))  # a scan here marks cover, plays nothing
    await d.until(lambda: "phantom_missile" in screen.declaration.cover, "the scan marks cover")
    device.remove_tag(0)
    await d.frames(2)
    assert len(game.history) == history
    d.notes["attack"] = [screen.declare_text, screen.verdict, screen.cover_note]
    await d.screenshot(f"zg_attack_{_size(d)}")
    await d.tap(screen.ids.declare)
    await d.until(lambda: game.state.phase == "target", "the attack is declared")
    a = game.state.attack
    d.notes["declared"] = [a.augments, a.sneak, sorted(a.cover)]
    await d.until(lambda: d.app.sm.current == "scoreboard", "back at the table to draw")
    await scan(d, "phantom_sensor")  # Anton's target card
    await d.until(lambda: d.app.sm.current == "test", "the test screen opens by itself")
    test = d.screen("test")
    await d.tap(test.ids.more_bolsters)
    await d.tap(test.ids.end_b)
    await d.until(lambda: game.state.phase == "bolster", "a bolster to place")
    await d.until(lambda: test.placing.startswith("Anton"), "Anton is asked to place it")
    pairs = list(reversed(test.ids.pairs.children))
    await d.tap(_place_button(pairs[0]))
    await d.until(lambda: game.state.phase == "augment", "the augments to place")
    pairs = list(reversed(test.ids.pairs.children))
    await d.tap(_place_button(pairs[0]))  # a slip of the finger: "Start over" forgets it
    await d.until(lambda: "(1 placed)" in test.placing, "one augment tapped")
    await d.tap(test.ids.clear_picks)
    await d.until(lambda: "(0 placed)" in test.placing, "started over")
    assert game.state.phase == "augment"
    pairs = list(reversed(test.ids.pairs.children))
    await d.tap(_place_button(pairs[1]))
    await d.until(lambda: "(1 placed)" in test.placing, "one augment placed")
    d.notes["placing"] = test.placing
    await d.screenshot(f"zg_test_placing_{_size(d)}")
    pairs = list(reversed(test.ids.pairs.children))
    await d.tap(_place_button(pairs[1]))
    await d.until(lambda: game.state.phase == "result", "the test with everything placed")
    a = game.state.attack
    d.notes["placed"] = [list(a.bolster_dots), list(a.augment_dots), test.result]
    await d.tap(test.ids.accept)
    await d.until(lambda: game.state.phase != "result", "the test is accepted")


async def four_at_the_table(d: Any) -> None:
    """Four players, the first pulse's move made by the first player: every panel's decision
    buttons keep their words whole (issue 20: "Att / ac / k" at four players)."""
    from kivy.core.text import Label as CoreLabel

    from engine.zg import actions as zga

    s = d.session
    s.start_new(["Alena", "Anton", "Bea", "Carl"], kind="zg", seed=3)
    d.app.show("scoreboard")
    board = d.screen("scoreboard")
    await d.until(lambda: len(board.panels) == 4, "a panel per seat")
    for seat, impulse in enumerate((987, 654, 321, 210)):
        assert s.command(zga.PickHand(seat, impulse=impulse))
    first = s.game.state.active
    card = s.game.state.players[first].roster[0]
    assert s.command(zga.PlayCard(first, card))
    await d.frames(4)
    await d.screenshot(f"zg_four_{_size(d)}")
    broken = []
    for panel in board.panels:
        for button in panel.ids.decide_buttons.children:
            room = button.text_size[0] or button.width
            for word in button.text.split():
                core = CoreLabel(text=word, font_size=button.font_size)
                core.refresh()
                if core.texture.size[0] > room:
                    broken.append((panel.seat, button.text, word))
    d.notes["broken"] = broken
    d.notes["buttons"] = [[b.text for b in p.ids.decide_buttons.children] for p in board.panels]
