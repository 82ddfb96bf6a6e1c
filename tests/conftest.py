"""Every test run says which build of the engine it tests (companion_app/engine_build.py):
``ALTAR_ENGINE=compiled`` the mypyc build (an error when it is missing or stale, never a quiet
fallback), anything else or unset the source, pure Python. Chosen here, before any test module
imports ``engine``, and passed on to every process a test starts."""

from __future__ import annotations

import os

import pytest

from companion_app import engine_build

CHOICE = engine_build.activate(os.environ.get(engine_build.ENV) or engine_build.PYTHON)
import engine  # noqa: E402 -- now, so that every later import of it is of the chosen build

if engine_build.loaded_from() != CHOICE.build:
    raise engine_build.EngineBuildError(f"{CHOICE.why}, but engine came from {engine.__file__}")


def pytest_report_header() -> str:
    return f"engine: {CHOICE.why}"


@pytest.fixture(scope="session")
def engine_choice() -> engine_build.Choice:
    return CHOICE
