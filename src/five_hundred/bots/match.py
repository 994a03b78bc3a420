"""Match-score awareness: what a deal's points are worth for winning the game.

Points matter by what they do to the chance of winning the game (R34-R37). A side at
450 wins with any contract worth 50 made, so a small contract is worth far more than
its points; when the opponents' bid would take them past the target, letting them
play it may lose the game; a side near the losing score loses the game by going set.

``win_chance`` is a smooth model of the race between the two sides: each side's
distance to the target (at least ``MIN_NEED``: under R35 a side past the target still
has to make a contract), and a logistic spread that narrows as the end comes closer
(fewer deals left, so a lead counts for more). ``utility`` turns one deal's outcome
into a change of that chance, scaled so that at 0-0 one point is worth one point:
mid-game it stays close to the plain point difference the bots used before, and a
game won or lost (decided exactly by the engine's ``game_winner``, R34-R36) counts
for what it is. Every bot that weighs deal outcomes can use it in place of "points
for us minus points for them".
"""

from __future__ import annotations

import math
from statistics import NormalDist

from five_hundred import notation
from five_hundred.engine.bidding import Bid
from five_hundred.engine.rules import RuleSet
from five_hundred.engine.scoring import DealScore, game_winner, score_deal
from five_hundred.i18n import _

SPREAD = 12.0  # logistic spread of the race, per square root of a point of distance
MIN_NEED = 40  # the least a side still needs: the smallest contract (6♠)
# Rule-based bidding (normal): the uncertainty of its trick estimate, in tricks, and
# how far the match may move its bar (tricks).
TRICK_SIGMA = 1.0
MAX_SLACK = 1.5
# An opponents' contract is assumed made this often when nothing better is known
# (normal and club make 80-90% of their suit contracts; misère: the rule-based
# levels' target rate, since the sampler does not know what a misère bidder holds).
CONTRACT_MADE = 0.8
MISERE_MADE = 0.5


def _distance(rules: RuleSet, score: int) -> float:
    return float(max(rules.target - score, MIN_NEED))


def win_chance(rules: RuleSet, scores: tuple[int, int], team: int) -> float:
    """A smooth estimate of ``team``'s chance of winning the game from ``scores`` (the
    game not yet decided)."""
    mine = _distance(rules, scores[team])
    theirs = _distance(rules, scores[1 - team])
    spread = SPREAD * math.sqrt((mine + theirs) / 2)
    return 1.0 / (1.0 + math.exp((mine - theirs) / spread))


def scale(rules: RuleSet) -> float:
    """Points per unit of win chance: at 0-0 a point for us is worth one point."""
    return 4.0 * SPREAD * math.sqrt(_distance(rules, 0))


# Memo of ``utility`` and ``bid_slack``: a card decision weighs the same few outcomes
# for every sample and candidate. Plain dicts (atomic enough for the table's worker
# threads), emptied when large.
_MEMO_SIZE = 50_000
_utilities: dict[tuple[object, ...], float] = {}
_slacks: dict[tuple[object, ...], float] = {}


def utility(rules: RuleSet, scores: tuple[int, int], team: int, res: DealScore,
            declarer_team: int | None) -> float:
    """What the deal scored as ``res`` is worth to ``team`` given the scores before
    it, in points (the change of its win chance times ``scale``)."""
    # Everything the game's end and the win chance read from the rules (R34-R37).
    key = (rules.target, rules.losing_score, rules.win_only_by_contract, scores, team,
           res.change, res.made, res.game_decided_by, declarer_team)
    value = _utilities.get(key)
    if value is None:
        if len(_utilities) > _MEMO_SIZE:
            _utilities.clear()
        value = _utilities[key] = _utility(rules, scores, team, res, declarer_team)
    return value


def _after(rules: RuleSet, scores: tuple[int, int], res: DealScore,
           declarer_team: int | None) -> tuple[tuple[int, int], int | None]:
    """The scores after the deal scored as ``res``, and the game's winner then (R34-R36)
    or None."""
    after = (scores[0] + res.change[0], scores[1] + res.change[1])
    winner, _ = game_winner(rules, after, declarer_team, res.made, res.game_decided_by)
    return after, winner


def _winner_with(rules: RuleSet, scores: tuple[int, int], bid: Bid, declarer_team: int,
                 dec_tricks: int) -> int | None:
    """The game's winner after ``bid`` played by ``declarer_team`` takes ``dec_tricks``."""
    res = score_deal(rules, bid, declarer_team, dec_tricks, rules.hand_size - dec_tricks,
                     scores)
    return _after(rules, scores, res, declarer_team)[1]


def _utility(rules: RuleSet, scores: tuple[int, int], team: int, res: DealScore,
             declarer_team: int | None) -> float:
    after, winner = _after(rules, scores, res, declarer_team)
    end = win_chance(rules, after, team) if winner is None else float(winner == team)
    return scale(rules) * (end - win_chance(rules, scores, team))


def outcome(rules: RuleSet, scores: tuple[int, int], team: int, bid: Bid,
            declarer_team: int, dec_tricks: int) -> float:
    """``utility`` of ``bid`` played by ``declarer_team`` taking ``dec_tricks`` (the
    declarer's own tricks in misère)."""
    total = rules.hand_size
    res = score_deal(rules, bid, declarer_team, dec_tricks, total - dec_tricks, scores)
    return utility(rules, scores, team, res, declarer_team)


def wins_game(rules: RuleSet, scores: tuple[int, int], bid: Bid, declarer_team: int) -> bool:
    """Whether ``bid`` made by ``declarer_team`` (exactly, no overtricks) wins it the
    game."""
    tricks = 0 if bid.is_misere else bid.tricks
    return _winner_with(rules, scores, bid, declarer_team, tricks) == declarer_team


def loses_game(rules: RuleSet, scores: tuple[int, int], bid: Bid, declarer_team: int) -> bool:
    """Whether ``bid`` failed by one trick loses ``declarer_team`` the game (R36)."""
    tricks = 1 if bid.is_misere else bid.tricks - 1
    winner = _winner_with(rules, scores, bid, declarer_team, tricks)
    return winner is not None and winner != declarer_team


def contract_value(rules: RuleSet, scores: tuple[int, int], team: int, bid: Bid,
                   declarer_team: int) -> float:
    """``team``'s expected utility of ``bid`` played by ``declarer_team`` when nothing is
    known of the play: made exactly ``CONTRACT_MADE`` of the time (misère:
    ``MISERE_MADE``), else failed by one trick."""
    p = MISERE_MADE if bid.is_misere else CONTRACT_MADE
    made = 0 if bid.is_misere else bid.tricks
    failed = 1 if bid.is_misere else bid.tricks - 1
    return (p * outcome(rules, scores, team, bid, declarer_team, made)
            + (1 - p) * outcome(rules, scores, team, bid, declarer_team, failed))


def _break_even(rules: RuleSet, scores: tuple[int, int], team: int, bid: Bid,
                pass_value: float) -> float:
    """The chance of making ``bid`` (exactly, else one trick short) at which bidding it
    is worth as much as ``pass_value``."""
    made = outcome(rules, scores, team, bid, team, bid.tricks)
    failed = outcome(rules, scores, team, bid, team, bid.tricks - 1)
    if made <= failed:
        return 1.0
    return (pass_value - failed) / (made - failed)


def bid_slack(rules: RuleSet, scores: tuple[int, int], team: int, bid: Bid,
              high: Bid | None = None, high_team: int = -1) -> float:
    """Tricks by which the match situation lowers (positive) or raises (negative) the
    bar for bidding the suit or NT ``bid``, for a rule-based estimate of tricks: the
    shift of the break-even chance of making it from 0-0 to these scores, passing
    leaving ``high`` to ``high_team`` (or nothing), read through a normal spread of
    ``TRICK_SIGMA`` tricks. Zero at 0-0 whatever the auction, so the rule-based
    judgement is unchanged there."""
    key = (rules, scores, team, bid, high, high_team)
    value = _slacks.get(key)
    if value is None:
        if len(_slacks) > _MEMO_SIZE:
            _slacks.clear()
        value = _slacks[key] = _bid_slack(rules, scores, team, bid, high, high_team)
    return value


def _bid_slack(rules: RuleSet, scores: tuple[int, int], team: int, bid: Bid,
               high: Bid | None, high_team: int) -> float:
    def pass_value(at: tuple[int, int]) -> float:
        if high is None or high_team < 0:
            return 0.0
        return contract_value(rules, at, team, high, high_team)

    neutral = _break_even(rules, (0, 0), team, bid, pass_value((0, 0)))
    here = _break_even(rules, scores, team, bid, pass_value(scores))
    dist = NormalDist()

    def z(p: float) -> float:
        return dist.inv_cdf(min(0.999, max(0.001, p)))

    return max(-MAX_SLACK, min(MAX_SLACK, TRICK_SIGMA * (z(neutral) - z(here))))


def situation(rules: RuleSet, scores: tuple[int, int], team: int, high: Bid | None = None,
              high_team: int = -1, cheapest: Bid | None = None,
              winning: Bid | None = None) -> str:
    """The match situation for ``team`` in one phrase, in the table's notation: the
    scores, and what the next contract can do to the game: the other side's ``high``
    winning them the game, ``winning`` (our cheapest bid that wins the game) made, our
    ``cheapest`` bid failed taking us to the losing score."""
    names = (notation.team_short(0), notation.team_short(1))
    # a no-break space keeps each side by its score when a hint is wrapped
    out = _("match: {team}\u00a0{score}, {other}\u00a0{other_score}").format(
        team=names[team], score=notation.points(scores[team]), other=names[1 - team],
        other_score=notation.points(scores[1 - team]))
    notes: list[str] = []
    if high is not None and high_team >= 0 and wins_game(rules, scores, high, high_team):
        text = _("their {bid} made wins {team} the game") if high_team != team \
            else _("our {bid} made wins {team} the game")
        notes.append(text.format(bid=notation.bid_label(high.code), team=names[high_team]))
    if winning is not None and wins_game(rules, scores, winning, team):
        notes.append(_("{team} win the game with {bid} made").format(
            team=names[team], bid=notation.bid_label(winning.code)))
    if cheapest is not None and loses_game(rules, scores, cheapest, team):
        notes.append(_("{team} lose the game if {bid} fails").format(
            team=names[team], bid=notation.bid_label(cheapest.code)))
    if not notes:
        need = rules.target - scores[team]
        if 0 < need <= MIN_NEED * 3:
            notes.append(_("{team} need {points} to win").format(
                team=names[team], points=notation.points(need)))
    return out + ("; " + "; ".join(notes) if notes else "")


__all__ = ["bid_slack", "contract_value", "loses_game", "outcome", "scale", "situation",
           "utility", "win_chance", "wins_game"]
