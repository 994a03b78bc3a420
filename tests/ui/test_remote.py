"""The join client (issue 24): a ``RemoteApp`` against a real ``TableServer`` on
loopback in the test's own event loop (port 0, computers without a pause), driven by
real keys through Pilot at 80×24.

- the table is drawn from the server's frames and a key sends an ``act``;
- one seat on a screen: never a curtain, a whole deal long, and the next deal after
  the summary's Enter (``ready``);
- two seats at one keyboard (the host's token): the curtain stands between them;
- the join form: a wrong code is one line and the form stays; the right code joins;
- the lobby: the host turns an empty seat into a computer and the game starts;
- a dropped connection is taken up again with the seat's token;
- text from the network is cleaned before it is drawn.
"""

from __future__ import annotations

import asyncio
import time
from collections.abc import AsyncIterator, Callable
from contextlib import asynccontextmanager
from pathlib import Path

from textual.pilot import Pilot

from five_hundred.faces import BIDDING, DISCARD_PHASE, JOKER_PHASE, PASS
from five_hundred.net.client import Connection, connect
from five_hundred.net.protocol import SEAT_WORDS, VERSION, Hello, Lobby, SeatState, Table
from five_hundred.net.server import TableServer
from five_hundred.net.table import NetTable, SeatSpec, TableConfig, seat_model
from five_hundred.ui.remote import (
    RemoteApp,
    Target,
    TokenStore,
    clean_lobby,
    clean_model,
    hello_for,
)
from five_hundred.ui.remote_screens import RemoteSummaryScreen, RemoteTableScreen
from five_hundred.ui.screens.connect import ConnectScreen
from five_hundred.ui.screens.curtain import CurtainScreen
from five_hundred.ui.screens.lobby import LobbyScreen
from five_hundred.ui.storage import Storage

from .helpers import screen_text

SIZE = (80, 24)
CODE = "TEST-CODE"
SEED = 15
LIMIT = 20.0  # seconds any wait may take before the test fails (they take far less)


def spec(kind: str) -> SeatSpec:
    if kind in ("easy", "normal", "hard"):
        return SeatSpec(kind="computer", level=kind)
    return SeatSpec(kind="person" if kind == "person" else "remote")


@asynccontextmanager
async def serving(*kinds: str, seed: int = SEED) -> AsyncIterator[tuple[NetTable, int]]:
    """A table server on a free loopback port: the table and the port."""
    server = TableServer(wrong_code_delay=0.0)
    table = server.open_table(TableConfig(
        seats=tuple(spec(k) for k in kinds), seed=seed, code=CODE, pace=0.0,
        undo_window=0.0, computer_budget=0.01, hint_budget=0.01))
    port = await server.start("127.0.0.1", 0)
    try:
        yield table, port
    finally:
        await server.close()


def remote_app(tmp_path: Path, target: Target, connections: list[Connection],
               **kwargs: object) -> RemoteApp:
    return RemoteApp(target, connections=connections, storage=Storage(tmp_path / "data"),
                     guard_seconds=0.0, **kwargs)  # type: ignore[arg-type]


async def wait_until(pilot: Pilot[None], condition: Callable[[], bool],
                     limit: float = LIMIT) -> None:
    """Pause until ``condition()`` holds; fail after ``limit`` seconds."""
    end = time.monotonic() + limit
    while not condition():
        if time.monotonic() > end:
            raise AssertionError("the client never reached the state the test waits for")
        await pilot.pause(0.01)


def my_turn(app: RemoteApp, seat: int) -> bool:
    """The table shows ``seat``'s hand and waits for its decision."""
    table = app._table
    link = app.links.get(seat)
    return (table is not None and app.screen is table and link is not None
            and link.frame is not None and table.model is link.frame.model
            and table.view is not None and bool(table.view.legal))


async def decide_by_keys(pilot: Pilot[None], app: RemoteApp, seat: int) -> None:
    """Make ``seat``'s decision on the table with the keys a person would press: pass
    in the auction, the first three cards as the discard, the first suit for the
    joker, the first card that may be played."""
    table = app._table
    assert table is not None and table.view is not None
    view = table.view
    verbs = {a.verb for a in view.legal}
    if view.phase == BIDDING:
        await pilot.press("p" if PASS in verbs else "enter")
    elif view.phase == DISCARD_PHASE:
        await pilot.press("1", "space", "2", "space", "3", "space", "enter", "enter")
    elif view.phase == JOKER_PHASE:
        await pilot.press("enter")
    else:
        index = next(i for i, card in enumerate(view.hand) if card in view.playable())
        await pilot.press("1234567890"[index], "enter")
        if table.mode == "lead":  # a suitless joker led: the suit it calls
            await pilot.press("enter")


async def play_deal(pilot: Pilot[None], app: RemoteApp, seats: tuple[int, ...],
                    seen: list[str] | None = None) -> None:
    """Play the deal on the table until its summary, lifting curtains with Enter."""
    end = time.monotonic() + LIMIT * 3
    while not isinstance(app.screen, RemoteSummaryScreen):
        assert time.monotonic() < end, "the deal never ended"
        if seen is not None:
            seen.append(type(app.screen).__name__)
        if isinstance(app.screen, CurtainScreen):
            await pilot.press("enter")
            continue
        seat = next((s for s in seats if my_turn(app, s)), None)
        if seat is None:
            await pilot.pause(0.01)
            continue
        decision = app.links[seat].frame.decision  # type: ignore[union-attr]
        await decide_by_keys(pilot, app, seat)
        await wait_until(pilot, lambda seat=seat, decision=decision: (  # type: ignore[misc]
            app.links[seat].frame.decision != decision  # type: ignore[union-attr]
            or isinstance(app.screen, RemoteSummaryScreen)))


# ------------------------------------------------------------------ one seat


async def test_the_table_is_drawn_from_frames_and_a_key_sends_an_act(tmp_path: Path) -> None:
    """North joins a table of three computers: the game starts at once, the table shows
    North's hand from the frames, and p (pass) reaches the server as North's act."""
    async with serving("remote", "easy", "easy", "easy") as (table, port):
        target = Target("127.0.0.1", port, CODE, "Ana")
        conn = await connect("127.0.0.1", port, hello_for(target))
        assert conn.seat == 0
        app = remote_app(tmp_path, target, [conn])
        async with app.run_test(size=SIZE) as pilot:
            await wait_until(pilot, lambda: my_turn(app, 0))
            assert isinstance(app.screen, RemoteTableScreen)
            text = screen_text(app)
            assert "You: Ana (North)" in text
            hand = app._table.view.hand  # type: ignore[union-attr]
            assert app.links[0].frame is not None
            assert hand == app.links[0].frame.model.seat_view.hand  # type: ignore[union-attr]
            before = len(table.controller.public().auction)  # type: ignore[union-attr]
            await pilot.press("p")
            await wait_until(pilot, lambda: len(
                table.controller.public().auction) > before)  # type: ignore[union-attr]
            assert table.controller.public().auction[before] == (0, "pass")  # type: ignore[union-attr]


async def test_one_seat_never_sees_a_curtain_a_whole_deal_long(tmp_path: Path) -> None:
    """A whole deal played by keys on one seat's screen: the table or the summary, never
    a curtain; Enter on the summary says ready and the next deal is dealt."""
    async with serving("remote", "easy", "easy", "easy", seed=3) as (table, port):
        target = Target("127.0.0.1", port, CODE, "Ana")
        conn = await connect("127.0.0.1", port, hello_for(target))
        app = remote_app(tmp_path, target, [conn])
        seen: list[str] = []
        async with app.run_test(size=SIZE) as pilot:
            await wait_until(pilot, lambda: app._latest is not None)
            await play_deal(pilot, app, (0,), seen)
            assert "CurtainScreen" not in seen
            assert "RemoteTableScreen" in seen
            text = screen_text(app)
            assert "Press Enter when you are ready for the next deal; r reviews this deal." in text
            await pilot.press("enter")
            await wait_until(pilot, lambda: table.controller is not None and
                             table.controller.public().deal_number == 2)
            await wait_until(pilot, lambda: isinstance(app.screen, RemoteTableScreen))
            assert not any(isinstance(s, CurtainScreen) for s in app.screen_stack)


# ------------------------------------------------------------------ two seats, one keyboard


async def test_a_curtain_stands_between_two_seats_served_by_one_screen(tmp_path: Path) -> None:
    """North and South at the host's keyboard (one connection each, the host's token):
    a curtain before each of their turns, naming the seat whose turn it is; the hand
    shown after it is that seat's."""
    async with serving("person", "easy", "person", "easy") as (table, port):
        conns = [await connect("127.0.0.1", port, Hello(
            version=VERSION, code=CODE, seat=SEAT_WORDS[s], token=table.host_token))
            for s in (0, 2)]
        assert [c.seat for c in conns] == [0, 2] and all(c.host for c in conns)
        app = remote_app(tmp_path, Target("127.0.0.1", port, CODE), conns,
                         host_token=table.host_token, keep_tokens=False)
        curtains: list[int] = []
        async with app.run_test(size=SIZE) as pilot:
            for _ in range(2):
                await wait_until(pilot, lambda: isinstance(app.screen, CurtainScreen))
                screen = app.screen
                assert isinstance(screen, CurtainScreen)
                curtains.append(screen.seat)
                assert "Pass the keyboard to" in screen_text(app)
                await pilot.press("enter")
                seat = curtains[-1]
                await wait_until(pilot, lambda seat=seat: my_turn(app, seat))  # type: ignore[misc]
                assert app._table.view.seat == seat  # type: ignore[union-attr]
                await pilot.press("p")
            assert sorted(curtains) == [0, 2]


# ------------------------------------------------------------------ the form, the lobby


async def test_the_join_form_refuses_a_wrong_code_in_one_line(tmp_path: Path) -> None:
    async with serving("remote", "remote", "easy", "easy") as (_table, port):
        app = remote_app(tmp_path, Target("127.0.0.1", port), [], form=True)
        async with app.run_test(size=SIZE) as pilot:
            assert isinstance(app.screen, ConnectScreen)
            await pilot.press(*"Ana")
            await pilot.press("tab", *"WRONG-1")
            await pilot.press("enter")
            await wait_until(pilot, lambda: "No table has that code" in screen_text(app))
            text = screen_text(app)
            assert sum("No table has that code" in line for line in text.splitlines()) == 1
            assert isinstance(app.screen, ConnectScreen) and not app.links
            code = app.screen.query_one("#code")
            code.value = ""  # type: ignore[attr-defined]
            code.focus()
            await pilot.press(*CODE, "enter")
            await wait_until(pilot, lambda: isinstance(app.screen, LobbyScreen))
            await wait_until(pilot, lambda: "Ana (you)" in screen_text(app))


async def test_join_without_an_address_asks_for_it_too(tmp_path: Path) -> None:
    """``five-hundred join`` alone: the form asks for the host's address as well; one
    that cannot be used is one line, a good one joins."""
    async with serving("remote", "remote", "easy", "easy") as (_table, port):
        app = remote_app(tmp_path, Target("", 7500), [], form=True, ask_address=True)
        async with app.run_test(size=SIZE) as pilot:
            assert isinstance(app.screen, ConnectScreen)
            await pilot.press(*"Ana", "tab", *CODE, "tab", *"not an address", "enter")
            await wait_until(pilot, lambda: "That address cannot be used" in screen_text(app))
            address = app.screen.query_one("#address")
            address.value = f"127.0.0.1:{port}"  # type: ignore[attr-defined]
            address.focus()
            await pilot.press("enter")
            await wait_until(pilot, lambda: isinstance(app.screen, LobbyScreen))
            assert app.links[0].conn.seat == 0


async def test_the_host_lets_a_computer_take_an_empty_seat_and_the_game_starts(
        tmp_path: Path) -> None:
    """At a table with no one at the host's keyboard, the first to join is its host: in
    the lobby, ↓ and n make East a computer; every seat is filled, the game starts."""
    async with serving("remote", "remote", "easy", "easy") as (table, port):
        target = Target("127.0.0.1", port, CODE, "Ana")
        conn = await connect("127.0.0.1", port, hello_for(target))
        assert conn.host
        app = remote_app(tmp_path, target, [conn])
        async with app.run_test(size=SIZE) as pilot:
            await wait_until(pilot, lambda: app.lobby_state is not None)
            assert isinstance(app.screen, LobbyScreen)
            text = screen_text(app)
            assert "free: waiting for someone to join" in text
            assert "You are the host" in text
            await pilot.press("down", "n")
            await wait_until(pilot, lambda: table.started)
            assert table.seats[1].kind == "computer"
            await wait_until(pilot, lambda: isinstance(app.screen, RemoteTableScreen))
            await pilot.press("f2")  # the lobby over the table, during the game
            await wait_until(pilot, lambda: isinstance(app.screen, LobbyScreen))
            assert "The game is under way." in screen_text(app)
            await pilot.press("escape")
            await wait_until(pilot, lambda: isinstance(app.screen, RemoteTableScreen))


async def test_when_the_host_leaves_the_next_screen_is_told_it_is_the_host(
        tmp_path: Path) -> None:
    """The first joiner (the host of a table with no one at the host's keyboard) leaves
    the lobby: Bruno's screen says he is the host now, its lobby says so too, and his
    keys hand the empty seats to computers, so the game starts."""
    async with serving("remote", "remote", "remote", "easy") as (table, port):
        ana = await connect("127.0.0.1", port, hello_for(Target("127.0.0.1", port, CODE,
                                                                "Ana")))
        target = Target("127.0.0.1", port, CODE, "Bruno")
        conn = await connect("127.0.0.1", port, hello_for(target))
        assert ana.host and not conn.host
        app = remote_app(tmp_path, target, [conn])
        async with app.run_test(size=SIZE) as pilot:
            await wait_until(pilot, lambda: isinstance(app.screen, LobbyScreen))
            assert "You are the host" not in screen_text(app)
            await ana.close()
            await wait_until(pilot, lambda: app.is_host)
            await wait_until(pilot, lambda: "You are the host" in screen_text(app))
            assert any("you are the host now" in n.message for n in app._notifications)
            await pilot.press("n")  # the cursor is on North, the seat Ana left
            await pilot.press("down", "down", "n")  # and South, nobody's yet
            await wait_until(pilot, lambda: table.started)
            assert [s.kind for s in table.seats] == ["computer", "remote", "computer",
                                                     "computer"]


async def test_q_then_y_leaves_the_table_and_the_seat_waits(tmp_path: Path) -> None:
    async with serving("remote", "easy", "easy", "easy") as (table, port):
        target = Target("127.0.0.1", port, CODE, "Ana")
        conn = await connect("127.0.0.1", port, hello_for(target))
        app = remote_app(tmp_path, target, [conn])
        async with app.run_test(size=SIZE) as pilot:
            await wait_until(pilot, lambda: my_turn(app, 0))
            await pilot.press("q")
            assert "Your seat waits for you" in screen_text(app)
            await pilot.press("y")
            await wait_until(pilot, lambda: not app.is_running)
        await asyncio.sleep(0.05)
        assert table.waiting_for() == (0,)


# ------------------------------------------------------------------ a dropped connection


async def test_a_dropped_connection_is_taken_up_again_with_the_seat_token(
        tmp_path: Path) -> None:
    async with serving("remote", "easy", "easy", "easy") as (table, port):
        target = Target("127.0.0.1", port, CODE, "Ana")
        conn = await connect("127.0.0.1", port, hello_for(target))
        app = remote_app(tmp_path, target, [conn], retry=(0.3,))
        async with app.run_test(size=SIZE) as pilot:
            await wait_until(pilot, lambda: my_turn(app, 0))
            conn.abort()  # a pulled cable
            await wait_until(pilot, lambda: "Lost the connection" in app.status_line)
            assert "Lost the connection" in screen_text(app)
            await wait_until(pilot, lambda: app.links[0].conn is not conn and
                             not app.status_line)
            assert app.links[0].conn.token == conn.token
            await wait_until(pilot, lambda: my_turn(app, 0))
            await pilot.press("p")
            await wait_until(pilot, lambda: (0, "pass") in
                             table.controller.public().auction)  # type: ignore[union-attr]


async def test_a_seat_taken_over_by_another_screen_is_not_fought_for(tmp_path: Path) -> None:
    """The same seat's token used on another screen (``join`` again elsewhere): this
    screen says so in one line and does not take the seat back."""
    async with serving("remote", "easy", "easy", "easy") as (table, port):
        target = Target("127.0.0.1", port, CODE, "Ana")
        conn = await connect("127.0.0.1", port, hello_for(target))
        app = remote_app(tmp_path, target, [conn], retry=(0.05,))
        async with app.run_test(size=SIZE) as pilot:
            await wait_until(pilot, lambda: my_turn(app, 0))
            other = await connect("127.0.0.1", port, hello_for(target, conn.token))
            assert other.seat == 0
            await wait_until(pilot, lambda: app.links[0].gone)
            assert "Another screen took over North" in screen_text(app)
            await pilot.pause(0.3)
            assert app.links[0].conn is conn and table.seats[0].link is not None
            await other.close()


async def test_the_seat_token_is_kept_for_join_again(tmp_path: Path) -> None:
    """The token of a seat joined is kept in the data folder, by table and name; a new
    connection presenting it gets the same seat back once the game is under way."""
    async with serving("remote", "remote", "easy", "easy") as (table, port):
        ana = Target("127.0.0.1", port, CODE, "Ana", "east")
        store = TokenStore(tmp_path)
        first = await connect("127.0.0.1", port, hello_for(ana))
        store.put(ana, first.token)
        bruno = await connect("127.0.0.1", port, hello_for(Target(
            "127.0.0.1", port, CODE, "Bruno")))
        assert table.started and first.seat == 1 and bruno.seat == 0
        assert store.get(Target("127.0.0.1", port, CODE, "Carla")) is None
        first.abort()
        await asyncio.sleep(0.05)
        again = await connect("127.0.0.1", port, hello_for(
            Target("127.0.0.1", port, CODE, "Ana"), store.get(ana)))
        assert again.seat == 1 and again.token == first.token
        store.drop(ana)
        assert store.get(ana) is None
        for c in (again, bruno):
            await c.close()


async def test_f3_switches_the_language_here_and_on_the_server(tmp_path: Path) -> None:
    """F3: this screen speaks Portuguese at once, and the server's next frames (the
    log) follow; the language is the client's own (the server speaks English to
    others)."""
    from five_hundred import i18n

    async with serving("remote", "easy", "easy", "easy") as (_table, port):
        target = Target("127.0.0.1", port, CODE, "Ana")
        conn = await connect("127.0.0.1", port, hello_for(target))
        app = remote_app(tmp_path, target, [conn])
        try:
            async with app.run_test(size=SIZE) as pilot:
                await wait_until(pilot, lambda: my_turn(app, 0))
                await pilot.press("f3")
                assert i18n.language() == "pt"
                await wait_until(pilot, lambda: any(
                    "passa" in line for line in app.links[0].frame.model.log))  # type: ignore[union-attr]
                await wait_until(pilot, lambda: "Tu: Ana (Norte)" in screen_text(app))
        finally:
            i18n.set_language("en")


# ------------------------------------------------------------------ what comes from the wire


def test_text_from_the_network_is_cleaned_before_it_is_drawn() -> None:
    from five_hundred.engine import PAGAT_AUSTRALIAN
    from five_hundred.hotseat import Controller, Player

    c = Controller(PAGAT_AUSTRALIAN, [Player(n) for n in ("Ana", "B", "C", "D")], seed=SEED)
    c.play_on_own_screens(range(4))
    model = seat_model(c, 0)
    evil = "\x1b[2J\x1b]0;pwned\x07Eve"
    dirty = model.model_copy(update={"names": (evil, *model.names[1:]),
                                     "log": (f"{evil} bids", *model.log),
                                     "hint": "\x1b[31mplay"})
    clean = clean_model(dirty)
    assert "\x1b" not in clean.names[0] and "\x07" not in clean.names[0]
    assert clean.names[0].endswith("Eve")
    assert all("\x1b" not in line for line in clean.log)
    assert "\x1b" not in clean.hint
    assert clean.seat_view == model.seat_view
    lobby = Lobby(seats=(SeatState(name=evil, kind="remote", connected=True),
                         SeatState(name="", kind="remote"),
                         SeatState(name="", kind="computer", level="easy"),
                         SeatState(name="", kind="computer", level="easy")), started=False)
    assert "\x1b" not in clean_lobby(lobby).seats[0].name
    frame = Table(model=dirty, decision=c.token)
    assert frame.model.names[0] == evil  # (the raw frame; the app cleans it on arrival)
