# ruff: noqa: F821  (include, require, package and module are given by MicroPython's build)
#
# Freezes the Altar firmware into a MicroPython build, so its bytecode runs from flash and
# leaves the heap for the game. From a MicroPython checkout:
#   make -C ports/esp32 BOARD=ESP32_GENERIC FROZEN_MANIFEST=/path/to/altar/firmware/manifest.py
#   make -C ports/rp2 BOARD=RPI_PICO_W FROZEN_MANIFEST=/path/to/altar/firmware/manifest.py
# board_config.py and main.py stay files on the board, so pins can still be edited: copy just
# those two with mpremote. (Files in the board's root come before frozen modules on sys.path,
# so a full `altar firmware deploy` on top of a frozen build simply overrides it.)
include("$(PORT_DIR)/boards/manifest.py")
# aioble at the version the firmware was read against (hardware/deploy.py's AIOBLE_VERSION);
# the build freezes whatever micropython-lib checkout it is given: check out the one with it.
require("aioble", version="0.6.2")
package("altarfw")
module("wire_core.py", base_path="../hardware")
module("x25519.py", base_path="../hardware")
