"""Devacurse in the app, in-process (no window): Faith on the dial and as the big counter,
bursts as one command, scans calling soldiers or refused in the engine's words, the band's
decisions, the penalty before it happens, the combat assistant's forecast, and resume."""

from __future__ import annotations

from pathlib import Path

import pytest
from kivy.clock import Clock

from companion_app.games import adapter_for, playable
from companion_app.games.devacurse.combat_plan import declaration, forecast_lines, plan
from companion_app.saves.store import CommandStore
from companion_app.session.game_session import GameSession
from companion_app.session.table import FeedbackCommand, SetDialCommand, TableController
from engine.devacurse import DevacurseGame
from engine.devacurse import actions as da
from hardware.events import DialChanged, TagPresented
from hardware.registry import TagRegistry
from hardware.seats import SeatMap

from .helpers import SOLDIER_COMBAT, position

DEVICE = "a1b2c3d4"
LEGIONARY_UID = bytes.fromhex("04a1b2c3d4e501")
HERO_UID = bytes.fromhex("04a1b2c3d4e502")
ADAPTER = adapter_for("devacurse")


@pytest.fixture
def session(tmp_path: Path) -> GameSession:
    s = GameSession(CommandStore(str(tmp_path / "g.sqlite")), lambda _kind: TagRegistry(":memory:"))
    s.start_new(["Alena", "Anton"], kind="devacurse", seed=7, options={"faith": "18"})
    Clock.tick()
    return s


def logged(session: GameSession) -> list[dict[str, object]]:
    assert session.game_id is not None
    return session.store.load(session.game_id).commands


class Tags:
    def card_for(self, uid: bytes, card_ref: str | None = None) -> str | None:
        return card_ref or {LEGIONARY_UID: "iron_legionary", HERO_UID: "sun_avatar"}.get(uid)


def make_table(game: DevacurseGame) -> TableController:
    seats = SeatMap()
    seats.assign_dial(DEVICE, 0, 0)
    seats.assign_dial(DEVICE, 1, 1)
    return TableController(game, ADAPTER, seats, Tags(), game.catalog)


def test_devacurse_is_playable_in_the_app() -> None:
    assert ("devacurse", "Devacurse") in playable()


def test_seats__Faith_is_the_big_number_then_blessings_cards_and_lines(
    session: GameSession,
) -> None:
    seat = session.seats[0]
    assert seat.counters[0].key == "faith" and seat.counters[0].big
    assert seat.counter("faith").value == 18  # type: ignore[union-attr]
    assert [c.key for c in seat.counters[1:5]] == ["blessings", "hand", "deck", "prayers"]
    assert "Holds the order" in seat.badges


def test_a_burst_of_taps_on_blessings_is_one_command_and_the_penalty_shows(
    session: GameSession,
) -> None:
    for _ in range(3):
        session.nudge(0, "blessings", +1)
    session.flush_bursts()
    assert logged(session) == [{"type": "SetBlessings", "player": 0, "blessings": 3}]
    Clock.tick()
    blessings = session.seats[0].counter("blessings")
    assert blessings is not None and blessings.note == "Faith to 15 at the end"
    assert "3 blessings unspent: Faith 18 to 15" in session.seats[0].lines


def test_a_dial_turn_sets_Faith_and_the_dial_carries_its_range() -> None:
    game = position(SOLDIER_COMBAT)
    table = make_table(game)
    reaction = table.handle(table.seats.stamp(DialChanged(DEVICE, 1, 12)))
    assert reaction.ok and game.state.players[1].faith == 12
    assert SetDialCommand(DEVICE, 0, 18, 0, 99) in table.dial_commands()  # the other dial


def test_a_scan_calls_a_soldier_for_its_cost_or_is_refused_in_the_engines_words() -> None:
    text = SOLDIER_COMBAT.replace('phase = "soldier_combat"', 'phase = "calling"').replace(
        "faith = 18", "faith = 18\nhand_size = 3\nblessings = 2"
    )
    game = position(text)
    table = make_table(game)
    refused = table.handle(table.seats.stamp(TagPresented(DEVICE, 0, HERO_UID)))
    assert not refused.ok and refused.message == game.explain(da.CallHero(0, "sun_avatar"))
    assert refused.device_commands == (FeedbackCommand(DEVICE, 0, False),)
    called = table.handle(table.seats.stamp(TagPresented(DEVICE, 0, LEGIONARY_UID)))
    assert called.ok, called.message
    alena = game.state.players[0]
    assert alena.soldiers[-1].card_id == "iron_legionary" and alena.blessings == 0


def test_the_band__order_and_the_subphase_words(session: GameSession) -> None:
    labels = [label for label, _a in session.choices]
    assert "Part 1 entered" in labels and "+1 blessing" in labels
    game = position(SOLDIER_COMBAT)
    labels = [ADAPTER.choice_label(game, a) for a in game.legal_actions()]
    assert "Attack with all" in labels and "No attack" in labels
    assert ADAPTER.pass_action(game, 0) == da.Attack(0)
    assert ADAPTER.pass_action(game, 1) is None


def test_a_tap_on_a_soldier_toggles_prompt_and_depleted() -> None:
    game = position(SOLDIER_COMBAT)
    action = ADAPTER.toggle_action(game, 0, "unit:1")
    assert action == da.SetUnit(0, 1, prompt=False)
    counters = {c.key: c for c in ADAPTER.counters(game, 0)}
    assert "AP 4/4" in counters["unit:3"].note
    # Soldiers and heroes share one row of the panel (issue 33: a third row left no room).
    assert counters["unit:3"].group == counters["unit:1"].group != counters["hand"].group


def test_an_equipment_scan_asks_for_its_soldier() -> None:
    text = SOLDIER_COMBAT.replace('phase = "soldier_combat"', 'phase = "calling"').replace(
        "faith = 18", "faith = 18\nhand_size = 3\nblessings = 2"
    )
    game = position(text)
    request = ADAPTER.target_request(game, ADAPTER.scan_action(game, 0, "bronze_blade"))
    assert request is not None and {o.value for o in request.options} == {1, 2, 3}


def test_combat_assistant__the_forecast_before_anyone_confirms() -> None:
    game = position(SOLDIER_COMBAT)
    p = plan(game)
    assert p.seat == 0 and [r.unit_id for r in p.rows] == [1, 2]
    attack = declaration(game, p, {1: True, 2: True})
    assert attack == da.Attack(0, (1, 2))
    assert forecast_lines(game, attack) == ["Anton loses 5 Faith"]
    game.apply(attack)
    p = plan(game)
    assert p.seat == 1 and {r.unit_id for r in p.rows} == {11, 12, 13}
    block = declaration(game, p, {12: 1, 11: None, 13: None})
    assert forecast_lines(game, block) == [
        "Storm Colossus (Anton) takes 3 damage and survives",
        "Iron Legionary (Alena) dies: to the Cenotaph",
        "Anton loses 2 Faith",
    ]
    assert game.state.players[1].faith == 20  # a forecast changes nothing


def test_resume_gives_the_same_seats(session: GameSession, tmp_path: Path) -> None:
    session.command(da.Bless(0, 2))
    session.command(da.SetFaith(1, 9))
    Clock.tick()
    reopened = GameSession(
        CommandStore(str(tmp_path / "g.sqlite")), lambda _kind: TagRegistry(":memory:")
    )
    saved = reopened.store.last_unfinished()
    assert saved is not None
    reopened.resume(saved)
    Clock.tick()
    assert reopened.seats == session.seats


def test_the_band__blocks_are_short_enough_for_six_buttons_and_read_as_players_say_them() -> None:
    """IV.A, declare blockers: "Ash Spearman blocks Alena's Iron Legionary; Temple Guard blocks
    Alena's Iron Legionary; Anton's Iron Legionary blocks ..." did not fit its button among
    six (explorer seed 4242, step 78). The blockers are the deciding player's own and the
    attacker the other's: no owner's name is needed to tell them apart."""
    game = position(SOLDIER_COMBAT)
    game.apply(da.Attack(0, (1,)))
    labels = [
        ADAPTER.choice_label(game, a) for a in game.legal_actions() if isinstance(a, da.Block)
    ]
    assert labels[0] == "No block"
    assert "Block Iron Legionary with all 3" in labels
    assert "Block Iron Legionary with Temple Guard" in labels
    assert len(labels) == len(set(labels)) and all(len(x or "") <= 40 for x in labels), labels


def test_combat_result__a_soldier_that_survives_takes_damage_in_words() -> None:
    """IV.A: "the soldier card absorbs the damage and remains": "takes 1 and survives" read
    as "1 and" of something (the explorer's words rules, seed 4242, step 53)."""
    from engine.devacurse.combat import Forecast, Hit
    from tests.app.explorer.words import text_problems

    words = Forecast((Hit(11, "Storm Colossus", 1, False, 1, False),), (0, 0)).words(
        ("Alena", "Anton")
    )
    assert words == ["Storm Colossus (Anton) takes 1 damage and survives"]
    assert not text_problems(words[0])


def test_the_band__hero_blocks_name_the_blocker_alone_or_count_them_all() -> None:
    """IV.B, declare blockers: "Block: Ash Spearman, Alena's Sun Avatar #1, Alena's Sun
    Avatar #2" did not fit its button (explorer seed 31337, step 89)."""
    game = position(SOLDIER_COMBAT.replace('phase = "soldier_combat"', 'phase = "hero_combat"'))
    game.apply(da.Attack(0, (3,)))
    labels = [
        ADAPTER.choice_label(game, a) for a in game.legal_actions() if isinstance(a, da.HeroBlock)
    ]
    assert labels[:2] == ["No block", "Block with all 3"], labels
    assert "Block with Temple Guard" in labels and len(labels) == len(set(labels)), labels
