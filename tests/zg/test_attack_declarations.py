"""Z-G's declarations at the table, through the adapter and the session (no window): cover
(Core Exceptions 4), augments (7), bolsters (6), high ground (Rules Options 1) and sneak attack
(2), each declared from the attack screen's model (attack_plan.py) or the test screen's
(test_view.placement), each changing the engine's state as the rules say, and each refused in
the engine's words where the rules don't allow it."""

from __future__ import annotations

from dataclasses import replace
from pathlib import Path

import pytest
from kivy.clock import Clock

from companion_app.games.zg import attack_plan as plan
from companion_app.games.zg.adapter import ADAPTER
from companion_app.games.zg.dot_view import placement
from companion_app.saves.store import CommandStore
from companion_app.session.game_session import GameSession
from engine.zg import actions as zga
from engine.zg.dot_match import facing, run_test
from engine.zg.game import ZgGame
from engine.zg.perform_attack import current_test
from hardware.registry import TagRegistry

ALENA, ANTON = 0, 1
ACTION_CARD = "zero_blade"  # Alena's action card: Move 2, hand to hand
TARGET = "phantom_sensor"  # the card Anton draws


def _session(tmp_path: Path, **options: str) -> GameSession:
    s = GameSession(CommandStore(str(tmp_path / "g.sqlite")), lambda _k: TagRegistry(":memory:"))
    s.start_new(["Alena", "Anton"], kind="zg", seed=7, options=options)
    Clock.tick()
    return s


def _game(s: GameSession) -> ZgGame:
    game = s.game
    assert isinstance(game, ZgGame)
    return game


def _to_the_attack(s: GameSession) -> ZgGame:
    """Alena calls the higher impulse, plays her Blade Armgear and moves: the attack screen is
    what the table sees next."""
    game = _game(s)
    assert s.command(zga.PickHand(ALENA, impulse=753)), s.message
    assert s.command(zga.PickHand(ANTON, impulse=321)), s.message
    assert s.command(ADAPTER.scan_action(game, ALENA, ACTION_CARD)), s.message
    assert ADAPTER.due_screen(game) is None  # the move comes first, on the band
    assert s.command(zga.Move(ALENA, 1)), s.message
    assert ADAPTER.due_screen(game) == "zg_attack"
    return game


def _declare(s: GameSession, d: plan.Declaration) -> bool:
    game = _game(s)
    seat = plan.choices(game).seat
    return s.command(plan.action(seat, d))


@pytest.fixture
def options_on(tmp_path: Path) -> GameSession:
    return _session(tmp_path, sneak_attack="on", high_ground="on")


@pytest.fixture
def options_off(tmp_path: Path) -> GameSession:
    return _session(tmp_path)


# --- Core Exceptions 4: cover -------------------------------------------------------------


def test_core4_cover__a_card_agreed_in_cover_drawn_as_the_target_fails_the_attack(
    options_off: GameSession,
) -> None:
    s = options_off
    game = _to_the_attack(s)
    listed = [c for c, _name in plan.cover_cards(game, ANTON)]
    assert TARGET in listed and len(listed) == len(game.state.players[ANTON].roster)
    d = plan.first(game).toggled_cover(TARGET)
    assert plan.verdict(game, ALENA, d) == ""
    deck = game.state.players[ANTON].deck_size
    assert _declare(s, d)
    assert game.state.attack is not None and game.state.attack.cover == (TARGET,)
    assert s.command(ADAPTER.scan_action(game, ANTON, TARGET))  # Anton draws it: in cover
    assert any(e.text.endswith("is in cover: the attack fails") for e in game.log)
    assert game.state.attack is None and game.state.phase == "card"  # the pulse is over
    assert game.state.players[ANTON].deck_size == deck  # the target card went back


def test_core4_cover__a_card_the_table_does_not_know_is_refused_in_the_engines_words(
    options_off: GameSession,
) -> None:
    s = options_off
    game = _to_the_attack(s)
    d = plan.first(game).toggled_cover("mystery_gear")  # a scanned tag with no catalog card
    assert plan.verdict(game, ALENA, d) == '"mystery_gear" is not a card this table knows'
    assert not _declare(s, d)
    assert s.message == '"mystery_gear" is not a card this table knows' and not s.message_ok
    assert game.state.phase == "act"


# --- Core Exceptions 7: augments ------------------------------------------------------------


def test_core7_augment__declared_before_the_test_and_placed_after_the_spin(
    options_off: GameSession,
) -> None:
    s = options_off
    game = _to_the_attack(s)
    assert _declare(s, replace(plan.first(game), augments=2))
    assert game.state.attack is not None and game.state.attack.augments == 2
    assert s.command(ADAPTER.scan_action(game, ANTON, TARGET))
    assert s.command(zga.Spin(ANTON, 0))
    assert game.state.phase == "augment" and ADAPTER.due_screen(game) == "test"
    place = placement(game)
    assert place is not None and (place.kind, place.seat, place.count) == ("augment", ALENA, 2)
    # Two taps on the attacker's first dot: +2 piercing there.
    assert s.command(place.action((place.dot(0), place.dot(0))))
    a = game.state.attack
    assert a is not None and a.augment_dots == (0, 0) and game.state.phase == "result"
    before = run_test(game.catalog.get(ACTION_CARD).end(0), game.catalog.get(TARGET).end(0), (), ())
    after = current_test(game.state, game.catalog)
    assert after is not None and after.pairs[0].pierce == before.pairs[0].pierce + 2


def test_core7_augment__more_than_three_is_refused_in_the_engines_words(
    options_off: GameSession,
) -> None:
    s = options_off
    game = _to_the_attack(s)
    d = replace(plan.first(game), augments=4)
    assert not _declare(s, d)
    assert s.message == "Declare 0 to 3 augments"
    assert game.state.attack is None


# --- Core Exceptions 6: bolsters ------------------------------------------------------------


def test_core6_bolster__declared_with_the_spin_and_placed_on_the_targets_dot(
    options_off: GameSession,
) -> None:
    s = options_off
    game = _to_the_attack(s)
    assert _declare(s, plan.first(game))
    assert s.command(ADAPTER.scan_action(game, ANTON, TARGET))
    assert s.command(zga.Spin(ANTON, 1, bolsters=1))  # the test screen's stepper, then End B
    assert game.state.phase == "bolster"
    place = placement(game)
    assert place is not None and (place.kind, place.seat, place.count) == ("bolster", ANTON, 1)
    # A tap on the first pair puts the bolster on the target dot facing the attacker's first.
    assert place.dot(0) == facing(0) == 2
    assert s.command(place.action((place.dot(0),)))
    a = game.state.attack
    assert a is not None and a.bolster_dots == (2,) and game.state.phase == "result"
    before = run_test(game.catalog.get(ACTION_CARD).end(0), game.catalog.get(TARGET).end(1), (), ())
    after = current_test(game.state, game.catalog)
    assert after is not None and after.pairs[0].armor == before.pairs[0].armor + 1


def test_core6_bolster__refused_in_the_engines_words(options_off: GameSession) -> None:
    s = options_off
    game = _to_the_attack(s)
    assert _declare(s, plan.first(game))
    assert s.command(ADAPTER.scan_action(game, ANTON, TARGET))
    assert not s.command(zga.Spin(ANTON, 0, bolsters=4))
    assert s.message == "Declare 0 to 3 bolsters" and game.state.phase == "spin"
    assert s.command(zga.Spin(ANTON, 0, bolsters=2))
    place = placement(game)
    assert place is not None
    assert not s.command(place.action((0,)))  # one dot for two bolsters
    assert s.message == "Place 2 bolsters: one dot for each"


def test_core6_bolster__terrain_has_no_one_to_bolster_it(tmp_path: Path) -> None:
    s = _session(tmp_path, terrain_mass="3")
    game = _game(s)
    assert s.command(zga.PickHand(ALENA, impulse=753))
    assert s.command(zga.PickHand(ANTON, impulse=321))
    assert s.command(ADAPTER.scan_action(game, ALENA, ACTION_CARD))
    assert s.command(zga.AttackTerrain(ALENA, 0, 0))
    assert s.command(zga.DrawTarget(ALENA, "zero_jet"))  # from her own deck
    assert not s.command(zga.Spin(ALENA, 0, bolsters=1))
    assert s.message == "Terrain has no one to bolster it"


def test_core5_core7_terrain__the_attack_screen_names_terrain_and_its_augments(
    tmp_path: Path,
) -> None:
    s = _session(tmp_path, terrain_mass="3")
    game = _game(s)
    assert s.command(zga.PickHand(ALENA, impulse=753))
    assert s.command(zga.PickHand(ANTON, impulse=321))
    assert s.command(ADAPTER.scan_action(game, ALENA, ACTION_CARD))
    d = plan.next_target(game, plan.first(game))  # Anton, then the terrain
    assert d == plan.Declaration(terrain=0)
    assert plan.target_words(game, d) == "Terrain: Terrain (3 strikes to go)"
    d = replace(d, augments=1)
    assert plan.action(ALENA, d) == zga.AttackTerrain(ALENA, 0, 0, augments=1)
    assert plan.summary(game, d) == "Attack Terrain, end A, 1 augment"
    assert _declare(s, d)
    assert s.command(zga.DrawTarget(ALENA, "zero_jet"))
    assert s.command(zga.Spin(ALENA, 1))
    place = placement(game)
    assert place is not None and (place.kind, place.seat, place.count) == ("augment", ALENA, 1)
    assert plan.next_target(game, d) == plan.Declaration()  # no attack to declare now


# --- Rules Options 1: high ground -------------------------------------------------------------


def test_option1_high_ground__the_attack_is_augmented(options_on: GameSession) -> None:
    s = options_on
    game = _to_the_attack(s)
    assert _declare(s, replace(plan.first(game), high_ground=True))
    a = game.state.attack
    assert a is not None and a.augments == 1  # +1 armor piercing, placed after the spin
    assert s.command(ADAPTER.scan_action(game, ANTON, TARGET))
    assert s.command(zga.Spin(ANTON, 0))
    place = placement(game)
    assert place is not None and place.kind == "augment" and place.count == 1
    assert s.command(place.action((place.dot(2),)))
    a = game.state.attack
    assert a is not None and a.augment_dots == (2,)


def test_option1_high_ground__refused_when_the_option_is_not_in_play(
    options_off: GameSession,
) -> None:
    s = options_off
    game = _to_the_attack(s)
    assert not plan.choices(game).high_ground_rule  # the screen shows it off
    assert not _declare(s, replace(plan.first(game), high_ground=True))
    assert s.message == "High ground is not one of this game's optional rules"


# --- Rules Options 2: sneak attack -------------------------------------------------------------


def test_option2_sneak_attack__the_foe_may_not_examine_the_target_card(
    options_on: GameSession,
) -> None:
    s = options_on
    game = _to_the_attack(s)
    assert _declare(s, replace(plan.first(game), sneak=True))
    a = game.state.attack
    assert a is not None and a.sneak
    assert any(e.text == "Alena attacks Anton: a sneak attack" for e in game.log)
    reminders = [p.text for p in game.prompts() if p.player == ANTON]
    assert "Sneak attack: don't examine the target card" in reminders


def test_option2_sneak_attack__refused_when_the_option_is_not_in_play(
    options_off: GameSession,
) -> None:
    s = options_off
    game = _to_the_attack(s)
    assert not _declare(s, replace(plan.first(game), sneak=True))
    assert s.message == "Sneak attacks are not one of this game's optional rules"


def test_option2_sneak_attack__not_with_a_card_used_last_turn(options_on: GameSession) -> None:
    s = options_on
    game = _game(s)
    hands = {
        ALENA: [ACTION_CARD, "zero_sprint", "zero_jet"],
        ANTON: ["phantom_blade", "phantom_sprint", "phantom_jet"],
    }
    assert s.command(zga.PickHand(ALENA, impulse=753))
    assert s.command(zga.PickHand(ANTON, impulse=321))
    while game.state.turn == 1:  # turn 1: each plays their three cards and never attacks
        seat = game.acting_player()
        assert seat is not None
        if game.state.phase == "card":
            assert s.command(zga.PlayCard(seat, hands[seat].pop(0))), s.message
        else:
            assert s.command(zga.EndPulse(seat)), s.message
    assert ACTION_CARD in game.state.players[ALENA].last_turn
    assert s.command(zga.PickHand(ALENA, impulse=753))
    assert s.command(zga.PickHand(ANTON, impulse=321))
    assert s.command(zga.PlayCard(ALENA, ACTION_CARD)), s.message
    assert not _declare(s, replace(plan.first(game), sneak=True))
    assert s.message == "You can't sneak attack with a card that you used last turn"
    assert _declare(s, plan.first(game))  # the same attack, not sneaking, is allowed


# --- where the attack screen comes from -------------------------------------------------------


def test_attack_screen__is_listed_and_the_attacker_faces_it(options_on: GameSession) -> None:
    names = [x.name for x in ADAPTER.screens()]
    assert "zg_attack" in names and "test" in names
    game = _to_the_attack(options_on)
    c = plan.choices(game)
    assert c.seat == ALENA and c.foes == (ANTON,) and c.sneak_rule and c.high_ground_rule
    d = replace(plan.first(game), augments=1, sneak=True, high_ground=True).toggled_cover(TARGET)
    assert plan.summary(game, d) == (
        "Attack Anton, end A, 1 augment, sneak attack, high ground, 1 in cover"
    )


# --- through the real app, drawn offscreen ------------------------------------------------


def test_app__the_attack_and_test_screens_declare_and_place_as_reviewed(tmp_path: Path) -> None:
    from tests.app.imagecompare import compare_to_reference
    from tests.app.test_app_offscreen import OUTPUT, REFERENCE, run_journey

    out = OUTPUT / "zg" / "declarations"
    notes = run_journey("tests.zg.journeys:declarations", out, db=tmp_path / "g.sqlite")["notes"]
    summary, verdict, _note = notes["attack"]
    assert summary == "Attack Anton, end A, 1 augment, sneak attack, high ground, 2 in cover"
    assert verdict == ""
    assert notes["declared"] == [2, True, ["phantom_cannon", "phantom_missile"]]  # +1 high ground
    assert notes["placing"] == "Alena: place 2 augments on your dots (1 placed)"
    bolsters, augments, _result = notes["placed"]
    assert bolsters == [2] and augments == [1, 1]  # pair 1's target dot is the card's third
    for name in ("zg_attack_landscape.png", "zg_test_placing_landscape.png"):
        problem = compare_to_reference(out / name, REFERENCE / name)
        assert problem is None, problem


def test_attack_screen__each_toggle_says_in_words_whether_it_is_on(options_on: GameSession) -> None:
    """Sneak attack, high ground and the targetlock (Basic Rule 6: "you may target this card
    again") said only by their colour whether a tap had taken: the explorer's finger, like a
    player who can't tell the colours apart, saw no answer to a tap on Targetlock at 4 players
    (suite.py held the table back). Each now reads on or off."""
    from kivy.lang import Builder

    from companion_app.games.zg.attack_screen import AttackScreen
    from companion_app.widgets import seat_panel  # noqa: F401 (the page's SeatTurner)

    kv = next(x.kv for x in ADAPTER.screens() if x.name == "zg_attack")
    if kv not in Builder.files:
        Builder.load_file(kv)
    _to_the_attack(options_on)
    screen = AttackScreen(name="zg_attack", session=options_on)
    screen.refresh()
    screen.can_lock = True  # as after a 1-strike test on this foe's card
    before = {k: screen.ids[k].text for k in ("sneak", "high_ground", "locked")}
    assert before == {
        "sneak": "Sneak attack: off",
        "high_ground": "High ground: off",
        "locked": "Targetlock: off",
    }
    screen.toggle("sneak")
    screen.toggle("high_ground")
    screen.can_lock, screen.locked = True, True  # refresh() asked the engine again
    after = {k: screen.ids[k].text for k in ("sneak", "high_ground", "locked")}
    assert after == {
        "sneak": "Sneak attack: on",
        "high_ground": "High ground: on",
        "locked": "Targetlock: on",
    }


def test_attack_screen__the_last_tests_result_is_said_on_the_page(options_on: GameSession) -> None:
    """3 strikes (Basic Rule 6): the card is slagged and the attacker attacks again, so this
    page opens over the band that says the slag: the page says it too (the explorer found the
    slag seen by no one)."""
    from kivy.lang import Builder

    from companion_app.games.zg.attack_screen import AttackScreen
    from companion_app.widgets import seat_panel  # noqa: F401 (the page's SeatTurner)

    kv = next(x.kv for x in ADAPTER.screens() if x.name == "zg_attack")
    if kv not in Builder.files:
        Builder.load_file(kv)
    _to_the_attack(options_on)
    screen = AttackScreen(name="zg_attack", session=options_on)
    assert screen.ids.news.text == "" and screen.ids.news.height == 0
    options_on.news = "Anton's Phantom Sensor Headgear is slagged"
    assert screen.ids.news.text == "Anton's Phantom Sensor Headgear is slagged"
