"""Small durable files: written whole to a temporary name, synced, then renamed over, so a kill
at any moment leaves the old file or the new one, never half of one."""

from __future__ import annotations

import json
import os
from pathlib import Path
from typing import Any


def write_json(path: Path, data: Any) -> None:
    tmp = path.with_suffix(path.suffix + ".tmp")
    with open(tmp, "w") as f:
        json.dump(data, f, sort_keys=True)
        f.flush()
        os.fsync(f.fileno())
    os.replace(tmp, path)


class NotAltars(ValueError):
    """A file where Altar keeps one of its own holds something else: said in words, the file
    left as it is (issue 35: a binary outbox.json, or one holding a list, was a crash)."""


MAX_FILE = 16 * 1024 * 1024  # bytes: the largest of these files is a state, well under 1 MiB


def read_json(path: Path, default: Any) -> Any:
    """The JSON in ``path`` (``default`` when there is no file). When ``default`` is a dict
    or the file must hold an object, anything else is ``NotAltars`` in words: not UTF-8 JSON,
    not an object, too big, a folder or a device where the file belongs."""
    try:
        if path.is_dir() or (path.exists() and not path.is_file()):
            raise NotAltars(f"{path} is not a file Altar wrote (a folder or a device is there)")
        if path.exists() and path.stat().st_size > MAX_FILE:
            raise NotAltars(f"{path} is not a file Altar wrote (more than {MAX_FILE:,} bytes)")
        data = json.loads(path.read_bytes())
    except FileNotFoundError:
        return default
    except ValueError as e:  # not UTF-8, not JSON (RecursionError is guarded by the size)
        if isinstance(e, NotAltars):
            raise
        raise NotAltars(
            f"{path} is not a file Altar wrote (not JSON text); move it aside"
        ) from None
    except RecursionError:
        raise NotAltars(f"{path} is not a file Altar wrote (nested too deeply)") from None
    if isinstance(default, dict) and not isinstance(data, dict):
        raise NotAltars(
            f"{path} is not a file Altar wrote (it holds a {type(data).__name__}, not an "
            "object); move it aside"
        )
    return data


def append_line(path: Path, data: Any) -> None:
    """One JSON object per line, synced before returning: the host's results log."""
    with open(path, "a") as f:
        f.write(json.dumps(data, sort_keys=True) + "\n")
        f.flush()
        os.fsync(f.fileno())


def read_lines(path: Path) -> list[Any]:
    try:
        text = path.read_text()
    except FileNotFoundError:
        return []
    out = []
    for line in text.splitlines():
        try:
            out.append(json.loads(line))
        except ValueError:
            break  # a line cut short by a kill mid-write: it was never confirmed to anyone
    return out
