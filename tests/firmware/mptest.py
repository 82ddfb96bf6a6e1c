# A very small test runner for the MicroPython VM: runs every test_* function of a module
# (coroutines too), prints one line per test, then "N passed, M failed" for the harness.
import sys


async def main(module_name):
    module = __import__(module_name)
    passed = 0
    failed = 0
    names = sorted(n for n in dir(module) if n.startswith("test_"))
    for name in names:
        fn = getattr(module, name)
        try:
            result = fn()
            if hasattr(result, "send"):  # a coroutine: run it to completion
                await result
            passed += 1
            print("PASS", name)
        except Exception as e:  # report and go on: one failure must not hide the others
            failed += 1
            print("FAIL", name)
            sys.print_exception(e)
    print("%d passed, %d failed" % (passed, failed))
