"""Keys that drive the simulated device, for `make run` with a keyboard (no Kivy here).

Up/Down turn dial 1, W/S dial 2, E/D dial 3, R/F dial 4, 1-9 put one of nine cards on the reader, 0 a tag nobody
enrolled, Space lifts the card. The keys act on the SimulatedDevice, so the app sees the same
protocol frames a physical device would send.
"""

from __future__ import annotations

from typing import Any

from companion_app.simulator.sim_tags import UNKNOWN_UID, sim_uid

KEY_UP, KEY_DOWN = 273, 274
# (dial, step) by key: Up/Down dial 1, W/S dial 2, E/D dial 3, R/F dial 4.
TURNS = {
    KEY_UP: (0, 1),
    KEY_DOWN: (0, -1),
    ord("w"): (1, 1),
    ord("s"): (1, -1),
    ord("e"): (2, 1),
    ord("d"): (2, -1),
    ord("r"): (3, 1),
    ord("f"): (3, -1),
}


def keyboard_simulator(device: Any, key: int, text: str, cards: list[str]) -> bool:
    """Act on ``device`` for one key; True when the key was ours. ``cards``: the card ids
    under keys 1-9 (the game adapter's quick cards)."""
    if key in TURNS and TURNS[key][0] < len(device.values):
        dial, delta = TURNS[key]
        device.turn_dial(dial, device.values[dial] + delta)
        return True
    if text == "0":
        device.place_tag(0, UNKNOWN_UID)
        return True
    if text.isdigit():
        index = int(text) - 1
        if index < len(cards):
            device.place_tag(0, sim_uid(cards[index]))
            return True
        return False
    if text == " ":
        if device.tags[0] is not None:
            device.remove_tag(0)
        return True
    return False
