"""The table glue: hardware events become engine actions for the right seat, or clear refusals.

Events are handed in stamped with their seat, as the device manager stamps them (the table
stamps nothing itself). Runs on the real engine and the real command store; the tag lookup is the one interface the
table asks of hardware's registry (tests/integration runs the real registry end to end).
"""

from pathlib import Path

import pytest

from companion_app.games.zeal.adapter import ADAPTER as ZEAL
from companion_app.saves.store import CommandStore
from companion_app.session.table import FeedbackCommand, SetDialCommand, TableController
from engine.errors import IllegalAction
from engine.zeal import PlayerSetup, Step, ZealGame, ZealSetup
from engine.zeal import actions as za
from engine.zeal.cards import sample_catalog
from hardware.events import ButtonPressed, DialChanged, TagPresented
from hardware.seats import SeatMap

DEVICE = "a1b2c3d4"
WISP_UID = bytes.fromhex("04a1b2c3d4e5f6")  # Specter Wisp: a 1-devotion character
PSYCHOPOMP_UID = bytes.fromhex("04112233445566")  # Psychopomp: 2 devotion


class Tags:
    def __init__(self, known: dict[bytes, str]) -> None:
        self.known = known

    def card_for(self, uid: bytes, card_ref: str | None = None) -> str | None:
        return card_ref or self.known.get(uid)


@pytest.fixture
def store(tmp_path: Path) -> CommandStore:
    return CommandStore(str(tmp_path / "games.sqlite"))


def make_table(store: CommandStore | None = None) -> TableController:
    catalog = sample_catalog()
    game = ZealGame(
        ZealSetup(
            players=(PlayerSetup("Alena"), PlayerSetup("Anton")),
            seed=3,
            catalog=catalog,
            first_player=0,
            hidden_hands=True,
        )
    )
    seats = SeatMap()
    seats.assign_dial(DEVICE, 0, 0)
    seats.assign_dial(DEVICE, 1, 1)
    game_id = store.new_game("zeal", {"seed": 3}) if store else None
    tags = Tags({WISP_UID: "specter_wisp", PSYCHOPOMP_UID: "psychopomp"})
    return TableController(game, ZEAL, seats, tags, catalog, store, game_id)


def to_alenas_commit(table: TableController) -> None:
    table.apply(za.KeepHand(0))
    table.apply(za.KeepHand(1))
    table.apply(za.Develop(0, "devotion"))
    while table.game.state.step != Step.COMMIT:
        priority = table.game.state.priority
        assert priority is not None
        table.apply(za.Pass(priority))


def test_a_dial_turn_sets_that_seats_current_devotion_and_is_logged(store: CommandStore) -> None:
    table = make_table(store)
    reaction = table.handle(table.seats.stamp(DialChanged(DEVICE, 1, 4)))
    assert reaction.ok and reaction.player == 1
    assert table.game.state.players[1].devotion == 4
    assert store.last_unfinished().commands[-1]["type"] == "SetDevotion"  # type: ignore[union-attr]


def test_a_dial_showing_what_the_engine_has_changes_nothing(store: CommandStore) -> None:
    table = make_table(store)
    before = len(table.game.history)
    assert table.handle(table.seats.stamp(DialChanged(DEVICE, 0, 0))).ok
    assert len(table.game.history) == before


def test_an_unassigned_dial_is_refused_in_words_and_changes_nothing() -> None:
    table = make_table()
    before = table.game.state
    reaction = table.handle(table.seats.stamp(DialChanged("ffffffff", 0, 3)))
    assert not reaction.ok and "not assigned to a seat" in reaction.message
    assert table.game.state is before


def test_an_unknown_tag_offers_enrolment_and_lights_red() -> None:
    table = make_table()
    before = table.game.state
    reaction = table.handle(
        table.seats.stamp(TagPresented(DEVICE, 0, bytes.fromhex("04deadbeef0001")))
    )
    assert not reaction.ok and "not enrolled" in reaction.message
    assert reaction.unknown_uid == bytes.fromhex("04deadbeef0001")
    assert reaction.device_commands == (FeedbackCommand(DEVICE, 0, False),)
    assert table.game.state is before


def test_a_card_scanned_at_the_wrong_time_says_why_from_the_engine() -> None:
    table = make_table()
    table.apply(za.KeepHand(0))
    table.apply(za.KeepHand(1))
    before = table.game.state
    reaction = table.handle(
        table.seats.stamp(TagPresented(DEVICE, 0, WISP_UID))
    )  # Develop step: no actions
    assert not reaction.ok
    assert reaction.message == table.game.explain(za.PlayCard(0, "specter_wisp"))
    assert reaction.device_commands == (FeedbackCommand(DEVICE, 0, False),)
    assert table.game.state is before


def test_a_card_scanned_in_commit_is_played_and_the_dial_shows_what_is_left(
    store: CommandStore,
) -> None:
    table = make_table(store)
    to_alenas_commit(table)
    reaction = table.handle(table.seats.stamp(TagPresented(DEVICE, 0, WISP_UID)))
    assert reaction.ok, reaction.message
    assert reaction.player == 0 and reaction.card_id == "specter_wisp"
    assert reaction.device_commands == (FeedbackCommand(DEVICE, 0, True),)
    # 1 devotion paid: the one resync after the event (the caller's) sets the dial.
    assert SetDialCommand(DEVICE, 0, 0, 0, 13) in table.dial_commands()
    assert table.game.state.players[0].devotion == 0
    assert store.last_unfinished().commands[-1]["type"] == "PlayCard"  # type: ignore[union-attr]


def test_a_card_too_dear_is_refused_with_the_engines_reason() -> None:
    table = make_table()
    to_alenas_commit(table)
    reaction = table.handle(table.seats.stamp(TagPresented(DEVICE, 0, PSYCHOPOMP_UID)))
    assert not reaction.ok and "devotion" in reaction.message


def test_undo_takes_the_command_back_out_of_the_log(store: CommandStore) -> None:
    table = make_table(store)
    table.handle(table.seats.stamp(DialChanged(DEVICE, 0, 5)))
    table.undo()
    assert table.game.state.players[0].devotion == 0
    assert store.last_unfinished().commands == []  # type: ignore[union-attr]


def test_undo_with_nothing_to_undo_is_a_clear_error() -> None:
    with pytest.raises(IllegalAction):
        make_table().undo()


def test_a_short_press_on_a_dial_passes_for_its_seat() -> None:
    table = make_table()
    table.apply(za.KeepHand(0))
    table.apply(za.KeepHand(1))
    table.apply(za.Develop(0, "devotion"))
    priority = table.game.state.priority
    assert priority is not None
    reaction = table.handle(table.seats.stamp(ButtonPressed(DEVICE, priority, "short")))
    assert reaction.ok and table.game.history[-1] == za.Pass(priority)


def test_a_dials_answer_to_a_value_we_set_is_not_a_turn() -> None:
    table = make_table()
    table.apply(za.SetDevotion(0, current=1))
    assert SetDialCommand(DEVICE, 0, 1, 0, 13) in table.dial_commands()
    table.apply(za.SetDevotion(0, current=3))
    assert SetDialCommand(DEVICE, 0, 3, 0, 13) in table.dial_commands()
    before = len(table.game.history)
    # The answers arrive late, in order: neither the "1" nor the "3" is the player's hand.
    assert table.handle(table.seats.stamp(DialChanged(DEVICE, 0, 1))).message == ""
    assert table.handle(table.seats.stamp(DialChanged(DEVICE, 0, 3))).message == ""
    assert len(table.game.history) == before and table.game.state.players[0].devotion == 3
    # A real turn afterwards still counts.
    table.handle(table.seats.stamp(DialChanged(DEVICE, 0, 5)))
    assert table.game.state.players[0].devotion == 5


def test_dial_commands_send_only_what_a_dial_does_not_show_yet() -> None:
    table = make_table()
    first = table.dial_commands()
    assert {(c.dial, c.value) for c in first} == {(0, 0), (1, 0)}
    assert table.dial_commands() == ()
    assert len(table.dial_commands(force=True)) == 2
