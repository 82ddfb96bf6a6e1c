"""Keys go where the player typed (issue 33): text typed into a field (a broker's host on the
Broadcast page, a search box) reaches that field and nothing else: no dial turns, no card is
laid on a reader, no command reaches the game, no popup opens.

The explorer types into each text field it finds on screen, once a field per exploration, the
keys the keyboard simulator knows (digits, W and S, a space) among ordinary ones, as a real
keyboard sends them (a key down, then its text), and puts the field back as it was.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

# Every key the simulated devices answer to (1-9 cards, 0 an unknown tag, W/S dial 2, Space
# lifts the card, Up/Down dial 1) inside words a player types.
TYPED = "host 0 15 ws"
ARROWS = (273, 274)


def fields(shown: Iterable[tuple[str, Any, list[Any]]]) -> list[Any]:
    """The visible, enabled text fields on the screen and its popups."""
    from kivy.uix.textinput import TextInput

    from tests.app.explorer.checks import _hidden

    out = []
    for _name, root, _seen in shown:
        for w in root.walk(restrict=True):
            if isinstance(w, TextInput) and not w.disabled and w.width > 1 and not _hidden(w, root):
                out.append(w)
    return out


async def type_into(d: Any, field: Any, text: str = TYPED) -> None:
    """Focus ``field`` and type ``text`` (and the arrow keys) as a keyboard does."""
    from kivy.core.window import Window

    field.focus = True
    await d.frames(2)
    for key in ARROWS:
        Window.dispatch("on_key_down", key, 0, None, [])
        Window.dispatch("on_key_up", key, 0)
    for ch in text:
        Window.dispatch("on_key_down", ord(ch.lower()), 0, ch, [])
        Window.dispatch("on_textinput", ch)
        Window.dispatch("on_key_up", ord(ch.lower()), 0)
    await d.frames(3)


def what_moved(session: Any, device: Any, before: dict[str, Any]) -> list[str]:
    """What the typing reached besides its field, in words."""
    now = snapshot(session, device)
    out = []
    if now["history"] != before["history"]:
        out.append(f"the game got {now['history'] - before['history']} command(s)")
    if now["dials"] != before["dials"]:
        out.append("a dial turned")
    if now["tags"] != before["tags"]:
        out.append("a card was laid on a reader")
    if now["unknown"] != before["unknown"]:
        out.append("the enrol popup was offered")
    return out


def snapshot(session: Any, device: Any) -> dict[str, Any]:
    game = session.game
    return {
        "history": len(game.history) if game is not None else 0,
        "dials": list(device.values),
        "tags": list(device.tags),
        "unknown": session.unknown_tag,
    }


async def check(
    done: set[str], explorer: Any, shown: list[tuple[str, Any, list[Any]]]
) -> list[str]:
    """Type into each field not typed into yet this exploration; what else moved."""
    out = []
    device = explorer.hands.device
    for field in fields(shown):
        key = f"{explorer.app.sm.current}:{getattr(field, 'hint_text', '')}:{id(field)}"
        if key in done:
            continue
        done.add(key)
        text, before = field.text, snapshot(explorer.session, device)
        await type_into(explorer.d, field)
        got = field.text
        moved = what_moved(explorer.session, device, before)
        field.focus = False
        field.text = text
        await explorer.hands.settle()
        where = explorer.app.sm.current
        if field.input_filter is None and TYPED not in got:  # a number field keeps digits
            out.append(f"{where}: typing '{TYPED}' into a field left it reading '{got[:40]}'")
        out += [f"{where}: typing '{TYPED}' into a field: {m}" for m in moved]
    return out
