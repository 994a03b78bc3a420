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

from five_hundred import i18n
from five_hundred.i18n import N_, _
from five_hundred.safe_text import clean_text, excerpt

MESSAGE_LIMIT = 200  # characters of an argparse error message (it may quote values)
_INT_TEXT_LIMIT = 24  # characters of an integer option's text: no option needs more


# argparse's own words that a player of this game can meet (its help and its usage
# errors): argparse looks them up through the module's ``_``, pointed here at the
# player's language by ``OneLineParser``.
ARGPARSE_MESSAGES = (
    N_("usage: "), N_("options"), N_("positional arguments"),
    N_("show this help message and exit"), N_("argument %(argument_name)s: %(message)s"),
    N_("unrecognized arguments: %s"), N_("the following arguments are required: %s"),
    N_("expected one argument"), N_("ambiguous option: %(option)s could match %(matches)s"),
    N_("invalid choice: %(value)r (choose from %(choices)s)"),
    N_("not allowed with argument %s"), N_("ignored explicit argument %r"),
)


def _argparse_ngettext(singular: str, plural: str, n: int) -> str:
    return i18n.ngettext(singular, plural, n)


class OneLineParser(argparse.ArgumentParser):
    """Usage errors are one line: ``prog: error: MESSAGE (usage: ...)``, exit status 2;
    argparse's own words (``usage:``, ``options``, its errors) in the player's
    language."""

    def __init__(self, *args: object, **kwargs: object) -> None:
        argparse._ = i18n._  # type: ignore[attr-defined]
        argparse.ngettext = _argparse_ngettext  # type: ignore[attr-defined]
        super().__init__(*args, **kwargs)  # type: ignore[arg-type]

    def error(self, message: str) -> NoReturn:
        text = clean_text(message)
        if len(text) > MESSAGE_LIMIT:
            text = text[:MESSAGE_LIMIT] + "…"
        usage = " ".join(self.format_usage().split())  # argparse wraps it over lines
        hint = _("{usage}; see --help").format(usage=usage) if len(usage) <= 80 else \
            _("see {prog} --help").format(prog=self.prog)
        self.exit(2, _("{prog}: error: {message} ({hint})").format(
            prog=self.prog, message=text, hint=hint) + "\n")


def add_lang_option(parser: argparse.ArgumentParser) -> None:
    """``--lang en|pt|pt_BR|es``: the language of everything the program says (default:
    the environment's, LC_ALL, LC_MESSAGES or LANG). ``pt-BR`` is taken for ``pt_BR``."""
    parser.add_argument("--lang", type=lang_code(), choices=i18n.LANGUAGES,
                        metavar="|".join(i18n.LANGUAGES),
                        help=_("the language: English, Portuguese (pt: Portugal, pt_BR: "
                               "Brazil) or Spanish (default: LC_ALL, LC_MESSAGES or LANG)"))


def lang_code() -> Callable[[str], str]:
    """``type=`` for ``--lang``: one of the languages, ``pt-BR`` as ``pt_BR`` (a bad one
    is refused as ``one_of`` does)."""
    refuse = one_of(i18n.LANGUAGES)

    def convert(text: str) -> str:
        return i18n.code(text) or refuse(text)

    convert.__name__ = "choice"
    return convert


def int_in(lo: int, hi: int, expect: str | None = None) -> Callable[[str], int]:
    """``type=`` for an integer in ``lo..hi``; the text is length-checked before
    ``int()``, which would otherwise refuse thousands of digits only after the work.
    ``expect`` says what is wanted in the message (default: the range)."""
    wanted = expect or _("an integer from {lo} to {hi}").format(lo=lo, hi=hi)

    def convert(text: str) -> int:
        t = text.strip().replace("_", "")
        body = t[1:] if t[:1] in "+-" else t
        if not (body.isascii() and body.isdigit()) or len(t) > _INT_TEXT_LIMIT:
            raise argparse.ArgumentTypeError(_("expected {wanted}, not {text}").format(
                wanted=wanted, text=excerpt(text)))
        value = int(t)
        if not lo <= value <= hi:
            raise argparse.ArgumentTypeError(_("expected {wanted}, not {text}").format(
                wanted=wanted, text=excerpt(text)))
        return value

    convert.__name__ = "integer"  # argparse names the type in some messages
    return convert


def float_in(lo: float, hi: float, *, lo_open: bool = False) -> Callable[[str], float]:
    """``type=`` for a finite number in ``lo..hi`` (``lo`` excluded if ``lo_open``):
    ``float()`` alone accepts ``nan``, ``inf`` and ``1e999``."""

    def convert(text: str) -> float:
        try:
            value = float(text) if len(text) <= _INT_TEXT_LIMIT else math.nan
        except ValueError:
            value = math.nan
        if (not math.isfinite(value) or value > hi or value < lo
                or (lo_open and value == lo)):
            template = _("expected a number more than {lo} to {hi}, not {text}") if lo_open \
                else _("expected a number from {lo} to {hi}, not {text}")
            raise argparse.ArgumentTypeError(template.format(lo=f"{lo:g}", hi=f"{hi:g}",
                                                             text=excerpt(text)))
        return value

    convert.__name__ = "number"
    return convert


def one_of(names: Sequence[str]) -> Callable[[str], str]:
    """``type=`` for a choice, so that a bad one is echoed as an excerpt (argparse's own
    ``choices`` check quotes the whole value). Keep ``choices=`` for the help text."""

    def convert(text: str) -> str:
        if text not in names:
            raise argparse.ArgumentTypeError(_("expected one of {names}, not {text}").format(
                names=", ".join(names), text=excerpt(text)))
        return text

    convert.__name__ = "choice"
    return convert


SEED_LIMIT = 10**18 - 1
SEED_EXPECT = N_("an integer seed of at most 18 digits")


def seed_int() -> Callable[[str], int]:
    """``type=`` for a seed: any integer of at most 18 digits (the table draws seeds
    below 10**9; a record's integers are bounded too)."""
    return int_in(-SEED_LIMIT, SEED_LIMIT, _(SEED_EXPECT))


# ------------------------------------------------------------------ remote seats (issue 24)

SEAT_WORDS = ("north", "east", "south", "west")
SEAT_KINDS = ("remote", "person", "easy", "normal", "hard")
_ADDRESS_LIMIT = 253  # characters of a host name (DNS's own limit)


def port_number() -> Callable[[str], int]:
    """``type=`` for a TCP port, 1 to 65535."""
    return int_in(1, 65535, _("a port number from 1 to 65535"))


def address_port(default_port: int) -> Callable[[str], tuple[str, int]]:
    """``type=`` for ``ADDRESS[:PORT]`` (``[::1]:7500`` for an IPv6 address): the host and
    the port (``default_port`` when none is given)."""
    port_of = port_number()

    def convert(text: str) -> tuple[str, int]:
        t = text.strip()
        bad = argparse.ArgumentTypeError(_("expected ADDRESS or ADDRESS:PORT, not {text}")
                                         .format(text=excerpt(text)))
        if not t or len(t) > _ADDRESS_LIMIT + 8 or clean_text(t) != t or " " in t:
            raise bad
        host, port = t, default_port
        if t.startswith("["):  # [v6] or [v6]:port
            end = t.find("]")
            if end < 0:
                raise bad
            host, rest = t[1:end], t[end + 1:]
            if rest:
                if not rest.startswith(":"):
                    raise bad
                port = port_of(rest[1:])
        elif t.count(":") == 1:
            host, _sep, given = t.partition(":")
            port = port_of(given)
        if not host or len(host) > _ADDRESS_LIMIT:
            raise bad
        return host, port

    convert.__name__ = "address"
    return convert


def seats_spec() -> Callable[[str], tuple[str, str, str, str]]:
    """``type=`` for ``--seats north=remote,east=normal,south=person,west=remote``: each
    seat's kind (``remote``, ``person`` or a computer's level); seats not named wait for
    someone to join (``remote``)."""

    def convert(text: str) -> tuple[str, str, str, str]:
        if len(text) > 200:
            raise argparse.ArgumentTypeError(_("expected a list like {example}, not {text}")
                                             .format(example=SEATS_EXAMPLE, text=excerpt(text)))
        kinds = ["remote"] * 4
        seen: set[str] = set()
        for part in text.split(","):
            seat, sep, kind = part.strip().partition("=")
            seat, kind = seat.strip().lower(), kind.strip().lower()
            if not sep or seat not in SEAT_WORDS or kind not in SEAT_KINDS:
                raise argparse.ArgumentTypeError(
                    _("expected a list like {example}, not {text}").format(
                        example=SEATS_EXAMPLE, text=excerpt(part.strip())))
            if seat in seen:
                raise argparse.ArgumentTypeError(_("{seat} is named twice").format(seat=seat))
            seen.add(seat)
            kinds[SEAT_WORDS.index(seat)] = kind
        return kinds[0], kinds[1], kinds[2], kinds[3]

    convert.__name__ = "seats"
    return convert


SEATS_EXAMPLE = "north=person,east=normal,south=remote,west=remote"


__all__ = [
    "MESSAGE_LIMIT",
    "SEATS_EXAMPLE",
    "SEAT_KINDS",
    "SEAT_WORDS",
    "SEED_LIMIT",
    "OneLineParser",
    "add_lang_option",
    "address_port",
    "float_in",
    "int_in",
    "lang_code",
    "one_of",
    "port_number",
    "seats_spec",
    "seed_int",
]
