# Altar device firmware (MicroPython). The package is named altarfw so it never reads as the
# host-side code; the host never imports it. Empty on purpose: every name here would take heap
# on every board (the firmware version lives in altarfw/device.py).
