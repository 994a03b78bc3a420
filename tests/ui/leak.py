"""The leak check: at every decision point, the visible screen holds no hidden card.

Shared by ``test_leaks.py`` (50+ deals in CI) and ``benchmarks/ui_soak.py`` (1,000).
The game is driven through the app's own entry points (the ones the keys call), and
after every step the whole screen is rendered to text and searched.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from pathlib import Path

from five_hundred.engine import RuleSet
from five_hundred.hotseat import Player, card_label
from five_hundred.ui.app import FiveHundredApp, create_app
from five_hundred.ui.screens.curtain import CurtainScreen
from five_hundred.ui.screens.summary import SummaryScreen
from five_hundred.ui.screens.table import TableScreen

from .driver import choose
from .helpers import quick_pause, screen_text

# Card labels that can never be mistaken for a bid label (6♥ … 10♥ are also bids):
# A, K, Q, J, 5 and 4 of each suit and the jokers -- 25 of the 43 cards, so any
# channel that leaks a hand shows itself within a few decisions.
UNAMBIGUOUS_RANKS = set("AKQJ54")


def forms(code: str) -> list[str]:
    """The spellings of a hidden card the leak check looks for."""
    out = []
    if code in ("JK", "J2") or code[0] in UNAMBIGUOUS_RANKS:
        out.append(card_label(code))
    if code not in ("JK", "J2"):
        out.append(code)  # record spelling, e.g. "QH"
    return out


class Leak(AssertionError):
    pass


def check_screen(app: FiveHundredApp) -> int:
    """Raise ``Leak`` if a hidden card is visible; returns how many cards were checked."""
    c = app.controller
    assert c is not None
    screen = app.screen
    if isinstance(screen, CurtainScreen):
        hidden = c.hidden_cards_for(None)
    elif isinstance(screen, TableScreen):
        hidden = c.hidden_cards_for(c.viewer)
    else:
        return 0
    text = screen_text(app)
    if isinstance(screen, TableScreen) and screen.view is not None:
        # positive control: the capture is fresh and shows the viewer's own hand
        for code in screen.view.hand:
            assert card_label(code) in text, f"own card {code} missing:\n{text}"
    for code in hidden:
        for form in forms(code):
            if form in text:
                raise Leak(f"{form} (hidden) is visible on {type(screen).__name__}:\n{text}")
    return len(hidden)


async def run_deals(folder: Path, seed: int, deals: int, players: Sequence[Player],
                    size: tuple[int, int] = (80, 24)) -> tuple[int, int]:
    """Play ``deals`` deals (several games if need be); returns (deals, checks)."""
    return await run_deals_with_rules(folder, seed, deals, players, None, size)


async def run_deals_with_rules(folder: Path, seed: int, deals: int,
                               players: Sequence[Player], rules: RuleSet | None,
                               size: tuple[int, int] = (80, 24)) -> tuple[int, int]:
    """``run_deals`` under a given rule set."""
    played = checks = 0
    game = 0
    while played < deals:
        rng = random.Random(f"leak:{seed}:{game}")
        # computers move only when told to (pace of an hour), so every decision is checked
        app = create_app(folder / f"g{game}", seed=seed * 1000 + game, players=players,
                         rules=rules, pace=3600.0)
        async with app.run_test(size=size, notifications=True) as pilot:
            while played < deals:
                await quick_pause(pilot)
                c = app.controller
                assert c is not None
                screen = app.screen
                checks += check_screen(app) and 1
                if isinstance(screen, SummaryScreen):
                    played += 1
                    if c.game_over:
                        break
                    app.next_deal()
                elif isinstance(screen, CurtainScreen):
                    seat = c.acting_seat
                    assert seat is not None
                    if c.blind_misere_offered() and rng.random() < 0.05:
                        app.blind_misere_from_curtain(seat)
                    else:
                        app.curtain_lifted(seat)
                elif isinstance(screen, TableScreen) and screen.mode != "watch":
                    assert screen.view is not None
                    if not screen.hint_text and rng.random() < 0.03:
                        screen.action_hint()  # the hint shows on the table: check it too
                        continue
                    app.person_acts(choose(screen.view.legal_actions, rng, 0.3))
                elif isinstance(screen, TableScreen) and c.computer_to_act():
                    app.step_computer()
        game += 1
    return played, checks


async def _main() -> None:  # pragma: no cover - a quick manual run
    import tempfile
    import time

    t = time.perf_counter()
    print(await run_deals(Path(tempfile.mkdtemp()), 1, 10, [Player(n) for n in "NESW"]))
    print(time.perf_counter() - t)


if __name__ == "__main__":  # pragma: no cover
    import asyncio

    asyncio.run(_main())
