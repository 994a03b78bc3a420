"""Issue 24, item 5 (server side): hints, take-backs and claims over the wire, for one
seat, under the same rules as at one screen; each client in its own language.

The table is a saved game resumed (``host --resume``): North holds the ten top hearts,
has declared 10♥ and is on lead; North and South are clients (North in Portuguese,
South in Spanish), East and West computers."""

from __future__ import annotations

import asyncio
import json
from collections.abc import Callable
from pathlib import Path

from five_hundred import i18n
from five_hundred.engine import PAGAT_AUSTRALIAN
from five_hundred.hotseat import Controller, Player
from five_hundred.net.client import Connection, connect
from five_hundred.net.protocol import (
    Act,
    Claim,
    Error,
    HintAsk,
    Notice,
    ServerMessage,
    SetLang,
    Table,
    Undo,
)
from five_hundred.net.table import NET_SUFFIX, TableConfig
from five_hundred.ui.storage import Storage
from tests.acting import act_text
from tests.engine.helpers import W, deal_from_text
from tests.net.helpers import HOST, NAMES, hello, running

CODE = "TEST-0001"


def strong_north_saved(folder: Path) -> Storage:
    storage = Storage(folder)
    storage.prepare()
    slot = storage.new_slot()
    state = deal_from_text(["JK JH JD AH KH QH TH 9H 8H 7H", "", "", ""], kitty="5S 6S 7S",
                           dealer=W)
    c = Controller(PAGAT_AUSTRALIAN, [Player(n) for n in NAMES], seed=0, saver=slot.write,
                   _state=state)
    for text in ("bid 10H", "pass", "pass", "pass", "discard 5S 6S 7S"):
        act_text(c, text)
    storage.start(slot, c)
    seats = [{"kind": "remote"}, {"kind": "computer", "level": "easy", "name": "Bruno"},
             {"kind": "remote"}, {"kind": "computer", "level": "easy", "name": "Davi"}]
    (storage.games_dir / f"{slot.game_id}{NET_SUFFIX}").write_text(json.dumps(
        {"format": "five-hundred-table/1", "code": CODE, "seats": seats}))
    return storage


async def until(conn: Connection, wanted: Callable[[ServerMessage], bool],
                seen: list[ServerMessage] | None = None) -> ServerMessage:
    """The next message ``wanted`` (the ones before it kept in ``seen``), within 10 s."""
    async with asyncio.timeout(10):
        while True:
            message = await conn.recv()
            if seen is not None:
                seen.append(message)
            if wanted(message):
                return message


def is_table(message: ServerMessage) -> bool:
    return isinstance(message, Table)


def is_error(message: ServerMessage) -> bool:
    return isinstance(message, Error)


def words(lang: str, text: str) -> str:
    with i18n.using(lang):
        return i18n._(text)


async def test_hint_undo_and_claim_over_the_wire(tmp_path: Path) -> None:
    storage = strong_north_saved(tmp_path)
    async with running() as server:
        table = server.open_table(TableConfig(storage=storage, resume=True, pace=0,
                                              undo_window=1.0, hint_budget=0.02))
        assert table.code == CODE
        port = server.port or 0
        north = await connect(HOST, port, hello(CODE, "Ana", 0, lang="pt"))
        south = await connect(HOST, port, hello(CODE, "Carla", 2, lang="es"))
        south_saw: list[ServerMessage] = []
        frame = await until(north, is_table)
        assert isinstance(frame, Table)
        while frame.model.public.to_act != 0:  # the lobby's changes, then North's lead
            frame = await until(north, is_table)
            assert isinstance(frame, Table)
        view = frame.model.seat_view
        assert view is not None and view.seat == 0 and len(view.hand) == 10
        assert frame.model.names[1] == "Bruno" and frame.model.curtain is None
        assert not frame.model.can_take_back and frame.model.can_claim

        # a hint: computed for North, sent to North alone
        await north.send(HintAsk())
        hinted = await until(north, lambda m: isinstance(m, Table) and bool(m.model.hint))
        assert isinstance(hinted, Table) and hinted.decision == frame.decision
        await south.send(HintAsk())  # not South's decision: refused, in Spanish
        refused = await until(south, is_error, south_saw)
        assert isinstance(refused, Error) and refused.code == "refused"
        assert refused.message == words("es", "No decision of yours to hint at.")
        assert all(not m.model.hint for m in south_saw if isinstance(m, Table))

        # nothing to take back yet (in Portuguese); a stale decision changes nothing
        await north.send(Undo())
        nothing = await until(north, is_error)
        assert isinstance(nothing, Error) and nothing.code == "refused"
        assert nothing.message == words("pt", "Nothing to take back: only your last move, "
                                              "before anyone else moves.")
        await north.send(Act(action="play 7H", decision=(0, 0)))
        stale = await until(north, is_error)
        assert isinstance(stale, Error) and stale.code == "stale"

        # North leads 7♥ and takes it back before East answers (the undo window)
        await north.send(Act(action="play 7H", decision=frame.decision))
        played = await until(north, lambda m: isinstance(m, Table) and
                             m.model.public.trick is not None)
        assert isinstance(played, Table) and played.model.can_take_back
        await north.send(Undo())
        back = await until(north, lambda m: isinstance(m, Table) and
                           m.model.public.trick is None)
        assert isinstance(back, Table) and back.model.public.to_act == 0
        assert back.model.seat_view is not None and "7H" in back.model.seat_view.hand
        with i18n.using("pt"):
            taken = i18n._("{who} takes back a move.").format(who="Ana (Norte)")
        assert taken in back.model.log
        c = table.controller
        assert c is not None and c.takebacks == [1, 0, 0, 0]

        # South may not claim on North's turn; North claims: accepted
        await south.send(Claim())
        no = await until(south, is_error)
        assert isinstance(no, Error) and no.message == words("es", "Claim on your own "
                                                                   "turn to play.")
        await north.send(Claim())
        told = await until(north, lambda m: isinstance(m, Notice) and "Ana" in m.text)
        assert isinstance(told, Notice)
        with i18n.using("pt"):
            assert told.text == i18n._("Claim accepted: {who} takes the remaining "
                                       "tricks.").format(who="Ana (Norte)")
        over = await until(south, lambda m: isinstance(m, Table) and
                           m.model.public.phase in ("deal_over", "game_over"))
        assert isinstance(over, Table)
        assert over.model.public.results[-1].tricks == (10, 0)

        # a language switched mid-game: the next frame in it
        await south.send(SetLang(lang="pt-BR"))
        switched = await until(south, is_table)
        assert isinstance(switched, Table) and switched.model.names[0] == "Ana"
        with i18n.using("pt_BR"):
            resumed = i18n._("Resumed: deal {deal}, scores {score0} – {score1}").format(
                deal=1, score0="0", score1="0")
        assert resumed in switched.model.log and resumed not in over.model.log
        await north.close()
        await south.close()
