"""The hot-seat controller (issue 3): who acts, when the curtain is needed, saving,
and that the user interface only ever gets views."""

from __future__ import annotations

import ast
import json
from pathlib import Path

import pytest

from five_hundred.engine import (
    BIDDING,
    JOKER_PHASE,
    PAGAT_AUSTRALIAN,
    PLAYING,
    GameState,
    IllegalAction,
    SeatView,
    ladder_for,
    parse_action,
)
from five_hundred.engine.views import legal_action
from five_hundred.hotseat import Controller, Player
from five_hundred.notation import bid_label, card_label
from five_hundred.ui.storage import SaveError, Storage
from tests.acting import act_text

PEOPLE = [Player("Ana"), Player("Bruno"), Player("Carla"), Player("Davi")]
COMPUTERS = [Player(n, "computer", "easy") for n in ("Ana", "Bruno", "Carla", "Davi")]
SRC = Path(__file__).resolve().parents[1] / "src" / "five_hundred"



def test_whole_seeded_game_to_its_winner_r34() -> None:
    """Four computers play a seeded game through the controller to its winner (R34)."""
    c = Controller(PAGAT_AUSTRALIAN, COMPUTERS, seed=2024)
    deals = 0
    while not c.game_over:
        assert deals < 200
        if c.deal_over:
            c.start_next_deal()
            deals += 1
            continue
        c.play_computer(budget=0.01)
    public = c.public()
    assert public.winner in (0, 1)
    assert public.win_reason
    assert max(public.scores) >= 500 or min(public.scores) <= -500


def test_same_seed_same_game() -> None:
    """Deterministic by seed: the deal and the computers' moves repeat."""
    logs = []
    for _ in range(2):
        c = Controller(PAGAT_AUSTRALIAN, COMPUTERS, seed=99)
        for _ in range(30):
            if c.deal_over:
                break
            c.play_computer(budget=0.01)
        logs.append(c.log())
    assert logs[0] == logs[1]


def test_next_deal_is_the_one_the_seed_gives_r5() -> None:
    """R5: the controller deals each next deal from the game's seed as the engine does
    (one place turns a seed into cards), also for a game resumed from its record."""
    from five_hundred.engine.cards import mask_of, parse_card
    from five_hundred.engine.state import seeded_deal

    def mask(codes: list[str]) -> int:
        return mask_of(parse_card(code, PAGAT_AUSTRALIAN) for code in codes)

    c = Controller(PAGAT_AUSTRALIAN, COMPUTERS, seed=77)
    while not c.deal_over:
        c.play_computer(budget=0.01)
    resumed = Controller.from_record_text(c.record_json(), list(COMPUTERS), 77)
    for controller in (c, resumed):
        controller.start_next_deal()
        second = json.loads(controller.record_json())["deals"][1]
        hands, kitty = seeded_deal(PAGAT_AUSTRALIAN, 77, 1, second["dealer"])
        fresh = GameState.new_game(PAGAT_AUSTRALIAN, 77)
        assert second["dealer"] == (fresh.dealer + 1) % 4
        assert [mask(h) for h in second["hands"]] == hands
        assert mask(second["kitty"]) == kitty


def test_curtain_between_different_people_only() -> None:
    """Four people: the curtain is needed at each change of person, never twice for the
    same person in a row."""
    c = Controller(PAGAT_AUSTRALIAN, PEOPLE, seed=1)
    assert c.needs_curtain()
    view = c.reveal()
    assert isinstance(view, SeatView) and view.seat == c.acting_seat
    assert not c.needs_curtain()
    act_text(c, "pass")
    assert c.needs_curtain()


def test_one_person_never_needs_the_curtain() -> None:
    """With one person (and three computers) the curtain never appears."""
    players = [Player("Ana"), *COMPUTERS[1:]]
    c = Controller(PAGAT_AUSTRALIAN, players, seed=4)
    for _ in range(60):
        if c.deal_over:
            break
        assert not c.needs_curtain()
        if c.person_to_act():
            view = c.table_view()
            assert view is not None and view.seat == 0
            act_text(c, view.legal_actions[-1] if view.public.phase != BIDDING else "pass")
        else:
            c.play_computer(budget=0.01)


def test_no_person_plays_itself_and_shows_no_hand() -> None:
    c = Controller(PAGAT_AUSTRALIAN, COMPUTERS, seed=8)
    assert not c.needs_curtain()
    assert c.table_view() is None
    assert c.computer_to_act()


def test_illegal_action_changes_nothing_r20() -> None:
    """An illegal action is refused with the rule id and the game is unchanged (R9)."""
    c = Controller(PAGAT_AUSTRALIAN, PEOPLE, seed=1)
    before = c.public()
    with pytest.raises(IllegalAction):
        act_text(c, "play AS")
    assert c.public() == before


def _joker_deal(joker_action: str | None) -> Controller:
    """Seed 15: East (Bruno, holding the joker) bids 6NT, all pass, East discards, then
    ``joker_action`` (R23) unless None."""
    c = Controller(PAGAT_AUSTRALIAN, PEOPLE, seed=15)
    act_text(c, "bid 6NT")
    for _ in range(3):
        act_text(c, "pass")
    act_text(c, "discard 5S 7S QS")
    assert c.phase == JOKER_PHASE
    if joker_action is not None:
        act_text(c, joker_action)
    return c


def test_log_never_names_discarded_cards_r17() -> None:
    """The public log says a discard happened, not which cards (R17)."""
    c = _joker_deal("joker H")
    log = c.log()
    assert "Bruno takes the kitty and discards 3 cards" in log
    assert "Bruno bids 6NT" in log and "Carla passes" in log
    assert "Bruno names the joker a ♥" in log  # naming the joker is public (R23)
    assert not any(card in line for line in log for card in ("5♠", "7♠", "Q♠"))
    assert bid_label("OMIS") == "open misère" and card_label("TH") == "10♥"


def test_joker_left_without_a_suit_leaves_no_trace_r23() -> None:
    """The log once said "East leaves the joker without a suit", and the public phase
    said "joker": both told the defenders where the joker was. Declining to name it is
    private: the public view is the one of a declarer who never held the joker."""
    c = _joker_deal("joker none")
    public = c.public()
    assert public.phase == PLAYING and public.joker_suit is None
    assert not any("joker" in line for line in c.log())
    for seat in (0, 2, 3):  # the defenders' and the partner's views
        view = c.table_view() if c.viewer == seat else None
        assert view is None or view.phase == PLAYING
    # the same public view as right after the discard: from outside, the declarer
    # simply has the lead, as a declarer without the joker would
    assert _joker_deal(None).public() == public


def test_joker_lead_calling_a_suit_is_logged_r26() -> None:
    """A suitless joker led in no trumps names the suit the others must follow."""
    c = _joker_deal("joker none")
    act_text(c, "play JK H")
    assert "Bruno leads the joker, calling ♥" in c.log()


# The controller's whole public surface. A new public name must be added here on
# purpose: nothing on it may hand the table the state or another seat's cards (the
# leak tests' oracle of hidden cards lives in tests/ui/leak.py for that reason).
PUBLIC_SURFACE = {
    "rules", "players", "seed", "log", "notes", "names", "shown_names", "seat_label",
    "persons", "public", "phase",
    "acting_seat", "deal_over", "between_deals", "game_over", "viewer", "person_to_act",
    "computer_to_act",
    "needs_curtain", "forget_viewer", "blind_misere_offered", "reveal", "table_view", "act",
    "why_not",
    "why_refused",
    "act_blind_misere", "bot_rng", "computer_action", "play_computer", "hint",
    "token", "computer_request", "apply_computer", "hint_request", "hint_is_current",
    "bid_explanations",  # issue 25: the computers' bids of the deal explained
    "start_next_deal", "save", "record_json", "from_record_text",
    # issue 10: take-backs, claims, forced plays (answers and counts, never the state)
    "auto_play", "play_forced", "takebacks", "take_back", "take_back_refusal",
    "can_take_back", "take_back_seat", "claim",
    # issue 13: counted or practice game, hints used
    "practice", "hints",
    # issue 23: a claim proved in a worker
    "claim_request", "claim_decided",
    # issue 24: seats played on screens of their own (a networked table), their players
    "own_screens", "play_on_own_screens", "seat_view", "set_player", "save_with",
    "legal_for",  # the server finds an action without building the seat's whole view
}


def test_controller_exposes_no_state() -> None:
    """No public attribute of the controller is (or returns) the game state, and the
    public surface is exactly the reviewed one: views, announcements and actions."""
    c = Controller(PAGAT_AUSTRALIAN, PEOPLE, seed=1)
    public = {name for name in dir(c) if not name.startswith("_")}
    assert public == PUBLIC_SURFACE
    for name in public:
        value = getattr(c, name)
        assert not isinstance(value, GameState), name
    assert c.table_view() is None  # before anyone lifts the curtain, no hand at all
    seat = c.acting_seat
    view = c.reveal()
    assert isinstance(view, SeatView) and view.seat == seat
    assert c.table_view() == view  # only the revealed person's own view


def test_ui_never_imports_or_touches_game_state() -> None:
    """The UI modules import no GameState and never reach the controller's private
    state: they get views only."""
    for path in (SRC / "ui").rglob("*.py"):
        tree = ast.parse(path.read_text(encoding="utf-8"))
        for node in ast.walk(tree):
            if isinstance(node, ast.ImportFrom):
                names = {a.name for a in node.names}
                assert "GameState" not in names, path
                assert node.module not in ("five_hundred.engine.state",), path
            if isinstance(node, ast.Attribute):
                assert node.attr not in ("_state", "GameState"), (path, node.lineno)
            if isinstance(node, ast.Name):
                assert node.id != "GameState", (path, node.lineno)


def test_save_after_every_action_and_resume(tmp_path: Path) -> None:
    """The record is saved after each action and resumes to the same table."""
    storage = Storage(tmp_path)
    storage.prepare()
    slot = storage.new_slot()
    c = Controller(PAGAT_AUSTRALIAN, PEOPLE, seed=12, saver=slot.write)
    storage.start(slot, c)
    act_text(c, "pass")
    saved = json.loads(slot.record_path.read_text())
    assert saved["deals"][0]["actions"] == [f"{c.public().auction[0][0]}:pass"]
    again, _ = storage.load(slot.game_id)
    assert again.public() == c.public()
    assert again.players == c.players and again.seed == 12
    assert not list(tmp_path.glob("**/.*.tmp"))  # nothing half-written left behind


def test_corrupt_save_is_renamed_not_deleted(tmp_path: Path) -> None:
    storage = Storage(tmp_path)
    storage.prepare()
    bad = storage.games_dir / "20250101-000000-abcd.json"
    bad.write_text('{"format": "five-hundred-record/1", "deals": 3}')
    with pytest.raises(SaveError) as info:
        storage.load("20250101-000000-abcd")
    assert info.value.kept_as is not None and info.value.kept_as.exists()
    assert not bad.exists()
    assert "damaged" in info.value.message


def test_computer_declining_the_joker_leads_in_the_same_step_r23(
        monkeypatch: pytest.MonkeyPatch) -> None:
    """A computer's private decision (joker left without a suit) is followed at once by
    its next move: a pause between the discard and the lead that only a declarer with
    the joker makes would tell the table where the joker is."""
    players = [PEOPLE[0], Player("Bruno", "computer", "easy"), PEOPLE[2], PEOPLE[3]]
    c = Controller(PAGAT_AUSTRALIAN, players, seed=15)
    for text in ("bid 6NT", "pass", "pass", "pass", "discard 5S 7S QS"):
        act_text(c, text)
    assert c.phase == JOKER_PHASE and c.computer_to_act()
    ladder = ladder_for(c.rules)
    script = iter(legal_action(parse_action(t, c.rules, ladder), ladder)
                  for t in ("joker none", "play AC"))
    monkeypatch.setattr(Controller, "computer_action", lambda self, budget=0.5: next(script))
    before = c.public()
    c.play_computer()
    after = c.public()
    assert after.trick is not None and after.trick.plays == ((1, "AC"),)
    assert before.phase == after.phase == PLAYING
