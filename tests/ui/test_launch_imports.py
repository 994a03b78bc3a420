"""A fast start: the start screen is painted before the engine, the computer players,
the history index, the score chart, the rules text or the game screens are imported;
the game screens are imported in the background once it is up (``_preload``).

Run in a fresh interpreter, since the test process itself has loaded them all.
"""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

# The child paints the start screen headless; at its first paint it notes the modules
# loaded and the screen shown, then waits for the background import of the table.
CHILD = """
import json, os, sys, threading, time
from pathlib import Path
from five_hundred.ui.app import FiveHundredApp
from five_hundred.ui.storage import Storage

app = FiveHundredApp(Storage(Path(sys.argv[1])))
original = app._display
seen = {}

def wait_for_preload():
    deadline = time.monotonic() + 60
    while "five_hundred.ui.screens.table" not in sys.modules and time.monotonic() < deadline:
        time.sleep(0.01)
    seen["preloaded"] = "five_hundred.ui.screens.table" in sys.modules
    print(json.dumps(seen), flush=True)
    os._exit(0)

def display(screen, renderable):
    original(screen, renderable)
    if renderable is not None and not seen:
        seen["modules"] = sorted(sys.modules)
        seen["screen"] = type(screen).__name__
        threading.Thread(target=wait_for_preload, daemon=True).start()

app._display = display
app.run(headless=True, size=(80, 24))
"""

# what the start screen does without
NOT_AT_FIRST_PAINT = (
    "five_hundred.engine", "five_hundred.bots", "five_hundred.hotseat",
    "five_hundred.history", "five_hundred.report", "five_hundred.rules_text",
    "five_hundred.ui.screens.table", "five_hundred.ui.screens.curtain",
    "five_hundred.ui.screens.summary", "five_hundred.ui.screens.history",
    "five_hundred.ui.screens.review", "five_hundred.ui.screens.info",
    "five_hundred.ui.widgets.chart", "sqlite3", "plotext", "textual_plotext",
    "pydantic", "markdown_it", "textual.widgets._markdown", "importlib.resources",
)


def test_start_screen_is_painted_before_the_game_is_imported(tmp_path: Path) -> None:
    proc = subprocess.run([sys.executable, "-c", CHILD, str(tmp_path)], capture_output=True,
                          text=True, timeout=120, check=False)
    assert proc.returncode == 0, proc.stderr
    seen = json.loads(proc.stdout.splitlines()[-1])
    assert seen["screen"] == "StartScreen"
    loaded = set(seen["modules"])
    assert "five_hundred.ui.screens.start" in loaded  # positive control
    early = sorted(m for m in loaded
                   if any(m == name or m.startswith(name + ".") for name in NOT_AT_FIRST_PAINT))
    assert early == []
    # and the game screens follow in the background, so the first key of a game is quick
    assert seen["preloaded"]
