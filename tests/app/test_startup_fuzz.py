"""Start-up never raises (issue 22): bytes flipped anywhere in a real saved game (its header,
its pages, a stored command's text) or the file cut short, and the app's own start path (the
store-opening function AltarApp calls, then the session's resume of the game it offers)
either loads, or salvages what replays and says so, or refuses in words and starts on a
fresh store; the damaged original is kept byte for byte."""

import os
import random
import re
import shutil
import tempfile
from collections import Counter
from pathlib import Path

from kivy.clock import Clock

from companion_app.games import adapter_for
from companion_app.saves.replay_check import replay_check
from companion_app.saves.store import CommandStore, Recovery, Refusal, open_store
from companion_app.session.game_session import GameSession
from engine.zeal import actions as za
from hardware.registry import TagRegistry

CASES = 300
SHM = Path("/dev/shm")


def _saved_games(path: Path) -> None:
    """Two games the way the app saves them (the session's own commands): one finished,
    one left to resume, with counters set, devotion developed and hands kept."""
    store = CommandStore(str(path))
    session = GameSession(store, lambda _kind: TagRegistry(":memory:"))
    for first in (0, 1):
        session.start_new(["Alena", "Anton"], seed=11 + first, first_player=0)
        for seat in (0, 1):
            assert session.command(za.KeepHand(seat))
        for current in range(1, 12):
            assert session.command(za.SetDevotion(first, current=current, maximum=12))
            assert session.command(za.SetBase(1 - first, current % 6, damage=current % 4))
        if first == 0:
            session.abandon()
    Clock.tick()
    store.close()  # folds the WAL in, as the app's exit does


def start_app_path(path: Path) -> tuple[str, str]:
    """The app's start, without a window: open_store as AltarApp calls it, then resume the
    game offered. -> (outcome, what the players are told)."""
    check = replay_check(lambda kind: adapter_for(kind).catalog())
    store, notice = open_store(str(path), check)
    session = GameSession(store, lambda _kind: TagRegistry(":memory:"))
    saved = session.saved_game()
    if saved is not None:
        session.resume(saved)  # the Start screen's "Resume"
        # And the table goes on: the next command is saved where the store says.
        session.command(za.SetDevotion(0, current=1, maximum=12))
    store.close()
    if notice is None:
        return "load", ""
    outcome = {Recovery: "salvage", Refusal: "refuse"}.get(type(notice), repr(notice))
    return outcome, notice.message()


def _damage(good: bytes, rnd: random.Random, case: int, texts: list[int]) -> bytes:
    """One case's damage: a flipped byte spread over every part of the file, a flipped byte
    inside a stored command's text, or the file cut short."""
    data = bytearray(good)
    kind = case % 3
    if kind == 0:  # every part of the file, in order, a little jitter
        at = min(len(data) - 1, case * len(data) // CASES + rnd.randrange(64))
        data[at] ^= rnd.randrange(1, 256)
    elif kind == 1:  # a command's JSON text: what once stopped the app 59 times in 200
        at = rnd.choice(texts) + rnd.randrange(40)
        data[at] ^= rnd.choice((0x80, 0xC0, 0xFF, rnd.randrange(1, 256)))
    else:
        return bytes(data[: rnd.randrange(1, len(data))])
    return bytes(data)


def test_start_up_survives_every_flipped_or_cut_byte(tmp_path: Path) -> None:
    # In memory when the machine has it: each start fsyncs, and what is tested here is what
    # the app decides, not the disk.
    if SHM.is_dir() and os.access(SHM, os.W_OK):
        with tempfile.TemporaryDirectory(dir=SHM) as scratch:
            _fuzz(Path(scratch))
    else:
        _fuzz(tmp_path)


def _fuzz(tmp_path: Path) -> None:
    source = tmp_path / "good.sqlite"
    _saved_games(source)
    good = source.read_bytes()
    texts = [m.start() for m in re.finditer(rb'\{"', good)]
    assert len(texts) > 40, "the saved game holds the commands' text"
    rnd = random.Random(22)
    outcomes: Counter[str] = Counter()
    for case in range(CASES):
        folder = tmp_path / f"case{case}"
        folder.mkdir()
        path = folder / "games.sqlite"
        damaged = _damage(good, rnd, case, texts)
        path.write_bytes(damaged)
        outcome, words = start_app_path(path)  # raising fails the test
        outcomes[outcome] += 1
        if outcome == "load":
            shutil.rmtree(folder)
            continue
        assert words and "Traceback" not in words and "unexpected" not in words, words
        # The damaged original is kept exactly as it was, wherever it now is.
        kept = sorted(p for p in folder.iterdir() if ".damaged-" in p.name)
        if outcome == "salvage":
            assert len(kept) == 1 and kept[0].read_bytes() == damaged, (case, words)
            assert kept[0].name in words
        else:
            assert path.read_bytes() == damaged, (case, words)
        shutil.rmtree(folder)
    print(
        f"\nstart-up on {CASES} damaged saves: "
        + ", ".join(f"{k} {v}" for k, v in outcomes.items())
    )
    assert set(outcomes) <= {"load", "salvage", "refuse"}
    assert outcomes["salvage"] > CASES // 4, outcomes  # the damage was real, not benign
