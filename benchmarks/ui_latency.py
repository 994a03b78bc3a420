"""How quick the table feels: launch time and key-press-to-repaint time.

1. Launch to first screen: a fresh interpreter starts the app headless and stops when
   it paints its first screen; the same for a bare Textual app (one Static), in
   the same run, the two taking turns (so a busy moment of the machine falls on
   both). Printed as the median times, their ratio and the best ratio (the fastest
   launch of each; target <= 1.25). Both start warm, as a second launch does: one
   launch of each first fills the file cache and a bytecode cache of their own that
   both then read (``PYTHONPYCACHEPREFIX``), so neither is compiled from source during
   the timed runs, whatever ``PYTHONDONTWRITEBYTECODE`` says and whichever of them
   came with ``.pyc`` files installed.
2. Key press to repaint: during the play of a deal, a key (cursor left/right, or a
   card played) is sent as the terminal would send it, and the time until the app
   paints the updated screen is taken (median target <= 50 ms). Pilot's ``press``
   adds its own idle wait (about 60 ms even for a bare app), so the repaint is timed
   from the app's own display call instead.

Run: ``python benchmarks/ui_latency.py``.
"""

from __future__ import annotations

import asyncio
import os
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

RUNS = 15  # launches of each app, in turns
KEYS = 60

# Each child prints the wall-clock time of its first paint (the app's first display
# call) and leaves at once: the parent measures from just before it started the child.
FIRST_PAINT = """
import os, sys, time
def first_paint(app):
    original = app._display
    def display(screen, renderable):
        original(screen, renderable)
        if renderable is not None:
            print(time.time(), flush=True)
            os._exit(0)
    app._display = display
    return app
"""

BARE = FIRST_PAINT + """
from textual.app import App
from textual.widgets import Static
class Bare(App):
    def compose(self):
        yield Static("hello")
first_paint(Bare()).run(headless=True, size=(80, 24))
"""

OURS = FIRST_PAINT + """
from pathlib import Path
from five_hundred.ui.app import FiveHundredApp
from five_hundred.ui.storage import Storage
first_paint(FiveHundredApp(Storage(Path(sys.argv[1])))).run(headless=True, size=(80, 24))
"""


def launch(code: str, folder: str, env: dict[str, str]) -> float:
    start = time.time()
    out = subprocess.run([sys.executable, "-c", code, folder], check=True,
                         capture_output=True, text=True, env=env).stdout
    return float(out.split()[0]) - start


def launch_times() -> tuple[list[float], list[float]]:
    """The launch times of the bare app and of ours, ``RUNS`` each, taken in turns."""
    bare: list[float] = []
    ours: list[float] = []
    with tempfile.TemporaryDirectory() as folder, tempfile.TemporaryDirectory() as cache:
        env = {k: v for k, v in os.environ.items() if k != "PYTHONDONTWRITEBYTECODE"}
        env["PYTHONPYCACHEPREFIX"] = cache
        launch(BARE, folder, env)  # warm the file cache and the bytecode cache
        launch(OURS, folder, env)
        for _ in range(RUNS):
            bare.append(launch(BARE, folder, env))
            ours.append(launch(OURS, folder, env))
    return bare, ours


async def repaint_times() -> list[float]:
    from textual import events

    from five_hundred.hotseat import Player
    from five_hundred.ui.app import FiveHundredApp, create_app
    from five_hundred.ui.screens.table import TableScreen

    times: list[float] = []
    players = [Player("Ana"), *(Player(n, "computer", "easy") for n in ("B", "C", "D"))]
    with tempfile.TemporaryDirectory() as folder:
        app: FiveHundredApp = create_app(Path(folder), seed=3, players=players, pace=0.0)
        painted = [0.0]
        original = app._display

        def display(screen, renderable):  # type: ignore[no-untyped-def]
            painted[0] = time.perf_counter()
            original(screen, renderable)

        app._display = display  # type: ignore[method-assign]
        async with app.run_test(size=(100, 30)) as pilot:
            keys = 0
            while keys < KEYS:
                await pilot.pause()
                c = app.controller
                assert c is not None
                if c.deal_over:
                    app.next_deal()
                    continue
                screen = app.screen
                if not isinstance(screen, TableScreen) or screen.mode == "watch":
                    await pilot.pause(0.01)
                    continue
                if screen.mode == "bid":
                    key = "right" if keys % 2 else "p"
                elif screen.mode == "play":
                    key = ["right", "left", "right", "enter"][keys % 4]
                else:
                    key = "right"
                t0 = time.perf_counter()
                painted[0] = 0.0
                assert app._driver is not None
                app._driver.send_message(events.Key(key, None))
                for _ in range(2000):
                    await asyncio.sleep(0.0005)
                    if painted[0] > t0:
                        break
                if painted[0] > t0:
                    times.append(painted[0] - t0)
                keys += 1
                if screen.mode in ("discard", "confirm", "joker", "lead"):
                    view = screen.view
                    assert view is not None
                    app.on_table_screen_act(TableScreen.Act(view.seat, view.legal[0]))
    return times


def main() -> int:
    bares, ourses = launch_times()
    bare, ours = statistics.median(bares), statistics.median(ourses)
    print(f"launch to first screen: bare Textual app {bare * 1000:.0f} ms, "
          f"five-hundred {ours * 1000:.0f} ms, ratio {ours / bare:.2f}, best "
          f"{min(ourses) * 1000:.0f}/{min(bares) * 1000:.0f} ms = "
          f"{min(ourses) / min(bares):.2f} (target <= 1.25)")
    times = asyncio.run(repaint_times())
    times.sort()
    med = statistics.median(times) * 1000
    p90 = times[int(len(times) * 0.9)] * 1000
    print(f"key press to repaint over {len(times)} keys: median {med:.1f} ms, "
          f"p90 {p90:.1f} ms (target median <= 50 ms)")
    return 0


if __name__ == "__main__":
    sys.exit(main())
