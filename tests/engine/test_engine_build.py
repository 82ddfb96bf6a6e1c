"""Which build of the engine a process runs (companion_app/engine_build.py): the compiled one
when `make` built it from this very source, else the source (pure Python, as on Android);
ALTAR_ENGINE=compiled|python chooses, and a compiled build asked for but unusable is an error,
never a quiet fallback. Each choice is made in a fresh process, as the app makes it."""

from __future__ import annotations

import json
import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from companion_app import engine_build
from companion_app.engine_build import COMPILED, ENV, PYTHON, EngineBuildError, choose

ROOT = Path(__file__).resolve().parents[2]
SCENARIO = ROOT / "tests" / "engine" / "scenarios" / "excess_damage.toml"


def a_build(folder: Path, digest: str | None = None, python: str | None = None) -> Path:
    """A build folder as tools/compile_engine.py leaves it: the engine's files and a stamp
    (here the .py files themselves: where ``engine`` is loaded from shows the choice)."""
    shutil.copytree(engine_build.SOURCE, folder / "engine")
    stamp = {
        "source": digest or engine_build.source_digest(),
        "python": python or engine_build.interpreter_tag(),
    }
    (folder / engine_build.STAMP_NAME).write_text(json.dumps(stamp))
    return folder


def run_python(code: str, env_value: str | None) -> list[str]:
    env = {k: v for k, v in os.environ.items() if k != ENV}
    if env_value is not None:
        env[ENV] = env_value
    out = subprocess.run(
        [sys.executable, "-c", code], cwd=ROOT, env=env, capture_output=True, text=True
    )
    assert out.returncode == 0, out.stderr
    return out.stdout.split()


def loaded_engine(build: Path, env_value: str | None) -> tuple[str, Path, str]:
    """(the build chosen, where ``engine`` was then loaded from, ALTAR_ENGINE afterwards)."""
    code = (
        "import os, sys; from pathlib import Path; from companion_app import engine_build\n"
        f"choice = engine_build.activate(build=Path({str(build)!r}))\n"
        "import engine.zeal.legal as legal\n"
        f"print(choice.build, Path(legal.__file__).resolve(), os.environ[{ENV!r}])\n"
    )
    build_name, where, env_after = run_python(code, env_value)
    return build_name, Path(where), env_after


def test_a_build_made_from_this_source_is_the_one_loaded(tmp_path: Path) -> None:
    build = a_build(tmp_path / "compiled")
    chosen, where, env_after = loaded_engine(build, None)
    assert (chosen, env_after) == (COMPILED, COMPILED)
    assert where.is_relative_to(build.resolve())


def test_without_a_build_the_source_is_loaded(tmp_path: Path) -> None:
    chosen, where, env_after = loaded_engine(tmp_path / "nothing here", None)
    assert (chosen, env_after) == (PYTHON, PYTHON)
    assert where.is_relative_to(engine_build.SOURCE.resolve())


def test_python_asked_for_is_the_source_even_beside_a_build(tmp_path: Path) -> None:
    build = a_build(tmp_path / "compiled")
    chosen, where, _ = loaded_engine(build, "python")
    assert chosen == PYTHON
    assert where.is_relative_to(engine_build.SOURCE.resolve())


def test_a_build_of_another_source_or_python_is_never_used(tmp_path: Path) -> None:
    stale = a_build(tmp_path / "stale", digest="0" * 64)
    other = a_build(tmp_path / "other", python="cpython-39 .cpython-39-x86_64-linux-gnu.so")
    assert choose(None, stale).build == PYTHON
    assert "another version of engine/" in choose(None, stale).why
    assert choose(None, other).build == PYTHON
    assert "another Python" in choose(None, other).why
    with pytest.raises(EngineBuildError, match="another version of engine/"):
        choose("compiled", stale)


def test_compiled_asked_for_and_missing_is_an_error_in_words(tmp_path: Path) -> None:
    with pytest.raises(EngineBuildError, match="there is no compiled engine"):
        choose("compiled", tmp_path / "nothing here")
    with pytest.raises(EngineBuildError, match='it can be "compiled" or "python"'):
        choose("fast", tmp_path)


def test_an_edited_source_no_longer_matches_its_build(tmp_path: Path) -> None:
    source = tmp_path / "engine"
    shutil.copytree(engine_build.SOURCE, source)
    before = engine_build.source_digest(source)
    rules = source / "zeal" / "rules.py"
    rules.write_text(rules.read_text() + "\n# an edit\n")
    assert engine_build.source_digest(source) != before


def test_the_app_runs_the_compiled_engine_where_make_built_it() -> None:
    """`altar` (the app's and every command's entry) chooses before the engine is loaded:
    here, the build `make` left in build/compiled/ when it is usable, else the source."""
    code = (
        "import os; from pathlib import Path; from companion_app import cli\n"
        f"code = cli.main(['scenario', 'run', {str(SCENARIO)!r}])\n"
        "import engine.zeal.legal as legal\n"
        f"print(code, os.environ[{ENV!r}], Path(legal.__file__).resolve())\n"
    )
    exit_code, env_after, where = run_python(code, None)[-3:]
    expected = COMPILED if engine_build.compiled_problem() is None else PYTHON
    home = engine_build.BUILD if expected == COMPILED else engine_build.SOURCE
    assert (exit_code, env_after) == ("0", expected)
    assert Path(where).is_relative_to(home.resolve())
