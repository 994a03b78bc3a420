"""How ``hard``'s play-out estimate of a contract maps to the result at the table.

``hard`` bids on sampled deals played out by a greedy full-information policy
(``mc.judge_bid``). This plays the tournament's duplicate deals (``hard`` against
``--b``, every deal from the running game score as the tournament does) and, for each
contract ``hard`` won in a suit or no trumps (``tournament.play_deal`` telling each
bid's reason), pairs what its bid judged (the mean play-out tricks of the strain, the
share of samples in which the bid was made, the expected points) with what happened
(the tricks its side took, made or not, the points scored). It prints the results by
the estimate's margin over the bid, by level, by the auction (contested or not) and by
the match score (a side at ``NEAR_END`` or more), and the least-squares line
``table tricks = a + b * play-out tricks`` (docs/bots.md, "Issue 26": what was
measured and what a correction on it did).

    python benchmarks/bid_calibration.py --b club --pairs 300 --seed 701 --out /tmp/cal.jsonl

``--fit FILE...`` prints the tables and the line from saved records (several runs
pooled) without playing.
"""

from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path
from typing import Any

from bid_variants import apply

from five_hundred.bots.reasons import BidReason
from five_hundred.bots.tournament import contract_kind, play_deal
from five_hundred.engine.actions import MakeBid
from five_hundred.engine.rules import PAGAT_AUSTRALIAN


def collect(b: str, pairs: int, seed: int, budget: float,
            out: Path | None) -> list[dict[str, Any]]:
    rows: list[dict[str, Any]] = []
    series = [[0, 0], [0, 0]]
    sink = out.open("w") if out else None
    for i in range(pairs):
        deal_seed = seed * 100003 + i
        for orient in (0, 1):
            levels = ("hard", b) if orient == 0 else (b, "hard")
            sc = series[orient]
            last: dict[int, BidReason] = {}  # each seat's last bid reason
            state = play_deal(PAGAT_AUSTRALIAN, deal_seed, levels, (sc[0], sc[1]), budget,
                              on_bid=last.__setitem__)
            res = state.results[-1]
            series[orient] = [0, 0] if state.winner is not None else list(state.scores)
            if res.contract is None or res.declarer is None or res.declarer & 1 != orient:
                continue
            if contract_kind(PAGAT_AUSTRALIAN, res.contract) not in ("suit", "NT"):
                continue
            r = last.get(res.declarer)
            if r is None or r.why != "samples" or r.bid != res.contract:
                continue
            row = {"pair": i, "orient": orient, "contract": res.contract,
                   "needed": r.needed, "est": r.tricks, "share": r.share,
                   "points_est": r.points, "samples": r.samples,
                   "tricks": res.tricks[orient], "made": bool(res.made),
                   "points": res.score_change[orient] - res.score_change[1 - orient],
                   "scores": sc,
                   "opp_bids": sum(1 for s, a in state.auction
                                   if isinstance(a, MakeBid) and s & 1 != orient),
                   "own_bids": sum(1 for s, a in state.auction
                                   if isinstance(a, MakeBid) and s & 1 == orient)}
            rows.append(row)
            if sink:
                sink.write(json.dumps(row) + "\n")
                sink.flush()
        print(f"\rpair {i + 1}/{pairs}: {len(rows)} contracts", end="", file=sys.stderr,
              flush=True)
    print(file=sys.stderr)
    if sink:
        sink.close()
    return rows


NEAR_END = 380  # a side's score from which the next contracts may end the game


def fit(rows: list[dict[str, Any]]) -> tuple[float, float]:
    """Least squares: table tricks = a + b * play-out tricks."""
    n = len(rows)
    mx = sum(r["est"] for r in rows) / n
    my = sum(r["tricks"] for r in rows) / n
    sxx = sum((r["est"] - mx) ** 2 for r in rows)
    sxy = sum((r["est"] - mx) * (r["tricks"] - my) for r in rows)
    b = sxy / sxx if sxx else 1.0
    return my - b * mx, b


def report(rows: list[dict[str, Any]]) -> None:
    n = len(rows)
    print(f"contracts won by hard in a suit or NT, judged by its play-outs: {n}")
    print(f"{'margin (est - bid)':>20} {'n':>4} {'share est':>9} {'made':>6} "
          f"{'est tricks':>10} {'table':>6} {'pts est':>8} {'pts':>6}")
    bands = [(-9, 0), (0, 0.5), (0.5, 1.0), (1.0, 1.5), (1.5, 2.0), (2.0, 9)]
    for lo, hi in bands:
        sel = [r for r in rows if lo <= r["est"] - r["needed"] < hi]
        _line(f"{lo:+.1f} .. {hi:+.1f}", sel)
    for level in (6, 7, 8, 9, 10):
        sel = [r for r in rows if r["needed"] == level]
        _line(f"level {level}", sel)
    if all("opp_bids" in r for r in rows):  # records from before these were kept lack them
        _line("uncontested", [r for r in rows if r["opp_bids"] == 0])
        _line("contested", [r for r in rows if r["opp_bids"] > 0])
        _line("partner bid too", [r for r in rows if r["own_bids"] > 1])
    # where the match weighs a bid most (match.utility): a side within reach of the end
    near = [r for r in rows if max(r["scores"]) >= NEAR_END]
    calm = [r for r in rows if max(r["scores"]) < NEAR_END]
    _line(f"a side at {NEAR_END}+", near)
    _line(f"both below {NEAR_END}", calm)
    _line(f"{NEAR_END}+, share < 50%", [r for r in near if r["share"] < 0.5])
    _line(f"<{NEAR_END}, share < 50%", [r for r in calm if r["share"] < 0.5])
    _line("all", rows)
    a, b = fit(rows)
    mean_gap = sum(r["tricks"] - r["est"] for r in rows) / n
    print(f"table tricks = {a:.3f} + {b:.3f} * play-out tricks   "
          f"(mean table - play-out: {mean_gap:+.3f})")


def _line(name: str, sel: list[dict[str, Any]]) -> None:
    if not sel:
        return
    m = len(sel)

    def avg(key: str) -> float:
        return sum(float(r[key]) for r in sel) / m

    print(f"{name:>20} {m:4d} {avg('share'):9.0%} {avg('made'):6.0%} {avg('est'):10.2f} "
          f"{avg('tricks'):6.2f} {avg('points_est'):+8.1f} {avg('points'):+6.1f}")


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--b", default="club")
    ap.add_argument("--pairs", type=int, default=300)
    ap.add_argument("--seed", type=int, default=701)
    ap.add_argument("--budget", type=float, default=0.25)
    ap.add_argument("--out", type=Path)
    ap.add_argument("--fit", type=Path, nargs="+", help="saved records to report on")
    ap.add_argument("--set", nargs="*", default=[], dest="settings",
                    help="bots constants to set first, as bid_variants.py (mc.PASS_FLOOR=0)")
    args = ap.parse_args()
    apply(args.settings)
    if args.fit:
        rows = [json.loads(line) for f in args.fit for line in f.read_text().splitlines()]
    else:
        rows = collect(args.b, args.pairs, args.seed, args.budget, args.out)
    report(rows)


if __name__ == "__main__":
    main()
