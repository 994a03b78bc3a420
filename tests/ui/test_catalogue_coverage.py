"""No string a player can read escapes the catalogues (issue 13, item 2).

The game is played in a pseudo-language whose "translation" of every message writes
its letters with accents (``Ṗàśś ṫḣè ķèỳḃòàŕḋ``), placeholders untouched. Every word of
plain ASCII letters left on the screen then came from somewhere other than the
catalogue: a string someone forgot to mark. Only data may be plain: the players'
names, the card and bid symbols (``10♥``, ``6NT``, ``JK``) and the keys' own names in
the key bar (``f1``, ``^p``).

The rules text is not a catalogue message (each language has its own rules file,
checked by tests/test_rules_translations.py), so the rules screen is left out.
"""

from __future__ import annotations

import gettext
import re
from collections.abc import Iterator
from pathlib import Path

import pytest
from textual.pilot import Pilot

from five_hundred import i18n
from five_hundred.hotseat import Player
from five_hundred.ui.app import FiveHundredApp, create_app
from five_hundred.ui.screens.table import TableScreen
from tests.acting import act_text, play_to_the_end

from .helpers import act_first, resize, screen_text

PLAIN = "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ"
ACCENTED = "àḃċḋèḟġḣìĵķĺṁńòṗʠŕśṫùṽẁẋỳżÀḂĊḊÈḞĠḢÌĴĶĹṀŃÒṖɊŔŚṪÙṼẀẊỲŻ"
_TABLE = str.maketrans(PLAIN, ACCENTED)
_FIELD = re.compile(r"(\{[^}]*\}|%\([^)]*\)[sdr]|%[sdr])")
NAMES = (Player("Ana"), Player("Bruno"), Player("Carla"), Player("Davi"))
# plain words that are data, not messages: names, the no-trump and joker indices, the
# keys' own names, the languages' names (each written in its own language)
ALLOWED = {"Ana", "Bruno", "Carla", "Davi", "NT", "JK", "esc", "Esc", "space", "English"}
_WORD = re.compile(r"[A-Za-z]{2,}")
_PATH = re.compile(r"\S*/\S*")  # a folder's name is data too


def pseudo(text: str) -> str:
    return "".join(part if _FIELD.fullmatch(part) else part.translate(_TABLE)
                   for part in _FIELD.split(text))


class Pseudo(gettext.NullTranslations):
    def gettext(self, message: str) -> str:
        return pseudo(message)

    def ngettext(self, msgid1: str, msgid2: str, n: int) -> str:
        return pseudo(msgid1 if n == 1 else msgid2)

    def pgettext(self, context: str, message: str) -> str:
        return pseudo(message)


@pytest.fixture
def pseudo_language(monkeypatch: pytest.MonkeyPatch) -> Iterator[None]:
    monkeypatch.setattr(i18n, "translations", lambda lang: Pseudo())
    monkeypatch.setattr(i18n, "_current", "xx")
    yield


def escaped(app: FiveHundredApp) -> set[str]:
    """The plain words on the screen that no catalogue message wrote."""
    text = _PATH.sub(" ", screen_text(app))
    return {w for w in _WORD.findall(text) if w not in ALLOWED}


async def _look(pilot: Pilot[None], seen: dict[str, set[str]], where: str) -> None:
    await pilot.pause()
    app = pilot.app
    assert isinstance(app, FiveHundredApp)
    words = escaped(app)
    if words:
        seen[where] = words


async def test_every_word_on_the_game_screens_is_a_catalogue_message(
        tmp_path: Path, pseudo_language: None) -> None:
    seen: dict[str, set[str]] = {}
    app = create_app(tmp_path / "a", seed=15, players=NAMES, pace=3600.0, autostart=False)
    async with app.run_test(size=(120, 40), notifications=True) as pilot:
        await _look(pilot, seen, "start")
        await pilot.press("f2")
        await _look(pilot, seen, "history")
        await pilot.press("escape")
        await pilot.press("ctrl+n")
        await _look(pilot, seen, "curtain")
        c = app.controller
        assert c is not None
        assert c.acting_seat is not None
        app.curtain_lifted(c.acting_seat)
        await _look(pilot, seen, "bidding")
        await pilot.press("7", "1", "h")  # a level, a suit, a hint
        await _look(pilot, seen, "hint")
        await pilot.press("u")  # nothing to take back: said why
        await _look(pilot, seen, "refused take-back")
        act_text(c, "bid 6NT")
        for _ in range(3):
            act_text(c, "pass")
        app.advance()
        await pilot.pause()
        assert c.acting_seat is not None
        app.curtain_lifted(c.acting_seat)
        await pilot.press("1", "space", "2", "space", "3", "space", "4", "space")
        await _look(pilot, seen, "discard, a fourth mark refused")
        await pilot.press("enter")
        await _look(pilot, seen, "discard confirmation")
        act_text(c, "discard 5S 7S QS")
        app.advance()
        await _look(pilot, seen, "joker")
        act_text(c, "joker H")
        app.advance()
        await pilot.press("enter")  # a lead needs a choice first: said so
        await _look(pilot, seen, "lead")
        await act_first(app, pilot)
        table = app.screen
        assert isinstance(table, TableScreen) and table.view is not None
        refused = [card for card in table.view.hand if card not in table.view.playable()]
        if refused:
            await pilot.press("1234567890"[table.view.hand.index(refused[0])], "enter")
            await _look(pilot, seen, "a card refused")
        await pilot.press("c")
        await _look(pilot, seen, "a claim refused")
        await pilot.press("s")
        await _look(pilot, seen, "score sheet")
        await pilot.press("escape", "k")
        await _look(pilot, seen, "keys")
        await pilot.press("escape", "q")
        await _look(pilot, seen, "quit dialog")
        await pilot.press("escape")
        await resize(pilot, 60, 20)
        await _look(pilot, seen, "too small")
        await resize(pilot, 120, 40)
        play_to_the_end(c)
        app.advance()
        await _look(pilot, seen, "summary")
    assert not seen, "; ".join(f"{k}: {' '.join(sorted(v))}" for k, v in seen.items())
