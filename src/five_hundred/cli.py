"""Command line entry point of ``five-hundred``.

- ``five-hundred replay FILE [--json]``: replay a game record (docs/record-format.md).
- ``five-hundred rules``: print the rules as played here (rich in a terminal, plain
  text into a pipe).
- ``five-hundred tournament ...``: computer players against each other
  (``five_hundred.bots.tournament``).
- anything else (no arguments, ``--seed N``, ``--resume``, ``--help`` …) goes to the
  Textual table, ``five_hundred.ui.launch.main``, imported only then so that ``replay``
  and ``rules`` never load textual.

Bad input (issue 8, item 7) is exit status 2 with one line on stderr and never a
traceback: usage errors (``cli_args.OneLineParser``), malformed records, files that
are not records. An unexpected error in a subcommand is one line too (status 2 for
``replay``, whose only input is the record; 1 otherwise). A reader that closes the
pipe early (``five-hundred replay FILE | head -1``) ends the program quietly with
status 141 (128 + SIGPIPE, what a shell reports for a program the pipe stopped).
"""

from __future__ import annotations

import argparse
import contextlib
import importlib
import json
import os
import sys
from collections.abc import Callable, Sequence

from five_hundred import i18n
from five_hundred.cli_args import OneLineParser, add_lang_option
from five_hundred.i18n import N_, _
from five_hundred.safe_text import clean_text, excerpt

SUBCOMMANDS_HELP = N_("""\
other commands:
  five-hundred replay FILE [--json]   replay a game record: a readable account of
                                      every deal, or one JSON object with --json
  five-hundred rules                  print the rules as played here
  five-hundred tournament ...         computer players against each other
                                      (five-hundred tournament --help)
  five-hundred host [--bind 0.0.0.0]  host a table for friends at their own screens
  five-hundred join ADDRESS --code C  sit at a table someone hosts
  five-hundred serve                  the join client in a web page
  five-hundred learn                  learn to play: short lessons at the table
  --lang en|pt|pt_BR|es (before or after a command) chooses the language.""")


def subcommands_help() -> str:
    """The other commands, for ``five-hundred --help``, in the player's language."""
    return _(SUBCOMMANDS_HELP)

_PROG = "five-hundred"
_PATH_LIMIT = 200  # characters of a path echoed in a message
BROKEN_PIPE_STATUS = 141
RULES_MAX_WIDTH = 100  # columns of the rules in a wide terminal


def _err(message: str) -> None:
    with contextlib.suppress(BrokenPipeError, ValueError):  # stderr closed: nobody to tell
        print(f"{_PROG}: {message}", file=sys.stderr)


def _shown_path(path: str) -> str:
    """A path from the command line, safe to print (it may hold escape sequences)."""
    text = clean_text(path)
    return text if len(text) <= _PATH_LIMIT else "…" + text[-_PATH_LIMIT:]


def _entry(module: str) -> Callable[[list[str]], int]:
    """``module.main``, imported only when its command runs: ``replay`` and ``rules``
    never load Textual or the computer players."""
    entry: Callable[[list[str]], int] = importlib.import_module(module).main
    return entry


def _replay_parser() -> argparse.ArgumentParser:
    parser = OneLineParser(
        prog=f"{_PROG} replay",
        description=_("Replay a game record (RECORD-FORMAT.md): a readable account of "
                      "every deal and the result, or one JSON object with --json. Exit "
                      "status 2 for a malformed record or an illegal action."),
    )
    parser.add_argument("file", metavar="FILE", help=_("the game record (JSON)"))
    parser.add_argument("--json", action="store_true", help=_("print one JSON object"))
    add_lang_option(parser)  # taken out by ``main``: listed for --help
    return parser


def _write(text: str) -> None:
    """Write to stdout in pieces: one huge write into a pipe whose reader has gone
    (``| head -1``) can end short without an error, and the rest would then fail only
    in the flush at exit, past every handler ("Exception ignored ...")."""
    step = 8192
    for i in range(0, len(text), step):
        sys.stdout.write(text[i:i + step])


def _print_json(obj: object) -> None:
    _write(json.dumps(obj, ensure_ascii=False) + "\n")


def replay_main(argv: Sequence[str]) -> int:
    """``five-hundred replay FILE [--json]``: 0 when replayed, 2 on any fault."""
    from five_hundred.engine.errors import MalformedRecord
    from five_hundred.engine.record import (
        RecordFileError,
        load_record,
        replay_json,
        replay_record,
    )
    from five_hundred.report import replay_text

    args = _replay_parser().parse_args(list(argv))
    path: str = args.file

    def fail(message: str, deal: int | None = None) -> int:
        _err(f"replay {_shown_path(path)}: {message}")
        if args.json:
            _print_json({"error": {"deal": deal, "action": None, "text": None,
                                   "reason": message}})
        return 2

    try:
        record = load_record(path)
    except FileNotFoundError:
        return fail(_("no such file"))
    except IsADirectoryError:
        return fail(_("is a directory, not a game record"))
    except OSError as exc:
        return fail(_("cannot read the file: {why}").format(
            why=exc.strerror or _("error {number}").format(number=exc.errno)))
    except RecordFileError as exc:
        return fail(str(exc))
    except MalformedRecord as exc:
        return fail(_("malformed record: {why}").format(why=exc), getattr(exc, "deal", None))
    except ValueError as exc:  # os.stat: a path with a NUL byte
        return fail(_("not a usable path: {why}").format(why=excerpt(str(exc))))
    try:
        replay = replay_record(record)
    except MalformedRecord as exc:
        return fail(_("malformed record: {why}").format(why=exc), getattr(exc, "deal", None))
    if args.json:
        _print_json(replay_json(replay))
    else:
        _write(replay_text(replay))
    if replay.error is not None:
        e = replay.error
        _err(f"replay {_shown_path(path)}: "
             + _("illegal action: {why}").format(why=e.message))
        return 2
    return 0


def _is_terminal(stream: object) -> bool:
    isatty = getattr(stream, "isatty", None)
    try:
        return bool(isatty()) if callable(isatty) else False
    except (OSError, ValueError):  # a closed or odd stream: not a terminal
        return False


def rules_main(argv: Sequence[str]) -> int:
    """``five-hundred rules``: the rules for players (docs/rules.md, shipped as
    five_hundred/rules.md), rendered by rich in a terminal and as plain text (no
    escape codes, no Markdown marks) into a pipe or a file; rich is loaded only for
    the terminal."""
    if argv:
        if argv[0] in ("-h", "--help"):
            print(_("usage: {prog} rules [--lang en|pt|pt_BR|es]\n\nPrint the rules of Five "
                    "Hundred as played here: formatted in a terminal, plain text into a "
                    "pipe or a file.").format(prog=_PROG))
            return 0
        _err("rules: " + _("unexpected argument {arg}").format(arg=excerpt(argv[0])))
        return 2
    from five_hundred.rules_text import plain_text, player_rules

    try:
        text = player_rules()
    except OSError as exc:
        _err("rules: " + _("cannot read the rules text: {why}").format(why=exc))
        return 1
    if _is_terminal(sys.stdout):
        from rich.console import Console
        from rich.markdown import Markdown

        console = Console()
        console.width = min(console.width, RULES_MAX_WIDTH)  # lines a person can read
        console.print(Markdown(text))
    else:
        _write(plain_text(text))
    return 0


def tournament_main(argv: Sequence[str]) -> int:
    return _entry("five_hundred.bots.tournament")(list(argv))


def table_main(argv: Sequence[str]) -> int:
    return _entry("five_hundred.ui.launch")(list(argv))


def learn_main(argv: Sequence[str]) -> int:
    """``five-hundred learn``: the table's app, opened on the list of lessons."""
    return table_main(["--learn", *argv])


def _remote(name: str) -> Callable[[Sequence[str]], int]:
    """``host``, ``join`` or ``serve`` (``five_hundred.ui.remote_launch``), imported only
    when one of them runs."""

    def run(argv: Sequence[str]) -> int:
        entry: Callable[[list[str]], int] = getattr(
            importlib.import_module("five_hundred.ui.remote_launch"), f"{name}_main")
        return entry(list(argv))

    return run


host_main, join_main, serve_main = _remote("host"), _remote("join"), _remote("serve")
REMOTE_COMMANDS = ("host", "join", "serve")


_COMMANDS: dict[str, Callable[[Sequence[str]], int]] = {
    "replay": replay_main,
    "rules": rules_main,
    "tournament": tournament_main,
    "host": host_main,
    "join": join_main,
    "serve": serve_main,
    "learn": learn_main,
}


def _silence_stdout() -> None:
    """After a broken pipe: point stdout at /dev/null, so that the flush at exit does
    not fail again and print "Exception ignored ... BrokenPipeError"."""
    try:
        devnull = os.open(os.devnull, os.O_WRONLY)
        os.dup2(devnull, sys.stdout.fileno())
        os.close(devnull)
    except (OSError, ValueError):  # stdout is not a file (captured in tests)
        pass


def _take_lang(args: list[str]) -> tuple[list[str], str | None, str | None]:
    """``--lang X`` / ``--lang=X`` taken out of ``args`` (up to a ``--``): the rest, the
    language asked for, and the bad value if it is not one offered."""
    rest: list[str] = []
    lang: str | None = None
    i = 0
    while i < len(args):
        arg = args[i]
        if arg == "--":
            rest.extend(args[i:])
            break
        if arg == "--lang" or arg.startswith("--lang="):
            value = arg[7:] if arg.startswith("--lang=") else \
                (args[i + 1] if i + 1 < len(args) else "")
            i += 1 if arg.startswith("--lang=") else 2
            lang = i18n.code(value)  # pt-BR is pt_BR
            if lang is None:
                return rest, None, value
            continue
        rest.append(arg)
        i += 1
    return rest, lang, None


def main(argv: Sequence[str] | None = None) -> int:
    """Dispatch to a subcommand, or to the table; returns the exit status."""
    given = list(sys.argv[1:] if argv is None else argv)
    args, lang, bad = _take_lang(given)
    i18n.set_language(lang or i18n.from_environment())
    if bad is not None:
        _err(_("error: argument --lang: expected one of {names}, not {text}").format(
            names=", ".join(i18n.LANGUAGES), text=excerpt(bad)))
        return 2
    name = args[0] if args else ""
    command = _COMMANDS.get(name) if args else None
    if command is None and lang is not None:
        args = ["--lang", lang, *args]  # the table's options: --lang beats the remembered
    elif (name in REMOTE_COMMANDS or name == "learn") and lang is not None:
        args = [name, "--lang", lang, *args[1:]]
    try:
        status = command(args[1:]) if command is not None else table_main(args)
        sys.stdout.flush()  # here, not at exit, so that a closed pipe is caught below
        return status
    except SystemExit as exc:  # argparse: --help (0) or a usage error (2)
        code = exc.code
        return code if isinstance(code, int) else (0 if code is None else 2)
    except KeyboardInterrupt:
        return 130
    except BrokenPipeError:  # the reader went away (| head -1): stop quietly
        _silence_stdout()
        return BROKEN_PIPE_STATUS
    except Exception as exc:  # a bug: still one line, never a traceback
        if command is None:
            raise  # the table has its own crash handling
        _err(f"{name}: " + _("internal error, please report it: {kind}: {text}").format(
            kind=type(exc).__name__, text=excerpt(str(exc), 80)))
        return 2 if command is replay_main else 1
