"""Issue 33, hidden stays hidden, through the real app drawn offscreen (tests/app/drive.py):
Z-G with hidden hands, three players. Every hand card is scanned and the first action card
played, the attack declared, the target card drawn and spun; after each step every text on the
screen and over it, the table's message, the engine's log and the broadcast's public view are
read for the names of the cards the rules keep face down (Basic Rules 3-5). Only after the spin
("Flip over your cards") may the action and target cards be named."""

from __future__ import annotations

from typing import Any

from companion_app.simulator.sim_tags import sim_uid
from tests.app.explorer.check_hidden import broadcast_texts
from tests.zg.journeys import HANDS, ULSTER, start_game


async def scan(d: Any, card_id: str, panels: list[str], found: list[str], hidden: set[str]) -> None:
    """The card laid on the reader, everything read while it lies there, then lifted."""
    device = d.app.hardware_link.simulated[0]
    before = len(d.session.game.history)
    device.place_tag(0, sim_uid(card_id))
    await d.until(lambda: len(d.session.game.history) == before + 1, f"the scan of {card_id}")
    await d.frames(2)
    panels += [v.name for v in d.session.scans.values()]
    found += leaks(d, hidden | {card_id}, f"while {card_id} lies on the reader")
    device.remove_tag(0)
    await d.frames(2)


def texts_now(d: Any) -> list[str]:
    """Everything a player or a viewer at home can read now."""
    from kivy.core.window import Window

    from tests.app.explorer.checks import visible

    s = d.session
    out = [seen.text for seen in visible(d.app.sm.current_screen)]
    for child in Window.children:
        if child is not d.app.root:
            out += [seen.text for seen in visible(child)]
    out += [s.message, *(e.text for e in s.game.log), *broadcast_texts(s.game, s.adapter)]
    out += [f"{v.name} {v.kind} {v.cost} {v.stats} {v.text}" for v in s.scans.values()]
    return out


def leaks(d: Any, cards: set[str], when: str) -> list[str]:
    catalog = d.session.catalog
    names = {catalog.get(c).name for c in cards}
    return [f"{when}: '{t[:80]}'" for t in texts_now(d) for n in names if n in t]


async def hands_and_a_test(d: Any) -> None:
    await start_game(d)
    game = d.session.game
    found: list[str] = []
    hand_cards: set[str] = set()
    panels: list[str] = []
    for seat in range(3):
        for card in HANDS[seat]:
            await scan(d, card, panels, found, hand_cards)
            hand_cards.add(card)
    state = game.state
    first, foe = state.order[0], state.order[1]
    action_card = HANDS[first][0]
    await scan(d, action_card, panels, found, hand_cards)
    found += leaks(d, hand_cards, "after playing the action card")
    attack = next(
        a
        for a in game.legal_actions()
        if type(a).__name__ == "Attack" and a.foe == foe and a.end == 0 and not a.locked
    )
    d.session.command(attack)
    await d.frames(2)
    found += leaks(d, hand_cards, "after the attack is declared")
    await scan(d, ULSTER[foe], panels, found, hand_cards)  # drawn face down
    await d.until(lambda: d.app.sm.current == "test", "the test screen opens by itself")
    await d.frames(2)
    found += leaks(d, hand_cards | {ULSTER[foe]}, "after the target card is drawn")
    screen = d.screen("test")
    await d.tap(screen.ids.end_b)
    await d.until(lambda: screen.phase == "result", "the spin reaches the engine")
    await d.frames(2)
    flipped = {action_card, ULSTER[foe]}
    d.notes["named_after_spin"] = sorted(
        c for c in flipped if any(d.session.catalog.get(c).name in t for t in texts_now(d))
    )
    # The other hand cards stay hidden after the test.
    found += leaks(d, hand_cards - flipped, "after the spin")
    d.notes["leaks"] = found
    d.notes["panels"] = sorted(set(panels))
