"""Zeal at eight seats (issue 33, items 6 and 9), through the real app drawn offscreen: every
seat with characters in play, one of them attacking and another blocking it (the longest
words a tile says), and decisions on a side seat's and an end seat's panels (the shortest
room left for the bases and the cards in play). Every seat's numbers must be read: the
explorer's own checks, on a position set up to be crowded. Run by tests/app/drive.py."""

from __future__ import annotations

from typing import Any

from engine.zeal import actions as za
from tests.app.journeys import at_the_table, commanding
from tests.app.zeal_combat_positions import plainest_answer

NAMES = ("Alena", "Anton", "Bea", "Carl", "Dana", "Emil", "Fay", "Gus")
# Each seat's cards in play: the longest name of the catalogue's "(sample)" cards on every
# seat, and three cards on the seats whose panels are the most crowded (an end seat, Carl,
# and a side seat, Dana: seating.py).
CARDS = {seat: ["shade_ambusher"] for seat in range(8)}
CARDS[0] = ["iron_juggernaut", "psychopomp"]
CARDS[1] = ["cult_zealot", "psychopomp"]
CARDS[3] = ["shade_ambusher", "psychopomp", "chalice_keeper"]
CARDS[4] = ["shade_ambusher", "psychopomp", "chalice_keeper"]


def _to_attackers(s: Any, command: Any) -> None:
    """On to Alena's second turn, attackers asked for; nobody declares anything before."""
    for _ in range(400):
        state = s.game.state
        if state.turn > 1 and state.active == 0 and state.awaiting == "attackers":
            return
        command(plainest_answer(s.game))
    raise AssertionError(f"never reached Alena's attackers: {s.game.state.step}")


def _perm(s: Any, seat: int, card: str) -> int:
    return next(m.id for m in s.game.state.players[seat].in_play if m.card_id == card)


async def eight_seats(d: Any) -> None:
    """``d.notes``: the problems the explorer's checks find on the table; the in-play tiles'
    words (title, detail, note) of Alena's attacker and Anton's blocker."""
    from kivy.core.window import Window

    from tests.app.explorer import check_layout, checks

    s = d.session
    board = await at_the_table(d, NAMES, seed=7)
    command = commanding(s)
    for seat in range(8):
        command(za.KeepHand(seat))
    for seat, cards in CARDS.items():
        for card in cards:
            command(za.MoveCard(seat, card, "play"))
    _to_attackers(s, command)
    jug = _perm(s, 0, "iron_juggernaut")
    command(za.DeclareAttackers(0, ((jug, 1),)))
    for _ in range(20):
        if s.game.state.awaiting == "blockers":
            break
        command(za.Pass(s.game.acting_player()))
    zealot = _perm(s, 1, "cult_zealot")
    command(za.DeclareBlockers(1, ((zealot, jug),)))
    d.app.show("scoreboard")
    await d.frames(4)  # the table drawn as the session shows it, Alena's decision on it
    for seat in (3, 4):  # and a decision on the end seat's and a side seat's panels
        board.panels[seat].show_decision(
            f"{NAMES[seat]} may respond to Iron Juggernaut or pass",
            True,
            [("Pass", None), ("Pass this turn", None)],
            lambda _a: None,
        )
    await d.until(lambda: board.panels[3].has_decision, "the decisions show")
    await d.frames(4)
    d.notes["decisions"] = [p.decision for p in board.panels]
    seen = list(checks.visible(board))
    problems = [p for one in seen for p in checks.reading(one)] + checks.overlaps(seen)
    problems += check_layout.small_big_numbers(s, board) + check_layout.short_buttons(board)
    problems += check_layout.unlabelled_tiles(board)
    d.notes["problems"] = problems

    def words(seat: int, key: str) -> list[str]:
        tile = board.panels[seat].tiles[key]
        return [tile.title, tile.shown_title, tile.detail, tile.note]

    d.notes["keys"] = sorted(board.panels[1].tiles)
    # The engine's combat scores now (Zeal raises the Cult Zealot's: Anton has a Psychopomp).
    d.notes["combat"] = {m.card_id: m.combat for q in s.game.state.players[:2] for m in q.in_play}
    d.notes["attacker"] = words(0, f"perm:{jug}")
    d.notes["blocker"] = words(1, f"perm:{zealot}")
    d.notes["ambusher"] = words(4, f"perm:{_perm(s, 4, 'shade_ambusher')}")
    side = "landscape" if Window.width > Window.height else "portrait"
    await d.screenshot(f"eight_seats_{side}")


async def crowded_side_seat(d: Any) -> None:
    """``d.notes``: a side seat (Dana) with five cards in play and a question, as the explorer
    met it at 8 seats (seed 5 step 181): the rows its panel folds, the problems the explorer's
    checks find, and both again after a tap on the folded row opened it."""
    from kivy.core.window import Window

    from tests.app.explorer import check_layout, checks

    s = d.session
    board = await at_the_table(d, NAMES, seed=7)
    command = commanding(s)
    for seat in range(8):
        command(za.KeepHand(seat))
    for card in (
        "shade_ambusher",
        "psychopomp",
        "chalice_keeper",
        "iron_juggernaut",
        "cult_zealot",
    ):
        command(za.MoveCard(4, card, "play"))
    d.app.show("scoreboard")
    await d.frames(4)
    panel = board.panels[4]
    panel.show_decision("Dana may play an action or pass", True, [("Pass", None)], lambda _a: None)
    await d.until(lambda: panel.has_decision, "the decision shows")
    await d.frames(4)

    def problems() -> list[str]:
        seen = list(checks.visible(board))
        found = [p for one in seen for p in checks.reading(one)] + checks.overlaps(seen)
        return found + check_layout.short_buttons(board) + check_layout.unlabelled_tiles(board)

    def lowest() -> float:
        """The lowest small counter in view, in rows of the panel's least (seat_panel.py)."""
        from kivy.metrics import sp

        from companion_app.widgets.seat_panel import LINE_SP

        shown = [t for t in panel.tiles.values() if not t.big and t.get_root_window()]
        return min(t.height for t in shown) / sp(LINE_SP)

    d.notes["folded"] = list(panel.folded)
    d.notes["problems"] = problems()
    d.notes["lowest"] = lowest()
    side = "landscape" if Window.width > Window.height else "portrait"
    await d.screenshot(f"crowded_side_seat_{side}")
    d.notes["fold words"] = [panel._folds[g].text for g in panel.folded]
    await d.until(panel.tiles_take_taps, "the tiles take taps")
    for group in list(panel.folded):
        panel._folds[group].dispatch("on_release")  # the player opens the folded row
    await d.frames(4)
    d.notes["folded after"] = list(panel.folded)
    await d.screenshot(f"crowded_side_seat_opened_{side}")
    d.notes["problems after"] = problems()
    d.notes["lowest after"] = lowest()
    d.notes["in play shown"] = sum(
        1 for k, t in panel.tiles.items() if k.startswith("perm:") and t.get_root_window()
    )
