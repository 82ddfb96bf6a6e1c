"""Manual adjustments: always legal when well formed, logged, undoable; the table is the truth."""

from __future__ import annotations

from engine.devacurse import actions as da

from .helpers import SOLDIER_COMBAT, play, position


def test_adjustments__set_every_counter_logged_and_undoable() -> None:
    game = position(SOLDIER_COMBAT)
    start = game.state
    play(
        game,
        da.SetFaith(1, 12),
        da.SetBlessings(0, 4),
        da.SetCount(0, "hand", 3),
        da.SetCount(0, "deck", 7),
        da.SetCount(1, "prayers", 2),
        da.SetUnit(1, 13, damage=2, prompt=False, level=2),
        da.SetOrder(0, 1),
    )
    alena, anton = game.state.players
    assert (anton.faith, alena.blessings, alena.hand_size, alena.deck_size) == (12, 4, 3, 7)
    assert anton.prayers == 2 and game.state.order == 1
    hero = anton.heroes[0]
    assert (hero.damage, hero.prompt, hero.level) == (2, False, 2)
    assert [e.text for e in game.log][0] == "Adjusted: Anton's Faith 20 to 12"
    for _ in range(7):
        game.undo()
    assert game.state is start


def test_adjustments__move_cards_and_units_between_zones() -> None:
    game = position(SOLDIER_COMBAT)
    play(game, da.MoveCard(1, 11, "cenotaph"), da.MoveCard(1, "sun_avatar", "heroes"))
    anton = game.state.players[1]
    assert anton.cenotaph == ("temple_guard",) and len(anton.heroes) == 2
    play(game, da.MoveCard(1, "temple_guard", "hand", from_zone="cenotaph"))
    assert game.state.players[1].cenotaph == () and game.state.players[1].hand_size == 1
    play(game, da.MoveCard(0, "war_shrine", "locations"), da.SetLocation(0, "war_shrine", 0))
    assert game.state.players[0].cenotaph == ("war_shrine",)


def test_adjustments__allowed_whoever_acts_and_Faith_0_ends_the_game() -> None:
    game = position(SOLDIER_COMBAT)
    assert game.acting_player() == 0
    play(game, da.SetFaith(1, 0))
    outcome = game.outcome()
    assert outcome is not None and outcome.winner == 0
    assert game.explain(da.SetFaith(1, 5)) is None  # the table can still correct (or undo)


def test_adjustments__card_text_becomes_a_prompt_resolved_by_hand() -> None:
    text = SOLDIER_COMBAT.replace('phase = "soldier_combat"', 'phase = "calling"').replace(
        "faith = 18", "faith = 18\nblessings = 1\nhand_size = 2"
    )
    game = play(position(text), da.PlayEvent(0, "omen"))
    (note,) = game.state.notes
    assert any(p.kind == "resolve" for p in game.prompts()) and game.status().waiting == (note,)
    play(game, da.MarkResolved(0, note))
    assert game.state.notes == ()
