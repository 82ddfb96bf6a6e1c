"""Card Clarifications (rules/zeal.md), one test per clarification the engine carries out.

Cards whose text the effect vocabulary cannot express (Andrenid Worker's search, God Matrix,
Formic Commander) become notes the players resolve by hand; those tests check the note is
raised at the right moment.
"""

from __future__ import annotations

from engine.scenario import load_scenario, run_scenario
from engine.zeal import Step
from engine.zeal import actions as za
from engine.zeal.triggers import playable

from .helpers import attack, damage, everyone_passes, her_card_with_the_foe, table, to_step


def perm(game, pid):  # type: ignore[no-untyped-def]
    return game.state.permanent(pid)


# --- Andrenid Destroyer -------------------------------------------------------------------


def test_clarification__andrenid_destroyer_device_count_when_the_debut_spell_is_played() -> None:
    # Alena: two devices. Anton: a 3-cost character and a 4-cost character.
    game = table(
        ["detainment_cell", "shrine_of_dawn"], ["night_hunter", "asterion_crusher"], step="commit"
    )
    game.apply(za.PlayCard(0, "andrenid_destroyer"))
    game.apply(za.Pass(1))
    (debut,) = playable(game.state)
    assert "costs 3; you control 2 device(s)" in (
        game.explain(za.PlayTrigger(0, debut.id, targets=(3,))) or ""
    )
    game.apply(za.SetDevotion(0, current=9))
    game.apply(za.MoveCard(0, "conversion_cannon", "play", from_zone="hand"))
    assert game.is_legal(za.PlayTrigger(0, debut.id, targets=(3,)))


def test_clarification__andrenid_destroyer_debut_targets_are_listed_for_the_table() -> None:
    # The table offers only what legal_actions lists (and its targeting screen, the same
    # candidates): the debut spell's targets must be there, exactly those the rules allow.
    game = table(
        ["detainment_cell", "shrine_of_dawn"], ["night_hunter", "asterion_crusher"], step="commit"
    )
    game.apply(za.SetDevotion(0, current=9))
    game.apply(za.MoveCard(0, "conversion_cannon", "play", from_zone="hand"))  # 3 devices
    game.apply(za.PlayCard(0, "andrenid_destroyer"))
    game.apply(za.Pass(1))
    (debut,) = playable(game.state)
    listed = [
        a.targets
        for a in game.legal_actions()
        if isinstance(a, za.PlayTrigger) and a.trigger_id == debut.id
    ]
    everyone = [p.id for p in game.state.permanents()]
    allowed = [
        (pid,) for pid in everyone if game.is_legal(za.PlayTrigger(0, debut.id, targets=(pid,)))
    ]
    assert (3,) in allowed  # Anton's 3-cost character: 3 devices allow it
    assert len(allowed) < len(everyone)  # the 4-cost one (and more) are out of reach
    assert listed == [(), *allowed]


def test_clarification__andrenid_destroyer_target_still_killed_if_devices_drop() -> None:
    game = table(["detainment_cell", "shrine_of_dawn"], ["cognoid_drone"], step="commit")
    game.apply(za.MoveCard(1, "hive_assimilator", "play", from_zone="hand"))  # cost 3
    game.apply(za.MoveCard(0, "conversion_cannon", "play", from_zone="hand"))  # 3 devices
    game.apply(za.PlayCard(0, "andrenid_destroyer"))
    game.apply(za.Pass(1))
    (debut,) = playable(game.state)
    assimilator = game.state.players[1].in_play[-1].id
    game.apply(za.PlayTrigger(0, debut.id, targets=(assimilator,)))
    game.apply(za.PlayCard(1, "dismantle", targets=(1,)))  # down to 2 devices
    game.apply(za.Pass(0))
    game.apply(za.Pass(1))
    assert perm(game, assimilator) is None


def test_clarification__andrenid_destroyer_foe_responds_to_it_before_the_debut_spell() -> None:
    game = table(
        ["detainment_cell", "shrine_of_dawn", "conversion_cannon"],
        ["hive_assimilator"],
        step="commit",
    )
    game.apply(za.PlayCard(0, "andrenid_destroyer"))
    game.apply(za.PlayCard(1, "dismantle", targets=(1,)))  # respond to the character itself
    game.apply(za.Pass(0))  # Dismantle resolves
    game.apply(za.Pass(1))  # Andrenid Destroyer resolves
    (debut,) = playable(game.state)
    assert "you control 2 device(s)" in (
        game.explain(za.PlayTrigger(0, debut.id, targets=(4,))) or ""
    )


# --- Andrenid Worker ----------------------------------------------------------------------


def test_clarification__andrenid_worker_device_count_when_the_debut_spell_resolves() -> None:
    game = table([], [], step="commit")
    game.apply(za.PlayCard(0, "andrenid_worker"))
    game.apply(za.Pass(1))
    game.apply(za.Pass(1))  # the debut spell (no targets) was played for her; it resolves
    assert any("devices you control now" in n for n in game.state.notes)


# --- Apocalypse Chamber -------------------------------------------------------------------


def test_clarification__apocalypse_chamber_kills_all_and_destroys_itself() -> None:
    game = table(["apocalypse_chamber", "storm_drake"], ["chalice_keeper"], step="commit")
    game.apply(za.Activate(0, 1))
    game.apply(za.Pass(1))
    assert game.state.permanents() == ()


def test_clarification__apocalypse_chamber_invincible_is_not_destroyed() -> None:
    text = """
[[players]]
name = "Alena"
devotion = 5
in_play = [{card = "apocalypse_chamber", id = 1, keywords = ["invincible"]}, {card = "storm_drake", id = 2}]
[[players]]
name = "Anton"
[position]
step = "commit"
"""
    game = run_scenario(load_scenario(text))
    game.apply(za.Activate(0, 1))
    game.apply(za.Pass(1))
    assert [p.id for p in game.state.permanents()] == [1]


# --- Ancient Obelisk and Asterion Crusher ------------------------------------------------


def test_clarification__asterion_crusher_benefits_from_ancient_obelisk() -> None:
    game = table(["asterion_crusher"], [], step="commit")
    game.apply(za.PlayCard(0, "ancient_obelisk"))
    game.apply(za.Pass(1))
    assert perm(game, 1).combat == 5  # 4, +1 from the Obelisk, which targets no one


# --- Cnidarian Lord -----------------------------------------------------------------------


def test_clarification__cnidarian_lord_one_combat_boosted_this_turn_dies_next_turn() -> None:
    game = table(["cnidarian_lord"], ["cognoid_drone"], step="commit", active=1)
    game.apply(za.PlayCard(1, "coordinated_strike", targets=(2,)))
    game.apply(za.Pass(0))
    assert perm(game, 2).combat == 4  # Zeal from the Cognoid spell (2) and +2 this turn
    to_step(game, Step.DEVELOP)
    assert game.state.active == 0 and perm(game, 2) is None
    assert "cognoid_drone" in game.state.players[1].discard


# --- Conversion Cannon --------------------------------------------------------------------


def test_clarification__conversion_cannon_cost_is_paid_before_responses() -> None:
    """ "Put a card from your hand on the bottom of its owner's deck": the hand's count goes
    down and the deck's up as the action is played (issue 34: the count stayed at 3)."""
    game = table(["conversion_cannon"], ["chalice_keeper"], step="commit", hands=3)
    game.apply(za.Activate(0, 1, targets=(2,)))
    alena = game.state.players[0]
    assert game.state.stack and (alena.hand_size, alena.deck_size) == (2, 21)
    assert game.state.priority == 1  # the cost is already paid as Anton gets to respond
    assert any("pays Conversion Cannon's cost" in e.text for e in game.log)


OPEN_CANNON = """
[setup]
hidden_hands = false
[[players]]
name = "Alena"
devotion = 6
hand = ["burn", "burn", "void"]
deck = ["accelerate"]
in_play = [{ card = "conversion_cannon", id = 1 }]
[[players]]
name = "Anton"
in_play = [{ card = "chalice_keeper", id = 2 }]
[position]
turn = 3
step = "commit"
"""


def test_clarification__conversion_cannon_needs_a_card_in_hand_named_with_open_hands() -> None:
    game = table(["conversion_cannon"], ["chalice_keeper"], step="commit", hands=0)
    assert "your hand is empty" in (game.explain(za.Activate(0, 1, targets=(2,))) or "")
    assert not any(isinstance(a, za.Activate) for a in game.legal_actions())
    open_game = run_scenario(load_scenario(OPEN_CANNON, "open_cannon.toml"))
    listed = [a for a in open_game.legal_actions() if isinstance(a, za.Activate)]
    at_keeper = [a.paid for a in listed if a.targets == (2,)]
    assert sorted(at_keeper) == ["burn", "void"]  # each card it may pay, once
    assert "name the card" in (open_game.explain(za.Activate(0, 1, targets=(2,))) or "")
    open_game.apply(za.Activate(0, 1, targets=(2,), paid="void"))
    alena = open_game.state.players[0]
    assert alena.hand == ("burn", "burn") and alena.deck == ("accelerate", "void")
    assert alena.hand_size == 2


# --- Dirac Archmage -----------------------------------------------------------------------


def test_clarification__dirac_archmage_spells_cost_less_but_not_below_zero() -> None:
    game = table(["dirac_archmage"], [], step="commit")
    game.apply(za.PlayCard(0, "burn"))  # Magi, Zeal 1 (the Archmage is Magi), -1: free
    assert game.state.players[0].devotion == 6
    game.apply(za.Pass(1))
    game.apply(za.PlayCard(0, "accelerate"))  # 0 stays 0
    assert game.state.players[0].devotion == 6


# --- Formic Commander / Detainment Cell ---------------------------------------------------


def test_clarification__detainment_cell_on_an_attacker_keeps_it_attacking() -> None:
    text = """
[[players]]
name = "Alena"
in_play = [{card = "iron_juggernaut", id = 1}]
[[players]]
name = "Anton"
in_play = [{card = "detainment_cell", id = 2, connected_to = 1, connected_controller = 0}]
[position]
step = "flanking"
combat = { attackers = [[1, 1]], declared = true }
"""
    game = run_scenario(load_scenario(text))
    damage(game, bases=((1, 1, 3),))
    assert not game.state.players[1].bases[3].face_up  # the juggernaut's 4 hit the 4


def test_clarification__formic_commander_device_put_into_play_in_end_of_turn_acts() -> None:
    game = table([], [], step="end_of_turn")
    game.apply(za.SetBase(0, 0, face_up=False))
    game.apply(za.MoveCard(0, "shrine_of_dawn", "play", from_zone="hand", enters=True))
    assert [t.name for t in game.state.pending] == ["Shrine of Dawn (sample)"]


# --- God Matrix ---------------------------------------------------------------------------


def test_clarification__god_matrix_device_with_end_of_turn_action_gets_to_play_it() -> None:
    game = table([], [], step="end_of_turn")
    game.apply(za.PlayCard(0, "god_matrix"))
    game.apply(za.Pass(1))
    (note,) = game.state.notes
    game.apply(za.MoveCard(0, "shrine_of_dawn", "play", from_zone="hand", enters=True))
    game.apply(za.MarkResolved(0, note))
    assert [t.name for t in game.state.pending] == ["Shrine of Dawn (sample)"]


# --- Possess the Dead ---------------------------------------------------------------------


def test_clarification__possess_the_dead_before_choose_attackers_can_attack() -> None:
    game = table([], [], step="combat_start", discards=(["storm_drake"], []))
    game.apply(za.PlayCard(0, "possess_the_dead", targets=("discard:0:storm_drake",)))
    game.apply(za.Pass(1))
    drake = game.state.players[0].in_play[0].id
    attack(game, (drake, 1))
    assert game.state.combat is not None


def test_clarification__possess_the_dead_without_zeal_dies_at_end_of_turn_with_triggers() -> None:
    game = table(["psychopomp"], [], step="commit", discards=(["chalice_keeper"], []))
    game.apply(za.SetDevotion(0, current=3))  # Possess the Dead without Zeal costs 3
    # Psychopomp is Specter: that would give Zeal; move it away for this test
    game.apply(za.MoveCard(0, 1, "hand"))
    game.apply(za.PlayCard(0, "possess_the_dead", targets=("discard:0:chalice_keeper",)))
    assert not game.state.stack[-1].zeal
    game.apply(za.Pass(1))
    everyone_passes(game)
    assert game.state.step is Step.END_OF_TURN
    assert game.state.players[0].in_play == ()
    assert any("dies at the end of the turn" in e.text for e in game.log)
    assert any("Chalice Keeper triggers" in e.text for e in game.log)  # its "dies" trigger


def test_clarification__possess_the_dead_invincible_still_dies() -> None:
    game = table([], [], step="commit", discards=(["eternal_sentinel"], []))
    game.apply(za.PlayCard(0, "possess_the_dead", targets=("discard:0:eternal_sentinel",)))
    game.apply(za.Pass(1))
    everyone_passes(game)
    assert game.state.players[0].in_play == ()


def test_clarification__possess_the_dead_specter_gains_zeal_from_it() -> None:
    game = table([], [], step="commit", discards=(["psychopomp"], []))
    game.apply(za.PlayCard(0, "possess_the_dead", targets=("discard:0:psychopomp",)))
    game.apply(za.Pass(1))
    (pomp,) = game.state.players[0].in_play
    assert pomp.zeal and pomp.combat == 2


def test_clarification__possess_the_dead_without_zeal_specter_still_dies() -> None:
    game = table([], [], step="commit", discards=(["psychopomp"], []))
    game.apply(za.PlayCard(0, "possess_the_dead", targets=("discard:0:psychopomp",)))
    game.apply(za.Pass(1))
    assert game.state.players[0].in_play[0].zeal
    everyone_passes(game)
    assert game.state.players[0].in_play == ()


def test_clarification__possess_the_dead_with_zeal_stays() -> None:
    game = table(["specter_wisp"], [], step="commit", discards=(["storm_drake"], []))
    game.apply(za.PlayCard(0, "possess_the_dead", targets=("discard:0:storm_drake",)))
    assert game.state.stack[-1].zeal
    game.apply(za.Pass(1))
    everyone_passes(game)
    assert len(game.state.players[0].in_play) == 2


# --- Possess the Living -------------------------------------------------------------------


def test_clarification__possess_the_living_without_zeal_returns_next_turn() -> None:
    game = table([], ["chalice_keeper"], step="commit")
    game.apply(za.PlayCard(0, "possess_the_living", targets=(1,)))
    game.apply(za.Pass(1))
    assert perm(game, 1).controller == 0
    to_step(game, Step.DEVELOP)
    assert perm(game, 1).controller == 1


def test_clarification__possess_the_living_your_own_card_goes_back_to_the_foe() -> None:
    game = her_card_with_the_foe(devotion=6, hand_size=3)
    game.apply(za.PlayCard(0, "possess_the_living", targets=(1,)))
    game.apply(za.Pass(1))
    to_step(game, Step.DEVELOP)
    assert perm(game, 1).controller == 1 and perm(game, 1).owner == 0


# --- cards the players resolve by hand ----------------------------------------------------


def test_text_beyond_the_vocabulary_becomes_a_note_resolved_by_hand() -> None:
    game = table([], [], step="commit", devotion=10)
    game.apply(za.PlayCard(0, "god_matrix"))
    game.apply(za.Pass(1))
    game.apply(za.PlayCard(0, "andrenid_worker"))
    game.apply(za.Pass(1))
    game.apply(za.Pass(1))  # its Debut Spell (nothing to choose) resolves
    assert len(game.state.notes) == 2
    assert sum(p.kind == "resolve" for p in game.prompts()) == 2
    assert game.is_legal(za.Pass(0))  # notes never block play: the table is the truth


# --- Entanglement Collider ----------------------------------------------------------------


def test_clarification__entanglement_collider_never_triggers_if_the_spell_is_countered() -> None:
    game = table(["entanglement_collider"], [], step="commit")
    game.apply(za.PlayCard(0, "accelerate"))
    game.apply(za.PlayCard(1, "void", targets=(game.state.stack[-1].id,)))
    game.apply(za.Pass(0))
    assert not game.state.pending and not game.state.stack


def test_clarification__entanglement_collider_the_foe_can_respond_to_the_copy() -> None:
    game = table(["entanglement_collider"], [], step="commit")
    game.apply(za.PlayCard(0, "accelerate"))
    game.apply(za.Pass(1))
    (collider,) = playable(game.state)
    game.apply(za.PlayTrigger(0, collider.id))  # pays 2
    game.apply(za.Pass(1))  # the Collider's action resolves: the copy is played
    copy = game.state.stack[-1]
    assert copy.name == "Accelerate" and not copy.from_hand
    game.apply(za.Pass(0))
    assert game.state.priority == 1  # Anton may respond to the copy
    game.apply(za.Pass(1))
    assert game.state.players[0].devotion == 6 - 0 + 3 - 2 + 3
    assert game.state.players[0].discard == ("accelerate",)  # the copy is no card


def test_clarification__entanglement_collider_copy_of_a_spell_without_zeal_gets_zeal() -> None:
    game = table(["entanglement_collider"], ["chalice_keeper"], step="commit", devotion=9)
    game.apply(za.PlayCard(0, "possess_the_living", targets=(2,)))  # Specter: none in play
    assert not game.state.stack[-1].zeal
    game.apply(za.Pass(1))
    (collider,) = playable(game.state)
    game.apply(za.PlayTrigger(0, collider.id))
    game.apply(za.Pass(1))
    copy = game.state.stack[-1]
    assert copy.name == "Possess the Living" and copy.zeal  # a Specter spell resolved this turn


def test_clarification__entanglement_collider_copies_a_spell_gained_with_invert() -> None:
    game = table(["entanglement_collider"], [], step="commit", active=1, devotion=9)
    game.apply(za.PlayCard(1, "accelerate"))
    game.apply(za.PlayCard(0, "invert", targets=(game.state.stack[-1].id,)))
    game.apply(za.Pass(1))  # Invert resolves: Alena controls Accelerate
    assert game.state.stack[-1].controller == 0
    # Invert resolving already triggered the Collider (Invert is a spell): decline it
    (first,) = playable(game.state)
    game.apply(za.DeclineTrigger(0, first.id))
    game.apply(za.Pass(0))
    game.apply(za.Pass(1))  # the gained Accelerate resolves: the Collider triggers again
    assert [t.name for t in playable(game.state)] == ["Entanglement Collider"]


# --- Invert -------------------------------------------------------------------------------


def test_clarification__invert_can_gain_control_of_a_debut_spell() -> None:
    game = table([], ["chalice_keeper"], step="commit", active=1)
    game.apply(za.PlayCard(1, "cnidarian_assassin"))
    game.apply(za.Pass(0))
    (debut,) = playable(game.state)
    game.apply(za.PlayTrigger(1, debut.id, targets=(1,)))  # aimed at his own keeper? no: at 1
    game.apply(za.PlayCard(0, "invert", targets=(debut.id,)))
    game.apply(za.Pass(1))
    assert game.state.stack[-1].controller == 0


def test_clarification__invert_gained_spell_grants_zeal_to_your_cards_of_its_cult() -> None:
    game = table(["cognoid_drone"], [], step="commit", active=1)
    game.apply(za.PlayCard(1, "dismantle"))  # a Cognoid spell
    game.apply(za.PlayCard(0, "invert", targets=(game.state.stack[-1].id,)))
    game.apply(za.Pass(1))
    game.apply(za.Pass(0))
    game.apply(za.Pass(1))
    assert game.state.permanent(1).zeal  # type: ignore[union-attr]


def test_clarification__invert_resolve_a_spell_triggers_twice() -> None:
    game = table(["waveform_master"], [], step="commit", active=1)
    hand = game.state.players[0].hand_size
    game.apply(za.PlayCard(1, "accelerate"))
    game.apply(za.PlayCard(0, "invert", targets=(game.state.stack[-1].id,)))
    game.apply(za.Pass(1))  # Invert resolves: Waveform Master triggers (draw is played)
    game.apply(za.Pass(1))  # the draw resolves
    game.apply(za.Pass(0))
    game.apply(za.Pass(1))  # the gained Accelerate resolves: it triggers again
    game.apply(za.Pass(1))
    assert game.state.players[0].hand_size == hand - 1 + 2


def test_clarification__invert_lightning_storm_keeps_the_original_x() -> None:
    game = table(["chalice_keeper"], ["iron_juggernaut"], step="commit", active=1)
    game.apply(za.PlayCard(1, "lightning_storm", x=2))
    game.apply(za.PlayCard(0, "invert", targets=(game.state.stack[-1].id,)))
    game.apply(za.Pass(1))
    game.apply(za.Pass(0))
    game.apply(za.Pass(1))
    assert game.state.permanent(2).damage == 2  # type: ignore[union-attr]  # now Alena's foes
    assert game.state.permanent(1).damage == 0  # type: ignore[union-attr]


# --- Lightning Storm ----------------------------------------------------------------------


def test_clarification__lightning_storm_for_0_gains_zeal_and_triggers() -> None:
    game = table(["waveform_master", "storm_drake"], [], step="commit")
    game.apply(za.MoveCard(0, 2, "hand"))  # keep the Magi drake out: no Zeal yet
    assert not game.state.permanent(1).zeal  # type: ignore[union-attr]
    game.apply(za.PlayCard(0, "lightning_storm", x=0))
    game.apply(za.Pass(1))
    assert game.state.permanent(1).zeal  # type: ignore[union-attr]
    assert [i.name for i in game.state.stack] == ["Waveform Master"]


def test_clarification__lightning_storm_with_dirac_archmage_for_0_deals_1() -> None:
    game = table(["dirac_archmage"], ["cognoid_drone"], step="commit")
    game.apply(za.PlayCard(0, "lightning_storm", x=1))
    assert game.state.players[0].devotion == 6  # X=1 costs 1, less 1: free
    game.apply(za.Pass(1))
    assert game.state.permanent(2) is None


def test_lightning_storm__x_is_paid_as_devotion() -> None:
    game = table([], ["iron_juggernaut"], step="commit")
    assert "costs 7" in (game.explain(za.PlayCard(0, "lightning_storm", x=7)) or "")
    assert "no X" in (game.explain(za.PlayCard(0, "burn", x=2)) or "")
    game.apply(za.PlayCard(0, "lightning_storm", x=4))
    game.apply(za.Pass(1))
    assert game.state.permanent(1) is None and game.state.players[0].devotion == 2


# --- Noctium Gargoyle ---------------------------------------------------------------------


def test_clarification__noctium_gargoyle_activating_does_not_clear_damage() -> None:
    game = table(["noctium_gargoyle"], [], step="commit")
    game.apply(za.SetDamage(0, 1, 2))
    game.apply(za.Activate(0, 1))
    game.apply(za.Pass(1))
    gargoyle = game.state.permanent(1)
    assert gargoyle is not None and gargoyle.kind == "device" and gargoyle.damage == 2


def test_clarification__noctium_gargoyle_connected_device_stays_connected() -> None:
    game = table(["noctium_gargoyle"], [], step="commit")
    game.apply(za.PlayCard(0, "detainment_cell", targets=(1,)))
    game.apply(za.Pass(1))
    game.apply(za.Activate(0, 1))
    game.apply(za.Pass(1))
    cell = game.state.players[0].in_play[-1]
    assert cell.connected_to == 1


# --- Void ---------------------------------------------------------------------------------


def test_clarification__void_on_a_zeal_asterion_bull_debut_kills_it_and_its_dies_trigger_happens() -> (
    None
):
    text = """
[[card]]
id = "bull_calf"
name = "Bull Calf"
type = "character"
cult = "Lunari"
combat = 2
abilities = [{trigger = "debut", effects = [{op = "gain_devotion", amount = 1}]}]
zeal_abilities = [{trigger = "dies", effects = [{op = "draw", amount = 1}]}]
[[players]]
name = "Alena"
devotion = 5
hand_size = 3
deck_size = 10
in_play = [{card = "lunari_acolyte", id = 1}]
[[players]]
name = "Anton"
devotion = 5
hand_size = 3
[position]
step = "commit"
"""
    game = run_scenario(load_scenario(text))
    game.apply(za.PlayCard(0, "bull_calf"))
    game.apply(za.Pass(1))
    debut = game.state.stack[-1]  # played for her: nothing to choose
    game.apply(za.PlayCard(1, "void", targets=(debut.id,)))
    game.apply(za.Pass(0))
    assert not any(p.name == "Bull Calf" for p in game.state.permanents())
    assert any("Bull Calf triggers for Alena: draw a card" in e.text for e in game.log)


def test_when_you_resolve_a_spell__a_copy_is_not_a_spell_card() -> None:
    """When you resolve a spell: "Play this action directly after resolving a spell card." The
    Entanglement Collider's copy is no card, so resolving it triggers nothing (else each copy
    would trigger the Collider again, without end)."""
    game = table(["entanglement_collider", "waveform_master"], [], step="commit")
    game.apply(za.PlayCard(0, "accelerate"))
    game.apply(za.Pass(1))
    group = playable(game.state)
    assert {t.name for t in group} == {"Entanglement Collider", "Waveform Master"}
    collider = next(t for t in group if t.name == "Entanglement Collider")
    game.apply(za.PlayTrigger(0, collider.id))
    game.apply(za.Pass(1))  # the Collider's action resolves: the copy is played
    assert game.state.stack[-1].name == "Accelerate" and not game.state.stack[-1].from_hand
    game.apply(za.Pass(0))
    game.apply(za.Pass(1))  # the copy resolves: no new triggers
    assert not game.state.pending
    # what is left is Waveform Master's trigger from the Accelerate card, now being played
    assert [(i.name, i.kind) for i in game.state.stack] == [("Waveform Master", "ability")]
