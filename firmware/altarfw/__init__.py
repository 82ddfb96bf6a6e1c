# Altar device firmware (MicroPython). The package is named altarfw so it never reads as the
# host-side code; the host never imports it. Version reported in HELLO.
FW_VERSION = (0, 1, 0)
