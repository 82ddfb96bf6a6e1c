# Heap used by importing the firmware as main.py does for the default board (MFRC522 reader,
# LED feedback, USB serial link): altarfw.boot and what it imports, plus the parts that
# device.build() imports for that board. Prints "HEAP after_import=N"; the pytest side holds the limit,
# because the number depends on how the firmware is deployed (.py, .mpy or ROMFS / frozen).
# The live heap: collected from JavaScript (altar_gc, see test_vm_facts.py), because this VM's
# gc.collect() from Python frees nothing.
import gc
import sys


async def test_heap_after_import():
    import altar_gc

    for name in list(sys.modules):
        if name.startswith("altarfw") or name in ("wire", "wire_core", "board_config"):
            del sys.modules[name]
    import micropython

    micropython.qstr_info()  # "qstr pool: ... n_total_bytes=N": names interned so far
    await altar_gc.collect()
    before = gc.mem_alloc()
    import altarfw.boot  # noqa: F401
    import altarfw.device  # noqa: F401
    import altarfw.feedback  # noqa: F401
    import altarfw.keystore  # noqa: F401
    import altarfw.mfrc522  # noqa: F401
    import altarfw.serial_io  # noqa: F401
    import board_config  # noqa: F401
    import wire_core  # noqa: F401

    await altar_gc.collect()
    print("HEAP after_import=%d" % (gc.mem_alloc() - before))
    micropython.qstr_info()  # the growth is the names the firmware interned in RAM
    print("HEAP from=%s" % altarfw.device.__file__)
