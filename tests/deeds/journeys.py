"""A whole game of Deeds Not Words through the real app, drawn offscreen (run by
tests/app/drive.py as "tests.deeds.journeys:whole_game"): the game chosen on the new-game
screen, hands kept and resources chosen on the band, units deployed by scanning their tags on
the simulated reader, a battle declared and blocked in the battle assistant with its forecast
shown before confirming, and attacks until a base falls to 0."""

from __future__ import annotations

from typing import Any

from tests.app.journeys import scan as scan_card
from tests.app.journeys import scoreboard, tap_choice

BASE_HEALTH = "4"  # a short game: the new-game screen's field


def orientation() -> str:
    from kivy.core.window import Window

    return "portrait" if Window.height > Window.width else "landscape"


async def new_game(d: Any) -> None:
    assert d.app.sm.current == "newgame", d.app.sm.current
    new = d.screen("newgame")
    new.pick_game("Deeds Not Words")
    await d.frames(2)
    assert new.players == 2
    for row, name in zip(new.rows, ("Amy", "John"), strict=True):
        row.ids.name.text = name
    new._option_inputs["base_health"].text = BASE_HEALTH
    assert new.start(seed=3)  # what Start does, with a seed: screenshots are compared
    await d.until(lambda: d.app.sm.current == "scoreboard", "the ceremony ends on the scoreboard")
    await d.until(lambda: d.session.seat_map.dials, "the simulated dials get seats")


async def battle_screen(d: Any) -> Any:
    await d.frames(2)
    await d.tap(scoreboard(d).ids.menu)
    button = next(
        b for b in d.screen("menu").walk() if getattr(b, "text", "") == "Battle assistant"
    )
    await d.tap(button)
    assert d.app.sm.current == "deeds_battle", d.app.sm.current
    return d.screen("deeds_battle")


async def choose(d: Any, screen: Any, label_start: str, option_start: str) -> None:
    row = next(r for r in screen.rows if r.label.startswith(label_start))
    for _ in range(len(row.spec.options)):
        if row.spec.options[row.chosen][0].startswith(option_start):
            return
        await d.tap(row.children[0])  # the choice button cycles
    raise AssertionError(f"{label_start} has no option {option_start}")


async def put_cards_away(d: Any) -> None:
    """The scanned cards' panels go away (their "Put away"), so the scoreboard shows."""
    for seat in (0, 1):
        d.session.dismiss_card(seat)
    await d.frames(3)


async def discard_by_scan(d: Any, seat: int, card_id: str) -> None:
    """Over the hand limit a scanned card that could be deployed asks "Deploy it" or "Discard
    it" on its player's panel; one that can't is discarded at once. Either way its panel then
    says "Discarded", not "Played" (issue 20)."""
    from tests.app.journeys import sim_uid

    device = d.app.hardware_link.simulated[0]
    device.place_tag(0, sim_uid(card_id))
    await d.until(
        lambda: seat in d.session.picking or seat in d.session.scans, f"{card_id} is read"
    )
    if seat in d.session.picking:
        picker = scoreboard(d).pickers[seat]
        words = [b for b in picker.walk() if getattr(b, "text", "") == "Discard Shambler"]
        d.notes["asked"] = [o.label for o in d.session.picking[seat].options]
        await d.frames(2)
        await d.tap(words[0])
    else:
        d.notes["asked"] = []
        await d.until(lambda: d.session.scans[seat].verdict == "Discarded", "it says Discarded")
        d.notes["verdict"] = d.session.scans[seat].verdict
    device.remove_tag(0)
    await d.frames(2)


async def until_phase(d: Any, phase: str) -> None:
    await d.until(lambda: d.session.game.state.phase.value == phase, f"the {phase} phase")


async def whole_game(d: Any) -> None:
    await new_game(d)
    game = d.session.game
    first, second = game.state.first_player, 1 - game.state.first_player
    assert int(BASE_HEALTH) == game.state.players[second].base
    await tap_choice(d, "Keep hand")
    await tap_choice(d, "Keep hand")

    # Round 1, the first attacker: Supplies and Bio; scans deploy Scavenger and Shambler.
    await tap_choice(d, "+Bio\n+Sup")
    await scan_card(d, "scavenger")
    await scan_card(d, "shambler")
    await tap_choice(d, "No battle")
    await tap_choice(d, "End the round")

    # Round 2, the second player: a Medic to block with.
    await tap_choice(d, "+Bio\n+Surv")
    await tap_choice(d, "Draw a card")
    await scan_card(d, "medic")
    await tap_choice(d, "No battle")
    await tap_choice(d, "End the round")

    # Round 3: both attack, chosen in the battle assistant; the Medic blocks the Scavenger
    # (predicted before each confirmation: 1 damage gets through).
    await tap_choice(d, "+Bio\n+Pow")
    await tap_choice(d, "Draw a card")
    battle = await battle_screen(d)
    assert battle.mode == "attack", battle.title
    await choose(d, battle, "Scavenger", "attacks")
    await choose(d, battle, "Shambler", "attacks")
    d.notes["attack_prediction"] = battle.prediction
    state = d.session.game.state
    d.notes["facing"] = [[battle.facing, state.attacker]]
    d.notes["confirm_enabled"] = not battle.ids.confirm.disabled
    await d.tap(battle.ids.confirm)
    await d.until(lambda: battle.mode == "block", "the defender is asked for blockers")
    await d.frames(2)
    d.notes["facing"].append([battle.facing, state.defender])
    board = scoreboard(d)
    defender_turn = board.turners[state.defender].rotation
    assert round(battle.ids.turner.rotation) % 360 == round(defender_turn) % 360
    await choose(d, battle, "Medic", "blocks Scavenger")
    d.notes["block_prediction"] = battle.prediction
    assert any("(1st)" in r.choice_text for r in battle.rows)
    d.session.say("")
    await d.screenshot(f"deeds_battle_{orientation()}")
    await d.tap(battle.ids.confirm)
    await until_phase(d, "tactics")
    # Its moment has passed: the assistant goes back to the table by itself (issue 20),
    # where the Tactics step is played (or passed by both, "Next step").
    await d.until(lambda: d.app.sm.current == "scoreboard", "back on the scoreboard by itself")
    await d.frames(2)
    await d.tap(scoreboard(d).ids.next_step)  # both pass: the battle resolves
    await until_phase(d, "retreat")
    d.notes["after_battle"] = [p.base for p in d.session.game.state.players]
    await tap_choice(d, "End the round")

    # Round 4: the second player goes on without a battle (the Medic is a Pacifist); six
    # cards in hand at the end of the round: a scan discards one (Your Hand).
    await tap_choice(d, "+Bio\n+Pow")
    await tap_choice(d, "Draw a card")
    await tap_choice(d, "No battle")
    assert d.session.game.state.players[second].hand_size == 6
    await discard_by_scan(d, second, "shambler")
    assert d.session.game.state.players[second].graveyard[-1] == "shambler"
    await tap_choice(d, "End the round")
    await until_phase(d, "regroup")
    await d.until(lambda: not d.session.table.echoes.awaiting(), "the dials answer")
    d.session.say("")
    await put_cards_away(d)
    await d.screenshot(f"deeds_scoreboard_{orientation()}")

    # Round 5: everything attacks, unblocked: the second player's base falls to 0.
    await tap_choice(d, "+Bio\n+Pow")
    await tap_choice(d, "Draw a card")
    await tap_choice(d, "Attack with everything")
    # The Medic could block: the assistant opens by itself for the defender, who confirms
    # no blockers.
    await d.until(lambda: d.app.sm.current == "deeds_battle", "the assistant for the defender")
    battle = d.screen("deeds_battle")
    await d.until(lambda: battle.mode == "block", "blockers are asked")
    await d.tap(battle.ids.confirm)
    # The Tactics step, back on the table: everyone passes ("Next step", unless the quiet
    # moment's countdown passed for them first) and the battle resolves.
    await d.until(lambda: d.app.sm.current == "scoreboard", "back on the table by itself")
    await d.frames(2)
    if d.session.game.outcome() is None:
        await d.tap(scoreboard(d).ids.next_step)
    await d.until(lambda: d.session.game.outcome() is not None, "a base falls to 0")
    outcome = d.session.game.outcome()
    d.notes["winner"] = d.session.game.player_names()[outcome.winner]
    d.notes["first"] = first
    d.notes["bases"] = [p.base for p in d.session.game.state.players]
    await put_cards_away(d)
    await d.screenshot(f"deeds_winner_{orientation()}")
    # The history page counts rounds, as the rulebook does ("Each round contains 5 phases"),
    # under its plots as in its summary (issue 33, item 9: Deeds said turn).
    from tests.app.explorer.checks import visible
    from tests.app.journeys import visit

    history = await visit(d, "History", "history")
    await d.frames(3)
    d.notes["history_words"] = [s.text for s in visible(history)]
