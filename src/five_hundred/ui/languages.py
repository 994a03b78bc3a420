"""The language commands every app of the game offers (the table, the join client, the
host's set-up): one place, so the palette and F3 read the same in each."""

from __future__ import annotations

from collections.abc import Callable, Iterator
from functools import partial
from typing import Any

from textual.app import App, SystemCommand
from textual.screen import ModalScreen

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


def redraw_screens(app: App[Any]) -> None:
    """Every screen in ``app``'s stack drawn again (its words, its colours), what was
    typed and chosen kept."""
    for screen in app.screen_stack:
        redraw = getattr(screen, "redraw_language", None)
        if callable(redraw):
            redraw()
        elif screen.is_mounted and not isinstance(screen, ModalScreen):
            screen.refresh(recompose=True)


__all__ = ["language_commands", "next_language", "redraw_screens"]
