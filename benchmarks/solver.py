"""Exact double-dummy solving of whole deals: time and nodes per full 10-trick solve.

Seeded random deals are steered to a contract of each kind (a suit, NT with the joker
named, NT with the joker suitless, misère) and taken to the opening lead: the first
bidder bids the contract (for misère, over someone's seven: R14), the others pass, and
the declarer discards three random cards (the NT-named declarer keeps the joker to
name it; the suit it names is random). Each deal is solved from scratch with a
fresh ``Solver`` (``value`` of the whole deal). Prints per kind and overall the solve
time (median, p95, max; CPU seconds of this process, and wall-clock seconds) and the
nodes searched (median, p95). Then it solves ``--compare`` endings of ``--tricks``
tricks with both the pre-issue-11 solver (``legacy_solver.py``) and the new one, side by
side (a full deal is out of the legacy solver's reach).

With ``--vs REV``, every deal is solved by the solver as it was at the git revision
REV (default 6d2e491, the last commit before issue 26's speed work) and by today's,
alternately first, in one process: both tables print, with today's figures as a ratio
of the old ones (the machine's load weighs on both alike), and the values and node
counts must be equal. The old solver's four modules (solver, solver_bounds, solver_keys,
solver_order) are taken from REV with ``git show`` into a temporary package; they
import today's ``five_hundred.engine``, so a revision whose solver needs an engine
function since gone will not load. Outside a git checkout ``--vs`` stops (exit 2).

    python benchmarks/solver.py                      # 200 deals, 40 six-trick endings
    python benchmarks/solver.py --vs --compare 0     # the same deals, old and new side by side
    python benchmarks/solver.py --vs HEAD~3 --deals 20 --compare 0
    python benchmarks/solver.py --deals 0 --compare 80 --tricks 5
"""

from __future__ import annotations

import argparse
import importlib
import os
import random
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from tests.engine.helpers import phase_of, steer_bid

from five_hundred.bots.solver import Solver
from five_hundred.engine import BIDDING, DISCARD_PHASE, JOKER_PHASE, PLAYING
from five_hundred.engine.actions import JOKER_NONE, NAME_JOKER, Discard
from five_hundred.engine.bidding import MISERE, SUIT_BID
from five_hundred.engine.cards import JOKER, NO_TRUMPS, SUITLESS, cards_of
from five_hundred.engine.rules import PAGAT_AUSTRALIAN
from five_hundred.engine.state import GameState

ROOT = Path(__file__).resolve().parents[1]
KINDS = ("suit", "nt-named", "nt-suitless", "misere")
BEFORE_ISSUE_26 = "6d2e491"  # the parent of 83bd922, issue 26's first speed commit
SOLVER_MODULES = ("solver", "solver_bounds", "solver_keys", "solver_order")


def _target(st: GameState, kind: str, rng: random.Random) -> int:
    bids = st.ladder.bids
    if kind == "misere":
        return next(i for i, b in enumerate(bids) if b.kind == MISERE)
    trumps = range(4) if kind == "suit" else (NO_TRUMPS,)
    return rng.choice([i for i, b in enumerate(bids)
                       if b.kind == SUIT_BID and b.trump in trumps])


def deal_of(kind: str, seed: int) -> GameState:
    """A deal of ``kind`` at its opening lead, from the first game seed that gives one."""
    rng = random.Random(f"{kind}:{seed}")
    game = 0
    while True:
        st = GameState.new_game(PAGAT_AUSTRALIAN, seed * 1_000 + game)
        game += 1
        target = _target(st, kind, rng)
        while st.phase == BIDDING:
            st.apply(steer_bid(st, target, rng))
        if st.phase != DISCARD_PHASE or st.high != target:
            continue
        hand = st.hands[st.declarer]
        if kind == "nt-named" and not hand >> JOKER & 1:
            continue
        keep = [c for c in cards_of(hand) if c != JOKER or kind != "nt-named"]
        st.apply(Discard(rng.sample(keep, 3)))
        if phase_of(st) == JOKER_PHASE:
            st.apply(NAME_JOKER[rng.randrange(4) if kind == "nt-named" else JOKER_NONE])
        if kind == "nt-named" and st.joker_named == SUITLESS:
            continue
        return st


def solve(st: GameState, cls: Any = Solver) -> tuple[int, int, float, float]:
    """(value, nodes, CPU seconds, wall seconds) of a fresh full solve."""
    bid = st.contract
    assert bid is not None
    c0, w0 = time.process_time(), time.perf_counter()
    sv = cls(st.rules, st.ctx, st.declarer, bid.is_misere, st.out_seat)
    sv.setup(list(st.hands), st.suits_led)
    v = sv.value(st.to_act, list(st.trick), st.led, 10 - st.trick_no)
    return v, sv.nodes, time.process_time() - c0, time.perf_counter() - w0


def _pct(xs: list[float], q: float) -> float:
    s = sorted(xs)
    return s[min(len(s) - 1, int(q * len(s)))]


def _row(name: str, rows: list[tuple[int, int, float, float]]) -> str:
    cpu = [r[2] * 1000 for r in rows]
    wall = [r[3] * 1000 for r in rows]
    nodes = [float(r[1]) for r in rows]
    return (f"{name:<12} {len(rows):>4} {statistics.median(cpu):>9.1f} {_pct(cpu, .95):>8.1f}"
            f" {max(cpu):>8.1f} {statistics.median(wall):>9.1f} {_pct(wall, .95):>8.1f}"
            f" {max(wall):>8.1f} {statistics.median(nodes):>10.0f} {_pct(nodes, .95):>10.0f}")


def _load() -> str:
    one, five, fifteen = os.getloadavg()
    return f"load average {one:.2f} {five:.2f} {fifteen:.2f}"


Rows = list[tuple[int, int, float, float]]


def _table(per_kind: dict[str, Rows]) -> Rows:
    print(f"{'kind':<12} {'n':>4} {'cpu med':>9} {'cpu p95':>8} {'cpu max':>8}"
          f" {'wall med':>9} {'wall p95':>8} {'wall max':>8} {'nodes med':>10}"
          f" {'nodes p95':>10}")
    everything: Rows = []
    for kind in KINDS:
        if per_kind[kind]:
            print(_row(kind, per_kind[kind]))
            everything += per_kind[kind]
    print(_row("all", everything))
    return everything


def full_deals(n: int, seed: int) -> None:
    per_kind: dict[str, Rows] = {k: [] for k in KINDS}
    for i in range(n):
        kind = KINDS[i % len(KINDS)]
        per_kind[kind].append(solve(deal_of(kind, seed * 10_000 + i)))
    print(f"full deals: {n} (seed {seed}), times in ms; cpu = process CPU time; "
          f"{_load()} (after)")
    _table(per_kind)


def _git(*args: str) -> str:
    return subprocess.run(["git", "-C", str(ROOT), *args], check=True, text=True,
                          capture_output=True).stdout


def solver_at(rev: str, into: Path) -> tuple[Any, str]:
    """The ``Solver`` class of revision ``rev`` and the revision's short hash: the
    solver's modules written by ``git show`` into a package under ``into`` and
    imported from there (their relative imports stay within that package; the rest,
    ``five_hundred.engine`` and so on, is today's)."""
    short = _git("rev-parse", "--short", f"{rev}^{{commit}}").strip()
    package = f"solver_at_{short}"
    (into / package).mkdir()
    (into / package / "__init__.py").write_text("", encoding="utf-8")
    for name in SOLVER_MODULES:
        path = f"src/five_hundred/bots/{name}.py"
        if name != "solver" and path not in _git("ls-tree", "--name-only", short, path):
            continue  # not yet split out of solver.py at that revision
        (into / package / f"{name}.py").write_text(_git("show", f"{short}:{path}"),
                                                   encoding="utf-8")
    sys.path.insert(0, str(into))
    try:
        module = importlib.import_module(f"{package}.solver")
    finally:
        sys.path.remove(str(into))
    return module.Solver, short


def versus(n: int, seed: int, rev: str) -> int:
    """The deals of ``full_deals``, each solved by the solver of revision ``rev`` and
    by today's (alternately first); values and node counts must agree."""
    try:
        _git("rev-parse", "--git-dir")
    except (OSError, subprocess.CalledProcessError):
        print(f"--vs needs a git checkout to take the old solver from; {ROOT} is not one")
        return 2
    with tempfile.TemporaryDirectory(prefix="solver-vs-") as tmp:
        try:
            then, short = solver_at(rev, Path(tmp))
        except subprocess.CalledProcessError as e:
            print(f"--vs {rev}: {e.stderr.strip() or e}")
            return 2
        _versus(n, seed, then, short)
    return 0


def _versus(n: int, seed: int, then: Any, short: str) -> None:
    old: dict[str, Rows] = {k: [] for k in KINDS}
    new: dict[str, Rows] = {k: [] for k in KINDS}
    for i in range(n):
        kind = KINDS[i % len(KINDS)]
        st = deal_of(kind, seed * 10_000 + i)
        if i % 2:
            a, b = solve(st, then), solve(st)
        else:
            b, a = solve(st), solve(st, then)
        assert a[:2] == b[:2], (i, kind, a[:2], b[:2])
        old[kind].append(a)
        new[kind].append(b)
    print(f"full deals: {n} (seed {seed}), old and new solver alternately; times in ms;"
          f" cpu = process CPU time; {_load()} (after); values and nodes agree")
    print(f"at {short}{' (before issue 26)' if short == BEFORE_ISSUE_26 else ''}:")
    before = _table(old)
    print("now:")
    after = _table(new)
    for name, pick in (("median", statistics.median),
                       ("p95", lambda xs: _pct(xs, 0.95))):
        b_cpu = pick([r[2] for r in before])
        a_cpu = pick([r[2] for r in after])
        print(f"cpu {name}: {b_cpu * 1000:.1f} -> {a_cpu * 1000:.1f} ms,"
              f" {b_cpu / a_cpu:.2f}x faster")
    total_b, total_a = sum(r[2] for r in before), sum(r[2] for r in after)
    print(f"cpu total: {total_b:.2f} -> {total_a:.2f} s, {total_b / total_a:.2f}x faster")


def compare(n: int, tricks: int, seed: int) -> None:
    """The legacy and the new solver on the same endings (values must agree)."""
    sys.path.insert(0, str(Path(__file__).parent))
    from legacy_solver import LegacySolver

    legacy_nodes = new_nodes = 0
    legacy_cpu = new_cpu = 0.0
    for i in range(n):
        st = _ending(KINDS[i % len(KINDS)], tricks, seed * 10_000 + i)
        bid = st.contract
        assert bid is not None
        c0 = time.process_time()
        old = LegacySolver(st.rules, st.ctx, st.declarer, bid.is_misere, st.out_seat)
        old.setup(list(st.hands), st.suits_led)
        v_old = old.value(st.to_act, [], -1, tricks)
        c1 = time.process_time()
        v_new, nodes, cpu, _ = solve(st)
        assert v_old == v_new, (v_old, v_new)
        legacy_cpu += c1 - c0
        new_cpu += cpu
        legacy_nodes += old.nodes
        new_nodes += nodes
    print(f"endings of {tricks} tricks: {n} (mixed kinds as above; values agree)")
    print(f"{'solver':<8} {'nodes':>10} {'cpu s':>8} {'ms/ending':>10}")
    print(f"{'legacy':<8} {legacy_nodes:>10} {legacy_cpu:>8.2f} {legacy_cpu / n * 1000:>10.1f}")
    print(f"{'new':<8} {new_nodes:>10} {new_cpu:>8.2f} {new_cpu / n * 1000:>10.1f}")


def _ending(kind: str, tricks: int, seed: int) -> GameState:
    """A deal of ``kind`` played on at random until ``tricks`` tricks are left (the
    next seed when a misère ends before)."""
    while True:
        st = deal_of(kind, seed)
        rng = random.Random(seed)
        while st.phase == PLAYING and (10 - st.trick_no > tricks or st.trick):
            legal = st.legal_actions()
            st.apply(legal[rng.randrange(len(legal))])
        if st.phase == PLAYING:
            return st
        seed += 7919


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=(__doc__ or "").split("\n\n")[0])
    ap.add_argument("--deals", type=int, default=200)
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--compare", type=int, default=40,
                    help="endings to solve with the legacy solver too (0: none)")
    ap.add_argument("--tricks", type=int, default=6, help="tricks left in those endings")
    ap.add_argument("--vs", nargs="?", const=BEFORE_ISSUE_26, metavar="REV",
                    help="solve each deal with the solver of git revision REV too, side"
                         f" by side (default {BEFORE_ISSUE_26}: before issue 26)")
    args = ap.parse_args(argv)
    if args.deals and args.vs:
        if code := versus(args.deals, args.seed, args.vs):
            return code
    elif args.deals:
        full_deals(args.deals, args.seed)
    if args.compare:
        compare(args.compare, args.tricks, args.seed)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
