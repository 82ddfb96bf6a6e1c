"""The two combat decisions the rules give the attacking player beyond each character's own
row, offered beneath it in the combat assistant (no Kivy here): a Hunt attacker's blocker
(Keywords: Hunt) and where an attacker's excess damage goes (Combat: Dealing Combat Damage
to Bases). Every choice the rules allow is reachable by the player model's gestures through
the same rows the screen shows, and makes exactly the declaration the engine then gets."""

from __future__ import annotations

import itertools
from pathlib import Path
from typing import Any

from companion_app.games.zeal import combat_beneath, combat_rows
from companion_app.games.zeal.adapter import ADAPTER
from companion_app.games.zeal.combat_preview import predict
from engine.zeal import ZealGame
from engine.zeal import actions as za
from tests.app.test_app_offscreen import OUTPUT, keep_and_compare, run_journey
from tests.app.test_zeal_player_model import combat_choices
from tests.app.zeal_combat_positions import excess_game, hunting_game

MODEL = ADAPTER.player_model()


def texts(row: combat_rows.Row) -> list[str]:
    return [row.text(i) for i in range(len(row.options))]


def made(game: ZealGame, action: Any) -> Any:
    """The declaration the model's gestures make through the rows, or None (no gestures)."""
    gestures = MODEL.gestures(game, action)
    return None if gestures is None else combat_choices(game, list(gestures)[1:])


def test_keywords_hunt__a_hunter_attacking_opens_a_row_naming_only_blockers_the_rules_allow() -> (
    None
):
    """Keywords: Hunt. Anton's Storm Drake (Fly) can block a hunter too; the row lists his
    characters, and nobody else's."""
    game, ids = hunting_game(players=3)
    first, second = ids["night_hunter"]
    own = [first, second, ids["iron_juggernaut"][0]]
    assert [r.key for r in combat_rows.rows(game)] == own
    listed = combat_rows.rows(game, {first: 1})  # attacks Anton (seat 1)
    assert [r.key for r in listed][:2] == [first, (combat_rows.HUNT, first)]
    hunt = listed[1]
    assert hunt.beneath and hunt.label() == "Night Hunter (sample) #1 hunts:"
    assert texts(hunt) == [
        "Night Hunter (sample) #1 is blocked by the rules' pick",
        "Night Hunter (sample) #1 is blocked by Lunari Acolyte (sample)",
        "Night Hunter (sample) #1 is blocked by Cult Zealot (sample)",
        "Night Hunter (sample) #1 is blocked by Storm Drake (sample)",
    ]
    # Attacking Bea instead: her one character. Staying home: no row beneath.
    at_bea = combat_rows.rows(game, {first: 2})[1]  # seat 2
    assert texts(at_bea)[1:] == ["Night Hunter (sample) #1 is blocked by Cult Zealot (sample)"]
    assert [r.key for r in combat_rows.rows(game, {first: None})] == own


def test_keywords_hunt__the_chosen_blockers_make_the_declaration_and_the_preview_names_them() -> (
    None
):
    game, ids = hunting_game()
    first, second = ids["night_hunter"]
    zealot, drake = ids["cult_zealot"][0], ids["storm_drake"][0]
    chosen = {first: 1, second: 1, (combat_rows.HUNT, first): drake}
    chosen[(combat_rows.HUNT, second)] = zealot
    action = combat_rows.declaration(game, chosen)
    assert action == za.DeclareAttackers(
        0, ((first, 1), (second, 1)), hunts=((first, drake), (second, zealot))
    )
    assert game.is_legal(action)
    lines = predict(game, [action]).lines
    assert lines[:2] == [
        "Night Hunter (sample) is blocked by Storm Drake (sample) (Hunt)",
        "Night Hunter (sample) is blocked by Cult Zealot (sample) (Hunt)",
    ]
    # A choice left to the rules is told too: the first character that can block.
    lines = predict(game, [za.DeclareAttackers(0, ((first, 1),))]).lines
    assert lines[0] == "Night Hunter (sample) is blocked by Lunari Acolyte (sample) (Hunt)"
    # One blocker for two hunters: the engine's words, not a forecast.
    chosen[(combat_rows.HUNT, second)] = drake
    twice = predict(game, [combat_rows.declaration(game, chosen)])
    assert not twice.ok and "already chosen to block another hunter" in twice.problem


def test_keywords_hunt__a_choice_left_when_its_hunter_stays_home_counts_for_nothing() -> None:
    game, ids = hunting_game()
    first = ids["night_hunter"][0]
    chosen = {first: None, (combat_rows.HUNT, first): ids["cult_zealot"][0]}
    assert combat_rows.declaration(game, chosen) == za.DeclareAttackers(0)


def test_keywords_hunt__every_choice_the_rules_allow_is_made_by_gestures() -> None:
    """Every attack of the three, at each opponent or none, with each hunter's blocker named
    or left to the rules: each one the engine accepts has gestures, and they make it (hunts
    in attack order: the same choices in another order are the same declaration)."""
    game, ids = hunting_game(players=3)
    attackers = [ids["night_hunter"][0], ids["night_hunter"][1], ids["iron_juggernaut"][0]]
    theirs = [p.id for seat in (1, 2) for p in game.state.players[seat].in_play]
    checked = with_two_hunts = 0
    for targets in itertools.product((None, 1, 2), repeat=3):
        attack = tuple((a, t) for a, t in zip(attackers, targets, strict=True) if t is not None)
        hunters = [a for a, _t in attack if a in attackers[:2]]
        for picks in itertools.product([None, *theirs], repeat=len(hunters)):
            hunts = tuple((h, b) for h, b in zip(hunters, picks, strict=True) if b is not None)
            action = za.DeclareAttackers(0, attack, hunts=hunts)
            if not game.is_legal(action):
                continue
            assert made(game, action) == action, action
            checked += 1
            with_two_hunts += len(hunts) == 2
    assert checked > 40 and with_two_hunts > 4, (checked, with_two_hunts)


def test_damage_to_bases__a_chosen_base_with_damage_left_over_opens_a_row_per_step() -> None:
    """Dealing Combat Damage to Bases: 4 damage at Anton's base 3 (1 to go) leaves 3 for an
    adjacent base (2 or 4); at base 2 (2 to go) 1 is left, for base 1 (base 3 is down)."""
    game, ids = excess_game()
    jug = ids["iron_juggernaut"][0]
    chosen: dict[Any, Any] = {jug: ("base", 1, 2)}
    listed = combat_rows.rows(game, chosen)
    step = listed[1]
    assert step.key == (combat_rows.EXCESS, jug, 1) and step.beneath
    assert step.label() == "3 left over from Anton's base 3:"
    assert texts(step) == [
        "its excess goes to the base closest to falling",
        "its excess goes to Anton's base 2",
        "its excess goes to Anton's base 4",
    ]
    chosen[step.key] = ("base", 1, 1)
    listed = combat_rows.rows(game, chosen)
    step = listed[2]
    assert step.label() == "1 left over from Anton's base 2:"
    assert texts(step)[1:] == ["its excess goes to Anton's base 1"]
    chosen[step.key] = ("base", 1, 0)
    assert len(combat_rows.rows(game, chosen)) == 4  # nothing left: no row beneath
    action = combat_rows.declaration(game, chosen)
    assert action == za.AssignDamage(0, bases=((jug, 1, 2), (jug, 1, 1), (jug, 1, 0)))
    lines = predict(game, [action]).lines
    for defense in (1, 2, 3):
        assert f"Anton's base {defense} is defeated" in lines, lines
    # At base 4 instead, 3 damage does not defeat it: no further row.
    chosen[(combat_rows.EXCESS, jug, 1)] = ("base", 1, 3)
    assert [r.key for r in combat_rows.rows(game, chosen)][2:] == [ids["asterion_bull"][0]]


def test_damage_to_bases__what_an_earlier_attacker_does_is_counted_first() -> None:
    """Bases are hit one attacker at a time, the juggernaut first (attack order): its excess
    left 3 on base 4, so the bull's 3 there defeat it with 2 left over, and base 3 (down
    already) is not offered for them."""
    game, ids = excess_game()
    jug, bull = ids["iron_juggernaut"][0], ids["asterion_bull"][0]
    chosen: dict[Any, Any] = {jug: ("base", 1, 2), (combat_rows.EXCESS, jug, 1): ("base", 1, 3)}
    chosen[bull] = ("base", 1, 3)  # base 4 took 3 already: 1 to go, 2 left over
    beneath = combat_rows.rows(game, chosen)[-1]
    assert beneath.key == (combat_rows.EXCESS, bull, 1)
    assert beneath.label() == "2 left over from Anton's base 4:"
    assert texts(beneath)[1:] == ["its excess goes to Anton's base 5"]  # base 3 is down


def unreached_outcomes(game: ZealGame, ids: dict[str, list[int]]) -> tuple[list[str], int]:
    """Every declaration of bases the engine accepts (the juggernaut's first base and up to
    two steps of excess, as far as its 4 damage can carry; the bull's first base) is played
    on a fork. Returns the ends of Anton's bases no declaration the gestures make reaches,
    and how many outcomes there were. (A step named after the damage ran out changes
    nothing: the rows don't ask it.)"""
    jug, bull = ids["iron_juggernaut"][0], ids["asterion_bull"][0]
    standing = [i for i, b in enumerate(game.state.players[1].bases) if b.face_up]

    def chains(pid: int, longest: int) -> list[tuple[tuple[int, int, int], ...]]:
        out: list[tuple[tuple[int, int, int], ...]] = [()]
        frontier = [((pid, 1, i),) for i in standing]
        for _ in range(longest):
            out += frontier
            frontier = [c + ((pid, 1, i),) for c in frontier for i in standing]
        return out

    outcomes: dict[Any, list[za.AssignDamage]] = {}
    for mine, its in itertools.product(chains(jug, 3), chains(bull, 1)):
        action = za.AssignDamage(0, bases=mine + its)
        if not game.is_legal(action):
            continue
        fork = game.fork()
        fork.apply(action)
        bases = tuple((b.face_up, b.damage) for b in fork.state.players[1].bases)
        outcomes.setdefault(bases, []).append(action)
    unreached = []
    for bases, actions in outcomes.items():
        results = [(a, made(game, a)) for a in actions]
        assert all(result in (None, a) for a, result in results), results
        if all(result is None for _a, result in results):
            unreached.append(f"{bases}, by {actions[0]}")
    return unreached, len(outcomes)


def test_damage_to_bases__every_outcome_the_rules_allow_is_reached_by_gestures() -> None:
    game, ids = excess_game()
    unreached, outcomes = unreached_outcomes(game, ids)
    assert not unreached and outcomes > 10, (unreached, outcomes)


def test_damage_to_bases__the_outcome_check_finds_a_table_that_asks_no_excess(
    monkeypatch: Any,
) -> None:
    """Planted: rows beneath a base never listed (the table before this), so the outcomes
    only a chosen excess reaches are reported."""
    game, ids = excess_game()
    monkeypatch.setattr(combat_beneath, "excess_rows", lambda *_args: [])
    unreached, _outcomes = unreached_outcomes(game, ids)
    assert len(unreached) >= 3, unreached


def test_journey__the_attacker_taps_her_hunters_blocker_and_her_excess_path(
    tmp_path: Path,
) -> None:
    """Through the real widgets drawn offscreen, on the page turned to Alena: the rows
    beneath her hunter and her juggernaut's base, tapped; Confirm; the engine got exactly
    those declarations, and every text on the page reads whole."""
    out = OUTPUT / "zeal" / "combat_choices"
    result = run_journey("tests.app.journeys_zeal_combat:hunt_and_excess", out, tmp_path / "g")
    notes = result["notes"]
    assert notes["hunt_options"] == [
        "Night Hunter (sample) is blocked by the rules' pick",
        "Night Hunter (sample) is blocked by Lunari Acolyte (sample)",
        "Night Hunter (sample) is blocked by Cult Zealot (sample)",
    ]
    assert notes["attack_made"], notes["attack_history"]
    assert notes["damage_made"], notes["damage_history"]
    assert (
        "Night Hunter (sample) is blocked by Cult Zealot (sample) (Hunt)"
        in (notes["attack_prediction"])
    )
    for defense in (1, 2, 3):
        assert f"Anton's base {defense} is defeated" in notes["damage_prediction"]
    assert notes["bases_up"] == [False, False, False, True, True, True]
    assert notes["attack_unreadable"] == [] and notes["damage_unreadable"] == []
    keep_and_compare(out, "zeal_combat")


def test_damage_to_bases__two_attackers_at_one_base_journey(tmp_path: Path) -> None:
    """Combat: Dealing Combat Damage to Bases, through the real widgets: a base the attacker
    above defeats is not offered to the next (naming it made the engine pick another and
    the excess row vanished); the next one's excess row opens where damage is left; a
    chosen excess base stays chosen when the base row above is cycled round and back."""
    out = OUTPUT / "zeal" / "combat_two_at_one_base"
    result = run_journey(
        "tests.app.journeys_zeal_combat:two_attackers_one_base", out, tmp_path / "g"
    )
    notes = result["notes"]
    offered = notes["bull_options"]
    # The juggernaut defeats base 3 and leaves base 4 with 1 to go: base 3 is gone.
    assert offered == [
        "Asterion Bull hits the base closest to falling",
        *(f"Asterion Bull hits Anton's base {n}" for n in (1, 2, 4, 5, 6)),
    ], offered
    rows = notes["rows_at_base_4"]
    assert rows[-1][0] == "2 left over from Anton's base 4:", rows
    cycled = notes["rows_after_cycle"]
    assert ["3 left over from Anton's base 3:", "its excess goes to Anton's base 4"] in cycled
    assert cycled == rows, (cycled, rows)
    assert notes["unreadable"] == []


def test_keywords_assimilate__the_forecast_says_it_and_the_base_stands_on_the_takers_panel(
    tmp_path: Path,
) -> None:
    """Keywords: Assimilate, through the real widgets: the forecast said only "Nothing is
    damaged"; the assimilated base still stood on Anton's panel and never on Alena's."""
    out = OUTPUT / "zeal" / "assimilate"
    notes = run_journey("tests.app.journeys_zeal_combat:assimilate", out, tmp_path / "g")["notes"]
    assert "Anton's base 2 is assimilated by Alena" in notes["forecast"], notes["forecast"]
    assert notes["anton_base_2"] == ["Base 2", "to Alena", True]  # dimmed: no longer his
    assert notes["alena_taken"] == ["Anton's base 2", "from Anton", False]
    assert len([k for k in notes["alena_keys"] if k.startswith("base:")]) == 7


def test_combat__the_table_shows_who_attacks_and_who_blocks_in_the_windows_to_respond(
    tmp_path: Path,
) -> None:
    """Combat, through the real widgets: after attackers and blockers are declared the
    table showed nothing of it (only the combat assistant, closed by then, had)."""
    out = OUTPUT / "zeal" / "who_attacks"
    notes = run_journey("tests.app.journeys_zeal_combat:who_attacks", out, tmp_path / "g")["notes"]
    title, alena, anton = notes["attack_window"]
    # The card's name, and its combat score said with its word (Combat), then what it does.
    assert title == ["Iron Juggernaut (sample)", "Combat 4 \u00b7 attacks Anton"]
    assert "Attacking" in alena and "Attacked" in anton, notes["attack_window"]
    assert notes["block_window"] == [
        "Cult Zealot (sample)",
        "Combat 2 \u00b7 blocks Iron Juggernaut",
    ]


def test_combat__two_attackers_of_one_name_are_told_apart_in_each_blockers_row() -> None:
    """Combat: Declaring Blockers, each blocker blocks one attacker. Alena attacks with two
    Iron Juggernauts: Anton's rows offer "blocks Iron Juggernaut (sample) #1" and "#2" (they
    read the same, and a tap on one blocked the other: the explorer, seed 4242 at 5 players),
    and each makes the block it says."""
    game = excess_game_like()
    first, second = sorted(p.id for p in game.state.players[0].in_play)
    for row in combat_rows.rows(game):
        assert texts(row)[1:] == [
            f"{row.name} blocks Iron Juggernaut (sample) #1",
            f"{row.name} blocks Iron Juggernaut (sample) #2",
        ]
        assert combat_rows.declaration(game, {row.key: second}) == za.DeclareBlockers(
            1, ((row.permanent_id, second),)
        )


def excess_game_like() -> ZealGame:
    """Alena's two Iron Juggernauts attack Anton, who has a Lunari Acolyte and a Cult Zealot:
    his blockers are asked for."""
    from tests.app.zeal_combat_positions import new_game, to_attackers

    game = new_game()
    ids = to_attackers(
        lambda: game,
        game.apply,
        [("iron_juggernaut", "iron_juggernaut"), ("lunari_acolyte", "cult_zealot")],
    )
    first, second = ids["iron_juggernaut"]
    game.apply(za.DeclareAttackers(0, ((first, 1), (second, 1))))
    while game.state.awaiting != "blockers":
        actor = game.acting_player()
        assert actor is not None
        game.apply(za.Pass(actor))
    return game


def test_combat__a_result_then_the_page_opening_by_itself_says_it_and_undo_s_notice_whole(
    tmp_path: Path,
) -> None:
    """Combat, through the real widgets: a Burn kills Psychopomp at the start of combat and
    the attackers page opens at once over the band, which alone said the death (explorer,
    Zeal 5p: a result behind the combat page); Undo's notice was cut on the page ('Took
    back: Dana declared attackers: Shade Ambusher...', seed 294385 step 98), and the death,
    still done, left the band with the notice (Zeal 5p seed 5, step 54)."""
    out = OUTPUT / "zeal" / "combat_result_then_attackers"
    notes = run_journey(
        "tests.app.journeys_zeal_combat:result_then_attackers", out, tmp_path / "g"
    )["notes"]
    assert any("Psychopomp dies" in t for t in notes["page_after_death"]), notes
    took = "Took back: Alena declared attackers: Iron Juggernaut (sample) at Anton"
    page = notes["page_after_undo"]
    assert any(took in t for t in page) and any("Psychopomp dies" in t for t in page), page
    assert notes["page_unreadable"] == [], notes["page_unreadable"]
    band = notes["band_after_undo"]
    assert band.startswith("Took back: Alena declared") and "Psychopomp dies" in band, band
