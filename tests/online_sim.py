"""A table of friends online simulated in CPython (docs/NET.md, "Testing: a simulated table"): the host's page
and its friends' pages as objects, the network between them in memory, all of it driven by one seeded
``random.Random`` and a fake clock — so a failure replays exactly from its seed (FoundationDB's simulation
testing; Jepsen's lists of faults).

* :class:`Faults` — what the network does to texts (latency, drops, duplicates, reordering) and to
  connections (lost; the friend's page back later on a new connection, as a reload and a re-invite make).
  :data:`DATA_CHANNEL` is today's protocol's model: a WebRTC data channel delivers a connection's texts
  all, once and in order, late; a connection can be lost. Drops, duplicates and reordering are for a
  protocol that survives them (rooms with reconnection).
* :class:`Network` — the texts in flight, each with the time it arrives.
* :class:`Table` — the host's page (its ``Session``, its ``Host`` behind its ``Lobby``, its bots and its own
  seat, played through the session) and the friends' pages (:class:`Page`: a ``Guest`` per connection, which
  takes its seat in the lobby with the seat's pass the first time and takes it back with its key after).
  Scripted — :meth:`Table.send`
  what the host answered, :meth:`Table.settle` the network, :meth:`Table.lose` a connection,
  :meth:`Table.rejoin` — or random: :meth:`Table.run` plays whole deals with random legal moves, the friends
  answering their own views.

At every step a table checks what the protocol promises (docs/NET.md, "Trust model"): no text to a friend
holds a card that friend may not see yet (another seat's unplayed card, the kitty) nor, before the deal is
over, its seed or another seat's secret; every view sent is the engine's (``Session.view_model`` of the
seat); a friend's page that nothing is on its way to holds exactly the engine's view of its seat; and
(``strict``) no friend's page answers an error or an unfair deal. A failed check raises ``AssertionError``
naming the table to replay (:attr:`Table.replay`).
"""

from __future__ import annotations

import heapq
import itertools
import json
import random
from collections import Counter
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from kingcore.game import Game, Phase
from kingcore.online import (
    Guest,
    Host,
    Lobby,
    Out,
    POut,
    Shuffles,
    answer_text,
    new_secret,
    online_session,
    read_answer,
)
from kingcore.online.room import Ticket, new_room
from kingcore.web import HUMAN, ONLINE, Session

DONE = (Phase.DEAL_OVER, Phase.RUBBER_OVER)
CONTINUE_S = 5.0
"""Seconds the host's page waits at a deal's end for the friends' ``next`` before it deals on anyway."""
START_S = 20.0
"""Seconds the host's page waits for every friend before stand-in bots take the seats not connected."""


class Clock:
    """A clock the simulation (or a test) moves: seconds, from 0."""

    def __init__(self) -> None:
        self.now = 0.0

    def __call__(self) -> float:
        return self.now


@dataclass(frozen=True)
class Faults:
    """What the network does. Texts: ``latency`` (seconds, drawn uniformly between the two), a ``drop`` or
    ``duplicate`` chance each, ``reorder`` (texts of one connection may overtake each other). Connections:
    ``lose``, the chance at each step of :meth:`Table.run` that one friend's connection is lost; the
    friend's page is ``away`` (seconds, drawn uniformly) before it joins again on a new connection; the host
    gives the seat to a stand-in bot meanwhile with the chance ``stand_in`` (else the table waits)."""

    latency: tuple[float, float] = (0.0, 0.0)
    drop: float = 0.0
    duplicate: float = 0.0
    reorder: bool = False
    lose: float = 0.0
    away: tuple[float, float] = (0.5, 15.0)
    stand_in: float = 0.5

    @property
    def reliable(self) -> bool:
        """Whether every text of a connection arrives, once, in order: what today's protocol assumes."""
        return not (self.drop or self.duplicate or self.reorder)


NONE = Faults()
"""A perfect network: every text arrives at once, in order; no connection is lost."""
DATA_CHANNEL = Faults(latency=(0.005, 0.4), lose=0.004)
"""Today's channel: reliable and ordered, late by up to 0.4 s; now and then a friend's connection is lost."""


@dataclass(order=True)
class Text:
    """A text in flight: when it arrives (``at``, then ``order``, the order it was sent in), on which
    connection, which way."""

    at: float
    order: int
    conn: int = field(compare=False)
    to_host: bool = field(compare=False)
    text: str = field(compare=False)


class Network:
    """The texts in flight between the host's page and the friends' pages, faults as ``faults`` says."""

    def __init__(self, rng: random.Random, clock: Clock, faults: Faults) -> None:
        self.rng, self.clock, self.faults = rng, clock, faults
        self.flight: list[Text] = []
        self._order = itertools.count()
        self._last: dict[tuple[int, bool], float] = {}  # each way of each connection: its last arrival

    def send(self, conn: int, to_host: bool, text: str) -> None:
        """Put ``text`` on connection ``conn`` (``to_host``: the friend's page sends it)."""
        f = self.faults
        if self.rng.random() < f.drop:
            return
        for _ in range(2 if self.rng.random() < f.duplicate else 1):
            at = self.clock.now + self.rng.uniform(*f.latency)
            if not f.reorder:  # one way of a connection is a queue
                at = self._last[conn, to_host] = max(at, self._last.get((conn, to_host), 0.0))
            heapq.heappush(self.flight, Text(at, next(self._order), conn, to_host, text))

    def close(self, conn: int) -> None:
        """Connection ``conn`` is gone: what was in flight on it never arrives."""
        self.flight = [t for t in self.flight if t.conn != conn]
        heapq.heapify(self.flight)

    def due(self) -> Text | None:
        """The next text to arrive, or ``None``."""
        return self.flight[0] if self.flight else None

    def bound_for(self, conn: int) -> bool:
        """Whether a text is on its way to the friend's page of connection ``conn``."""
        return any(t.conn == conn and not t.to_host for t in self.flight)


@dataclass
class Page:
    """A friend's page at ``seat``: its :class:`~kingcore.online.Guest` on connection ``conn`` (``None`` while
    the page is away, until ``back``), and what the friend's pages there checked: the deals found fair and
    the deals not checked (a round it was not in); how often its connection was lost."""

    seat: int
    name: str
    guest: Guest | None = None
    ticket: Ticket | None = None  # the way back to the seat, once the host gave its key
    conn: int = -1
    welcomed: bool = False
    back: float | None = None
    answered: int = -1  # the view counter the page's last intent answered: one intent a view
    said_next: int = -1  # the deal whose end the page said ``next`` to
    lost: int = 0  # how many times its connection was lost
    shuffles: Shuffles = field(default_factory=Shuffles)  # the rounds it committed to, kept across connections
    fair: set[int] = field(default_factory=set)
    unchecked: set[int] = field(default_factory=set)


def view_of(session: Session, seat: int) -> Any:
    """``session``'s view model of ``seat`` as a friend's page reads it (JSON and back)."""
    return json.loads(json.dumps(session.view_model(seat)))


def hidden_cards(game: Game, seat: int) -> list[str]:
    """The cards of the deal in play that ``seat`` may not know: other seats' unplayed cards, the kitty."""
    d = game.current
    if d is None or game.phase in DONE:
        return []
    played = {str(c) for _, c in d.plays}
    others = [str(c) for s, hand in enumerate(d.hands) if s != seat for c in hand]
    return [c for c in others + [str(c) for c in d.kitty] if c not in played]


def leaked(game: Game, seat: int, doc: Any) -> list[str]:
    """The hidden cards (:func:`hidden_cards`) a message or view model ``doc`` for ``seat`` holds, but the
    public ones: the draw for dealer's cards (face up, then gathered and shuffled) and a trump caller's
    last card shown to the table."""
    vm = doc.get("vm", doc) if isinstance(doc, dict) else None
    text = json.dumps(doc)
    if isinstance(vm, dict) and "hand" in vm:
        vm = {**vm, "first_dealer": None}
        text = json.dumps({**doc, "vm": vm} if "vm" in doc else vm)
        shown = (vm.get("contract") or {}).get("shown")
        if shown:
            text = text.replace(f'"{shown}"', "")
    return [c for c in hidden_cards(game, seat) if f'"{c}"' in text]


class Table:
    """The host's page and its friends' pages at one table, over a :class:`Network`.

    Args:
        seed: the one source of chance (the rubber's, the network's, every page's secrets and choices).
        players, friends: the table's size and how many seats friends play (random seats; seat 0 is the
            host's own, the others bots at ``"random"``) — or ``levels``, each seat's level.
        names: friends' names by seat (default ``"P<seat>"``); ``options``: the rules' options.
        faults: the network's (:class:`Faults`); ``hints``: the host allows hints.
        mischief: the chance that a friend's page sends a bad intent instead (an illegal or unknown token,
            one answering its previous view, one out of turn): refused, counted in :attr:`refused`.
        tamper: ``(seat, text) -> text``, what reaches a friend instead of the host's text (a cheating host).
        strict: whether a friend's page answering an error or an unfair deal fails the table (default: the
            faults are within the protocol's model and no ``tamper``).
        join: every friend joins at once (the network settled).

    Attributes:
        host, session, game, clock, net, pages (by seat); log: every text the host sent a friend,
        ``(seat, text)``; heard: every text the host received after a hello, with its answer, ``(seat,
        text, outs)``; answers: every friend page's answer, ``(seat, answer)``; refused: the reasons
        friends were refused, counted; events: what happened, counted (``lost``, ``stand_in``, ``rejoined``,
        ``checked``: the views found equal to the engine's).
    """

    def __init__(self, seed: int = 0, players: int = 4, friends: int = 2, *, levels: list[str] | None = None,
                 names: dict[int, str] | None = None, options: dict[str, Any] | None = None,
                 faults: Faults = NONE, hints: bool = False, mischief: float = 0.0,
                 tamper: Callable[[int, str], str] | None = None, strict: bool | None = None,
                 join: bool = True) -> None:
        table = f"players={players}, friends={friends}" if levels is None else f"levels={levels}"
        self.replay = (f"Table({seed}, {table}, names={names}, options={options}, faults={faults}, hints={hints}, "
                       f"mischief={mischief}{', tamper=…' if tamper else ''}, join={join})")
        """The call that makes this table again, to replay a failure step by step."""
        self.rng = random.Random(seed)
        if levels is None:
            online = self.rng.sample(range(1, players), friends)
            levels = [HUMAN if s == 0 else ONLINE if s in online else "random" for s in range(players)]
        self.clock = Clock()
        self.faults, self.mischief, self.tamper = faults, mischief, tamper
        self.strict = faults.reliable and tamper is None if strict is None else strict
        self.session = online_session({"players": len(levels), **(options or {})}, {"levels": levels}, self.rng)
        self.host = Host(self.session, clock=self.clock, hints=hints)
        self.lobby = Lobby(self.host, new_room(len(levels), self.rng.randbytes), self.clock, self.rng.randbytes)
        self.asked: set[Any] = set()  # the connections whose page asked for its seat
        self.net = Network(self.rng, self.clock, faults)
        self.pages = {s: Page(s, (names or {}).get(s, f"P{s}")) for s in self.host.online_seats}
        self.log: list[tuple[int, str]] = []
        self.heard: list[tuple[int, str, list[Out]]] = []
        self.answers: list[tuple[int, dict[str, Any]]] = []
        self.refused: Counter[str] = Counter()
        self.events: Counter[str] = Counter()
        self._conns = itertools.count()
        self._started = False  # the host's page began the game (its first fair round)
        self._driving = False  # run() plays: the host's page deals as soon as a fair round is complete
        self._next_tick = 1.0
        self._over_at: float | None = None  # when the host's page saw the last deal's end
        self._engine: dict[int, tuple[Any, Any]] = {}  # seat → (the session's state, its view then)
        if join:
            for seat in self.pages:
                self.rejoin(seat)
            self.settle()

    @property
    def game(self) -> Game:
        return self.session.game

    def guest(self, seat: int) -> Guest:
        """The ``Guest`` of the friend's page at ``seat`` now."""
        g = self.pages[seat].guest
        if g is None:
            raise AssertionError(f"seat {seat}'s page is away — replay: {self.replay}")
        return g

    def fail(self, what: str) -> AssertionError:
        return AssertionError(f"{what} — replay: {self.replay}")

    # ----- the host's page ---------------------------------------------------------------------------------

    def send(self, outs: list[Out]) -> None:
        """What the host answered, sent through its lobby (:meth:`Lobby.send`: to the connection of each seat)."""
        self.send_to(self.lobby.send(outs))

    def send_to(self, outs: list[POut]) -> None:
        """What the host's lobby answered, sent: each text checked and put on its connection; ``(peer, None)``
        closes it (the friend's page is away)."""
        for peer, text in outs:
            page = next((p for p in self.pages.values() if str(p.conn) == peer), None)
            if page is None:
                raise self.fail(f"the host sent to connection {peer}, which no page has")
            if text is None:
                if page.guest is not None:
                    self.lose(page.seat, closed=True)
                continue
            self._check_text(page.seat, text)
            self.log.append((page.seat, text))
            if page.guest is not None:
                self.net.send(page.conn, False, text)

    def changed(self) -> None:
        """The host's page changed the session: the views that changed (and a deal's end) sent."""
        self.send_to(self.lobby.changed())

    def post(self, outs: list[Out]) -> list[dict[str, Any]]:
        """:meth:`send` ``outs``, then :meth:`settle`: the friends' pages' answers."""
        self.send(outs)
        return self.settle()

    def _check_text(self, seat: int, text: str) -> None:
        doc = json.loads(text)
        bad = leaked(self.game, seat, doc)
        if bad:
            raise self.fail(f"seat {seat} was sent {bad} before the deal was over: {text[:200]}")
        if doc["kind"] == "view" and doc["vm"] != self.engine_view(seat):
            raise self.fail(f"the view sent to seat {seat} is not the engine's")
        game, r = self.game, self.host._round
        if game.phase not in DONE and r is None and game.deals:
            fair = self.host._done_rounds.get(len(game.deals))
            if fair is not None and (fair["seed"] in text or [x for s, x in enumerate(fair["secrets"])
                                                                if x and s != seat and x in text]):
                raise self.fail(f"seat {seat} was sent the deal's seed or another seat's secret before its end")

    def _at_host(self, t: Text) -> None:
        page = next(p for p in self.pages.values() if p.conn == t.conn)
        before = self.session.to_save()
        seated = self.lobby.seat_of(str(t.conn)) is not None
        outs = self.lobby.receive(str(t.conn), t.text)
        if seated:
            self.heard.append((page.seat, t.text, [(page.seat, text) for _, text in outs]))
        refused = [text for _, text in outs if text is not None and '"kind":"refused"' in text]
        if refused and self.session.to_save() != before:
            raise self.fail(f"a refused text of seat {page.seat} changed the host's session: {t.text[:200]}")
        if refused and not seated and self.strict:
            raise self.fail(f"the host's lobby refused seat {page.seat}'s page: {refused}")
        self.send_to(outs)
        if self._driving:
            self._round()

    def _round(self) -> None:
        """The host's page deals as soon as the fair round is complete."""
        if self.host.dealt is not None:
            self.send(self.host.deal())

    def deal(self) -> None:
        """The next deal's fair round begun (the host's page's *Continue*) and settled, the deal made and its
        views settled."""
        self._started = True
        self.post(self.host.start_deal(new_secret(self.rng.randbytes)))
        self.post(self.host.deal())

    def host_move(self) -> bool:
        """A random legal move by the host's page for the seat to move, if the host's page plays it (its own
        seat, a bot's, a stand-in's); whether it moved."""
        seat = self.game.to_move
        if seat is None or (self.session.settings["levels"][seat] == ONLINE and self.host.bot_level(seat) is None):
            return False
        moves = self.game.legal_moves()
        answer = self.session.apply(str(moves[int(self.rng.random() * len(moves))]), seat)
        if not answer["ok"]:
            raise self.fail(f"the engine refused its own legal move: {answer}")
        self.changed()
        return True

    # ----- the friends' pages ------------------------------------------------------------------------------

    def rejoin(self, seat: int) -> None:
        """The friend at ``seat`` opens the host's link on a new connection (the first time through a hand-made
        invite's answer code, taken by the host's page as *Connect* does): a new ``Guest`` in the host's lobby,
        which takes the seat with the invite's pass, or takes it back with the seat's key (:attr:`Page.ticket`)."""
        page = self.pages[seat]
        if page.ticket is None:
            tag = read_answer(answer_text("sdp", self.lobby.invite(seat)))[1]
            why = self.lobby.take_answer(seat, tag)
            if why is not None:
                raise self.fail(f"seat {seat}'s answer refused: {why}")
            self.lobby.answer_done(seat, ok=True)
        self.events["rejoined" if page.conn >= 0 else "joined"] += 1
        page.conn, page.back, page.welcomed, page.answered = next(self._conns), None, False, -1
        page.guest = Guest(self.clock, self.rng.randbytes, room=self.lobby.room_id, shuffles=page.shuffles)
        self.send_to(self.lobby.connect(str(page.conn)))

    def lose(self, seat: int, stand_in: bool | None = None, closed: bool = False) -> list[POut]:
        """The connection of ``seat`` is lost (or the host closed it, ``closed``): the friend's page is away (back
        after :attr:`Faults.away`), the host's page lets the seat go (``Lobby.lost``, whose answer this
        returns) and gives it to a stand-in bot (``stand_in``; default: by chance, :attr:`Faults.stand_in`)
        or waits."""
        page = self.pages[seat]
        self.net.close(page.conn)
        page.guest, page.welcomed = None, False
        page.back = self.clock.now + self.rng.uniform(*self.faults.away)
        self.events["lost"] += 1
        page.lost += 1
        left = [] if closed else self.lobby.lost(str(page.conn))
        self.send_to(left)
        if self.rng.random() < self.faults.stand_in if stand_in is None else stand_in:
            self.send_to(self.lobby.stand_in(seat))
            self.events["stand_in"] += 1
        self.changed()
        return left

    def _at_page(self, t: Text) -> None:
        page = next((p for p in self.pages.values() if p.conn == t.conn), None)
        if page is None or page.guest is None:
            return
        got = page.guest.receive(self.tamper(page.seat, t.text) if self.tamper else t.text)
        self.answers.append((page.seat, got))
        shown = got.get("view")
        bad = leaked(self.game, page.seat, shown) if shown and shown["deal"] == len(self.game.deals) else []
        if bad:  # (a view the host sent was checked as it was sent: this is what the page holds)
            raise self.fail(f"seat {page.seat}'s page holds {bad} before the deal is over")
        if self.strict and ("error" in got or "unfair" in got or "unshuffled" in got):
            raise self.fail(f"seat {page.seat}'s page answered {got}")
        if "lobby" in got and page.conn not in self.asked:  # the page takes its seat (once a connection, as the
            self.asked.add(page.conn)  # page does: a later lobby only redraws a join screen): back with its key,
            g = page.guest  # or with the seat's pass the first time
            pass_ = self.lobby.room["passes"][page.seat] if got["lobby"]["reserved"][page.seat] else None
            self.net.send(page.conn, True, g.back(page.ticket) if page.ticket else g.take(page.seat, page.name, pass_))
        if got.get("key"):
            page.ticket = page.guest.ticket(page.name)
        for key in ("commit", "reveal"):
            if key in got:
                self.net.send(page.conn, True, got[key])
        if "refused" in got:
            self.refused[got["refused"]["reason"]] += 1
        page.welcomed = page.welcomed or "welcome" in got
        page.fair.update(got.get("fair", ()))
        if got.get("checked") is False:
            page.unchecked.add(got["dealt"])

    def may_move(self, page: Page) -> bool:
        """Whether the friend's ``page`` has something to say: its turn in a view it has not answered yet, or
        a deal's end it has not said ``next`` to."""
        g = page.guest
        vm = g.vm if g is not None else None
        return (g is not None and vm is not None and page.welcomed
                and ((vm["my_turn"] and page.answered != g.at) or (vm["phase"] == "deal_over"
                                                                   and page.said_next != vm["deal"])))

    def page_move(self, page: Page) -> bool:
        """The friend's ``page`` answers its own view (:meth:`may_move`): a random legal move on its turn (or,
        by :attr:`mischief`, a bad intent), ``next`` at a deal's end; whether it did."""
        if not self.may_move(page):
            return False
        g, vm = page.guest, page.guest.vm if page.guest is not None else None
        assert g is not None and vm is not None
        if vm["my_turn"] and page.answered != g.at:
            page.answered = g.at
            tokens = [c["card"] for c in vm["hand"] if c["legal"]] + [m["token"] for m in vm["moves"]]
            if self.rng.random() < self.mischief:
                text = self._mischief(page, tokens)
            else:
                text = g.intent(tokens[int(self.rng.random() * len(tokens))])
        else:
            page.said_next = vm["deal"]
            text = g.next()
        self.net.send(page.conn, True, text)
        return True

    def _mischief(self, page: Page, tokens: list[str]) -> str:
        """A bad intent in place of the page's move (which it makes again after): an illegal or unknown token,
        one answering the view before its last one, or — the page sending a ``ping`` meanwhile — another
        friend's intent out of turn."""
        g = page.guest
        assert g is not None
        page.answered = -1
        pick = self.rng.random()
        if pick < 0.4:
            return g.intent(self.rng.choice(["2C", "AS", "XX", "pass", "trump:Q", "bid:99", "", "QS QS"]))
        if pick < 0.7:
            g.at -= 1
            try:
                return g.intent(self.rng.choice(tokens))
            finally:
                g.at += 1
        other = next((p for p in self.pages.values() if p is not page and p.guest is not None and p.welcomed), None)
        if other is not None and other.guest is not None:
            self.net.send(other.conn, True, other.guest.intent(self.rng.choice(tokens)))
        return g.ping()

    # ----- the network and the checks -----------------------------------------------------------------------

    def deliver(self) -> bool:
        """The next text in flight arrives (the clock moves to its time); whether there was one."""
        t = self.net.due()
        if t is None:
            return False
        heapq.heappop(self.net.flight)
        self.clock.now = max(self.clock.now, t.at)
        if t.to_host:
            self._at_host(t)
        else:
            self._at_page(t)
        return True

    def settle(self) -> list[dict[str, Any]]:
        """Every text in flight delivered, and what each answers, until the network is quiet, each step
        checked; the friends' pages' answers meanwhile."""
        first = len(self.answers)
        while self.deliver():
            self.check()
        return [got for _, got in self.answers[first:]]

    def check(self) -> None:
        """Each friend's page that nothing is on its way to holds the engine's view of its seat (a page's
        view is checked for hidden cards as it arrives, :meth:`_at_page`)."""
        for seat, page in self.pages.items():
            vm = page.guest.vm if page.guest is not None else None
            if vm is None or not page.welcomed or self.net.bound_for(page.conn):
                continue
            if vm != self.engine_view(seat):
                raise self.fail(f"seat {seat}'s page shows another view than the engine's")
            self.events["checked"] += 1

    def engine_view(self, seat: int) -> Any:
        """``Session.view_model(seat)`` now, as JSON reads it back; made again whenever the session's state —
        its deal, calls and cards played, phase and settings — is another than when last made."""
        state = (self.session.ply, self.game.phase, json.dumps(self.session.settings, sort_keys=True))
        known = self._engine.get(seat)
        if known is None or known[0] != state:
            known = self._engine[seat] = (state, view_of(self.session, seat))
        return known[1]

    # ----- whole deals at random ---------------------------------------------------------------------------

    def deals_over(self) -> int:
        """The deals played to their end."""
        return len(self.game.deals) - (self.game.phase not in DONE and bool(self.game.deals))

    def run(self, deals: int | None = None, until: Callable[[], bool] | None = None, steps: int = 200_000) -> None:
        """Play on at random until ``deals`` more deals are over (``None``: the rubber) or ``until()``, each step
        checked, then settle: the network delivers, the host's page deals and plays its seats, the friends'
        pages answer their views, connections are lost and come back (:class:`Faults`), the host's page ticks
        every second.

        Raises:
            AssertionError: a check failed, or ``steps`` steps made no end (naming the table to replay).
        """
        goal = None if deals is None else self.deals_over() + deals
        self._driving = True
        self._started = self._started or bool(self.game.deals)  # a deal made by a script: the game began
        try:
            for _ in range(steps):
                if self.session.over or (goal is not None and self.deals_over() >= goal) or (until and until()):
                    break
                self.step()
            else:
                raise self.fail(f"{steps} steps and the deals are not over")
        finally:
            self._driving = False
        self.settle()

    def step(self) -> None:
        """One thing happens now — or, when nothing can, the clock moves on to the next thing that will."""
        actions = self._actions()
        if not actions:
            due = self.net.due()
            times = [self._next_tick, *(p.back for p in self.pages.values() if p.back is not None)]
            self.clock.now = max(self.clock.now, min(times + ([due.at] if due is not None else [])))
            actions = self._actions()
        if actions:
            self.rng.choice(actions)()
            self.clock.now += self.rng.uniform(0.0, 0.05)
            self.check()

    def _actions(self) -> list[Callable[[], object]]:
        now, host = self.clock.now, self.host
        out: list[Callable[[], object]] = []
        due = self.net.due()
        if due is not None and due.at <= now:
            out.append(self.deliver)
        if now >= self._next_tick:
            out.append(self._tick)
        if self.rng.random() < self.faults.lose:
            connected = [p.seat for p in self.pages.values() if p.guest is not None]
            if connected:
                out.append(lambda: self.lose(self.rng.choice(connected)))
        out += [lambda seat=p.seat: self.rejoin(seat) for p in self.pages.values()
                if p.back is not None and p.back <= now]
        out += [lambda p=p: self.page_move(p) for p in self.pages.values() if self.may_move(p)]
        if host.need_deal() and self._may_deal():
            out.append(self._continue)
        elif self.game.to_move is not None and host.dealt is None and self._host_plays():
            out.append(self.host_move)
        return out

    def _host_plays(self) -> bool:
        seat = self.game.to_move
        return seat is not None and (self.session.settings["levels"][seat] != ONLINE
                                     or self.host.bot_level(seat) is not None)

    def _may_deal(self) -> bool:
        now, host = self.clock.now, self.host
        if not self._started:  # the first deal: once every friend is in, or stand-ins for those who are not
            return host.all_connected() or now >= START_S
        if self.game.phase in DONE:
            if self._over_at is None:
                self._over_at = now
            return set(host.ready()) >= set(host.guests) or now >= self._over_at + CONTINUE_S
        return True

    def _continue(self) -> None:
        if self.game.phase in DONE:  # the host's Continue: every friend said ``next``, or the host went on
            self.events["all_ready" if set(self.host.ready()) >= set(self.host.guests) else "not_all_ready"] += 1
        if not self._started:
            for seat in self.host.online_seats:
                if seat not in self.host.guests:
                    self.send_to(self.lobby.stand_in(seat))
                    self.events["stand_in"] += 1
            self._started = True
            self.changed()
        self._over_at = None
        self.send(self.host.start_deal(new_secret(self.rng.randbytes)))
        self._round()

    def _tick(self) -> None:
        self._next_tick = self.clock.now + 1.0
        self.send_to(self.lobby.tick())
        self._round()
