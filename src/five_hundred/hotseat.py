"""The hot-seat controller: who acts next, person or computer, and when to draw the curtain.

No Textual here. The controller owns the ``GameState`` privately and hands the user
interface only views (``SeatView`` / ``PublicView``) and plain strings, so the table
cannot show a card it was never given. Every action is saved at once (see
``five_hundred.ui.storage``) so a game is never lost.

The curtain rule: the screen must be covered whenever the next decision belongs to a
*person* other than the last person who saw their hand. With one person it never
appears; with none the game plays itself.

Take-backs (issue 10): a person may take back their last action as long as no other
person has acted or lifted a curtain since; the computers' replies (and cards played
for people who had no choice) go with it. The game is then rebuilt by replaying its
record without the actions taken back, so the saved record only ever holds the
actions that stand. Whose hand may be shown afterwards is decided exactly as after any
action: the acting person's, if they were the last to lift a curtain, else a curtain.

Seats played on their own screens (a networked table, ``own_screens``): nobody else
is at their keyboard, so no curtain concerns them; each is handed its own view
(``seat_view``) and asks for a hint, a claim or a take-back by naming itself. The
curtain rule above holds among the other persons, who share the keyboard.

Forced plays: with ``auto_play`` on, a person's only legal card is played for them at
once (no curtain for it; the tenth trick plays itself). Claims: a person to play may
claim the remaining tricks; the engine's proof (``engine/claims.py``) decides, and
an accepted claim is recorded as the legal plays of one continuation.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any, Literal

from five_hundred.engine import (
    BIDDING,
    DEAL_OVER,
    GAME_OVER,
    PLAYING,
    SEAT_NAMES,
    GameState,
    LegalAction,
    Phase,
    PublicView,
    RuleSet,
    SeatView,
    ladder_for,
    parse_card,
    public_view,
    view_for,
)
from five_hundred.engine.actions import BID, PLAY_ACTIONS, Play
from five_hundred.engine.cards import card_str
from five_hundred.engine.claims import FAILS, ClaimCheck, check_claim, claim_refusal, play_out
from five_hundred.engine.views import legal_action
from five_hundred.i18n import _
from five_hundred.notation import (
    card_label,
    describe_hint,
    log_lines,
    points,
    reason_text,
    shown_name,
    who,
)
from five_hundred.safe_text import clean_name

if TYPE_CHECKING:  # the bots are heavy: imported when a computer first moves
    from five_hundred.bots.player import Player as ComputerPlayer

Kind = Literal["person", "computer"]
LEVELS = ("easy", "normal", "hard")  # the computer levels offered at the table

HintFn = Callable[[SeatView, RuleSet, random.Random, float], object]

# a line of the log: written once, or a function that writes it when it is shown
LogLine = str | Callable[[], str]


def _written(line: LogLine) -> str:
    return line if isinstance(line, str) else line()


@dataclass(frozen=True)
class Player:
    """One seat at the table: a person, or a computer playing at ``level``."""

    name: str
    kind: Kind = "person"
    level: str = "normal"

    @property
    def is_person(self) -> bool:
        return self.kind == "person"

    def describe(self) -> str:
        return "person" if self.is_person else f"computer ({self.level})"

    def to_json(self) -> dict[str, str]:
        return {"name": self.name, "kind": self.kind, "level": self.level}

    @classmethod
    def from_json(cls, data: Any) -> Player:
        if not isinstance(data, dict):
            raise ValueError("a player must be an object")
        # a name from a file is data: cleaned and bounded like a typed one
        name = clean_name(str(data.get("name", "")), "Player")
        kind = data.get("kind", "person")
        if kind not in ("person", "computer"):
            raise ValueError(f"unknown player kind {kind!r}")
        level = str(data.get("level", "normal"))
        if level not in LEVELS:
            level = "normal"
        return cls(name, kind, level)


def default_players() -> tuple[Player, Player, Player, Player]:
    return (Player("North"), Player("East"), Player("South"), Player("West"))


# ----------------------------------------------------------------- computer players


def computer_player(level: str) -> ComputerPlayer:
    """The computer player of ``level`` from the bots' registry (imported when first
    needed: the bots are heavy and the start screen comes first)."""
    from five_hundred.bots.levels import player

    return player(level)


def hint_function() -> HintFn:
    """The hint of the strongest computer player (imported when first needed)."""
    from five_hundred.bots import hint

    return hint


# ----------------------------------------------------------------- requests

Applied = Literal["done", "again", "stale"]


@dataclass(frozen=True)
class ComputerRequest:
    """One computer decision asked for at ``token``. ``compute()`` reads only what the
    request holds (the seat's own view, a generator of its own, the player), never the
    controller, so it can run in a worker thread while the table goes on."""

    seat: int
    view: SeatView = field(repr=False)  # the computer's own hand: never shown
    rng: random.Random = field(compare=False)
    level: str
    budget: float
    token: tuple[int, int]
    player: ComputerPlayer = field(compare=False)
    # a bid's reason, once computed (``bots.reasons.BidReason``), for the log to explain
    explained: list[object] = field(default_factory=list, compare=False, repr=False)

    def compute(self) -> LegalAction:
        """The computer's action; in the auction, its reason too (kept in ``explained``:
        the same decision as ``choose``, with the facts that made it)."""
        explain = getattr(self.player, "choose_explained", None)
        if explain is None or self.view.phase != BIDDING:
            return self.player.choose(self.view, self.rng, self.budget)
        action, reason = explain(self.view, self.rng, self.budget)
        if reason is not None:
            self.explained.append(reason)
        return action  # type: ignore[no-any-return]


@dataclass(frozen=True)
class HintRequest:
    """A hint asked for at ``token`` by the person at ``seat``; ``compute()`` is pure
    like ``ComputerRequest.compute``. ``text`` is the answer when nothing needs work."""

    seat: int | None
    view: SeatView | None = field(repr=False)
    rules: RuleSet
    rng: random.Random = field(compare=False)
    budget: float
    token: tuple[int, int]
    fn: HintFn | None = field(default=None, compare=False)
    text: str = ""

    def compute(self) -> str:
        if self.fn is None or self.view is None:
            return self.text
        return describe_hint(self.fn(self.view, self.rules, self.rng, self.budget))


@dataclass(frozen=True)
class TakeBack:
    """The action a person may still take back: whose, in which deal, and how many
    actions of the deal stood before it."""

    seat: int
    deal: int
    index: int


@dataclass(frozen=True)
class ClaimAnswer:
    """What became of a claim: accepted (the deal is over) or not, in one line."""

    accepted: bool
    message: str


@dataclass(frozen=True)
class ClaimRequest:
    """A claim by ``seat`` at ``token``, judged on ``view`` (what the claimer may know):
    ``compute()`` is pure, so it may run in a worker thread (up to seconds)."""

    seat: int
    view: SeatView = field(repr=False)
    token: tuple[int, int]

    def compute(self) -> ClaimCheck:
        return check_claim(self.view)


# ----------------------------------------------------------------- the controller


class Controller:
    """The game as the table sees it. The state is private; views go out."""

    def __init__(self, rules: RuleSet, players: Sequence[Player], seed: int,
                 *, saver: Callable[[Controller], None] | None = None,
                 practice: bool = False, _state: GameState | None = None) -> None:
        if len(players) != 4:
            raise ValueError("four players are needed")
        self.rules = rules
        self.players: tuple[Player, ...] = tuple(players)
        self.seed = seed
        self._state = _state if _state is not None else GameState.new_game(rules, seed)
        self._saver = saver
        # seats played on their own screens (see the module's docstring): none locally
        self.own_screens: frozenset[int] = frozenset()
        self._viewer: int | None = None
        # persons who have looked at their cards this deal (V5: until then they may
        # still bid blind misère, so even a person alone gets a "your cards" screen)
        self._looked: set[int] = set()
        self.forget_viewer()
        self._ladder = ladder_for(rules)
        # lines about the session, not the game ("Resumed …"), shown above the deal's log
        # (each a text, or a function that writes it in the language of the moment, so
        # that a language switched mid-game applies to the log too)
        self.notes: list[LogLine] = []
        # lines about this deal that are not moves (a take-back, a claim), each after
        # the number of the deal's public log lines there were when it happened
        self._events: list[tuple[int, LogLine]] = []
        # a person's only legal card is played for them (the app's setting)
        self.auto_play = False
        # A practice game lets a move be taken back at any time (and says so in the
        # history); in a counted game only until another seat has answered it, so a
        # take-back never shows a card its taker could not have known.
        self.practice = practice
        # take-backs and hints used per seat; saved in the game's side file
        self.takebacks = [0, 0, 0, 0]
        self.hints = [0, 0, 0, 0]
        self._hinted: tuple[tuple[int, int], int] | None = None  # (token, seat) counted
        self._undo: TakeBack | None = None
        # actions taken back in this game, plus one per take-back: keeps ``token``
        # rising, so an answer computed before a take-back is never taken for one after
        self._rewound = 0
        # (deal, trick, seat) of the last refused claim: one try per trick
        self._claimed: tuple[int, int, int] | None = None
        # the computers' bids of this deal with the facts that made them, by the
        # bid's place among the deal's actions (see ``bid_explanations``)
        self._bid_reasons: dict[int, tuple[int, object]] = {}
        self._asked: ComputerRequest | None = None  # the last computer decision asked for

    # ------------------------------------------------------------ who is who

    @property
    def names(self) -> tuple[str, ...]:
        return tuple(p.name for p in self.players)

    @property
    def shown_names(self) -> tuple[str, ...]:
        """The names as the table shows them: a seat's own name in the player's
        language."""
        return tuple(shown_name(p.name, i) for i, p in enumerate(self.players))

    def seat_label(self, seat: int) -> str:
        """``Ana (North)``, or just ``North`` when the name is the seat's (in the
        player's language)."""
        return who(self.shown_names, seat)

    @property
    def persons(self) -> tuple[int, ...]:
        return tuple(s for s, p in enumerate(self.players) if p.is_person)

    @property
    def _keyboard_persons(self) -> tuple[int, ...]:
        """The persons who share this keyboard (not on screens of their own)."""
        return tuple(s for s in self.persons if s not in self.own_screens)

    def play_on_own_screens(self, seats: Iterable[int]) -> None:
        """``seats`` are played on screens of their own from now on (a networked
        table): no curtain concerns them, and their own view is theirs to ask for."""
        self.own_screens = frozenset(seats)
        self.forget_viewer()

    def set_player(self, seat: int, player: Player) -> None:
        """Who plays ``seat`` from now on (a person who joined under a name, a seat
        handed to a computer and back)."""
        players = list(self.players)
        players[seat] = player
        self.players = tuple(players)

    def _sees(self, seat: int | None) -> bool:
        """``seat``'s hand is in front of its player: the person who last lifted a
        curtain here, or a seat on a screen of its own."""
        return seat is not None and (seat == self._viewer or seat in self.own_screens)

    # ------------------------------------------------------------ state, as views

    def public(self) -> PublicView:
        return public_view(self._state)

    @property
    def phase(self) -> Phase:
        return self._state.phase

    @property
    def acting_seat(self) -> int | None:
        s = self._state.to_act
        return s if s >= 0 else None

    @property
    def deal_over(self) -> bool:
        return self._state.phase in (DEAL_OVER, GAME_OVER)

    @property
    def between_deals(self) -> bool:
        """A deal is over and the game is not: the next deal is to be dealt."""
        return self._state.phase == DEAL_OVER

    @property
    def game_over(self) -> bool:
        return self._state.phase == GAME_OVER

    @property
    def viewer(self) -> int | None:
        """The seat whose hand the table shows (None: public table only)."""
        return self._viewer

    def person_to_act(self) -> bool:
        seat = self.acting_seat
        return seat is not None and self.players[seat].is_person

    def computer_to_act(self) -> bool:
        seat = self.acting_seat
        return seat is not None and not self.players[seat].is_person

    def forget_viewer(self) -> None:
        """Nobody's hand is on the screen any more (a new deal, a resumed game, a table
        that was hidden): who sits at the keyboard is unknown, so the next hand a person
        sees needs its curtain. With one person, it is that person, unless (V5) they
        may still bid blind misère: then not even the computers' calls before their
        turn may show the hand they would be bidding blind."""
        persons = self._keyboard_persons
        alone = persons[0] if len(persons) == 1 else None
        if alone is not None and alone not in self._looked and \
                self.public().blind_misere_open(alone):
            alone = None
        self._viewer = alone

    def log(self, public: PublicView | None = None) -> list[str]:
        """The public log of this deal: the session's notes, then every public event
        (of ``public``, the public view now if not given)."""
        lines = log_lines(public or self.public(), self.shown_names)
        out = [_written(note) for note in self.notes]
        done = 0
        for at, text in self._events:
            out.extend(lines[done:at])
            done = max(done, at)
            out.append(_written(text))
        out.extend(lines[done:])
        return out

    def _event(self, text: LogLine) -> None:
        """A line for the log, in its place among the deal's moves."""
        self._events.append((len(log_lines(self.public(), self.names)), text))

    def _cover(self) -> None:
        """Another person is to act: the curtain covers the table until they lift it,
        and from then on nobody is known to be at the keyboard. A take-back asked for on
        that curtain may come from anyone, so the hand taken back to waits behind its
        own curtain too."""
        seat = self.acting_seat
        if (len(self._keyboard_persons) > 1 and seat is not None
                and self.players[seat].is_person and seat not in self.own_screens
                and seat != self._viewer):
            self._viewer = None

    def needs_curtain(self) -> bool:
        """A different person than the last one who saw their hand must act now, or a
        person who has not looked at this deal's cards may still bid blind misère."""
        seat = self.acting_seat
        if seat is None or not self.players[seat].is_person or seat in self.own_screens:
            return False
        if seat != self._viewer:
            return True
        return seat not in self._looked and self.blind_misere_offered()

    def blind_misere_offered(self) -> bool:
        """V5: blind misère is open to the acting person now (asked on the curtain)."""
        seat = self.acting_seat
        if seat is None:
            return False
        return self._blind_misere(seat) is not None

    def reveal(self) -> SeatView:
        """The acting person pressed the key on the curtain: their hand may be shown."""
        seat = self.acting_seat
        if seat is None or not self.players[seat].is_person:
            raise RuntimeError("no person is to act")
        if self._undo is not None and self._undo.seat != seat:
            self._undo = None  # another person lifted a curtain: nothing to take back
        self._viewer = seat
        self._looked.add(seat)
        return view_for(self._state, seat)

    def table_view(self) -> SeatView | None:
        """The view the table shows: the last person who saw their hand, if any."""
        if self._viewer is None:
            return None
        return view_for(self._state, self._viewer)

    def seat_view(self, seat: int, public: PublicView | None = None) -> SeatView:
        """What ``seat``, played on a screen of its own, may know now (ValueError for a
        seat that shares the keyboard: its hand waits for its curtain). ``public``: the
        public view now (``public()``), if the caller has it already."""
        if seat not in self.own_screens:
            raise ValueError(f"seat {seat} is not played on a screen of its own")
        return view_for(self._state, seat, public)

    def legal_for(self, seat: int, text: str) -> LegalAction | None:
        """The legal action of ``seat``, played on a screen of its own, spelt ``text``
        now (what ``seat_view(seat).find(text)`` answers, without building the view);
        None if there is none (not its turn, or no such action)."""
        if seat not in self.own_screens:
            raise ValueError(f"seat {seat} is not played on a screen of its own")
        s = self._state
        if s.to_act != seat or s.deal_over:
            return None
        return next((a for a in (legal_action(x, s.ladder) for x in s.legal_actions())
                     if a.text == text), None)

    # ------------------------------------------------------------ acting

    def act(self, action: LegalAction) -> None:
        """Apply ``action`` (from a view) for the acting seat. Raises ``IllegalAction``
        and changes nothing if it is not legal now (a view that is already past)."""
        seat = self.acting_seat
        if seat is None:
            raise RuntimeError("nobody is to act")
        index = len(self._state.actions)
        self._state.apply(action.action, seat)
        if self.players[seat].is_person:  # a computer's reply keeps the person's
            self._undo = TakeBack(seat, self._state.deal_index, index)
        self._play_forced()
        self._cover()
        self.save()

    def why_not(self, card: str, seat: int | None = None) -> str:
        """Why the person at the keyboard (or ``seat``, on its own screen), who is to
        act, may not play ``card`` now (the engine's reason, in the table's words; it
        speaks of their own hand only)."""
        asker = self._viewer if seat is None else seat
        if self.acting_seat is None or self.acting_seat != asker or not self._sees(asker):
            return _("It is not your turn.")
        reason, rule = self._state.explain(PLAY_ACTIONS[parse_card(card, self.rules)])
        return _("{card} cannot be played now: {reason} ({rule}).").format(
            card=card_label(card), reason=reason_text(reason), rule=rule)

    def why_refused(self, text: str, seat: int) -> str:
        """Why ``seat`` (on a screen of its own) may not take the action spelt ``text``
        now: the engine's reason and rule, in the table's words and the current
        language. A card is said as ``why_not`` says it at one screen. The reasons speak
        of the asker's own hand only, and only the acting seat is told one."""
        if self.acting_seat != seat or not self._sees(seat):
            return _("It is not your turn.")
        try:
            action = self._state.parse(text)
        except ValueError:
            return _("That is not one of your legal actions now.")
        if action in self._state.legal_actions():  # legal, but not spelt as the view has it
            return _("That is not one of your legal actions now.")
        if type(action) is Play:
            return self.why_not(card_str(action.card), seat)
        reason, rule = self._state.explain(action)
        return _("Refused: {reason} ({rule}).").format(reason=reason_text(reason), rule=rule)

    def _play_forced(self) -> bool:
        """With ``auto_play``: play each person's only legal card for them."""
        s = self._state
        played = False
        while self.auto_play and s.phase == PLAYING and self.players[s.to_act].is_person:
            legal = s.legal_actions()
            if len(legal) != 1:
                break
            s.apply(legal[0], s.to_act)
            played = True
        return played

    def play_forced(self) -> None:
        """Play the forced cards now due (a game just resumed, or the setting changed)."""
        if self._play_forced():
            self.save()

    # ------------------------------------------------------------ take-backs

    def take_back_refusal(self, seat: int | None = None) -> str | None:
        """Why there is nothing to take back now (one line), or None. With ``seat``
        (a seat on its own screen asking): only that seat's own last action."""
        mark = self._undo
        if mark is None or mark.deal != self._state.deal_index or \
                (seat is not None and mark.seat != seat):
            return _("Nothing to take back: only your last move, before anyone else moves.")
        if self.deal_over:
            return _("The deal is over and scored: it cannot be taken back.")
        if not self.practice and len(self._state.actions) > mark.index + 1:
            return _("Too late to take back: another player has answered your move "
                     "(in a practice game, any time).")
        return None

    def can_take_back(self, seat: int | None = None) -> bool:
        return self.take_back_refusal(seat) is None

    def take_back_seat(self) -> int | None:
        """The seat whose last move a take-back would undo now, or None."""
        return self._undo.seat if self._undo is not None and self.can_take_back() else None

    def take_back(self, seat: int | None = None) -> int:
        """Take back the last action of the person who acted last (who must be
        ``seat`` if given), and everything the computers (and forced cards) did after
        it. Returns that person's seat, who is to act again. The game is rebuilt from
        its record without those actions."""
        from five_hundred.engine.record import record_from_state, replay_record

        why = self.take_back_refusal(seat)
        if why is not None:
            raise RuntimeError(why)
        mark = self._undo
        assert mark is not None
        rec = record_from_state(self._state, list(self.names))
        last = rec.deals[-1]
        removed = len(last.actions) - mark.index
        deals = (*rec.deals[:-1], last.model_copy(update={"actions": last.actions[:mark.index]}))
        replay = replay_record(rec.model_copy(update={"deals": deals}))
        if replay.error is not None:  # a record the engine wrote always replays
            raise RuntimeError(f"the game does not replay: {replay.error.message}")
        self._state = replay.state
        # lines logged after the moves taken back now stand where the moves stop
        length = len(log_lines(self.public(), self.names))
        self._events = [(min(at, length), text) for at, text in self._events]
        self._undo = None
        self._claimed = None
        kept = len(self._state.actions)
        self._bid_reasons = {i: r for i, r in self._bid_reasons.items() if i < kept}
        self._rewound += removed + 1
        self.takebacks[mark.seat] += 1
        taker = mark.seat
        self._event(lambda: _("{who} takes back a move.").format(who=self.seat_label(taker)))
        self.save()
        return mark.seat

    # ------------------------------------------------------------ claims

    def claim_request(self, asker: int | None = None) -> ClaimRequest | ClaimAnswer:
        """The acting person (who must be ``asker``, a seat on its own screen, if
        given) claims the remaining tricks (in misère the declarer claims to lose them
        all): a refusal at once, or the proof to run (``compute``, pure, anywhere) and
        hand to ``claim_decided``."""
        s = self._state
        seat = self.acting_seat
        if seat is None or not self._sees(seat) or not self.players[seat].is_person or \
                (asker is not None and asker != seat):
            return ClaimAnswer(False, _("Claim on your own turn to play."))
        view = view_for(s, seat)  # a claim is judged by what the claimer knows
        why = claim_refusal(view)
        if why is not None:
            return ClaimAnswer(False, reason_text(why) + ".")
        if self._claimed == (s.deal_index, s.trick_no, seat):
            return ClaimAnswer(False, _("You claimed in this trick already: play on."))
        return ClaimRequest(seat, view, self.token)

    def claim_decided(self, request: ClaimRequest, result: ClaimCheck) -> ClaimAnswer | None:
        """Apply a claim's proof: accepted only when proved; then the rest of the deal
        is played as one continuation and scored. None when the game moved on while
        the proof ran (nothing changes)."""
        s = self._state
        seat = request.seat
        if request.token != self.token or self.acting_seat != seat or not self._sees(seat):
            return None
        misere = s.out_seat >= 0
        if not result.proved:
            self._claimed = (s.deal_index, s.trick_no, seat)
            self._event(lambda: (_("{who} claims to lose every remaining trick: refused, "
                                   "play goes on.") if misere else
                                 _("{who} claims the remaining tricks: refused, play goes "
                                   "on.")).format(who=self.seat_label(seat)))
            if result.verdict == FAILS:
                return ClaimAnswer(False, _("Claim refused: from what you can see, the "
                                            "cards you cannot see could still beat it. "
                                            "Play on."))
            return ClaimAnswer(False, _("The claim cannot be shown (too many ways to play "
                                        "on). Play on."))
        self._event(lambda: (_("{who} claims to lose every remaining trick: accepted.")
                             if misere else _("{who} claims the remaining tricks: accepted."))
                    .format(who=self.seat_label(seat)))
        play_out(s)
        self._undo = None
        self.save()
        return ClaimAnswer(True, (_("Claim accepted: {who} loses every remaining trick.")
                                  if misere else
                                  _("Claim accepted: {who} takes the remaining tricks."))
                           .format(who=self.seat_label(seat)))

    def claim(self) -> ClaimAnswer:
        """``claim_request``, its proof and ``claim_decided`` in one go (tests, tools)."""
        request = self.claim_request()
        if isinstance(request, ClaimAnswer):
            return request
        answer = self.claim_decided(request, request.compute())
        assert answer is not None
        return answer

    def _blind_misere(self, seat: int) -> LegalAction | None:
        return next((a for a in view_for(self._state, seat).legal
                     if a.verb == BID and a.bid == "BMIS"), None)

    def act_blind_misere(self) -> None:
        """V5: bid blind misère from the curtain, without revealing the hand."""
        seat = self.acting_seat
        action = None if seat is None else self._blind_misere(seat)
        if action is None:
            raise RuntimeError("blind misère is not on offer")
        self.act(action)
        # Bid from the curtain, unseen: the person now at the keyboard has not seen
        # their hand, and the last hand that was shown is somebody else's.
        self.forget_viewer()

    def bot_rng(self) -> random.Random:
        """A generator seeded by the game, the deal and the move: resuming a game makes
        the computers play the same way."""
        s = self._state
        return random.Random(f"five-hundred-bot:{self.seed}:{s.deal_index}:{len(s.actions)}")

    @property
    def token(self) -> tuple[int, int]:
        """Where the game stands: (deal, actions so far). Any action or new deal changes
        it, so a result computed for an older token is for a position that is gone."""
        s = self._state
        return (s.deal_index, len(s.actions) + self._rewound)

    def computer_request(self, budget: float = 0.5) -> ComputerRequest:
        """What the acting computer needs to decide, detached from the game: its
        ``compute()`` may run in another thread while the game goes on here."""
        seat = self.acting_seat
        if seat is None or self.players[seat].is_person:
            raise RuntimeError("no computer is to act")
        level = self.players[seat].level
        self._asked = ComputerRequest(seat, view_for(self._state, seat), self.bot_rng(),
                                      level, budget, self.token, computer_player(level))
        return self._asked

    def apply_computer(self, token: tuple[int, int], action: LegalAction) -> Applied:
        """Apply a computed ``action`` if the game is still where it was asked for
        (``token``); else nothing happens ("stale"). "again": the same computer decided
        something nobody else sees (a joker left without a suit), so its next decision
        must follow at once -- a pause the others could notice would tell them the
        computer holds the joker."""
        if token != self.token or not self.computer_to_act():
            return "stale"
        seat = self.acting_seat
        before = self.public()
        asked = self._asked
        if asked is not None and asked.token == token and asked.explained and seat is not None:
            self._bid_reasons[len(self._state.actions)] = (seat, asked.explained[-1])
        self.act(action)
        if self.acting_seat == seat and not self.deal_over and self.public() == before:
            return "again"
        return "done"

    def bid_explanations(self) -> list[str]:
        """The computers' bids of this deal explained, one line each, in bidding order
        (``teaching.bid_line``: ``East 7♥: 5 ♥ trumps with the joker …``), written in the
        language of the moment. A bid made before the game was resumed has none."""
        from five_hundred.teaching import bid_line

        names = self.shown_names
        return [bid_line(names, seat, reason)  # type: ignore[arg-type]
                for _index, (seat, reason) in sorted(self._bid_reasons.items())]

    def computer_action(self, budget: float = 0.5) -> LegalAction:
        return self.computer_request(budget).compute()

    def play_computer(self, budget: float = 0.5) -> None:
        """Let the computer at the acting seat move, here and now (with its private
        follow-up decision, see ``apply_computer``)."""
        while self.apply_computer(self.token, self.computer_action(budget)) == "again":
            pass

    def hint_request(self, budget: float = 1.0, asker: int | None = None) -> HintRequest:
        """The hard player's suggestion for the acting person (who must be ``asker``, a
        seat on its own screen, if given), to compute anywhere."""
        seat = self.acting_seat
        if seat is None or not self._sees(seat) or (asker is not None and asker != seat):
            return HintRequest(seat, None, self.rules, self.bot_rng(), budget, self.token,
                               None, _("No decision of yours to hint at."))
        if self._hinted != (self.token, seat):  # asked again for one decision: once
            self._hinted = (self.token, seat)
            self.hints[seat] += 1
            self.save()
        return HintRequest(seat, view_for(self._state, seat), self.rules, self.bot_rng(),
                           budget, self.token, hint_function())

    def hint_is_current(self, request: HintRequest) -> bool:
        """The hint is still about the decision on the table, for the same person."""
        return request.token == self.token and (
            request.seat == self._viewer or
            (request.seat is not None and request.seat in self.own_screens))

    def hint(self, budget: float = 1.0) -> str:
        """The hard player's suggestion for the acting person (their view only)."""
        return self.hint_request(budget).compute()

    def start_next_deal(self) -> None:
        """After the deal summary: deal the next hand from the game's seed."""
        if self._state.phase != DEAL_OVER:
            raise RuntimeError("the deal is not over")
        from five_hundred.engine.state import seeded_deal

        s = self._state
        # the controller's seed: a game resumed from a record may have none of its own
        s.start_next_deal(*seeded_deal(self.rules, self.seed, s.deal_index + 1,
                                       s.next_dealer()))
        self.notes = []  # the log shows this deal only: earlier deals are on the score sheet
        self._looked = set()
        self._events = []
        self._bid_reasons = {}
        self._undo = None
        self.forget_viewer()
        self.save()

    # ------------------------------------------------------------ saving

    def save(self) -> None:
        if self._saver is not None:
            self._saver(self)

    def save_with(self, saver: Callable[[Controller], None] | None) -> None:
        """Saves go to ``saver`` from now on (a table server writes them in a thread)."""
        self._saver = saver

    def record_json(self) -> str:
        """The game record (docs/record-format.md) of the game so far, as JSON text."""
        from five_hundred.engine.record import dumps_record, record_from_state

        return dumps_record(record_from_state(self._state, list(self.names)))

    @classmethod
    def from_record_text(cls, text: str, players: Sequence[Player] | None, seed: int | None,
                         *, saver: Callable[[Controller], None] | None = None,
                         practice: bool = False) -> Controller:
        """A game resumed from its saved record. Raises ``MalformedRecord`` if the record
        cannot be read or does not replay."""
        from five_hundred.engine import MalformedRecord
        from five_hundred.engine.record import loads_record, replay_record

        rec = loads_record(text)
        replay = replay_record(rec)
        if replay.error is not None or replay.state is None:
            raise MalformedRecord(f"the saved game does not replay: {replay.error}")
        state = replay.state
        names = list(getattr(rec, "names", None) or SEAT_NAMES)
        if players is None or len(players) != 4:
            players = tuple(Player(str(n)) for n in names)
        if seed is None:
            seed = state.seed if state.seed is not None else 0
        controller = cls(state.rules, players, seed, saver=saver, practice=practice,
                         _state=state)
        deal, scores = state.deal_index + 1, state.scores
        controller.notes.append(lambda: _("Resumed: deal {deal}, scores {score0} – {score1}")
                                .format(deal=deal, score0=points(scores[0]),
                                        score1=points(scores[1])))
        return controller


__all__ = [
    "LEVELS",
    "ClaimAnswer",
    "ComputerRequest",
    "Controller",
    "HintRequest",
    "Player",
    "TakeBack",
    "default_players",
]
