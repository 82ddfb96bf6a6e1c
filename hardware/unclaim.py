"""Unclaiming a device from the command line (`altar unclaim`): what the Devices screen's
"Unclaim" does, with a port instead of a running app."""

from __future__ import annotations

import asyncio
import time

from hardware.frame_events import device_label
from hardware.keys import KeyStore
from hardware.manager import DeviceManager, UnclaimFailed


class NotUnclaimed(Exception):
    """The device was not unclaimed; the message says why, in players' words (`altar unclaim`
    exits 1)."""


def unclaim_here(device: str, keys_path: str) -> str:
    """Forgets the device's key here; what was done, in words (NotUnclaimed: nothing was)."""
    keys = KeyStore(keys_path)
    try:
        if keys.key_for(device) is None:
            raise NotUnclaimed(
                f"{device_label(device)} is not claimed by this table: nothing to forget."
            )
        keys.forget(device)
    finally:
        keys.close()
    return (
        f"{device_label(device)} is unclaimed here; the device keeps a key nobody holds until "
        "it is claimed again in pairing mode."
    )


async def unclaim_over_serial(device: str, keys_path: str, port: str, wait: float) -> str:
    """Connect, wait for the signed session, send the unclaim, and see the device go; what was
    done, in words (NotUnclaimed: the device was not unclaimed)."""
    table = KeyStore(keys_path)
    try:
        table_id = table.table_id()
        if table.key_for(device) is None:
            raise NotUnclaimed(
                f"{device_label(device)} is not claimed by this table: nothing to unclaim."
            )
    finally:
        table.close()
    manager = DeviceManager(table_id, keys_path=keys_path)
    try:
        found = await manager.add_serial(port, wait)
        if found != device:
            raise NotUnclaimed(f"No {device_label(device)} on {port} (found {found or 'nothing'}).")
        deadline = time.monotonic() + wait
        while not any(i.device == device and i.claimed for i in manager.devices()):
            if time.monotonic() > deadline:
                raise NotUnclaimed(
                    f"{device_label(device)} did not open a session with this table: try again."
                )
            await asyncio.sleep(0.05)
        try:
            # Sent until the device confirms it; only then is the key forgotten here.
            await manager.unclaim(device, timeout=max(deadline - time.monotonic(), 1.0))
        except UnclaimFailed as e:
            raise NotUnclaimed(str(e)) from e
    finally:
        await manager.close()
    return (
        f"{device_label(device)} is unclaimed: this table and the device forgot their key. "
        "To use it again, put it in pairing mode and claim it."
    )
