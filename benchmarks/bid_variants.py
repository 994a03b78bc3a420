"""A tournament match with ``hard``'s settings changed, paired deal by deal with another.

Runs ``five-hundred tournament``'s match (the same deals and pairing) after setting
module constants of the bots, e.g. ``--set mc.PASS_FLOOR=0 hard.TIE_POINTS=2``, saves
each pair's points to ``--out`` and, with
``--against FILE`` (another run's pairs, the same seed), prints the mean difference
per deal with its 95% interval: the change measured on the same cards.

    python benchmarks/bid_variants.py --b club --pairs 200 --seed 801 --out /tmp/new.json
    python benchmarks/bid_variants.py --b club --pairs 200 --seed 801 \\
        --set mc.PASS_FLOOR=0 --out /tmp/floor0.json --against /tmp/new.json
"""

from __future__ import annotations

import argparse
import importlib
import json
from pathlib import Path

from five_hundred.bots.tournament import MatchResult, contract_line, mean_interval, run_match
from five_hundred.engine.rules import PAGAT_AUSTRALIAN


def apply(settings: list[str]) -> None:
    for item in settings:
        name, value = item.split("=", 1)
        module, attr = name.rsplit(".", 1)
        mod = importlib.import_module(f"five_hundred.bots.{module}")
        old = getattr(mod, attr)
        setattr(mod, attr, type(old)(float(value)))


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--a", default="hard")
    ap.add_argument("--b", default="club")
    ap.add_argument("--pairs", type=int, default=200)
    ap.add_argument("--seed", type=int, default=801)
    ap.add_argument("--budget", type=float, default=0.25)
    ap.add_argument("--set", nargs="*", default=[], dest="settings")
    ap.add_argument("--out", type=Path)
    ap.add_argument("--against", type=Path)
    args = ap.parse_args()
    apply(args.settings)
    r = run_match(args.a, args.b, args.pairs, args.seed, PAGAT_AUSTRALIAN, args.budget,
                  progress=False)
    label = " ".join(args.settings) or "as committed"
    report(f"{args.a} ({label})", args.a, args.b, args.seed, r, args.out, args.against)


def report(title: str, a: str, b: str, seed: int, r: MatchResult, out: Path | None,
           against: Path | None) -> None:
    """The match's lines: points per deal, each side's contracts, games; its pairs
    saved to ``out``; paired with ``against``."""
    print(f"{title} vs {b}: {r.pairs} pairs, seed {seed}: "
          f"{r.mean:+.2f} ± {r.half_width:.2f} per deal")
    print(contract_line(a, r.contracts[0]))
    print(contract_line(b, r.contracts[1]))
    print(f"games won by {a}: {r.games_won} of {r.games_won + r.games_lost}")
    if out:
        out.write_text(json.dumps(r.diffs))
    if against:
        print(paired_line(r.diffs, against))


def paired_line(diffs: list[float], against: Path) -> str:
    """The mean per-pair difference from another run's pairs (``--out`` of this script
    or of ``match_breakdown.py``, the same seed), with its 95% interval; over the
    first ``len(diffs)`` pairs of ``against`` when it has more."""
    other = json.loads(against.read_text())
    if len(other) < len(diffs):
        raise SystemExit(f"{against} has {len(other)} pairs, fewer than {len(diffs)}")
    m, half = mean_interval([x - y for x, y in zip(diffs, other, strict=False)])  # other may run on
    part = f" (its first {len(diffs)} pairs)" if len(other) > len(diffs) else ""
    return f"paired with {against}{part}: {m:+.2f} ± {half:.2f} per deal"


if __name__ == "__main__":
    main()
