"""The commands of a networked table as real processes (issue 24): ``five-hundred join``
to nowhere or with a wrong code is one line on stderr and a non-zero exit, never a
traceback; a real ``five-hundred host --headless`` is joined by the join client
(Pilot, real keys) and a deal is played; Ctrl+C stops the host cleanly."""

from __future__ import annotations

import os
import signal
import socket
import subprocess
import sys
import time
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

from five_hundred.cli import main
from five_hundred.net.client import connect
from five_hundred.ui.remote import Target, hello_for
from five_hundred.ui.remote_screens import RemoteSummaryScreen

from .test_remote import SIZE, play_deal, remote_app, wait_until

CODE = "PROC-TEST"


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        port: int = s.getsockname()[1]
        return port


def env(tmp_path: Path) -> dict[str, str]:
    out = dict(os.environ)
    out["FIVE_HUNDRED_DATA_DIR"] = str(tmp_path / "data")
    out["LANG"] = "C.UTF-8"
    out.pop("LC_ALL", None)
    out.pop("LC_MESSAGES", None)
    return out


def run_cli(tmp_path: Path, *args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run([sys.executable, "-m", "five_hundred", *args], capture_output=True,
                          text=True, env=env(tmp_path), timeout=60, stdin=subprocess.DEVNULL)


def one_line(text: str) -> str:
    lines = text.strip().splitlines()
    assert len(lines) == 1, text
    assert "Traceback" not in text
    return lines[0]


def test_join_to_an_unreachable_port_is_one_line_and_a_failure(tmp_path: Path) -> None:
    port = free_port()  # nobody listens there
    done = run_cli(tmp_path, "join", f"127.0.0.1:{port}", "--code", "ABCD-1234",
                   "--name", "Ana")
    assert done.returncode != 0
    assert done.stdout == ""
    line = one_line(done.stderr)
    assert line.startswith("five-hundred: Cannot reach 127.0.0.1:")


def test_bad_host_options_are_one_line(tmp_path: Path, capsys) -> None:  # type: ignore[no-untyped-def]
    assert main(["host", "--seats", "north=chair"]) == 2
    assert "north=chair" in one_line(capsys.readouterr().err)
    assert main(["host", "--headless", "--seats", "south=person"]) == 2
    assert "--headless" in one_line(capsys.readouterr().err)
    assert main(["join", "a b:70000"]) == 2
    one_line(capsys.readouterr().err)


@contextmanager
def headless_host(tmp_path: Path, *extra: str) -> Iterator[tuple[subprocess.Popen[str], str]]:
    """A real ``five-hundred host --headless``: the process and the join line it prints."""
    port = free_port()
    proc = subprocess.Popen(
        [sys.executable, "-m", "five_hundred", "host", "--headless", "--port", str(port),
         "--code", CODE, "--seed", "3", "--pace", "0", *extra],
        stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True, env=env(tmp_path),
        stdin=subprocess.DEVNULL)
    try:
        assert proc.stdout is not None
        line = proc.stdout.readline().strip()
        assert line == f"five-hundred join 127.0.0.1:{port} --code {CODE}", line
        yield proc, line
    finally:
        if proc.poll() is None:
            proc.send_signal(signal.SIGINT)
            try:
                proc.wait(10)
            except subprocess.TimeoutExpired:
                proc.kill()
                proc.wait()


async def test_a_real_host_is_joined_and_a_deal_is_played(tmp_path: Path) -> None:
    """``host --headless`` (three computers); a wrong code from ``five-hundred join`` is
    one line; the join client plays a whole deal by keys and says ready; Ctrl+C stops
    the host with one line and status 0."""
    with headless_host(tmp_path, "--seats", "north=remote,east=easy,south=easy,west=easy"
                       ) as (proc, line):
        port = int(line.split()[2].rsplit(":", 1)[1])
        wrong = run_cli(tmp_path, "join", f"127.0.0.1:{port}", "--code", "NOPE-NOPE",
                        "--name", "Ana")
        assert wrong.returncode != 0
        assert "No table has that code" in one_line(wrong.stderr)
        target = Target("127.0.0.1", port, CODE, "Ana")
        conn = await connect("127.0.0.1", port, hello_for(target))
        app = remote_app(tmp_path, target, [conn])
        async with app.run_test(size=SIZE) as pilot:
            await wait_until(pilot, lambda: app._latest is not None)
            await play_deal(pilot, app, (0,))
            assert isinstance(app.screen, RemoteSummaryScreen)
            await pilot.press("enter")
            await wait_until(pilot, lambda: app._latest is not None and
                             app._latest.model.public.deal_number == 2)
        await app.close_connections()
        proc.send_signal(signal.SIGINT)
        out, err = proc.communicate(timeout=20)
        assert proc.returncode == 0, err
        assert "Traceback" not in err
        assert "Ana (North) joined." in out
        assert out.strip().splitlines()[-1].startswith("The table is closed")


def test_host_on_a_port_in_use_is_one_line(tmp_path: Path) -> None:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        s.listen()
        port = s.getsockname()[1]
        start = time.monotonic()
        done = run_cli(tmp_path, "host", "--headless", "--port", str(port))
        assert time.monotonic() - start < 30
    assert done.returncode == 1
    assert f"cannot listen on 127.0.0.1:{port}" in one_line(done.stderr)
