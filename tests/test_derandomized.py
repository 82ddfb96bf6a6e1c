"""Every hypothesis test in `make test` replays the same examples (tests/derandomized.py): a
test that opts out fails, one that names no ``derandomize`` takes the profile's, and two runs
draw the same examples. Each case is a planted test file run by a real pytest."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from tests import derandomized

REPO = Path(__file__).resolve().parents[1]

PLANTED = """
from hypothesis import given, settings, strategies as st

@settings(max_examples=5, deadline=None{extra})
@given(st.integers())
def test_planted(n):
    print("DREW", n)
"""


def _run(tmp_path: Path, extra: str, *args: str) -> subprocess.CompletedProcess[str]:
    test = tmp_path / "test_planted.py"
    test.write_text(PLANTED.format(extra=extra), encoding="utf-8")
    env = dict(os.environ, PYTHONPATH=str(REPO))
    return subprocess.run(
        [
            sys.executable,
            "-m",
            "pytest",
            "-p",
            "tests.derandomized",
            "-s",
            "-q",
            "-p",
            "no:cacheprovider",
            "--rootdir",
            str(tmp_path),
            str(test),
            *args,
        ],
        cwd=tmp_path,
        env=env,
        capture_output=True,
        text=True,
        timeout=120,
    )


def test_a_test_that_opts_out_of_replaying_fails(tmp_path: Path) -> None:
    done = _run(tmp_path, ", derandomize=False")
    assert done.returncode == 1, done.stdout
    assert "draws new examples each run (derandomize=False)" in done.stdout, done.stdout
    # `make fuzz` lets it explore.
    assert _run(tmp_path, ", derandomize=False", "--hypothesis-profile=fuzz").returncode == 0


def test_a_test_that_names_no_derandomize_replays_the_same_examples(tmp_path: Path) -> None:
    first, second = _run(tmp_path, ""), _run(tmp_path, "")
    assert first.returncode == 0 and second.returncode == 0, first.stdout + first.stderr
    drew = [line for line in first.stdout.splitlines() if line.startswith("DREW")]
    assert len(drew) >= 5, first.stdout
    assert drew == [line for line in second.stdout.splitlines() if line.startswith("DREW")]


def test_this_run_is_derandomized(request: pytest.FixtureRequest) -> None:
    if derandomized._profile(request.config) == derandomized.FUZZ:
        pytest.skip("make fuzz explores")
    assert settings.default.derandomize and settings.default.database is None


@settings(max_examples=3)
@given(st.integers())
def _takes_the_profile(n: int) -> None: ...


@settings(max_examples=3, derandomize=False)
@given(st.integers())
def _opts_out(n: int) -> None: ...


def test_the_check_tells_the_two_apart() -> None:
    assert derandomized.why_not_derandomized(_takes_the_profile) is None
    assert "derandomize=False" in (derandomized.why_not_derandomized(_opts_out) or "")
    assert derandomized.why_not_derandomized(test_the_check_tells_the_two_apart) is None
