"""Scoring a deal and deciding the game (R28-R37, V4, V6)."""

from __future__ import annotations

from dataclasses import dataclass

from .bidding import GAME, Bid
from .rules import RuleSet


@dataclass(frozen=True, slots=True)
class DealScore:
    change: tuple[int, int]
    reasons: tuple[tuple[str, ...], tuple[str, ...]]  # per team, human-readable
    made: bool  # the declaring side made its contract
    game_decided_by: int | None = None  # V6 "game" bid: the team that wins outright


def score_deal(rules: RuleSet, bid: Bid, declarer_team: int, declarer_tricks: int,
               defender_tricks: int, scores: tuple[int, int]) -> DealScore:
    """Score one played deal. ``declarer_tricks`` counts the declaring side's tricks
    (the declarer's alone in misère)."""
    d, o = declarer_team, 1 - declarer_team
    change = [0, 0]
    reasons: list[list[str]] = [[], []]
    if bid.is_misere:
        made = declarer_tricks == 0  # R33
        name = bid.label
        if made:
            change[d] = bid.value
            reasons[d].append(f"{name} made: +{bid.value}")
        else:
            change[d] = -bid.value
            reasons[d].append(f"{name} failed: −{bid.value}")
        return DealScore((change[0], change[1]), (tuple(reasons[0]), tuple(reasons[1])), made)
    made = declarer_tricks >= bid.tricks
    if bid.kind == GAME:
        # V6: all ten tricks decide the whole game, whatever the scores.
        made = declarer_tricks == 10
        winner = d if made else o
        change[winner] = bid.value
        if made:
            reasons[d].append(f"{bid.label} made: +{bid.value}, the game is won")
        else:
            reasons[o].append(f"{bid.label} lost: +{bid.value} to the defence, who win")
        return DealScore((change[0], change[1]), (tuple(reasons[0]), tuple(reasons[1])),
                         made, winner)
    if made:
        value = bid.value
        if declarer_tricks == 10 and value < rules.slam_value:
            value = rules.slam_value  # R30
            reasons[d].append(f"slam: {value}")
        else:
            reasons[d].append(f"{bid.label} made: +{value}")
        change[d] = value
    elif rules.lost_contract_to_opponents:
        change[o] = bid.value  # V6
        reasons[o].append(f"{bid.label} lost: +{bid.value} to the defence")
    else:
        change[d] = -bid.value  # R31
        reasons[d].append(f"{bid.label} lost: −{bid.value}")
    if rules.defender_trick_points and defender_tricks:
        points = rules.defender_trick_points * defender_tricks  # R32
        text = f"defence: {defender_tricks} trick{'s' if defender_tricks != 1 else ''} × " \
               f"{rules.defender_trick_points}"
        cap = rules.defensive_cap
        if cap is not None:  # V4
            room = max(0, cap - scores[o])
            if points > room:
                text += f", capped at {cap}"
                points = room
        change[o] += points
        reasons[o].append(text)
    return DealScore((change[0], change[1]), (tuple(reasons[0]), tuple(reasons[1])), made)


def game_winner(rules: RuleSet, scores: tuple[int, int], declarer_team: int | None,
                made: bool, decided_by: int | None = None) -> tuple[int | None, str]:
    """Winner after a deal has been scored in full (R34-R37), with the reason.

    ``declarer_team`` is ``None`` after a passed-out or thrown-in deal: nobody made a
    contract, but a side at the losing score has still lost (R36)."""
    if decided_by is not None:
        if decided_by == declarer_team:
            return decided_by, "made the game bid"
        return decided_by, "the other side failed its game bid"
    if declarer_team is not None and made and scores[declarer_team] >= rules.target:
        return declarer_team, f"made its contract to reach {scores[declarer_team]}"
    if not rules.win_only_by_contract:
        for team in (0, 1):
            if scores[team] >= rules.target:
                return team, f"reached {scores[team]}"
    for team in (0, 1):
        if scores[team] <= rules.losing_score:
            return 1 - team, f"the other side fell to {scores[team]}"
    return None, ""
