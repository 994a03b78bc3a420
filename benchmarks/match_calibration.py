"""How well ``match.win_chance`` foresees who wins the game, and its best ``SPREAD``.

Plays whole games between two levels (alternating who sits North-South), records the
scores before every deal and which side won the game in the end, then prints the
log-likelihood of the games' outcomes under ``win_chance`` for a range of ``SPREAD``
values, and a calibration table (the chance foreseen, by tenths, against the share of
those positions the side went on to win) at the committed value and at ``--spread``.

    python benchmarks/match_calibration.py --a club --b normal --games 3000 --seed 7
    python benchmarks/match_calibration.py --a normal --b normal --games 2000 --seed 8
    python benchmarks/match_calibration.py --openings 200 --spread 17

``--openings N`` shows what the spread does to ``hard``'s bidding instead: North's
opening bid on seeded deals 1..N at 100-400 (the other side one contract from the
game), at the committed ``SPREAD`` and at ``--spread``, and how often it changes.

The rule-based levels play a game in well under a second, so thousands of games are
cheap; their scores move as the other levels' do (a few contracts of 6-8 a game).
"""

from __future__ import annotations

import argparse
import json
import math
import random
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

from five_hundred.bots import hard, match, mc
from five_hundred.bots.tournament import play_deal
from five_hundred.engine.actions import MakeBid
from five_hundred.engine.bidding import ladder_for
from five_hundred.engine.knowledge import knowledge_of
from five_hundred.engine.rules import PAGAT_AUSTRALIAN, RuleSet
from five_hundred.engine.state import GameState
from five_hundred.engine.views import view_for

MAX_DEALS = 200  # a game that has not ended by then is left out


@contextmanager
def spread_set(spread: float) -> Iterator[None]:
    """``match.SPREAD`` at ``spread`` for a while; match's memos, whose keys leave the
    spread out, emptied on the way in and out."""
    old, match.SPREAD = match.SPREAD, spread
    match._utilities.clear()
    match._slacks.clear()
    try:
        yield
    finally:
        match.SPREAD = old
        match._utilities.clear()
        match._slacks.clear()


def play_games(rules: RuleSet, a: str, b: str, games: int, seed: int,
               budget: float) -> list[tuple[int, int, int]]:
    """(North-South's score, East-West's, the game's winner) before every deal."""
    rows: list[tuple[int, int, int]] = []
    for g in range(games):
        levels = (a, b) if g % 2 == 0 else (b, a)
        scores = (0, 0)
        seen: list[tuple[int, int]] = []
        for d in range(MAX_DEALS):
            state = play_deal(rules, seed * 1_000_003 + g * 1000 + d, levels, scores, budget)
            seen.append(scores)
            if state.winner is not None:
                rows += [(s[0], s[1], state.winner) for s in seen]
                break
            scores = (state.scores[0], state.scores[1])
    return rows


def log_likelihood(rules: RuleSet, rows: list[tuple[int, int, int]], spread: float) -> float:
    """Mean log-likelihood per position of the winners under ``win_chance``."""
    total = 0.0
    with spread_set(spread):
        for ns, ew, winner in rows:
            p = min(max(match.win_chance(rules, (ns, ew), 0), 1e-9), 1 - 1e-9)
            total += math.log(p if winner == 0 else 1 - p)
    return total / len(rows)


def calibration(rules: RuleSet, rows: list[tuple[int, int, int]], spread: float) -> None:
    buckets = [[0, 0, 0.0] for _ in range(10)]  # positions, won, chance summed
    with spread_set(spread):
        for ns, ew, winner in rows:
            for team in (0, 1):  # both sides' view, so the table is symmetric
                p = match.win_chance(rules, (ns, ew), team)
                b = buckets[min(int(p * 10), 9)]
                b[0] += 1
                b[1] += winner == team
                b[2] += p
    print(f"SPREAD {spread:g}:  foreseen  won   positions")
    for i, (n, won, chance) in enumerate(buckets):
        if n:
            print(f"  {i / 10:.1f}-{(i + 1) / 10:.1f}   {chance / n:6.3f}  {won / n:6.3f}  {n:6d}")


def openings(rules: RuleSet, deals: int, spread: float, budget: float) -> None:
    """North's first call at 100-400 at the committed ``SPREAD`` and at ``spread``."""
    ladder = ladder_for(rules)
    changed = thin = 0
    for seed in range(1, deals + 1):
        state = GameState.new_game(rules, seed, start_scores=(100, 400), dealer=3)
        k = knowledge_of(view_for(state, 0), rules)
        calls = []
        for sp in (match.SPREAD, spread):
            with spread_set(sp):
                j = mc.judge_bid(k, random.Random(seed), hard.work_limit(budget))
            a = j.action
            code = ladder.bids[a.ladder_index].code if isinstance(a, MakeBid) else "pass"
            share = j.reason.share if j.reason is not None else None
            calls.append((code, share))
        if calls[0][0] != calls[1][0]:
            changed += 1
            thin += calls[0][0] != "pass" and (calls[0][1] or 0.0) < 0.5
            print(f"deal {seed}: {calls[0][0]} (made in {calls[0][1] or 0:.0%} of samples)"
                  f" -> {calls[1][0]} ({calls[1][1] or 0:.0%})")
    print(f"opening changed on {changed} of {deals} deals; at SPREAD {match.SPREAD:g} "
          f"{thin} of them a bid made in fewer than half its samples")


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--a", default="club")
    ap.add_argument("--b", default="normal")
    ap.add_argument("--games", type=int, default=1000)
    ap.add_argument("--seed", type=int, default=7)
    ap.add_argument("--budget", type=float, default=0.25)
    ap.add_argument("--spread", type=float, default=17.0, help="also tabulated")
    ap.add_argument("--out", type=Path, help="save the positions (JSON)")
    ap.add_argument("--fit", type=Path, nargs="*", default=[],
                    help="fit saved positions (pooled) instead of playing")
    ap.add_argument("--openings", type=int, default=0,
                    help="compare hard's openings at 100-400 on this many deals instead")
    args = ap.parse_args()
    rules = PAGAT_AUSTRALIAN
    if args.openings:
        openings(rules, args.openings, args.spread, args.budget)
        return
    if args.fit:
        rows = [tuple(r) for f in args.fit for r in json.loads(f.read_text())]
    else:
        rows = play_games(rules, args.a, args.b, args.games, args.seed, args.budget)
        print(f"{args.a} vs {args.b}: {args.games} games, seed {args.seed}: "
              f"{len(rows)} positions")
        if args.out:
            args.out.write_text(json.dumps(rows))
    print("SPREAD  log-likelihood per position")
    for spread in (8, 10, 12, 14, 16, 17, 18, 20, 24):
        print(f"{spread:6g}  {log_likelihood(rules, rows, spread):.5f}")
    calibration(rules, rows, match.SPREAD)
    if args.spread != match.SPREAD:
        calibration(rules, rows, args.spread)


if __name__ == "__main__":
    main()
