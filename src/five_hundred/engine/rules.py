"""The rule set: every rule that varies between tables is data here, not a constant.

A ``RuleSet`` is built from a preset and the documented options of docs/record-format.md.
The structural fields (deck, kitty, deal pattern, ladder values, targets) are filled
by the preset; the option fields are what a game record may override.
"""

from __future__ import annotations

from operator import itemgetter
from typing import Any

from pydantic import BaseModel, ConfigDict

from five_hundred.safe_text import excerpt

from .errors import MalformedRecord

# Contract values of R28, rows 6..10, columns spades, clubs, diamonds, hearts, NT.
PAGAT_VALUES: tuple[tuple[int, ...], ...] = (
    (40, 60, 80, 100, 120),
    (140, 160, 180, 200, 220),
    (240, 260, 280, 300, 320),
    (340, 360, 380, 400, 420),
    (440, 460, 480, 500, 520),
)

# The options a record may set, per preset (docs/record-format.md, "The rule set").
OPTION_NAMES: tuple[str, ...] = (
    "no_misere",
    "misere_without_seven",
    "joker_lead_last_trick_only",
    "defensive_cap",
    "blind_misere",
)


# The fields ``RuleSet.__hash__`` reads: the preset and the options a record may set.
_HASH_FIELDS = itemgetter("preset", *OPTION_NAMES)


class RuleSet(BaseModel):
    """Frozen description of the game being played."""

    model_config = ConfigDict(frozen=True, extra="forbid")

    preset: str = "pagat-australian"

    # Deck (R1 / V6): lowest rank per suit in S, C, D, H order; 1 or 2 jokers.
    lowest_rank: tuple[int, int, int, int] = (5, 5, 4, 4)
    jokers: int = 1
    hand_size: int = 10
    kitty_size: int = 3
    # Deal rounds (R5): (cards to each player, cards to the kitty) per round.
    deal_pattern: tuple[tuple[int, int], ...] = ((3, 1), (4, 1), (3, 1))

    # Ladder and values (R9-R16, R28).
    contract_values: tuple[tuple[int, ...], ...] = PAGAT_VALUES
    misere_value: int = 250
    open_misere_value: int = 500
    blind_misere_value: int = 500
    game_bid: bool = False  # V6 "game" bids above 10NT
    game_value: int = 1000  # V6: what a "game" bid scores (seed 004's table)
    min_contract_tricks: int = 6  # V6: final bids below 8 are thrown in

    # Joker in NT and misère (R23-R27).
    joker_naming: bool = True
    misere_joker_compulsory: bool = True

    # Scoring and end of game (R30-R37, V4, V6).
    slam_value: int = 250
    defender_trick_points: int = 10
    lost_contract_to_opponents: bool = False
    target: int = 500
    # R35: only a side making its own contract can win; V6: the first side to the
    # target wins, however it got there (only one side scores in a deal).
    win_only_by_contract: bool = True
    losing_score: int = -500

    # Options of the Pagat preset (V1-V5), named as in the record.
    no_misere: bool = False
    misere_without_seven: bool = False
    joker_lead_last_trick_only: bool = False
    defensive_cap: int | None = None
    blind_misere: bool = False

    # Which option names the preset accepts in a record.
    allowed_options: tuple[str, ...] = OPTION_NAMES

    def __hash__(self) -> int:
        # The engine's tables are cached per rule set (``@cache`` on ``deck``,
        # ``ladder_for``, ``play_context``, ``kernel_for``...), a few lookups a deal.
        # Pydantic's frozen hash hashes every field (nested tuples included) on every
        # lookup; these few fields tell the presets and their options apart, read
        # straight from the fields' dict. Equality is unchanged and equal rule sets
        # still hash alike, so a rare collision costs only an equality test.
        return hash(_HASH_FIELDS(self.__dict__))

    @property
    def misere(self) -> bool:
        return not self.no_misere and self.misere_value > 0

    def to_record(self) -> dict[str, Any]:
        """The record's ``rules`` object: the preset plus options that differ from it."""
        base = PRESETS[self.preset]
        out: dict[str, Any] = {"preset": self.preset}
        for name in self.allowed_options:
            value = getattr(self, name)
            if value != getattr(base, name):
                out[name] = value
        return out

    def describe_options(self) -> list[str]:
        """One line per house rule in force, for tables and rules screens."""
        lines: list[str] = []
        if self.no_misere:
            lines.append("V1 no misère: misère and open misère may not be bid")
        if self.misere_without_seven:
            lines.append("V2 misère may be bid whenever it outranks the current bid")
        if self.joker_lead_last_trick_only:
            lines.append("V3 the suitless joker may be led only to the last trick")
        if self.defensive_cap is not None:
            lines.append(f"V4 defensive points stop at {self.defensive_cap}")
        if self.blind_misere:
            lines.append("V5 blind misère (±500) may be bid before seeing one's cards")
        if self.preset == "two-joker-1000":
            lines.append("V6 two-joker game to 1000")
        return lines


PAGAT_AUSTRALIAN = RuleSet()

TWO_JOKER_1000 = RuleSet(
    preset="two-joker-1000",
    lowest_rank=(4, 4, 4, 4),
    jokers=2,
    kitty_size=6,
    deal_pattern=((3, 2), (4, 2), (3, 2)),
    misere_value=0,
    open_misere_value=0,
    no_misere=True,
    game_bid=True,
    min_contract_tricks=8,
    joker_naming=False,
    defender_trick_points=0,
    slam_value=0,  # seed 004 has no slam bonus
    lost_contract_to_opponents=True,
    target=1000,
    win_only_by_contract=False,
    allowed_options=(),
)

PRESETS: dict[str, RuleSet] = {
    PAGAT_AUSTRALIAN.preset: PAGAT_AUSTRALIAN,
    TWO_JOKER_1000.preset: TWO_JOKER_1000,
}


def ruleset_from_record(data: object) -> RuleSet:
    """Build the rule set of a record's ``rules`` object; unknown keys are errors."""
    if data is None:
        return PAGAT_AUSTRALIAN
    if not isinstance(data, dict):
        raise MalformedRecord("rules: expected an object like {\"preset\": \"pagat-australian\"}")
    preset_name = data.get("preset", "pagat-australian")
    if not isinstance(preset_name, str) or preset_name not in PRESETS:
        known = ", ".join(sorted(PRESETS))
        shown = excerpt(preset_name) if isinstance(preset_name, str) else "that"
        raise MalformedRecord(f"rules.preset: unknown preset {shown} (known: {known})")
    preset = PRESETS[preset_name]
    update: dict[str, Any] = {}
    for key, value in data.items():
        if key == "preset":
            continue
        if key not in OPTION_NAMES:
            raise MalformedRecord(f"rules: unknown option {excerpt(key)}")
        if key not in preset.allowed_options:
            raise MalformedRecord(f"rules: preset {preset_name!r} has no option {key!r}")
        if key == "defensive_cap":
            if value is not None and (type(value) is not int or value not in (480, 490)):
                raise MalformedRecord("rules.defensive_cap: must be 490 or 480")
        elif type(value) is not bool:
            raise MalformedRecord(f"rules.{key}: must be true or false")
        update[key] = value
    if update.get("no_misere") and update.get("blind_misere"):
        raise MalformedRecord("rules: blind_misere is a misère and cannot be combined with "
                              "no_misere")
    return preset.model_copy(update=update)
