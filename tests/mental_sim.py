"""A mental-poker table of friends online simulated in CPython (docs/NET.md "The mental table"): the host's page
(:class:`~kingcore.online.mentaltable.MentalTable` over its ``Lobby`` and ``Host``) and the friends' pages
(:class:`~kingcore.online.mentaltable.MentalGuest`, one per connection) over the network of
:mod:`online_sim` — latency, lost connections, the friend back on a new connection — driven by one seeded
``random.Random`` and a fake clock, so a failure replays from its seed.

At every step it checks what the design promises:

* no page — the host's included — knows another person's unplayed card: not in the clear
  (``MentalPage.known_cards``), not by holding that person's page's key for it (``keys_held``), not in any text it
  received or relayed (a key of a page for a position dealt to that page's seat); the host's page holds its
  bots' cards and a stand-in's, a friend's page nobody's but its own;
* every page's own seats' view models are those of a game holding every real hand, at the moment its stand-in
  shows (``Session.view_model``);
* the host sends no ``view`` and no ``record`` of a deal in play;
* (``strict``) nobody says a cheat, a refusal or a stand-in that fits no deal.

At the end (:meth:`MentalSim.finish`): every deal was audited on every page of its round (unless that page was
lost before it could), and every friend's page here has the host's score sheet.
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

from online_sim import DATA_CHANNEL, NONE, Clock, Faults, Network, Text

from kingcore.cards import Card
from kingcore.game import Phase
from kingcore.moves import Move
from kingcore.notation import loads
from kingcore.online import Guest, Host, Lobby, POut, answer_text, online_session, read_answer
from kingcore.online.deal.blind import fork
from kingcore.online.deal.memory import Memory
from kingcore.online.deal.mental import Event, MentalPage
from kingcore.online.deal.shuffle import open_position
from kingcore.online.deal.standin import StandIn
from kingcore.online.mentaltable import MentalGuest, MentalTable
from kingcore.online.room import Ticket, new_room
from kingcore.view import SeatView
from kingcore.web import HUMAN, ONLINE, Session

__all__ = ["DATA_CHANNEL", "NONE", "Faults", "Friend", "MentalSim"]

BAD = ("cheat", "refused", "no_world", "stalled", "stood_in")
DONE = (Phase.DEAL, Phase.DEAL_OVER, Phase.RUBBER_OVER)


@dataclass
class Friend:
    """A friend's page at ``seat``: its :class:`MentalGuest` on connection ``conn`` (``None`` while away, until
    ``back``), and every mental guest it had (a new one per connection)."""

    seat: int
    name: str
    mg: MentalGuest | None = None
    ticket: Ticket | None = None
    conn: int = -1
    back: float | None = None
    lost: int = 0
    all: list[MentalGuest] = field(default_factory=list)
    audited: dict[int, set[int]] = field(default_factory=dict)  # id(mental guest) → the deals it audited


def tokens(vm: Any) -> list[str]:
    """The moves a view model offers."""
    return [c["card"] for c in vm["hand"] if c["legal"]] + [m["token"] for m in vm["moves"]]


class MentalSim:
    """The host's page and its friends' pages at one mental-poker table.

    Args:
        seed: the one source of chance.
        players, friends: the table's size and how many seats friends play (random seats; seat 0 is the host's
            own, the others bots at ``"random"``).
        options: the rules' options; ``faults``: the network's.
        tamper: ``(sender seat, text) -> text``: what a friend's page at that seat sends instead (a cheat).
        relay: ``(to seat, text) -> text``: what reaches a friend instead of the host's text (a cheating host).
        strict: whether a cheat, a refusal or a stand-in fitting no deal fails the table (default: no tamper).
        prefer: a move token every page chooses when it is legal (e.g. ``trump:last-card``).
        warmup: deals played before the table opens (its friends' pages join a rubber under way: the game so far
            from the host's record).
        turn_limit: the lobby's (``None``: none).
        stand_in: the stand-in bots' level (the host's ``settings["stand_in"]``; ``None``: the default).

    Attributes:
        reload: whether a friend's page back on a new connection was reloaded (its memory of the table read back
            from its storage's text) rather than kept open.
        asleep: the seats whose friends do not move (their pages still do their part, and play a stand-in bot when
            the host gives the seat one).
        lingering: the seats whose people (the host's own, seat 0, too) do not leave a deal's result (*Continue*);
            every other person leaves it at some step once the table waits for them.
        owe: whether each friend's page sends the ``next`` it owes (:meth:`MentalGuest.next_owed`) after each text
            it reads, as web/king/guest.py does (the default: without it a table whose host's page reloaded mid-deal
            waits for ever on a friend's page that left the last result before the reload).
        kept_went_on: whether the host's page reloaded gets back who had left the last result (its memory's
            ``went_on``, as web/king/netmental.py gives it; the default) — else it waits for every friend's ``next``.
        started: whether the host's page's bots' loop plays (web/king/net.py ``Online.started``): held from its
            reload until the table waits for no one — a friend seated when every other is back (``seated``), or
            the host's choice for a seat (:meth:`stand_in`, :meth:`give_seat`) asking ``Host.goes_on``, as
            ``Online.resume`` does; meanwhile no bot's or stand-in's move of the host's page is made.
        resumes: whether the host's choice for a seat asks ``Host.goes_on`` (the default, as the page does; off, the
            page's freeze before ``Online.resume``: a seat given away after the host's reload, its stand-in never
            moving).
    """

    def __init__(self, seed: int = 0, players: int = 4, friends: int = 2, *, options: dict[str, Any] | None = None,
                 faults: Faults = NONE, tamper: Callable[[int, str], str] | None = None,
                 relay: Callable[[int, str], str] | None = None, strict: bool | None = None,
                 prefer: str = "", warmup: int = 0, turn_limit: float | None = None,
                 stand_in: str | None = None) -> None:
        self.replay = f"MentalSim({seed}, {players}, {friends}, options={options}, faults={faults})"
        self.rng = random.Random(seed)
        online = self.rng.sample(range(1, players), friends)
        levels = [HUMAN if s == 0 else ONLINE if s in online else "random" for s in range(players)]
        self.clock = Clock()
        self.faults, self.tamper, self.relay, self.prefer = faults, tamper, relay, prefer
        self.strict = tamper is None and relay is None if strict is None else strict
        settings: dict[str, Any] = {"levels": levels, **({"stand_in": stand_in} if stand_in else {})}
        session = online_session({"players": players, **(options or {})}, settings, self.rng)
        if warmup:
            session.game.draw_dealer(self.rng)
            session.game.autoplay(self.rng, deals=warmup)
        self.host = Host(session, clock=self.clock)
        self.lobby = Lobby(self.host, new_room(players, self.rng.randbytes), self.clock, self.rng.randbytes,
                           turn_limit=turn_limit, wall=self.clock)
        self.asleep: set[int] = set()
        self.lingering: set[int] = set()
        self.reload = False
        self.owe = True
        self.kept_went_on = True
        self.started = True
        self.resumes = True
        self.lobby_events: list[tuple[str, int]] = []  # what the lobby said happened (``Lobby.events``), in order
        self.table = MentalTable(self.lobby, self.rng.randbytes)
        self.net = Network(self.rng, self.clock, faults)
        self.friends = {s: Friend(s, f"P{s}") for s in self.host.online_seats}
        self.events: list[tuple[int, Event]] = []  # (seat of the page — the host's: -1 —, event)
        self.counts: Counter[str] = Counter()
        self.rounds: dict[int, list[int]] = {}  # deal → the pages of the round the host's page audited it in
        self._playing: dict[int, list[int]] = {}  # deal → the pages of its last round seen under way
        self._next_tick = 1.0
        self._truth: dict[tuple[int, int, int], dict[int, int]] = {}  # round → position → card
        self._shown: dict[int, tuple[Any, ...]] = {}  # id(page) → what its stand-in showed when last checked
        self._refs: dict[int, tuple[Any, ...]] = {}  # id(page) → its last real game (:func:`reference`)
        for seat in self.friends:
            self.rejoin(seat)
        self.settle()

    @property
    def page(self) -> MentalPage:
        """The host's mental page."""
        return self.table.page

    def fail(self, what: str) -> AssertionError:
        return AssertionError(f"{what} — replay: {self.replay}")

    # ----- the host's page -----------------------------------------------------------------------------------

    def send_to(self, outs: list[POut]) -> None:
        """What the host's page answered: each text checked and put on its connection; ``None`` closes it."""
        for peer, text in outs:
            friend = next((f for f in self.friends.values() if str(f.conn) == peer), None)
            if friend is None:
                raise self.fail(f"the host sent to connection {peer}, which no page has")
            if text is None:
                if friend.mg is not None:
                    self.lose(friend.seat, closed=True)
                continue
            self._check_host_text(friend.seat, text)
            if friend.mg is not None:
                self.net.send(friend.conn, False, text)
        self._host_events()
        for what, seat in self.lobby.events():  # (web/king/net.py ``Online.seated``: the last friend awaited back)
            self.lobby_events.append((what, seat))
            if what == "seated" and not self.started and self.host.none_awaited():
                self.started = True

    def _host_events(self) -> None:
        for e in self.table.events():
            self.events.append((-1, e))
            self.counts[e.kind] += 1
            if e.kind == "audited":
                self.rounds[e.deal] = self._playing[e.deal]
            if e.kind in ("dealt", "audited"):  # (a deal in play, its stand-in dealt; or just audited)
                saved = loads(json.loads(self.table.save())["record"])
                if len(saved.deals) != len(self.page.game.deals) or saved.phase not in DONE:
                    raise self.fail("the host's save holds a deal in play")
        r = self.page.round
        if r is not None and r.state not in ("done", "annulled"):
            self._playing[r.deal] = list(r.pages)  # (the next round may start in the call that ends this one)

    def reload_host(self, reading: bool = False) -> None:
        """The host's page reloads between deals: its table restored from its save, its room and its rounds and
        checks from its storage (as web/king/net.py and netmental.py do) — and (``reading``) the last result its
        person had not left, as the page keeps it —; every friend's page, kept open, loses its connection and takes
        its seat back on a new one, its person's place carried over (``GuestMental(earlier)``)."""
        save, room = self.table.save(), self.lobby.saved()
        memory = self.table.memory()
        if not reading:
            memory.reading = 0
        kept = Memory.from_text(memory.to_text(), self.host.table)
        self.host = Host(Session.from_save(save), clock=self.clock)
        self.lobby, problem = Lobby.reopen(self.host, room, self.clock, self.rng.randbytes,
                                           turn_limit=self.lobby.turn_limit, wall=self.clock)
        assert problem is None, problem
        self.table = MentalTable(self.lobby, self.rng.randbytes, rounds=kept.rounds, checks=kept.checks,
                                 reading=kept.reading, went_on=kept.went_on if self.kept_went_on else None)
        self.started = False  # (its bots' loop held until the table waits for no one)
        left: dict[int, int] = {}
        for f in self.friends.values():
            if f.mg is not None:
                self.net.close(f.conn)
                left[f.seat], f.mg = f.mg.person_left, None
        for seat, deal in left.items():
            self.rejoin(seat)
            mg = self.friends[seat].mg
            assert mg is not None
            mg.person_left = deal

    def host_move(self) -> bool:
        """The host's page moves for the seat it holds, if any: its person from its view model (when it offers a
        move), a bot or a stand-in from the seat's view."""
        seat = self.table.to_move()
        if seat is None or (not self.started and self.table.player(seat) != HUMAN):  # (its bots' loop held)
            return False
        if self.table.player(seat) == HUMAN:
            legal = tokens(self.table.view_model(seat))
            if not legal:
                return False
        else:
            view = self.page.view(seat)
            legal = list(view.legal)
            if not self.table.standin.behind:  # what the host's bots' worker gets: the stand-in's view of the seat
                asked = json.loads(self.table.session.bot_request(seat))
                if SeatView.from_dict({k: v for k, v in asked.items() if k != "past"}) != view:
                    raise self.fail(f"the host's bots would see another view of seat {seat} than its page's")
                self.counts["bot_views"] += 1
        self.send_to(self.table.move(seat, self._choose(legal)))
        return True

    def _choose(self, legal: list[str]) -> str:
        return self.prefer if self.prefer in legal else legal[int(self.rng.random() * len(legal))]

    # ----- the friends' pages --------------------------------------------------------------------------------

    def give_seat(self, seat: int, name: str) -> None:
        """The host gives ``seat`` to someone else (``free``: a stand-in keeps it); the device at it is now
        ``name``'s, holding no key of the seat (its next :meth:`rejoin` takes it as a newcomer)."""
        self.send_to(self.table.free(seat))
        self.friends[seat].ticket, self.friends[seat].name = None, name
        self.resume()

    def stand_in(self, seat: int, on: bool = True) -> None:
        """The host's choice for an away seat: *A bot plays until they are back* (``on``), or *Wait*."""
        self.send_to(self.table.stand_in(seat, on))
        self.resume()

    def resume(self) -> None:
        """After the host's choice for a seat, its page's game held since its reload goes on when the table waits
        for no one (``Host.goes_on``, as web/king/net.py ``Online.resume``) — unless :attr:`resumes` is off."""
        if self.resumes and self.host.goes_on(self.started):
            self.started = True

    def rejoin(self, seat: int) -> None:
        """The friend at ``seat`` opens the host's link on a new connection (the first time with an invite's pass,
        then with its key): a new ``Guest`` and a new ``MentalGuest``."""
        f = self.friends[seat]
        if f.ticket is None:
            tag = read_answer(answer_text("sdp", self.lobby.invite(seat)))[1]
            assert self.lobby.take_answer(seat, tag) is None
            self.lobby.answer_done(seat, ok=True)
        f.conn, f.back = next(_conns), None
        memory = f.all[-1].memory if f.all else None  # the same page: what it remembers of the table so far
        if memory is not None and self.reload:  # read back from its storage
            memory = Memory.from_text(memory.to_text(), memory.table)
        left = f.all[-1].leaving() if f.all else []  # (the page kept open: what its earlier connection heard)
        f.mg = MentalGuest(Guest(self.clock, self.rng.randbytes, room=self.lobby.room_id), self.rng.randbytes,
                           self.clock, memory, left if not self.reload else [])
        f.all.append(f.mg)
        self.counts["joined"] += 1
        self.send_to(self.table.connect(str(f.conn)))

    def lose(self, seat: int, closed: bool = False) -> None:
        """The connection of ``seat`` is lost: its page is away until ``back``; the host's page lets it go and, by
        chance (:attr:`Faults.stand_in`), gives the seat to a stand-in bot meanwhile."""
        f = self.friends[seat]
        self.net.close(f.conn)
        f.mg, f.lost = None, f.lost + 1
        f.back = self.clock.now + self.rng.uniform(*self.faults.away)
        self.counts["lost"] += 1
        if not closed:
            self.send_to(self.table.lost(str(f.conn)))
        if self.rng.random() < self.faults.stand_in:
            self.stand_in(seat)
            self.counts["stand_in"] += 1

    def close_tab(self, seat: int) -> None:
        """The friend at ``seat`` closes their page's tab for good: it says goodbye (its channel closed:
        :meth:`MentalTable.closing`, the seat *reconnecting* on every page) and never comes back; its connection's
        loss, the heartbeat's seconds later, is the caller's (:meth:`MentalTable.lost`)."""
        f = self.friends[seat]
        self.send_to(self.table.closing(str(f.conn)))
        self.net.close(f.conn)
        f.mg, f.back = None, None

    def _at_friend(self, t: Text) -> None:
        f = next((x for x in self.friends.values() if x.conn == t.conn), None)
        if f is None or f.mg is None:
            return
        text = self.relay(f.seat, t.text) if self.relay else t.text
        mg = f.mg
        got, out = mg.receive(text)
        if "mp" in got and mg.page is not None:
            self._check_text(mg.page, got["mp"]["from"], got["mp"]["text"])
        if "lobby" in got:
            g = mg.guest
            pass_ = self.lobby.room["passes"][f.seat] if got["lobby"]["reserved"][f.seat] else None
            self.net.send(f.conn, True, g.back(f.ticket) if f.ticket else g.take(f.seat, f.name, pass_))
        if got.get("key"):
            f.ticket = mg.guest.ticket(f.name)
        if self.strict and "error" in got:
            raise self.fail(f"seat {f.seat}'s page answered {got}")
        owed = mg.next_owed() if self.owe else None
        self._send(f, out + ([owed] if owed is not None else []))

    def _send(self, f: Friend, texts: list[str]) -> None:
        assert f.mg is not None
        for e in f.mg.events():
            self.events.append((f.seat, e))
            self.counts[e.kind] += 1
            if e.kind == "audited":
                f.audited.setdefault(id(f.mg), set()).add(e.deal)
        for text in texts:
            self.net.send(f.conn, True, self.tamper(f.seat, text) if self.tamper else text)

    def friend_move(self, f: Friend) -> bool:
        """The friend's page moves on its turn: a random legal move its own view model offers (from the blind
        deal's view when no stand-in fits)."""
        mg = f.mg
        if mg is None or not mg.my_turn():
            return False
        vm = mg.view_model()
        assert vm is not None and mg.page is not None and mg.standin is not None
        bot = f.seat in self.asleep
        if bot and not mg.stand_in():
            return False
        legal = list(mg.page.view(f.seat).legal) if mg.standin.broken or bot else tokens(vm)
        if not legal:
            return False
        self._send(f, mg.move(self._choose(legal), bot=bot))
        self.counts["stand_in_moves" if bot else "friend_moves"] += 1
        return True

    # ----- the network, the clock and the run ----------------------------------------------------------------

    def deliver(self) -> bool:
        t = self.net.due()
        if t is None:
            return False
        heapq.heappop(self.net.flight)
        self.clock.now = max(self.clock.now, t.at)
        if t.to_host:
            self._check_text(self.page, -1, t.text)
            self.send_to(self.table.receive(str(t.conn), t.text))
            assert not self.host.relayed  # every mp text taken by the mental table
        else:
            self._at_friend(t)
        return True

    def settle(self) -> None:
        while self.deliver():
            self.check()

    def tick(self) -> None:
        self._next_tick = self.clock.now + 1.0
        self.send_to(self.table.tick())
        for f in self.friends.values():
            if f.mg is not None:
                self._send(f, f.mg.tick())

    def run(self, deals: int | None = None, until: Callable[[], bool] | None = None, steps: int = 100_000,
            settle: bool = True) -> None:
        """Play on until ``deals`` more deals are audited on the host's page (``None``: the rubber) or ``until()``,
        each step checked, then (``settle``) deliver every text in flight."""
        goal = None if deals is None else len(self.page.audits) + deals
        for _ in range(steps):
            if self.page.game.phase is Phase.RUBBER_OVER or (goal is not None and len(self.page.audits) >= goal) \
                    or (until is not None and until()):
                break
            self.step()
        else:
            raise self.fail(f"{steps} steps and the deals are not over")
        if settle:
            self.settle()

    def step(self) -> None:
        actions = self._actions()
        if not actions:
            due = self.net.due()
            times = [self._next_tick, *(f.back for f in self.friends.values() if f.back is not None)]
            self.clock.now = max(self.clock.now, min(times + ([due.at] if due is not None else [])))
            actions = self._actions()
        if actions:
            self.rng.choice(actions)()
            self.clock.now += self.rng.uniform(0.0, 0.05)
            self.check()

    def _actions(self) -> list[Callable[[], object]]:
        now = self.clock.now
        out: list[Callable[[], object]] = []
        due = self.net.due()
        if due is not None and due.at <= now:
            out.append(self.deliver)
        if now >= self._next_tick:
            out.append(self.tick)
        if self.rng.random() < self.faults.lose:
            here = [f.seat for f in self.friends.values() if f.mg is not None]
            if here:
                out.append(lambda: self.lose(self.rng.choice(here)))
        out += [lambda s=f.seat: self.rejoin(s) for f in self.friends.values() if f.back is not None and f.back <= now]
        out += [lambda f=f: self.friend_move(f) for f in self.friends.values() if f.mg is not None and f.mg.my_turn()
                and (f.seat not in self.asleep or f.mg.stand_in())]
        seat = self.table.to_move()
        if seat is not None and (self.started or self.table.player(seat) == HUMAN):
            out.append(self.host_move)
        if self.table.reading(0) and 0 not in self.lingering:
            out.append(self.host_continue)
        out += [lambda f=f: self.friend_continue(f) for f in self.friends.values() if f.mg is not None
                and f.seat not in self.asleep | self.lingering and f.seat in f.mg.readers()]
        return out

    def host_continue(self) -> None:
        """The host's person leaves the last deal's result (*Continue*), as its page does: the friends' pages told."""
        self.table.person_left = self.table.audited
        self.send_to(self.table.tick())

    def friend_continue(self, f: Friend) -> None:
        """The friend leaves the last deal's result (*Continue*), as its page does: the host's page told (``next``)."""
        assert f.mg is not None and f.mg.page is not None
        f.mg.person_left = len(f.mg.page.game.deals)
        self.net.send(f.conn, True, f.mg.guest.next())
        self.counts["continued"] += 1

    # ----- the checks ----------------------------------------------------------------------------------------

    def pages(self) -> list[MentalPage]:
        """Every page now: the host's and each connected friend's."""
        return [self.page] + [f.mg.page for f in self.friends.values() if f.mg is not None and f.mg.page is not None]

    def truth(self) -> dict[int, int] | None:
        """The real card of every position of the host's round, opened with every page's locks (only a test can),
        or ``None`` while a page of the round has not shuffled or is gone."""
        r = self.page.round
        if r is None or r.draw >= 0 or len(r.relock_out) < len(r.pages):
            return None
        if r.key in self._truth:
            return self._truth[r.key]
        locks = {0: r.locks}
        for p in self.pages()[1:]:
            if p.round is not None and p.round.key == r.key:
                locks[p.page] = p.round.locks
        if set(locks) != set(r.pages):
            return None
        cards = {pos: open_position(r.final[pos], [locks[q].keys[pos] for q in r.pages], r.table)
                 for pos in range(r.size)}
        assert None not in cards.values()
        self._truth[r.key] = {p: c for p, c in cards.items() if c is not None}
        return self._truth[r.key]

    def check(self) -> None:
        """No page knows another person's unplayed card; every page's own views are a real game's."""
        truth = self.truth()
        r = self.page.round
        if truth is None or r is None:
            return
        for p in self.pages():
            pr, d = p.round, p.deal
            if pr is None or pr.key != r.key or d is None or pr.state in ("done", "annulled"):
                continue
            known = p.known_cards()
            for pos, card in truth.items():
                seat = d.seat_of(pos)
                if seat is None or pos in d.played_positions or pos == d.shown or d.over:
                    if seat is None and not d.kitty_known and not d.over:
                        assert not known >> card & 1, (p.page, "kitty", card)
                    continue
                owner = pr.owners[seat]
                if owner != p.page:
                    assert not known >> card & 1, f"page {p.page} knows seat {seat}'s {card} — {self.replay}"
                    assert owner not in p.keys_held(pos), f"page {p.page} holds page {owner}'s key — {self.replay}"
            self._check_views(p, truth)

    def _check_views(self, p: MentalPage, truth: dict[int, int]) -> None:
        """``p``'s stand-in shows its own seats as a game holding every real hand, at the moment it shows."""
        standin = self.table.standin if p.page == 0 else next(
            f.mg.standin for f in self.friends.values() if f.mg is not None and f.mg.page is p)
        assert standin is not None
        session = standin.session
        shown = (id(session.game), session.ply, session.game.phase, standin.applied, standin.dealt)
        if self._shown.get(id(p)) == shown or not standin.dealt:
            return
        self._shown[id(p)] = shown
        ref = reference(p, standin, truth, self._refs)
        for seat in p.mine():
            if session.view_model(seat) != ref.view_model(seat):
                raise self.fail(f"page {p.page}'s view of seat {seat} is not a real game's")
        self.counts["views"] += 1

    def _check_text(self, p: MentalPage, sender: int, text: str) -> None:
        """A mental-poker text that reached page ``p`` (the host's: ``sender`` -1, every text it relays too) holds
        no key of a page for a position dealt to that page while it is hidden (before the deal's end)."""
        try:
            doc = json.loads(text)
            if doc.get("kind") == "mp":
                sender, doc = doc["from"], json.loads(doc["text"])
        except (ValueError, KeyError, TypeError):
            return
        if not isinstance(doc, dict) or doc.get("kind") not in ("mp_keys", "mp_cheat"):
            return
        r = self.page.round
        truth = self.truth()
        if r is None or truth is None or (doc["deal"], doc["try"], doc["draw"]) != r.key:
            return
        d = self.page.deal
        if d is None:  # the round was annulled (a page lost): its late texts arrive still
            return
        pairs = [(sender, pos) for pos, _ in doc["keys"]] if doc["kind"] == "mp_keys" else [(doc["page"], doc["pos"])]
        for page, pos in pairs:
            seat = d.seat_of(pos)
            if seat is not None and r.owners[seat] == page and page != p.page and page >= 0:
                raise self.fail(f"page {p.page} got page {page}'s own key for position {pos}")
        self.counts["texts"] += 1

    def _check_host_text(self, seat: int, text: str) -> None:
        doc = json.loads(text)
        if doc["kind"] in ("view", "dealt", "commit?", "reveal?"):
            raise self.fail(f"the host sent {doc['kind']} at a mental table")
        if doc["kind"] == "record":
            game = loads(doc["text"])
            if game.phase not in (Phase.DEAL, Phase.DEAL_OVER, Phase.RUBBER_OVER) or \
                    len(game.deals) > len(self.page.game.deals):
                raise self.fail("the host sent a record of a deal in play")
        if doc["kind"] == "watch" and (doc["vm"]["hand"] or doc["vm"]["moves"]):
            raise self.fail("the host sent a hand in a public table")
        if doc["kind"] == "mp":
            self._check_text(self.page, -1, text)

    # ----- the end -------------------------------------------------------------------------------------------

    def finish(self) -> None:
        """Every deal audited on every page of its round (unless that page was lost first); every friend's page
        here holds the host's score sheet; nothing bad said at a strict table."""
        self.settle()
        for deal, pages in self.rounds.items():
            for q in pages:
                if q == 0:
                    continue
                f = self.friends[self.table.seat_of(q)]
                if not any(deal in got for got in f.audited.values()) and not f.lost:
                    raise self.fail(f"deal {deal} was not audited on seat {f.seat}'s page")
        for f in self.friends.values():
            if f.mg is not None and f.mg.page is not None and f.mg.page.round is not None \
                    and f.mg.page.round.state in ("done", "annulled"):
                assert f.mg.page.game.sheet.rows == self.page.game.sheet.rows[:len(f.mg.page.game.sheet.rows)]
        self._check_checks()
        if self.strict:
            bad = [(s, e.kind, e.words) for s, e in self.events if e.kind in BAD]
            if bad:
                raise self.fail(f"said: {bad[:3]}")

    def _check_checks(self) -> None:
        """Every page here says something of every deal of its game, and says it audited each deal it was in the
        round of (a friend's page: unless it was lost meanwhile)."""
        pages = [(0, self.table.checks.deals, len(self.page.game.deals), False)]
        pages += [(self.table.page_of(f.seat), f.mg.checks.deals, len(f.mg.page.game.deals), bool(f.lost))
                  for f in self.friends.values() if f.mg is not None and f.mg.page is not None]
        for q, checks, dealt, lost in pages:
            silent = [d for d in range(1, dealt + 1) if d not in checks]
            if silent:
                raise self.fail(f"page {q} says nothing of deals {silent}")
            unchecked = [d for d, within in self.rounds.items() if q in within and d <= dealt and not lost
                         and not checks[d].checked]
            if unchecked:
                raise self.fail(f"page {q} was in the rounds of deals {unchecked} but does not say it audited them")


_conns = itertools.count()


def reference(p: MentalPage, standin: StandIn, truth: dict[int, int],
              kept: dict[int, tuple[Any, ...]] | None = None) -> Session:
    """A session over the game holding every real hand of ``p``'s deal, at the moment its stand-in shows.

    ``kept`` (the page's id → its last reference) lets a page's next look go on from the game made for its last:
    when the page's game before the deal, its deal and the real hands are the same and the moves shown then begin
    the moves shown now, only the new moves are played on it — the same game a fresh one would be."""
    d = p.deal
    assert d is not None
    moves = [*d.calls, *((s, Move.play(c)) for s, c in d.plays)][:standin.applied]
    base = (p.game, d, truth, len(p.game.deals), p.game.phase)
    last = kept.get(id(p)) if kept is not None else None
    if last is not None and all(a is b for a, b in zip(last[0][:3], base[:3], strict=True)) and \
            last[0][3:] == base[3:] and moves[:len(last[2])] == last[2]:
        g, done = last[1], len(last[2])
    else:
        g, done = fork(p.game), 0
        hands: list[list[Card]] = [[] for _ in range(d.players)]
        for pos, seat in enumerate(d.seats):
            hands[seat].append(Card.from_index(truth[pos]))
        g.deal_cards(hands, [Card.from_index(truth[pos]) for pos in d.kitty_positions()])
    for seat, move in moves[done:]:
        g.play(move, seat)
    if kept is not None:
        kept[id(p)] = (base, g, moves)
    return Session(g, standin.session.settings)
