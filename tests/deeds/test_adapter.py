"""Deeds Not Words in the app, without a window: the seats' counters, bursts of taps, the dial
(base health, its range), scans that play a card or say why not, the band's choices, resume,
and the battle assistant's prediction (companion_app/games/deeds)."""

from __future__ import annotations

from pathlib import Path

import pytest
from kivy.clock import Clock

from companion_app.games import adapter_for, playable
from companion_app.games.deeds.battle_preview import mode, preview
from companion_app.saves.store import CommandStore
from companion_app.session.game_session import GameSession
from companion_app.session.table import TableController
from engine.deeds import actions as da
from hardware.events import DialChanged, TagPresented
from hardware.registry import TagRegistry
from hardware.seats import SeatMap

from .helpers import game_at

DEVICE = "a1b2c3d4"
ADAPTER = adapter_for("deeds")


class Tags:
    def card_for(self, uid: bytes, card_ref: str | None = None) -> str | None:
        return card_ref or {b"\x04\x01": "shambler", b"\x04\x02": "necromender"}.get(uid)


@pytest.fixture
def session(tmp_path: Path) -> GameSession:
    s = GameSession(CommandStore(str(tmp_path / "g.sqlite")), lambda _k: TagRegistry(":memory:"))
    s.start_new(["Amy", "John"], kind="deeds", seed=7, first_player=0)
    Clock.tick()
    return s


def logged(session: GameSession) -> list[dict]:
    assert session.game_id is not None
    return session.store.load(session.game_id).commands


def test_the_new_game_screen_lists_deeds_not_words() -> None:
    assert ("deeds", "Deeds Not Words") in playable()


def test_seats_show_base_health_big_then_the_four_resources(session: GameSession) -> None:
    seat = session.seats[0]
    big = seat.counters[0]
    assert (big.key, big.value, big.big, big.maximum) == ("base", 20, True, 99)
    top = [c.key for c in seat.counters if c.group == "main"]
    assert top == ["base", "bio", "power", "supplies", "survivors", "hand", "deck"]
    assert "Attacker" in seat.badges and "Defender" in session.seats[1].badges


def test_a_burst_of_taps_on_a_resource_is_one_logged_command(session: GameSession) -> None:
    for _ in range(3):
        session.nudge(0, "power", +1)
    session.flush_bursts()
    assert logged(session) == [
        {"type": "SetResource", "player": 0, "resource": "power", "value": 3}
    ]
    Clock.tick()
    assert session.seats[0].counter("power").value == 3


def test_the_band_offers_the_phase_decisions(session: GameSession) -> None:
    labels = [label for label, _a in session.choices]
    assert "Keep hand" in labels
    session.command(da.KeepHand(0))
    session.command(da.KeepHand(1))
    Clock.tick()
    labels = [label for label, _a in session.choices]
    assert "+Bio\n+Pow" in labels and "Regroup" in session.step_text
    # The rulebook plays in rounds, the attacker's: "Round 1 · Regroup · Amy's round".
    assert session.step_text.startswith("Round 1") and session.step_text.endswith("'s round")


def test_resume_gives_the_same_seats(session: GameSession, tmp_path: Path) -> None:
    session.command(da.KeepHand(0))
    session.command(da.SetBase(1, 17))
    Clock.tick()
    before = session.seats
    again = GameSession(session.store, lambda _k: TagRegistry(":memory:"))
    saved = again.saved_game()
    assert saved is not None and saved.kind == "deeds"
    again.resume(saved)
    Clock.tick()
    assert again.seats == before


def make_table() -> TableController:
    game = game_at(phase="deploy", pools=({"bio": 1}, {}))
    seats = SeatMap()
    seats.assign_dial(DEVICE, 0, 0)
    seats.assign_dial(DEVICE, 1, 1)
    return TableController(game, ADAPTER, seats, Tags(), game.catalog)


def test_a_dial_turn_sets_that_seats_base_health_in_its_range() -> None:
    table = make_table()
    commands = table.dial_commands(force=True)
    assert {(c.value, c.minimum, c.maximum) for c in commands} == {(20, 0, 99)}
    reaction = table.handle(table.seats.stamp(DialChanged(DEVICE, 1, 14)))
    assert reaction.ok and table.game.state.players[1].base == 14


def test_a_scan_deploys_the_card_for_its_cost() -> None:
    table = make_table()
    reaction = table.handle(table.seats.stamp(TagPresented(DEVICE, 0, b"\x04\x01")))
    assert reaction.ok and reaction.player == 0
    assert [x.card_id for x in table.game.state.cards] == ["shambler"]
    assert table.game.state.players[0].pool.bio == 0


def test_a_refused_scan_says_why_in_words() -> None:
    table = make_table()
    reaction = table.handle(table.seats.stamp(TagPresented(DEVICE, 0, b"\x04\x02")))
    assert not reaction.ok
    assert "Necromender: that costs 2 Bio, 1 of any" in reaction.message


def test_battle_assistant__shows_the_skirmish_before_confirming() -> None:
    game = game_at(
        {"card": "ol_tank"},
        {"card": "scavenger", "attached_to": 1},
        {"card": "shambler", "owner": 1},
        {"card": "wall_of_flesh", "owner": 1, "tokens": 2},
        {"card": "raging_dead", "owner": 1},
    )
    attack = preview(game, (1,), ())
    assert attack.action == da.Attack(0, (1,)) and attack.problem is None
    assert attack.lines[-1] == "John's base: 20 -> 13"
    game.apply(attack.action)
    blocks = ((1, 3), (1, 4), (1, 5))
    result = preview(game, (), blocks)
    assert result.action == da.Block(1, blocks)
    assert result.lines[0] == (
        "Ol' Tank 7/5 fights Shambler 1/1, then Wall of Flesh 0/4, then Raging Dead 2/2: "
        "Shambler takes 1 and dies; Wall of Flesh takes 4 and dies; Raging Dead takes 2 and "
        "dies; Ol' Tank takes 3"
    )
    assert result.lines[-1] == "John's base: 20 -> 20"
    assert game.state.battle is not None and game.state.battle.blocks == ()


def test_battle_assistant__a_refused_declaration_says_why() -> None:
    game = game_at({"card": "scavenger", "deployed_round": 3})
    assert "came into play this round" in (preview(game, (1,), ()).problem or "")


def test_pass_is_the_phases_done() -> None:
    game = game_at()
    assert ADAPTER.pass_action(game, 0) == da.EndPhase(0)
    assert ADAPTER.pass_action(game, 1) is None
    assert ADAPTER.choice_label(game, da.EndPhase(0)) == "No battle"


def test_card_text_waiting_is_offered_on_the_band_as_done() -> None:
    game = game_at(hands=(["feeding_frenzy"], []), pools=({"bio": 1}, {}))
    game.apply(da.Deploy(0, "feeding_frenzy"))
    (note,) = game.state.notes
    offered = [a for a in game.legal_actions() if isinstance(a, da.Resolve)]
    assert offered == [da.Resolve(0, note.id)]
    assert ADAPTER.choice_label(game, offered[0]) == "Done: Feeding Frenzy (sample)"


def test_overrun__the_band_asks_the_attacker_and_the_player_model_taps_the_answer() -> None:
    """Overrun's "may" (Glossary): both answers on the attacker's panel, no countdown, no
    "done" that would skip it; the explorer makes either by a tap on its words."""
    from companion_app.games.gestures import TapText

    from .helpers import fight

    adapter = adapter_for("deeds")
    game = game_at({"card": "ol_tank"}, {"card": "shambler", "owner": 1})
    fight(game, (1,), ((1, 2),))
    labels = {adapter.choice_label(game, a): a for a in game.legal_actions()}
    assert labels == {
        "Overrun: 4 to the base": da.Overrun(0, (1,)),
        "Keep it off the base": da.Overrun(0, ()),
    }
    assert not adapter.quiet(game) and adapter.pass_action(game, 0) is None
    assert mode(game) == "" and adapter.due_screen(game) is None  # the assistant closes
    model = adapter.player_model()
    for words, action in labels.items():
        assert model.gestures(game, action) == [TapText(words, "seat:0")]
