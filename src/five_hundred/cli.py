"""Command line entry point: ``five-hundred [replay FILE [--json]]``.

A placeholder until the table and the replay command are wired in.
"""

from __future__ import annotations

import argparse
import sys

from five_hundred import __version__


def build_parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(
        prog="five-hundred",
        description="Five Hundred (500), Australian partnership rules, in the terminal.",
    )
    parser.add_argument("--version", action="version", version=f"%(prog)s {__version__}")
    commands = parser.add_subparsers(dest="command", metavar="COMMAND")
    replay = commands.add_parser("replay", help="replay a game record (JSON)")
    replay.add_argument("file", metavar="FILE", help="game record to replay")
    replay.add_argument("--json", action="store_true", help="print the result as JSON")
    return parser


def main(argv: list[str] | None = None) -> int:
    args = build_parser().parse_args(argv)
    if args.command == "replay":
        print("five-hundred: replay is not available yet.", file=sys.stderr)
        return 1
    print("Five Hundred: the table is coming soon. Meanwhile: five-hundred replay FILE")
    return 0
