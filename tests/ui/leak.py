"""The leak check: at every decision point, the visible screen holds no hidden card.

Shared by ``test_leaks.py`` (50+ deals in CI) and ``benchmarks/ui_soak.py`` (1,000).
The game is driven through the app's own entry points (the ones the keys call), and
after every step the whole screen is rendered to text and searched for every hidden
card.

Cards of rank 6 to 10 are spelt like bids (``7♥`` is a card and a bid), so for them the
search runs on each widget's own text with the bid contexts taken out by construction:
the bidding grid widget is left out whole, and from the other widgets the exact
phrases the table writes around the bids made so far are removed ("Ana 7♥" in the
auction, "bids 7♥" in the log, "Contract 7♥", "highest 7♥", the bid reminder, the
bids in a hint). What is left must not show a hidden card.

Which cards are hidden is an oracle that reads the controller's private state: it
lives here, in the tests, so the controller gives the table views only.
"""

from __future__ import annotations

import random
from collections.abc import Iterable, Sequence
from pathlib import Path

from textual.pilot import Pilot
from textual.widget import Widget

from five_hundred.engine import BIDDING, DEAL_OVER, GAME_OVER, RuleSet
from five_hundred.engine.cards import card_str, cards_of
from five_hundred.hotseat import Controller, Player
from five_hundred.i18n import _, ngettext
from five_hundred.notation import bid_label, card_label, card_name
from five_hundred.ui.app import FiveHundredApp, create_app
from five_hundred.ui.screens.curtain import CurtainScreen
from five_hundred.ui.screens.review import DealReviewScreen
from five_hundred.ui.screens.summary import SummaryScreen
from five_hundred.ui.screens.table import TableScreen
from five_hundred.ui.widgets.bids import BidGrid

from .driver import act, choose
from .helpers import quick_pause, screen_text

BID_LIKE_RANKS = set("6789T")  # 6♥ … 10♥ are also bids


class Leak(AssertionError):
    pass


def hidden_cards(controller: Controller, seat: int | None) -> set[str]:
    """Card codes ``seat`` may not see now (every card not yet face up when ``seat`` is
    None): the other hands, the kitty in the auction, the discard (known only to the
    declarer, R17), less the open-misère hand once it is face up (R22)."""
    s = controller._state  # the oracle may read the state; the UI never does
    if s.phase in (DEAL_OVER, GAME_OVER):
        return set()
    hidden = 0
    for other in range(4):
        if other != seat:
            hidden |= s.hands[other]
    if s.phase == BIDDING:
        hidden |= s.kitty  # nobody has seen the kitty yet
    if seat is None or seat != s.declarer:
        hidden |= s.discards
    if s.exposed and s.declarer >= 0:
        hidden &= ~s.hands[s.declarer]
    return {card_str(c) for c in cards_of(hidden)}


def _entitled(controller: Controller) -> int | None:
    """The seat whose hand the table may show: the viewer, unless (V5) that person
    has not looked at this deal's cards and has made no call yet, and so may still bid
    blind misère (read here from the rules and the auction, not from the controller's
    own test of it)."""
    seat = controller.viewer
    s = controller._state
    if (seat is not None and controller.rules.blind_misere and s.phase == BIDDING
            and seat not in controller._looked
            and all(who != seat for who, _call in controller.public().auction)):
        return None
    return seat


def forms(code: str) -> list[str]:
    """The spellings of a card searched everywhere on screen (the record spelling, the
    label when it cannot be read as a bid, and its name in words in the player's
    language: "queen of hearts", "dama de copas", "reina de corazones")."""
    if code in ("JK", "J2"):
        return [code]
    out = [code, card_name(code)]  # record spelling, e.g. "QH"; words
    if code[0] not in BID_LIKE_RANKS:
        out.append(card_label(code))
    return out


def _before_bid(template: str, label: str) -> str:
    """The words a translated sentence writes just before its ``{bid}``, and the bid:
    ``_("{name} bids {bid}")`` -> ``bids 7♥`` (``anuncia 7♥``)."""
    before = template.split("{bid}", 1)[0].rsplit("}", 1)[-1].lstrip()
    return before + label


# the sentences the table writes with a bid in them, as the catalogues translate them
def _bid_sentences() -> list[str]:
    hints = [ngettext(f"by expected points, chance of {goal} {{bid}}: {{options}} (over "
                      "{n} sampled deal)",
                      f"by expected points, chance of {goal} {{bid}}: {{options}} (over "
                      "{n} sampled deals)", n)
             for goal in ("making", "defeating") for n in (1, 2)]
    # the match situation a card hint adds when the contract decides the game
    situation = [_("their {bid} made wins {team} the game"),
                 _("our {bid} made wins {team} the game"),
                 _("{team} lose the game if {bid} fails")]
    return [_("{name} bids {bid}"), _("Contract {bid} by {who}"),
            _("Bidding · highest {bid} by {name}"), *hints, *situation]


def widget_texts(app: FiveHundredApp, text: str | None = None,
                 skip: tuple[type[Widget], ...] = (BidGrid,)) -> list[str]:
    """The text each visible leaf widget shows (its content area cut out of the painted
    screen, rows joined, whitespace collapsed so wrapped phrases read whole), leaving
    out widgets of the ``skip`` types."""
    lines = (screen_text(app) if text is None else text).splitlines()
    width, height = app.size
    lines = [(line + " " * width)[:width] for line in lines] + [" " * width] * height
    visible = app.screen._compositor.visible_widgets
    parents = {w.parent for w in visible}
    out = []
    for widget, (region, clip) in visible.items():
        if widget in parents or isinstance(widget, skip):
            continue
        area = region.shrink(widget.styles.gutter).intersection(clip)
        if not area:
            continue
        rows = [lines[y][area.x:area.right] for y in range(area.y, area.bottom)]
        out.append(" ".join(" ".join(rows).split()))
    return out


def bid_phrases(app: FiveHundredApp) -> set[str]:
    """The exact phrases the table writes around the bids made so far (or offered now
    in the reminder and the hint)."""
    c = app.controller
    assert c is not None
    public = c.public()
    names = c.names
    out = set()
    for seat, code in public.auction:
        if code == "pass":
            continue
        label = bid_label(code)
        out |= {f"{names[seat][:10]} {label}", f"{names[seat]} {label}"}
    codes = {code for _seat, code in public.auction if code != "pass"}
    codes |= {c for c in (public.high_bid, public.contract) if c is not None}
    for code in codes:  # the phrases of every language the table may be drawn in
        out |= {_before_bid(t, bid_label(code)) for t in _bid_sentences()}
    screen = app.screen
    if isinstance(screen, TableScreen) and screen.mode == "bid":
        grid = screen.query_one(BidGrid)
        if grid.selected not in (None, "pass"):
            out.add(f"{bid_label(grid.selected)}:")  # the reminder line
        if screen.hint_text:  # in the auction the hint weighs the legal bids only
            out.add(" ".join(_("Hint: {hint}").format(hint=screen.hint_text).split()))
    return out


def find_leak(texts: Iterable[str], hidden: Iterable[str], phrases: Iterable[str]) -> str | None:
    """The first spelling of a hidden card of rank 6–10 left in ``texts`` once the bid
    ``phrases`` are removed (longest first; a phrase cut short at the end of a widget's
    text too), else None."""
    ordered = sorted(set(phrases), key=len, reverse=True)
    cleaned = []
    for text in texts:
        for phrase in ordered:
            text = text.replace(phrase, " ")
            # a phrase cut off where its widget ends (a clipped hint, say)
            for k in range(len(phrase) - 1, 1, -1):
                if text.endswith(phrase[:k]):
                    text = text[:-k]
                    break
        cleaned.append(f" {text} ")
    for code in hidden:
        if code in ("JK", "J2") or code[0] not in BID_LIKE_RANKS:
            continue
        label = card_label(code)
        for text in cleaned:
            i = text.find(label)
            # "10♥" must not be read inside "110♥"; "6♥" not inside "16♥"
            while i >= 0:
                if not text[i - 1].isdigit():
                    return label
                i = text.find(label, i + 1)
    return None


def check_screen(app: FiveHundredApp, covered: bool = False) -> int:
    """Raise ``Leak`` if a hidden card is visible; returns how many cards were checked.
    ``covered``: a toast may be drawn over the hand (the positive control, that the
    viewer's own cards are on the capture, is then skipped)."""
    c = app.controller
    assert c is not None
    screen = app.screen
    if isinstance(screen, DealReviewScreen):
        return check_review(c, screen)
    if isinstance(screen, CurtainScreen):
        hidden = hidden_cards(c, None)
    elif isinstance(screen, TableScreen):
        hidden = hidden_cards(c, _entitled(c))
    else:
        return 0
    text = screen_text(app)
    if isinstance(screen, TableScreen) and screen.view is not None and not covered:
        # positive control: the capture is fresh and shows the viewer's own hand
        for code in screen.view.hand:
            assert card_label(code) in text, f"own card {code} missing:\n{text}"
    for code in hidden:
        for form in forms(code):
            if form in text:
                raise Leak(f"{form} (hidden) is visible on {type(screen).__name__}:\n{text}")
    label = find_leak(widget_texts(app, text), hidden, bid_phrases(app))
    if label is not None:
        raise Leak(f"{label} (hidden) is visible on {type(screen).__name__}:\n{text}")
    declined = declined_joker(c)
    if declined is not None and (not isinstance(screen, TableScreen) or c.viewer != declined):
        # R23: a declarer who keeps the joker suitless says nothing; the log once said
        # "leaves the joker without a suit", telling the defenders where it was
        flat = " ".join(text.split())
        said = _("{name} leaves the joker without a suit").replace("{name}", "").strip()
        for phrase in ("without a suit", "leaves the joker", "joker none", "hold the joker",
                       _("joker none"), said):
            if phrase in flat:
                raise Leak(f"{phrase!r} on {type(screen).__name__} tells where the joker "
                           f"is:\n{text}")
    return len(hidden)


def check_review(controller: Controller, screen: DealReviewScreen) -> int:
    """The review shows finished deals only, each exactly as the game logged it: never
    the deal under way, whose hands are still in play."""
    s = controller._state  # the oracle's view of what was dealt
    for review in screen.reviews:
        if review.index >= len(s.logs):
            raise Leak(f"the review holds deal {review.number}, which is not finished")
        log = s.logs[review.index]
        dealt = [{card_str(c) for c in cards_of(m)} for m in log.hands]
        if [set(h) for h in review.hands] != dealt:
            raise Leak(f"the review of deal {review.number} is not that deal")
    if not s.deal_over and screen.review.index == s.deal_index:
        raise Leak("the review shows the deal under way")
    return 1


def declined_joker(controller: Controller) -> int | None:
    """The declarer's seat if they declined to name the joker in this deal (R23)."""
    s = controller._state
    for seat, action in s.actions:
        if s.text(action) == "joker none":
            return int(seat)
    return None


async def run_deals(folder: Path, seed: int, deals: int, players: Sequence[Player],
                    size: tuple[int, int] = (80, 24)) -> tuple[int, int]:
    """Play ``deals`` deals (several games if need be); returns (deals, checks)."""
    return await run_deals_with_rules(folder, seed, deals, players, None, size)


async def _undo_or_claim(app: FiveHundredApp, rng: random.Random,
                         pilot: Pilot[None]) -> bool:
    """Now and then take back the last move (``u``, at the table or on the curtain
    that follows it) or claim the rest (``c``, late in the play), through the app's
    own entry points; the screen they leave, toast and all, is checked at once."""
    c = app.controller
    screen = app.screen
    assert c is not None
    r = rng.random()
    if c.can_take_back() and r < (0.15 if isinstance(screen, CurtainScreen) else 0.05):
        app.take_back()
    elif (isinstance(screen, TableScreen) and screen.mode == "play" and r > 0.96
          and len(c.public().tricks) >= 5 and screen.view is not None):
        app.on_table_screen_claim(TableScreen.Claim(screen.view.seat))
    else:
        return False
    await quick_pause(pilot)
    check_screen(app, covered=True)  # the toast says who took back or claimed
    app.clear_notifications()
    return True


async def run_deals_with_rules(folder: Path, seed: int, deals: int,
                               players: Sequence[Player], rules: RuleSet | None,
                               size: tuple[int, int] = (80, 24)) -> tuple[int, int]:
    """``run_deals`` under a given rule set, with take-backs and claims now and then."""
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
                    if rng.random() < 0.3:  # the review of the deal just finished
                        screen.action_review()
                        await pilot.pause()  # the review composed
                        review = app.screen
                        assert isinstance(review, DealReviewScreen)
                        for _ in range(rng.randrange(4)):
                            checks += check_screen(app)
                            review.action_step(1)
                            await quick_pause(pilot)
                        checks += check_screen(app)
                        review.action_close()
                        await quick_pause(pilot)
                    if c.game_over:
                        break
                    app.next_deal()
                elif isinstance(screen, CurtainScreen | TableScreen) and \
                        await _undo_or_claim(app, rng, pilot):
                    checks += 1
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
                    act(app, choose(screen.view.legal_actions, rng, 0.3))
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
