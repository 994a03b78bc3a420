"""The language commands every app of the game offers (the table, the join client, the
host's set-up): one place, so the palette and F3 read the same in each."""

from __future__ import annotations

from collections.abc import Callable, Iterator
from functools import partial

from textual.app import SystemCommand

from five_hundred import i18n
from five_hundred.i18n import _


def next_language() -> str:
    """The language F3 goes to from the current one."""
    langs = i18n.LANGUAGES
    return langs[(langs.index(i18n.language()) + 1) % len(langs)]


def language_commands(set_language: Callable[[str], None]) -> Iterator[SystemCommand]:
    """A palette command for each language but the current one."""
    for lang in i18n.LANGUAGES:
        if lang != i18n.language():
            yield SystemCommand(
                f"{_('Language')}: {i18n.LANGUAGE_NAMES[lang]}",
                _("Show the game in {language} (F3: the next language)").format(
                    language=i18n.LANGUAGE_NAMES[lang]),
                partial(set_language, lang))


__all__ = ["language_commands", "next_language"]
