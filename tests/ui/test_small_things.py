"""The small things of issue 10, item 12: ctrl+c asks like q; the key bar's keys work on
the curtain; a refused key says why (a fourth discard mark, an illegal card with the
reason in the table's own terms)."""

from __future__ import annotations

from pathlib import Path

from five_hundred.ui.app import create_app
from five_hundred.ui.screens.curtain import CurtainScreen
from five_hundred.ui.screens.info import ConfirmScreen, KeysScreen
from five_hundred.ui.screens.table import TableScreen
from five_hundred.ui.widgets.hand import Hand
from tests.acting import act_text

from .helpers import act_first, screen_text
from .test_snapshots import SEED, to_joker, to_kitty


def _notes(app: object) -> str:
    """The table's notice (in the prompt's place) and any toasts."""
    table = app.screen  # type: ignore[attr-defined]
    notice = table.notice.plain if isinstance(table, TableScreen) and table.notice else ""
    return " | ".join([notice, *(n.message for n in app._notifications)])  # type: ignore[attr-defined]


def _hand_untouched(app: object) -> None:
    """Item 9 of issue 13: a notice never covers the hand -- the hand's two lines are
    on the screen as the Hand widget draws them."""
    table = app.screen  # type: ignore[attr-defined]
    assert isinstance(table, TableScreen)
    hand = table.query_one(Hand)
    drawn = hand.render().plain.splitlines()[:2]
    text = screen_text(app)  # type: ignore[arg-type]
    for line in drawn:
        assert line.strip() in text, line


async def test_ctrl_c_asks_before_quitting_like_q(tmp_path: Path) -> None:
    app = create_app(tmp_path, seed=SEED, pace=3600.0)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        await pilot.press("ctrl+c")
        await pilot.pause()
        assert isinstance(app.screen, ConfirmScreen) and app.return_code is None
        await pilot.press("escape")
        await pilot.pause()
        assert app.return_code is None


async def test_keys_and_rules_work_on_the_curtain(tmp_path: Path) -> None:
    app = create_app(tmp_path, seed=SEED, pace=3600.0)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        assert isinstance(app.screen, CurtainScreen)
        await pilot.press("k")
        await pilot.pause()
        assert isinstance(app.screen, KeysScreen)


async def test_a_fourth_discard_mark_says_why_it_is_refused(tmp_path: Path) -> None:
    app = create_app(tmp_path, seed=SEED, pace=3600.0)
    async with app.run_test(size=(80, 24)) as pilot:
        await to_kitty(pilot)  # two marked
        await pilot.press("5", "space", "7", "space")
        await pilot.pause()
        table = app.screen
        assert isinstance(table, TableScreen) and len(table.marked) == 3
        assert "3 cards are marked already" in _notes(app)
        assert "3 cards are marked already" in screen_text(app)
        _hand_untouched(app)
        await pilot.press("left")  # the next key brings the prompt back
        assert "Mark 3 cards" in screen_text(app)


async def test_an_illegal_card_says_the_rule_in_the_tables_terms_r20(tmp_path: Path) -> None:
    app = create_app(tmp_path, seed=SEED, pace=3600.0)
    async with app.run_test(size=(80, 24)) as pilot:
        await to_joker(pilot)
        c = app.controller
        assert c is not None
        act_text(c, "joker H")
        declarer = c.acting_seat
        view = c.table_view()
        assert view is not None
        lead = next(a for a in view.legal if a.card is not None and a.card[1] in "SCD")
        c.act(lead)  # a plain suit led; the next person must follow it if they can
        while c.acting_seat != declarer and c.needs_curtain():
            c.reveal()
            follower = c.table_view()
            assert follower is not None
            led = lead.card[1] if lead.card else ""
            refused = [card for card in follower.hand if card not in follower.playable()]
            if refused:
                app.advance()
                await pilot.pause()
                table = app.screen
                assert isinstance(table, TableScreen)
                await pilot.press("1234567890"[follower.hand.index(refused[0])], "enter")
                await pilot.pause()
                assert "cannot be played now" in _notes(app)
                assert "must follow" in _notes(app) and "(R20)" in _notes(app)
                assert "cannot be played now" in screen_text(app)
                _hand_untouched(app)
                assert led
                return
            c.act(follower.legal[0])
        raise AssertionError("nobody had to follow suit in this deal")


async def test_text_fits_at_80x24_key_bar_and_misere_status(tmp_path: Path) -> None:
    """Item 10: at 80×24 the discard key bar still ends in "^p more" (keys that do not
    fit are left out whole) and a misère's status line still says who sits out."""
    app = create_app(tmp_path, seed=SEED, pace=3600.0)
    async with app.run_test(size=(80, 24)) as pilot:
        await to_kitty(pilot)
        lines = screen_text(app).splitlines()
        assert lines[-1].rstrip().endswith("^p more"), lines[-1]
        c = app.controller
        assert c is not None
    app = create_app(tmp_path / "m", seed=SEED, pace=3600.0)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        c = app.controller
        assert c is not None
        for text in ("bid 7S", "bid MIS", "pass", "pass", "pass"):
            act_text(c, text)
        declarer = c.acting_seat
        assert declarer is not None
        c.reveal()
        await act_first(app, pilot)  # the discard
        partner = (declarer + 2) % 4
        assert f"{c.names[partner]} sits out" in screen_text(app)


async def test_the_discard_hint_takes_the_prompt_and_leaves_the_confirmation(
        tmp_path: Path) -> None:
    """R17 at 80×24: the discard hint (three lines) replaces the two-line marking
    prompt, which used to cut it after its first line; the confirmation shows its own
    question without it, and Esc back to the marking shows the hint again, whole."""
    app = create_app(tmp_path, seed=SEED, pace=3600.0)
    async with app.run_test(size=(80, 24)) as pilot:
        await to_kitty(pilot)  # two marked
        await pilot.press("h")
        for _ in range(50):  # the hint is computed inline, a step per event
            await pilot.pause()
            table = app.screen
            assert isinstance(table, TableScreen)
            if table.hint_text not in ("", "thinking…"):
                break
        text = " ".join(screen_text(app).split())
        assert "Hint: discard" in text and "sampled deal" in text, text
        assert "Mark 3 cards" not in text
        await pilot.press("5", "space", "enter")
        await pilot.pause()
        text = " ".join(screen_text(app).split())
        assert "Enter: yes · Esc: change" in text and "Hint:" not in text, text
        await pilot.press("escape")
        await pilot.pause()
        text = " ".join(screen_text(app).split())
        assert "Hint: discard" in text and "sampled deal" in text, text
