"""The rules where the rulebook is silent or loose, each reading pinned (engine/vile/README.md
lists them), and the sections' rules the scenario files do not already show."""

from __future__ import annotations

from engine.vile import Phase
from engine.vile import actions as va
from engine.vile.ritual import perform_ritual
from engine.vile.state import Combat, Ritual

from .helpers import ALENA, ANTON, fresh, monster, player, table


def _ritual_with_sabotage(stockpile: int, cultists: int, card: str = "kraken_undertow") -> object:
    return table(
        player("Alena", ritual_zone=("ape_bone_totem",) * 3),
        player("Anton", "kraken", cultists=cultists, stockpile=stockpile, sabotage_zone=(card,)),
        phase=Phase.CULMINATION,
    )


def test_stockpile__is_one_pool_that_pays_first_by_default_and_keeps_the_rest() -> None:
    game = table(
        player("Alena", ritual_zone=("ape_bone_totem",) * 3),
        player("Anton", "kraken", cultists=1, stockpile=7, sabotage_zone=("kraken_undertow",)),
        phase=Phase.CULMINATION,
    )
    game.apply(va.PerformRitual(ALENA))
    game.apply(va.FlipSabotage(ANTON, "kraken_undertow"))
    anton = game.state.players[ANTON]
    assert (anton.stockpile, anton.exhausted) == (2, 0)


def test_stockpile__the_player_may_pay_less_from_it_and_more_with_cultists() -> None:
    game = table(
        player("Alena", ritual_zone=("ape_bone_totem",) * 3),
        player("Anton", "kraken", cultists=5, stockpile=2, sabotage_zone=("kraken_undertow",)),
        phase=Phase.CULMINATION,
    )
    game.apply(va.PerformRitual(ALENA))
    game.apply(va.FlipSabotage(ANTON, "kraken_undertow", from_stockpile=0))
    anton = game.state.players[ANTON]
    assert (anton.stockpile, anton.exhausted) == (2, 5)


def test_stockpile__is_not_capped_at_the_d20() -> None:
    game = table(player("Alena", cultists=10, stockpile=15, hand=("ape_broken_branch",)))
    game.apply(va.SetSabotage(ALENA, "ape_broken_branch", 10))
    assert game.state.players[ALENA].stockpile == 25


def test_sabotage__set_with_more_devotion_than_ready_cultists_is_refused() -> None:
    game = table(player("Alena", cultists=2, hand=("ape_broken_branch",)))
    assert game.explain(va.SetSabotage(ALENA, "ape_broken_branch", 3)) == (
        "Alena has only 2 ready cultists to stockpile with"
    )


def test_culmination__no_sabotage_face_down_means_no_window() -> None:
    game = table(player("Alena", ritual_zone=("ape_bone_totem",) * 3), phase=Phase.CULMINATION)
    game.apply(va.PerformRitual(ALENA))
    ritual = game.state.ritual
    assert ritual is not None and ritual.step == "components"
    assert game.acting_player() == ALENA


def test_culmination__the_window_stays_open_until_the_opponent_passes() -> None:
    game = table(
        player("Alena", ritual_zone=("ape_bone_totem",) * 3),
        player("Anton", "kraken", cultists=9, sabotage_zone=("kraken_riptide", "kraken_undertow")),
        phase=Phase.CULMINATION,
    )
    game.apply(va.PerformRitual(ALENA))
    game.apply(va.FlipSabotage(ANTON, "kraken_undertow"))
    assert game.acting_player() == ANTON  # Riptide still face down
    game.apply(va.Pass(ANTON))
    assert game.state.players[ANTON].sabotage_zone == ("kraken_riptide",)
    assert game.acting_player() == ALENA


def test_culmination__a_negative_ritual_never_takes_energy_below_zero() -> None:
    game = table(
        player("Alena", energy=2, ritual_zone=("ape_howling_rite",) * 3),
        player(
            "Anton", "kraken", cultists=8, sabotage_zone=("kraken_undertow", "ape_broken_branch")
        ),
        phase=Phase.CULMINATION,
    )
    game.apply(va.PerformRitual(ALENA))
    game.apply(va.FlipSabotage(ANTON, "kraken_undertow"))
    game.apply(va.FlipSabotage(ANTON, "ape_broken_branch"))  # 18 - 12 - 8 = -2
    for _ in range(3):
        game.apply(va.ApplyComponent(ALENA, "ape_howling_rite"))
    assert game.state.players[ALENA].energy == 0


def test_culmination__negated_components_go_to_the_void_with_the_rest() -> None:
    game = table(
        player("Alena", ritual_zone=("ape_bone_totem", "ape_drum_of_the_canopy", "ape_bone_totem")),
        player("Anton", "kraken", cultists=2, sabotage_zone=("kraken_riptide",)),
        phase=Phase.CULMINATION,
    )
    game.apply(va.PerformRitual(ALENA))
    game.apply(va.FlipSabotage(ANTON, "kraken_riptide", targets=("ape_drum_of_the_canopy",)))
    game.apply(va.ApplyComponent(ALENA, "ape_bone_totem"))
    game.apply(va.ApplyComponent(ALENA, "ape_bone_totem"))
    assert game.state.players[ALENA].void == (
        "ape_bone_totem",
        "ape_drum_of_the_canopy",
        "ape_bone_totem",
    )
    assert game.state.players[ALENA].energy == 18
    assert game.state.phase is Phase.MAIN3


def test_winning__energy_from_a_spell_wins_at_once() -> None:
    game = table(player("Alena", "fungus", energy=95, cultists=3, hand=("fungus_fruiting_body",)))
    game.apply(va.PlayCard(ALENA, "fungus_fruiting_body"))
    outcome = game.outcome()
    assert outcome is not None and outcome.winner == ALENA and outcome.eliminated == (ANTON,)
    assert game.acting_player() is None and list(game.legal_actions()) == []


def test_combat__a_monster_blocks_one_attacker_only() -> None:
    game = table(
        monsters=(
            monster(1, "ape_howler", ALENA),
            monster(2, "ape_howler", ALENA),
            monster(3, "kraken_leviathan", ANTON),
        ),
        phase=Phase.COMBAT,
        combat=Combat("blockers", (1, 2)),
    )
    assert game.explain(va.DeclareBlockers(ANTON, ((3, 1), (3, 2)))) == (
        "Leviathan can block only one attacker"
    )


def test_combat__a_blocked_attacker_left_to_the_engine_kills_blockers_in_order() -> None:
    game = table(
        monsters=(
            monster(1, "kraken_leviathan", ALENA),
            monster(2, "kraken_tentacle", ANTON),
            monster(3, "kraken_deep_one", ANTON),
        ),
        phase=Phase.COMBAT,
        combat=Combat("damage", (1,), ((3, 1), (2, 1))),
    )
    game.apply(va.Pass(ALENA))
    # 7 damage: 4 kills Deep One (blocked first), the other 3 go to Tentacle (dies too);
    # their 3 + 4 kill Leviathan (7/7) at the same time.
    assert game.state.monsters == ()
    assert game.state.players[ALENA].void == ("kraken_leviathan",)
    assert game.state.players[ANTON].void == ("kraken_tentacle", "kraken_deep_one")


def test_combat__an_unblocked_attacker_may_deal_no_damage() -> None:
    game = table(
        monsters=(monster(1, "ape_silverback", ALENA), monster(2, "kraken_tentacle", ANTON)),
        phase=Phase.COMBAT,
        combat=Combat("damage", (1,)),
    )
    game.apply(va.Pass(ALENA))
    assert game.state.monster(2) is not None and game.state.monster(2).damage == 0  # type: ignore[union-attr]


def test_combat__an_unblocked_attacker_may_hit_a_monster_that_blocks_another() -> None:
    game = table(
        monsters=(
            monster(1, "ape_silverback", ALENA),
            monster(2, "ape_howler", ALENA),
            monster(3, "kraken_deep_one", ANTON),
        ),
        phase=Phase.COMBAT,
        combat=Combat("damage", (1, 2), ((3, 1),)),
    )
    game.apply(va.AssignDamage(ALENA, ((2, 3, 2),)))
    assert game.state.monster(3) is None  # 5 from Silverback + 2 from Howler


def test_end_phase__a_monster_played_this_turn_may_be_deployed() -> None:
    game = table(
        monsters=(monster(1, "ape_howler", ALENA, deployed=False, played_turn=5),), phase=Phase.END
    )
    assert game.explain(va.Deploy(ALENA, 1)) is None
    game = table(monsters=(monster(1, "ape_howler", ALENA, deployed=False, played_turn=5),))
    assert "was played this turn" in (game.explain(va.Deploy(ALENA, 1)) or "")


def test_devotion__cultists_left_ready_pay_for_sabotage_on_the_opponents_turn() -> None:
    game = table(
        player("Alena", ritual_zone=("ape_bone_totem",) * 3, cultists=4, exhausted=4),
        player("Anton", "kraken", cultists=2, sabotage_zone=("kraken_riptide",)),
        phase=Phase.CULMINATION,
    )
    game.apply(va.PerformRitual(ALENA))
    assert game.is_legal(va.FlipSabotage(ANTON, "kraken_riptide", targets=("ape_bone_totem",)))


def test_main_phase__abilities_work_only_in_their_controllers_main_phases() -> None:
    game = table(monsters=(monster(1, "ape_howler", ALENA),), phase=Phase.END)
    assert "not something to do in the End Phase" in (
        game.explain(va.Activate(ALENA, 1, 0, (1,))) or ""
    )


def test_card_effects__reserved_monsters_are_safe_from_attacks_not_from_spells() -> None:
    game = table(
        player("Alena", "kraken", cultists=4, hand=("kraken_maelstrom",)),
        monsters=(monster(1, "ape_howler", ANTON, deployed=False),),
    )
    game.apply(va.PlayCard(ALENA, "kraken_maelstrom", (1,)))
    assert game.state.monster(1) is None


def test_card_effects__a_targeted_effect_with_nothing_to_target_does_nothing() -> None:
    game = table(player("Alena", "kraken", cultists=4, hand=("kraken_maelstrom",)))
    game.apply(va.PlayCard(ALENA, "kraken_maelstrom"))
    assert game.state.players[ALENA].void == ("kraken_maelstrom",)


def test_gain_control__counters_stay_with_the_monster_while_it_stays_in_play() -> None:
    game = table(
        player("Alena", "phantom", cultists=5, hand=("phantom_possession",)),
        monsters=(monster(1, "ape_howler", ANTON, plus=2, experience=1),),
    )
    game.apply(va.PlayCard(ALENA, "phantom_possession", (1,)))
    m = game.state.monster(1)
    assert m is not None and (m.controller, m.owner, m.plus, m.experience) == (ALENA, ANTON, 2, 1)


def test_beginning_phase__the_game_opens_in_the_first_players_main_phase_1() -> None:
    game = fresh(first=1)
    assert (game.state.active, game.state.phase, game.state.turn) == (ANTON, Phase.MAIN1, 1)
    assert game.state.players[ANTON].hand_size == 7  # the first turn draws nothing


def test_beginning_phase__only_the_second_players_first_turn_gathers() -> None:
    game = fresh(first=0)
    for _ in range(6):
        game.apply(va.Pass(ALENA))
    assert game.state.gathers == (ANTON,) and game.state.players[ANTON].hand_size == 8
    game.apply(va.Gather(ANTON, ""))
    while game.state.active == ANTON:
        game.apply(va.Pass(ANTON))
    assert game.state.gathers == () and game.state.phase is Phase.MAIN1


def test_gather__with_an_empty_gate_deck_sets_nothing() -> None:
    game = table(player("Alena", deck=()), gathers=(ALENA,))
    assert game.explain(va.Gather(ALENA, "ape_bone_totem")) == (
        "the gate deck is empty: there is nothing to gather"
    )
    game.apply(va.Gather(ALENA, ""))
    assert game.state.gathers == ()


def test_gather__with_hidden_hands_any_scanned_component_may_be_set() -> None:
    game = table(player("Alena", deck=(), deck_size=10), gathers=(ALENA,), hidden=True)
    game.apply(va.Gather(ALENA, "ape_bone_totem"))
    assert game.state.players[ALENA].ritual_zone == ("ape_bone_totem",)
    assert game.state.players[ALENA].deck_size == 9


def test_recruit__with_hidden_hands_the_card_need_not_be_known() -> None:
    game = table(player("Alena", hand_size=3, deck_size=5, deck=()), hidden=True)
    game.apply(va.Recruit(ALENA))
    alena = game.state.players[ALENA]
    assert (alena.cultists, alena.hand_size, alena.deck_size) == (1, 2, 6)


def test_hidden_hands__a_card_is_played_by_id_while_the_hand_is_not_empty() -> None:
    game = table(player("Alena", hand_size=1, deck=(), deck_size=5, cultists=1), hidden=True)
    game.apply(va.PlayCard(ALENA, "ape_fruit_offering"))
    assert game.state.players[ALENA].hand_size == 2  # drew two, played one
    game = table(player("Alena", hand_size=0, deck=(), deck_size=5, cultists=1), hidden=True)
    assert game.explain(va.PlayCard(ALENA, "ape_fruit_offering")) == (
        "Fruit Offering is not in Alena's hand"
    )


def test_culmination__a_ritual_of_only_negated_components_ends_at_once() -> None:
    state = table(
        player("Alena", ritual_zone=("ape_bone_totem",) * 3), phase=Phase.CULMINATION
    ).state
    from engine.core.evolve import evolve
    from engine.vile.cards import sample_catalog
    from engine.vile.context import Ctx
    from engine.vile.ritual import bolster

    ctx = Ctx(sample_catalog())
    state = perform_ritual(ctx, evolve(state, players=(state.players[0], state.players[1])))
    assert isinstance(state.ritual, Ritual)
    state = evolve(state, ritual=evolve(state.ritual, step="sabotage", negated=(0, 1, 2)))
    state = bolster(ctx, state)
    assert state.ritual is None and state.phase is Phase.MAIN3


def test_main_phase__setting_a_component_costs_no_devotion() -> None:
    game = table(player("Alena", cultists=0, hand=("ape_drum_of_the_canopy",)))
    assert game.is_legal(va.SetComponent(ALENA, "ape_drum_of_the_canopy"))


def test_comes_into_play__a_monster_cards_own_effects_apply_when_it_is_played() -> None:
    from engine.vile.card_model import Card, Effect
    from engine.vile.cards import sample_catalog
    from engine.vile.setup import PlayerSetup, VileSetup

    herald = Card("herald", "Herald", "ape", "monster", 1, 1, 1, 1, (Effect("draw", 1),))
    catalog = sample_catalog().merged([herald])
    state = table(player("Alena", cultists=1, hand=("herald",))).state
    setup = VileSetup((PlayerSetup("Alena", "ape"), PlayerSetup("Anton", "kraken")), 1, catalog)
    from engine.vile import VileGame

    game = VileGame.start(setup, state)
    game.apply(va.PlayCard(ALENA, "herald"))
    assert game.state.players[ALENA].hand_size == 1  # Herald left, one card drawn


def test_culmination__the_forecast_counts_bolster_and_components_to_come() -> None:
    from engine.vile.cards import sample_catalog
    from engine.vile.forecast import bolster_of, strength_forecast

    game = table(
        player(
            "Alena", ritual_zone=("ape_bone_totem", "ape_drum_of_the_canopy", "ape_howling_rite")
        ),
        player("Anton", "kraken", cultists=5, sabotage_zone=("kraken_undertow",)),
        monsters=(monster(1, "ape_howler", ALENA, experience=1),),
        phase=Phase.CULMINATION,
    )
    catalog = sample_catalog()
    assert bolster_of(game.state, catalog, ALENA) == [("Howler", 8)]
    assert strength_forecast(game.state, catalog) == 8 + 9 + 12 + 6
    game.apply(va.PerformRitual(ALENA))
    game.apply(va.FlipSabotage(ANTON, "kraken_undertow"))
    assert strength_forecast(game.state, catalog) == 8 + 27 - 12
    game.apply(va.ApplyComponent(ALENA, "ape_bone_totem"))
    assert strength_forecast(game.state, catalog) == 23
    assert strength_forecast(table().state, catalog) is None
