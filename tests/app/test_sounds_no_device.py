"""With no audio device the table says so once and never asks the sound system again (each
try printed ALSA's errors on every sound, issue 20)."""

from __future__ import annotations

import logging
from pathlib import Path

import pytest

from companion_app.session import sounds


def test_no_audio_device_is_said_once_and_the_sound_system_is_never_asked(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    from kivy.core import audio
    from kivy.logger import Logger

    monkeypatch.setattr(sounds, "audio_device_missing", lambda: True)
    asked: list[str] = []
    monkeypatch.setattr(audio.SoundLoader, "load", staticmethod(lambda f: asked.append(f)))
    said: list[str] = []

    class Catch(logging.Handler):
        def emit(self, record: logging.LogRecord) -> None:
            said.append(record.getMessage())

    catch = Catch()
    Logger.addHandler(catch)
    try:
        table = sounds.Sounds(tmp_path)
        for name in ("scan_ok", "turn", "scan_refused", "game_over", "turn"):
            table.play(name)
    finally:
        Logger.removeHandler(catch)
    assert asked == []
    assert [m for m in said if "no audio device" in m] == [
        "Sounds: no audio device on this machine; the table plays no sounds"
    ]
    assert table.played == ["scan_ok", "turn", "scan_refused", "game_over", "turn"]


def test_a_sound_system_that_fails_to_load_is_told_once_too(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    from kivy.core import audio

    monkeypatch.setattr(sounds, "audio_device_missing", lambda: False)
    asked: list[str] = []
    monkeypatch.setattr(audio.SoundLoader, "load", staticmethod(lambda f: asked.append(f)))
    table = sounds.Sounds(tmp_path)
    table.play("scan_ok")
    table.play("turn")
    assert len(asked) == 1 and table.no_device
