"""The turn spiral's part 2 (rules/devacurse.md), section by section: III.A soldier calling,
III.B hero guardian setting, IV.A soldier combat, IV.B hero combat, V refresh, VI end of turn."""

from __future__ import annotations

from dataclasses import replace

import pytest

from engine.core.evolve import evolve
from engine.devacurse import DevacurseGame
from engine.devacurse import actions as da
from engine.devacurse.card_model import Card
from engine.devacurse.state import END, HERO_COMBAT, HEROES, SOLDIER_COMBAT
from engine.errors import IllegalAction

from .helpers import SOLDIER_COMBAT as COMBAT
from .helpers import play, position

CALLING = """
[setup]
hidden_hands = false
[[players]]
name = "Alena"
blessings = 3
hand = ["iron_legionary", "bronze_blade", "war_shrine", "sun_avatar"]
prayers = 1
[[players]]
name = "Anton"
blessings = 2
hand = ["metal_flash", "battle_hymn", "omen"]
soldiers = [{card = "temple_guard", id = 9}]
[position]
phase = "calling"
"""


def test_III_A__the_player_with_order_calls_first_paying_blessings() -> None:
    game = position(CALLING)
    assert game.acting_player() == 0
    play(game, da.CallSoldier(0, "iron_legionary"))
    alena = game.state.players[0]
    assert alena.blessings == 1 and [u.card_id for u in alena.soldiers] == ["iron_legionary"]
    assert "iron_legionary" not in alena.hand


def test_III_A__a_soldier_costs_its_blessings() -> None:
    game = position(CALLING.replace("blessings = 3", "blessings = 1", 1))
    assert "costs 2 blessings" in (game.explain(da.CallSoldier(0, "iron_legionary")) or "")


def test_III_A__a_soldier_comes_from_the_hand_or_a_closed_prayer() -> None:
    game = position(CALLING)
    assert "not in Alena's hand" in (game.explain(da.CallSoldier(0, "temple_guard")) or "")
    assert game.explain(da.CallSoldier(0, "temple_guard", from_prayer=True)) is None


def test_III_A__from_a_closed_prayer_the_prayer_is_used() -> None:
    game = position(CALLING)
    play(game, da.CallSoldier(0, "temple_guard", from_prayer=True))
    assert game.state.players[0].prayers == 0
    assert game.explain(da.CallSoldier(0, "temple_guard", from_prayer=True)) is not None


def test_III_A__the_opponent_may_only_play_flash_events_meanwhile() -> None:
    game = position(CALLING)
    assert "only flash" in (game.explain(da.PlayEvent(1, "omen")) or "")
    play(game, da.CallSoldier(0, "iron_legionary"))
    called = game.state.players[0].soldiers[0].id
    play(game, da.PlayEvent(1, "metal_flash", target=called))  # the text's metal flash event
    assert game.state.players[0].soldiers == ()
    assert game.state.players[0].cenotaph == ("iron_legionary",)


def test_III_A__then_the_other_player_calls() -> None:
    game = play(position(CALLING), da.Pass(0))
    assert game.acting_player() == 1 and game.state.phase == "calling"
    play(game, da.PlayEvent(1, "omen"))  # any event in their own calling
    assert game.state.notes and "Resolve by hand" in game.prompts()[1].text


def test_III_A__equipment_goes_on_a_soldier() -> None:
    game = play(position(CALLING), da.CallSoldier(0, "iron_legionary"))
    unit = game.state.players[0].soldiers[0]
    play(game, da.PlayEvent(0, "bronze_blade", target=unit.id))
    view = game.state.players[0].soldiers[0]
    assert view.equipment == ("bronze_blade",)
    from engine.devacurse.stats import attack

    assert attack(game.catalog, view) == 5


def test_III_A__a_location_stays_until_its_time_runs_out() -> None:
    game = play(position(CALLING), da.PlayEvent(0, "war_shrine"))
    assert [loc.time for loc in game.state.players[0].locations] == [2]
    game = position(
        CALLING.replace('phase = "calling"', 'phase = "end"\npart = 1').replace(
            "prayers = 1", 'prayers = 1\nlocations = [{card = "war_shrine", time = 1}]'
        )
    )
    play(game, da.Pass(1))
    assert game.state.players[0].locations == ()
    assert "war_shrine" in game.state.players[0].cenotaph


def test_III_B__no_hero_can_be_called_in_the_first_spiral() -> None:
    game = position(CALLING.replace('phase = "calling"', 'phase = "heroes"'))
    assert "first turn spiral" in (game.explain(da.CallHero(0, "sun_avatar")) or "")


def test_III_B__a_hero_is_called_at_level_1_with_Cenotaph_cards() -> None:
    text = CALLING.replace('phase = "calling"', 'phase = "heroes"\nspiral = 2')
    game = position(text)
    assert "Cenotaph" in (game.explain(da.CallHero(0, "sun_avatar")) or "")
    text = text.replace("prayers = 1", 'prayers = 1\ncenotaph = ["omen", "temple_guard", "omen"]')
    game = play(position(text), da.CallHero(0, "sun_avatar"))
    alena = game.state.players[0]
    assert [(u.card_id, u.level) for u in alena.heroes] == [("sun_avatar", 1)]
    assert alena.cenotaph == ("omen",) and alena.black_hole == ("omen", "temple_guard")


def test_III_B__a_hero_goes_to_level_2_from_the_next_spiral() -> None:
    text = """
[[players]]
name = "Alena"
blessings = 4
heroes = [{card = "sun_avatar", id = 1, called = 2}, {card = "moon_warden", id = 2, called = 1}]
[[players]]
name = "Anton"
[position]
spiral = 2
phase = "heroes"
"""
    game = position(text)
    assert "next" in (game.explain(da.UpgradeHero(0, 1)) or "")
    play(game, da.UpgradeHero(0, 2))
    hero = game.state.players[0].heroes[1]
    assert hero.level == 2 and game.state.players[0].blessings == 3


def test_III_B__order_passes_to_the_opponent_who_sets_heroes_then_attacks_first() -> None:
    game = position(CALLING.replace('phase = "calling"', 'phase = "heroes"'))
    assert game.state.order == 0
    play(game, da.Pass(0))
    assert game.state.order == 1 and game.acting_player() == 1 and game.state.phase == HEROES
    play(game, da.Pass(1))
    assert game.state.phase == SOLDIER_COMBAT and game.acting_player() == 1


def test_IV_A__unblocked_attackers_take_their_AT_off_Faith() -> None:
    game = play(position(COMBAT), da.Attack(0, (1, 2)), da.Block(1))
    assert game.combat_forecast().faith_lost == (0, 5)
    play(game, da.Resolve(0))
    assert game.state.players[1].faith == 15


def test_IV_A__attackers_deplete_and_a_blocker_dies_when_AT_reaches_DF() -> None:
    game = play(position(COMBAT), da.Attack(0, (1,)))
    assert not game.state.players[0].soldiers[0].prompt
    play(game, da.Block(1, ((11, 1),)), da.Resolve(0))
    anton = game.state.players[1]
    assert [u.id for u in anton.soldiers] == [12] and anton.cenotaph == ("temple_guard",)
    assert game.state.players[0].soldiers[0].damage == 1  # the blocker struck back (reading)


def test_IV_A__a_blocker_with_DF_above_AT_survives() -> None:
    game = play(position(COMBAT), da.Attack(0, (1,)), da.Block(1, ((12, 1),)))
    forecast = game.combat_forecast()
    assert [h.unit for h in forecast.deaths] == [1]  # the Colossus's AT 5 kills the attacker
    play(game, da.Resolve(0))
    assert game.state.players[1].soldiers[1].damage == 3 and game.state.players[0].cenotaph


def test_IV_A__several_blockers_on_one_attacker_in_the_defenders_order() -> None:
    game = play(position(COMBAT), da.Attack(0, (1,)), da.Block(1, ((11, 1), (12, 1))))
    hits = {h.unit: h.taken for h in game.combat_forecast().hits}
    assert hits[11] == 2 and hits[12] == 1  # AT 3: 2 kill the Guard, 1 reaches the Colossus


def test_IV_A__a_blocking_hero_loses_AP_and_keeps_damage_counters() -> None:
    game = play(position(COMBAT), da.Attack(0, (1,)), da.Block(1, ((13, 1),)))
    (ap,) = game.combat_forecast().ap_lost
    assert (ap.unit, ap.taken, ap.dies) == (13, 3, False)
    play(game, da.Resolve(0))
    assert game.state.players[1].heroes[0].damage == 3


def test_IV_A__a_slain_hero_goes_to_the_Black_Hole_and_costs_its_maximum_AP_in_Faith() -> None:
    text = COMBAT.replace(
        '{card = "sun_avatar", id = 13}', '{card = "sun_avatar", id = 13, damage = 4}'
    )
    game = play(position(text), da.Attack(0, (1,)), da.Block(1, ((13, 1),)))
    assert game.combat_forecast().faith_lost == (0, 6)
    play(game, da.Resolve(0))
    anton = game.state.players[1]
    assert anton.heroes == () and anton.black_hole == ("sun_avatar",) and anton.faith == 14


def test_IV_A__pierce_carries_what_is_left_to_Faith() -> None:
    text = COMBAT.replace('"ash_spearman", id = 2}', '"ash_spearman", id = 2, bolster_at = 2}')
    game = play(position(text), da.Attack(0, (2,)), da.Block(1, ((11, 2),)))
    assert game.combat_forecast().faith_lost == (0, 2)  # AT 4 - DF 2
    game = play(position(text), da.Attack(0, (1,)), da.Block(1, ((11, 1),)))
    assert game.combat_forecast().faith_lost == (0, 0)  # no Pierce: contained


def test_IV_A__then_the_other_attacks_and_depleted_cards_cannot_block() -> None:
    game = play(position(COMBAT), da.Attack(0, (1, 2)), da.Block(1), da.Resolve(0))
    assert game.acting_player() == 1 and game.state.combat is not None
    play(game, da.Attack(1, (11,)))
    assert "depleted" in (game.explain(da.Block(0, ((1, 11),))) or "")
    play(game, da.Block(0, ((3, 11),)))  # the prompt hero may block


def test_IV_A__not_attacking_passes_order_to_the_opponent() -> None:
    game = play(position(COMBAT), da.Attack(0))
    assert game.acting_player() == 1 and game.state.phase == SOLDIER_COMBAT


def test_IV_A__flash_events_in_combat_at_the_players_word() -> None:
    text = COMBAT.replace("faith = 20", "faith = 20\nblessings = 2\nhand_size = 1")
    game = play(position(text), da.Attack(0, (1,)), da.Block(1))
    assert "only flash" in (game.explain(da.PlayEvent(1, "omen")) or "")
    play(game, da.PlayEvent(1, "metal_flash", target=1))
    assert game.state.combat is not None and game.state.combat.attackers == ()
    play(game, da.Resolve(0))
    assert game.state.players[1].faith == 20


def test_IV_B__heroes_fight_after_soldiers_and_only_heroes_attack() -> None:
    game = play(position(COMBAT), da.Attack(0), da.Attack(1))
    assert game.state.phase == HERO_COMBAT and game.acting_player() == 0
    assert "only heroes" in (game.explain(da.Attack(0, (1,))) or "")


HERO = COMBAT.replace('phase = "soldier_combat"', 'phase = "hero_combat"')


def test_IV_B__no_hero_may_fight_a_hero_while_the_opponent_has_a_prompt_soldier() -> None:
    game = play(position(HERO), da.Attack(0, (3,)), da.HeroBlock(1, (13,)))
    # Anton's soldiers are prompt: the hero cannot be fought; Moon Warden goes unblocked
    assert game.state.combat is not None and game.state.combat.step == "damage"
    assert game.combat_forecast().faith_lost == (0, 2)
    text = HERO.replace("id = 11}", "id = 11, prompt = false}").replace(
        "id = 12}", "id = 12, prompt = false}"
    )
    game = play(position(text), da.Attack(0, (3,)), da.HeroBlock(1, (13,)))
    play(game, da.AssignHeroes(0, ((3, 13),)))
    hits = {h.unit: h.taken for h in game.combat_forecast().hits}
    assert hits == {13: 2, 3: 3}


def test_IV_B__the_attacker_assigns_one_blocker_per_hero_and_two_heroes_may_share_one() -> None:
    text = HERO.replace(
        'heroes = [{card = "moon_warden", id = 3}]',
        'heroes = [{card = "moon_warden", id = 3}, {card = "sun_avatar", id = 4}]',
    )
    game = play(position(text), da.Attack(0, (3, 4)), da.HeroBlock(1, (12,)))
    assert "every attacking hero" in (game.explain(da.AssignHeroes(0, ((3, 12),))) or "")
    play(game, da.AssignHeroes(0, ((3, 12), (4, 12))))
    forecast = game.combat_forecast()
    assert [h.unit for h in forecast.deaths] == [12, 3]  # AT 2+3 on DF 5; AT 5 back on AP 4
    assert forecast.faith_lost == (4, 0)  # Moon Warden slain: its maximum AP off Alena's Faith


def test_IV_B__unblocked_heroes_hit_Faith_and_blockers_used_in_soldier_combat_stay_depleted() -> (
    None
):
    game = play(position(COMBAT), da.Attack(0, (1,)), da.Block(1, ((12, 1),)), da.Resolve(0))
    play(game, da.Attack(1), da.Attack(0, (3,)))
    assert "depleted" in (game.explain(da.HeroBlock(1, (12,))) or "")
    play(game, da.HeroBlock(1), da.Resolve(0))
    assert game.state.players[1].faith == 18


def test_V__soldiers_heal_and_prompt_heroes_heal_1_AP() -> None:
    text = (
        HERO.replace("id = 12}", "id = 12, damage = 3}")
        .replace('{card = "sun_avatar", id = 13}', '{card = "sun_avatar", id = 13, damage = 3}')
        .replace('{card = "moon_warden", id = 3}', '{card = "moon_warden", id = 3, damage = 2}')
    )
    game = play(position(text), da.Attack(0, (3,)), da.HeroBlock(1), da.Resolve(0), da.Attack(1))
    assert game.state.phase == END
    alena, anton = game.state.players
    assert alena.heroes[0].damage == 2  # depleted by its attack: no healing
    assert anton.heroes[0].damage == 2  # prompt: heals 1
    assert anton.soldiers[1].damage == 0


def test_VI__unspent_blessings_come_off_Faith_shown_before_it_happens() -> None:
    text = """
[[players]]
name = "Alena"
faith = 18
blessings = 2
[[players]]
name = "Anton"
[position]
phase = "end"
"""
    game = position(text)
    (pen,) = game.end_of_turn_penalties()
    assert pen.words() == "2 blessings unspent: Faith 18 to 16"
    assert any(
        p.text == "Alena: 2 blessings unspent: Faith 18 to 16 at the end of the turn"
        for p in game.prompts()
    )
    play(game, da.Pass(0), da.Pass(1))
    alena = game.state.players[0]
    assert (alena.faith, alena.blessings, game.state.spiral) == (16, 0, 2)


def test_VI__Faith_carries_over_and_cards_return_to_prompt() -> None:
    game = play(position(COMBAT), da.Attack(0, (1, 2)), da.Block(1), da.Resolve(0))
    play(game, da.Attack(1), da.Attack(0), da.Attack(1), da.Pass(0), da.Pass(1))
    assert game.state.players[1].faith == 15 and game.state.phase == "prayers"
    assert all(u.prompt for p in game.state.players for u in p.units)


def test_VI__Faith_0_loses_at_once() -> None:
    text = COMBAT.replace("faith = 20", "faith = 4")
    game = play(position(text), da.Attack(0, (1, 2)), da.Block(1), da.Resolve(0))
    outcome = game.outcome()
    assert outcome is not None and outcome.winner == 0 and "Faith" in outcome.reason
    assert game.acting_player() is None
    with pytest.raises(IllegalAction, match="the game is over"):
        game.apply(da.Pass(0))


def test_VI__an_empty_Universe_deck_loses_at_the_end_of_the_spiral() -> None:
    text = """
[[players]]
name = "Alena"
deck_size = 0
[[players]]
name = "Anton"
[position]
phase = "end"
"""
    game = play(position(text), da.Pass(0))
    assert game.outcome() is None
    play(game, da.Pass(1))
    outcome = game.outcome()
    assert outcome is not None and outcome.winner == 1 and "Universe" in outcome.reason


def test_part_1__blessings_and_draws_are_entered_by_the_players() -> None:
    text = """
[[players]]
name = "Alena"
deck_size = 10
hand_size = 2
[[players]]
name = "Anton"
"""
    game = play(position(text), da.Bless(0, 3), da.Draw(0, 2), da.Pass(0))
    alena = game.state.players[0]
    assert (alena.blessings, alena.hand_size, alena.deck_size) == (3, 4, 8)
    assert game.acting_player() == 1
    play(game, da.Pass(1))
    assert game.state.phase == "calling"
    assert "part 1" in (game.explain(da.Draw(0)) or "")


def test_strike_back_reading_can_be_turned_off_in_the_setup() -> None:
    text = COMBAT.replace("[[players]]", "[setup]\nstrike_back = false\n[[players]]", 1)
    game = play(position(text), da.Attack(0, (1,)), da.Block(1, ((12, 1),)))
    assert game.combat_forecast().deaths == ()


def test_IV_A__the_attacking_player_orders_the_damage_among_several_blockers() -> None:
    """README reading 5: the text is silent on who orders several blockers' damage; the
    attacking player does, after the blocks and before Resolve."""
    game = play(position(COMBAT), da.Attack(0, (1,)), da.Block(1, ((11, 1), (12, 1))))
    assert da.DamageOrder(0, 1, (12, 11)) in list(game.legal_actions())
    play(game, da.DamageOrder(0, 1, (12, 11)))
    hits = {h.unit: h.taken for h in game.combat_forecast().hits}
    assert hits[12] == 3 and 11 not in hits  # AT 3 all on the Colossus first; none left
    assert (
        game.log[-1].text
        == "Alena orders Iron Legionary's damage: Storm Colossus, then Temple Guard"
    )
    play(game, da.Resolve(0))
    anton = {u.id: u for u in game.state.players[1].soldiers}
    assert anton[11].damage == 0 and anton[12].damage == 3


@pytest.mark.parametrize(
    ("action", "why"),
    [
        (da.DamageOrder(1, 1, (12, 11)), "it is Alena's turn to act (soldier combat (rule IV.A))"),
        (da.DamageOrder(0, 1, (12,)), "list each blocker of Iron Legionary once"),
        (da.DamageOrder(0, 1, (12, 12)), "list each blocker of Iron Legionary once"),
        (da.DamageOrder(0, 2, (12, 11)), "number 2 is not attacking"),
    ],
)
def test_IV_A__a_damage_order_is_refused_in_players_words(action: da.Action, why: str) -> None:
    game = play(position(COMBAT), da.Attack(0, (1,)), da.Block(1, ((11, 1), (12, 1))))
    explained = game.explain(action)
    assert explained is not None and explained.startswith(why), explained
    with pytest.raises(IllegalAction):
        game.apply(action)


def test_IV_A__a_damage_order_needs_several_blockers_and_the_damage_step() -> None:
    game = play(position(COMBAT), da.Attack(0, (1, 2)))
    assert game.explain(da.DamageOrder(0, 1, ())) == "the combat waits for blockers first"
    play(game, da.Block(1, ((11, 1),)))
    assert game.explain(da.DamageOrder(0, 1, (11,))) == (
        "Iron Legionary has one blocker: there is no order to set"
    )


def test_III_A__a_free_event_is_listed_with_no_blessings_left() -> None:
    """legal.py skips the hand when a player has fewer blessings than the cheapest event: a
    catalog with a free event must still list it for a player with none."""
    game = position(CALLING)
    broke = evolve(game.state.players[0], blessings=0)
    state = evolve(game.state, players=(broke, game.state.players[1]))
    sample = game.setup.the_catalog()
    assert sample.cheapest("event") == 1
    assert not any(
        isinstance(a, da.PlayEvent) and a.player == 0
        for a in DevacurseGame.start(game.setup, state).legal_actions()
    )
    free = Card("free_omen", "Free Omen", "event", cost=0, event="effect")
    catalog = sample.merged([free])
    assert catalog.cheapest("event") == 0
    broke = evolve(broke, hand=(*broke.hand, "free_omen"), hand_size=broke.hand_size + 1)
    state = evolve(state, players=(broke, state.players[1]))
    game = DevacurseGame.start(replace(game.setup, catalog=catalog), state)
    assert da.PlayEvent(0, "free_omen") in list(game.legal_actions())
    assert game.explain(da.PlayEvent(0, "free_omen")) is None
