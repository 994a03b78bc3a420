"""The History, game and Statistics screens (issue 10, item 8), reached from the start
screen with F2, and the OpenReview hook posted for a deal of a finished game; the
default names in the player's language, practice games, take-backs and hints, and no
line carried over to the left edge."""

from __future__ import annotations

import json
import re
import time
from collections.abc import Iterable, Iterator
from pathlib import Path

import pytest
from textual.pilot import Pilot

from five_hundred import i18n
from five_hundred.engine import PAGAT_AUSTRALIAN
from five_hundred.i18n import _, ngettext
from five_hundred.notation import house_rules, seat_name, team_short
from five_hundred.ui import app as app_module
from five_hundred.ui.app import FiveHundredApp, create_app
from five_hundred.ui.screens import history as history_screens
from five_hundred.ui.screens.history import (
    GameList,
    GameScreen,
    HistoryScreen,
    OpenReview,
    StatisticsScreen,
    player_name,
    when_text,
)
from five_hundred.ui.screens.review import DealReviewScreen
from five_hundred.ui.storage import Storage
from tests.history_fixtures import (
    FINISHED_AT,
    FIXTURES,
    G1,
    G3,
    L1,
    L2,
    L3,
    LONG,
    long_names,
    put_game,
    three_games,
)
from tests.ui.helpers import screen_text

OTHER_LANGUAGES = [lang for lang in i18n.LANGUAGES if lang != "en"]
# an English seat name as a word of its own ("Oeste", "Este", "Leste" are not)
ENGLISH_SEAT = re.compile(r"\b(North|East|South|West)\b")
SIZES = [(80, 24), (120, 40)]


@pytest.fixture
def lang(request: pytest.FixtureRequest) -> Iterator[str]:
    """The language of the test, English again afterwards (it is process-wide)."""
    i18n.set_language(request.param)
    yield request.param
    i18n.set_language("en")


@pytest.fixture
def english_after() -> Iterator[None]:
    """English again after a test that switches languages with F3."""
    yield
    i18n.set_language("en")


@pytest.fixture(autouse=True)
def utc(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(history_screens, "localtime", time.gmtime)


class ReviewingApp(FiveHundredApp):
    """An app with a deal review: it keeps the OpenReview messages it is sent."""

    CSS_PATH = str(Path(app_module.__file__).with_name("five_hundred.tcss"))
    reviews: list[OpenReview]

    def on_open_review(self, message: OpenReview) -> None:
        self.reviews.append(message)


async def open_history(pilot: Pilot[None]) -> None:
    await pilot.pause()
    await pilot.press("f2")
    await pilot.app.workers.wait_for_complete()
    await pilot.pause()


async def test_history_lists_games_and_deals_from_the_start_screen(tmp_path: Path) -> None:
    app = create_app(three_games(tmp_path), autostart=False)
    async with app.run_test(size=(80, 24)) as pilot:
        await open_history(pilot)
        assert isinstance(app.screen, HistoryScreen)
        text = screen_text(app)
        assert "Finished games, the latest first (3)" in text
        assert "03 Jan 2025 10:00 · E–W won 60 to −500 · 3 deals" in text
        assert "N–S Bruno & Davi (computer) · E–W Ana & Eve (computer)" in text
        assert "⏎  Deals" in text and "s  Statistics" in text
        await pilot.press("enter")  # the latest game
        await pilot.pause()
        assert isinstance(app.screen, GameScreen)
        text = screen_text(app)
        assert "E–W won 60 to −500 (the other side fell to −500)" in text
        assert "started at N–S −30, E–W 0" in text
        assert "Deal 1 · everybody passed" in text
        assert "Deal 2 · 7NT by Ana (South): failed, 4 tricks" in text
        assert "N–S −220 → −250 · E–W +60 → 60 · dealt by Davi (East)" in text
        assert "Deal 3 · misère by Carla (North): failed, 1 trick" in text
        assert "⏎  Review" in text  # the app reviews a deal (its on_open_review)
        await pilot.press("escape", "s")
        await pilot.pause()
        assert isinstance(app.screen, StatisticsScreen)
        text = screen_text(app)
        assert "Bruno · 3 games, 2 won · 6 deals" in text
        assert "as declarer +100 (2 deals) · as defender +30 (2 deals)" in text
        await pilot.press("escape", "escape")
        await pilot.pause()
        assert not isinstance(app.screen, HistoryScreen | StatisticsScreen)


async def test_enter_on_a_deal_posts_open_review(tmp_path: Path) -> None:
    app = ReviewingApp(Storage(three_games(tmp_path)), guard_seconds=0.0)
    app.reviews = []
    async with app.run_test(size=(80, 24)) as pilot:
        await open_history(pilot)
        await pilot.press("enter")
        await pilot.pause()
        assert "⏎  Review" in screen_text(app)
        await pilot.press("down", "down", "enter")
        await pilot.pause()
    [review] = app.reviews
    assert (review.game_id, review.deal_index) == (G3, 2)
    assert review.record.deals[2].actions[1] == "0:bid MIS"
    assert review.record.names == ("Carla", "Davi", "Ana", "Bruno")


async def test_names_are_drawn_as_text_and_broken_records_noted(tmp_path: Path) -> None:
    record = json.loads((FIXTURES / "example-8h.json").read_text(encoding="utf-8"))
    record["names"] = ["[red]Ana[/red]", "\x1b[2JBruno", "Carla", "Davi"]
    source = tmp_path / "named.json"
    source.write_text(json.dumps(record), encoding="utf-8")
    put_game(tmp_path, G1, source)
    (tmp_path / "finished" / "20250109-000000-0001.json").write_text("{", encoding="utf-8")
    app = create_app(tmp_path, autostart=False)
    async with app.run_test(size=(80, 24)) as pilot:
        await open_history(pilot)
        text = screen_text(app)
        assert "N–S [red]Ana[/red] & Carla · E–W [2JBruno & Davi" in text
        assert "finished/20250109-000000-0001.json skipped: line 1 column 2" in text


async def test_no_finished_game_says_so(tmp_path: Path) -> None:
    app = create_app(tmp_path, autostart=False)
    async with app.run_test(size=(80, 24)) as pilot:
        await open_history(pilot)
        text = screen_text(app)
        assert "No finished game yet." in text
        assert "Statistics" not in text  # nothing to count


# ---------------------------------------------------------------------- default names


def seat_words() -> list[str]:
    return [seat_name(s) for s in range(4)]


def assert_seats_translated(text: str, where: str) -> None:
    found = ENGLISH_SEAT.findall(text)
    assert not found, f"{where}: English seat names {found} in\n{text}"


@pytest.mark.parametrize("lang", OTHER_LANGUAGES, indirect=True)
async def test_default_names_in_the_players_language(tmp_path: Path, lang: str) -> None:
    """L3's players typed no name (the record keeps North, East, South, West): the list,
    the game, the review of its deal and the statistics name them in the language
    shown, with no English seat name anywhere."""
    north, east, south, west = seat_words()
    app = create_app(long_names(tmp_path), autostart=False)
    async with app.run_test(size=(80, 24)) as pilot:
        await open_history(pilot)
        text = screen_text(app)
        assert f"{team_short(0)} {north} & {south} · {team_short(1)} {east} & {west}" in text
        assert_seats_translated(text, "history")
        await pilot.press("enter")  # L3, the latest
        await pilot.pause()
        assert isinstance(app.screen, GameScreen) and app.screen.game_row.game_id == L3
        text = screen_text(app)
        assert f"{team_short(0)} {north} & {south} · {team_short(1)} {east} & {west}" in text
        assert _("dealt by {who}").format(who=north) in text
        assert_seats_translated(text, "game")
        await pilot.press("enter")  # the review of its deal
        await pilot.pause()
        review = app.screen
        assert isinstance(review, DealReviewScreen)
        await review.wait_for_analysis()
        await pilot.pause()
        text = screen_text(app)
        assert f"{_('Auction:')} {east} 7♥, {south} {_('pass')}" in text
        assert_seats_translated(text, "review")
        await pilot.press("right", "right", "right", "right", "right")  # trick 5: a ✗
        await pilot.pause()
        text = screen_text(app)
        assert re.search(rf"✗ ({'|'.join(seat_words())}) ", text), text
        assert_seats_translated(text, "review, trick 5")
        await pilot.press("escape", "escape", "s")
        await pilot.pause()
        assert isinstance(app.screen, StatisticsScreen)
        text = screen_text(app)
        assert f" {east} · " in text  # a player's block: East's name, translated
        assert_seats_translated(text, "statistics")


def test_the_english_seat_check_can_fail() -> None:
    """The check tells English seat names from the Portuguese and Spanish ones."""
    assert ENGLISH_SEAT.findall("N–S Norte & Sul · E–O Este & Oeste · Leste · Sur") == []
    assert ENGLISH_SEAT.findall("Leilão: East passo, South 6♥,") == ["East", "South"]


async def test_f3_redraws_the_history_screens(tmp_path: Path, english_after: None) -> None:
    """F3 on the list, a game and the statistics: each is drawn again in the next
    language at once, the same game chosen; the screens under it too."""
    app = create_app(long_names(tmp_path), autostart=False)
    async with app.run_test(size=(80, 24)) as pilot:
        await open_history(pilot)
        await pilot.press("down")  # L2
        await pilot.press("f3")
        await pilot.pause()
        second = i18n.language()
        assert second != "en"
        text = screen_text(app)
        games = app.screen.query_one(GameList)
        assert games.highlighted == 1 and games.option_count == 3
        assert _("Finished games, the latest first ({count})").format(count=3) in text
        assert f"{seat_name(0)} & {seat_name(2)}" in text
        assert_seats_translated(text, "history after F3")
        await pilot.press("enter")
        await pilot.pause()
        assert isinstance(app.screen, GameScreen) and app.screen.game_row.game_id == L2
        await pilot.press("f3")
        await pilot.pause()
        third = i18n.language()
        assert third not in ("en", second)
        text = screen_text(app)
        assert _("Game of {when}").format(when=when_text(FINISHED_AT[L2])) in text
        assert _("dealt by {who}").format(who=f"{LONG[0]} ({seat_name(1)})") in text
        await pilot.press("escape")
        await pilot.pause()
        text = screen_text(app)  # the list was drawn again under the game
        assert _("Finished games, the latest first ({count})").format(count=3) in text
        assert f"{seat_name(0)} & {seat_name(2)}" in text
        await pilot.press("s")
        await pilot.pause()
        await pilot.press("f3")
        await pilot.pause()
        text = screen_text(app)
        assert ngettext("Statistics of {n} finished game", "Statistics of {n} finished games",
                        2).format(n=2) in text
        assert f" {seat_name(1)} · " in text


# ---------------------------------------------------------------------- practice, take-backs


@pytest.mark.parametrize("lang", ["en", "pt"], indirect=True)
async def test_practice_games_take_backs_and_hints(tmp_path: Path, lang: str) -> None:
    """The list marks L2 a practice game and says the take-backs and hints used; a
    game's head says them per side, and its house rules in words (in the language
    shown); the statistics leave L2 out, and say so."""
    app = create_app(long_names(tmp_path), autostart=False)
    async with app.run_test(size=(120, 40)) as pilot:
        await open_history(pilot)
        text = screen_text(app)
        practice = _("practice")
        lines = [line.strip() for line in text.splitlines()]
        dated = {game: next(i for i, line in enumerate(lines)
                            if line.startswith(when_text(FINISHED_AT[game])))
                 for game in (L1, L2, L3)}
        assert lines[dated[L2]].endswith(f" · {practice}")
        assert not lines[dated[L1]].endswith(practice)
        takebacks = _("Take-backs: {team0} {n0} · {team1} {n1}")
        hints = _("Hints: {team0} {n0} · {team1} {n1}")
        ns, ew = team_short(0), team_short(1)
        assert takebacks.format(team0=ns, n0=1, team1=ew, n1=2) + "   " + \
            hints.format(team0=ns, n0=0, team1=ew, n1=0) in text  # L3: the 2-count form
        assert takebacks.format(team0=ns, n0=4, team1=ew, n1=1) in text  # L2
        assert hints.format(team0=ns, n0=3, team1=ew, n1=3) in text  # L1
        await pilot.press("down", "down", "enter")  # L1
        await pilot.pause()
        text = screen_text(app)
        assert takebacks.format(team0=ns, n0=3, team1=ew, n1=0) + "   " + \
            hints.format(team0=ns, n0=3, team1=ew, n1=3) in text
        rules = PAGAT_AUSTRALIAN.model_copy(update={"misere_without_seven": True,
                                                    "defensive_cap": 490})
        for line in house_rules(rules):
            assert line in text
        if lang != "en":
            assert "V4 defensive points stop at 490" not in text
        await pilot.press("escape", "s")
        await pilot.pause()
        text = screen_text(app)
        assert ngettext("Statistics of {n} finished game", "Statistics of {n} finished games",
                        2).format(n=2) in text
        assert ngettext("{n} practice game is left out of the statistics.",
                        "{n} practice games are left out of the statistics.", 1).format(
            n=1) in text
        take = ngettext("{n} take-back", "{n} take-backs", 2).format(n=2)
        hint = ngettext("{n} hint", "{n} hints", 3).format(n=3)
        assert f"{LONG[0]} · " in text and f" · {take} · {hint}" in text


# ---------------------------------------------------------------------- no wrapping


def carried_over(text: str, heads: Iterable[str]) -> list[str]:
    """The lines of a screen (its text, the key bar left out) that begin at the left
    edge of the content (column 1, after the padding) without being the first line of
    something (``heads``): a line carried over from the one above, back at the edge."""
    heads = tuple(heads)
    bad = []
    for line in text.rstrip("\n").splitlines()[:-1]:
        body = line[1:]
        if body.strip() and not body.startswith(" ") and not body.startswith(heads):
            bad.append(line.rstrip())
    return bad


def test_carried_over_can_fail() -> None:
    """The check catches what the statistics looked like (a line of contracts carried
    over to the left edge at 80 columns, in Portuguese)."""
    before = ("                                           \n"
              " Bruno · 3 jogos, 2 ganhos · 6 mãos\n"
              "   Contratos anunciados: naipe 2 (1 cumprido) · sem trunfo 0 · misère 0 ·\n"
              " misère aberta 0\n"
              " Esc  Voltar\n")
    assert carried_over(before, ["Bruno"]) == [" misère aberta 0"]
    assert carried_over(before.replace(" misère aberta", "    misère aberta"), ["Bruno"]) == []


def statistics_heads(app: FiveHundredApp) -> list[str]:
    screen = app.screen
    assert isinstance(screen, StatisticsScreen)
    data = screen.data
    return [ngettext("Statistics of {n} finished game", "Statistics of {n} finished games",
                     data.counted_games).format(n=data.counted_games),
            ngettext("{n} practice game is left out of the statistics.",
                     "{n} practice games are left out of the statistics.",
                     data.practice_games).format(n=data.practice_games)[:12],
            _("Points per deal: the mean change of the player's side's score over the "
              "deals the player declared, and over the deals the other side declared (as "
              "defender).")[:12],
            *(player_name(p.name) + " " for p in data.statistics)]


@pytest.mark.parametrize("size", SIZES, ids=lambda s: f"{s[0]}x{s[1]}")
@pytest.mark.parametrize("lang", ["en", *OTHER_LANGUAGES], indirect=True)
async def test_no_line_is_carried_over_to_the_left_edge(tmp_path: Path, lang: str,
                                                        size: tuple[int, int]) -> None:
    """The list and the statistics with four long names, a practice game and take-backs:
    every line that begins at the left edge begins a game or a player's block; nothing
    is cut short ("…") and every name is shown whole."""
    app = create_app(long_names(tmp_path), autostart=False)
    async with app.run_test(size=size) as pilot:
        await open_history(pilot)
        text = screen_text(app)
        heads = [_("Finished games, the latest first ({count})").format(count=3),
                 *(when_text(FINISHED_AT[g]) for g in (L1, L2, L3))]
        assert carried_over(text, heads) == []
        assert "…" not in text and all(name in text for name in LONG)
        await pilot.press("s")
        await pilot.pause()
        await pilot.press("pagedown")  # the last players and the notes too
        await pilot.pause()
        text = screen_text(app)
        assert carried_over(text, statistics_heads(app)) == []
        assert "…" not in text
        await pilot.press("pageup")
        await pilot.pause()
        text = screen_text(app)
        assert carried_over(text, statistics_heads(app)) == []
        assert "…" not in text


async def test_a_name_too_long_for_the_line_is_cut_short(tmp_path: Path) -> None:
    """Twenty-letter names and two computers on a side: the sides go on two lines, and
    a name is cut (with "…") only where a side still does not fit."""
    names = ["M" * 20, "G" * 20, "B" * 20, "E" * 20]
    put_game(tmp_path, G3, FIXTURES / "history" / "scripted.json", names=names,
             players=[(n, "computer") for n in names])
    app = create_app(tmp_path, autostart=False)
    async with app.run_test(size=(80, 24)) as pilot:
        await open_history(pilot)
        text = screen_text(app)
        assert carried_over(text, [_("Finished games, the latest first ({count})").format(
            count=1), when_text(FINISHED_AT[G3])]) == []
        assert f"N–S {'M' * 20} (computer) & {'B' * 20} (computer)" in text
        assert f"E–W {'G' * 20} (computer) & {'E' * 20} (computer)" in text
        option = app.screen.query_one(GameList).get_option_at_index(0).prompt
        assert isinstance(option, history_screens.Fitted)
        narrow = [line.plain for line in option.lines(50)]
        assert all(len(line) <= 50 for line in narrow)
        assert any("…" in line for line in narrow)
