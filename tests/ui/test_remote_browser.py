"""The browser (issue 24): headless Chromium (the Debian package) against a real
``five-hundred serve`` in front of a real ``five-hundred host --headless``. A friend
types a name in the page's form and Enter; a screenshot shows the table with the
joiner's hand; keys typed in the page play a card (the host's saved record has North's
play). Driven over the DevTools protocol by ``tools/browser.py``.

CI installs Chromium (.ci/run); elsewhere the test is skipped when there is none.
"""

from __future__ import annotations

import importlib.util
import json
import signal
import subprocess
import sys
import time
import urllib.request
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from types import ModuleType

import pytest

from .test_remote_processes import env, free_port

ROOT = Path(__file__).resolve().parents[2]
CODE = "BROW-SER1"


def _browser() -> ModuleType:
    spec = importlib.util.spec_from_file_location("browser", ROOT / "tools" / "browser.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


browser = _browser()
pytestmark = pytest.mark.skipif(browser.chromium() is None,
                                reason="no Chromium here (apt-get install chromium; .ci/run "
                                       "installs it)")


@contextmanager
def process(args: list[str], tmp_path: Path) -> Iterator[subprocess.Popen[str]]:
    proc = subprocess.Popen([sys.executable, "-m", "five_hundred", *args],
                            stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True,
                            env=env(tmp_path), stdin=subprocess.DEVNULL)
    try:
        yield proc
    finally:
        if proc.poll() is None:
            proc.send_signal(signal.SIGINT)
            try:
                proc.communicate(timeout=10)
            except subprocess.TimeoutExpired:
                proc.kill()
                proc.communicate()


def wait_http(url: str, limit: float = 20.0) -> None:
    end = time.monotonic() + limit
    while True:
        try:
            with urllib.request.urlopen(url, timeout=2):
                return
        except OSError:
            if time.monotonic() > end:
                raise
            time.sleep(0.1)


def north_actions(tmp_path: Path) -> list[str]:
    """North's actions in the host's saved game so far."""
    out = []
    for path in (tmp_path / "data" / "games").glob("*.json"):
        if path.name.endswith(".seats.json"):
            continue
        try:
            record = json.loads(path.read_text())
        except (OSError, ValueError):
            continue
        for deal in record.get("deals", []):
            out += [a for a in deal.get("actions", []) if a.startswith("0:")]
    return out


async def test_a_browser_joins_through_serve_and_plays_a_card(tmp_path: Path) -> None:
    import asyncio

    table_port, page_port = free_port(), free_port()
    host_args = ["host", "--headless", "--port", str(table_port), "--code", CODE, "--seed", "3",
                 "--pace", "0", "--seats", "north=remote,east=easy,south=easy,west=easy"]
    serve_args = ["serve", "--port", str(page_port), "--server", f"127.0.0.1:{table_port}",
                  "--code", CODE]
    with process(host_args, tmp_path) as host, process(serve_args, tmp_path):
        assert host.stdout is not None
        assert host.stdout.readline().startswith("five-hundred join 127.0.0.1:")
        url = f"http://127.0.0.1:{page_port}/"
        wait_http(url)
        async with browser.open_page(url) as page:
            end = time.monotonic() + 30
            while not await page.focus_terminal():  # the page's terminal is up
                assert time.monotonic() < end, "the page never showed its terminal"
                await asyncio.sleep(0.2)
            await page.drawn()  # the join form (a Python process starts first)
            await page.type("Ana")  # the code is filled in by serve --code
            await page.key("Enter")
            end = time.monotonic() + 30
            while not list((tmp_path / "data" / "games").glob("*.json")):
                assert time.monotonic() < end, "the game never started"
                await asyncio.sleep(0.2)
            await asyncio.sleep(1.5)  # the table drawn in the page
            shot = await page.screenshot(tmp_path / "browser-table.png")
            data = shot.read_bytes()
            assert data[:8] == b"\x89PNG\r\n\x1a\n" and len(data) > 10_000
            # keys typed in the page: pass in the auction, then a card (the first one the
            # rules allow: digits in turn, each with Enter) until North has played
            end = time.monotonic() + 60
            while not any(":play " in a for a in north_actions(tmp_path)):
                assert time.monotonic() < end, f"no card played: {north_actions(tmp_path)}"
                await page.key("p")
                for digit in "1234567890":
                    await page.key(digit)
                    await page.key("Enter")
                    await asyncio.sleep(0.05)
                await asyncio.sleep(0.3)
            await page.screenshot(tmp_path / "browser-played.png")
    actions = north_actions(tmp_path)
    assert any(a.startswith("0:play ") for a in actions), actions
