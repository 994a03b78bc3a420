"""The engine, the computer players, the hot-seat controller, the history index and
the rules text are pure: importing them (all of them) loads neither textual nor rich.

Run in a fresh interpreter, since the test process itself may have loaded them.
"""

from __future__ import annotations

import json
import subprocess
import sys

CHECK = """
import importlib, json, pkgutil, sys
import five_hundred.bots as bots
import five_hundred.engine as engine
names = ["five_hundred.engine", "five_hundred.engine.record", "five_hundred.cli",
         "five_hundred.hotseat", "five_hundred.safe_text", "five_hundred.bots",
         "five_hundred.report", "five_hundred.history", "five_hundred.rules_text"]
names += [m.name for m in pkgutil.walk_packages(engine.__path__, "five_hundred.engine.")]
names += [m.name for m in pkgutil.walk_packages(bots.__path__, "five_hundred.bots.")]
for name in names:
    importlib.import_module(name)
loaded = sorted(m for m in sys.modules
                if m.split(".")[0] in ("textual", "rich"))
print(json.dumps({"imported": names, "loaded": loaded}))
"""


def test_engine_bots_and_controller_import_neither_textual_nor_rich() -> None:
    proc = subprocess.run([sys.executable, "-c", CHECK], capture_output=True, text=True,
                          timeout=120, check=False)
    assert proc.returncode == 0, proc.stderr
    result = json.loads(proc.stdout)
    assert "five_hundred.engine.record" in result["imported"]
    assert "five_hundred.engine.state" in result["imported"]
    assert {"five_hundred.hotseat", "five_hundred.bots.solver"} <= set(result["imported"])
    assert result["loaded"] == []
