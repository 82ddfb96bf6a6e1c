"""Sounds at the table: a good scan, a refused one, a turn passing, the end of the game.

The tones are made here with the standard library (``wave``), once, into the app's data
folder: no sound files to ship. Playing goes through Kivy's SoundLoader; a machine with no
audio device (a test runner) plays nothing and says nothing. Muted, nothing plays at all.
"""

from __future__ import annotations

import math
import struct
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


class Sounds:
    def __init__(self, folder: Path | None = None) -> None:
        self.folder = folder or Path(tempfile.gettempdir()) / "altar-sounds"
        self.muted = False
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
        sound = self._loaded.get(name)
        if sound is None:
            try:
                from kivy.core.audio import SoundLoader

                sound = SoundLoader.load(str(self.path(name)))
            except Exception:  # no audio provider on this machine: stay silent
                sound = None
            self._loaded[name] = sound or False
        if sound:
            sound.play()
