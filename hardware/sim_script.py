"""Simulator commands, one per line: how the keyboard and script files drive a SimulatedDevice
(``altar monitor sim --script FILE``, or ``--script -`` to type them)."""

from __future__ import annotations

from hardware import wire
from hardware.simulator import SimulatedDevice

SCRIPT_HELP = """simulator commands, one per line:
  dial I V          turn dial I to value V
  tag R UID [REF]   place a tag (UID in hex) on reader R, optionally carrying altar:REF
  lift R            take the tag off reader R
  press I [KIND]    press button I: short (default), long or double
  hold on|off       hold the pairing button (a new claim is accepted while held)
  status            send a STATUS frame (battery, heap, uptime)
  wait S            pause S seconds (scripts only)"""


def run_command(device: SimulatedDevice, line: str) -> float:
    """Do one simulator command (keyboard or script); -> seconds to wait after it.

    ValueError, in plain words, for a line that is not a command.
    """
    words = line.split("#", 1)[0].split()
    if not words:
        return 0.0
    verb, args = words[0].lower(), words[1:]
    try:
        if verb == "dial" and len(args) == 2:
            device.turn_dial(_number(args[0]), _number(args[1]))
        elif verb == "tag" and len(args) in (2, 3):
            device.place_tag(_number(args[0]), _uid(args[1]), args[2] if args[2:] else None)
        elif verb == "lift" and len(args) == 1:
            device.remove_tag(_number(args[0]))
        elif verb == "press" and len(args) in (1, 2):
            device.press_button(_number(args[0]), args[1] if args[1:] else "short")
        elif verb == "hold" and args in (["on"], ["off"]):
            device.hold_button(args[0] == "on")
        elif verb == "status" and not args:
            device.send_status()
        elif verb == "wait" and len(args) == 1:
            try:
                return max(0.0, float(args[0]))
            except ValueError:
                raise ValueError(f"wait how long? {args[0]!r} is not a number of seconds") from None
        else:
            raise ValueError(f"not a simulator command: {line.strip()!r}\n{SCRIPT_HELP}")
    except wire.WireError as e:
        raise ValueError(f"{line.strip()!r}: {e}") from e
    return 0.0


def _number(text: str) -> int:
    if not text.isdigit():
        raise ValueError(f"{text!r} should be a whole number (0, 1, 2 ...)")
    return int(text)


def _uid(text: str) -> bytes:
    try:
        return bytes.fromhex(text)
    except ValueError:
        raise ValueError(f"{text!r} is not a tag UID in hex (like 04a1b2c3d4e5f6)") from None
