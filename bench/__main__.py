"""`make bench`: run every benchmark script in bench/ in turn and show what each printed.

Each bench_*.py is a standalone script that prints its numbers next to its target (bench/targets.toml),
with "met" or "not met".
They run in separate processes so one benchmark's warm caches cannot flatter the next.
"""

import subprocess
import sys
from pathlib import Path

HERE = Path(__file__).resolve().parent


def main() -> int:
    failed = []
    for script in sorted(HERE.glob("bench_*.py")):
        print(f"== {script.name}", flush=True)
        proc = subprocess.run([sys.executable, str(script), *sys.argv[1:]], cwd=HERE.parent)
        if proc.returncode != 0:
            failed.append(script.name)
    if failed:
        print("failed:", ", ".join(failed))
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
