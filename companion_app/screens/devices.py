"""Devices: what is connected, battery, signal, last seen; claim a device, give dials seats."""

from __future__ import annotations

import time
from typing import Any

from kivy.app import App
from kivy.clock import Clock
from kivy.properties import ObjectProperty, StringProperty
from kivy.uix.boxlayout import BoxLayout
from kivy.uix.screenmanager import Screen


def describe_device(info: Any, now: float) -> str:
    battery = "USB power" if info.battery is None else f"battery {info.battery}%"
    signal = f", signal {info.signal} dBm" if info.signal is not None else ""
    seen = (
        f", seen {max(0.0, now - info.last_seen):.0f} s ago" if info.last_seen is not None else ""
    )
    state = "connected" if info.connected else "not connected"
    claimed = "claimed" if info.claimed else "not claimed"
    name = info.device or info.transport
    return f"{name}: {state}, {claimed}, {battery}{signal}{seen}. {info.message}".strip()


class DeviceRow(BoxLayout):
    text = StringProperty("")
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
        box.clear_widgets()
        link = self._link()
        if link is None:
            self.status = "No hardware side is running: play by hand on the scoreboard."
            return
        now = time.monotonic()
        infos = link.manager.devices()
        for info in infos:
            box.add_widget(
                DeviceRow(text=describe_device(info, now), device=info.device, screen=self)
            )
        self.status = link.seat_summary() + (f"\n{self.notice}" if self.notice else "")

    # What an action says goes in ``notice``, under the seat summary: the refresh every
    # second rewrites ``status``, and a message set there was gone a second later (at once,
    # on a loaded machine).
    def claim(self, device: str) -> None:
        link = self._link()
        if link is not None:
            link.claim(device, self._claimed)
            self.notice = "Hold the device's button now..."
            self.refresh()

    def _claimed(self, message: str) -> None:
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
