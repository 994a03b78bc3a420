"""What the loopback tests of the table server share: a server on an ephemeral port, the
game played locally with the same choices, and the wire check (every frame a client
gets, against what its seat may know).

The wire check's oracle reads the server's private game state at the moment each
frame is built (``NetTable.frame_for``, the one place a table frame is made, wrapped
here): for that decision, the cards the seat may not know. Each frame a client
receives is then searched for those cards (its card fields, and its free text: the
log, the hint, the names), as ``tests/test_table_model.py`` searches a model.
"""

from __future__ import annotations

import asyncio
import contextlib
import re
from collections.abc import AsyncIterator, Callable, Sequence
from dataclasses import dataclass, field
from typing import Any

from five_hundred import i18n
from five_hundred.bots.levels import player
from five_hundred.engine import PAGAT_AUSTRALIAN, RuleSet
from five_hundred.engine.cards import card_str, cards_of
from five_hundred.engine.state import GameState
from five_hundred.engine.views import view_for
from five_hundred.faces import card_face
from five_hundred.hotseat import Controller, Player
from five_hundred.net.client import BotClient
from five_hundred.net.protocol import (
    UNSEEN,
    VERSION,
    Hello,
    Notice,
    Review,
    SeatName,
    ServerMessage,
    Table,
)
from five_hundred.net.server import TableServer
from five_hundred.net.table import NetTable
from five_hundred.table_model import TableModel
from tests.test_table_model import CARD_KEYS, CODE, FACE, TEXT_KEYS, values

HOST = "127.0.0.1"
NAMES = ("Ana", "Bruno", "Carla", "Davi")
SEATS: tuple[SeatName, ...] = ("north", "east", "south", "west")
FAST = {"wrong_code_delay": 0.01, "rate_per_second": 1000.0, "rate_burst": 1000.0}


@contextlib.asynccontextmanager
async def running(**options: Any) -> AsyncIterator[TableServer]:
    """A table server on 127.0.0.1 and a free port (``server.port``), closed after."""
    server = TableServer(**{**FAST, **options})
    await server.start(HOST, 0)
    try:
        yield server
    finally:
        await server.close()


def hello(code: str, name: str = "", seat: int | None = None, token: str | None = None,
          lang: str = "en") -> Hello:
    return Hello(version=VERSION, code=code, name=name,
                 seat=SEATS[seat] if seat is not None else None, token=token, lang=lang)


def bots(server: TableServer, code: str, levels: Sequence[str | None], *, seed: int = 0,
         **options: Any) -> list[BotClient]:
    """A bot client for each seat whose level is given (``None``: not a client's),
    named and seated by seat, keeping to the server's rate."""
    assert server.port is not None
    rate = options.pop("rate", server.rate)
    return [BotClient(HOST, server.port, hello(code, NAMES[i], i), level, seed=seed,
                      rate=rate, **options)
            for i, level in enumerate(levels) if level is not None]


async def play(clients: Sequence[BotClient], timeout: float = 30.0) -> list[Table | None]:
    """Seat the clients one after the other (so the first is the first joiner), then
    let them play until they stop."""
    async with asyncio.timeout(timeout):
        for c in clients:
            await c.join()
        return list(await asyncio.gather(*(c.run() for c in clients)))


def play_locally(seed: int, levels: Sequence[str], bot_seed: int = 0, *,
                 names: Sequence[str] = NAMES, rules: RuleSet = PAGAT_AUSTRALIAN,
                 budget: float = 0.05, computers: Sequence[int] = (),
                 stop: Callable[[Controller], bool] | None = None) -> Controller:
    """The same game at one screen: persons at one keyboard whose choices are the bot
    clients' (same level, same generator for the same decision), and the server's
    computers (``computers``: their seats) as computers."""
    c = Controller(rules, [Player(n, "computer", levels[i]) if i in computers else Player(n)
                           for i, n in enumerate(names)], seed)
    c.auto_play = True
    while not c.game_over and (stop is None or not stop(c)):
        if c.between_deals:
            c.start_next_deal()
            continue
        if c.computer_to_act():
            c.play_computer(0.5)
            continue
        if c.needs_curtain():
            c.reveal()
        view = c.table_view()
        assert view is not None
        rng = BotClient.rng_for(bot_seed, view.seat, c.token)
        c.act(player(levels[view.seat]).choose(view, rng, budget))
    return c


# ------------------------------------------------------------------ the wire check


def _bid_sentences() -> list[str]:
    """The sentences the table writes with a bid in them: the log's, and the hint's (as
    ``tests/ui/leak.py`` lists them), in the current language."""
    hints = [i18n.ngettext(f"by expected points, chance of {goal} {{bid}}: {{options}} "
                           "(over {n} sampled deal)",
                           f"by expected points, chance of {goal} {{bid}}: {{options}} "
                           "(over {n} sampled deals)", n)
             for goal in ("making", "defeating") for n in (1, 2)]
    situation = [i18n._("their {bid} made wins {team} the game"),
                 i18n._("our {bid} made wins {team} the game"),
                 i18n._("{team} lose the game if {bid} fails")]
    return [i18n._("{name} bids {bid}"), *hints, *situation]


def _before_bids() -> set[str]:
    """What each language writes just before a bid ("bids ", "anuncia ", "chance of
    making " …)."""
    found = set()
    for lang in i18n.LANGUAGES:
        with i18n.using(lang):
            for template in _bid_sentences():
                found.add(template.split("{bid}", 1)[0].rsplit("}", 1)[-1].lstrip())
    return found


LABEL = r"(?:10|[6-9])(?:[♠♣♦♥]|NT)"
# a bid's label is no card (6♥ … 10♥ are spelt like cards), in any language
BID = re.compile("(?:" + "|".join(re.escape(w) for w in sorted(_before_bids(), key=len,
                                                                reverse=True)) + ")" + LABEL)
ANY_LABEL = re.compile(LABEL)


def cards_named(model: TableModel) -> set[str]:
    """Every card the model names: as a code in a field that holds cards, as a face in
    its free text (the log, the hint, the names), in any of the languages (as
    ``tests/test_table_model.py`` does for English)."""
    found: set[str] = set()
    bidding = model.public.phase == "bidding"
    for key, text in values(model.model_dump(mode="json")):
        if key in CARD_KEYS and CODE.match(text):
            found.add(card_face(text))
        elif key == "hint" and bidding:  # an auction's hint weighs the legal bids only
            found.update(FACE.findall(ANY_LABEL.sub("", text)))
        elif key in TEXT_KEYS:
            found.update(FACE.findall(BID.sub("", text)))
    return found


def seen_in_deal(state: GameState, index: int, seat: int) -> set[str]:
    """The cards (codes) ``seat`` saw during finished deal ``index``: the deal replayed
    from its log, and every view the engine would have given that seat along the way
    (its hand, its kitty and discard, the cards played, an open-misère hand face up)
    gathered. What a seat may know once a deal is over is exactly this: nothing is
    turned face up at its end."""
    log = state.logs[index]
    deal = GameState.from_deal(state.rules, log.dealer, list(log.hands), log.kitty)
    seen: set[str] = set()

    def look() -> None:
        view = view_for(deal, seat)
        seen.update(view.hand, view.kitty or (), view.discards or ())
        public = view.public
        for trick in (*public.tricks, *((public.trick,) if public.trick else ())):
            seen.update(card for _s, card in trick.plays)
        seen.update(public.exposed_hand or ())

    look()
    for who, action in log.actions:
        deal.apply(action, who)
        look()
    return seen


def deal_cards(state: GameState, index: int) -> set[str]:
    """Every card of finished deal ``index`` (codes): the four hands and the kitty."""
    log = state.logs[index]
    mask = log.kitty
    for hand in log.hands:
        mask |= hand
    return {card_str(x) for x in cards_of(mask)}


def hidden_after(state: GameState, index: int, seat: int) -> set[str]:
    """The cards of finished deal ``index`` that ``seat`` never saw (codes)."""
    return deal_cards(state, index) - seen_in_deal(state, index, seat)


def hidden_faces(c: Controller, seat: int) -> set[str]:
    """The cards ``seat`` may not know now, as faces: the other hands, the kitty and
    the discard (the declarer's own once the auction is won), less the cards played
    and an open-misère hand face up. Once a deal is over: the cards of it the seat
    never saw (``seen_in_deal``)."""
    s = c._state  # the oracle reads the state; the server hands out views only
    if s.phase in ("deal_over", "game_over"):
        return {card_face(code) for code in hidden_after(s, len(s.logs) - 1, seat)}
    hidden = s.kitty | s.discards
    if s.contract is not None and seat == s.declarer:
        hidden = 0
    for other in range(4):
        if other != seat:
            hidden |= s.hands[other]
    hidden &= ~s.hands[seat]
    if s.exposed and s.declarer >= 0:
        hidden &= ~s.hands[s.declarer]
    played = {card_str(card) for plays, _w, _l in s.tricks for _s, card in plays}
    played |= {card_str(card) for _s, card in s.trick}
    return {card_face(code) for code in (card_str(x) for x in cards_of(hidden))
            if code not in played}


REVIEW_CARD_KEYS = {"hands", "kitty", "discards", "plays", "held", "card"}


def review_cards(message: Review) -> set[str]:
    """Every card a ``review`` frame names (codes; ``UNSEEN`` is none). A string under a
    card field that is neither a card nor ``UNSEEN`` is named too, to be caught."""
    found: set[str] = set()
    for key, text in values(message.model_dump(mode="json")):
        if key in REVIEW_CARD_KEYS and text != UNSEEN:
            found.add(text)
    return found


def review_problems(state: GameState, message: Review, seat: int) -> list[str]:
    """What is wrong with a ``review`` frame sent to ``seat``: a card of the deal it
    never saw, anything in a card field that is no card of the deal, another seat's
    review, the wrong deal."""
    problems = []
    if message.seat != seat:
        problems.append(f"seat {seat} was sent seat {message.seat}'s review")
    if not 0 <= message.deal < len(state.logs) or message.review.index != message.deal:
        return [*problems, f"seat {seat} was sent a review of no finished deal"]
    named = review_cards(message)
    leaked = named & hidden_after(state, message.deal, seat)
    if leaked:
        problems.append(f"seat {seat} was sent {sorted(leaked)} in the review of deal "
                        f"{message.deal + 1}")
    strange = named - deal_cards(state, message.deal)
    if strange:
        problems.append(f"seat {seat}'s review names {sorted(strange)}, no card of the deal")
    return problems


@dataclass
class WireCheck:
    """Wraps ``NetTable.frame_for`` to learn, for every frame built, what its seat may
    not know; ``check`` is given every message a client receives."""

    known: dict[tuple[int, int, tuple[int, int]], set[str]] = field(default_factory=dict)
    latest: dict[tuple[int, int], set[str]] = field(default_factory=dict)
    tables: int = 0
    notices: int = 0
    problems: list[str] = field(default_factory=list)
    by_seat: dict[int, int] = field(default_factory=dict)
    reviews: int = 0  # review frames checked
    analyses: int = 0  # of which with a double-dummy analysis

    def install(self, monkeypatch: Any) -> None:
        original = NetTable.frame_for
        check = self

        def frame_for(table: NetTable, seat: int) -> Table:
            frame = original(table, seat)
            assert table.controller is not None
            hidden = hidden_faces(table.controller, seat)
            check.known[(id(table), seat, frame.decision)] = hidden
            check.latest[(id(table), seat)] = hidden
            return frame

        monkeypatch.setattr(NetTable, "frame_for", frame_for)

    def check(self, table: NetTable, seat: int, message: ServerMessage) -> None:
        if isinstance(message, Table):
            self.tables += 1
            self.by_seat[seat] = self.by_seat.get(seat, 0) + 1
            model = message.model
            if model.curtain is not None:
                self.problems.append(f"a curtain on seat {seat}'s wire")
            if model.seat_view is None or model.seat_view.seat != seat:
                self.problems.append(f"seat {seat} was sent another seat's view")
            if model.explained and not (table.controller is not None
                                        and table.controller.practice):
                # what a computer's call counted on tells of its hand: practice only
                self.problems.append(f"seat {seat} was sent the computers' reasons in a "
                                     "counted game")
            hidden = self.known.get((id(table), seat, message.decision))
            if hidden is None:
                self.problems.append(f"a frame no oracle saw ({seat}, {message.decision})")
                return
            leaked = cards_named(model) & hidden
            if leaked:
                self.problems.append(f"seat {seat} was sent {sorted(leaked)} at "
                                     f"{message.decision}")
        elif isinstance(message, Review):
            # a finished deal never changes (it cannot be taken back): its log, read
            # now, is the one the frame was built from
            self.reviews += 1
            self.analyses += not isinstance(message.analysis, str)
            assert table.controller is not None
            self.problems.extend(review_problems(table.controller._state, message, seat))
        elif isinstance(message, Notice):
            self.notices += 1
            leaked = set(FACE.findall(message.text)) & self.latest.get((id(table), seat), set())
            if leaked:
                self.problems.append(f"a notice to seat {seat} names {sorted(leaked)}")

    def watcher(self, table: NetTable) -> Callable[[BotClient, ServerMessage], None]:
        """A bot client's ``on_frame``: every message it gets is checked."""
        def on_frame(client: BotClient, message: ServerMessage) -> None:
            if client.connection is not None:
                self.check(table, client.connection.seat, message)
        return on_frame
