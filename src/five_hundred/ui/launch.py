"""Launching the table: the command line of ``five-hundred``, the storage it names,
and running the app so that no traceback ever reaches the screen.

Kept apart from ``app.py``: the app routes screens; where games are saved and which
options the command line takes are decided here.
"""

from __future__ import annotations

import contextlib
import sys
from pathlib import Path
from typing import TYPE_CHECKING

from five_hundred.ui.app import DEFAULT_PACE, FiveHundredApp
from five_hundred.ui.storage import DATA_ENV, Storage, data_dir

if TYPE_CHECKING:
    import argparse


def build_parser() -> argparse.ArgumentParser:
    import argparse

    from five_hundred import i18n
    from five_hundred.cli_args import OneLineParser, add_lang_option, float_in, seed_int
    from five_hundred.i18n import _

    epilog = _("Saved games are kept in {folder} (--data-dir DIR or {env} chooses another "
               "folder).").format(folder=data_dir(), env=DATA_ENV)
    try:
        from five_hundred import cli

        extra = cli.subcommands_help()
        if extra:
            epilog += "\n\n" + extra
    except ImportError:  # pragma: no cover
        pass
    parser = OneLineParser(
        prog="five-hundred",
        description=_("Five Hundred (500), Australian partnership rules, at one keyboard: "
                      "one to four people, the other seats played by the computer."),
        epilog=epilog, formatter_class=argparse.RawDescriptionHelpFormatter)
    # Bounded options: a seed of thousands of digits or a pace of inf/nan is a usage
    # error (one line, status 2), not a traceback or a table that never moves.
    parser.add_argument("--seed", type=seed_int(), metavar="N",
                        help=_("deal deterministically from seed N"))
    parser.add_argument("--resume", action="store_true",
                        help=_("continue the latest saved game where it stopped"))
    parser.add_argument("--data-dir", metavar="DIR",
                        help=_("keep saved games in DIR (default: ${env}, or the folder named "
                               "below)").format(env=DATA_ENV))
    add_lang_option(parser)
    from five_hundred import __version__

    parser.add_argument("--version", action="version", version=f"five-hundred {__version__}",
                        help=_("show the version and exit"))
    parser.add_argument("--pace", type=float_in(0.0, 60.0), default=DEFAULT_PACE,
                        metavar="SECONDS",
                        help=_("pause between computer moves, 0 to 60 (default {pace})").format(
                            pace=i18n.decimal(DEFAULT_PACE)))
    parser.add_argument("--no-auto-play", action="store_true",
                        help=_("do not play a person's only legal card for them"))
    parser.add_argument("--learn", action="store_true",
                        help=_("open the lessons: learn to play (also: five-hundred learn)"))
    return parser


def main(argv: list[str] | None = None) -> int:
    from five_hundred import i18n

    args = build_parser().parse_args(argv)
    folder = Path(args.data_dir).expanduser() if args.data_dir else None
    try:
        storage = Storage(folder if folder is not None else data_dir())
        # --lang, else the language chosen at the last start, else the environment's
        i18n.set_language(args.lang or storage.last_language() or i18n.from_environment())
        from five_hundred.ui.palette import use_four_colours

        use_four_colours(storage.last_four_colours())
        app = FiveHundredApp(storage, seed=args.seed, resume=args.resume,
                             pace=max(0.0, args.pace), auto_play=not args.no_auto_play,
                             learn=args.learn)
    except Exception:
        return _crashed(None, folder)
    return run_app(app)


def run_app(app: FiveHundredApp, *, headless: bool = False) -> int:
    """Run the app; an unexpected error becomes a log file, one line and a non-zero
    status -- never a traceback on the screen (it could show a player's hand).

    Textual catches an exception in a handler itself, exits, and prints its report on
    ``App.error_console`` after the terminal is restored, with ``return_code`` 1. That
    console is a public attribute: pointed at a buffer, the report is kept for the
    log instead (tests/ui/test_storage.py fails if Textual stops printing through it).
    """
    import io

    from rich.console import Console

    report = io.StringIO()
    app.error_console = Console(file=report, width=100, color_system=None, markup=False,
                                highlight=False, force_terminal=False)
    try:
        app.run(headless=headless)
    except Exception:  # outside any handler (driver, start-up): Python's own report
        return _crashed(app, app.storage.folder)
    code = app.return_code or 0
    if code != 0:
        return _crashed(app, app.storage.folder,
                        report.getvalue() or f"exit status {code} without a report\n", code)
    return 0


def _crashed(app: FiveHundredApp | None, folder: Path | None, report: str = "",
             code: int = 1) -> int:
    """Log what went wrong and say so in one line; the status says it too."""
    import traceback

    from five_hundred.ui.storage import write_crash_log

    if not report:
        report = traceback.format_exc()
    if folder is None:
        with contextlib.suppress(Exception):
            folder = data_dir()
    log = write_crash_log(report, folder)
    from five_hundred.i18n import _

    saved = app is not None and app.slot is not None and app.slot.enabled and \
        not app.slot.failing
    if log is None:
        text = _("an unexpected error stopped the game (no log could be written).")
    else:
        text = _("an unexpected error stopped the game (details in {log}).").format(log=log)
    if saved:
        text += " " + _("The game is saved up to the last move.")
    print(f"five-hundred: {text}", file=sys.stderr)
    return code


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
