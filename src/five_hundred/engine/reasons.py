"""Why the rules refuse an action, as data a translator can use.

A ``Because`` *is* the English sentence (a ``str``: records, ``replay --json``, logs
and tests read it as before) and also keeps its template and arguments, so a screen
can say it in the player's language (``notation.reason_text``, above the engine) instead of showing
the English. Arguments are named by what they hold, which is how both the English
here and the translation know how to write them:

- ``who``: a seat (−1 for nobody); ``card``: a card, in words; ``face``: a card as
  its face (``J♦``); ``suits`` / ``Suits``: a suit's plural name (capitalised);
  ``suit``: its singular; ``bid`` / ``high``: a bid's record code; ``k``: a number;
  a nested ``Because``: that sentence.
"""

from __future__ import annotations

from five_hundred.faces import SEATS, card_face

from .cards import SUIT_NAMES, SUIT_SINGULAR, card_name, card_str

Arg = int | str


def N_(template: str) -> str:
    """Marks a template for the catalogues (``tools/catalogues.py`` extracts it)."""
    return template


class Because(str):
    """An English reason that remembers how it was built."""

    template: str
    args: dict[str, Arg]

    def __new__(cls, template: str, shown: dict[str, str] | None = None,
                **args: Arg) -> Because:
        # ``shown``: the English words of arguments that are codes (a bid's label)
        words = {k: english(k, v) for k, v in args.items()} | (shown or {})
        text = template.format(**words)
        made = super().__new__(cls, text)
        made.template = template
        made.args = args
        return made


def english(key: str, value: Arg) -> str:
    """An argument written in English, by what its name says it holds."""
    if isinstance(value, str):  # a nested Because, or text that is already words
        return value
    if key == "who":
        return SEATS[value] if value >= 0 else "Nobody"
    if key == "card":
        return card_name(value)
    if key == "face":
        return card_face(card_str(value))
    if key == "suits":
        return SUIT_NAMES[value]
    if key == "Suits":
        return SUIT_NAMES[value].capitalize()
    if key == "suit":
        return SUIT_SINGULAR[value]
    return str(value)


__all__ = ["N_", "Because", "english"]
