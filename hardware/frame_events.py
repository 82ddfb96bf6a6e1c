"""A numbered frame, delivered in order, becomes a typed event (``hardware.events``).

Kept apart from the link's handshake and numbering: this is the one place that knows what each
event payload means to the app. Raises ``wire.WireError`` for a malformed payload.
"""

from __future__ import annotations

from hardware import wire
from hardware.events import (
    ButtonPressed,
    DeviceStatus,
    DialChanged,
    Event,
    TagPresented,
    TagRemoved,
)
from hardware.peer import Peer

PRESS_KINDS = {wire.PRESS_SHORT: "short", wire.PRESS_LONG: "long", wire.PRESS_DOUBLE: "double"}


def device_label(device: str) -> str:
    """How a device is named in messages for players."""
    return f"Device {device}"


def _frames(n: int, kind: str) -> str:
    return f"{n} {kind} frame{'' if n == 1 else 's'}"


def event_for(peer: Peer, frame: wire.Frame) -> Event | None:
    """The event a delivered frame stands for; None for a CARD (it waits for its TAG)."""
    device, t, p = peer.device, frame.msg_type, frame.payload
    if t == wire.TAG:
        reader, present, uid = wire.parse_tag(p)
        card = peer.cards.pop(reader, None)
        if not present:
            return TagRemoved(device, reader, uid)
        # The device sends CARD immediately before TAG: only the very next number counts.
        ref = card[1] if card and (card[0] + 1) & 0xFFFF == frame.seq else None
        return TagPresented(device, reader, uid, ref)
    if t == wire.CARD:
        reader, ref_bytes = wire.parse_card(p)
        peer.cards[reader] = (frame.seq, ref_bytes.decode("ascii", "replace"))
        return None
    if t == wire.DIAL:
        dial, value = wire.parse_dial(p)
        return DialChanged(device, dial, value, at_stop=wire.dial_at_stop(p))
    if t == wire.BUTTON:
        button, kind = wire.parse_button(p)
        return ButtonPressed(device, button, PRESS_KINDS[kind])
    if t == wire.STATUS:
        battery, heap, uptime, errors = wire.parse_status(p)
        on_usb = battery == 255
        return DeviceStatus(
            device,
            True,
            None if on_usb else battery,
            heap,
            uptime,
            errors,
            f"{device_label(device)}: battery {'USB' if on_usb else f'{battery}%'}",
        )
    if t == wire.DIAG:
        code, detail = wire.parse_diag(p)
        if code == wire.DIAG_SECURITY:
            unsigned, forged = wire.parse_diag_security(detail)
            return DeviceStatus(
                device,
                True,
                message=f"{device_label(device)} dropped {_frames(forged, 'forged')} and "
                f"{_frames(unsigned, 'unsigned')} from a stranger",
                forged=forged,
                unsigned=unsigned,
            )
        name = wire.DIAG_NAMES.get(code, f"diagnostic {code}")
        return DeviceStatus(
            device, True, errors=1, message=f"{device_label(device)} reports: {name}"
        )
    return None
