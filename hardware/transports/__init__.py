"""Transports: one interface (``base.Transport``) over serial, BLE, and the in-process simulator.

Like bleak's one client API over platform backends: the device manager only ever sees
``open``, ``send``, ``receive`` and ``close`` on raw frames. The tablet's own NFC reader is not a
framed link; it is an event source (``nfc_reader.NfcReader``).
"""
