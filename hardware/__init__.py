"""The host link: bytes from table devices become typed, trustworthy events for the app.

Every event once, in order, from a device this table owns, whatever the radio does. Layers,
bottom up (nothing here imports the engine, the app or Kivy):

- ``wire``: the codec shared with the firmware (frames, COBS, CRC, the Chaskey frame MAC);
  ``x25519`` the device's key agreement for a claim (deployed with it; plain Python);
  ``x25519_host`` the host's, from the ``cryptography`` package; ``handshake`` the host's
  side of the claim (proofs over the transcript, per-direction session keys, parts).
- ``framing``: a byte stream split into raw frames, noise skipped.
- ``reliable``: numbering, cumulative acks, go-back-N replay (both ends use it).
- ``link``: the host side of one connection, sans-I/O (handshake, claim, MACs, delivery);
  ``peer`` is what it remembers of a device, ``frame_events`` turns frames into events.
- ``device_protocol``, ``simulator``, ``sim_script``: the device side in CPython, on a pty or in
  process, driven by code, keyboard or script.
- ``transports``: serial (pyserial), BLE (bleak), loopback (simulator), and the tablet's NFC
  reader (nfcpy), behind one interface.
- ``manager``: every device at the table, reconnected with backoff, as one event stream;
  ``seats`` the table's one seat map, which the manager owns and stamps events from.
- ``keys`` (table id, device keys) and ``registry`` (tag UID or on-tag reference -> card).
- ``monitor``: what `altar monitor` prints.

The protocol is specified in docs/protocol.md.
"""
