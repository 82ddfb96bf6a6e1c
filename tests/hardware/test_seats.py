"""The table's one seat map (hardware/seats.py): what it stamps on events, and the dial that
shows a seat's value."""

from __future__ import annotations

from hardware.events import ButtonPressed, DeviceStatus, DialChanged, TagPresented, TagRemoved
from hardware.manager import DeviceManager
from hardware.seats import SeatMap

DEV = "a1b2c3d4"
UID = bytes.fromhex("04000000000001")


def test_dials_readers_and_a_dials_button_are_stamped_with_their_seat() -> None:
    seats = SeatMap()
    seats.assign_dial(DEV, 1, 2)
    seats.assign_reader(DEV, 0, 3)
    assert seats.stamp(DialChanged(DEV, 1, 5)).seat == 2
    assert seats.stamp(ButtonPressed(DEV, 1, "short")).seat == 2  # the button on dial 2
    assert seats.stamp(TagPresented(DEV, 0, UID)).seat == 3
    assert seats.stamp(TagRemoved(DEV, 0, UID)).seat == 3
    status = DeviceStatus(DEV, True)
    assert seats.stamp(status) is status


def test_nobodys_dial_and_a_shared_reader_stay_unstamped() -> None:
    seats = SeatMap()
    seats.assign_dial(DEV, 0, 1)
    seats.assign_dial(DEV, 0, None)  # given back
    seats.assign_reader(DEV, 0, None)  # never given: nothing to take back
    assert seats.stamp(DialChanged(DEV, 0, 5)).seat is None
    assert seats.stamp(TagPresented(DEV, 0, UID)).seat is None
    assert seats.dials == {} and seats.readers == {}


def test_a_seat_already_stamped_is_kept() -> None:
    seats = SeatMap()
    seats.assign_dial(DEV, 0, 0)
    assert seats.stamp(DialChanged(DEV, 0, 5, seat=1)).seat == 1


def test_the_dial_of_a_seat_follows_its_reassignment() -> None:
    seats = SeatMap()
    seats.assign_dial(DEV, 0, 1)
    assert seats.dial_of(1) == (DEV, 0) and seats.dial_of(0) is None
    seats.assign_dial(DEV, 0, 0)
    assert seats.dial_of(0) == (DEV, 0) and seats.dial_of(1) is None


def test_the_manager_owns_one_map_and_assigns_through_it() -> None:
    shared = SeatMap()
    manager = DeviceManager(b"\x00\x00\x00\x01", keys_path=None, seats=shared)
    assert manager.seats is shared
    manager.assign_dial(DEV, 0, 4)
    manager.assign_reader(DEV, 0, 2)
    assert shared.dials == {(DEV, 0): 4} and shared.readers == {(DEV, 0): 2}
    assert DeviceManager(b"\x00\x00\x00\x02", keys_path=None).seats is not shared
