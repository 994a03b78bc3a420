"""The player's language: English, Português (Portugal), Português (Brasil) or Español,
through the stdlib ``gettext``.

European and Brazilian Portuguese are two catalogues (``pt`` and ``pt_BR``): the seats
(Este/Leste), the screen (ecrã/tela), the form of address and many words differ.

The catalogues are ``locale/<lang>/LC_MESSAGES/five_hundred.po`` under the package,
compiled to ``.mo`` next to them (both shipped in the wheel). English is the source
language and needs no catalogue.

One language is current for the whole process (one keyboard, one table): ``_()`` and
``ngettext()`` look it up at each call, so switching (``set_language``) applies to the
next thing drawn, also mid-game. Module-level texts are marked with ``N_()`` (found
by the extraction, translated where they are shown).

A networked table speaks to each client in its own language: ``using(lang)`` makes
``lang`` current for a block of code only. It is a context variable, not the global, so
it holds for the thread (or asyncio task) that entered the block and for nothing else:
a computer thinking in another thread meanwhile still sees the process's language.

No textual and no rich here: the engine's neighbours and ``five-hundred rules`` use it.
"""

from __future__ import annotations

import gettext as _gettext
import os
from collections.abc import Iterator, Mapping
from contextlib import contextmanager
from contextvars import ContextVar
from functools import cache

DOMAIN = "five_hundred"
LANGUAGES = ("en", "pt", "pt_BR", "es")  # F3 goes through them in this order
DEFAULT = "en"
# each language's name in itself (the choice on the start screen)
LANGUAGE_NAMES = {"en": "English", "pt": "Português (Portugal)",
                  "pt_BR": "Português (Brasil)", "es": "Español"}
ENV_VARIABLES = ("LC_ALL", "LC_MESSAGES", "LANG")  # the order POSIX gives them
MINUS = "−"  # a true minus sign, in every language

_current = DEFAULT
# the language of a block (``using``), for this thread or task only; None: ``_current``
_block: ContextVar[str | None] = ContextVar("five_hundred_language", default=None)


@cache
def translations(lang: str) -> _gettext.NullTranslations:
    """The compiled catalogue of ``lang`` (nothing to translate for English, or when a
    catalogue is missing: the English text is shown rather than nothing)."""
    if lang == DEFAULT:
        return _gettext.NullTranslations()
    from importlib import resources  # only for a catalogue (English has none: fast start)

    path = resources.files("five_hundred").joinpath(
        "locale", lang, "LC_MESSAGES", f"{DOMAIN}.mo")
    try:
        with path.open("rb") as fp:
            return _gettext.GNUTranslations(fp)
    except OSError:
        return _gettext.NullTranslations()


def normalise(value: str | None) -> str | None:
    """A locale name as one of LANGUAGES: ``pt_BR.UTF-8`` / ``pt-BR`` -> ``pt_BR``;
    ``pt``, ``pt_PT.UTF-8`` (and any other Portuguese) -> ``pt``; ``es-AR`` -> ``es``;
    ``en`` -> ``en``; None for a language not offered (or ``C``/``POSIX``, which mean
    English: ``en``)."""
    if not value:
        return None
    name = value.split(".", 1)[0].split("@", 1)[0].replace("-", "_").strip()
    lang, _sep, region = name.partition("_")
    lang, region = lang.lower(), region.upper()
    if lang in ("c", "posix"):
        return DEFAULT
    if lang == "pt" and region == "BR":
        return "pt_BR"
    return lang if lang in LANGUAGES else None


def code(text: str) -> str | None:
    """``--lang``'s value as one of LANGUAGES, the spelling of the region free
    (``pt_BR``, ``pt-BR``, ``pt-br``); None for anything else (``fr``, ``pt_PT.UTF-8``:
    the option names a language offered, not a locale)."""
    wanted = text.strip().replace("-", "_").lower()
    return next((lang for lang in LANGUAGES if lang.lower() == wanted), None)


def from_environment(environ: Mapping[str, str] | None = None) -> str:
    """The language the environment asks for: the first of LC_ALL, LC_MESSAGES, LANG
    that is set decides (as for any POSIX program); English if it is not offered."""
    env = os.environ if environ is None else environ
    for name in ENV_VARIABLES:
        value = env.get(name, "")
        if value:
            return normalise(value) or DEFAULT
    return DEFAULT


def set_language(lang: str) -> None:
    """Make ``lang`` current (``ValueError`` for one not offered)."""
    global _current
    if lang not in LANGUAGES:
        raise ValueError(f"unknown language {lang!r}")
    _current = lang


def language() -> str:
    """The current language: the one of the enclosing ``using`` block, if any, else the
    process's."""
    return _block.get() or _current


@contextmanager
def using(lang: str) -> Iterator[None]:
    """Make ``lang`` current inside the ``with`` block, for this thread or asyncio task
    only (``ValueError`` for a language not offered). Blocks nest; the process's
    language (``set_language``) is left alone."""
    if lang not in LANGUAGES:
        raise ValueError(f"unknown language {lang!r}")
    token = _block.set(lang)
    try:
        yield
    finally:
        _block.reset(token)


def _(message: str) -> str:
    """``message`` in the current language."""
    return translations(language()).gettext(message)


def ngettext(singular: str, plural: str, n: int) -> str:
    """The form for ``n`` in the current language ("1 vaza", "2 vazas")."""
    return translations(language()).ngettext(singular, plural, n)


def pgettext(context: str, message: str) -> str:
    """``message`` in the current language, told apart by ``context`` (a word that
    English spells the same in two senses)."""
    return translations(language()).pgettext(context, message)


def N_(message: str) -> str:
    """Mark ``message`` for translation where it is defined; ``_()`` translates it
    where it is shown."""
    return message


def number(n: int) -> str:
    """An integer as the current language writes it, with a true minus sign. No
    thousands separator: scores have at most four digits (Spanish and Portuguese
    write 1000 without one too)."""
    return f"{MINUS}{-n}" if n < 0 else str(n)


def decimal(x: float, places: int = 1) -> str:
    """``1.5`` in English, ``1,5`` in Portuguese (both) and Spanish."""
    text = f"{x:.{places}f}".replace("-", MINUS)
    return text if language() == DEFAULT else text.replace(".", ",")


def percent(fraction: float) -> str:
    """``45%`` (English, Portuguese of Portugal and Brazil) or ``45 %`` (Spanish, with
    a no-break space)."""
    value = f"{fraction * 100:.0f}".replace("-", MINUS)
    return f"{value}\u00a0%" if language() == "es" else f"{value}%"


__all__ = ["DEFAULT", "LANGUAGES", "LANGUAGE_NAMES", "MINUS", "N_", "_", "code", "decimal",
           "from_environment", "language", "ngettext", "normalise", "number", "percent",
           "pgettext", "set_language", "translations", "using"]
