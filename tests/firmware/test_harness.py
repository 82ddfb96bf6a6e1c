"""The MicroPython VM harness itself: a failing test on the VM must fail the run."""

from tests.firmware.micropython_vm import HERE, run_on_micropython


def test_harness_exit_code_reports_a_failing_micropython_test(micropython_vm: None) -> None:
    run = run_on_micropython(
        "harness_selfcheck", {"/lib/harness_selfcheck.py": HERE / "mp" / "harness_selfcheck.py"}
    )
    assert run.returncode != 0, run.output
    assert "PASS test_passes" in run.output
    assert "FAIL test_fails_on_purpose" in run.output
    assert "1 passed, 1 failed" in run.output


def test_harness_runs_on_real_micropython(micropython_vm: None) -> None:
    run = run_on_micropython(
        "harness_selfcheck", {"/lib/harness_selfcheck.py": HERE / "mp" / "harness_selfcheck.py"}
    )
    # The VM is MicroPython, not a CPython stand-in: its traceback format says so.
    assert "Traceback (most recent call last)" in run.output
    assert "AssertionError" in run.output
