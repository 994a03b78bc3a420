"""Every screen in Portuguese and Spanish at 80×24 and 120×40 (issue 12): text snapshots
(syrupy, ``__snapshots__/test_i18n_screens.ambr``) with nothing cut off and no English
left, and switching languages, also mid-game.

Cheap by construction: one app run walks several screens in a row (start → curtain →
bidding → kitty → joker → trick → summary → score sheet → keys → rules; a record's
summary → review → end of the game; history → game → statistics) and each stop is the
plain text of the screen, not an SVG. Regenerate with ``--snapshot-update`` and read
the .ambr diff before committing it.
"""

from __future__ import annotations

import time
from collections.abc import Awaitable, Callable, Iterator
from pathlib import Path

import pytest
from rich.console import Console
from rich.text import Text
from syrupy.assertion import SnapshotAssertion
from textual.content import Content
from textual.geometry import Region
from textual.pilot import Pilot
from textual.widgets import Button, Input, Static

from five_hundred import i18n
from five_hundred.hotseat import Player
from five_hundred.ui.app import FiveHundredApp, create_app
from five_hundred.ui.screens import history as history_screens
from five_hundred.ui.screens.review import DealReviewScreen
from five_hundred.ui.screens.start import StartScreen
from five_hundred.ui.widgets.choice import Choice
from five_hundred.ui.widgets.labelled_row import LabelledRow
from five_hundred.ui.widgets.side import SidePanel
from five_hundred.ui.widgets.tick import Tick
from tests.acting import act_text, play_to_the_end
from tests.history_fixtures import three_games

from . import test_snapshots as steps
from .helpers import screen_text
from .records import DEFENDED, LOST, WON, begin

SIZES = [(80, 24), (120, 40)]
LANGS = ["pt", "pt_BR", "es"]
# English words that no Portuguese or Spanish screen may show (whole words, checked on
# every stop, the rules screen's translated text included)
ENGLISH = {"the", "Deal", "deal", "Contract", "Auction", "trick", "tricks", "Press",
           "your", "Your", "passes", "bids", "plays", "wins", "North", "South", "West",
           "Rules", "Quit", "Scores", "Review", "Next", "Back", "Close", "Hint", "made",
           "failed", "dealer", "Score", "sheet", "game", "Game", "New", "Saved", "won"}


@pytest.fixture
def lang(request: pytest.FixtureRequest) -> Iterator[str]:
    """The language of the test, English again afterwards (it is process-wide)."""
    i18n.set_language(request.param)
    yield request.param
    i18n.set_language("en")


def _content_text(widget: Static | Button | Choice | Tick | SidePanel, width: int) -> str:
    """What the widget means to show, laid out at ``width`` by rich: its words."""
    if isinstance(widget, Button):
        return str(widget.label)
    if isinstance(widget, Choice | Tick | SidePanel):
        rendered = widget.render()
        return rendered.plain if isinstance(rendered, Text) else str(rendered)
    content = widget.content
    if isinstance(content, str):
        content = Text.from_markup(content) if widget._render_markup else Text(content)
    console = Console(width=max(width, 1), file=None, color_system=None, record=True,
                      force_terminal=False, legacy_windows=False)
    with console.capture() as capture:
        console.print(content)
    return capture.get()


def cut_off(app: FiveHundredApp, text: str) -> list[str]:
    """The words of fully visible text widgets that the screen does not show (clipped by
    a width, a height or the terminal's edge). Widgets partly scrolled out of view are
    left out: what is below them is reached by scrolling, not cut off."""
    width, height = app.size
    lines = [(line + " " * width)[:width] for line in text.splitlines()]
    lines += [" " * width] * height
    visible = app.screen._compositor.visible_widgets
    parents = {w.parent for w in visible}
    missing = []
    for widget, (region, clip) in visible.items():
        if isinstance(widget, LabelledRow) and widget.children:
            # its label shows where its first field leaves room for it
            room = Region(region.x, region.y, widget.children[0].styles.margin.left, 1)
            shown = lines[room.y][room.x:room.right]
            missing += [f"{word!r} of {type(widget).__name__}" for word in
                        widget.label.split() if word not in shown.split()]
            continue
        if widget in parents or not isinstance(widget, Static | Button | Choice | Tick | SidePanel):
            continue
        area = region.shrink(widget.styles.gutter)
        if not area or area.intersection(clip) != area or area.bottom > height:
            continue
        shown = " ".join(" ".join(lines[y][area.x:area.right] for y in
                                  range(area.y, area.bottom)).split())
        for word in _content_text(widget, area.width).split():
            if word not in shown:
                missing.append(f"{word!r} of {type(widget).__name__}#{widget.id}")
    return missing


def english_left(text: str) -> set[str]:
    words = {w.strip(".,:;()·?!\"'") for w in text.split()}
    return words & ENGLISH


Walk = Callable[[Pilot[None], Callable[[str], None]], Awaitable[None]]


async def walk_game(pilot: Pilot[None], stop: Callable[[str], None]) -> None:
    """Seed 15 (tests/ui/test_snapshots.py): every decision of a deal, in one run."""
    app = pilot.app
    assert isinstance(app, FiveHundredApp)
    await pilot.pause()
    stop("curtain")
    app.curtain_lifted(steps._c(app).acting_seat)
    await pilot.pause()
    stop("bidding")
    c = steps._c(app)
    act_text(c, "bid 6NT")
    for _ in range(3):
        act_text(c, "pass")
    app.advance()
    await pilot.pause()
    app.curtain_lifted(c.acting_seat)
    await pilot.pause()
    await pilot.press("1", "space", "3", "space")
    stop("kitty")
    act_text(c, "discard 5S 7S QS")
    app.advance()
    await pilot.pause()
    stop("joker")
    act_text(c, "joker H")
    for _ in range(6):
        if c.needs_curtain():
            c.reveal()
        view = c.table_view()
        assert view is not None
        c.act(view.legal[0])
    if c.needs_curtain():
        c.reveal()
    app.advance()
    await pilot.pause()
    stop("trick")
    play_to_the_end(c)
    app.advance()
    await pilot.pause()
    stop("summary")
    await pilot.press("s")
    stop("score_sheet")
    await pilot.press("escape", "k")
    stop("keys")
    await pilot.press("escape", "f1")
    stop("rules")


async def _analysed(pilot: Pilot[None]) -> None:
    """The review's double-dummy line is computed in a worker: wait for it, so the
    snapshot does not depend on how fast the machine is."""
    screen = pilot.app.screen
    assert isinstance(screen, DealReviewScreen)
    await screen.wait_for_analysis()
    await pilot.pause()


async def walk_defended(pilot: Pilot[None], stop: Callable[[str], None]) -> None:
    """R35: a summary past 500 by defending, then its review at the fourth trick."""
    await begin(pilot, DEFENDED, 12)
    stop("summary_defended")
    await pilot.press("r", "right", "right", "right", "right")
    await _analysed(pilot)
    stop("review")


async def walk_won(pilot: Pilot[None], stop: Callable[[str], None]) -> None:
    await begin(pilot, WON)
    await pilot.press("enter")
    await pilot.pause()
    stop("game_over")


async def walk_lost(pilot: Pilot[None], stop: Callable[[str], None]) -> None:
    """A lost misère's review; the game lost at −500, its table (R36)."""
    await begin(pilot, LOST)
    await pilot.press("r", "end")
    await _analysed(pilot)
    stop("review_misere")
    await pilot.press("escape", "enter", "t")
    await pilot.pause()
    stop("game_over_table")


async def walk_history(pilot: Pilot[None], stop: Callable[[str], None]) -> None:
    await pilot.pause()
    stop("start")
    await pilot.press("f2")
    await pilot.app.workers.wait_for_complete()
    await pilot.pause()
    stop("history")
    await pilot.press("enter")
    stop("game")
    await pilot.press("escape", "s")
    stop("statistics")


WALKS: dict[str, tuple[Walk, bool]] = {  # the walk, and whether the game starts at once
    "game": (walk_game, True),
    "defended": (walk_defended, False),
    "won": (walk_won, False),
    "lost": (walk_lost, False),
    "history": (walk_history, False),
}


@pytest.mark.parametrize("size", SIZES, ids=lambda s: f"{s[0]}x{s[1]}")
@pytest.mark.parametrize("walk", list(WALKS))
@pytest.mark.parametrize("lang", LANGS, indirect=True)
async def test_screens_in_portuguese_and_spanish(
        tmp_path: Path, lang: str, walk: str, size: tuple[int, int],
        snapshot: SnapshotAssertion, monkeypatch: pytest.MonkeyPatch) -> None:
    """Each screen: the snapshot of its text, every word of every fully visible text
    widget on screen (nothing cut off), and no English word left."""
    if walk == "lost" and size != SIZES[0]:
        pytest.skip("laid out like the others at 120×40 (as in test_snapshots.py)")
    monkeypatch.setattr(history_screens, "localtime", time.gmtime)
    run, autostart = WALKS[walk]
    folder = three_games(tmp_path) if walk == "history" else tmp_path
    app = create_app(folder, seed=steps.SEED, autostart=autostart, pace=3600.0)
    texts: dict[str, str] = {}
    problems: list[str] = []
    async with app.run_test(size=size) as pilot:

        def stop(name: str) -> None:
            text = screen_text(app)
            texts[name] = "\n".join(line.rstrip() for line in text.splitlines())
            problems.extend(f"{name}: cut off: {m}" for m in cut_off(app, text))
            problems.extend(f"{name}: English: {w}" for w in english_left(text))

        await run(pilot, stop)
    assert texts and not problems, "\n".join(problems)
    assert texts == snapshot


@pytest.mark.parametrize("lang", ["es"], indirect=True)
async def test_cut_off_text_is_caught(tmp_path: Path, lang: str) -> None:
    """Positive control of ``cut_off``: a one-line choice longer than the terminal (the
    two-joker game's description, at 80 columns) is reported, the shorter one is not."""
    app = create_app(tmp_path, seed=steps.SEED, autostart=False)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        assert cut_off(app, screen_text(app)) == []
        app.screen.query_one("#preset", Choice).action_step(1)
        await pilot.pause()
        assert any("Choice#preset" in m for m in cut_off(app, screen_text(app)))


async def test_language_switch_mid_game_redraws_and_is_remembered(tmp_path: Path) -> None:
    """F3 mid-game: the table is redrawn in the next language at once (log and prompt
    too), the choice is kept for the next start; the start screen's choice works too."""
    app = create_app(tmp_path, seed=steps.SEED, pace=3600.0)
    try:
        async with app.run_test(size=(80, 24)) as pilot:
            await steps.to_bidding(pilot)
            assert "Your bid" in screen_text(app)
            await pilot.press("f3")
            await pilot.pause()
            text = screen_text(app)
            assert i18n.language() == "pt" and "O teu anúncio" in text and "Leilão" in text
            assert "Your bid" not in text
            await pilot.press("f3")  # Portugal, then Brazil, then Spanish
            await pilot.pause()
            assert i18n.language() == "pt_BR" and "Seu anúncio" in screen_text(app)
            await pilot.press("f3")
            await pilot.pause()
            text = screen_text(app)
            assert "Tu anuncio" in text
            # the bid grid too (its notes), not only the prompt and the log
            assert "por encima de 7NT" in text and "acima de 7NT" not in text
        assert app.storage.last_language() == "es"
        i18n.set_language("en")
        app2 = create_app(tmp_path, seed=steps.SEED, autostart=False)
        async with app2.run_test(size=(80, 24)) as pilot:
            await pilot.pause()
            app2.screen.query_one("#name-0").focus()
            choice = app2.screen.query_one("#language", Choice)
            choice.focus()
            await pilot.press("right")  # English -> Português
            await pilot.pause()
            assert "Novo jogo" in screen_text(app2)
            assert app2.storage.last_language() == "pt"
    finally:
        i18n.set_language("en")


@pytest.mark.parametrize("lang, prompt", [("pt", "Procurar comandos…"),
                                          ("es", "Buscar comandos…")], indirect=["lang"])
async def test_the_command_palette_asks_in_the_language(tmp_path: Path, lang: str,
                                                        prompt: str) -> None:
    """ctrl+p opened Textual's palette with its English "Search for commands…"."""
    from textual.command import CommandPalette
    from textual.widgets import Input

    app = create_app(tmp_path, seed=steps.SEED, autostart=False)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.press("ctrl+p")
        await pilot.pause()
        assert isinstance(app.screen, CommandPalette)
        assert app.screen.query_one(Input).placeholder == prompt


LONG_NAMES = (Player("Maximiliano"), Player("Guadalupe"), Player("Bartolomeu"),
              Player("Esperanza"))


@pytest.mark.parametrize("size", SIZES, ids=lambda s: f"{s[0]}x{s[1]}")
@pytest.mark.parametrize("lang", ["en", *LANGS], indirect=True)
async def test_long_names_fit_the_table_curtain_and_summary(
        tmp_path: Path, lang: str, size: tuple[int, int],
        snapshot: SnapshotAssertion) -> None:
    """Issue 13, items 6 and 8: the longest everyday names of the four languages at every
    stop of a deal: nothing cut off, and the table's two status lines stay two lines
    (a line that wrapped would push the hand down and cut its last line)."""
    app = create_app(tmp_path, seed=steps.SEED, autostart=True, pace=3600.0,
                     players=LONG_NAMES)
    texts: dict[str, str] = {}
    problems: list[str] = []
    async with app.run_test(size=size) as pilot:

        def stop(name: str) -> None:
            if name in ("keys", "rules", "score_sheet"):
                return  # no names there, and walked in the other tests
            text = screen_text(app)
            texts[name] = "\n".join(line.rstrip() for line in text.splitlines())
            problems.extend(f"{name}: cut off: {m}" for m in cut_off(app, text))
            if lang != "en":
                problems.extend(f"{name}: English: {w}" for w in english_left(text))
            status = app.screen.query("#status")
            if status:
                lines = text.splitlines()
                rendered = status.first(Static).render()
                assert isinstance(rendered, Content)
                two = rendered.plain.split("\n")
                if len(two) != 2 or lines[0].strip() != two[0].strip() \
                        or lines[1].strip() != two[1].strip():
                    problems.append(f"{name}: status lines wrapped: {two}")

        await walk_game(pilot, stop)
    assert set(texts) == {"curtain", "bidding", "kitty", "joker", "trick", "summary"}
    assert not problems, "\n".join(problems)
    assert texts == snapshot


async def test_untouched_seat_names_follow_every_language_switch(tmp_path: Path) -> None:
    """F3 on the start screen through Portuguese, Brazilian Portuguese and Spanish: a
    name nobody typed is the seat's name in the language now shown (South was left as
    Portugal's "Sul" after pt_BR -> es) and the game starts with the seats' own names;
    a typed name stays as typed."""
    app = create_app(tmp_path, seed=steps.SEED, autostart=False)
    try:
        async with app.run_test(size=(80, 24)) as pilot:
            await pilot.pause()
            await pilot.press("A", "n", "a")  # North's name, typed at once
            for _ in range(3):
                await pilot.press("f3")
                await pilot.pause()
            assert i18n.language() == "es"
            start = app.screen
            assert isinstance(start, StartScreen)
            names = [start.query_one(f"#name-{seat}", Input).value for seat in range(4)]
            assert names == ["Ana", "Este", "Sur", "Oeste"]
            players = start.chosen_players()
            assert [p.name for p in players] == ["Ana", "East", "South", "West"]
    finally:
        i18n.set_language("en")
