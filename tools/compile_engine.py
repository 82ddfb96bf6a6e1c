"""Builds the compiled engine: ``engine/`` copied to ``build/compiled/`` and compiled there by
mypyc, the source unchanged (companion_app/engine_build.py says who uses it and when).

    .venv/bin/python -m tools.compile_engine     # what `make` runs

Skipped, saying so, when nothing changed (the stamp's digest of engine/ is this source's, for
this Python), when there is no C compiler or no mypyc (the engine then runs as pure Python, as
on Android). The copy is compiled in a folder beside the build and moved into place only once
every module has imported from it, so a failed or interrupted build never leaves a half one.
C files and objects go to ``build/mypyc-temp/``; the compiler's output to ``build/compiled.log``.
"""

from __future__ import annotations

import hashlib
import json
import os
import shutil
import subprocess
import sys
import sysconfig
import time
from pathlib import Path

from companion_app.engine_build import (
    BUILD,
    SOURCE,
    STAMP_NAME,
    compiled_problem,
    interpreter_tag,
    read_stamp,
    source_digest,
)

TEMP = BUILD.parent / "mypyc-temp"
LOG = BUILD.parent / "compiled.log"

# Modules mypyc cannot compile as they are, each with why; they stay interpreted (the .py copy
# beside the compiled ones), and the compiled modules call them as ordinary Python. Checked by
# tests/engine/test_compiled_build.py (every other module of engine/ is compiled).
INTERPRETED: dict[str, str] = {
    **{
        f"{game}/actions.py": (
            "the action codec (engine/core/actions.py) reads each action's field annotations to "
            "check commands; mypyc erases them in compiled classes (int | None becomes type). "
            "And a compiled class stores a field declared int as a machine integer: a seat of "
            "true would read back as 1 and pass the check that refuses it"
        )
        for game in ("zeal", "deeds", "vile", "devacurse", "zg")
    },
    "core/history_views.py": (
        "the history's views are held by weak references (Snapshot's __weakref__ slot): a "
        "compiled class has no weak-reference slot unless mypy_extensions marks it, and undo "
        "crashes; and Earlier is a frozen dataclass that is also Generic, which CPython "
        "refuses to create compiled (the history itself, undo_stack.py, is compiled)"
    ),
    "core/setup_record.py": (
        "Key is a frozen dataclass that is also Generic: mypyc builds the class but CPython "
        "refuses to create it ('__dict__' of 'type' objects is not writable)"
    ),
    "deeds/evolve_state.py": (
        "its keyword defaults are a sentinel typed Any for int and tuple parameters: a compiled "
        "function checks each default against its type when the module loads (TypeError)"
    ),
}


def modules(source: Path = SOURCE) -> tuple[list[str], list[str]]:
    """(compiled, interpreted): the engine's .py files, as paths relative to engine/."""
    every = sorted(p.relative_to(source).as_posix() for p in source.rglob("*.py"))
    every = [p for p in every if "__pycache__" not in p]
    unknown = sorted(set(INTERPRETED) - set(every))
    if unknown:
        raise SystemExit(f"INTERPRETED names modules engine/ does not have: {unknown}")
    return [p for p in every if p not in INTERPRETED], [p for p in every if p in INTERPRETED]


def why_not_built() -> str | None:
    """Why this machine can't compile (no C compiler, no mypyc), or None."""
    cc = (sysconfig.get_config_var("CC") or "cc").split()[0]
    if shutil.which(cc) is None:
        return f"no C compiler ({cc})"
    try:
        import mypyc.build  # noqa: F401
    except ImportError:
        return "no mypyc (it comes with mypy: make setup-dev installs it)"
    return None


def build(jobs: int) -> int:
    digest = source_digest()
    started = time.monotonic()
    work = BUILD.with_name("compiled.new")
    shutil.rmtree(work, ignore_errors=True)
    shutil.copytree(SOURCE, work / "engine", ignore=shutil.ignore_patterns("__pycache__"))
    compiled, interpreted = modules()
    # mypy's settings for the build alone (else it reads the repository's pyproject.toml, whose
    # sections for the app's libraries it reports unused, and stops).
    (work / "mypy.ini").write_text("[mypy]\npython_version = 3.11\n")
    # mypyc runs in a child process from inside the copy: the modules it compiles are the
    # copy's (named engine.*), and its extension modules land beside them (--inplace).
    script = (
        "import sys\n"
        "from setuptools import setup\n"
        "from mypyc.build import mypycify\n"
        "paths, only = sys.argv[1], sys.argv[2]\n"
        "setup(name='altar-engine-compiled', script_args=sys.argv[3:], ext_modules=mypycify(\n"
        "    paths.split(','), only_compile_paths=only.split(','), opt_level='3',\n"
        f"    debug_level='0', multi_file=True, target_dir={str(TEMP / 'c')!r}))\n"
    )
    every = ",".join(f"engine/{p}" for p in compiled + interpreted)
    only = ",".join(f"engine/{p}" for p in compiled)
    args = ["build_ext", "--inplace", "--parallel", str(jobs)]
    args += ["--build-temp", str(TEMP / "o"), "--build-lib", str(TEMP / "lib")]
    LOG.parent.mkdir(parents=True, exist_ok=True)
    with LOG.open("w") as log:
        proc = subprocess.run(
            [sys.executable, "-c", script, every, only, *args],
            cwd=work,
            stdout=log,
            stderr=subprocess.STDOUT,
        )
    if proc.returncode != 0:
        print(f"compiling the engine failed; mypyc's and the compiler's output: {LOG}")
        return 1
    return finish(work, digest, compiled, interpreted, started, jobs)


def finish(
    work: Path, digest: str, compiled: list[str], interpreted: list[str], started: float, jobs: int
) -> int:
    """Checks the new build imports, stamps it and moves it into place."""
    names = [f"engine.{p[:-3].replace('/', '.')}".removesuffix(".__init__") for p in compiled]
    check = subprocess.run(
        [sys.executable, "-c", _IMPORT_CHECK, *names],
        cwd=work,
        capture_output=True,
        text=True,
    )
    if check.returncode != 0:
        print(f"the compiled engine does not import:\n{check.stdout}{check.stderr}")
        return 1
    (work / STAMP_NAME).write_text(
        json.dumps(
            {
                "source": digest,
                "builder": how_built(),
                "python": interpreter_tag(),
                "compiled": compiled,
                "interpreted": {p: INTERPRETED[p] for p in interpreted},
                "seconds": round(time.monotonic() - started, 1),
                "jobs": jobs,
            },
            indent=1,
        )
    )
    shutil.rmtree(work / ".mypy_cache", ignore_errors=True)
    (work / "mypy.ini").unlink()
    shutil.rmtree(BUILD, ignore_errors=True)
    work.rename(BUILD)
    sizes = sum(p.stat().st_size for p in BUILD.rglob("*.so"))
    print(
        f"compiled engine: {len(compiled)} modules compiled, {len(interpreted)} interpreted, "
        f"in {time.monotonic() - started:.0f} s on {jobs} jobs ({sizes / 2**20:.1f} MiB of .so)"
        f" -> {BUILD}"
    )
    return 0


# Run in the new build's folder: every compiled module imports, from an extension module.
_IMPORT_CHECK = """
import importlib, sys
sys.path.insert(0, ".")
bad = []
for name in sys.argv[1:]:
    module = importlib.import_module(name)
    if not module.__file__.endswith(".so"):
        bad.append(f"{name}: {module.__file__}")
if bad:
    raise SystemExit("not compiled: " + ", ".join(bad))
"""


def how_built() -> str:
    """What else makes a build: this script (its list of interpreted modules, its options) and
    mypyc's version. A change to either builds again, as a change to engine/ does."""
    from importlib.metadata import PackageNotFoundError, version

    try:
        mypy = version("mypy")
    except PackageNotFoundError:
        mypy = "none"
    script = Path(__file__).read_bytes()
    return hashlib.sha256(script + mypy.encode()).hexdigest()


def main(argv: list[str]) -> int:
    stamp = read_stamp() or {}
    fresh = compiled_problem() is None and stamp.get("builder") == how_built()
    if "--force" not in argv and fresh:
        print(f"compiled engine up to date ({BUILD})")
        return 0
    reason = why_not_built()
    if reason is not None:
        print(f"the engine is not compiled here: {reason}; the app runs it as pure Python")
        return 0
    jobs = int(os.environ.get("JOBS", "0")) or os.cpu_count() or 1
    return build(jobs)


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
