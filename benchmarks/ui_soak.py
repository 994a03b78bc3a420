"""The leak soak: 1,000 seeded random deals driven through the app, checking the whole
screen at every decision point for a card it must not show (see tests/ui/leak.py).

Run: ``python benchmarks/ui_soak.py [DEALS [PROCESSES]]`` (defaults 1000 and 2). Prints
deals, screens checked and time, and stops at the first leak with the screen that
showed it.
"""

from __future__ import annotations

import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from chunks import in_processes  # a sibling module (this folder is sys.path[0])
from tests.ui.leak import run_deals

from five_hundred.hotseat import Player

TABLES = [
    [Player("Ana"), Player("Bruno"), Player("Carla"), Player("Davi")],
    [Player("Ana"), Player("Bruno", "computer", "easy"), Player("Carla"),
     Player("Davi", "computer", "easy")],
    [Player("Ana", "computer", "easy"), Player("Bruno"), Player("Carla", "computer", "easy"),
     Player("Davi", "computer", "easy")],
]


CHUNK = 25  # deals per app run (a new game each time one ends)


async def soak_chunk(folder: Path, chunk: int, deals: int) -> tuple[int, int]:
    return await run_deals(folder, 1000 + chunk, deals, TABLES[chunk % len(TABLES)])


def main() -> int:
    total = int(sys.argv[1]) if len(sys.argv) > 1 else 1000
    workers = int(sys.argv[2]) if len(sys.argv) > 2 else 2
    t = time.perf_counter()
    deals, checks = in_processes(soak_chunk, total, CHUNK, workers, "screens")
    print(f"no leak in {deals} deals ({checks} screens checked, {workers} processes) "
          f"in {time.perf_counter() - t:.0f} s")
    return 0


if __name__ == "__main__":
    sys.exit(main())
