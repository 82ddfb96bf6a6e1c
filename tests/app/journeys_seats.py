"""Issue 33, the right player, through the real app drawn offscreen: a card laid on a shared
reader is its owner's where the table knows (a deck enrolled at setup), and otherwise the
player's who acts now; never the player who happens to hold priority or the turn."""

from __future__ import annotations

from typing import Any

from companion_app.simulator.sim_tags import sim_uid


async def _lay(d: Any, card_id: str) -> dict[str, Any]:
    """The card on the simulated device's reader 0, a shared reader (no seat), then lifted:
    whose panel showed it, and who the command (if any) was for."""
    device = d.app.hardware_link.simulated[0]
    d.session.seat_map.assign_reader(device.device, 0, None)
    before = len(d.session.game.history)
    device.place_tag(0, sim_uid(card_id))
    await d.until(lambda: d.session.scans or d.session.message, f"the scan of {card_id}")
    await d.frames(2)
    history = d.session.game.history
    seen = {
        "panels": sorted(d.session.scans),
        "played_for": [a.player for a in history[before:]],
        "message": d.session.message,
        "message_seat": d.session.message_seat,
    }
    device.remove_tag(0)
    await d.until(lambda: not d.session.scans, "the card put away")
    return seen


async def owner_and_actor(d: Any) -> None:
    from engine.zeal import actions as za

    s = d.session
    decks = s.adapter.decks(s.catalog)
    names = sorted(decks)
    alenas, antons = decks[names[0]], decks[names[1]]
    s.start_new(["Alena", "Anton"], decks=[alenas, antons], seed=5, first_player=0, kind="zeal")
    await d.until(lambda: d.app.sm.current == "scoreboard" or s.game is not None, "the game")
    game = s.game
    # On to a moment where Anton holds priority: keep both hands, then Alena plays on.
    for _ in range(60):
        state = game.state
        if state.priority == 1:
            break
        legal = list(game.legal_actions())
        keep = [a for a in legal if isinstance(a, za.KeepHand | za.Develop | za.Pass)]
        assert s.command((keep or legal)[0])
        await d.frames(1)
    assert game.state.priority == 1, game.state.priority
    own = next(c for c in alenas if c not in antons)
    d.notes["owner"] = await _lay(d, own)
    # Eight players in the mulligan: the one deciding now is not the turn's player.
    s.start_new([f"P{i}" for i in range(1, 9)], seed=5, first_player=0, kind="zeal")
    await d.frames(3)
    game = s.game
    assert s.command(za.KeepHand(game.acting_player()))
    await d.frames(2)
    d.notes["mulligan_actor"] = game.acting_player()
    d.notes["mulligan_active"] = game.state.active
    d.notes["mulligan"] = await _lay(d, alenas[0])
