"""Devices: what is connected, battery, signal, last seen, frames from strangers; claim a device,
unclaim it (after a confirmation), give dials seats."""

from __future__ import annotations

import time
from typing import Any

from kivy.app import App
from kivy.clock import Clock
from kivy.properties import BooleanProperty, ObjectProperty, StringProperty
from kivy.uix.boxlayout import BoxLayout
from kivy.uix.popup import Popup
from kivy.uix.screenmanager import Screen

# What a player does to let a table claim a device (firmware/altarfw/pairing.py).
PAIRING_HOW = (
    "Put the device in pairing mode: switch it on and within 30 s hold dial 0's button for 5 s, "
    "until its light blinks (or hold its pairing button). Claiming..."
)


def _plural(n: int, what: str) -> str:
    return f"{n} {what}{'' if n == 1 else 's'}"


def describe_attacks(info: Any, now: float) -> str:
    """What the device says strangers sent it in the last minute, or nothing."""
    forged, unsigned = info.stranger_frames(now)
    parts = []
    if forged:
        parts.append(_plural(forged, "forged frame"))
    if unsigned:
        parts.append(_plural(unsigned, "unsigned frame"))
    if not parts:
        return ""
    return f" {' and '.join(parts)} in the last minute, dropped."


def describe_device(info: Any, now: float) -> str:
    battery = "USB power" if info.battery is None else f"battery {info.battery}%"
    signal = f", signal {info.signal} dBm" if info.signal is not None else ""
    seen = (
        f", seen {max(0.0, now - info.last_seen):.0f} s ago" if info.last_seen is not None else ""
    )
    state = "connected" if info.connected else "not connected"
    claimed = "claimed" if info.claimed else "not claimed"
    name = info.device or info.transport
    attacks = describe_attacks(info, now)
    return f"{name}: {state}, {claimed}, {battery}{signal}{seen}.{attacks} {info.message}".strip()


class DeviceRow(BoxLayout):
    text = StringProperty("")
    device = StringProperty("")
    claimed = BooleanProperty(False)
    screen = ObjectProperty(None)


class UnclaimPopup(Popup):
    """Are you sure? Unclaiming forgets the key on both sides: claiming again needs the device
    in hand (pairing mode)."""

    device = StringProperty("")
    screen = ObjectProperty(None)


class DevicesScreen(Screen):
    session = ObjectProperty(None, rebind=True)
    status = StringProperty("")
    notice = StringProperty("")  # the last search's result, kept under the seat summary

    def on_enter(self, *_args: Any) -> None:
        self.refresh()
        self._tick = Clock.schedule_interval(lambda _dt: self.refresh(), 1.0)

    def on_leave(self, *_args: Any) -> None:
        self._tick.cancel()

    def _link(self) -> Any:
        return App.get_running_app().hardware_link

    def refresh(self) -> None:
        box = self.ids.devices
        link = self._link()
        if link is None:
            box.clear_widgets()
            self.status = "No hardware side is running: play by hand on the scoreboard."
            return
        now = time.monotonic()
        infos = link.manager.devices()
        rows = list(reversed(box.children))  # Kivy keeps children last-added first
        if [r.device for r in rows] != [i.device for i in infos]:
            # Rebuilt only when the devices change: a row rebuilt under a finger loses its tap.
            box.clear_widgets()
            rows = [DeviceRow(screen=self) for _ in infos]
            for row in rows:
                box.add_widget(row)
        for row, info in zip(rows, infos, strict=True):
            row.text = describe_device(info, now)
            row.device = info.device
            row.claimed = info.claimed
        self.status = link.seat_summary() + (f"\n{self.notice}" if self.notice else "")

    # What an action says goes in ``notice``, under the seat summary: the refresh every
    # second rewrites ``status``, and a message set there was gone a second later (at once,
    # on a loaded machine).
    def claim(self, device: str) -> None:
        link = self._link()
        if link is not None:
            link.claim(device, self._claimed)
            self.notice = PAIRING_HOW
            self.refresh()

    def _claimed(self, message: str) -> None:
        self.notice = message
        self.refresh()

    def ask_unclaim(self, device: str) -> None:
        """The row's "Unclaim": asks first, since claiming again needs the device in hand."""
        if device:
            self.popup = UnclaimPopup(device=device, screen=self)
            self.popup.open()

    def unclaim(self, device: str) -> None:
        """Confirmed: the device is asked to forget the key, and the table forgets it once
        the device says it did; what happened (or why not) replaces the notice."""
        self.popup.dismiss()
        link = self._link()
        if link is None:
            return
        link.unclaim(device, self._unclaimed)
        self.notice = f"Unclaiming device {device}: waiting for it to confirm..."
        self.refresh()

    def _unclaimed(self, message: str) -> None:
        self.notice = message
        self.refresh()

    def assign(self, device: str) -> None:
        """Give this device's dials to the next seats without one."""
        link = self._link()
        if link is not None:
            self.notice = link.assign_free_seats(device)
            self.refresh()

    def search(self) -> None:
        link = self._link()
        if link is None:
            self.status = "No hardware side is running."
            return
        self.notice = "Looking for devices by USB and Bluetooth..."
        self.refresh()
        link.search(self._searched)

    def _searched(self, message: str) -> None:
        self.notice = message
        self.refresh()

    def back(self) -> None:
        App.get_running_app().show("scoreboard")
