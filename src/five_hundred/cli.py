"""Command line entry point of ``five-hundred``.

- ``five-hundred replay FILE [--json]``: replay a game record (RECORD-FORMAT.md).
- ``five-hundred rules``: print the rules as played here.
- ``five-hundred tournament ...``: computer players against each other
  (``five_hundred.bots.tournament``).
- anything else (no arguments, ``--seed N``, ``--resume``, ``--help`` …) goes to the
  Textual table, ``five_hundred.ui.app.main``, imported only then so that ``replay``
  and ``rules`` never load textual.
"""

from __future__ import annotations

import argparse
import importlib
import json
import sys
from collections.abc import Callable, Sequence
from importlib import resources

from five_hundred import __version__

SUBCOMMANDS_HELP = """\
other commands:
  five-hundred replay FILE [--json]   replay a game record: a readable account of
                                      every deal, or one JSON object with --json
  five-hundred rules                  print the rules as played here
  five-hundred tournament ...         computer players against each other
                                      (five-hundred tournament --help)"""

PLACEHOLDER = ("Five Hundred: the table is coming soon. Meanwhile: "
               "five-hundred replay FILE, five-hundred rules")

_PROG = "five-hundred"


def _err(message: str) -> None:
    print(f"{_PROG}: {message}", file=sys.stderr)


def _optional_main(module: str) -> Callable[[list[str]], int] | None:
    """``module.main`` if the module exists; ``None`` if it (or its package) is absent."""
    try:
        mod = importlib.import_module(module)
    except ModuleNotFoundError as exc:
        if exc.name is not None and module.startswith(exc.name):
            return None
        raise
    entry: Callable[[list[str]], int] = mod.main
    return entry


def _replay_parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(
        prog=f"{_PROG} replay",
        description="Replay a game record (RECORD-FORMAT.md): a readable account of "
                    "every deal and the result, or one JSON object with --json. Exit "
                    "status 2 for a malformed record or an illegal action.",
    )
    parser.add_argument("file", metavar="FILE", help="the game record (JSON)")
    parser.add_argument("--json", action="store_true", help="print one JSON object")
    return parser


def _print_json(obj: object) -> None:
    print(json.dumps(obj, ensure_ascii=False))


def replay_main(argv: Sequence[str]) -> int:
    """``five-hundred replay FILE [--json]``: 0 when replayed, 2 on any fault."""
    from five_hundred.engine.errors import MalformedRecord
    from five_hundred.engine.record import (
        load_record,
        replay_json,
        replay_record,
        replay_text,
    )

    args = _replay_parser().parse_args(list(argv))
    path: str = args.file

    def fail(message: str, deal: int | None = None) -> int:
        _err(f"replay {path}: {message}")
        if args.json:
            _print_json({"error": {"deal": deal, "action": None, "text": None,
                                   "reason": message}})
        return 2

    try:
        record = load_record(path)
    except FileNotFoundError:
        return fail("no such file")
    except IsADirectoryError:
        return fail("is a directory, not a game record")
    except OSError as exc:
        return fail(f"cannot read the file: {exc.strerror or exc}")
    except MalformedRecord as exc:
        return fail(f"malformed record: {exc}", getattr(exc, "deal", None))
    try:
        replay = replay_record(record)
    except MalformedRecord as exc:
        return fail(f"malformed record: {exc}", getattr(exc, "deal", None))
    if args.json:
        _print_json(replay_json(replay))
    else:
        sys.stdout.write(replay_text(replay))
    if replay.error is not None:
        e = replay.error
        _err(f"replay {path}: illegal action: {e.message}")
        return 2
    return 0


def rules_main(argv: Sequence[str]) -> int:
    """``five-hundred rules``: print docs/rules.md (shipped as five_hundred/rules.md)."""
    if argv:
        if argv[0] in ("-h", "--help"):
            print(f"usage: {_PROG} rules\n\nPrint the rules of Five Hundred as played here.")
            return 0
        _err(f"rules: unexpected argument {argv[0]!r}")
        return 2
    try:
        text = resources.files("five_hundred").joinpath("rules.md").read_text(encoding="utf-8")
    except OSError as exc:
        _err(f"rules: cannot read the rules text: {exc}")
        return 1
    sys.stdout.write(text if text.endswith("\n") else text + "\n")
    return 0


def tournament_main(argv: Sequence[str]) -> int:
    entry = _optional_main("five_hundred.bots.tournament")
    if entry is None:
        print("Five Hundred: tournaments between computer players are coming soon.")
        return 1
    return entry(list(argv))


def _fallback_help() -> str:
    return (f"usage: {_PROG} [--seed N] [--resume] [--help] [--version]\n"
            f"       {_PROG} COMMAND ...\n\n"
            "Five Hundred (500), Australian partnership rules, in the terminal.\n\n"
            + SUBCOMMANDS_HELP + "\n")


def table_main(argv: Sequence[str]) -> int:
    entry = _optional_main("five_hundred.ui.app")
    if entry is not None:
        return entry(list(argv))
    if argv and argv[0] in ("-h", "--help"):
        sys.stdout.write(_fallback_help())
        return 0
    if argv and argv[0] == "--version":
        print(f"{_PROG} {__version__}")
        return 0
    print(PLACEHOLDER)
    return 0


_COMMANDS: dict[str, Callable[[Sequence[str]], int]] = {
    "replay": replay_main,
    "rules": rules_main,
    "tournament": tournament_main,
}


def main(argv: Sequence[str] | None = None) -> int:
    """Dispatch to a subcommand, or to the table; returns the exit status."""
    args = list(sys.argv[1:] if argv is None else argv)
    command = _COMMANDS.get(args[0]) if args else None
    try:
        if command is not None:
            return command(args[1:])
        return table_main(args)
    except SystemExit as exc:  # argparse: --help (0) or a usage error (2)
        code = exc.code
        return code if isinstance(code, int) else (0 if code is None else 2)
    except KeyboardInterrupt:
        return 130
    except Exception as exc:  # a bug: still one line, never a traceback on replay
        if command is not replay_main:
            raise
        _err(f"replay: internal error, please report it: {exc!r}")
        return 1
