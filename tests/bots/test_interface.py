"""The bots' one interface: a view in, a legal action text out — under every house
rule (V1-V6) — plus hints and the tournament command."""

from __future__ import annotations

import ast
import gc
import random
from pathlib import Path
from typing import Any

import pytest

import five_hundred.bots as bots
from five_hundred.bots import DEFAULT_BUDGET, Hint, hint, player, tournament
from five_hundred.bots.tournament import main, run_match
from five_hundred.engine.rules import PAGAT_AUSTRALIAN, TWO_JOKER_1000, RuleSet
from five_hundred.engine.state import GameState
from five_hundred.engine.views import SeatView, view_for

BOT_DIR = Path(bots.__file__).parent


def test_bot_modules_never_import_the_game_state() -> None:
    """The players import no GameState (only the tournament driver runs games)."""
    for path in BOT_DIR.glob("*.py"):
        if path.name == "tournament.py":
            continue
        tree = ast.parse(path.read_text())
        for node in ast.walk(tree):
            if isinstance(node, ast.ImportFrom):
                assert node.module != "five_hundred.engine.state", path.name
                assert "GameState" not in [a.name for a in node.names], path.name
            if isinstance(node, ast.Import):
                assert all("engine.state" not in a.name for a in node.names), path.name


def test_bots_work_from_a_detached_view_only() -> None:
    """A view rebuilt from JSON (no link to any state) is all a bot needs."""
    state = GameState.new_game(PAGAT_AUSTRALIAN, 5)
    rng = random.Random(5)
    while not state.deal_over:
        seat = state.to_act
        data = view_for(state, seat).model_dump_json()
        view = SeatView.model_validate_json(data)
        for level in ("easy", "normal", "hard"):
            text = player(level).choose(view, random.Random(1), 0.02).text
            assert text in view.legal_actions
        state.apply_text(player("normal").choose(view, rng, DEFAULT_BUDGET).text, seat)
    del state
    gc.collect()


VARIANTS: list[tuple[str, RuleSet]] = [
    ("V1 no_misere", PAGAT_AUSTRALIAN.model_copy(update={"no_misere": True})),
    ("V2 misere_without_seven", PAGAT_AUSTRALIAN.model_copy(
        update={"misere_without_seven": True})),
    ("V3 joker_lead_last_trick_only", PAGAT_AUSTRALIAN.model_copy(
        update={"joker_lead_last_trick_only": True})),
    ("V4 defensive_cap", PAGAT_AUSTRALIAN.model_copy(update={"defensive_cap": 490})),
    ("V5 blind_misere", PAGAT_AUSTRALIAN.model_copy(update={"blind_misere": True})),
    ("V6 two-joker-1000", TWO_JOKER_1000),
    ("pagat", PAGAT_AUSTRALIAN),
]


@pytest.mark.parametrize(("name", "rules"), VARIANTS, ids=[v[0] for v in VARIANTS])
def test_bots_play_every_house_rule_legally(name: str, rules: RuleSet) -> None:
    """V1-V6: seeded deals with all levels at the table; never an illegal action (the
    random seats make odd contracts — misère, NT, joker leads — happen)."""
    contracts = 0
    for seed in range(4):
        state = GameState.new_game(rules, seed, start_scores=(480, 470))
        levels = ["hard", "random", "normal", "easy"] if seed % 2 else \
            ["random", "hard", "easy", "normal"]
        rng = random.Random(seed)
        while not state.deal_over:
            seat = state.to_act
            view = view_for(state, seat)
            text = player(levels[seat]).choose(view, rng, 0.03).text
            assert text in view.legal_actions
            state.apply_text(text, seat)  # raises IllegalAction if not legal
        contracts += state.results[-1].contract is not None
    assert contracts >= 1


def test_hint_gives_numbers_for_each_card() -> None:
    """Hints use the seat's view only; for a card: chance per candidate in [0, 1]."""
    state = GameState.new_game(PAGAT_AUSTRALIAN, 11)
    rng = random.Random(11)
    kinds = set()
    while not state.deal_over:
        seat = state.to_act
        view = view_for(state, seat)
        h = hint(view, PAGAT_AUSTRALIAN, random.Random(0), budget=0.05)
        assert isinstance(h, Hint) and h.action in view.legal and h.reason
        if h.candidates:
            kinds.add("card")
            assert {c.action for c in h.candidates} <= set(view.legal)
            assert all(0.0 <= c.chance <= 1.0 for c in h.candidates)
            assert "%" in h.reason and h.samples > 0
        state.apply_text(player("normal").choose(view, rng, DEFAULT_BUDGET).text, seat)
    assert "card" in kinds or state.results[-1].contract is None


def test_a_tournament_stopped_by_ctrl_c_reports_the_pairs_it_finished(
        monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]) -> None:
    """Ctrl-C in the third pair's first deal: the figures are those of the two pairs
    played out, exactly as in an uninterrupted run, and the exit status says so."""
    whole = run_match("easy", "random", 4, 3, PAGAT_AUSTRALIAN, 0.02, progress=False)
    real = tournament.play_deal
    calls = [0]

    def stop_on_fifth(*args: Any) -> GameState:
        calls[0] += 1
        if calls[0] == 5:
            raise KeyboardInterrupt
        return real(*args)

    monkeypatch.setattr(tournament, "play_deal", stop_on_fifth)
    cut = run_match("easy", "random", 4, 3, PAGAT_AUSTRALIAN, 0.02, progress=False)
    assert cut.interrupted and not whole.interrupted
    assert cut.pairs == 2 and cut.diffs == whole.diffs[:2]
    calls[0] = 0
    assert main(["--a", "easy", "--b", "random", "--pairs", "4", "--seed", "3",
                 "--quiet"]) == 130
    out = capsys.readouterr().out
    assert "2 duplicate pairs" in out and "stopped by Ctrl-C after 2 of 4 pairs" in out
    calls[0] = 4  # the very first deal
    assert main(["--a", "easy", "--b", "random", "--pairs", "4", "--quiet"]) == 130
    assert "before the first pair" in capsys.readouterr().out


def test_tournament_runs_duplicate_pairs(capsys: pytest.CaptureFixture[str]) -> None:
    """Duplicate pairs: the same deal twice with partnerships swapped; CI printed."""
    r = run_match("easy", "random", 6, 3, PAGAT_AUSTRALIAN, 0.02, progress=False)
    assert r.pairs == 6 and len(r.diffs) == 6 and r.half_width >= 0
    same = run_match("normal", "normal", 3, 3, PAGAT_AUSTRALIAN, 0.02, progress=False)
    assert all(d == 0 for d in same.diffs)  # identical players: duplicate cancels luck
    assert main(["--a", "easy", "--b", "random", "--pairs", "2", "--seed", "1",
                 "--quiet"]) == 0
    out = capsys.readouterr().out
    assert "95% CI" in out and "games won" in out
