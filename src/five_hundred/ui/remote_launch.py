"""The commands of a networked table (issue 24): ``host``, ``join`` and ``serve``.

- ``five-hundred host``: without ``--seats`` (nor ``--headless`` or ``--resume``), the
  host's start screen first (``ui/host_setup.py``: who plays each seat, names, rules);
  then a table server in this process (its own thread and event loop, so a busy
  screen never delays the others' frames), the line a friend types, then the seats at
  this keyboard (``person``) on a ``RemoteApp`` connected over loopback with the
  host's token. ``--headless``, or no seat at this keyboard: no screen, the table's
  events printed one a line, Ctrl+C stops it.
- ``five-hundred join``: the join client. With a code and a name it joins first and
  opens the table only once seated, so a wrong code or an unreachable host is one
  line on stderr and a non-zero exit; without them, the join form.
- ``five-hundred serve``: textual-serve runs ``five-hundred join --browser`` for each
  visitor of a web page (the form, always; no seat token kept on this machine, which
  serves many people).

No traceback ever reaches the terminal: an unexpected error is a log file and one
line, as for the local table.
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import io
import shlex
import signal
import socket
import sys
import threading
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import TYPE_CHECKING, Any

from five_hundred import i18n
from five_hundred.cli_args import (
    SEAT_WORDS,
    OneLineParser,
    add_lang_option,
    address_port,
    float_in,
    one_of,
    port_number,
    seats_spec,
    seed_int,
)
from five_hundred.i18n import _
from five_hundred.net.protocol import DEFAULT_PORT
from five_hundred.safe_text import clean_text, excerpt
from five_hundred.ui.storage import Storage, data_dir

if TYPE_CHECKING:
    from five_hundred.engine import RuleSet
    from five_hundred.net.server import TableServer
    from five_hundred.net.table import SeatSpec, TableConfig
    from five_hundred.ui.host_setup import HostChoice
    from five_hundred.ui.remote import RemoteApp

PROG = "five-hundred"
SERVE_PORT = 8000
HOUSE_OPTIONS = ("no_misere", "misere_without_seven", "joker_lead_last_trick_only",
                 "defensive_cap=490", "defensive_cap=480", "blind_misere")


def _err(message: str) -> None:
    with contextlib.suppress(BrokenPipeError, ValueError):
        print(f"{PROG}: {message}", file=sys.stderr)


def _say(line: str) -> None:
    with contextlib.suppress(BrokenPipeError, ValueError):
        print(clean_text(line), flush=True)


def _code(text: str) -> str:
    """``type=`` for a table code: letters and digits (dashes and spaces are ignored
    when codes are compared), at most 32 characters."""
    t = text.strip()
    if not t or len(t) > 32 or not any(ch.isalnum() for ch in t) or \
            not all(ch.isascii() and (ch.isalnum() or ch in "- ") for ch in t):
        raise argparse.ArgumentTypeError(_("expected a code of letters and digits like "
                                           "K7QF-29XA, not {text}").format(text=excerpt(text)))
    return t


def _storage(args: argparse.Namespace) -> Storage:
    folder = Path(args.data_dir).expanduser() if args.data_dir else data_dir()
    storage = Storage(folder)
    i18n.set_language(args.lang or storage.last_language() or i18n.language())
    return storage


def _data_dir_option(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("--data-dir", metavar="DIR",
                        help=_("the data folder (saved games, seat tokens)"))


# ------------------------------------------------------------------ running an app


async def run_remote(app: RemoteApp) -> int:
    """Run ``app`` on this event loop; a crash is a log file and one line."""
    from rich.console import Console

    report = io.StringIO()
    app.error_console = Console(file=report, width=100, color_system=None, markup=False,
                                highlight=False, force_terminal=False)
    try:
        await app.run_async()
    except Exception:
        import traceback

        return _crashed(app.storage, traceback.format_exc())
    finally:
        await app.close_connections()
    code = app.return_code or 0
    if code != 0:
        return _crashed(app.storage, report.getvalue() or
                        f"exit status {code} without a report\n", code)
    return 0


def _crashed(storage: Storage, report: str, code: int = 1) -> int:
    from five_hundred.ui.storage import write_crash_log

    log = write_crash_log(report, storage.folder)
    if log is None:
        _err(_("an unexpected error stopped the game (no log could be written)."))
    else:
        _err(_("an unexpected error stopped the game (details in {log}).").format(log=log))
    return code


# ------------------------------------------------------------------ join


def join_parser() -> argparse.ArgumentParser:
    parser = OneLineParser(
        prog=f"{PROG} join",
        description=_("Sit at a table of Five Hundred that someone hosts (five-hundred "
                      "host): your own hand on your own screen. Without --code or --name, "
                      "a form asks for them."))
    parser.add_argument("address", nargs="?", type=address_port(DEFAULT_PORT),
                        metavar="ADDRESS[:PORT]",
                        help=_("the host's address (port {port} if none is given)").format(
                            port=DEFAULT_PORT))
    parser.add_argument("--code", type=_code, help=_("the table's code, from the host"))
    parser.add_argument("--name", help=_("your name at the table"))
    parser.add_argument("--seat", type=one_of(SEAT_WORDS), choices=SEAT_WORDS,
                        metavar="|".join(SEAT_WORDS), help=_("the seat you would like"))
    parser.add_argument("--browser", action="store_true", help=argparse.SUPPRESS)
    _data_dir_option(parser)
    add_lang_option(parser)
    return parser


def join_main(argv: Sequence[str]) -> int:
    from five_hundred.safe_text import clean_name
    from five_hundred.ui.remote import Target

    args = join_parser().parse_args(list(argv))
    storage = _storage(args)
    address, port = args.address if args.address is not None else ("", DEFAULT_PORT)
    name = clean_name(args.name or "", "")
    target = Target(address, port, args.code or "", name, args.seat)
    form = args.browser or not target.code or not name or not address
    return asyncio.run(_join(target, storage, form=form, ask_address=not address,
                             keep_tokens=not args.browser))


async def _join(target: Any, storage: Storage, *, form: bool, ask_address: bool,
                keep_tokens: bool) -> int:
    from five_hundred.net.client import JoinError, connect
    from five_hundred.ui.remote import RemoteApp, TokenStore, hello_for

    connections = []
    if not form:
        token = TokenStore(storage.folder).get(target) if keep_tokens else None
        try:
            connections.append(await connect(target.address, target.port,
                                             hello_for(target, token)))
        except JoinError as exc:
            _err(clean_text(exc.message))
            return 1
    app = RemoteApp(target, connections=connections, storage=storage, form=form,
                    ask_address=ask_address, keep_tokens=keep_tokens)
    return await run_remote(app)


# ------------------------------------------------------------------ host


def host_parser() -> argparse.ArgumentParser:
    from five_hundred.engine.rules import PRESETS

    parser = OneLineParser(
        prog=f"{PROG} host",
        description=_("Host a table of Five Hundred for friends at their own screens: "
                      "prints the line they type to join, then plays the seats at this "
                      "keyboard."))
    parser.add_argument("--port", type=port_number(), default=DEFAULT_PORT,
                        help=_("the port to listen on (default {port})").format(
                            port=DEFAULT_PORT))
    parser.add_argument("--bind", default="127.0.0.1", metavar="ADDRESS",
                        help=_("the address to listen on: 127.0.0.1 (this machine only, the "
                               "default) or 0.0.0.0 (the local network)"))
    parser.add_argument("--code", type=_code,
                        help=_("the table's code (default: a random one like K7QF-29XA)"))
    parser.add_argument("--seats", type=seats_spec(), metavar="SPEC",
                        help=_("who plays each seat, like {example}: remote waits for "
                               "someone to join, person plays at this keyboard, easy, "
                               "normal or hard is a computer (default: the host's start "
                               "screen sets them; with --headless, all remote)").format(
                            example="north=person,east=normal,south=remote,west=remote"))
    parser.add_argument("--seed", type=seed_int(), metavar="N",
                        help=_("deal deterministically from seed N"))
    parser.add_argument("--resume", action="store_true",
                        help=_("continue the latest networked game saved here; the "
                               "players rejoin"))
    parser.add_argument("--headless", action="store_true",
                        help=_("no screen here: the table waits for every remote seat to "
                               "be taken (no person seats then); Ctrl+C stops it"))
    parser.add_argument("--preset", default=None,
                        type=one_of(sorted(PRESETS)), choices=sorted(PRESETS),
                        help=_("the rules: pagat-australian (default) or two-joker-1000"))
    parser.add_argument("--house", action="append", default=[], type=one_of(HOUSE_OPTIONS),
                        choices=HOUSE_OPTIONS, metavar="OPTION",
                        help=_("a house rule (repeat for more): {options}").format(
                            options=", ".join(HOUSE_OPTIONS)))
    parser.add_argument("--practice", action="store_true",
                        help=_("a practice game: moves may be taken back at any time"))
    parser.add_argument("--pace", type=float_in(0.0, 60.0), default=0.8, metavar="SECONDS",
                        help=_("pause between computer moves, 0 to 60 (default {pace})").format(
                            pace=i18n.decimal(0.8)))
    parser.add_argument("--no-auto-play", action="store_true",
                        help=_("do not play a person's only legal card for them"))
    _data_dir_option(parser)
    add_lang_option(parser)
    return parser


def rules_from(parser: argparse.ArgumentParser, preset: str, house: Sequence[str]) -> RuleSet:
    from five_hundred.engine import MalformedRecord
    from five_hundred.engine.rules import ruleset_from_record

    options: dict[str, object] = {"preset": preset}
    for option in house:
        key, _sep, value = option.partition("=")
        options[key] = int(value) if value else True
    try:
        return ruleset_from_record(options)
    except MalformedRecord as exc:
        parser.error(str(exc))


def lan_address() -> str:
    """This machine's address on its network (the one a friend's machine would reach;
    no packet is sent), or 127.0.0.1."""
    with contextlib.suppress(OSError), socket.socket(socket.AF_INET, socket.SOCK_DGRAM) as s:
        s.connect(("10.255.255.255", 1))
        address: str = s.getsockname()[0]
        return address
    return "127.0.0.1"


def join_line(bind: str, port: int, code: str) -> str:
    """The command a friend types to join."""
    host = lan_address() if bind in ("0.0.0.0", "::", "") else bind
    if ":" in host:
        host = f"[{host}]"
    return f"{PROG} join {host}:{port} --code {code}"


DEFAULT_PRESET = "pagat-australian"
HOST_KINDS_DEFAULT = ("person", "remote", "remote", "remote")  # --seats not given


def seat_specs(kinds: Sequence[str], names: Sequence[str] = ("", "", "", "")
               ) -> tuple[SeatSpec, ...]:
    """Each seat as ``--seats`` or the host's start screen says: ``remote``, ``person``
    or a computer's level; ``names[i]`` the seat's name (``""``: its own)."""
    from five_hundred.net.table import SeatSpec

    return tuple(SeatSpec(kind="computer", level=k, name=name)
                 if k in ("easy", "normal", "hard") else
                 SeatSpec(kind="person" if k == "person" else "remote", name=name)
                 for k, name in zip(kinds, names, strict=True))


def host_main(argv: Sequence[str]) -> int:
    parser = host_parser()
    args = parser.parse_args(list(argv))
    storage = _storage(args)
    rules = rules_from(parser, args.preset or DEFAULT_PRESET, args.house)
    kinds: Sequence[str] = args.seats or (("remote",) * 4 if args.headless else
                                          HOST_KINDS_DEFAULT)
    if args.headless and "person" in kinds:
        _err(_("--headless has no keyboard: a seat cannot be a person; make it remote or "
               "a computer (--seats)."))
        return 2
    saving = True
    try:
        storage.prepare()
    except Exception:  # a folder that cannot be made: the game is not saved, say so
        _err(_("the data folder {folder} cannot be used: the game will not be saved.")
             .format(folder=storage.folder))
        saving = False
    names: Sequence[str] = ("", "", "", "")
    seed, practice = args.seed, args.practice
    if args.seats is None and not args.headless and not args.resume:
        # the host's start screen sets the seats (the command line's rules preset it)
        given = args.preset is not None or bool(args.house)
        choice = setup_table(storage, rules if given else None, seed, practice)
        if isinstance(choice, int):
            return choice  # it crashed: said in one line
        if choice is None:
            return 0  # the host left
        kinds, names, rules = choice.kinds, choice.names, choice.rules
        seed, practice = choice.seed, choice.practice
    config = table_config(args, kinds, names, rules, seed, practice,
                          storage if saving else None)
    if args.headless:
        return asyncio.run(_host_headless(config, args.bind, args.port))
    return _host_with_screen(config, args.bind, args.port, storage)


def table_config(args: argparse.Namespace, kinds: Sequence[str], names: Sequence[str],
                 rules: RuleSet, seed: int | None, practice: bool, storage: Storage | None
                 ) -> TableConfig:
    """The table to open: the seats, rules, seed and practice from ``--seats`` or the
    host's start screen, the rest from the command line."""
    from five_hundred.net.table import TableConfig

    return TableConfig(rules=rules, seats=seat_specs(kinds, names), seed=seed,
                       code=args.code, practice=practice, auto_play=not args.no_auto_play,
                       pace=args.pace, storage=storage, resume=args.resume)


def setup_table(storage: Storage, rules: RuleSet | None, seed: int | None,
                practice: bool) -> HostChoice | int | None:
    """The host's start screen: the table chosen, None if the host left (Escape), or
    the exit status of a crash (a log file and one line, as for the table)."""
    from rich.console import Console

    from five_hundred.ui.host_setup import HostSetupApp
    from five_hundred.ui.palette import use_four_colours

    use_four_colours(storage.last_four_colours())
    if rules is None:  # as the local start screen: the last table's rules again
        last = storage.last_table() if storage.table_path.exists() else None
        rules = last.rules if last is not None else None
    app = HostSetupApp(storage, rules=rules, seed=seed, practice=practice)
    report = io.StringIO()
    app.error_console = Console(file=report, width=100, color_system=None, markup=False,
                                highlight=False, force_terminal=False)
    try:
        choice = app.run()
    except Exception:
        import traceback

        return _crashed(storage, traceback.format_exc())
    code = app.return_code or 0
    if code != 0:
        return _crashed(storage, report.getvalue() or
                        f"exit status {code} without a report\n", code)
    return choice


class ServerThread:
    """The table server on its own thread and event loop: the screen of the host and
    the server never wait for each other."""

    def __init__(self, config: TableConfig, bind: str, port: int,
                 say: Callable[[str], None]) -> None:
        self.config, self.bind, self.port = config, bind, port
        self.say = say
        self.code = ""
        self.host_token = ""
        self.kinds: tuple[str, ...] = ()
        self._ready = threading.Event()
        self._failure: BaseException | None = None
        self._loop: asyncio.AbstractEventLoop | None = None
        self._stop: asyncio.Event | None = None
        self._thread = threading.Thread(target=self._run, name="five-hundred-server",
                                        daemon=True)

    def start(self) -> None:
        """Start serving; raises what stopped it (``OSError``, ``ResumeError`` …)."""
        self._thread.start()
        self._ready.wait()
        if self._failure is not None:
            raise self._failure

    def _run(self) -> None:
        try:
            asyncio.run(self._main())
        except BaseException as exc:  # handed to the thread that waits
            self._failure = exc
            self._ready.set()

    async def _main(self) -> None:
        from five_hundred.net.server import TableServer

        server = TableServer(say=self.say)
        try:
            table = server.open_table(self.config)
            self.port = await server.start(self.bind, self.port)
        except BaseException:
            await server.close()
            raise
        self.code, self.host_token = table.code, table.host_token
        self.kinds = tuple(s.kind for s in table.seats)
        self._loop = asyncio.get_running_loop()
        self._stop = asyncio.Event()
        self._ready.set()
        try:
            await self._stop.wait()
        finally:
            await server.close()

    def stop(self) -> None:
        loop, stop = self._loop, self._stop
        if loop is not None and stop is not None:
            with contextlib.suppress(RuntimeError):  # the loop has closed already
                loop.call_soon_threadsafe(stop.set)
        self._thread.join(10)


def _start_failed(exc: BaseException, bind: str, port: int) -> int:
    from five_hundred.net.table import ResumeError

    if isinstance(exc, ResumeError):
        _err(clean_text(exc.message))
    elif isinstance(exc, OSError):
        _err(_("cannot listen on {where}: {why}").format(
            where=f"{bind}:{port}", why=clean_text(exc.strerror or str(exc))))
    elif isinstance(exc, ValueError):
        _err(clean_text(str(exc)))
    else:
        raise exc
    return 1


class _Relay:
    """The table's events: printed before the screen is up, then the host's lobby."""

    def __init__(self) -> None:
        self.lines: list[str] = []
        self.app: RemoteApp | None = None
        self.loop: asyncio.AbstractEventLoop | None = None
        self.printing = False
        self._lock = threading.Lock()

    def __call__(self, line: str) -> None:
        with self._lock:
            if self.printing:
                _say(line)
                return
            self.lines.append(line)
            app, loop = self.app, self.loop
        if app is not None and loop is not None:
            with contextlib.suppress(RuntimeError):
                loop.call_soon_threadsafe(app.host_said, line)

    def echo(self) -> None:
        """No screen here: the events are printed, one a line (as with --headless)."""
        with self._lock:
            self.app, self.loop = None, None
            lines, self.lines = self.lines, []
            self.printing = True
        for line in lines:
            _say(line)

    def attach(self, app: RemoteApp, loop: asyncio.AbstractEventLoop) -> None:
        with self._lock:
            self.app, self.loop = app, loop
            for line in self.lines:
                app.host_said(line)


def _host_with_screen(config: TableConfig, bind: str, port: int, storage: Storage) -> int:
    relay = _Relay()
    thread = ServerThread(config, bind, port, relay)
    try:
        thread.start()
    except BaseException as exc:
        return _start_failed(exc, bind, port)
    line = join_line(bind, thread.port, thread.code)
    mine = [i for i, kind in enumerate(thread.kinds) if kind == "person"]
    try:
        if not mine:
            _say(line)
            _say(_("No seat is played at this keyboard: the table runs here without a "
                   "screen. Ctrl+C stops it."))
            relay.echo()
            forever = threading.Event()
            with contextlib.suppress(KeyboardInterrupt):
                while not forever.wait(0.5):
                    pass
            _say(_("The table is closed (the game is saved: five-hundred host --resume "
                   "continues it)."))
            return 0
        _say(line)
        return asyncio.run(_host_play(thread, line, mine, storage, relay, bind))
    finally:
        thread.stop()


def _loopback(bind: str) -> str:
    return "::1" if bind in ("::",) or (":" in bind and bind != "::") else \
        "127.0.0.1" if bind in ("0.0.0.0", "") else bind


async def _host_play(thread: ServerThread, line: str, seats: list[int], storage: Storage,
                     relay: _Relay, bind: str) -> int:
    from five_hundred.net.client import JoinError

    try:
        app = await host_app(thread, line, seats, storage, bind)
    except JoinError as exc:
        _err(clean_text(exc.message))
        return 1
    relay.attach(app, asyncio.get_running_loop())
    return await run_remote(app)


async def host_app(thread: ServerThread, line: str, seats: Sequence[int], storage: Storage,
                   bind: str) -> RemoteApp:
    """The host's table: ``seats`` (those at this keyboard) connected over loopback with
    the host's token. Raises ``JoinError`` if the server refuses them."""
    from five_hundred.net.client import connect
    from five_hundred.net.protocol import SEAT_WORDS as WIRE_SEATS
    from five_hundred.net.protocol import VERSION, Hello
    from five_hundred.ui.remote import RemoteApp, Target

    address = _loopback(bind)
    connections = []
    for seat in seats:
        hello = Hello(version=VERSION, code=thread.code, seat=WIRE_SEATS[seat],
                      token=thread.host_token, lang=i18n.language())
        connections.append(await connect(address, thread.port, hello))
    return RemoteApp(Target(address, thread.port, thread.code), connections=connections,
                     storage=storage, keep_tokens=False, host_token=thread.host_token,
                     join_line=line)


async def _host_headless(config: TableConfig, bind: str, port: int) -> int:
    from five_hundred.net.server import TableServer

    server: TableServer = TableServer(say=_say)
    try:
        table = server.open_table(config)
        port = await server.start(bind, port)
    except BaseException as exc:
        await server.close()
        return _start_failed(exc, bind, port)
    _say(join_line(bind, port, table.code))
    _say(_("The table starts once every remote seat is taken. Ctrl+C stops it."))
    stop = asyncio.Event()
    loop = asyncio.get_running_loop()
    for sig in (signal.SIGINT, signal.SIGTERM):
        with contextlib.suppress(NotImplementedError, RuntimeError):
            loop.add_signal_handler(sig, stop.set)
    try:
        await stop.wait()
    finally:
        await server.close()
    _say(_("The table is closed (the game is saved: five-hundred host --resume continues "
           "it)."))
    return 0


# ------------------------------------------------------------------ serve


def serve_parser() -> argparse.ArgumentParser:
    parser = OneLineParser(
        prog=f"{PROG} serve",
        description=_("Put the join client in a web page: a friend with only a browser "
                      "opens http://HOST:PORT, types a name and the code, and plays."))
    parser.add_argument("--port", type=port_number(), default=SERVE_PORT,
                        help=_("the web page's port (default {port})").format(port=SERVE_PORT))
    parser.add_argument("--bind", default="127.0.0.1", metavar="ADDRESS",
                        help=_("the address to listen on: 127.0.0.1 (this machine only, the "
                               "default) or 0.0.0.0 (the local network)"))
    parser.add_argument("--server", type=address_port(DEFAULT_PORT),
                        default=("127.0.0.1", DEFAULT_PORT), metavar="ADDRESS:PORT",
                        help=_("the table server (five-hundred host) the page joins "
                               "(default 127.0.0.1:{port})").format(port=DEFAULT_PORT))
    parser.add_argument("--code", type=_code, help=_("fill in the table's code in the form"))
    add_lang_option(parser)
    return parser


def serve_command(server: tuple[str, int], code: str | None, lang: str | None) -> str:
    """The shell command textual-serve runs for each visitor."""
    host, port = server
    where = f"[{host}]:{port}" if ":" in host else f"{host}:{port}"
    argv = [sys.executable, "-m", "five_hundred", "join", where, "--browser"]
    if code:
        argv += ["--code", code]
    if lang:
        argv += ["--lang", lang]
    return shlex.join(argv)


def serve_main(argv: Sequence[str]) -> int:
    args = serve_parser().parse_args(list(argv))
    if args.lang:
        i18n.set_language(args.lang)
    try:
        from textual_serve.server import Server
    except ImportError:
        _err(_("serve needs the textual-serve package: pip install textual-serve"))
        return 1

    class PageServer(Server):
        """The page's own links point at the address the browser used (a LAN address,
        a forwarded port or an SSH tunnel alike), not at the bind address."""

        async def handle_index(self, request: Any) -> Any:
            self.public_url = f"{request.scheme}://{request.host}"
            return await super().handle_index(request)

    command = serve_command(args.server, args.code, args.lang)
    page = PageServer(command, host=args.bind, port=args.port, title="Five Hundred")
    host = lan_address() if args.bind in ("0.0.0.0", "::") else args.bind
    _say(_("Friends open http://{host}:{port} in a browser.").format(host=host,
                                                                      port=args.port))
    try:
        page.serve()
    except OSError as exc:
        _err(_("cannot listen on {where}: {why}").format(
            where=f"{args.bind}:{args.port}", why=clean_text(exc.strerror or str(exc))))
        return 1
    return 0


__all__ = ["ServerThread", "host_app", "host_main", "join_line", "join_main", "lan_address",
           "run_remote", "seat_specs", "serve_command", "serve_main", "setup_table"]
