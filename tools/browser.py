"""Drive headless Chromium over the DevTools protocol (a developer's tool, and the
browser test's driver): open a page, type keys, take a screenshot. Only the
``websockets`` library the game already uses; Chromium is the Debian package
(``apt-get install chromium``).

    python tools/browser.py http://127.0.0.1:8000 shot.png            # a screenshot
    python tools/browser.py http://127.0.0.1:8000 shot.png --type Ana --key Enter \\
        --wait 3                                                      # type, then shoot

Chromium runs with a fresh profile in a temporary folder and none of its background
traffic (no updates, no sync, no QUIC), and is stopped at the end.
"""

from __future__ import annotations

import argparse
import asyncio
import base64
import contextlib
import json
import os
import shutil
import signal
import subprocess
import tempfile
import time
import urllib.request
from collections.abc import AsyncIterator, Sequence
from pathlib import Path
from typing import Any

from websockets.asyncio.client import ClientConnection, connect

FLAGS = ("--headless", "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
         "--disable-background-networking", "--disable-component-update", "--disable-sync",
         "--disable-dev-shm-usage", "--hide-scrollbars", "--mute-audio")
# keys as DevTools names them: (key, code, virtual key code, text)
SPECIAL = {"Enter": ("Enter", "Enter", 13, "\r"), "Tab": ("Tab", "Tab", 9, "\t"),
           "Escape": ("Escape", "Escape", 27, ""), "ArrowLeft": ("ArrowLeft", "ArrowLeft", 37, ""),
           "ArrowRight": ("ArrowRight", "ArrowRight", 39, ""),
           "Backspace": ("Backspace", "Backspace", 8, "")}


def chromium() -> str | None:
    """The Chromium of this machine, if there is one."""
    for name in ("chromium", "chromium-browser", "google-chrome"):
        found = shutil.which(name)
        if found:
            return found
    return None


class Page:
    """One page of the browser, spoken to over its DevTools WebSocket."""

    def __init__(self, ws: ClientConnection) -> None:
        self.ws = ws
        self._id = 0

    async def call(self, method: str, **params: Any) -> dict[str, Any]:
        self._id += 1
        ident = self._id
        await self.ws.send(json.dumps({"id": ident, "method": method, "params": params}))
        while True:
            reply = json.loads(await self.ws.recv())
            if reply.get("id") == ident:
                if "error" in reply:
                    raise RuntimeError(f"{method}: {reply['error']}")
                result: dict[str, Any] = reply.get("result", {})
                return result

    async def evaluate(self, expression: str) -> Any:
        out = await self.call("Runtime.evaluate", expression=expression, returnByValue=True)
        return out.get("result", {}).get("value")

    async def capture(self) -> bytes:
        """The page as a PNG image."""
        out = await self.call("Page.captureScreenshot", format="png")
        return base64.b64decode(out["data"])

    async def screenshot(self, path: Path) -> Path:
        path.write_bytes(await self.capture())
        return path

    async def drawn(self, limit: float = 30.0, pause: float = 0.4) -> None:
        """Wait until the app in the page's terminal has drawn: an empty terminal is a
        small image, a drawn screen a much larger one (or, failing that, the same
        image for a few seconds)."""
        end = time.monotonic() + limit
        smallest = len(await self.capture())
        sizes: list[int] = []
        while time.monotonic() < end:
            await asyncio.sleep(pause)
            size = len(await self.capture())
            smallest = min(smallest, size)
            sizes.append(size)
            if size > 1.8 * smallest or (len(sizes) > 12 and len(set(sizes[-12:])) <= 2):
                await asyncio.sleep(pause)
                return
        raise RuntimeError("the page's terminal never drew anything")

    async def focus_terminal(self) -> bool:
        """Give the keyboard to the page's terminal (xterm.js's hidden text area)."""
        return bool(await self.evaluate(
            "(() => { const t = document.querySelector('.xterm-helper-textarea');"
            " if (!t) return false; t.focus(); return true; })()"))

    async def key(self, name: str) -> None:
        """One key press: a character, or a name of ``SPECIAL`` (Enter, Tab …)."""
        if name in SPECIAL:
            key, code, vk, text = SPECIAL[name]
        else:
            key, code, vk, text = name, "", ord(name.upper()[0]), name
        down: dict[str, Any] = {"type": "keyDown" if text else "rawKeyDown", "key": key,
                                "windowsVirtualKeyCode": vk}
        if code:
            down["code"] = code
        if text:
            down["text"] = text
        await self.call("Input.dispatchKeyEvent", **down)
        await self.call("Input.dispatchKeyEvent", type="keyUp", key=key,
                        windowsVirtualKeyCode=vk)

    async def type(self, text: str) -> None:
        for ch in text:
            await self.key(ch)


def _json(url: str) -> Any:
    with urllib.request.urlopen(url, timeout=5) as reply:  # a local DevTools port only
        return json.loads(reply.read())


@contextlib.asynccontextmanager
async def open_page(url: str, *, size: tuple[int, int] = (1100, 700),
                    timeout: float = 30.0) -> AsyncIterator[Page]:
    """Chromium showing ``url``; the page to drive. Raises ``RuntimeError`` if there is
    no Chromium or it does not come up."""
    exe = chromium()
    if exe is None:
        raise RuntimeError("no chromium on this machine (apt-get install chromium)")
    with tempfile.TemporaryDirectory(prefix="five-hundred-chromium-") as profile:
        proc = subprocess.Popen(
            [exe, *FLAGS, f"--user-data-dir={profile}", "--remote-debugging-port=0",
             f"--window-size={size[0]},{size[1]}", url],
            stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, stdin=subprocess.DEVNULL,
            start_new_session=True)  # its helpers in one group, ended together below
        try:
            port_file = Path(profile) / "DevToolsActivePort"
            end = time.monotonic() + timeout
            while not port_file.exists() or not port_file.read_text().strip():
                if time.monotonic() > end or proc.poll() is not None:
                    raise RuntimeError("chromium did not start")
                await asyncio.sleep(0.1)
            port = int(port_file.read_text().split()[0])
            pages: list[dict[str, Any]] = []
            while not pages:
                if time.monotonic() > end:
                    raise RuntimeError("chromium shows no page")
                pages = [p for p in _json(f"http://127.0.0.1:{port}/json/list")
                         if p.get("type") == "page"]
                if not pages:
                    await asyncio.sleep(0.1)
            async with connect(pages[0]["webSocketDebuggerUrl"], max_size=64 << 20) as ws:
                yield Page(ws)
        finally:
            _end_group(proc)


def _end_group(proc: subprocess.Popen[bytes], timeout: float = 10.0) -> None:
    """End Chromium and every helper it started, and wait until all are gone: a helper
    still writing into the profile makes its removal fail ("Directory not empty")."""
    with contextlib.suppress(ProcessLookupError):
        os.killpg(proc.pid, signal.SIGTERM)
    end = time.monotonic() + timeout
    try:
        proc.wait(timeout)
        while time.monotonic() < end:
            os.killpg(proc.pid, 0)  # raises once no process of the group is left
            time.sleep(0.05)
    except (subprocess.TimeoutExpired, ProcessLookupError):
        pass
    with contextlib.suppress(ProcessLookupError):
        os.killpg(proc.pid, signal.SIGKILL)
    proc.wait()


async def _main(url: str, out: Path, typed: Sequence[str], keys: Sequence[str],
                wait: float) -> None:
    async with open_page(url) as page:
        while not await page.focus_terminal():
            await asyncio.sleep(0.2)
        await page.drawn()
        if typed or keys:
            await page.focus_terminal()
            for text in typed:
                await page.type(text)
            for name in keys:
                await page.key(name)
            await asyncio.sleep(wait)
        await page.screenshot(out)


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("url")
    parser.add_argument("out", type=Path, help="the screenshot (PNG)")
    parser.add_argument("--type", action="append", default=[], help="text to type")
    parser.add_argument("--key", action="append", default=[],
                        help=f"a key to press after the text: {', '.join(SPECIAL)}")
    parser.add_argument("--wait", type=float, default=3.0, help="seconds to let it draw")
    args = parser.parse_args(argv)
    asyncio.run(_main(args.url, args.out, args.type, args.key, args.wait))
    print(args.out)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
