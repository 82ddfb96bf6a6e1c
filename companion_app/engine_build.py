"""Which build of the engine this process runs: the compiled one or the source itself.

`make` compiles the engine with mypyc where a C compiler is present (tools/compile_engine.py):
a copy of the ``engine`` package in ``build/compiled/``, compiled in place, beside a stamp that
names the source it was made from. Nothing is written beside the source, so the pure-Python
engine stays importable in the same checkout (an extension module beside a ``.py`` would win
over it for every process). A process chooses before it first imports ``engine``:

- ``ALTAR_ENGINE=compiled``: the compiled build, or an error saying why it can't be used;
- ``ALTAR_ENGINE=python``: the source, pure Python (the Android build has nothing else);
- unset (the app, `altar` commands): the compiled build when it is there and made from this
  very source for this Python, else the source.

A build made from another source is never used: the stamp holds a digest of every file of
``engine/``, checked here at start (a few milliseconds), so an edited engine is never shadowed
by an older compiled one. The choice is written back to the environment, so the processes
this one starts make the same one.
"""

from __future__ import annotations

import functools
import hashlib
import json
import os
import sys
import sysconfig
from dataclasses import dataclass
from pathlib import Path

ENV = "ALTAR_ENGINE"
COMPILED = "compiled"
PYTHON = "python"
ROOT = Path(__file__).resolve().parents[1]
SOURCE = ROOT / "engine"
BUILD = ROOT / "build" / "compiled"
STAMP_NAME = "stamp.json"


class EngineBuildError(RuntimeError):
    """The build asked for can't be used (said why, with the command that fixes it)."""


@dataclass(frozen=True)
class Choice:
    build: str  # COMPILED or PYTHON
    why: str  # in words, for the log and `altar --version`-like reports


def source_digest(source: Path = SOURCE) -> str:
    """sha256 over every file of the engine's source (path and bytes; caches left out)."""
    digest = hashlib.sha256()
    for path in sorted(source.rglob("*")):
        if path.is_dir() or "__pycache__" in path.parts:
            continue
        digest.update(path.relative_to(source).as_posix().encode() + b"\0")
        digest.update(path.read_bytes() + b"\0")
    return digest.hexdigest()


def interpreter_tag() -> str:
    """What an extension module is built for: this Python's ABI ("cpython-311-x86_64-...")."""
    return f"{sys.implementation.cache_tag} {sysconfig.get_config_var('EXT_SUFFIX')}"


def read_stamp(build: Path = BUILD) -> dict[str, object] | None:
    try:
        found: dict[str, object] = json.loads((build / STAMP_NAME).read_text())
    except (OSError, ValueError):
        return None
    return found


def compiled_problem(build: Path = BUILD, source: Path = SOURCE) -> str | None:
    """Why the compiled build can't be used here, in words; None when it can."""
    stamp = read_stamp(build)
    if stamp is None:
        return f"there is no compiled engine in {build} (make builds it where gcc is present)"
    if stamp.get("python") != interpreter_tag():
        return f"the compiled engine was built for another Python ({stamp.get('python')})"
    digest = source_digest(source)
    _DIGESTS[source.resolve()] = digest  # rules_digest's, when this source is the one loaded
    if stamp.get("source") != digest:
        return "the compiled engine was built from another version of engine/: run make again"
    return None


# The digests compiled_problem made at start-up (choosing the build), by source folder: the
# pure-Python engine's rules digest is then known without hashing its files a second time.
_DIGESTS: dict[Path, str] = {}


@functools.cache
def rules_digest() -> str:
    """The loaded engine's code identity: ``source_digest`` of the source it is (pure Python)
    or was compiled from (the compiled build's stamp holds it, checked against engine/ when the
    build was chosen), so both builds of one source give the same digest and any change to the
    rules' code or card data gives another. A resume snapshot carries it and is ignored under
    other rules (saves/snapshot_body.py). Computed once, when first asked: the stamp's for the
    compiled build, the digest the start-up's choice of build made for the source (or, where
    there was none to choose from, a few ms of hashing); the engine must be imported."""
    engine = sys.modules.get("engine")
    if engine is None:
        raise EngineBuildError("the rules' digest is asked before the engine is imported")
    folder = Path(getattr(engine, "__file__", None) or "").resolve().parent
    if loaded_from() == COMPILED:
        source = (read_stamp(folder.parent) or {}).get("source")
        if isinstance(source, str):
            return source
    return _DIGESTS.get(folder) or source_digest(folder)


def loaded_from(build: Path = BUILD) -> str | None:
    """The build the already imported ``engine`` came from; None when not imported yet."""
    engine = sys.modules.get("engine")
    if engine is None:
        return None
    where = Path(getattr(engine, "__file__", None) or "").resolve()
    return COMPILED if where.is_relative_to(build.resolve()) else PYTHON


def choose(wanted: str | None, build: Path = BUILD, source: Path = SOURCE) -> Choice:
    """The build for ``wanted`` (the variable's value: compiled, python, or empty for the
    compiled build when usable); EngineBuildError for a compiled build that is asked for and
    unusable, or for a value that names neither."""
    wanted = (wanted or "").strip().lower()
    if wanted == PYTHON:
        return Choice(PYTHON, f"{ENV}=python: the engine's source, pure Python")
    if wanted not in ("", COMPILED):
        raise EngineBuildError(f'{ENV} is "{wanted}": it can be "compiled" or "python"')
    problem = compiled_problem(build, source)
    if problem is None:
        return Choice(COMPILED, f"the compiled engine in {build}")
    if wanted == COMPILED:
        raise EngineBuildError(f"{ENV}=compiled, but {problem}")
    return Choice(PYTHON, f"pure Python: {problem}")


def activate(wanted: str | None = None, build: Path = BUILD, source: Path = SOURCE) -> Choice:
    """Makes ``engine`` the chosen build for this process (and the processes it starts): the
    compiled build's folder goes first on sys.path, so ``engine`` and every module of it are
    found there (the engine itself is not imported here: `altar monitor` never loads it).

    Must run before ``engine`` is first imported; run again with the same choice it does
    nothing, with another it is an error (a process can't hold both builds)."""
    choice = choose(os.environ.get(ENV) if wanted is None else wanted, build, source)
    already = loaded_from(build)
    if already is not None and already != choice.build:
        raise EngineBuildError(
            f"the {already} engine is already loaded: the {choice.build} one can't be chosen"
        )
    path = str(build)
    if choice.build == COMPILED and path not in sys.path:
        sys.path.insert(0, path)
    if choice.build == PYTHON and path in sys.path:
        sys.path.remove(path)
    os.environ[ENV] = choice.build
    return choice
