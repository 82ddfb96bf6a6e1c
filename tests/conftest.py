"""Every test's common set-up: hypothesis's examples are the same on every run of `make test`
(tests/derandomized.py)."""

from tests.derandomized import pytest_runtest_setup  # noqa: F401 (a pytest hook)
