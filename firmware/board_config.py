# The one file to edit for your build: pick BOARD, then check the pins of that board below
# against your wiring (docs/hardware.md has the wiring tables these defaults match).
#
# readers: a list (several readers per device are fine, each with its own CS pin or bus).
#   type "mfrc522" (SPI only) or "pn532" with bus "spi", "i2c" or "uart".
# dials: up to 8; a = CLK, b = DT of the rotary encoder, button = its push switch (SW).
#   Encoder and switch pins use the internal pull-ups; the common pin goes to GND.
# encoder: "auto" uses machine.Encoder (ESP32 PCNT, MIMXRT) when the port has it, else pin
#   interrupts; "irq" forces interrupts.
# steps_per_detent: quadrature edges per click: 4 for the usual KY-040 / EC11 (one full cycle
#   per detent), 2 for half-cycle encoders. dial_max: the top of the dial's range at start-up
#   (devotion runs 0 to 13); the tablet can set another range per dial.
# feedback parts are optional: None when not fitted.
# transport: "serial" (USB), "ble", or "auto": BLE when the board has bluetooth and aioble
#   (deploy installs it unless --no-ble), USB serial otherwise. In BLE mode the USB port stays a
#   plain REPL; choose "serial" to use the device over USB (e.g. with `altar monitor`).
# pair_button: the dial whose push switch, held 5 s within 30 s of power-on, opens pairing mode
#   (a new table may claim the device for the next minute). pair_pin: the pin of a dedicated
#   pairing button, if the board has one (held 2 s it opens pairing mode at any time); None.
# locked: True for builds handed to players: no REPL at all (its key file cannot be read with
#   mpremote), see docs/hardware.md "Builds for players". Add "locked": True to the board's dict.

BOARD = "esp32_devkit"


# ESP32 DevKit (ESP32-WROOM-32). ESP32-S3 and C3 DevKits: same keys, check the pins
# (C3 has no PCNT, so its dials use interrupts).
def esp32_devkit():
    return {
        "spi": {"id": 2, "sck": 18, "mosi": 23, "miso": 19, "baudrate": 2_000_000},
        "i2c": {"id": 0, "scl": 22, "sda": 21, "freq": 100_000, "timeout": 50_000},
        "uart": {"id": 2, "tx": 17, "rx": 16, "baudrate": 115_200},
        "readers": [
            {"type": "mfrc522", "bus": "spi", "cs": 5, "rst": 4},
        ],
        "dials": [
            {"a": 32, "b": 33, "button": 25},
            {"a": 26, "b": 27, "button": 14},
        ],
        "steps_per_detent": 4,
        "dial_max": 13,
        "encoder": "auto",
        "pair_button": 0,
        "pair_pin": None,
        "led": 2,
        "led_active_high": True,
        "neopixel": None,
        "buzzer": None,
        "transport": "auto",
    }


# Raspberry Pi Pico W (RP2040 + CYW43439).
def pico_w():
    return {
        "spi": {"id": 0, "sck": 18, "mosi": 19, "miso": 16, "baudrate": 2_000_000},
        "i2c": {"id": 0, "scl": 13, "sda": 12, "freq": 100_000, "timeout": 50_000},
        "uart": {"id": 0, "tx": 0, "rx": 1, "baudrate": 115_200},
        "readers": [
            {"type": "mfrc522", "bus": "spi", "cs": 17, "rst": 20},
        ],
        "dials": [
            {"a": 2, "b": 3, "button": 4},
            {"a": 6, "b": 7, "button": 8},
        ],
        "steps_per_detent": 4,
        "dial_max": 13,
        "encoder": "irq",
        "pair_button": 0,
        "pair_pin": None,
        "led": "LED",
        "led_active_high": True,
        "neopixel": None,
        "buzzer": None,
        "transport": "auto",
    }


# Each board is a function, so only the chosen board's settings take up memory.
BOARDS = {"esp32_devkit": esp32_devkit, "pico_w": pico_w}


def config(name=None):
    return BOARDS[name or BOARD]()
