"""The simulator panel: virtual dials and a virtual reader, for a table with no hardware.

Every control acts on the ``SimulatedDevice`` itself, so what reaches the app went through
the real protocol bytes and the device manager, exactly as a physical dial's turn would.
Keys on the scoreboard do the same (see KEYS in hardware keys help).
"""

from __future__ import annotations

from typing import Any

from kivy.app import App
from kivy.properties import ListProperty, ObjectProperty, StringProperty
from kivy.uix.screenmanager import Screen

from companion_app.games.base import find_by_name
from companion_app.simulator.sim_tags import UNKNOWN_UID, sim_uid
from hardware.sim_script import SCRIPT_HELP, run_command


class SimulatorScreen(Screen):
    # Names every card (of the catalog, a deck): where no hidden card is told (issue 33).
    lists_every_card = True
    session = ObjectProperty(None, rebind=True)
    dial_values = ListProperty([0, 0])
    card_names = ListProperty([])
    status = StringProperty("")
    script_help = StringProperty(SCRIPT_HELP)

    def on_pre_enter(self, *_args: Any) -> None:
        self.card_names = [c.name for c in self.session.catalog.cards]
        if self.ids.card.text not in self.card_names and self.card_names:
            self.ids.card.text = self.card_names[0]
        self.refresh()

    def _device(self) -> Any:
        link = App.get_running_app().hardware_link
        if link is None or not link.simulated:
            self.status = "No simulated device: start the app with --simulator."
            return None
        return link.simulated[0]

    def refresh(self) -> None:
        device = self._device()
        if device is not None:
            self.dial_values = list(device.values)
            self.status = f"Simulated device {device.device}: 2 dials, 1 reader"

    def turn(self, dial: int, delta: int) -> None:
        device = self._device()
        if device is not None:
            device.turn_dial(dial, device.values[dial] + delta)
            self.refresh()

    def place(self, name: str) -> None:
        device = self._device()
        card = find_by_name(self.session.catalog, name) if device is not None else None
        if device is None or card is None:
            return
        device.place_tag(0, sim_uid(card.id))
        self.status = f"Placed {card.name} on the reader"

    def place_unknown(self) -> None:
        device = self._device()
        if device is not None:
            device.place_tag(0, UNKNOWN_UID)
            self.status = "Placed a tag nobody enrolled"

    def lift(self) -> None:
        device = self._device()
        if device is not None and device.tags[0] is not None:
            device.remove_tag(0)
            self.status = "Lifted the card off the reader"

    def press(self, dial: int) -> None:
        device = self._device()
        if device is not None:
            device.press_button(dial, "short")

    def run_line(self, line: str) -> None:
        """One simulator command typed in (the same language as `altar monitor sim`)."""
        device = self._device()
        if device is None:
            return
        try:
            run_command(device, counted_from_one(line))
        except ValueError as e:
            # The first line says what was wrong; the command list is on the screen already.
            self.status = str(e).splitlines()[0]
            return
        self.ids.command.text = ""
        self.refresh()
        self.status = f"Done: {line.strip()}"

    def back(self) -> None:
        App.get_running_app().show("scoreboard")


# Verbs whose first argument is a dial, button or reader: on this screen counted from 1, as
# its rows say "Dial 1" and "Dial 2" (the script language underneath counts from 0).
_INDEXED = ("dial", "tag", "lift", "press")


def counted_from_one(line: str) -> str:
    """A typed command with its dial or reader counted from 1, in the script's terms."""
    words = line.split()
    if len(words) >= 2 and words[0] in _INDEXED and words[1].isdigit():
        if int(words[1]) < 1:
            raise ValueError("Dials and readers are counted from 1 here (Dial 1, Dial 2).")
        words[1] = str(int(words[1]) - 1)
    return " ".join(words)
