"""The leak soak: 1,000 seeded random deals driven through the app, checking the whole
screen at every decision point for a card it must not show (see tests/ui/leak.py).

Run: ``python benchmarks/ui_soak.py [DEALS]`` (default 1000). Prints deals, screens
checked, time, and stops at the first leak with the screen that showed it.
"""

from __future__ import annotations

import asyncio
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from tests.ui.leak import run_deals

from five_hundred.hotseat import Player

TABLES = [
    [Player("Ana"), Player("Bruno"), Player("Carla"), Player("Davi")],
    [Player("Ana"), Player("Bruno", "computer", "easy"), Player("Carla"),
     Player("Davi", "computer", "easy")],
    [Player("Ana", "computer", "easy"), Player("Bruno"), Player("Carla", "computer", "easy"),
     Player("Davi", "computer", "easy")],
]


async def soak(total: int) -> tuple[int, int]:
    deals = checks = 0
    chunk = 0
    with tempfile.TemporaryDirectory() as folder:
        while deals < total:
            n = min(25, total - deals)
            d, c = await run_deals(Path(folder) / f"c{chunk}", 1000 + chunk, n,
                                   TABLES[chunk % len(TABLES)])
            deals += d
            checks += c
            chunk += 1
            print(f"  {deals} deals, {checks} screens checked", flush=True)
    return deals, checks


def main() -> int:
    total = int(sys.argv[1]) if len(sys.argv) > 1 else 1000
    t = time.perf_counter()
    deals, checks = asyncio.run(soak(total))
    print(f"no leak in {deals} deals ({checks} screens checked) "
          f"in {time.perf_counter() - t:.0f} s")
    return 0


if __name__ == "__main__":
    sys.exit(main())
