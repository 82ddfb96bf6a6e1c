"""Journeys for the Devices screen (issue 27), run by tests/app/drive.py as
``tests.app.devices_journeys:NAME``: the real app, its simulated device, touches."""

from __future__ import annotations

import time
from typing import Any

from hardware import wire


async def unclaim_and_strangers(d: Any) -> None:
    """A stranger's forged frames show on the device's row; "Unclaim" asks first, "Keep it"
    keeps the claim; out of reach, "Unclaim" is said not to have reached it and both keep the
    key; in reach, "Unclaim" forgets the key on both sides."""
    await d.until(
        lambda: d.app.hardware_link is not None and d.app.hardware_link.simulated,
        "the simulated device",
    )
    link = d.app.hardware_link
    manager = link.manager
    device = link.simulated[0]
    await d.until(lambda: any(i.claimed for i in manager.devices()), "the simulated claim")
    d.app.show("devices")
    await d.frames(3)
    devices = d.screen("devices")
    # Three forged frames and one unsigned one reach the device from a stranger: it drops and
    # counts them and reports them (DIAG 4); the table shows them on the device's row.
    for i in range(3):
        forged = wire.pack(wire.SET_DIAL, i, wire.set_dial_payload(0, 9, 0, 13), bytes(16))
        device.receive(forged, time.monotonic())
    device.receive(wire.pack(wire.FEEDBACK, 0, wire.feedback_payload(1, 0)), time.monotonic())
    await d.until(
        lambda: manager.devices()[0].stranger_frames(time.monotonic()) == (3, 1),
        "the device's report of the forged frames",
    )
    devices.refresh()
    await d.frames(2)
    row = devices.ids.devices.children[0]
    d.notes["row_attacked"] = row.text
    d.notes["dials_after_forgery"] = list(device.values)
    await d.screenshot("devices_strangers")
    unclaim = next(b for b in row.children if getattr(b, "text", "") == "Unclaim")
    assert not unclaim.disabled, "a claimed device can be unclaimed"
    first = await ask(d, devices, unclaim, None)
    d.notes["confirm_title"] = first.title
    await d.screenshot("devices_unclaim_confirm")
    await d.tap(first.ids.keep)
    await d.until(lambda: first._window is None, "the confirmation to close")
    d.notes["kept"] = manager.keys.key_for(device.device) is not None
    # Out of reach: every frame to the device is lost (at its own receive). The table asks
    # until its patience (shortened here) runs out, then says so; both keep the key.
    receive = device.receive
    device.receive = lambda raw, now: None
    patience, link.patience = link.patience, 2.0
    second = await ask(d, devices, unclaim, first)
    await d.tap(second.ids.confirm)
    await d.until(lambda: "did not answer" in devices.notice, "the unclaim said not to reach")
    d.notes["unreachable"] = devices.notice
    d.notes["kept_both_sides"] = (
        manager.keys.key_for(device.device) is not None and device.endpoint.claim is not None
    )
    await d.screenshot("devices_unclaim_unreachable")
    device.receive = receive  # back in reach: the link reconnects with the key both kept
    link.patience = patience
    await d.until(lambda: manager.devices()[0].claimed, "the device back, still claimed")
    await d.until(lambda: not unclaim.disabled, "the Unclaim button again")
    third = await ask(d, devices, unclaim, second)
    await d.tap(third.ids.confirm)
    # The device forgets the key and says so (signed); only then does the table forget it,
    # and tell the player.
    await d.until(
        lambda: not manager.devices()[0].claimed and device.endpoint.claim is None,
        "the unclaim on both sides",
    )
    await d.until(lambda: "forgot their key" in devices.notice, "the unclaim said in words")
    d.notes["table_key"] = manager.keys.key_for(device.device)
    d.notes["status"] = devices.status
    devices.refresh()
    await d.frames(2)
    row = devices.ids.devices.children[0]
    d.notes["row_unclaimed"] = row.text
    d.notes["unclaim_disabled"] = next(
        b for b in row.children if getattr(b, "text", "") == "Unclaim"
    ).disabled
    await d.screenshot("devices_unclaimed")


async def ask(d: Any, devices: Any, unclaim: Any, before: Any) -> Any:
    """Taps "Unclaim" and waits for its confirmation to be open (it opens with an animation,
    and a finger on a half-open popup misses)."""
    await d.tap(unclaim)
    await d.until(
        lambda: (
            getattr(devices, "popup", None) not in (None, before)
            and devices.popup._window is not None
        ),
        "the confirmation",
    )
    await d.frames(8)
    return devices.popup
