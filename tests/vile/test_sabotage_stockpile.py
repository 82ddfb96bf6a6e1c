"""Main Phase, "Set sabotage cards": setting one with a stockpile amount, at the table.

A scanned sabotage card asks its player, in front of their seat and without naming the card,
how much devotion to stockpile with it; the rulebook's worked example (cost 5, 2 stockpiled,
then paid 3 from cultists plus the 2) runs through the session; a refusal is the engine's."""

from __future__ import annotations

from pathlib import Path

import pytest
from kivy.clock import Clock

from companion_app.games.vile.adapter import ADAPTER
from companion_app.saves.store import CommandStore
from companion_app.session.game_session import GameSession
from engine.vile import Phase
from engine.vile import actions as va
from hardware.registry import TagRegistry

ALENA, ANTON = 0, 1
UNDERTOW = "kraken_undertow"  # sabotage, cost 5: ritual strength -12
APE_COMPONENTS = ("ape_drum_of_the_canopy", "ape_bone_totem", "ape_howling_rite")


@pytest.fixture
def session(tmp_path: Path) -> GameSession:
    s = GameSession(CommandStore(str(tmp_path / "g.sqlite")), lambda _k: TagRegistry(":memory:"))
    s.start_new(
        ["Alena", "Anton"], kind="vile", seed=7, first_player=0, options={"god": ["kraken", "ape"]}
    )
    assert s.command(va.AdjustPlayer(ALENA, cultists=5))
    Clock.tick()
    return s


def logged(session: GameSession) -> list[dict]:
    assert session.game_id is not None
    return session.store.load(session.game_id).commands


def _to_antons_ritual(session: GameSession) -> None:
    """Alena's turn ends; Anton sets three components by hand and performs the ritual."""
    game = session.game
    assert game is not None
    for _ in range(20):
        state = game.state
        if state.active == ANTON and state.phase is Phase.MAIN1 and not state.gathers:
            break
        if state.gathers:
            assert session.command(va.Gather(state.gathers[0], ""))
        else:
            assert session.pass_priority(), session.message
    assert session.command(va.SetZone(ANTON, "ritual", APE_COMPONENTS))
    for _ in range(4):
        if game.state.phase is Phase.CULMINATION:
            break
        assert session.pass_priority(), session.message
    assert session.command(va.PerformRitual(ANTON))


def test_set_sabotage__the_scan_asks_how_much_to_stockpile_and_the_worked_example_pays_3_plus_2(
    session: GameSession,
) -> None:
    game = session.game
    assert game is not None
    action = ADAPTER.scan_action(game, ALENA, UNDERTOW)
    assert action == va.SetSabotage(ALENA, UNDERTOW, 0)
    assert session.play(ALENA, action)
    request = session.picking[ALENA]
    labels = [o.label for o in request.options]
    assert labels == [f"Stockpile {n} devotion" for n in range(1, 6)]  # her 5 ready cultists
    assert request.optional and request.none_label == "Stockpile none"
    assert "Undertow" not in request.prompt + " ".join(labels)  # it lies face down
    assert logged(session)[-1]["type"] == "AdjustPlayer"  # nothing set until she answers

    assert session.pick_target(ALENA, 1)  # "Stockpile 2 devotion"
    assert ALENA not in session.picking
    assert logged(session)[-1] == {
        "type": "SetSabotage",
        "player": ALENA,
        "card_id": UNDERTOW,
        "stockpile": 2,
    }
    alena = game.state.players[ALENA]
    assert alena.sabotage_zone == (UNDERTOW,)
    assert (alena.stockpile, alena.exhausted, alena.ready) == (2, 2, 3)

    # Anton performs a ritual; Alena flips the card from the band, by its place only.
    _to_antons_ritual(session)
    Clock.tick()
    flips = [(label, a) for label, a in session.choices if isinstance(a, va.FlipSabotage)]
    assert [label for label, _a in flips] == ["Flip the sabotage card"]
    assert session.command(flips[0][1])
    alena = game.state.players[ALENA]
    assert (alena.stockpile, alena.exhausted) == (0, 5)  # the 2 stockpiled + 3 from cultists
    assert alena.void == (UNDERTOW,)
    assert any("2 devotion from the stockpile, 3 from cultists" in e.text for e in game.log)


def test_set_sabotage__no_target_stockpiles_none(session: GameSession) -> None:
    game = session.game
    assert game is not None
    assert session.play(ALENA, ADAPTER.scan_action(game, ALENA, UNDERTOW))
    assert session.pick_target(ALENA, None)
    alena = game.state.players[ALENA]
    assert alena.sabotage_zone == (UNDERTOW,)
    assert (alena.stockpile, alena.ready) == (0, 5)


def test_set_sabotage__with_no_ready_cultist_nothing_is_asked(session: GameSession) -> None:
    game = session.game
    assert game is not None
    assert session.command(va.AdjustPlayer(ALENA, exhausted=5))
    action = ADAPTER.scan_action(game, ALENA, UNDERTOW)
    assert ADAPTER.target_request(game, action) is None
    assert session.play(ALENA, action)
    assert game.state.players[ALENA].sabotage_zone == (UNDERTOW,)


def test_set_sabotage__refused_in_the_engines_words_when_the_cultists_are_gone(
    session: GameSession,
) -> None:
    """The table exhausted cultists by hand while the question was open: the amount chosen is
    more than is ready now, and the engine says so; nothing is set."""
    game = session.game
    assert game is not None
    assert session.play(ALENA, ADAPTER.scan_action(game, ALENA, UNDERTOW))
    assert session.command(va.AdjustPlayer(ALENA, exhausted=4))
    before = logged(session)
    assert not session.pick_target(ALENA, 1)  # "Stockpile 2 devotion", with 1 ready
    assert session.message == "Alena has only 1 ready cultist to stockpile with"
    assert not session.message_ok
    assert logged(session) == before
    assert game.state.players[ALENA].sabotage_zone == ()


def test_app__the_stockpile_question_in_front_of_the_player_looks_as_reviewed() -> None:
    """Through the real app drawn offscreen: a scan on the simulated device, the question on
    Alena's side of the table, a tap on "Stockpile 2 devotion"."""
    from tests.app.imagecompare import compare_to_reference
    from tests.app.test_app_offscreen import OUTPUT, REFERENCE, run_journey

    out = OUTPUT / "vile" / "sabotage"
    notes = run_journey("tests.vile.journeys:sabotage_stockpile", out)["notes"]
    assert notes["labels"] == [f"Stockpile {n} devotion" for n in range(1, 6)] + ["Stockpile none"]
    assert "Undertow" not in notes["prompt"] + " ".join(notes["labels"]) + notes["news"]
    assert notes["after"] == [2, 2, 3]
    name = "vile_sabotage_stockpile_landscape.png"
    problem = compare_to_reference(out / name, REFERENCE / name)
    assert problem is None, problem


def test_set_sabotage__a_scan_outside_a_main_phase_is_refused_in_the_engines_words(
    session: GameSession,
) -> None:
    """Scanned in combat, the card is not set and nothing is asked: the engine's refusal
    reaches the reader (no stockpile amount makes it legal)."""
    from companion_app.session.table import FeedbackCommand, TableController
    from hardware.events import TagPresented
    from hardware.seats import SeatMap

    class Tags:
        def card_for(self, uid: bytes, card_ref: str | None = None) -> str | None:
            return UNDERTOW

    game = session.game
    assert game is not None
    assert session.pass_priority()  # Main Phase 1 -> Combat
    table = TableController(game, ADAPTER, SeatMap(), Tags(), game.catalog)
    reaction = table.handle(TagPresented("a1b2c3d4", 0, bytes(7)))
    assert not reaction.ok and reaction.needs_targets is None
    assert reaction.message == "setting a sabotage card is not something to do in the Combat Phase"
    assert any(isinstance(c, FeedbackCommand) and not c.ok for c in reaction.device_commands)
    assert game.state.players[ALENA].sabotage_zone == ()
