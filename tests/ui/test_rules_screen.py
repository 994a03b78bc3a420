"""The rules screen (issue 10, item 11): it starts with the game, and its table of
contents (``t``) jumps to a section, at 80×24."""

from __future__ import annotations

from pathlib import Path

from five_hundred.ui.app import create_app
from five_hundred.ui.screens.info import RulesContents, RulesScreen
from tests.ui.helpers import screen_text


async def test_contents_jump_to_a_section_at_80x24(tmp_path: Path) -> None:
    app = create_app(tmp_path, autostart=False)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        await pilot.press("f1")
        await pilot.pause()
        screen = app.screen
        assert isinstance(screen, RulesScreen)
        text = screen_text(app)
        assert text.splitlines()[0].strip() == "Five Hundred: the rules as played here"
        assert "t  Contents" in text
        await pilot.press("t")
        await pilot.pause()
        toc = screen.query_one("#rules-toc", RulesContents)
        assert toc.has_focus and toc.highlighted == 0
        text = screen_text(app)
        assert "The auction  R8–R13" in text
        assert "  Misère and open misère  R14–R16" in text
        assert "⏎  Go to" in text and "Esc  Back to the text" in text
        titles = [s.title for s in screen.sections]
        auction = titles.index("The auction")
        for _ in range(auction):
            await pilot.press("down")
        await pilot.press("enter")
        await pilot.pause()
        assert not screen.contents_open and app.focused is None
        target = screen.query_one(f"#rules-sec-{auction}")
        assert screen.text.scroll_y == target.virtual_region.y > 0
        lines = screen_text(app).splitlines()
        assert "The auction" in "\n".join(lines[:3])
        assert "(R8)" in "\n".join(lines[:12])
        # the contents open again on the section in view; Esc goes back without moving
        await pilot.press("t")
        await pilot.pause()
        assert toc.highlighted == auction
        await pilot.press("up", "escape")
        await pilot.pause()
        assert not screen.contents_open
        assert screen.text.scroll_y == target.virtual_region.y
        await pilot.press("escape")  # closes the rules
        await pilot.pause()
        assert not isinstance(app.screen, RulesScreen)


async def test_house_rules_in_force_come_first_in_the_contents(tmp_path: Path) -> None:
    from five_hundred.engine import PAGAT_AUSTRALIAN

    rules = PAGAT_AUSTRALIAN.model_copy(update={"blind_misere": True})
    screen = RulesScreen(rules)
    assert [s.title for s in screen.sections[:2]] == [
        "House rules in force", "Five Hundred: the rules as played here"]
