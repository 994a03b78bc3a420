"""The suits' colours, chosen by the person at the keyboard (no engine here: the start
screen, which comes up before the engine is loaded, offers the choice)."""

from __future__ import annotations

# The suits' colours. Standard: red suits red, black suits the terminal's own colour.
# Four colours (for colour-blind players, and to tell suits apart at a glance): ♠ the
# terminal's colour, ♥ red, ♦ blue, ♣ green. Without colour (NO_COLOR, a monochrome
# terminal) the symbols alone tell the suits apart.
STANDARD_SUITS = {"S": "", "C": "", "D": "bold red", "H": "bold red"}
FOUR_COLOUR_SUITS = {"S": "", "C": "bold green3", "D": "bold dodger_blue1",
                     "H": "bold red"}
SUIT_STYLE = dict(STANDARD_SUITS)


def use_four_colours(on: bool) -> None:
    """Draw the suits in four colours from now on (or in the standard two)."""
    SUIT_STYLE.clear()
    SUIT_STYLE.update(FOUR_COLOUR_SUITS if on else STANDARD_SUITS)


def four_colours() -> bool:
    return SUIT_STYLE == FOUR_COLOUR_SUITS



__all__ = ["FOUR_COLOUR_SUITS", "STANDARD_SUITS", "SUIT_STYLE", "four_colours",
           "use_four_colours"]
