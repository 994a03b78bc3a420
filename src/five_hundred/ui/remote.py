"""The join client (issue 24): the same Textual table, drawn from the ``table`` frames a
table server sends for this screen's seat(s), its choices sent back as intents.

One ``RemoteApp`` serves one seat (``five-hundred join``) or the seats at the host's
keyboard (``five-hundred host`` with two or more ``person`` seats: one connection per
seat). With one seat served no curtain ever stands; with several, the local table's
curtain stands between their turns, exactly as at one keyboard.

Everything from the network is cleaned before it is drawn (``safe_text``): names,
the log, hints, notices. The app keeps no game state: the last frame of each seat and
the last lobby frame are all it draws from; the screens reach it through the ``Game``
protocol (``ui/screens/base.py``) as they reach the local app.

A dropped connection is taken up again with the seat's token (a line on the screen
says so, with growing pauses between tries); a seat taken over by another screen
(the same token used elsewhere) is not fought for.
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import re
import time
from collections.abc import Awaitable, Callable, Coroutine, Iterable, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING, Any, ClassVar, Literal

from pydantic import BaseModel
from textual import events
from textual.app import App, SystemCommand
from textual.binding import Binding, BindingType
from textual.notifications import SeverityLevel
from textual.screen import Screen

from five_hundred import i18n
from five_hundred.engine.review import DealReview
from five_hundred.faces import DEAL_OVER, GAME_OVER, UNSEEN
from five_hundred.i18n import N_, _
from five_hundred.net.client import Connection, JoinError, connect
from five_hundred.net.protocol import (
    SEAT_WORDS,
    VERSION,
    Act,
    Claim,
    Error,
    Hello,
    HintAsk,
    Lobby,
    Notice,
    Ready,
    Review,
    ReviewAsk,
    SeatName,
    ServerMessage,
    SetLang,
    SetSeat,
    Table,
    Undo,
    Welcome,
)
from five_hundred.notation import default_names, house_rules, seat_name, who
from five_hundred.safe_text import clean_name, clean_text
from five_hundred.table_model import TableModel
from five_hundred.ui import all_styles
from five_hundred.ui.guard import GUARD_SECONDS
from five_hundred.ui.languages import language_commands, next_language, redraw_screens
from five_hundred.ui.remote_screens import (
    RemoteGameOverScreen,
    RemoteReviewScreen,
    RemoteSummaryScreen,
    RemoteTableScreen,
)
from five_hundred.ui.screens.base import MIN_HEIGHT, MIN_WIDTH, BaseScreen
from five_hundred.ui.screens.connect import ConnectScreen
from five_hundred.ui.screens.curtain import CurtainScreen
from five_hundred.ui.screens.game_over import GameOverScreen
from five_hundred.ui.screens.lobby import LobbyScreen
from five_hundred.ui.screens.review import ReviewWanted
from five_hundred.ui.screens.summary import SummaryScreen
from five_hundred.ui.screens.table import TableScreen
from five_hundred.ui.storage import Storage, atomic_write

if TYPE_CHECKING:
    from five_hundred.engine import PublicView
    from five_hundred.hotseat import Controller

Connector = Callable[[str, int, Hello], Awaitable[Connection]]
RETRY = (0.5, 1.0, 2.0, 4.0, 8.0)  # seconds between tries to take the seat back (then 8)
TOKENS_FILE = "remote-seats.json"  # the seat tokens kept for `join` again
TOKENS_KEPT = 20
NET_WORKER = "net"


# ------------------------------------------------------------------ cleaning what comes in


def _clean(value: Any) -> Any:
    """Every string inside ``value`` (JSON-like data) cleaned for a terminal."""
    if isinstance(value, str):
        return clean_text(value)
    if isinstance(value, list | tuple):
        return [_clean(v) for v in value]
    if isinstance(value, dict):
        return {k: _clean(v) for k, v in value.items()}
    return value


def clean_model(model: TableModel) -> TableModel:
    """The table model with every text cleaned (names also bounded): nothing from the
    network reaches the screen raw."""
    data = _clean(model.model_dump(mode="json"))
    data["names"] = [clean_name(n, seat_name(i)) for i, n in enumerate(data["names"][:4])]
    return TableModel.model_validate(data)


CARD_CODE = re.compile(r"(?:[2-9TJQKA][SCDH]|JK|J2)")


def _card_or_unseen(code: str) -> str:
    return code if CARD_CODE.fullmatch(code) else UNSEEN


def _clean_review(review: DealReview) -> DealReview:
    """A deal's review from the network, safe to draw: every card field holds a card's
    code or ``UNSEEN`` (anything else is drawn as a card never seen), every other text
    is cleaned."""
    hands = tuple(tuple(_card_or_unseen(c) for c in hand) for hand in review.hands)
    tricks = tuple(t.model_copy(update={
        "plays": tuple((s, _card_or_unseen(c)) for s, c in t.plays),
        "held": tuple(tuple(_card_or_unseen(c) for c in hand) for hand in t.held)})
        for t in review.tricks)
    data = _clean(review.model_copy(update={
        "hands": hands, "tricks": tricks,
        "kitty": tuple(_card_or_unseen(c) for c in review.kitty),
        "discards": tuple(_card_or_unseen(c) for c in review.discards)}).model_dump(mode="json"))
    return DealReview.model_validate(data)


def clean_lobby(lobby: Lobby) -> Lobby:
    seats = tuple(s.model_copy(update={"name": clean_name(s.name, ""),
                                       "level": clean_text(s.level)[:16]})
                  for s in lobby.seats)
    return lobby.model_copy(update={"seats": seats})


# ------------------------------------------------------------------ where, and the seat kept


@dataclass
class Target:
    """Which table to join, and as whom."""

    address: str = ""
    port: int = 7500
    code: str = ""
    name: str = ""
    seat: SeatName | None = None

    @property
    def where(self) -> str:
        host = f"[{self.address}]" if ":" in self.address else self.address
        return f"{host}:{self.port}"


class TokenStore:
    """The seat tokens of the tables joined from this machine (``remote-seats.json`` in
    the data folder), by table and name: ``join`` again after the terminal was closed
    gets the seat back."""

    def __init__(self, folder: Path) -> None:
        self.path = folder / TOKENS_FILE

    @staticmethod
    def key(target: Target) -> str:
        code = "".join(ch for ch in target.code.upper() if ch.isalnum())
        return f"{target.where}|{code}|{target.name.casefold()}"

    def _read(self) -> dict[str, Any]:
        try:
            data = json.loads(self.path.read_text(encoding="utf-8"))
        except (OSError, ValueError):
            return {}
        return data if isinstance(data, dict) else {}

    def get(self, target: Target) -> str | None:
        entry = self._read().get(self.key(target))
        token = entry.get("token") if isinstance(entry, dict) else None
        return token if isinstance(token, str) and len(token) <= 64 else None

    def put(self, target: Target, token: str) -> None:
        data = self._read()
        data.pop(self.key(target), None)
        data[self.key(target)] = {"token": token, "when": time.time()}
        kept = dict(list(data.items())[-TOKENS_KEPT:])
        with contextlib.suppress(OSError):
            self.path.parent.mkdir(parents=True, exist_ok=True)
            atomic_write(self.path, json.dumps(kept, indent=1))

    def drop(self, target: Target) -> None:
        data = self._read()
        if data.pop(self.key(target), None) is not None:
            with contextlib.suppress(OSError):
                atomic_write(self.path, json.dumps(data, indent=1))


def hello_for(target: Target, token: str | None = None, seat: int | None = None) -> Hello:
    return Hello(version=VERSION, code=target.code[:32], name=target.name[:40],
                 seat=SEAT_WORDS[seat] if seat is not None else target.seat,
                 token=token, lang=i18n.language())


def close_reason(conn: Connection) -> str:
    """Why the server closed ``conn`` (its close frame's reason), "" if unknown."""
    return conn.close_reason


# ------------------------------------------------------------------ one seat's connection


class SeatLink:
    """One seat served by this screen: its connection and its last ``table`` frame."""

    def __init__(self, conn: Connection) -> None:
        self.conn = conn
        self.seat = conn.seat
        self.frame: Table | None = None
        self.lost = False  # the connection dropped; being taken up again
        self.gone = False  # another screen took the seat: this one no longer plays it
        self.tries = 0


# ------------------------------------------------------------------ the app


class RemoteApp(App[None]):
    """A networked table on this screen: the seat(s) of ``connections`` (or, with
    ``form``, the join form first)."""

    # both style sheets: with the first alone (2026-12-04 to 12-07) the joiner's table
    # had no side panel and an unbounded prompt
    CSS_PATH = all_styles()
    TITLE = "Five Hundred"
    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("ctrl+q", "request_quit", N_("Quit"), show=False, priority=True),
        Binding("ctrl+c", "request_quit", N_("Quit"), show=False, priority=True),
        Binding("f3", "next_language", N_("Language"), show=False),
        Binding("f2", "lobby", N_("Lobby"), show=False),
    ]

    def __init__(self, target: Target, *, connections: Sequence[Connection] = (),
                 storage: Storage | None = None, form: bool = False,
                 ask_address: bool = False, keep_tokens: bool = True,
                 host_token: str | None = None, join_line: str = "",
                 connector: Connector = connect, retry: Sequence[float] = RETRY,
                 guard_seconds: float = GUARD_SECONDS,
                 clock: Callable[[], float] = time.monotonic) -> None:
        super().__init__()
        self.target = target
        self.storage = storage if storage is not None else Storage.default()
        self.form = form
        self.ask_address = ask_address
        self.tokens = TokenStore(self.storage.folder) if keep_tokens else None
        self.host_token = host_token
        self.join_line = join_line
        self.connector = connector
        self.retry = tuple(retry) or RETRY
        self.guard_seconds = guard_seconds
        self.clock = clock
        self.controller: Controller | None = None  # no game is held here
        self.links: dict[int, SeatLink] = {}
        self.lobby_state: Lobby | None = None
        self.host_log: list[str] = []
        self.status_line = ""
        self.viewer: int | None = None  # the seat whose hand this screen shows now
        self._latest: Table | None = None
        self._deal = 0
        self._ready_for: int | None = None  # the deal whose summary this screen has read
        self._over_shown = False
        self._leaving = False
        self._hidden_by_size = False
        self._table: RemoteTableScreen | None = None
        self._curtain: CurtainScreen | None = None
        self._summary: RemoteSummaryScreen | None = None
        self._pending = list(connections)
        self._review_asked = False  # r was pressed: the review opens when it comes
        self._looked: set[tuple[int, int]] = set()  # (deal, seat): its hand was shown

    # ------------------------------------------------------------ what screens read

    @property
    def my_seats(self) -> tuple[int, ...]:
        return tuple(sorted(s for s, link in self.links.items() if not link.gone))

    @property
    def is_host(self) -> bool:
        return any(link.conn.host for link in self.links.values())

    @property
    def table_code(self) -> str:
        return clean_text(self.target.code)

    @property
    def names(self) -> tuple[str, ...]:
        if self._latest is not None:
            return self._latest.model.names
        if self.lobby_state is not None:
            return tuple(s.name or seat_name(i) for i, s in enumerate(self.lobby_state.seats))
        return default_names()

    def public_view(self) -> PublicView:
        assert self._latest is not None
        return self._latest.model.public

    def can_take_back(self) -> bool:
        link = self.links.get(self.viewer) if self.viewer is not None else None
        return link is not None and link.frame is not None and link.frame.model.can_take_back

    def still_reading(self) -> list[str]:
        """The persons at the table who have not said they read the deal's summary."""
        frame, lobby = self._latest, self.lobby_state
        if frame is None or lobby is None:
            return []
        names = frame.model.names
        return [names[i] for i, s in enumerate(lobby.seats)
                if s.kind != "computer" and s.connected and i not in frame.ready]

    def ready_sent(self) -> bool:
        return self._latest is not None and \
            self._ready_for == self._latest.model.public.deal_number

    # ------------------------------------------------------------ starting

    def get_default_screen(self) -> Screen[None]:
        if self.form:
            return ConnectScreen(self.target.name, self.target.code,
                                 None if self.ask_address else self.target.where,
                                 "" if self.ask_address else self.target.where)
        return LobbyScreen()

    def on_mount(self) -> None:
        pending, self._pending = self._pending, []
        for conn in pending:
            self._add_link(conn)
        if not self.form:
            self.advance()

    def _add_link(self, conn: Connection) -> None:
        link = SeatLink(conn)
        self.links[link.seat] = link
        self._keep_token(conn)
        self._spawn(self._listen(link))

    def _spawn(self, work: Coroutine[Any, Any, None]) -> None:
        """Run ``work`` on the app's loop as a worker (cancelled when the app ends; a
        bug in it ends the app as any crash does: a log and one line)."""
        self.run_worker(work, group=NET_WORKER, exit_on_error=True)

    def _keep_token(self, conn: Connection) -> None:
        if self.tokens is not None and self.host_token is None:
            self.tokens.put(self.target, conn.token)

    def on_connect_screen_join(self, message: ConnectScreen.Join) -> None:
        """The form is filled in: try to join (the form says why not, if not)."""
        target = Target(self.target.address, self.target.port, message.code,
                        message.name, self.target.seat)
        if self.ask_address:
            from five_hundred.cli_args import address_port

            try:
                target.address, target.port = address_port(self.target.port)(message.address)
            except Exception:  # argparse's error: say it in one line
                self._form_failed(_("That address cannot be used: type it like "
                                    "192.168.1.20:7500."))
                return
        self.target = target
        self._spawn(self._join_from_form(target))

    async def _join_from_form(self, target: Target) -> None:
        token = self.tokens.get(target) if self.tokens is not None else None
        try:
            conn = await self.connector(target.address, target.port,
                                        hello_for(target, token))
        except JoinError as exc:
            self._form_failed(clean_text(exc.message))
            return
        self._add_link(conn)
        self.advance()

    def _form_failed(self, message: str) -> None:
        screen = self.screen_stack[0] if self.screen_stack else None
        if isinstance(screen, ConnectScreen):
            screen.failed(message)

    # ------------------------------------------------------------ the wire

    async def _listen(self, link: SeatLink) -> None:
        """Read the seat's frames until the app closes; take the seat back after a drop."""
        while not self._leaving:
            conn = link.conn
            async for message in conn:
                self._received(link, message)
            if self._leaving:
                return
            if close_reason(conn) == "replaced":
                link.gone = True
                self.tell(_("Another screen took over {seat}: this one no longer plays it.")
                          .format(seat=seat_name(link.seat)), "error", 30)
                self.advance()
                return
            if not await self._reconnect(link):
                return

    async def _reconnect(self, link: SeatLink) -> bool:
        old = link.conn
        link.lost = True
        link.tries = 0
        while not self._leaving:
            pause = self.retry[min(link.tries, len(self.retry) - 1)]
            link.tries += 1
            self._set_status(_("Lost the connection to the table: trying again (attempt "
                               "{n})…").format(n=link.tries))
            await asyncio.sleep(pause)
            if self._leaving:
                return False
            try:
                conn = await self.connector(self.target.address, self.target.port,
                                            old.rejoin_hello().model_copy(
                                                update={"lang": i18n.language()}))
            except JoinError as exc:
                self._set_status(_("Lost the connection to the table: {why} Trying again…")
                                 .format(why=clean_text(exc.message)))
                continue
            link.conn = conn
            link.lost = False
            self._keep_token(conn)
            if not any(x.lost for x in self.links.values()):
                self._set_status("")
                self.tell(_("Back at the table."), "information", 3)
            return True
        return False

    def _set_status(self, text: str) -> None:
        self.status_line = text
        self._refresh_line()
        self._refresh_lobbies()

    def _received(self, link: SeatLink, message: ServerMessage) -> None:
        if isinstance(message, Table):
            frame = message.model_copy(update={"model": clean_model(message.model)})
            link.frame = frame
            self._latest = frame
            self.advance()
        elif isinstance(message, Lobby):
            self.lobby_state = clean_lobby(message)
            self._refresh_lobbies()
            self._refresh_line()
            if self._latest is None:
                self.advance()
            elif self._summary is not None:
                self._summary.update_ready()
        elif isinstance(message, Review):
            self._review_came(link, message)
        elif isinstance(message, Notice):
            self.tell(clean_text(message.text), "information")
        elif isinstance(message, Error):
            if self._review_asked and message.code == "bad-frame":
                # a server of before the review: it does not know the message
                self._review_asked = False
                self.tell(_("The host's program does not offer the review of a deal "
                            "(an older version)."), "warning")
                return
            self._review_asked = False
            # a refused card or bid says why as the local table does (a warning there)
            self.tell(clean_text(message.message),
                      "warning" if message.code == "illegal" else "error")
            if self._table is not None and self.viewer == link.seat:
                self._table.take_choices_again()
        elif isinstance(message, Welcome) and message is link.conn.welcome and message.host:
            # the host left and the role passed here (the connection took it in ``recv``)
            self.tell(_("The host left: you are the host now (F2 hands a seat to a "
                        "computer)."), "information", 10)
            self._refresh_line()

    def send(self, seat: int | None, message: BaseModel) -> None:
        """Send ``message`` for ``seat``: now, or not at all if its connection is down
        (the frame that follows the reconnection is the table as it stands)."""
        link = self.links.get(seat) if seat is not None else None
        if link is None or link.lost or link.gone:
            if link is not None and link.lost:
                self.tell(_("Not sent: the connection to the table is being restored."))
            return

        async def go(conn: Connection = link.conn) -> None:
            with contextlib.suppress(JoinError):  # Disconnected: the listener reconnects
                await conn.send(message)

        self._spawn(go())

    # ------------------------------------------------------------ what is shown

    def _top(self) -> Screen[object] | None:
        return self.screen_stack[-1] if self.screen_stack else None

    def _main_screen(self, screen: Screen[None] | str) -> None:
        """Show a main screen (lobby, table, curtain, summary) above the bottom one."""
        while len(self.screen_stack) > 2:
            self.pop_screen()
        if len(self.screen_stack) < 2:
            self.push_screen(screen)
        else:
            self.switch_screen(screen)

    def _main(self) -> Screen[object] | None:
        return self.screen_stack[1] if len(self.screen_stack) > 1 else None

    def _overlay_open(self) -> bool:
        return len(self.screen_stack) > 2

    def advance(self) -> None:
        """Show what the last frames say: the lobby, the summary, a curtain or the table."""
        if not self.screen_stack or self._leaving:
            return
        frame = self._latest
        if frame is None:
            if self.form and self.links and not isinstance(self._main(), LobbyScreen):
                self._main_screen(LobbyScreen())
            return
        public = frame.model.public
        if public.deal_number != self._deal:
            self._deal = public.deal_number
            if len(self.my_seats) > 1:
                self.viewer = None  # a new deal: nobody at this keyboard has looked yet
        if public.phase in (DEAL_OVER, GAME_OVER):
            self._show_summary(public)
            return
        self._summary = None
        mine = self.my_seats
        if len(mine) == 1:
            # V5: a hand that may still be bid blind stays unseen, even while the
            # others call before its turn
            alone = mine[0]
            unseen = public.blind_misere_open(alone) and (self._deal, alone) not in self._looked
            self.viewer = None if unseen else alone
        elif self.viewer not in mine:
            self.viewer = None
        acting = public.to_act
        if acting in mine and ((len(mine) > 1 and acting != self.viewer) or (
                public.blind_misere_open(acting) and (self._deal, acting) not in self._looked)):
            # another seat's turn at this keyboard, or (V5) a person who may still bid
            # blind misère: even alone at the screen, "your cards" first, as at one table
            self._show_curtain(acting, solo=len(mine) == 1)
            return
        self._show_table()

    def _table_model(self) -> TableModel | None:
        link = self.links.get(self.viewer) if self.viewer is not None else None
        if link is not None and link.frame is not None:
            return link.frame.model
        if self._latest is None:
            return None
        return self._latest.model.model_copy(update={
            "seat_view": None, "hint": "", "can_take_back": False, "can_claim": False})

    def _show_table(self) -> None:
        if self._latest is None:
            return
        if self._table is None:
            self._table = RemoteTableScreen(self._latest.model.public.rules)
            self.install_screen(self._table, name="table")
            self.sub_title = " · ".join(house_rules(self._latest.model.public.rules)) or \
                _("no house rules")
        if self._main() is not self._table:
            self._main_screen("table")
        self.sync_table()

    def sync_table(self) -> None:
        table, model = self._table, self._table_model()
        if table is None or model is None or not table.is_mounted:
            return
        table.show(model)
        self._refresh_line()

    def _show_curtain(self, seat: int, solo: bool = False) -> None:
        if self._table is not None and self._table.is_mounted and self._latest is not None:
            self._table.show(self._latest.model.model_copy(update={
                "seat_view": None, "hint": "", "can_take_back": False, "can_claim": False}))
        blind = self._blind_offered(seat)
        curtain = self._curtain
        if curtain is None:
            curtain = CurtainScreen(seat, blind, solo=solo)
            self._curtain = curtain
            self.install_screen(curtain, name="curtain")
        elif curtain.seat != seat or self._main() is not curtain:
            curtain.prepare(seat, blind, solo=solo)
        self.clear_notifications()
        if self._main() is not curtain:
            self._main_screen("curtain")

    def _blind_offered(self, seat: int) -> bool:
        link = self.links.get(seat)
        view = link.frame.model.seat_view if link is not None and link.frame else None
        return view is not None and any(a.bid == "BMIS" for a in view.legal)

    def _show_summary(self, public: PublicView) -> None:
        if self._over_shown:
            return
        summary = self._summary
        if summary is not None and self._main() is self._summary:
            summary.update_ready()
            return
        self.clear_notifications()
        summary = RemoteSummaryScreen()
        self._summary = summary
        self._main_screen(summary)

    def _show_lobby_overlay(self) -> None:
        if not isinstance(self._top(), LobbyScreen):
            self.push_screen(LobbyScreen(overlay=True))

    def _refresh_lobbies(self) -> None:
        for screen in self.screen_stack:
            if isinstance(screen, LobbyScreen):
                screen.redraw()

    def waiting_line(self) -> str:
        """The line over the table: the connection being restored, or who the table
        waits for."""
        if self.status_line:
            return self.status_line
        lobby = self.lobby_state
        if lobby is None or not lobby.waiting_for:
            return ""
        names = self.names
        who_ = ", ".join(who(names, s) for s in lobby.waiting_for)
        line = _("Waiting for {names} (connection lost).").format(names=who_)
        if self.is_host:
            line += " " + _("F2: a computer can take the seat.")
        return line

    def _refresh_line(self) -> None:
        if self._table is not None and self._table.is_mounted:
            self._table.set_line(self.waiting_line())

    def tell(self, text: str, severity: SeverityLevel = "warning",
             timeout: float = 5.0) -> None:
        """One line (already clean): at the table in the prompt's place, elsewhere a
        toast. Never markup."""
        table = self._table
        if table is not None and table.is_mounted and self._top() is self._table:
            table.tell(text, severity, timeout)
        else:
            self.notify(text, severity=severity, timeout=timeout, markup=False)

    def host_said(self, line: str) -> None:
        """One line of the table's log (the host's screen only)."""
        self.host_log.append(clean_text(line))
        del self.host_log[:-50]
        self._refresh_lobbies()

    # ------------------------------------------------------------ the table's intents

    def on_table_screen_act(self, message: TableScreen.Act) -> None:
        link = self.links.get(message.seat)
        if link is None or link.frame is None or message.seat != self.viewer:
            self.sync_table()
            return
        self.send(message.seat, Act(action=message.action.text, decision=link.frame.decision))

    def on_table_screen_undo(self, message: TableScreen.Undo) -> None:
        self.send(self.viewer, Undo())

    def on_curtain_screen_undo(self, message: CurtainScreen.Undo) -> None:
        self.send(self.viewer, Undo())

    def on_table_screen_claim(self, message: TableScreen.Claim) -> None:
        if message.seat == self.viewer:
            self.send(message.seat, Claim())

    def on_table_screen_hint_wanted(self, message: TableScreen.HintWanted) -> None:
        self.send(self.viewer, HintAsk())

    def on_table_screen_refused(self, message: TableScreen.Refused) -> None:
        """A card the table would not send: the server says why, in the engine's words
        and this screen's language (its ``illegal`` error), as the local table does."""
        link = self.links.get(message.seat)
        if link is None or link.frame is None or message.seat != self.viewer:
            return
        self.send(message.seat, Act(action=f"play {message.card}",
                                    decision=link.frame.decision))

    def on_table_screen_shown(self, message: TableScreen.Shown) -> None:
        if self._table is not None and self._top() is self._table:
            self.advance()

    def on_curtain_screen_lifted(self, message: CurtainScreen.Lifted) -> None:
        frame = self._latest
        if frame is None or frame.model.public.to_act != message.seat or \
                message.seat not in self.my_seats:
            return
        self.viewer = message.seat
        self._looked.add((self._deal, message.seat))
        self.advance()

    def on_curtain_screen_blind_misere(self, message: CurtainScreen.BlindMisere) -> None:
        link = self.links.get(message.seat)
        if link is None or link.frame is None or not self._blind_offered(message.seat):
            return
        self.send(message.seat, Act(action="bid BMIS", decision=link.frame.decision))

    def on_summary_screen_next_deal(self, message: SummaryScreen.NextDeal) -> None:
        frame = self._latest
        if frame is None or frame.model.public.phase != DEAL_OVER:
            return
        deal = frame.model.public.deal_number
        if self._ready_for != deal:
            self._ready_for = deal
            for seat in self.my_seats:
                self.send(seat, Ready())
        if self._summary is not None:
            self._summary.update_ready()

    # ------------------------------------------------------------ the review of a deal

    def _review_seat(self) -> int | None:
        """The seat whose review this screen shows: the one it serves (of several at
        the host's keyboard, the one whose hand was shown last, else the first)."""
        mine = self.my_seats
        if not mine:
            return None
        return self.viewer if self.viewer in mine else mine[0]

    def on_review_wanted(self, message: ReviewWanted) -> None:
        """r on the summary or at the game's end: ask the server for the review of the
        deal (as this seat saw it); it opens when it comes."""
        message.stop()
        seat = self._review_seat()
        if seat is None or self._latest is None:
            return
        if isinstance(self._top(), RemoteReviewScreen):
            return
        self._review_asked = True
        self.send(seat, ReviewAsk(deal=message.index))

    def _review_came(self, link: SeatLink, frame: Review) -> None:
        review = frame.model_copy(update={"review": _clean_review(frame.review)})
        top = self._top()
        if isinstance(top, RemoteReviewScreen):
            top.take(review)
            return
        if not self._review_asked or link.seat != self._review_seat():
            return  # an answer for a review closed meanwhile
        self._review_asked = False
        if review.deal < 0 or review.deal >= review.deals:
            return

        def ask(deal: int, seat: int = link.seat) -> None:
            self.send(seat, ReviewAsk(deal=deal))

        self.push_screen(RemoteReviewScreen(review, self.names, ask))

    def on_summary_screen_end_of_game(self, message: SummaryScreen.EndOfGame) -> None:
        if self._latest is not None and self._latest.model.public.phase == GAME_OVER:
            self._over_shown = True
            if self.tokens is not None:
                self.tokens.drop(self.target)
            self._main_screen(RemoteGameOverScreen())

    def on_game_over_screen_same_players(self, message: GameOverScreen.SamePlayers) -> None:
        self.exit()

    def on_game_over_screen_to_start(self, message: GameOverScreen.ToStart) -> None:
        self.exit()

    def on_lobby_screen_set_seat(self, message: LobbyScreen.SetSeat) -> None:
        seat = next((s for s in self.my_seats if self.links[s].conn.host), None)
        if seat is None:
            self.tell(_("Only the host may change the seats."))
            return
        level: Literal["easy", "normal", "hard"] = \
            "easy" if message.level == "easy" else "hard" if message.level == "hard" else "normal"
        kind: Literal["computer", "remote"] = \
            "computer" if message.kind == "computer" else "remote"
        self.send(seat, SetSeat(seat=message.seat, kind=kind, level=level))

    # ------------------------------------------------------------ global actions

    def action_lobby(self) -> None:
        if self._latest is not None:
            self._show_lobby_overlay()

    def action_rules(self) -> None:
        from five_hundred.ui.screens.info import RulesScreen

        if not isinstance(self.screen, RulesScreen):
            rules = self._latest.model.public.rules if self._latest is not None else None
            self.push_screen(RulesScreen(rules))

    def action_keys(self) -> None:
        from five_hundred.ui.screens.info import KeysScreen

        if not isinstance(self.screen, KeysScreen):
            self.push_screen(KeysScreen())

    def action_score_sheet(self) -> None:
        from five_hundred.ui.screens.summary import ScoreSheetScreen

        if self._latest is not None and not isinstance(self.screen, ScoreSheetScreen):
            self.push_screen(ScoreSheetScreen())

    def action_pace(self, step: int) -> None:
        self.tell(_("The computers' pace is set on the host's table."), "information", 3)

    def action_request_quit(self) -> None:
        from five_hundred.ui.screens.info import ConfirmScreen

        if isinstance(self.screen, ConfirmScreen):
            self.action_leave()
            return
        if self._latest is None or self._over_shown or \
                self._latest.model.public.phase == GAME_OVER:
            self.action_leave()
            return

        def answer(yes: bool | None) -> None:
            if yes:
                self.action_leave()

        question = _("Close the table? The others lose the connection; the game is saved "
                     "after every move: five-hundred host --resume continues it.") \
            if self.host_token is not None else \
            _("Leave the table? Your seat waits for you: run the same five-hundred join "
              "again to take it back.")
        self.push_screen(ConfirmScreen(question), answer)

    def action_leave(self) -> None:
        """Close the connections, then the app."""
        self._leaving = True

        async def close_all() -> None:
            await self.close_connections()
            self.exit()

        self.run_worker(close_all(), group=NET_WORKER)

    async def close_connections(self) -> None:
        """Close every seat's connection (the server keeps the seats for their owners)."""
        self._leaving = True
        for link in list(self.links.values()):
            with contextlib.suppress(Exception):
                await asyncio.wait_for(link.conn.close(), 2)

    def get_system_commands(self, screen: Screen[object]) -> Iterable[SystemCommand]:
        yield SystemCommand(_("Rules"), _("The rules of Five Hundred as played here"),
                            self.action_rules)
        yield SystemCommand(_("Keys"), _("Which key does what"), self.action_keys)
        if self._latest is not None:
            yield SystemCommand(_("Lobby"), _("Who sits where, who is connected (F2)"),
                                self.action_lobby)
            yield SystemCommand(_("Score sheet"), _("Every deal's score"),
                                self.action_score_sheet)
        yield from language_commands(self.set_language)
        yield SystemCommand(_("Quit"), _("Leave the table (your seat waits for you)"),
                            self.action_request_quit)

    # ------------------------------------------------------------ language, colours

    def action_next_language(self) -> None:
        self.set_language(next_language())

    def set_language(self, lang: str) -> None:
        """Switch here at once and ask the server to speak ``lang`` to this screen (its
        next frames bring the names and the log in it)."""
        i18n.set_language(lang)
        self.storage.remember_language(lang)
        for seat in self.my_seats:
            self.send(seat, SetLang(lang=lang))
        if self._latest is not None:
            self.sub_title = " · ".join(house_rules(self._latest.model.public.rules)) or \
                _("no house rules")
        self.redraw_screens()

    def set_four_colours(self, on: bool) -> None:
        from five_hundred.ui.palette import use_four_colours

        use_four_colours(on)
        self.storage.remember_four_colours(on)
        self.redraw_screens()

    def redraw_screens(self) -> None:
        redraw_screens(self)
        self._refresh_line()

    def on_resize(self, event: events.Resize) -> None:
        """Below 80×24 every screen says "enlarge the terminal". With several seats at
        this keyboard, whoever is there once it is large again may not be who saw the
        hand: the hand waits behind a curtain (as at a local table)."""
        small = event.size.width < MIN_WIDTH or event.size.height < MIN_HEIGHT
        for screen in self.screen_stack:
            if isinstance(screen, BaseScreen):
                screen.apply_size(event.size.width, event.size.height)
        if small:
            self._hidden_by_size = True
        elif self._hidden_by_size:
            self._hidden_by_size = False
            if len(self.my_seats) > 1 and self.viewer is not None:
                self.viewer = None
                if self._main() is self._table:
                    self.advance()


__all__ = ["RETRY", "TOKENS_FILE", "Connector", "RemoteApp", "SeatLink", "Target",
           "TokenStore", "clean_lobby", "clean_model", "close_reason", "hello_for"]
