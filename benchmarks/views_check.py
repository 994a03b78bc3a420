"""The engine's view check over many random games (the suite runs 280): at every step,
the view of the seat to act and of one other seat shows no hidden card (R6/R17/R22).

Run: ``python benchmarks/views_check.py [GAMES]`` (default 1000). Prints games, steps
and time; stops at the first view that shows a hidden card.
"""

from __future__ import annotations

import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from tests.engine.helpers import random_games
from tests.engine.test_views import check_views

from five_hundred.engine import PAGAT_AUSTRALIAN


def main() -> int:
    games = int(sys.argv[1]) if len(sys.argv) > 1 else 1000
    t = time.perf_counter()
    steps = 0
    for state in random_games(PAGAT_AUSTRALIAN, games, 400):
        seats = (state.to_act, steps % 4) if state.to_act >= 0 else (steps % 4,)
        check_views(state, seats)
        steps += 1
    print(f"no hidden card in any view: {games} random games, {steps} steps, "
          f"{time.perf_counter() - t:.0f} s")
    return 0


if __name__ == "__main__":
    sys.exit(main())
