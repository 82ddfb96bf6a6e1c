# Facts about the MicroPython VM these tests run on that change how heap is measured.
#
# gc.collect() called from Python frees nothing here: the collector scans the WebAssembly stack
# conservatively and finds every object still referenced from it (not only hashlib objects, as
# was once thought). The harness (mpvm/run_micropython.mjs) gives tests altar_gc.collect(),
# which collects from JavaScript with the Python stack unwound, as a board's collector works.
# tests/firmware/mp/test_heap_built.py measures the live heap that way.
import gc
import hashlib

import altar_gc


class Thing:
    def __init__(self):
        self.buf = bytearray(16)


def _garbage():
    for _ in range(50):
        Thing()
        hashlib.sha256(b"x").digest()


def test_gc_collect_from_python_frees_nothing_on_this_vm():
    """If a newer VM frees garbage here, this fails: then in-Python gc.collect() is enough."""
    gc.collect()
    before = gc.mem_alloc()
    _garbage()
    gc.collect()
    kept = gc.mem_alloc() - before
    print("VM kept_by_python_collect=%d" % kept)
    assert kept >= 50 * 64, kept


async def test_collecting_from_javascript_frees_garbage_and_keeps_what_is_live():
    live = [Thing() for _ in range(10)]
    await altar_gc.collect()
    before = gc.mem_alloc()
    _garbage()
    await altar_gc.collect()
    kept = gc.mem_alloc() - before
    print("VM kept_by_js_collect=%d" % kept)
    assert kept <= 256, kept  # one await's promise proxy, not 50 objects of garbage
    assert all(t.buf == bytearray(16) for t in live), "live objects survive the collection"
