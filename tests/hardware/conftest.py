# MicroPython test modules (mp/) run on the VM through tests/firmware's harness, never under pytest.
collect_ignore = ["mp"]
