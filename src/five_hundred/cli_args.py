"""Command-line argument parsing that fails in one line (exit status 2, no traceback).

Shared by ``five-hundred replay``, ``five-hundred tournament`` and the table's options
(``five_hundred.ui.launch.build_parser``). Imports neither textual nor rich.

- ``OneLineParser``: an ``ArgumentParser`` whose usage errors are one cleaned, bounded
  line on stderr (argparse prints the usage block first and echoes bad values whole).
- ``int_in(lo, hi)`` / ``float_in(lo, hi)`` / ``one_of(names)``: ``type=`` converters
  that reject out-of-range, non-finite and absurdly long values, echoing only a short
  excerpt of the value.
"""

from __future__ import annotations

import argparse
import math
from collections.abc import Callable, Sequence
from typing import NoReturn

from five_hundred.safe_text import clean_text, excerpt

MESSAGE_LIMIT = 200  # characters of an argparse error message (it may quote values)
_INT_TEXT_LIMIT = 24  # characters of an integer option's text: no option needs more


class OneLineParser(argparse.ArgumentParser):
    """Usage errors are one line: ``prog: error: MESSAGE (usage: ...)``, exit status 2."""

    def error(self, message: str) -> NoReturn:
        text = clean_text(message)
        if len(text) > MESSAGE_LIMIT:
            text = text[:MESSAGE_LIMIT] + "…"
        usage = " ".join(self.format_usage().split())  # argparse wraps it over lines
        hint = f"{usage}; see --help" if len(usage) <= 80 else f"see {self.prog} --help"
        self.exit(2, f"{self.prog}: error: {text} ({hint})\n")


def int_in(lo: int, hi: int, expect: str | None = None) -> Callable[[str], int]:
    """``type=`` for an integer in ``lo..hi``; the text is length-checked before
    ``int()``, which would otherwise refuse thousands of digits only after the work.
    ``expect`` says what is wanted in the message (default: the range)."""
    wanted = expect or f"an integer from {lo} to {hi}"

    def convert(text: str) -> int:
        t = text.strip().replace("_", "")
        body = t[1:] if t[:1] in "+-" else t
        if not (body.isascii() and body.isdigit()) or len(t) > _INT_TEXT_LIMIT:
            raise argparse.ArgumentTypeError(f"expected {wanted}, not {excerpt(text)}")
        value = int(t)
        if not lo <= value <= hi:
            raise argparse.ArgumentTypeError(f"expected {wanted}, not {excerpt(text)}")
        return value

    convert.__name__ = "integer"  # argparse names the type in some messages
    return convert


def float_in(lo: float, hi: float, *, lo_open: bool = False) -> Callable[[str], float]:
    """``type=`` for a finite number in ``lo..hi`` (``lo`` excluded if ``lo_open``):
    ``float()`` alone accepts ``nan``, ``inf`` and ``1e999``."""
    low = f"more than {lo:g}" if lo_open else f"from {lo:g}"

    def convert(text: str) -> float:
        try:
            value = float(text) if len(text) <= _INT_TEXT_LIMIT else math.nan
        except ValueError:
            value = math.nan
        if (not math.isfinite(value) or value > hi or value < lo
                or (lo_open and value == lo)):
            raise argparse.ArgumentTypeError(f"expected a number {low} to {hi:g}, "
                                             f"not {excerpt(text)}")
        return value

    convert.__name__ = "number"
    return convert


def one_of(names: Sequence[str]) -> Callable[[str], str]:
    """``type=`` for a choice, so that a bad one is echoed as an excerpt (argparse's own
    ``choices`` check quotes the whole value). Keep ``choices=`` for the help text."""

    def convert(text: str) -> str:
        if text not in names:
            raise argparse.ArgumentTypeError(f"expected one of {', '.join(names)}, "
                                             f"not {excerpt(text)}")
        return text

    convert.__name__ = "choice"
    return convert


SEED_LIMIT = 10**18 - 1
SEED_EXPECT = "an integer seed of at most 18 digits"


def seed_int() -> Callable[[str], int]:
    """``type=`` for a seed: any integer of at most 18 digits (the table draws seeds
    below 10**9; a record's integers are bounded too)."""
    return int_in(-SEED_LIMIT, SEED_LIMIT, SEED_EXPECT)


__all__ = ["MESSAGE_LIMIT", "SEED_LIMIT", "OneLineParser", "float_in", "int_in", "one_of",
           "seed_int"]
