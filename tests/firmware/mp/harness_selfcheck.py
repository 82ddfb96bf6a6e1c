# Not a test of the firmware: a module with one passing and one failing test, run by
# tests/firmware/test_harness.py to prove the VM harness reports a failure through its exit code.


def test_passes():
    assert 1 + 1 == 2


def test_fails_on_purpose():
    assert 1 + 1 == 3, "this failure is expected by test_harness.py"
