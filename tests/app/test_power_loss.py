"""A power cut in the middle of a write: does every command the store confirmed survive?

A kill -9 cannot answer this (test_kill.py): the page cache outlives the process, so a killed
writer's last commit is on "disk" whether it was fsynced or not, and a plain copy of the
database and its WAL taken mid-write reads the same page cache. On this file system (ext4 on
a virtual disk) such a copy cannot tell ``synchronous=FULL`` from ``OFF``, and the first test
below shows exactly that.

What a power cut keeps is what was fsynced. So the second test runs the store's own SQL (its
pragmas, schema and append statements) on SQLite through a VFS that passes every call to the
real files and also keeps, per file, the bytes as of its last xSync: the disk as a power cut
would leave it, in the worst case that no unsynced write reached the platter. At random writes
in the middle of commands it copies that durable database and WAL aside, restores the copy
as a saved-games file and opens it with ``open_store``, as the app would after the power came
back. With FULL, every confirmed command is there; NORMAL and OFF lose confirmed commands.
"""

from __future__ import annotations

import json
import os
import random
import time
from pathlib import Path
from typing import Any

import apsw
import pytest

from companion_app.saves.store import INSERT_COMMAND, NEXT_SEQ, PRAGMAS, SCHEMA, open_store

COMMANDS = 300
CUTS = 40  # power cuts per run, each at a random write


class _Disk:
    """The writes one database's files received, and which of them a power cut would keep."""

    def __init__(self, cuts: set[int]) -> None:
        self.durable: dict[str, bytes] = {}  # file name -> bytes as of its last sync
        self.writes = 0
        self.cuts = cuts
        self.confirmed = 0  # commands whose append returned
        # (commands confirmed, durable files, the files as a copy would read them) per cut
        self.snapshots: list[tuple[int, dict[str, bytes], dict[str, bytes]]] = []

    def wrote(self, names: list[str]) -> None:
        self.writes += 1
        if self.writes in self.cuts:
            live = {n: Path(n).read_bytes() for n in names if os.path.exists(n)}
            self.snapshots.append((self.confirmed, dict(self.durable), live))

    def synced(self, name: str) -> None:
        self.durable[name] = Path(name).read_bytes()

    def deleted(self, name: str) -> None:
        self.durable.pop(name, None)


class _File(apsw.VFSFile):  # type: ignore[misc]
    def __init__(self, vfs: _PowerCutVFS, name: Any, flags: list[int]) -> None:
        super().__init__("", name, flags)
        self._vfs = vfs
        self._name = name.filename() if isinstance(name, apsw.URIFilename) else str(name)

    def xWrite(self, data: bytes, offset: int) -> None:  # noqa: N802 - SQLite's name
        super().xWrite(data, offset)
        self._vfs.disk.wrote(self._vfs.files)

    def xSync(self, flags: int) -> None:  # noqa: N802
        super().xSync(flags)
        self._vfs.disk.synced(self._name)


class _PowerCutVFS(apsw.VFS):  # type: ignore[misc]
    def __init__(self, name: str, disk: _Disk, files: list[str]) -> None:
        self.disk = disk
        self.files = files
        super().__init__(name, "")

    def xOpen(self, name: Any, flags: list[int]) -> _File:  # noqa: N802
        return _File(self, name, flags)

    def xDelete(self, name: str, syncdir: bool) -> None:  # noqa: N802
        super().xDelete(name, syncdir)
        self.disk.deleted(name)


def _command(i: int) -> dict[str, Any]:
    return {"type": "Pass", "player": i % 2, "n": i}


def _write(db_path: Path, synchronous: str, seed: int) -> _Disk:
    """Creates the store's file (durably), then appends COMMANDS commands the way
    CommandStore.append does, with ``synchronous`` as the only difference."""
    rnd = random.Random(seed)
    disk = _Disk(set())
    files = [str(db_path), f"{db_path}-wal"]
    vfs_name = f"powercut-{synchronous}-{seed}"
    vfs = _PowerCutVFS(vfs_name, disk, files)
    db = apsw.Connection(str(db_path), vfs=vfs_name)
    for pragma in PRAGMAS:
        db.execute(pragma)
    db.execute(SCHEMA)
    db.execute("INSERT INTO games (kind, setup, created) VALUES ('zeal', '{}', ?)", (time.time(),))
    game_id = db.last_insert_rowid()
    db.execute(f"PRAGMA synchronous={synchronous}")
    disk.cuts = set(rnd.sample(range(disk.writes + 1, disk.writes + COMMANDS * 3), CUTS))
    for i in range(COMMANDS):
        db.execute("BEGIN IMMEDIATE")
        (seq,) = next(db.execute(NEXT_SEQ, (game_id,)))
        db.execute(INSERT_COMMAND, (game_id, seq, json.dumps(_command(i)), time.time()))
        db.execute("COMMIT")
        disk.confirmed = i + 1  # append has returned: the table shows this command
    db.close()
    vfs.unregister()
    return disk


def _restored(tmp: Path, label: str, files: dict[str, bytes], db_path: Path) -> list[Any]:
    """The snapshot put back as a saved-games file and opened as the app opens it at start:
    -> the game's commands (the file must open without any damage to salvage)."""
    folder = tmp / label
    folder.mkdir()
    for name, data in files.items():
        (folder / Path(name).name).write_bytes(data)
    if not (folder / db_path.name).exists():
        return []  # nothing of the file was ever on disk
    store, recovery = open_store(str(folder / db_path.name))
    assert recovery is None, recovery.message()
    saved = store.last_unfinished()
    store.close()
    return [] if saved is None else saved.commands


def _lost(tmp_path: Path, synchronous: str, durable: bool) -> list[tuple[int, int]]:
    """(confirmed, stored) for every cut where a confirmed command is missing after restore;
    the stored commands are always exactly the first ones confirmed, never garbage."""
    db_path = tmp_path / synchronous / "games.sqlite"
    db_path.parent.mkdir()
    disk = _write(db_path, synchronous, seed=14)
    assert len(disk.snapshots) == CUTS
    lost = []
    for k, (confirmed, durable_files, live_files) in enumerate(disk.snapshots):
        files = durable_files if durable else live_files
        commands = _restored(tmp_path / synchronous, f"cut{k}", files, db_path)
        assert commands == [_command(i) for i in range(len(commands))]
        assert len(commands) <= confirmed + 1  # at most the command being written
        if len(commands) < confirmed:
            lost.append((confirmed, len(commands)))
    return lost


@pytest.mark.parametrize("synchronous", ["FULL", "OFF"])
def test_a_copy_of_the_live_files_mid_write_cannot_tell_full_from_off(
    tmp_path: Path, synchronous: str
) -> None:
    """The page cache is what a copy reads: no confirmed command is missing, even with OFF.
    (Which is why this alone proves nothing about power cuts.)"""
    assert _lost(tmp_path, synchronous, durable=False) == []


def test_a_power_cut_mid_write_never_loses_a_command_confirmed_with_full(tmp_path: Path) -> None:
    assert _lost(tmp_path, "FULL", durable=True) == []


@pytest.mark.parametrize("synchronous", ["NORMAL", "OFF"])
def test_a_power_cut_mid_write_loses_confirmed_commands_without_full(
    tmp_path: Path, synchronous: str
) -> None:
    lost = _lost(tmp_path, synchronous, durable=True)
    # WAL with NORMAL fsyncs only at checkpoints, OFF never: most cuts lose commands.
    assert len(lost) > CUTS // 2, lost
    assert any(stored < confirmed - 10 for confirmed, stored in lost), lost
