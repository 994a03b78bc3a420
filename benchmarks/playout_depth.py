"""Would deeper play-outs judge ``hard``'s bids better? The greedy play-out against
deeper ones and exact double-dummy, at the table and over a hand's samples.

``mc`` values a bid by playing each sampled deal out with a greedy full-information
policy down to a 3-trick ending solved exactly (``playout.ENDING_TRICKS``). Two
measurements of that choice:

* ``--table N``: N seeded deals; the seat with the longest trumps declares them at the
  level its exact double-dummy value says (6 to 10), after ``normal``'s discard (the
  one the play-outs assume), ``hard`` declaring against ``club``. For the greedy
  play-out, endings of 5 and 7 tricks and the exact value of the same deal (the
  declarer's exchange made), how each predicts the tricks taken at the table: the
  correlation and the mean table tricks per predicted value;
* ``--hands N``: N seeded opening hands (the first bidder, 5+ trumps); on each of
  ``--samples`` deals of the unseen cards (``sample_hands``, as the bidding deals them)
  the greedy play-out and one with a ``--ending``-trick ending. The per-hand mean
  difference spreads by the sampling noise plus whatever depends on the hand; only
  that second part (the "systematic" spread) would change which bid the means favour.

    python benchmarks/playout_depth.py --hands 40 --samples 60 --ending 7
    python benchmarks/playout_depth.py --table 300 --start 20000
"""

from __future__ import annotations

import argparse
import random
import statistics
from collections import defaultdict
from collections.abc import Sequence

from five_hundred.bots import mc, playout
from five_hundred.bots.hand_strength import trump_count
from five_hundred.bots.levels import player
from five_hundred.bots.sampler import PILE, sample_hands
from five_hundred.bots.solver import Solver
from five_hundred.engine import GameState
from five_hundred.engine.actions import Discard
from five_hundred.engine.bidding import SUIT_BID, ladder_for
from five_hundred.engine.cards import cards_of, play_context
from five_hundred.engine.knowledge import knowledge_of
from five_hundred.engine.rules import PAGAT_AUSTRALIAN as RULES
from five_hundred.engine.views import view_for

EXACT = 10  # an "ending" of the whole deal: the exact double-dummy value


def tricks(hands: list[int], seat: int, strain: int, ending: int,
           work: list[int] | None = None) -> int:
    """The declaring side's tricks, ``seat`` declaring ``strain`` with ``hands`` (its
    exchange made), played out greedily down to an ``ending``-trick exact ending; the
    work it took (play-out moves and solver nodes, ``hard.work_limit``'s units) is
    appended to ``work``."""
    sv = Solver(RULES, play_context(RULES, strain), seat, False)
    saved = playout.ENDING_TRICKS
    playout.ENDING_TRICKS = ending
    try:
        return mc._play_out(sv, list(hands), seat)
    finally:
        playout.ENDING_TRICKS = saved
        if work is not None:
            work.append(sv.nodes)


def longest_trumps(hand: int) -> tuple[int, int]:
    """The suit ``hand`` holds most trumps in (the higher on a tie), and how many."""
    strain = max(range(4), key=lambda t: (trump_count(RULES, hand, t), t))
    return strain, trump_count(RULES, hand, strain)


def declare(state: GameState, seat: int, strain: int, level: int) -> None:
    """The auction: ``seat`` bids ``level`` in ``strain`` at its turn, all else pass."""
    code = next(b.code for b in ladder_for(RULES).bids
                if b.kind == SUIT_BID and b.trump == strain and b.tricks == level)
    while state.contract is None:
        state.apply_text(f"bid {code}" if state.to_act == seat else "pass")


def exchanged(hands: list[int], kitty: int, seat: int, strain: int) -> list[int]:
    """``hands`` with ``seat`` having taken ``kitty`` and discarded as ``normal``."""
    full = hands[seat] | kitty
    out = list(hands[:4])
    out[seat] = full & ~mc._discard_for(RULES, seat, full, mc._strain_bid(RULES, strain))
    return out


def correlation(xs: Sequence[float], ys: Sequence[float]) -> float:
    mx, my = statistics.fmean(xs), statistics.fmean(ys)
    sxy = sum((x - mx) * (y - my) for x, y in zip(xs, ys, strict=True))
    sxx = sum((x - mx) ** 2 for x in xs)
    syy = sum((y - my) ** 2 for y in ys)
    return float(sxy / (sxx * syy) ** 0.5)


def at_table(start: int, deals: int) -> None:
    names = {3: "greedy", 5: "ending 5", 7: "ending 7", EXACT: "exact"}
    found: dict[int, list[int]] = {e: [] for e in names}
    table: list[int] = []
    hard, club = player("hard"), player("club")
    for seed in range(start, start + deals):
        state = GameState.new_game(RULES, seed)
        seat = max(range(4), key=lambda s: (longest_trumps(state.hands[s])[1], s))
        strain, trumps = longest_trumps(state.hands[seat])
        if trumps < 5:
            continue
        hands = exchanged(state.hands, state.kitty, seat, strain)
        values = {e: tricks(hands, seat, strain, e) for e in names}
        declare(state, seat, strain, min(10, max(6, values[EXACT])))
        state.apply(Discard(cards_of(state.hands[seat] & ~hands[seat])))
        rng = random.Random(f"playout_depth:{seed}")
        while not state.deal_over:
            side = (state.to_act - seat) & 1
            choice = (club if side else hard).choose(view_for(state, state.to_act), rng, 0.25)
            state.apply(choice.action, state.to_act)
        table.append(state.tricks_won[seat] + state.tricks_won[(seat + 2) & 3])
        for e in names:
            found[e].append(values[e])
    print(f"{len(table)} deals from seed {start} declared with 5+ trumps by hard "
          f"against club; table tricks mean {statistics.fmean(table):.2f}")
    print("predictor   mean    r with the table")
    for e, name in names.items():
        print(f"{name:10} {statistics.fmean(found[e]):5.2f}   {correlation(found[e], table):.3f}")
    print("mean table tricks by predicted tricks (greedy | exact)")
    for e in (3, EXACT):
        by: dict[int, list[int]] = defaultdict(list)
        for v, t in zip(found[e], table, strict=True):
            by[v].append(t)
        print("  " + names[e] + ": " + ", ".join(
            f"{v}: {statistics.fmean(ts):.2f} ({len(ts)})" for v, ts in sorted(by.items())
            if len(ts) >= 5))


def over_samples(start: int, hands_wanted: int, samples: int, ending: int) -> None:
    means: list[float] = []
    noise: list[float] = []
    greedy: list[float] = []
    work: dict[int, list[int]] = {3: [], ending: []}
    seed = start
    while len(means) < hands_wanted:
        state = GameState.new_game(RULES, seed)
        seed += 1
        k = knowledge_of(view_for(state, state.to_act), RULES)
        strain, trumps = longest_trumps(k.hand)
        if trumps < 5:
            continue
        rng = random.Random(f"playout_depth:{seed}")
        diffs: list[int] = []
        base: list[int] = []
        for _ in range(samples):
            dealt = sample_hands(k, rng)
            hands = exchanged(dealt, dealt[PILE], k.seat, strain)
            g = tricks(hands, k.seat, strain, 3, work[3])
            diffs.append(tricks(hands, k.seat, strain, ending, work[ending]) - g)
            base.append(g)
        means.append(statistics.fmean(diffs))
        noise.append(statistics.pvariance(diffs) / samples)
        greedy.append(statistics.fmean(base))
    spread = statistics.pvariance(means)
    print(f"{len(means)} opening hands with 5+ trumps (seeds {start}..{seed - 1}), "
          f"{samples} samples each: ending {ending} minus greedy, per hand")
    print(f"mean {statistics.fmean(means):+.2f} tricks; spread across hands "
          f"{spread ** 0.5:.3f}, of it sampling noise {statistics.fmean(noise) ** 0.5:.3f}, "
          f"systematic {max(0.0, spread - statistics.fmean(noise)) ** 0.5:.3f}")
    print(f"correlation of the difference with the greedy mean: "
          f"{correlation(greedy, means):+.2f}")
    print(f"work per play-out (mean units): greedy {statistics.fmean(work[3]):.0f}, "
          f"ending {ending} {statistics.fmean(work[ending]):.0f}")


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--table", type=int, default=0, help="deals played at the table")
    ap.add_argument("--hands", type=int, default=0, help="opening hands sampled")
    ap.add_argument("--samples", type=int, default=60)
    ap.add_argument("--ending", type=int, default=7)
    ap.add_argument("--start", type=int, default=20000, help="the first deal's seed")
    args = ap.parse_args()
    if args.table:
        at_table(args.start, args.table)
    if args.hands:
        over_samples(args.start, args.hands, args.samples, args.ending)


if __name__ == "__main__":
    main()
