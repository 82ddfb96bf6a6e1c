"""The explorer's game-sense rules (issue 33, tests/app/explorer/step_rules.py), each caught on
a planted failure: a text, a scan, a page or a key built to be wrong."""

from __future__ import annotations

import os

os.environ.setdefault("KIVY_NO_ARGS", "1")

from tests.app.explorer.check_hidden import HiddenWatch  # noqa: E402

BLADE = {"zero_blade": "Zero's Blade Armgear"}


def test_a_hidden_card_named_on_the_table_in_the_log_or_the_broadcast_is_caught() -> None:
    watch = HiddenWatch()
    assert watch.look({}, [("scoreboard", "Alena to act")]) == []
    # Scanned into a hand: the table says so without the face...
    assert watch.look(BLADE, [("scoreboard", "Alena scanned a hand card")]) == []
    # ...a panel, a log line or the broadcast that names it is a leak.
    assert watch.look(BLADE, [("scoreboard", "Zero's Blade Armgear")])
    assert watch.look(BLADE, [], said=["Alena played Zero's Blade Armgear"])
    assert watch.look(BLADE, [("the broadcast", "Action card: Zero's Blade Armgear")])


def test_a_card_named_while_public_may_stay_named_once_hidden_again() -> None:
    """Flipped over in a test (public), back in a hand next turn (hidden): the old log line
    and the log screen's row showing it are not leaks; a new text naming it is."""
    watch = HiddenWatch()
    line = "Flipped over: Zero's Blade Armgear against Phantom's Ulster"
    assert watch.look({}, [("scoreboard", line)], said=[line]) == []
    assert watch.look(BLADE, [("scoreboard", line)], said=[line]) == []
    assert watch.look(BLADE, [("log", f"Turn 1 · test: {line}")], said=[line]) == []
    assert watch.look(BLADE, [("scoreboard", "Hand: Zero's Blade Armgear")], said=[line])


def test_what_the_hidden_watch_remembers_comes_back_after_a_restart() -> None:
    """Stopped and started again (lost.py), the watch goes on from the checkpoint: the old
    "Flipped over" line naming a card that is in a hand again is no leak after the restart
    (it was read as one when the watch began afresh), a new text naming it still is."""
    import json
    from types import SimpleNamespace

    from tests.app.explorer import step_rules

    line = "Flipped over: Zero's Blade Armgear against Phantom's Ulster"
    before = SimpleNamespace(outcome=object())
    watch = step_rules._memory(before).hidden
    assert watch.look({}, [("scoreboard", line)], said=[line]) == []
    assert watch.look(BLADE, [], said=[line]) == []
    record = json.loads(json.dumps({"step_rules": step_rules.saved(before)}))
    after = SimpleNamespace(outcome=object())
    step_rules.restored(after, record["step_rules"])
    again = step_rules._memory(after).hidden
    assert again.look(BLADE, [("log", f"Turn 1 · test: {line}")], said=[line]) == []
    assert again.look(BLADE, [("scoreboard", "Hand: Zero's Blade Armgear")], said=[line])
    # Begun afresh, as it was before: the old line reads as a leak.
    assert HiddenWatch().look(BLADE, [], said=[line])


def test_the_last_games_log_on_the_table_while_the_next_is_set_up_is_no_leak() -> None:
    """The explorer plays Z-G at 2, then 3 players in one app: the 3-player exploration's
    watch began with the 2-player game's log still on the table, and read its old "Flipped
    over" lines as leaks at step 0. A game first seen with lines said is judged from then;
    a new line naming a hidden card in it still is a leak."""
    line = "Flipped over: Zero's Blade Armgear against Phantom's Ulster"
    watch = HiddenWatch()
    assert watch.look(BLADE, [("log", f"Turn 3 · test: {line}")], said=[line], game="1") == []
    assert watch.look(BLADE, [], said=[line, "Alena played Zero's Blade Armgear"], game="1")
    # Without a game named (as before), the same look is a leak: the check did fail there.
    assert HiddenWatch().look(BLADE, [], said=[line])


class _Device:
    def __init__(self) -> None:
        self.values = [0, 0]
        self.tags: list[bytes | None] = [None]


class _Session:
    unknown_tag = None
    game = None


def test_typing_that_reaches_a_dial_a_reader_or_the_enrol_popup_is_caught() -> None:
    from tests.app.explorer.check_keys import snapshot, what_moved

    device, session = _Device(), _Session()
    before = snapshot(session, device)
    assert what_moved(session, device, before) == []
    device.values[1] = -1  # "s" turned dial 2
    device.tags[0] = b"\x01"  # "1" laid a card
    session.unknown_tag = (None, "00")  # "0" offered the enrol popup
    assert what_moved(session, device, before) == [
        "a dial turned",
        "a card was laid on a reader",
        "the enrol popup was offered",
    ]


def test_a_scan_played_for_another_seat_than_the_readers_or_the_owners_is_caught() -> None:
    from engine.zeal import actions as za
    from tests.app.explorer.check_seats import wrong_player

    names = ["Alena", "Anton"]
    fine = wrong_player([("wisp", 0)], [za.PlayCard(0, "wisp")], {}, names)
    assert fine == []
    assert wrong_player([("wisp", 0)], [za.PlayCard(1, "wisp")], {}, names) == [
        "wisp laid on Alena's reader was played for Anton"
    ]
    # A shared reader (no seat): the owner's, where an enrolled deck says.
    assert wrong_player([("wisp", None)], [za.PlayCard(1, "wisp")], {"wisp": (0,)}, names)
    assert wrong_player([("wisp", None)], [za.PlayCard(1, "wisp")], {}, names) == []


def test_two_players_laying_the_same_card_on_their_own_readers_is_no_wrong_player() -> None:
    """Between two looks Alena and Anton each play a Sacrificial Rite from one sample deck,
    each on their own reader (a whole game at two players, seed 5): each play is paired with
    its own scan. Both played for Anton is still caught."""
    from engine.zeal import actions as za
    from tests.app.explorer.check_seats import wrong_player

    names = ["Alena", "Anton"]
    scans = [("rite", 0), ("rite", 1)]
    both = [za.PlayCard(0, "rite"), za.PlayCard(1, "rite")]
    assert wrong_player(scans, both, {}, names) == []
    assert wrong_player(scans, [za.PlayCard(1, "rite"), za.PlayCard(1, "rite")], {}, names) == [
        "rite laid on Alena's reader was played for Anton"
    ]
    # What no command was paired with is handed back: the next look pairs it (a card that
    # asks for a target is played only once it is chosen).
    left: list[tuple[str, int | None]] = []
    assert wrong_player(scans, [za.PlayCard(0, "rite")], {}, names, left) == []
    assert left == [("rite", 1)]


class _Page:
    def __init__(self, facing: int, decider: int) -> None:
        self.facing = facing
        self._decider = decider

    def seat_to_face(self) -> int:
        return self._decider


def test_a_page_facing_a_seat_that_no_longer_decides_is_caught() -> None:
    from tests.app.explorer.check_seats import stale_page

    assert stale_page(_Page(0, 0), "ritual", ["ritual"]) == []
    assert stale_page(_Page(1, 0), "ritual", ["ritual"]) == [
        "ritual faces seat 2, but seat 1 decides now"
    ]
    assert stale_page(_Page(1, 0), "menu", ["ritual"]) == []  # not a game's own page


def test_a_popup_turned_off_the_window_is_caught() -> None:
    from types import SimpleNamespace

    from tests.app.explorer.check_seats import off_window

    inside = SimpleNamespace(text="Enrol", rect=(100, 100, 300, 150))
    off = SimpleNamespace(text="Enrol", rect=(100, 700, 300, 916))
    assert off_window("EnrolPopup", [inside], 1280, 800) == []
    assert off_window("EnrolPopup", [off], 1280, 800) == [
        "EnrolPopup: 'Enrol' is drawn outside the window"
    ]


def test_a_step_passed_by_itself_while_a_player_could_still_play_is_caught() -> None:
    from tests.app.explorer.check_windows import skipped

    names = ["Alena", "Anton"]
    assert skipped(True, False, [], names) == []  # nobody could act: a quiet moment
    assert skipped(False, False, [(0, "ambush")], names) == []  # it waits
    assert skipped(True, True, [(0, "ambush")], names) == []  # the table chose a countdown
    assert skipped(True, False, [(1, "ambush")], names) == [
        "the table would pass this step by itself while Anton could still play a card"
    ]
