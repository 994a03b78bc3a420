"""Errors raised by the rules engine."""

from __future__ import annotations


class IllegalAction(ValueError):
    """An action the rules do not allow in the current position.

    ``rule`` is the id from RULES-SPEC.md (e.g. ``"R20"``) and ``reason`` a plain
    sentence a player can read; ``str(error)`` is the reason with the rule id.
    """

    def __init__(self, reason: str, rule: str) -> None:
        self.reason = reason
        self.rule = rule
        super().__init__(f"{reason} ({rule})")


class MalformedRecord(ValueError):
    """A game record that cannot be read: bad JSON, bad cards, unknown keys…"""
