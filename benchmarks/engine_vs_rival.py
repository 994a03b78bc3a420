"""Engine throughput side by side with cornsmith/five-hundred, in one process.

cornsmith/five-hundred is the fastest public Python Five Hundred engine we know of.
It is not part of this project and none of its code is copied here: it is imported
at run time from a checkout given with ``--rival``::

    git clone https://github.com/cornsmith/five-hundred /tmp/rival500
    python benchmarks/engine_vs_rival.py --rival /tmp/rival500 --deals 5000 --seed 1

Both engines play complete random deals, every choice uniform among the moves that
engine says are legal, drawn from a seeded ``random.Random``. The rounds alternate
(ours, rival, ours, rival, ... and the order swaps each round) so that a machine
whose speed drifts treats both alike; each side's best and median round are printed,
and ``ratio`` is ours/rival of the best rounds (``median_ratio`` of the medians).

What each side does per deal:

* ours: exactly ``benchmarks/engine_throughput.py``'s ``play_deals``: deal (shuffle,
  cut, 3-4-3 with the kitty into bitmask hands), the auction (``legal_actions()`` of
  every bid, pass and misère legal now), the kitty taken and discarded (the legal
  discards are every 3-card subset of the 13 cards, 286, as the engine's ``Discards``
  sequence: it has their number and builds the one drawn, not all 286), the play
  (legal cards with bowers, the joker's rules, the misère partner sitting out and
  the misère's early stop), the score (R28-R33 with the reasons' texts, game end),
  and the record kept (the deal's log, the result). Passed-out deals count as deals.
* rival: its own ``Game.start_round`` (new deck of card objects, shuffle, ten to
  each seat, hands sorted, three to the kitty) and ``end_round``; in between, the
  loops of its ``bid_round``, ``discard_round`` and ``card_round`` driven here
  without its AI policies (which are not uniform, and its random discard can fail):
  a bid uniform among pass and its ``possible_bids`` (made with its ``Bid`` and
  ``Round.make_bid``; seats that passed pass again as in its loop), the kitty moved
  to the declarer, three cards discarded (``random.sample``, uniform over 3-card
  subsets: the rival has no list of legal discards to choose from, so it does less
  here than ours), ten tricks played (``Hand.set_possible``, ``Round.play_card``,
  ``Trick.set_winner``; a misère is played out to ten tricks, it has no early stop),
  and ``Round.set_scores`` (bid value, 10 a trick to the defence; no slam, no game
  decision beyond ``end_round``'s 500 either way). Its ``print`` calls (the
  console table of every round) are made no-ops, so no text is written; the rival
  still pays for formatting their arguments in ``start_round``/``end_round``. It
  keeps the deals (``Game.rounds``, with hands, bids and tricks) as ours keeps logs.
  Its deck has no cut and no 3-4-3 pattern; it checks a play against the legal list
  it builds, as ours does.

    python benchmarks/engine_vs_rival.py --rival /tmp/rival500 --deals 5000 --rounds 7
"""

from __future__ import annotations

import argparse
import importlib.util
import random
import statistics
import sys
import time
from pathlib import Path
from types import ModuleType
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent))
from engine_throughput import play_deals  # ours: the same work as there

from five_hundred.engine import PAGAT_AUSTRALIAN


def load_rival(path: Path) -> ModuleType:
    """Import the rival's ``fivehundred/game.py`` from a checkout (its ``ai`` beside it)."""
    package = path / "fivehundred"
    source = package / "game.py"
    if not source.is_file():
        raise SystemExit(f"no fivehundred/game.py under {path}: give a checkout of "
                         "https://github.com/cornsmith/five-hundred with --rival")
    sys.path.insert(0, str(package))  # its game.py does ``from ai import Policy``
    spec = importlib.util.spec_from_file_location("cornsmith_fivehundred_game", source)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    module.print = lambda *args, **kwargs: None  # type: ignore[attr-defined]
    module.trump_suit = None  # type: ignore[attr-defined]  # its __main__ sets these
    module.HUMAN_PLAYER = None  # type: ignore[attr-defined]
    return module


def rival_deals(g: Any, deals: int, seed: int) -> int:
    """Play ``deals`` complete random deals with the rival; returns the choices made."""
    rng = random.Random(seed)
    r = rng.random
    g.random = random.Random(seed * 1_000_003)  # its Deck.shuffle: seeded, not global
    Bid, Trick = g.Bid, g.Trick
    game = g.Game()
    choices = 0
    for _ in range(deals):
        if game.status != "In progress":
            game = g.Game()
        game.start_round()
        br = game.round
        # The loop of its bid_round.
        br.turn = (game.dealer + 1) % 4
        while br.status == "Bidding in progress":
            if br.passes[br.turn]:
                br.make_bid(Bid(None))
                continue
            options = br.possible_bids
            i = int(r() * (len(options) + 1))
            br.make_bid(Bid(options[i - 1] if i else ""))
            choices += 1
            br.update_status()
        if br.status == "Bidding complete":
            # Its __main__ loop and bid_round: trumps, the kitty to the declarer.
            g.trump_suit = br.trump_suit = br.highest_bid.suit
            declarer = game.players[br.highest_bidder]
            game.kitty.deal_cards(declarer, 3)
            # discard_round: three cards back to the kitty.
            declarer.move_cards(game.kitty, rng.sample(declarer.cards, 3))
            game.kitty.label = "Discard"
            choices += 1
            # The loop of its card_round.
            br.status = "Card play in progress"
            misere = br.highest_bidder if br.highest_bid.misere is not None else None
            br.turn = br.highest_bidder
            players = game.players
            for trick_num in range(10):
                trick = Trick(br.turn, trick_num, misere)
                while not trick.is_complete():
                    player = players[br.turn]
                    player.set_possible(trick)
                    legal = player.possible_index
                    br.play_card(player, legal[int(r() * len(legal))], trick)
                    choices += 1
                trick.set_winner()
                br.turn = trick.winner
                br.tricks_won[trick.winner % 2] += 1
                br.tricks.append(trick)
            br.status = "Card play complete"
            br.set_scores()
        game.end_round()
    return choices


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--rival", type=Path, required=True,
                        help="a checkout of https://github.com/cornsmith/five-hundred")
    parser.add_argument("--deals", type=int, default=5_000, help="deals per round and side")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--rounds", type=int, default=7,
                        help="rounds per side, alternating (shared, noisy machine)")
    args = parser.parse_args(argv)
    rival = load_rival(args.rival)
    ours_rates: list[float] = []
    rival_rates: list[float] = []
    ours_actions = rival_choices = 0

    def run_ours() -> None:
        nonlocal ours_actions
        start = time.perf_counter()
        ours_actions = play_deals(PAGAT_AUSTRALIAN, args.deals, args.seed)
        ours_rates.append(args.deals / (time.perf_counter() - start))

    def run_rival() -> None:
        nonlocal rival_choices
        start = time.perf_counter()
        rival_choices = rival_deals(rival, args.deals, args.seed)
        rival_rates.append(args.deals / (time.perf_counter() - start))

    for i in range(max(1, args.rounds)):
        for run in (run_ours, run_rival) if i % 2 == 0 else (run_rival, run_ours):
            run()
    print(f"deals={args.deals}")
    print(f"rounds={len(ours_rates)}")
    print(f"ours_actions_per_round={ours_actions}")
    print(f"rival_choices_per_round={rival_choices}")
    print(f"ours_deals_per_second={max(ours_rates):.0f}")
    print(f"ours_median_deals_per_second={statistics.median(ours_rates):.0f}")
    print(f"rival_deals_per_second={max(rival_rates):.0f}")
    print(f"rival_median_deals_per_second={statistics.median(rival_rates):.0f}")
    print(f"ratio={max(ours_rates) / max(rival_rates):.2f}")
    print(f"median_ratio={statistics.median(ours_rates) / statistics.median(rival_rates):.2f}")
    print("note=ratio is ours/rival of the best rounds, run alternately in one process")
    return 0


if __name__ == "__main__":
    sys.exit(main())
