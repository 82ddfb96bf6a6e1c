"""The shared wire codec's vectors, run on the MicroPython VM (the same file CPython checks)."""

from tests.firmware.micropython_vm import HERE, ROOT, run_on_micropython


def test_wire_vectors_pass_on_micropython(micropython_vm: None) -> None:
    run = run_on_micropython(
        "test_wire_vectors",
        {
            "/lib/wire.py": ROOT / "hardware" / "wire.py",
            "/lib/wire_core.py": ROOT / "hardware" / "wire_core.py",
            "/vectors/wire_vectors.json": ROOT / "tests" / "vectors" / "wire_vectors.json",
            "/lib/test_wire_vectors.py": HERE / "mp" / "test_wire_vectors.py",
        },
    )
    assert run.returncode == 0, run.output
    assert "0 failed" in run.output
