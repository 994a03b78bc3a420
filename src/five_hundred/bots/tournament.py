"""Duplicate matches between two levels: ``five-hundred tournament --a hard --b normal``.

Each pair is one seeded deal played twice with the partnerships swapped (A as
North-South, then A as East-West, the same cards and dealer), so the luck of the cards
cancels. Each orientation's deals run on as one game series (scores carried over;
a new game starts when one is won), which gives the game-win rate. The figure quoted
is A's points per deal minus B's, averaged over both plays of a pair, with a 95%
confidence interval over the pairs (normal approximation). Each side's contracts are
counted by kind (suit, NT, misère, open misère; blind misère and game bids when the
rules have them): how many it won in the auction and how many it made.
"""

from __future__ import annotations

import argparse
import math
import random
import sys
import time
from collections.abc import Callable
from dataclasses import dataclass, field

from five_hundred.cli_args import OneLineParser, float_in, int_in, one_of, seed_int
from five_hundred.engine.bidding import (
    BLIND_MISERE,
    GAME,
    MISERE,
    OPEN_MISERE,
    Bid,
    ladder_for,
)
from five_hundred.engine.cards import NO_TRUMPS
from five_hundred.engine.rules import PRESETS, RuleSet
from five_hundred.engine.state import DealResult, GameState, first_dealer
from five_hundred.engine.views import view_for

from .levels import LEVELS, YARDSTICKS, KnowledgePlayer, player
from .player import DEFAULT_BUDGET
from .reasons import BidReason


@dataclass
class MatchResult:
    pairs: int
    mean: float  # A's points minus B's, per deal
    half_width: float  # of the 95% interval
    games_won: int
    games_lost: int
    diffs: list[float]
    # contracts[side][kind] = [bid, made]; side 0 is A, 1 is B; kinds as KINDS
    contracts: tuple[dict[str, list[int]], dict[str, list[int]]] = field(
        default_factory=lambda: ({}, {}))
    passed_out: int = 0  # deals (of 2 * pairs) that all four passed
    interrupted: bool = False  # Ctrl-C: the figures are of the pairs finished before it

    @property
    def win_rate(self) -> float:
        done = self.games_won + self.games_lost
        return self.games_won / done if done else float("nan")


MATCH_LEVELS = LEVELS + YARDSTICKS
KINDS = ("suit", "NT", "misère", "open misère", "blind misère", "game")


def _bid_of(rules: RuleSet, code: str) -> Bid:
    ladder = ladder_for(rules)
    return ladder.bids[ladder.parse(code)]


def _kind(bid: Bid) -> str:
    if bid.kind == MISERE:
        return "misère"
    if bid.kind == OPEN_MISERE:
        return "open misère"
    if bid.kind == BLIND_MISERE:
        return "blind misère"
    if bid.kind == GAME:
        return "game"
    return "NT" if bid.trump == NO_TRUMPS else "suit"


def contract_kind(rules: RuleSet, code: str) -> str:
    """One of ``KINDS`` for a contract's record code (``7H``, ``8NT``, ``MIS``, …)."""
    return _kind(_bid_of(rules, code))


HIGH = "8+"  # suit and NT contracts of eight tricks or more, counted again apart


def contract_tallies(rules: RuleSet, code: str) -> tuple[str, ...]:
    """The tallies a contract counts in: its kind (``KINDS``), and ``HIGH`` as well
    for a suit or NT contract of 8 tricks or more."""
    bid = _bid_of(rules, code)
    kind = _kind(bid)
    return (kind, HIGH) if kind in ("suit", "NT") and bid.tricks >= 8 else (kind,)


def contract_line(name: str, counts: dict[str, list[int]]) -> str:
    """``contracts by club (bid/made): suit 310/262 (85%), NT 30/25 (83%), …``; the
    four kinds of the default rules are always shown, the others when they occur, and
    then the suit and NT contracts of 8 tricks or more among them."""
    parts = []
    for kind in (*KINDS, HIGH):
        bid, made = counts.get(kind, [0, 0])
        if not bid and kind not in (*KINDS[:4], HIGH):
            continue
        rate = f" ({made / bid:.0%})" if bid else ""
        label = "of them 8+ tricks" if kind == HIGH else kind
        parts.append(f"{label} {bid}/{made}{rate}")
    return f"contracts by {name} (bid/made): " + ", ".join(parts)


def play_deal(rules: RuleSet, seed: int, levels: tuple[str, str], scores: tuple[int, int],
              budget: float, on_bid: Callable[[int, BidReason], None] | None = None
              ) -> GameState:
    """One deal dealt from ``seed``; ``levels[team]`` plays for seats of that team.
    ``on_bid(seat, reason)`` is told why each bid or pass was made, by the levels that
    say so (the same decisions: ``choose`` is ``choose_explained``'s action)."""
    state = GameState.new_game(rules, seed, start_scores=scores, dealer=first_dealer(seed))
    rng = random.Random(f"bots:{seed}:{levels}")
    players = (player(levels[0]), player(levels[1]))
    while not state.deal_over:
        seat = state.to_act
        p = players[seat & 1]
        view = view_for(state, seat)
        if on_bid is not None and isinstance(p, KnowledgePlayer):
            action, reason = p.choose_explained(view, rng, budget)
            if reason is not None:
                on_bid(seat, reason)
        else:
            action = p.choose(view, rng, budget)
        state.apply(action.action, seat)
    return state


def run_match(a: str, b: str, pairs: int, seed: int, rules: RuleSet, budget: float,
              progress: bool = True) -> MatchResult:
    diffs: list[float] = []
    series = [[0, 0], [0, 0]]  # scores of the two orientation games
    won = lost = 0
    contracts: tuple[dict[str, list[int]], dict[str, list[int]]] = ({}, {})
    passed_out = 0
    start = time.monotonic()
    interrupted = False
    for i in range(pairs):
        try:
            outcome = _play_pair(a, b, seed * 100003 + i, rules, budget, series)
        except KeyboardInterrupt:  # a long match stopped by hand keeps what it played
            interrupted = True
            break
        pair, tables = outcome
        for res, a_team, winner in tables:
            if res.contract is None or res.declarer is None:
                passed_out += 1
            else:
                side = 0 if res.declarer % 2 == a_team else 1
                for name in contract_tallies(rules, res.contract):
                    tally = contracts[side].setdefault(name, [0, 0])
                    tally[0] += 1
                    tally[1] += bool(res.made)
            if winner is not None:
                if winner == a_team:
                    won += 1
                else:
                    lost += 1
        diffs.append(pair / 2)
        if progress:
            n = len(diffs)
            m = sum(diffs) / n
            el = time.monotonic() - start
            print(f"\r{a} vs {b}: pair {n}/{pairs}  mean {m:+.1f}  "
                  f"{el:.0f}s elapsed, ~{el / n * (pairs - n):.0f}s left   ",
                  end="", file=sys.stderr, flush=True)
    if progress:
        print(file=sys.stderr)
    mean, half = mean_interval(diffs)
    return MatchResult(len(diffs), mean, half, won, lost, diffs, contracts, passed_out,
                       interrupted)


def mean_interval(values: list[float]) -> tuple[float, float]:
    """The mean of per-pair ``values`` and the half-width of its 95% interval (normal
    approximation; infinite below two values)."""
    n = len(values)
    mean = sum(values) / n if n else 0.0
    var = sum((d - mean) ** 2 for d in values) / (n - 1) if n > 1 else 0.0
    half = 1.96 * math.sqrt(var / n) if n > 1 else float("inf")
    return mean, half


def _play_pair(a: str, b: str, deal_seed: int, rules: RuleSet, budget: float,
               series: list[list[int]]) -> tuple[float, list[tuple[DealResult, int, int | None]]]:
    """One duplicate pair: A's points minus B's over its two deals, and per deal the
    result, A's team and the game's winner if the deal ended it. ``series`` (the two
    orientations' scores) moves on only once both deals are played, so a pair cut off
    by Ctrl-C leaves no trace."""
    pair = 0.0
    tables = []
    after = [list(sc) for sc in series]
    for orient in (0, 1):
        a_team = orient  # orientation 0: A is team 0 (North-South)
        levels = (a, b) if a_team == 0 else (b, a)
        sc = series[orient]
        state = play_deal(rules, deal_seed, levels, (sc[0], sc[1]), budget)
        res = state.results[-1]
        pair += res.score_change[a_team] - res.score_change[1 - a_team]
        tables.append((res, a_team, state.winner))
        after[orient] = [0, 0] if state.winner is not None else [state.scores[0],
                                                                 state.scores[1]]
    series[:] = after
    return pair, tables


# Bounds of the options: beyond them a run would not finish in any useful time (or
# not at all: ``--budget inf``), so they are usage errors, not long waits.
MAX_PAIRS = 10_000
MAX_BUDGET = 60.0  # seconds per decision


def build_parser() -> argparse.ArgumentParser:
    p = OneLineParser(prog="five-hundred tournament",
                      description="Duplicate deals between two computer levels.")
    p.add_argument("--a", default="hard", type=one_of(MATCH_LEVELS), choices=MATCH_LEVELS,
                   help="level of side A (hard-play: normal's bidding and discard, hard's "
                        "card play)")
    p.add_argument("--b", default="normal", type=one_of(MATCH_LEVELS), choices=MATCH_LEVELS,
                   help="level of side B")
    p.add_argument("--pairs", type=int_in(1, MAX_PAIRS), default=200,
                   help=f"duplicate pairs (2 deals each), 1 to {MAX_PAIRS}")
    p.add_argument("--seed", type=seed_int(), default=1,
                   help="seed of the deals")
    p.add_argument("--budget", type=float_in(0.0, MAX_BUDGET, lo_open=True),
                   default=DEFAULT_BUDGET,
                   help=f"seconds per hard decision (at most {MAX_BUDGET:g})")
    p.add_argument("--preset", default="pagat-australian", type=one_of(sorted(PRESETS)),
                   choices=sorted(PRESETS))
    p.add_argument("--quiet", action="store_true", help="no progress on stderr")
    return p


def main(argv: list[str]) -> int:
    args = build_parser().parse_args(argv)
    rules = PRESETS[args.preset]
    r = run_match(args.a, args.b, args.pairs, args.seed, rules, args.budget,
                  progress=not args.quiet)
    if r.interrupted and not r.pairs:
        print("stopped by Ctrl-C before the first pair was played out")
        return 130
    lo, hi = r.mean - r.half_width, r.mean + r.half_width
    print(f"{args.a} vs {args.b}: {r.pairs} duplicate pairs ({2 * r.pairs} deals), "
          f"seed {args.seed}")
    print(f"points per deal for {args.a}: {r.mean:+.1f}  (95% CI {lo:+.1f} .. {hi:+.1f})")
    done = r.games_won + r.games_lost
    rate = f"{r.win_rate:.0%}" if done else "n/a"
    print(f"games won by {args.a}: {r.games_won} of {done} finished ({rate})")
    names = (args.a, args.b) if args.a != args.b else (f"{args.a} (A)", f"{args.b} (B)")
    for side in (0, 1):
        print(contract_line(names[side], r.contracts[side]))
    print(f"deals passed out: {r.passed_out} of {2 * r.pairs}")
    if r.interrupted:
        print(f"stopped by Ctrl-C after {r.pairs} of {args.pairs} pairs")
        return 130
    return 0


if __name__ == "__main__":  # pragma: no cover
    raise SystemExit(main(sys.argv[1:]))
