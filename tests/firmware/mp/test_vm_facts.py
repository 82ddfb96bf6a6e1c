# Facts about the MicroPython VM these tests run on that change how heap is measured.
import gc
import hashlib


def test_this_vm_never_frees_hashlib_objects():
    """tests/firmware/mp/test_heap_built.py subtracts this leak once per handshake. If a newer VM
    frees them, this fails: then drop that correction."""
    gc.collect()
    before = gc.mem_alloc()
    for _ in range(50):
        hashlib.sha256(b"x").digest()
    gc.collect()
    kept = gc.mem_alloc() - before
    print("VM hashlib_kept_per_object=%d" % (kept // 50))
    assert kept >= 50 * 100, kept
