"""The "who saw which hand" walk over many seeded four-person deals (issue 8): every
hand drawn on the table belongs to the person who lifted the last curtain, and no hand
is drawn after a deal summary before a curtain was lifted (see tests/ui/walk.py).

Run: ``python benchmarks/curtain_walk.py [DEALS [PROCESSES]]`` (defaults 300 and 2).
Prints deals, hands checked and time; stops at the first hand drawn for the wrong
person.
"""

from __future__ import annotations

import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from chunks import in_processes  # a sibling module (this folder is sys.path[0])
from tests.ui.walk import walk

CHUNK = 20  # deals per chunk (a new game whenever one ends)


async def walk_chunk(folder: Path, chunk: int, deals: int) -> tuple[int, int]:
    return await walk(folder, 2000 + chunk, deals)


def main() -> int:
    total = int(sys.argv[1]) if len(sys.argv) > 1 else 300
    workers = int(sys.argv[2]) if len(sys.argv) > 2 else 2
    t = time.perf_counter()
    deals, hands = in_processes(walk_chunk, total, CHUNK, workers, "hands")
    print(f"every hand drawn for the person who lifted the last curtain: {deals} "
          f"four-person deals, {hands} hands checked, {workers} processes, "
          f"{time.perf_counter() - t:.0f} s")
    return 0


if __name__ == "__main__":
    sys.exit(main())
