"""`altar demo`: one real event through every layer, and a broken layer named when it fails.

simulated device -> bytes over a real pseudo-terminal -> pyserial -> host link -> table ->
engine, and engine devotion back to the device's dial.
"""

import asyncio
import subprocess
import sys

import pytest

from companion_app.simulator import pipeline_demo as demo
from hardware.simulator import SimulatedDevice


def test_altar_demo_exits_0_and_prints_the_log_and_scoreboard() -> None:
    proc = subprocess.run(
        [sys.executable, "-m", "companion_app.cli", "demo"],
        capture_output=True,
        text=True,
        timeout=120,
    )
    assert proc.returncode == 0, proc.stdout + proc.stderr
    out = proc.stdout
    assert "tag 04a1b2c3d4e5f6 placed on reader 0 of a1b2c3d4" in out
    assert "dial 1 of a1b2c3d4 now shows 3" in out
    assert "Alena plays Specter Wisp" in out
    # The final scoreboard: Alena paid 1 devotion for the Wisp; Anton's dial set him to 3.
    assert "Alena: devotion 0/1" in out and "Specter Wisp" in out
    assert "Anton: devotion 3/1" in out


def test_the_demo_game_state_matches_what_the_device_did() -> None:
    result = asyncio.run(demo.Demo(lambda line: None).run())
    alena, anton = result.game.state.players
    assert [c.card_id for c in alena.in_play] == ["specter_wisp"]
    assert (alena.devotion, alena.max_devotion) == (0, 1)
    assert (anton.devotion, anton.max_devotion) == (3, 1)


def test_a_device_that_never_sends_the_tag_is_reported_as_the_host_link_failing(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    monkeypatch.setattr(SimulatedDevice, "place_tag", lambda self, reader, uid, card_ref=None: None)
    monkeypatch.setattr(demo, "WAIT_S", 0.5)
    with pytest.raises(demo.DemoFailure) as failure:
        asyncio.run(demo.Demo(lambda line: None).run())
    assert failure.value.layer == "host link"
    assert "tag event" in str(failure.value)


def test_a_tag_the_table_cannot_place_is_reported_with_the_tables_words(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    monkeypatch.setattr(demo.Demo, "enrol", lambda self, uid, card_id: None)  # never enrolled
    monkeypatch.setattr(demo, "WAIT_S", 0.5)
    with pytest.raises(demo.DemoFailure) as failure:
        asyncio.run(demo.Demo(lambda line: None).run())
    assert failure.value.layer == "table"
    assert "not enrolled" in str(failure.value)


def test_the_cli_names_the_failing_layer_and_exits_1(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    monkeypatch.setattr(demo.Demo, "enrol", lambda self, uid, card_id: None)
    monkeypatch.setattr(demo, "WAIT_S", 0.5)
    assert demo.main() == 1
    assert "altar demo failed in the table layer" in capsys.readouterr().out
