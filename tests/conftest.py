"""Every test run says which build of the engine it tests (companion_app/engine_build.py):
``ALTAR_ENGINE=compiled`` the mypyc build (an error when it is missing or stale, never a quiet
fallback), anything else or unset the source, pure Python. Chosen here, before any test module
imports ``engine``, and passed on to every process a test starts. Hypothesis's examples are the
same on every run of `make test` (tests/derandomized.py)."""

from __future__ import annotations

import os
from pathlib import Path

import pytest

from companion_app import engine_build
from tests.derandomized import pytest_runtest_setup  # noqa: F401 (a pytest hook)

CHOICE = engine_build.activate(os.environ.get(engine_build.ENV) or engine_build.PYTHON)
import engine  # noqa: E402 -- now, so that every later import of it is of the chosen build

if engine_build.loaded_from() != CHOICE.build:
    raise engine_build.EngineBuildError(f"{CHOICE.why}, but engine came from {engine.__file__}")


# Test modules that define a game of their own on the engine's base class (engine.core.game.Game)
# to test the contract itself: a compiled class can't be subclassed by interpreted code, so they
# run on the pure-Python engine only (the compiled build's games are compiled with it).
PURE_PYTHON_ONLY = (
    "tests/engine/test_core.py",
    "tests/engine/test_listing_note.py",
)
ROOT = Path(__file__).resolve().parents[1]


def pytest_ignore_collect(collection_path: Path) -> bool | None:
    path = collection_path.resolve()
    if CHOICE.build != engine_build.COMPILED or not path.is_relative_to(ROOT):
        return None
    return True if path.relative_to(ROOT).as_posix() in PURE_PYTHON_ONLY else None


def pytest_report_header() -> list[str]:
    lines = [f"engine: {CHOICE.why}"]
    if CHOICE.build == engine_build.COMPILED:
        lines.append(
            "on the pure-Python engine only (their games subclass the engine's base class): "
            + ", ".join(PURE_PYTHON_ONLY)
        )
    return lines


@pytest.fixture(scope="session")
def engine_choice() -> engine_build.Choice:
    return CHOICE
