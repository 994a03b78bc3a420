"""The screen leak check of tests/ui/test_leaks.py over many more seeded deals: after
every key, nothing on the screen names a card the person at the keyboard may not know
(four people, two people with two computers, one person with three).

Run: ``python benchmarks/screen_leaks.py [DEALS [PROCESSES]]`` (defaults 150 and 2).
Prints deals, screens checked and time; stops at the first leak.
"""

from __future__ import annotations

import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from benchmarks.chunks import in_processes
from tests.ui.leak import run_deals
from tests.ui.test_leaks import FOUR_PEOPLE, ONE_PERSON, TWO_PEOPLE

CHUNK = 10  # deals per chunk
TABLES = (FOUR_PEOPLE, FOUR_PEOPLE, FOUR_PEOPLE, TWO_PEOPLE, ONE_PERSON)


async def leak_chunk(folder: Path, chunk: int, deals: int) -> tuple[int, int]:
    return await run_deals(folder, 3000 + chunk, deals, TABLES[chunk % len(TABLES)])


def main() -> int:
    total = int(sys.argv[1]) if len(sys.argv) > 1 else 150
    workers = int(sys.argv[2]) if len(sys.argv) > 2 else 2
    t = time.perf_counter()
    deals, checks = in_processes(leak_chunk, total, CHUNK, workers, "screens")
    print(f"no hidden card on screen: {deals} deals, {checks} screens checked, "
          f"{workers} processes, {time.perf_counter() - t:.0f} s")
    return 0


if __name__ == "__main__":
    sys.exit(main())
