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

from companion_app.simulator.sim_tags import UNKNOWN_UID, sim_uid
from engine.core.catalog import find_by_name
from hardware.sim_script import SCRIPT_HELP, run_command

# The command list as this screen takes it: dials and readers counted from 1, and a card
# named by its id or name (the simulated decks' tags are enrolled), as well as a raw UID.
SCREEN_HELP = SCRIPT_HELP.replace(
    "  tag R UID [REF]   place a tag (UID in hex) on reader R, optionally carrying altar:REF",
    "  tag R CARD        place a card on reader R (its id or name: tag 1 burn)\n"
    "  tag R UID [REF]   place a tag (UID in hex) on reader R, optionally carrying altar:REF",
).replace("\n  wait S            pause S seconds (scripts only)", "")
KEYS = (
    "Keys on the scoreboard: Up/Down turn dial 1, W/S dial 2, E/D dial 3, R/F dial 4, "
    "0 an unknown tag, Space lifts it"
)


class SimulatorScreen(Screen):
    # Names every card (of the catalog, a deck): where no hidden card is told (issue 33).
    lists_every_card = True
    session = ObjectProperty(None, rebind=True)
    dial_values = ListProperty([0, 0, 0, 0])
    card_names = ListProperty([])
    status = StringProperty("")
    script_help = StringProperty(SCREEN_HELP)
    keys_help = StringProperty(KEYS)

    def on_pre_enter(self, *_args: Any) -> None:
        catalog = self.session.catalog
        self.card_names = [c.name for c in catalog.cards]
        if self.ids.card.text not in self.card_names and self.card_names:
            self.ids.card.text = self.card_names[0]
        # Which card each of the keys 1-9 places (this game's quick cards), by name.
        quick = self.session.adapter.quick_cards(catalog) if self.session.has_game else []
        placed = ", ".join(f"{k} {catalog.get(c).name}" for k, c in enumerate(quick, 1))
        self.keys_help = f"{KEYS}, F2 opens this panel." + (
            f" The keys 1-{len(quick)} place: {placed}." if quick else ""
        )
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
            dials, readers = len(device.values), len(device.tags)
            self.status = f"Simulated device {device.device}: {dials} dials, {readers} reader"

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
            card = self._card_in(line)
            if card is not None:
                reader, card_id = card
                device.place_tag(reader, sim_uid(card_id))
            else:
                run_command(device, counted_from_one(line))
        except ValueError as e:
            # The first line says what was wrong; the command list is on the screen already.
            self.status = str(e).splitlines()[0]
            return
        self.ids.command.text = ""
        self.refresh()
        self.status = f"Done: {line.strip()}"

    def _card_in(self, line: str) -> tuple[int, str] | None:
        """``tag R CARD`` (or ``tag CARD``, on reader 1): the reader, counted from 0, and the
        card named by its id or name; None for a tag given as a UID in hex."""
        words = line.split("#", 1)[0].split()
        if not words or words[0].lower() != "tag" or len(words) < 2:
            return None
        reader, ref = (words[1], words[2:]) if words[1].isdigit() else ("1", words[1:])
        if not ref or _is_hex(ref[0]):
            return None
        if int(reader) < 1:
            raise ValueError("Dials and readers are counted from 1 here (tag 1 burn).")
        catalog = self.session.catalog
        name = " ".join(ref)
        card = catalog.get(name) if name in catalog else find_by_name(catalog, name)
        if card is None:
            raise ValueError(
                f"No card called {name!r} in this game: a card's id or name (tag 1 burn), "
                "or a tag UID in hex."
            )
        return int(reader) - 1, card.id

    def back(self) -> None:
        App.get_running_app().show("scoreboard")


def _is_hex(word: str) -> bool:
    return len(word) % 2 == 0 and all(c in "0123456789abcdefABCDEF" for c in word)


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
