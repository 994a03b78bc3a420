"""Text from files and keyboards made safe to draw or print in a terminal.

A name in a save or a record is data: it must not carry escape sequences (which could
clear the screen or retitle the window), bidirectional overrides, lone surrogates
(which cannot be encoded) or Rich markup effects. Every string that came from outside
passes through ``clean_text`` before it is drawn or printed; player names also through
``clean_name``, which bounds their length.
"""

from __future__ import annotations

import unicodedata

NAME_LIMIT = 20  # characters of a player's name, typed or loaded
EXCERPT_LIMIT = 40  # characters of a bad value echoed in an error message


def clean_text(text: str) -> str:
    """``text`` without control, format, surrogate, private-use or unassigned characters
    (Unicode categories C*): escape sequences lose their ESC and become inert."""
    return "".join(ch for ch in text if not unicodedata.category(ch).startswith("C"))


def clean_name(text: str, fallback: str) -> str:
    """A player's name, cleaned, stripped and cut to ``NAME_LIMIT``; ``fallback`` if
    nothing is left."""
    name = " ".join(clean_text(text).split())[:NAME_LIMIT].strip()
    return name or fallback


def excerpt(text: str, limit: int = EXCERPT_LIMIT) -> str:
    """A short, safe excerpt of a bad value for an error message: ``'abc…'``."""
    cleaned = clean_text(text)
    if len(cleaned) > limit:
        cleaned = cleaned[:limit] + "…"
    return repr(cleaned)


__all__ = ["EXCERPT_LIMIT", "NAME_LIMIT", "clean_name", "clean_text", "excerpt"]
