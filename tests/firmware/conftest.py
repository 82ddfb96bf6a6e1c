import pytest

from tests.firmware.micropython_vm import vm_available

# MicroPython test modules (mp/) run on the VM through the harness, never under pytest.
collect_ignore = ["mp", "mpvm"]


@pytest.fixture(scope="session")
def micropython_vm() -> None:
    """Fails (not skips) when the VM is missing: `make test` installs it, so absence is a defect."""
    why = vm_available()
    if why:
        pytest.fail(why)
