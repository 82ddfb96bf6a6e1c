"""Sounds at the table: a good scan, a refused one, a turn passing, the end of the game.

The tones are made here with the standard library (``wave``), once, into the app's data
folder: no sound files to ship. Playing goes through Kivy's SoundLoader; a machine with no
audio device (a test runner) plays nothing and says so once, in the log: it never asks the
sound system again (each try fills the console with ALSA's errors). Muted, nothing plays.
"""

from __future__ import annotations

import math
import os
import struct
import sys
import tempfile
import wave
from pathlib import Path
from typing import Any

RATE = 22050

# Each sound: (frequency Hz, milliseconds) notes, played one after another.
TONES: dict[str, tuple[tuple[int, int], ...]] = {
    "scan_ok": ((880, 70), (1320, 110)),  # rising: yes
    "scan_refused": ((220, 120), (180, 200)),  # low and falling: no
    "turn": ((660, 60),),  # a short click: someone else's turn now
    "game_over": ((523, 150), (659, 150), (784, 150), (1047, 380)),  # a small fanfare
}


def write_tone(path: Path, notes: tuple[tuple[int, int], ...], volume: float = 0.35) -> None:
    """A mono 16-bit WAV of the notes, each faded in and out so it does not click."""
    frames = bytearray()
    for freq, ms in notes:
        count = RATE * ms // 1000
        fade = max(1, count // 10)
        for i in range(count):
            envelope = min(1.0, i / fade, (count - i) / fade)
            sample = volume * envelope * math.sin(2 * math.pi * freq * i / RATE)
            frames += struct.pack("<h", int(sample * 32767))
    with wave.open(str(path), "wb") as out:
        out.setnchannels(1)
        out.setsampwidth(2)
        out.setframerate(RATE)
        out.writeframes(bytes(frames))


def audio_device_missing() -> bool:
    """A Linux desktop with no sound card (a test runner, a container): /dev/snd holds no
    playback device. Elsewhere (Android, macOS, Windows) the sound system is asked."""
    if not sys.platform.startswith("linux") or "ANDROID_ARGUMENT" in os.environ:
        return False
    snd = Path("/dev/snd")
    return not snd.is_dir() or not any(p.name.endswith("p") for p in snd.glob("pcm*"))


class Sounds:
    def __init__(self, folder: Path | None = None, no_device: bool | None = None) -> None:
        self.folder = folder or Path(tempfile.gettempdir()) / "altar-sounds"
        self.muted = False
        # None: not known yet (found out at the first sound); True: told once, never asked.
        self.no_device = no_device
        self.played: list[str] = []  # every sound asked for, in order (tests read it)
        self._loaded: dict[str, Any] = {}

    def path(self, name: str) -> Path:
        path = self.folder / f"{name}.wav"
        if not path.exists():
            self.folder.mkdir(parents=True, exist_ok=True)
            write_tone(path, TONES[name])
        return path

    def play(self, name: str) -> None:
        if name not in TONES:
            raise ValueError(f"no sound called {name!r}")
        if self.muted:
            return
        self.played.append(name)
        if self.no_device is None and audio_device_missing():
            self._say_no_device()
        if self.no_device:
            return
        sound = self._loaded.get(name)
        if sound is None:
            try:
                from kivy.core.audio import SoundLoader

                sound = SoundLoader.load(str(self.path(name)))
            except Exception:  # no audio provider on this machine: stay silent
                sound = None
            if not sound:
                self._say_no_device()
                return
            self.no_device = False
            self._loaded[name] = sound
        sound.play()

    def _say_no_device(self) -> None:
        """Once: the table plays no sounds here (and the sound system is never asked again)."""
        from kivy.logger import Logger

        self.no_device = True
        Logger.info("Sounds: no audio device on this machine; the table plays no sounds")
