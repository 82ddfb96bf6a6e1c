from tests.firmware.conftest import micropython_vm  # noqa: F401 - the VM fixture, shared
