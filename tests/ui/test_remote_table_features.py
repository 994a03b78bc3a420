"""Issue 24, item 5: what a local table has, at a networked one (a ``RemoteApp`` against
a real ``TableServer`` on loopback, driven by real keys through Pilot at 80×24).

- the review of a finished deal (r on the summary): drawn from the server's ``review``
  frames as the joiner's seat saw the deal, with the double-dummy analysis computed on
  the server; no card the seat never saw is on the screen at any step;
- a card the table refuses says why in the local table's words (the engine's reason,
  in the joiner's language), not a generic line;
- blind misère (V5) is offered to a joiner alone at their screen, on the "your cards"
  screen before the hand, as to a person alone at a local table; b bids it;
- open misère: bid by a joiner from the grid, the hand face up on the other screens
  after the first trick only (R22);
- the score sheet (s), the rules (F1) and a hint (h) at the joiner's table;
- in a practice game, the computers' bids explained (e), as at one screen.

(The language switch per client is tested in ``test_remote.py``; hints, take-backs and
claims over the protocol in ``tests/net/test_intents.py``.)
"""

from __future__ import annotations

import asyncio
from collections.abc import AsyncIterator
from contextlib import asynccontextmanager
from pathlib import Path

from textual.pilot import Pilot

from five_hundred.engine import PAGAT_AUSTRALIAN, RuleSet
from five_hundred.engine.review import deal_review
from five_hundred.faces import card_face
from five_hundred.net.client import BotClient, connect
from five_hundred.net.protocol import VERSION, Hello, ReviewAnalysis, Table
from five_hundred.net.server import TableServer
from five_hundred.net.table import NetTable, TableConfig
from five_hundred.ui.remote import RemoteApp, Target, hello_for
from five_hundred.ui.remote_screens import (
    RemoteReviewScreen,
    RemoteSummaryScreen,
    RemoteTableScreen,
)
from five_hundred.ui.screens.curtain import CurtainScreen
from five_hundred.ui.widgets.bids import BidGrid
from tests.net.helpers import hidden_after

from .helpers import screen_text
from .test_remote import CODE, SEED, SIZE, my_turn, play_deal, remote_app, spec, wait_until


@asynccontextmanager
async def serving(*kinds: str, seed: int = SEED, rules: RuleSet = PAGAT_AUSTRALIAN,
                  pace: float = 0.0, practice: bool = False
                  ) -> AsyncIterator[tuple[NetTable, int]]:
    """``test_remote.serving`` with the rules (and the computers' pace) given."""
    server = TableServer(wrong_code_delay=0.0)
    table = server.open_table(TableConfig(
        rules=rules, seats=tuple(spec(k) for k in kinds), seed=seed, code=CODE, pace=pace,
        undo_window=0.0, computer_budget=0.01, hint_budget=0.01, practice=practice))
    port = await server.start("127.0.0.1", 0)
    try:
        yield table, port
    finally:
        await server.close()


async def joined(tmp_path: Path, port: int, name: str = "Ana") -> RemoteApp:
    target = Target("127.0.0.1", port, CODE, name)
    conn = await connect("127.0.0.1", port, hello_for(target))
    return remote_app(tmp_path, target, [conn])


def review_screen(app: RemoteApp) -> RemoteReviewScreen | None:
    screen = app.screen
    return screen if isinstance(screen, RemoteReviewScreen) else None


# ------------------------------------------------------------------ the review


async def test_r_on_the_summary_reviews_the_deal_as_the_seat_saw_it(tmp_path: Path) -> None:
    """North plays a deal with three computers, presses r on the summary: the review of
    deal 1 opens, its analysis comes from the server, every step shows North's own
    cards and the cards played and none that North never saw (the kitty face down);
    Esc goes back to the summary and Enter to the next deal."""
    async with serving("remote", "easy", "easy", "easy", seed=4) as (table, port):
        app = await joined(tmp_path, port)
        async with app.run_test(size=SIZE) as pilot:
            await wait_until(pilot, lambda: app._latest is not None)
            await play_deal(pilot, app, (0,))
            c = table.controller
            assert c is not None
            result = c.public().results[0]
            assert result.contract is not None and result.declarer != 0
            await pilot.press("r")
            await wait_until(pilot, lambda: review_screen(app) is not None)
            screen = review_screen(app)
            assert screen is not None
            await wait_until(pilot, lambda: screen.analysis != "computing")
            frame = screen.frames[0]
            assert frame.seat == 0 and frame.deals == 1
            hidden = {card_face(x) for x in hidden_after(c._state, 0, 0)}
            assert hidden  # the kitty at least: North did not declare
            text = screen_text(app)
            assert "Review of deal 1" in text and "Kitty: ·· ·· ··" in text
            assert "a card your seat never saw" in text
            for card in screen.review.hands[0][:3]:  # North's own hand, as dealt
                assert card_face(card) in text
            steps = len(screen.review.tricks)
            for _step in range(steps + 1):
                text = screen_text(app)
                assert not hidden & set(_faces(text)), hidden & set(_faces(text))
                await pilot.press("right")
            if isinstance(frame.analysis, ReviewAnalysis):  # a deal played out
                assert "could" in text or "made" in text  # the double-dummy line
            await pilot.press("escape")
            await wait_until(pilot, lambda: isinstance(app.screen, RemoteSummaryScreen))
            await pilot.press("enter")
            await wait_until(pilot, lambda: c.public().deal_number == 2)


def _faces(text: str) -> list[str]:
    from tests.test_table_model import FACE

    return FACE.findall(text)


# ------------------------------------------------------------------ a refused card


async def test_a_refused_card_says_the_engines_reason_in_the_joiners_language(
        tmp_path: Path) -> None:
    """A card that does not follow suit: the line under the table is the one the local
    table writes ("… cannot be played now: North holds a … and must follow … (R20)"),
    from the server, in the joiner's language; the game is unchanged."""
    from five_hundred import i18n

    async with serving("remote", "easy", "easy", "easy", seed=4) as (table, port):
        app = await joined(tmp_path, port)
        c = None
        async with app.run_test(size=SIZE) as pilot:
            await wait_until(pilot, lambda: app._latest is not None)
            # play the deal until North must follow a suit and holds a card that does not
            refused = await _until_a_refusable_card(pilot, app)
            c = table.controller
            assert c is not None
            record = c.record_json()
            index, card = refused
            await pilot.press("1234567890"[index], "enter")
            # (the server's answer, with the rule, may follow a line drawn at once)
            await wait_until(pilot, lambda: "cannot be played now" in screen_text(app) and (
                "(R20)" in screen_text(app) or "(R25)" in screen_text(app)))
            text = screen_text(app)
            assert f"{card_face(card)} cannot be played now" in text
            assert c.record_json() == record
            # and in Portuguese once the joiner speaks it
            await pilot.press("f3")
            try:
                await wait_until(pilot, lambda: "passa" in " ".join(
                    app.links[0].frame.model.log))  # type: ignore[union-attr]
                await wait_until(pilot, lambda: my_turn(app, 0))
                await pilot.press("1234567890"[index], "enter")
                await wait_until(pilot, lambda: "não pode ser jogad" in screen_text(app))
            finally:
                i18n.set_language("en")


async def _until_a_refusable_card(pilot: Pilot[None], app: RemoteApp) -> tuple[int, str]:
    """Play North's turns (the first legal card) until North is to follow and holds a
    card that may not be played: (its index in the hand, its code)."""
    from .test_remote import decide_by_keys

    for _turn in range(40):
        await wait_until(pilot, lambda: my_turn(app, 0))
        table = app._table
        assert table is not None and table.view is not None
        view = table.view
        if view.phase == "play" and view.public.trick is not None:
            playable = view.playable()
            for i, card in enumerate(view.hand):
                if card not in playable:
                    return i, card
        decision = app.links[0].frame.decision  # type: ignore[union-attr]
        await decide_by_keys(pilot, app, 0)
        await wait_until(pilot, lambda d=decision: (  # type: ignore[misc]
            app.links[0].frame.decision != d))  # type: ignore[union-attr]
    raise AssertionError("North never had a card to refuse")


# ------------------------------------------------------------------ blind and open misère


async def test_a_joiner_alone_is_offered_blind_misere_before_the_hand(tmp_path: Path) -> None:
    """With blind misère (V5) on, North's first turn of the deal opens on the "your cards
    for deal 1" screen (no hand drawn), as for a person alone at a local table; b bids
    blind misère on the server."""
    rules = PAGAT_AUSTRALIAN.model_copy(update={"blind_misere": True})
    async with serving("remote", "easy", "easy", "easy", seed=4, rules=rules) as (table, port):
        app = await joined(tmp_path, port)
        async with app.run_test(size=SIZE) as pilot:
            await wait_until(pilot, lambda: isinstance(app.screen, CurtainScreen))
            text = screen_text(app)
            assert "Ana: your cards for deal 1" in text
            assert "blind misère" in text
            hand = app.links[0].frame.model.seat_view.hand  # type: ignore[union-attr]
            assert not set(_faces(text)) & {card_face(x) for x in hand}
            await pilot.press("b")
            c = table.controller
            assert c is not None
            await wait_until(pilot, lambda: (0, "BMIS") in c.public().auction)


async def test_a_joiner_alone_sees_no_hand_while_the_computers_call_first_v5(
        tmp_path: Path) -> None:
    """V5, seed 1: East, South and West call before North, at a pace of 0.4 s, and North
    could still bid blind misère: while they call, North's table shows the auction and
    no hand (not its cards, not its frame's seat view); then the "your cards" screen
    offers blind misère."""
    rules = PAGAT_AUSTRALIAN.model_copy(update={"blind_misere": True})
    async with serving("remote", "easy", "easy", "easy", seed=1, rules=rules,
                       pace=0.4) as (table, port):
        app = await joined(tmp_path, port)
        async with app.run_test(size=SIZE) as pilot:
            c = table.controller
            await wait_until(pilot, lambda: c is not None and bool(c.public().auction)
                             and isinstance(app.screen, RemoteTableScreen))
            assert c is not None and c.acting_seat != 0
            hand = app.links[0].frame.model.seat_view.hand  # type: ignore[union-attr]
            assert app._table is not None and app._table.view is None
            assert not set(_faces(screen_text(app))) & {card_face(x) for x in hand}
            await wait_until(pilot, lambda: isinstance(app.screen, CurtainScreen)
                             and "blind misère" in screen_text(app))
            assert c.acting_seat == 0


async def test_enter_on_the_your_cards_screen_shows_the_hand_and_no_blind_bid(
        tmp_path: Path) -> None:
    rules = PAGAT_AUSTRALIAN.model_copy(update={"blind_misere": True})
    async with serving("remote", "easy", "easy", "easy", seed=4, rules=rules) as (table, port):
        app = await joined(tmp_path, port)
        async with app.run_test(size=SIZE) as pilot:
            await wait_until(pilot, lambda: isinstance(app.screen, CurtainScreen))
            await pilot.press("enter")
            await wait_until(pilot, lambda: my_turn(app, 0))
            assert isinstance(app.screen, RemoteTableScreen)
            view = app._table.view  # type: ignore[union-attr]
            assert view is not None
            assert card_face(view.hand[0]) in screen_text(app)
            await pilot.press("p")
            c = table.controller
            assert c is not None
            await wait_until(pilot, lambda: (0, "pass") in c.public().auction)


async def test_open_misere_by_a_joiner_is_face_up_on_the_other_screens_after_trick_one(
        tmp_path: Path) -> None:
    """North bids open misère from the grid (0 for the 10 row, ↓ to open misère, Enter)
    and plays the deal by keys; South, at another screen (a protocol client, sitting
    out), is shown no card of North's hand until the first trick is complete, then the
    whole of it face up (R22), in every frame to the end of the deal."""
    async with serving("remote", "easy", "remote", "easy", seed=SEED) as (table, port):
        north = await joined(tmp_path, port, "Ana")
        frames: list[Table] = []

        def seen(_client: BotClient, message: object) -> None:
            if isinstance(message, Table):
                frames.append(message)

        south = BotClient("127.0.0.1", port, Hello(version=VERSION, code=CODE, name="Carla",
                                                   seat="south"), "easy", on_frame=seen,
                          stop=lambda frame: frame.model.public.deal_number > 1)
        await south.join()
        runner = asyncio.create_task(south.run())
        try:
            async with north.run_test(size=SIZE) as pilot:
                await wait_until(pilot, lambda: my_turn(north, 0))
                await pilot.press("0", "down")
                grid = north._table.query_one(BidGrid)  # type: ignore[union-attr]
                assert grid.selected == "OMIS"
                await pilot.press("enter")
                c = table.controller
                assert c is not None
                await wait_until(pilot, lambda: (0, "OMIS") in c.public().auction)
                await play_deal(pilot, north, (0,))
                assert c.public().results[0].contract == "OMIS"
        finally:
            runner.cancel()
            await south.close()
    whole = deal_review(c._state, 0)
    first = whole.tricks[0]
    north_card = dict(first.plays)[0]
    shown = set(first.held[0]) - {north_card}
    dealt = {card_face(x) for x in whole.hands[0]} | {card_face(x) for x in whole.kitty}
    before = [f for f in frames if f.model.public.deal_number == 1 and not f.model.public.tricks]
    after = [f for f in frames if f.model.public.deal_number == 1 and f.model.public.tricks]
    assert before and after
    for f in before:
        assert f.model.public.exposed_hand is None
        played = {card for _s, card in (f.model.public.trick.plays
                                        if f.model.public.trick else ())}
        assert not (_card_faces(f) & dealt) - {card_face(x) for x in played} - \
            {card_face(x) for x in f.model.seat_view.hand}  # type: ignore[union-attr]
    assert set(after[0].model.public.exposed_hand or ()) == shown
    for f in after:
        assert f.model.public.exposed_hand is not None


def _card_faces(frame: Table) -> set[str]:
    from tests.net.helpers import cards_named

    return cards_named(frame.model)


# ------------------------------------------------------------------ scores, rules, hints


async def test_the_score_sheet_rules_and_a_hint_at_a_joiners_table(tmp_path: Path) -> None:
    """At North's table: h asks the server for a hint, which comes in North's frame and
    is drawn; s opens the score sheet (no deal finished yet, then deal 1's line after
    the deal), Esc closes it; F1 opens the rules of the table's rule set."""
    from five_hundred.ui.screens.info import RulesScreen
    from five_hundred.ui.screens.summary import ScoreSheetScreen

    async with serving("remote", "easy", "easy", "easy", seed=4) as (table, port):
        app = await joined(tmp_path, port)
        async with app.run_test(size=SIZE) as pilot:
            await wait_until(pilot, lambda: my_turn(app, 0))
            await pilot.press("h")
            await wait_until(pilot, lambda: bool(
                app.links[0].frame.model.hint))  # type: ignore[union-attr]
            hint = app.links[0].frame.model.hint  # type: ignore[union-attr]
            await wait_until(pilot, lambda: hint.split(":")[0][:20] in screen_text(app))
            await pilot.press("s")
            await wait_until(pilot, lambda: isinstance(app.screen, ScoreSheetScreen))
            assert "no deal finished yet" in screen_text(app)
            await pilot.press("escape")
            await wait_until(pilot, lambda: isinstance(app.screen, RemoteTableScreen))
            c0 = table.controller
            assert c0 is not None
            await pilot.press("f1")
            await wait_until(pilot, lambda: isinstance(app.screen, RulesScreen))
            rules_screen = app.screen
            assert isinstance(rules_screen, RulesScreen)
            assert rules_screen.rules == c0.public().rules  # the table's rules, not a default
            await wait_until(pilot, lambda: "Five Hundred: the rules as played here"
                             in screen_text(app))
            # R14–R16 in the contents (t), which the rules screen's styles keep hidden
            # until asked for: without them (before the networked app read them) the
            # contents showed over the first page
            await pilot.press("t")
            await wait_until(pilot, lambda: "R14–R16" in screen_text(app))
            await pilot.press("t")
            await pilot.press("escape")
            await wait_until(pilot, lambda: isinstance(app.screen, RemoteTableScreen))
            await play_deal(pilot, app, (0,))
            await pilot.press("s")
            await wait_until(pilot, lambda: isinstance(app.screen, ScoreSheetScreen))
            c = table.controller
            assert c is not None
            result = c.public().results[0]
            text = screen_text(app)
            assert "Score sheet" in text and "no deal finished yet" not in text
            assert f"{result.tricks[0]}–{result.tricks[1]}" in text


async def test_e_explains_the_computers_bids_at_a_joiners_practice_table(
        tmp_path: Path) -> None:
    """In a practice game the joiner's e shows each computer's call of the deal with
    what it counted on, from the server's frame (the one-screen table's lines)."""
    from five_hundred.ui.screens.explained import BidsExplainedScreen

    async with serving("remote", "easy", "easy", "easy", seed=4, practice=True) as (
            table, port):
        app = await joined(tmp_path, port)
        async with app.run_test(size=SIZE) as pilot:
            await wait_until(pilot, lambda: my_turn(app, 0))
            c = table.controller
            assert c is not None
            assert c.bid_explanations() == []  # seed 4: North calls first
            await pilot.press("p")
            await wait_until(pilot, lambda: len(c.bid_explanations()) == 3)
            lines = c.bid_explanations()
            await pilot.press("e")
            await wait_until(pilot, lambda: isinstance(app.screen, BidsExplainedScreen))
            text = " ".join(screen_text(app).split())
            assert all(" ".join(line.split())[:30] in text for line in lines), (lines, text)
            await pilot.press("escape")
            await wait_until(pilot, lambda: isinstance(app.screen, RemoteTableScreen))
