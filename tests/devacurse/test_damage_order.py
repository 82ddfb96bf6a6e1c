"""IV.A soldier combat, several blockers on one attacker: the attacking player sets the order
their soldier's AT reaches the blockers (README reading 5: the text is silent), through the
combat assistant's model and the session; the defender's listing holds until then; refusals
are the engine's words. A journey through the real app shows the assistant's order rows."""

from __future__ import annotations

from pathlib import Path

import pytest
from kivy.clock import Clock

from companion_app.games import adapter_for
from companion_app.games.devacurse.combat_plan import (
    damage_orders,
    declaration,
    forecast_lines,
    moved,
    plan,
)
from companion_app.saves.store import CommandStore
from companion_app.session.game_session import GameSession
from engine.devacurse import DevacurseGame
from engine.devacurse import actions as da
from hardware.registry import TagRegistry

ADAPTER = adapter_for("devacurse")
ALENA, ANTON = 0, 1


def _ids(game: DevacurseGame, seat: int) -> dict[str, int]:
    return {u.card_id: u.id for u in game.state.players[seat].soldiers}


@pytest.fixture
def blocked(tmp_path: Path) -> GameSession:
    """Alena's Iron Legionary (AT 3) attacks; Anton blocks it with his Temple Guard (DF 2)
    listed first and his Storm Colossus (DF 5): the damage step, Alena to act."""
    s = GameSession(CommandStore(str(tmp_path / "g.sqlite")), lambda _k: TagRegistry(":memory:"))
    s.start_new(["Alena", "Anton"], kind="devacurse", seed=7, options={"faith": "18"})
    for seat, card in (
        (ALENA, "iron_legionary"),
        (ANTON, "temple_guard"),
        (ANTON, "storm_colossus"),
    ):
        assert s.command(da.MoveCard(seat, card, "soldiers")), s.message
    game = s.game
    assert isinstance(game, DevacurseGame)
    for _ in range(8):  # part 1, III.A and III.B: everyone done
        if game.state.phase == "soldier_combat":
            break
        assert s.pass_priority(), s.message
    assert s.command(da.Attack(ANTON)), s.message  # Anton holds order now: no attack
    legionary = _ids(game, ALENA)["iron_legionary"]
    assert s.command(declaration(game, plan(game), {legionary: True}))
    anton = _ids(game, ANTON)
    rows = {anton["temple_guard"]: legionary, anton["storm_colossus"]: legionary}
    assert s.command(declaration(game, plan(game), rows))
    assert game.state.combat is not None and game.state.combat.step == "damage"
    Clock.tick()
    return s


def _game(s: GameSession) -> DevacurseGame:
    assert isinstance(s.game, DevacurseGame)
    return s.game


def test_IV_A_damage_order__the_attacking_player_puts_the_colossus_first(
    blocked: GameSession,
) -> None:
    s = blocked
    game = _game(s)
    guard, colossus = _ids(game, ANTON)["temple_guard"], _ids(game, ANTON)["storm_colossus"]
    legionary = _ids(game, ALENA)["iron_legionary"]
    p = plan(game)
    assert p.seat == ALENA and p.step == "damage"
    assert [(r.unit_id, r.chosen) for r in p.rows] == [(guard, 0), (colossus, 1)]
    assert p.rows[0].options[1][0] == "takes Iron Legionary's AT 2nd"
    # As listed by Anton, the Guard dies first and 1 reaches the Colossus.
    assert forecast_lines(game, declaration(game, p, {})) == [
        "Temple Guard (Anton) dies: to the Cenotaph",
        "Storm Colossus (Anton) takes 1 damage and survives",
        "Iron Legionary (Alena) dies: to the Cenotaph",
    ]
    chosen = {guard: 1, colossus: 0}  # Alena cycles the rows
    (order,) = damage_orders(game, chosen)
    assert order == da.DamageOrder(ALENA, legionary, (colossus, guard))
    assert declaration(game, p, chosen) == order
    assert forecast_lines(game, order)[0] == "Storm Colossus (Anton) takes 3 damage and survives"
    assert s.command(order), s.message
    assert game.state.combat is not None
    assert game.state.combat.blocks == ((colossus, legionary), (guard, legionary))
    assert ADAPTER.choice_label(game, da.DamageOrder(ALENA, legionary, (guard, colossus))) == (
        "Damage order: Temple Guard, then Storm Colossus"
    )
    assert s.command(da.Resolve(ALENA)), s.message
    anton = {u.card_id: u for u in game.state.players[ANTON].soldiers}
    assert anton["storm_colossus"].damage == 3 and anton["temple_guard"].damage == 0


def test_IV_A_damage_order__the_band_offers_the_other_order_to_the_attacker(
    blocked: GameSession,
) -> None:
    game = _game(blocked)
    labels = [(label, a.player) for label, a in blocked.choices if isinstance(a, da.DamageOrder)]
    assert labels == [("Damage order: Storm Colossus, then Temple Guard", ALENA)]
    assert game.acting_player() == ALENA


def test_IV_A_damage_order__refused_to_the_defender_in_the_engines_words(
    blocked: GameSession,
) -> None:
    s = blocked
    game = _game(s)
    guard, colossus = _ids(game, ANTON)["temple_guard"], _ids(game, ANTON)["storm_colossus"]
    legionary = _ids(game, ALENA)["iron_legionary"]
    assert not s.command(da.DamageOrder(ANTON, legionary, (colossus, guard)))
    assert (
        s.message == "It is Alena's turn to act (soldier combat (rule IV.A))" and not s.message_ok
    )
    assert not s.command(da.DamageOrder(ALENA, legionary, (colossus,)))
    assert s.message.startswith("List each blocker of Iron Legionary once")
    assert game.state.combat is not None
    assert game.state.combat.blocks == ((guard, legionary), (colossus, legionary))


def test_combat_assistant__a_blocker_moved_to_a_place_makes_the_others_room() -> None:
    assert moved({11: 0, 12: 1, 13: 2}, 11, 2) == {12: 0, 13: 1, 11: 2}
    assert moved({11: 0, 12: 1, 13: 2}, 13, 0) == {13: 0, 11: 1, 12: 2}
    assert moved({11: 1, 12: 0}, 11, 0) == {11: 0, 12: 1}


def test_app__the_combat_assistant_orders_the_damage_as_reviewed(tmp_path: Path) -> None:
    from tests.app.imagecompare import compare_to_reference
    from tests.app.test_app_offscreen import OUTPUT, REFERENCE, run_journey

    out = OUTPUT / "devacurse" / "damage_order"
    result = run_journey("tests.devacurse.journeys:damage_order", out, db=tmp_path / "g.sqlite")
    notes = result["notes"]
    assert notes["before"][0] == "Temple Guard (Anton) dies: to the Cenotaph"
    assert notes["after"][0] == "Storm Colossus (Anton) takes 3 damage and survives"
    assert notes["buttons"] == ["Set the damage order", "Resolve"]
    assert notes["damage"] == {"storm_colossus": 3, "temple_guard": 0}
    name = "devacurse_damage_order_landscape.png"
    problem = compare_to_reference(out / name, REFERENCE / name)
    assert problem is None, problem


def test_IV_A_damage_order__is_logged_and_comes_back_on_resume(
    blocked: GameSession, tmp_path: Path
) -> None:
    s = blocked
    game = _game(s)
    guard, colossus = _ids(game, ANTON)["temple_guard"], _ids(game, ANTON)["storm_colossus"]
    legionary = _ids(game, ALENA)["iron_legionary"]
    assert s.command(da.DamageOrder(ALENA, legionary, (colossus, guard)))
    assert s.game_id is not None
    assert s.store.load(s.game_id).commands[-1] == {
        "type": "DamageOrder",
        "player": ALENA,
        "attacker": legionary,
        "blockers": [colossus, guard],
    }
    again = GameSession(s.store, lambda _k: TagRegistry(":memory:"))
    saved = again.saved_game()
    assert saved is not None
    again.resume(saved)
    resumed = _game(again)
    assert resumed.state.combat == game.state.combat
    assert resumed.describe(resumed.history[-1]) == (
        "Alena orders Iron Legionary's damage: Storm Colossus, then Temple Guard"
    )
