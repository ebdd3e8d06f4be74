"""The mental table (docs/NET.md "The mental table"): friends online where no device — the host's included —
sees another person's cards. Both sides of the table drive a :class:`~.deal.mental.MentalPage` and keep their
session over a stand-in world (:class:`~.deal.standin.StandIn`).

* :class:`MentalTable` — the host's page: its :class:`~.lobby.Lobby` (connections, seats, presence, the turn
  limit) and :class:`~.host.Host` in front, its mental page (page 0) and its own session (the one its save
  keeps: its own seat's and its bots' real cards, stand-ins for everyone else's). It numbers the friends' pages,
  says which page holds each seat (a friend's seat its page; the host's own seat, its bots' and a friend's who is
  away or sits a deal out: the host's page, where a stand-in bot plays it), starts each round as soon as one is
  due — right after an audit, so the next shuffle runs while the result is shown — and relays every ``mp``
  text between the friends' pages (it never holds a friend's own key for that friend's cards, so a text it
  relays cannot show it one). A friend whose connection is lost annuls the deal its page is needed in; the
  deal is dealt again without it (a stand-in bot) or waits for it, as the host chose.
* :class:`MentalGuest` — a friend's page: its :class:`~.guest.Guest` (the connection), its mental page and its
  own session, whose view models it draws instead of the host's ``view`` messages.

Sans-I/O as the rest of the package: texts, connections and the time in, texts out; the host's page gets
``(peer, text)`` to send (:data:`~.lobby.POut`), a friend's page texts for the host. Neither this module nor
:mod:`.deal.mental` is imported by the package's face: they need the cipher's library (``ecdsa``).

Size: over 400 lines because the table's two sides are one design read together — who holds each seat, when a
round starts, what a friend's page needs to join it (the game so far) and what happens when it goes — and each
side's steps are short.
"""

from __future__ import annotations

import time
from collections.abc import Callable, Collection
from typing import Any

from ..errors import KingError, RulesError
from ..game import Game, Phase
from ..notation import dumps, loads
from ..web import HUMAN, ONLINE, HandCard, Session, ViewModel
from ..web.holders import check_former
from .deal.blind import BlindError, fork
from .deal.checks import RESENT, Check, Checks
from .deal.memory import Memory
from .deal.mental import Event, MentalPage, Out, Rounds, Send
from .deal.standin import StandIn
from .deal.wire import WireError, read
from .guest import Guest
from .host import Out as HostOut
from .lobby import Lobby, POut
from .messages import MAX_MESSAGE
from .room import AWAY, BOT, HERE, RECONNECTING, SITTING

__all__ = ["WAIT_PAGE", "WAIT_READ", "MentalGuest", "MentalTable", "between_deals", "held_view", "online_seats",
           "page_number", "seats_of"]

_OVER = ("done", "annulled")
WAIT_READ = "wait_read"
"""The reason a card is not playable while the table waits for the people still reading the last deal's result
(:func:`held_view`)."""
WAIT_PAGE = "wait_page"
"""The reason a card is not playable while the table waits for a page in the deal in play that is reconnecting —
unloading: reloaded or closed (:meth:`MentalTable.unloading`, :meth:`MentalGuest.unloading`)."""


def between_deals(vm: ViewModel, due: int | None, left: int) -> ViewModel:
    """``vm`` as a mental table's page draws it once the table went on to the next deal, ``due`` (the deal in play
    or due next), and the person left the result ``vm`` shows (``left``: the last deal whose result they left) —
    the next deal annulled and waiting, dealt again, its cards not open yet on this page, or sat out: that
    deal's table cleared — no trick, last trick, cards, calls, contract, tricks or points of the deal over, no
    one to move —, its result and the score sheet kept (the page shows the result only as the table's note), and
    the dealer the next deal's (dealt again, it keeps its dealer: not the deal over's, which the result names).
    Any other ``vm`` is returned as it is."""
    if vm["phase"] != "deal_over" or due != vm["deal"] + 1 or vm["deal"] > left:
        return vm
    zeros, first = [0] * vm["players"], vm["first_dealer"]
    dealer = vm["dealer"] if first is None else (first["seat"] + vm["deal"]) % vm["players"]
    return {**vm, "dealer": dealer, "hand": [], "counts": zeros, "trick": [], "trick_complete": False,
            "last_trick": None, "seen": [], "tricks": list(zeros), "points": list(zeros), "tricks_done": 0,
            "calls": [], "high_bid": None, "moves": [], "contract": None, "kitty_cards": [], "history": [],
            "to_move": None, "my_turn": False}


def held_view(vm: ViewModel, readers: list[int], reason: str = WAIT_READ) -> ViewModel:
    """``vm`` as a page draws it while the table waits for ``readers`` (seats) to leave the last deal's result
    before anyone moves in the next deal: no seat to move (none is shown to play), no card playable nor call
    offered — each card's reason ``wait_read`` and the view model's ``readers`` the seats waited for, so that a click
    on a card names whom the table waits for, not "wait for your turn" —, the cards and the table as they are.
    ``reason`` :data:`WAIT_PAGE`: the table waits for those seats' pages, reconnecting, instead."""
    hand = [HandCard(card=c["card"], rank=c["rank"], suit=c["suit"], legal=False, reason=reason, args=None)
            for c in vm["hand"]]
    return {**vm, "my_turn": False, "moves": [], "hand": hand, "to_move": None, "readers": list(readers)}


def host_away_view(vm: ViewModel, host: int | None) -> ViewModel:
    """``vm`` as a friend's page draws it while its host's page is reconnecting (reloading, or its network gone a
    moment; ``host``: the host's seat, ``None``: not known): the table as it was, no card playable nor call
    (:meth:`.guest.Guest.closed_view`), no one shown to move — nothing moves until the host's page is back — and a card
    clicked names the page the table waits for ("Waiting for the page of Olga: reconnecting…", :data:`WAIT_PAGE`),
    not "wait for your turn": a tester's friend saw the table frozen at the host's turn, its cards saying to wait
    for a turn. A deal's result keeps its cards' own reason (``deal_over``)."""
    gone = Guest.closed_view(vm)
    if host is None or vm["phase"] in ("deal_over", "rubber_over"):
        return gone
    return held_view(gone, [host], WAIT_PAGE)


def waited_view(vm: ViewModel, readers: list[int], unloading: list[int]) -> ViewModel:
    """``vm`` held for the ``readers`` of the last deal's result (:func:`held_view`), else for the pages of the deal in
    play that are ``unloading`` (:data:`WAIT_PAGE`), else as it is."""
    return held_view(vm, readers) if readers else held_view(vm, unloading, WAIT_PAGE) if unloading else vm


def _due(page: MentalPage | None) -> int | None:
    """The deal in play on ``page``'s table, or the one due next (``None``: none)."""
    r = page.round if page is not None else None
    due = page.expected() if page is not None and (r is None or r.state in _OVER) else None
    return r.deal if r is not None and due is None else due[0] if due else None


def online_seats(levels: list[str]) -> list[int]:
    """The seats played online (a friend's each), in order: the page of the ``n``-th is page ``n + 1``."""
    return [s for s, level in enumerate(levels) if level == ONLINE]


def page_number(levels: list[str], seat: int) -> int:
    """The page number of the friend's page at online ``seat``: 1 + its place among the online seats (the host's
    page is 0), the same on both sides and for every connection of that seat.

    Raises:
        ValueError: ``seat`` is not played online.
    """
    return online_seats(levels).index(seat) + 1


def seats_of(levels: list[str], pages: list[int]) -> list[int]:
    """The seats whose people the pages ``pages`` stand for, for the words: a friend's page its online seat, the host's
    page (0) its own person's (the first seat not online nor a bot's)."""
    online = online_seats(levels)
    host = next((s for s, level in enumerate(levels) if level == HUMAN), 0)
    return [host if p == 0 else online[p - 1] for p in pages if p <= len(online)]


def named(page: MentalPage, e: Event, names: list[str], former: dict[int, str]) -> None:
    """At an annulment (``e``) on ``page``, keep the name of the person whose page it named as the table names them
    now (``names``; ``former``: seat → the name a seat had before it was given to someone else, cleared in the same
    step): :meth:`.deal.mental.Rounds.name_annulled`."""
    last = page.last_annulled
    if e.kind == "annulled" and last is not None and last[0] == e.deal:
        page.rounds.name_annulled(last[0], last[1], names, former)


def _kind(text: str) -> str | None:
    """A mental-poker text's kind, ``None`` when it is no message."""
    try:
        return str(read(text)["kind"])
    except WireError:
        return None


def _progress(game: Game) -> tuple[int, bool]:
    """How far an audited game is: its deals, and whether the first dealer was drawn."""
    return len(game.deals), game.first_dealer is not None


class MentalTable:
    """The host's page of a mental-poker table.

    Args:
        lobby: the table's lobby (and through it the :class:`~.host.Host` and its session, whose game is before
            its draw or between two deals: a host's page reloaded mid-deal drops the deal in play, which its
            friends' pages annul with it).
        randbytes: the platform's random source (``secrets.token_bytes``: the page's locks and keys, the
            stand-in's sampler).
        rounds: the rounds the host's page started before its reload (:attr:`.deal.mental.MentalPage.rounds`,
            kept with the room): its friends' pages remember the tries they joined and refuse them again, so
            the reloaded page starts the deal in play on its next try.
        checks: the deals' checks of the host's page before its reload (:attr:`checks`, kept with the rounds):
            a deal it audited before is still said audited.
        reading: the deal whose result the host's own person had not left before the page's reload (its
            :meth:`memory`'s :attr:`~.deal.memory.Memory.reading`; 0: none): when it is the last deal audited, its
            result is still theirs to leave (:attr:`person_left`) — the page shows it again, its *Continue* with
            it, and the table waits for them as for a friend still reading.
        went_on: each friend's seat → the last deal whose result its person left before the page's reload (its
            :meth:`memory`'s :attr:`~.deal.memory.Memory.went_on`): a friend who had read on is not waited for again
            — a seat it does not name is, until its page says it left that result (``next``: its
            :meth:`MentalGuest.next_owed`).

    Raises:
        ValueError: the session's game is in the middle of a deal.
    """

    def __init__(self, lobby: Lobby, randbytes: Callable[[int], bytes], rounds: Rounds | None = None,
                 checks: Checks | None = None, reading: int = 0, went_on: dict[int, int] | None = None) -> None:
        self.lobby = lobby
        self.host = lobby.host
        self.host.mental = True
        self.clock = lobby.clock
        session = self.host.session
        self.page = MentalPage(session.game.rules, 0, self.host.table, randbytes, game=session.game, rounds=rounds,
                               host_seat=seats_of(session.settings["levels"], [0])[0])
        self.standin = StandIn(session, randbytes)
        self._events: list[Event] = list(self.standin.sync(self.page))
        self.checks = checks if checks is not None else Checks()
        """Each deal's check on this page: every deal it plays it audits; those of the game it opened with (its
        save) were dealt before it came, unless the checks it kept say it audited them before its reload."""
        self.checks.missed(1, len(session.game.deals), came=len(session.game.deals), joined=0)
        self.reloaded = max((k[0] for k in self.page.rounds.seen if k[0] > self.audited
                             and k[0] not in self.page.rounds.done), default=0)
        """The deal this page was reloaded during (0: none): its try of that deal annulled — its keys went with the
        page —, dealt again; the friends' pages are told (``mental``) until it is audited."""
        self._greeted: dict[int, str] = {}  # seat → the friend's connection greeted there
        self._greeted_in: dict[int, tuple[int, int, int] | None] = {}  # seat → the round running at its greeting
        lobby.settle_on_text = False  # (a page is settled once it did its part of a shuffle: :meth:`_settle`)
        self._since: dict[int, int] = {}  # seat → the deal in play when its friend was seated (-1: none)
        self._told: dict[int, tuple[int, bool]] = {}  # seat → how far the game its friend's page holds is
        self._benched: dict[int, int] = {}  # seat → the deal its page sits out (it stalled or cheated in it)
        self._started: dict[int, int] = {}  # seat → the deal whose start a benched page was sent
        self._sitting: set[int] = set()  # seats this table gave a stand-in while their friend is connected
        lobby.sitting = self._sitting  # (their presence: *sitting*, not *bot* — the friend is here)
        self._owed: dict[int, tuple[int, int, int]] = {}  # seat → the round whose audit its page, lost, owes
        self._stalled: set[int] = set()  # seats whose page stalled, away until their friend acts again
        self._watched: tuple[int, set[int]] = (0, set())  # the last deal audited here and the pages of its round
        self._went_on: dict[int, int] = {}  # seat → the last deal whose result its friend left (*Continue*)
        if self.audited > 0:  # (restored from its save: each friend's page may still show the last deal's result —
            # waited for until it says it left it, unless this page kept that its person did; one that has sends
            # ``next`` at once: :meth:`MentalGuest.next_owed`)
            self._watched = (self.audited, {self.page_of(s) for s in self.host.online_seats})
            kept = went_on or {}
            self._went_on = {s: kept.get(s, self.audited - 1) for s in self.host.online_seats}
        self._told_reading: dict[int, list[bool]] = {}  # seat → the ``reading`` its friend's page was last sent
        self._held_since: float | None = None  # when the table began to wait for its readers, the cards open
        self._shown: dict[int, ViewModel] = {}  # seat → the public table its page, sitting the deal out, was sent
        self._former: dict[int, str] = {}  # seat → the name it had before the host gave it to someone else
        self.person_left = self.audited - 1 if 0 < self.audited == reading else self.audited
        """The last deal whose result the host's own person left (*Continue*; the page sets it): :meth:`reading`."""
        self._since_reload: set[int] = set()  # pages in a try of the deal this page was reloaded during, begun after
        self._log: dict[int, list[tuple[int, str]]] = {}  # seat → the round in play's texts for its page, (sender,
        # text): sent again when the table waits for that page's audit (the page back plays the round on from them)
        self.host.deals_in = self.deals_in

    # ----- what the page asks -------------------------------------------------------------------------------

    @property
    def session(self) -> Session:
        """The host's page's session (over the stand-in world of the deal in play)."""
        return self.standin.session

    @property
    def audited(self) -> int:
        """How many deals are over and audited: the deals the page's save holds (:meth:`save`)."""
        return len(self.page.game.deals)

    def page_of(self, seat: int) -> int:
        """The page number of the friend at online ``seat``."""
        return page_number(self.session.settings["levels"], seat)

    def seat_of(self, page: int) -> int:
        """The online seat of friend's page ``page`` (1 or more)."""
        return self.host.online_seats[page - 1]

    def to_move(self) -> int | None:
        """The seat this page moves for now — its person's, a bot's or a stand-in's — once its cards are open;
        ``None`` while another page moves or the table waits (for cards being opened, or for the people still
        reading the last deal's result: :meth:`readers`)."""
        d, r = self.page.deal, self.page.round
        if d is None or r is None or r.state != "deal" or d.to_move not in self.page.mine() or self.readers() \
                or self.unloading():
            return None
        seat = d.to_move
        return seat if seat is not None and self.page.view(seat).legal else None

    def player(self, seat: int) -> str:
        """Who plays ``seat`` on this page: ``"human"`` (the host's person) or a bot's level (a bot's seat, or a
        friend's seat a stand-in plays)."""
        level = str(self.session.settings["levels"][seat])
        return str(self.session.settings["stand_in"]) if level == ONLINE else level

    def view_model(self, seat: int) -> ViewModel:
        """What the host's page draws for its ``seat``: the session's view model, with no move offered while the
        stand-in waits for cards being opened (:attr:`.deal.standin.StandIn.behind`) nor while the table waits for
        :meth:`readers` — no seat shown to move then (:func:`held_view`) —, and no table of a deal over
        whose result its person left once the table went on to the next deal (:func:`between_deals`)."""
        vm = between_deals(self.session.view_model(seat), _due(self.page), self.person_left)
        if self.standin.behind or self.standin.broken:
            return Guest.closed_view(vm)
        return waited_view(vm, self.readers(), self.unloading())

    def unloading(self) -> list[int]:
        """The seats of the friends whose page is in the deal in play but unloading — reloaded or closed: its channel
        closed, its seat *reconnecting* until its connection is lost (:meth:`.lobby.Lobby.closing`). Its keys of
        the deal go with it, so its loss annuls the deal whatever is played meanwhile: no one moves in it — a person
        or a bot — until that page's connection is lost (the deal annulled and dealt again) or its seat is back on a
        new one (the same); every page names them. Sorted."""
        r = self.page.round
        if r is None or r.state != "deal":
            return []
        presence = self.lobby.presence()
        return [s for s in self.host.online_seats if presence[s] == RECONNECTING and self.lobby.peer_of(s) is not None
                and r.owners[s] == self.page_of(s)]

    def reading(self, seat: int) -> bool:
        """Whether the friend at ``seat`` may still be reading the last deal's result: their page saw that deal end
        (it was in its round, on this connection) and they have not pressed *Continue* since (``next``) — when the
        table waits for their move, it waits for them to go on. The host's own seat: its person has not left the
        result (:attr:`person_left`)."""
        deal, pages = self._watched
        if self.player(seat) == HUMAN:
            return deal == self.audited and deal > 0 and self.person_left < deal
        return (seat in self._greeted and deal == self.audited and deal > 0 and self.page_of(seat) in pages
                and self._went_on.get(seat, -1) < deal)

    def readers(self) -> list[int]:
        """The seats of the people the table waits for before any card or call of the next deal is made — by a
        person or a bot: those still reading the last deal's result (:meth:`reading`) whose seat is here — not a
        friend's page away (past the turn limit, named for stalling, its stand-in playing: the away rules apply),
        nor one sitting the deal out. Every page is told them (``reading``) and names them; at a real table
        everyone waits until all have read the score."""
        presence = self.lobby.presence()
        here = [p in (None, HERE) or (p == RECONNECTING and self.lobby.peer_of(s) is not None)  # (its page unloading:
                for s, p in enumerate(presence)]  # waited for until its connection is lost, as before it said so)
        return [s for s in range(len(presence)) if here[s] and s not in self._sitting and self.reading(s)]

    def deals_in(self, seat: int) -> bool:
        """Whether a friend seated at ``seat`` now — someone new at a freed or free seat, or a friend back whose seat
        a stand-in holds — is dealt into the deal in play rather than sit it out: no call or card was made in its
        try (:attr:`.deal.mental.Rounds.begun`: nothing of it was played — being shuffled, dealt, or its cards open
        while the table waits for the last result's readers), the host's page holds the seat in it, and the seat's
        page is not benched for it (named for a stall or a cheat). The host's page then annuls that try
        (``seated``, naming the page seated) and starts the next with that page among the shufflers: a try's pages
        are fixed at its start, so no page joins a shuffle under way."""
        r = self.page.round
        return (r is not None and r.state not in _OVER and r.draw < 0 and r.deal > 0 and seat < len(r.owners)
                and r.owners[seat] == 0 and (r.deal, r.attempt) not in self.page.rounds.begun
                and seat in self.host.online_seats and self._benched.get(seat) != r.deal and seat not in self._stalled)

    def sitting_out(self) -> list[int]:
        """The seats of friends at the table whose page sits the deal in play out, a stand-in bot playing it to
        its end — the seat taken, or taken back, during that deal, or its page named for a stall or a cheat —:
        their friend plays from the next deal on. Sorted."""
        return sorted(self._sitting)

    def held(self) -> bool:
        """Whether the next deal's cards are open on this page but no one may move: :meth:`readers` are still
        reading the last deal's result."""
        r = self.page.round
        return r is not None and r.state == "deal" and bool(self.readers())

    def postponed(self) -> bool:
        """Whether the next deal's shuffle waits for :meth:`readers` to leave the last deal's result: a stand-in bot
        holds the seat of a friend who is not here (the host's *A bot plays until they are back*). A friend back
        before the last reader goes on is dealt in, rather than watch the bot play a deal no one has begun; with no
        such seat — a seat freed for someone new neither: a deal does not wait for a person not invited yet — the
        shuffle runs while the result is read."""
        settings, keys = self.session.settings, self.lobby.room["keys"]
        return bool(self.readers()) and any(s not in self._greeted and settings["online"][s] == "bot"
                                            and keys[s] is not None for s in self.host.online_seats)

    def awaited(self) -> list[int]:
        """The seats whose friends the table waits for before it deals the next try of the deal due (none while a
        round is in play): not here, the host's choice for the seat to wait, and *away* or their page said goodbye
        (:meth:`.lobby.Lobby.returning`, before the host's reload too) — not a page merely expected back by itself
        after that reload, which a new user read as a friend who had left. Sorted."""
        r, presence = self.page.round, self.lobby.presence()
        if (r is not None and r.state not in _OVER) or _due(self.page) in (None, 0):
            return []
        gone = set(self.lobby.returning())
        return [s for s in self.host.online_seats if s not in self._greeted and self.lobby.room["keys"][s] is not None
                and self.session.settings["online"][s] != "bot" and (presence[s] == AWAY or s in gone)]

    def waiting(self) -> tuple[str, int, list[int]] | None:
        """What the table waits for while a deal's result is shown (:meth:`.deal.mental.MentalPage.waiting`), its pages
        as the seats of their people: ``("audit", deal, seats)``, ``("annulled", deal, seats)``, ``("again", deal,
        seats)``, or ``None``."""
        w = self.page.waiting()
        return None if w is None else (w[0], w[1], seats_of(self.session.settings["levels"], w[2]))

    def save(self) -> str:
        """What the host's page keeps in its storage: the session's save (:meth:`~kingcore.web.Session.to_save`)
        of the audited game — every deal finished and audited — never with the deal in play. Its stand-in could be
        a friend's real hand where the page's own cards leave no other (a host holding every other hand knows
        the last one by elimination), and a host's page reloaded mid-deal has lost its keys: that deal is dealt
        again anyway."""
        s = self.session
        return Session(fork(self.page.game), s.settings, s.seq, s.game_id, sorted(s.undo_deals)).to_save()

    def memory(self) -> Memory:
        """What the host's page keeps with its room beside its save (:class:`~.deal.memory.Memory`, of its table):
        the rounds it started, each deal's check, the deal whose result its person has not left (``reading``:
        the last deal audited, or 0) and the last deal whose result each friend left (``went_on``) — given back to a
        new table after a reload (``rounds``, ``checks``, ``reading``, ``went_on``)."""
        reading = self.audited if self.person_left < self.audited else 0
        return Memory(self.host.table, rounds=self.page.rounds, checks=self.checks, reading=reading,
                      went_on=self._went_on)

    def events(self) -> list[Event]:
        """What happened since the last call (:class:`~.deal.mental.Event`: a deal dealt, a move, an audit, a
        cheat, a stall, an annulment, ``no_world``…), for the page to say."""
        out, self._events = self._events, []
        return out

    # ----- the page's calls -----------------------------------------------------------------------------------

    def connect(self, peer: str) -> list[POut]:
        """A new connection (:meth:`.lobby.Lobby.connect`)."""
        return self._after(self.lobby.connect(peer))

    def receive(self, peer: str, text: str) -> list[POut]:
        """A text from ``peer`` (:meth:`.lobby.Lobby.receive`; its ``mp`` texts relayed and read). Never raises."""
        return self._after(self.lobby.receive(peer, text))

    def closing(self, peer: str) -> list[POut]:
        """A connection's channel closed by its page (:meth:`.lobby.Lobby.closing`): its seat *reconnecting*."""
        return self._after(self.lobby.closing(peer))

    def lost(self, peer: str) -> list[POut]:
        """A connection lost (:meth:`.lobby.Lobby.lost`): the deal its page is needed in is annulled."""
        return self._after(self.lobby.lost(peer))

    def stand_in(self, seat: int, on: bool = True) -> list[POut]:
        """The host's choice for an away seat (:meth:`.lobby.Lobby.stand_in`): a stand-in bot lets the table deal
        on without its friend — a page named for stalling does not answer: the host's page then holds its seat."""
        self._sitting.discard(seat)  # (the host's choice now, not a deal sat out)
        return self._after(self.lobby.stand_in(seat, on))

    def free(self, seat: int) -> list[POut]:
        """The host gives ``seat`` to someone else (:meth:`.lobby.Lobby.free`): the deal its page is needed in is
        annulled and dealt again with a stand-in bot at the host's page, which plays the seat until someone takes
        it — a deal cannot wait for a person no one has invited yet."""
        self._sitting.discard(seat)  # (its stand-in now the host's choice: kept when a newcomer there leaves)
        self._went_on.pop(seat, None)  # (a newcomer there read no result)
        self._benched.pop(seat, None)  # (nor stalled or cheated: its former page did)
        self._former[seat] = self.session.settings["names"][seat] or self._former.get(seat, "")  # (the annulment
        out = self.lobby.free(seat)  # this causes names the person whose seat it was, not "Player 3")
        return self._after(out + self.lobby.stand_in(seat))

    def tick(self) -> list[POut]:
        """Call every second: the lobby's deadlines, and a page that owes its part for too long is named as
        stalling and the deal annulled (:data:`.deal.mental.STALL_S`). While the next deal's cards are open and the
        table waits for :meth:`readers` (:meth:`held`) — or the next deal's shuffle waits for them
        (:meth:`postponed`) —, the turn limit runs for them, not for the seat to move: a friend still reading past
        it is away (the away rules apply), no longer waited for."""
        out: list[POut] = []
        if self.held() or self.postponed():
            now, limit = self.clock(), self.lobby.turn_limit
            self._held_since = now if self._held_since is None else self._held_since
            if limit is not None and now - self._held_since >= limit:
                for seat in self.readers():
                    if seat in self.host.online_seats:
                        out += self.lobby.away(seat)
            self.lobby.restart_turn()
        else:
            self._held_since = None
        if self.unloading():  # (no time counted against the seat to move, which may not move)
            self.lobby.restart_turn()
        out += self.lobby.tick()
        away = [self.page_of(seat) for seat in self._owed if seat not in self._greeted]
        return self._after(out + self.lobby.send(self._mp(self.page.tick(self.clock(), away))))

    def move(self, seat: int, token: str) -> list[POut]:
        """A move of a seat this page holds (its person's, a bot's, a stand-in's): a call, or a card shown with
        its keys.

        Raises:
            IllegalMoveError, BlindError, ValueError: as :meth:`.deal.mental.MentalPage.move`; ``BlindError``
                ``not_your_turn`` while :meth:`readers` are still reading the last deal's result.
        """
        if self.readers():
            raise BlindError("not_your_turn", seat, "the table waits for everyone to read the last deal's result")
        if self.unloading():
            raise BlindError("not_your_turn", seat, "the table waits for a page that is reconnecting")
        return self._after(self.lobby.send(self._mp(self.page.move(seat, token, self.clock()))))

    # ----- internals ------------------------------------------------------------------------------------------

    def _after(self, outs: list[POut]) -> list[POut]:
        """After every call: greet new friends' pages (and see lost ones), relay and read their texts, send the game
        so far to the pages that missed a deal, and start the next round when it is due. A seat that sat a deal out
        is its page's again once the deal is over — the rubber's last too, or while the table waits to start the
        next —, its ``presence`` sent before the game so far (its page never sees the deal over with its seat still
        a stand-in's: *away*)."""
        out: list[HostOut] = self._greet()
        r = self.page.round
        for seat in self.host.went_on:  # (a result shown before its verdict is left too: the deal being audited)
            self._went_on[seat] = r.deal if r is not None and r.state == "audit" else self.audited
        self.host.went_on = []
        for seat in self.host.back_here:  # *I'm back*: the last audited deal's result counts as left (its reader
            self._went_on[seat] = max(self._went_on.get(seat, -1), self.audited)  # back mid-deal holds no one)
        self.host.back_here = []
        out += self._owing()
        out += self._relay()
        r = self.page.round
        if r is not None and r.state == "done":
            for seat in sorted(self._sitting):
                self._sit(seat, False)
        first = self.lobby.send(out)
        out = self._records()
        out += self._start()
        out += self._reading()
        out += self._watch()
        r = self.page.round
        self.host.dealing = r.deal if r is not None and r.state not in _OVER else None
        self._settle()
        return outs + first + self.lobby.send(out)

    def _settle(self) -> None:
        """A friend's connection is past its known-busy phases (:meth:`.lobby.Lobby.patience`) once its page has
        done its part of a shuffle begun after it was greeted: the round has left its shuffle with that page in it."""
        r = self.page.round
        if r is None or r.state in ("shuffle", "annulled"):
            return
        for seat, peer in self._greeted.items():
            if r.key != self._greeted_in.get(seat) and self.page_of(seat) in r.pages:
                self.lobby.settle(peer)

    def _reading(self) -> list[HostOut]:
        """Each friend's page told, when it changed, whose friends may still be reading the last deal's result
        (``reading``, :meth:`reading`): its status line says the table waits for them to go on."""
        readers = self.readers()
        now = [s in readers for s in range(len(self.session.settings["levels"]))]
        out: list[HostOut] = []
        for seat in self._greeted:
            if self._told_reading.get(seat) != now:
                self._told_reading[seat] = now
                out.append((seat, self.host.message("reading", seats=now)))
        return out

    def _watch(self) -> list[HostOut]:
        """Each friend's page that sits the deal in play out (seated during it: the host's page holds its seat and
        its stand-in bot plays it) sent the deal's public table when it changed (``watch``): the seat's view model
        from this page's session with no hand and no move — the cards played, the tricks, the calls, the score —,
        so its person sees the deal go on, though no one's hand (RULES.md §11.22)."""
        r = self.page.round
        out: list[HostOut] = []
        for seat in self._greeted:
            watching = r is not None and r.state != "annulled" and self._since.get(seat) == r.deal \
                and r.owners[seat] == 0
            if not watching and seat not in self._shown:
                continue
            vm: ViewModel = {**self.session.view_model(seat), "hand": [], "moves": [], "my_turn": False}
            if not watching:  # the last one: the deal over — or annulled, the table before it (its page draws its
                del self._shown[seat]  # own table again, not the annulled try's)
                out.append((seat, self.host.message("watch", vm=vm)))
            elif self._shown.get(seat) != vm:
                self._shown[seat] = vm
                out.append((seat, self.host.message("watch", vm=vm)))
        return out

    def _mp(self, outs: list[Out]) -> list[HostOut]:
        """The mental page's outs: its texts as ``mp`` messages to the friends' pages they are for (every other
        page of the round, or one), its events kept; the stand-in brought up to date."""
        r = self.page.round
        out: list[HostOut] = []
        for o in outs:
            if isinstance(o, Send):
                pages = [o.to] if o.to is not None else [q for q in (r.pages if r else []) if q]
                out += [self._to(q, 0, o.text) for q in pages if q]
            else:
                self._events.append(o)
                self._bench(o)
                named(self.page, o, self.session.settings["names"], self._former)
                if o.kind == "audited" and r is not None and r.deal == o.deal:  # (its pages, and those that sat
                    self._watched = (o.deal, set(r.pages) | {self.page_of(s) for s in self._greeted  # it out,
                                                             if self._since.get(s) == o.deal})  # watching it)
        self.checks.note(outs, online_seats(self.session.settings["levels"]))
        self._events += self.standin.sync(self.page)
        return out

    def _bench(self, e: Event) -> None:
        """A friend's page named for a stall or a cheat sits the deal's next tries out (the host's page holds its
        seat, a stand-in bot plays it); it is back from the next deal on. One named for a stall is also away, as
        past the turn limit: if the host gives its seat a stand-in bot, the host's page holds the seat — its page
        does not answer — until its friend acts again."""
        if e.kind in ("stalled", "cheat") and e.page:
            for seat in self.host.online_seats:
                if self.page_of(seat) == e.page:
                    self._benched[seat] = e.deal
                    if e.kind == "stalled":
                        self._stalled.add(seat)
                        self.lobby.away(seat)

    def _greet(self) -> list[HostOut]:
        """Each friend newly seated gets ``mental`` (its page number) and the game so far; a friend gone is let
        go, and the deal its page is needed in annulled."""
        out: list[HostOut] = []
        for seat in self.host.online_seats:
            peer = self.lobby.peer_of(seat)
            if self._greeted.get(seat) == peer:
                continue
            if seat in self._greeted:
                out += self._left(seat)  # (its old connection: the deal it was needed in is annulled)
            if peer is None:
                continue
            r = self.page.round
            running = r is not None and r.state not in _OVER
            dealt_in = self.deals_in(seat)  # (nothing of the try in play was played: begun again with this page)
            self._greeted[seat] = peer
            self._greeted_in[seat] = r.key if running and r is not None else None
            self._went_on.setdefault(seat, self.audited)  # (a page back on a new connection — reloaded too — shows
            # again the result its person had not left, and the table waits for them; one that kept none sends
            # ``next`` at once: :meth:`MentalGuest.next_owed`)
            self._since[seat] = r.deal if running and r is not None and not dealt_in else -1
            if running and r is not None and r.owners[seat] == 0 and not dealt_in:  # the deal in play goes on with
                self._sit(seat, True)  # its stand-in: its page knows it before ``mental`` (it sits the deal out)
                out.append((seat, self.host.message("presence", seats=self.lobby.presence())))
            deal = self._reloaded(seat)
            lost = sorted(t for t, why in self.page.rounds.annulled.get(deal, {}).items() if why == "reloaded")
            out.append((seat, self.host.message("mental", page=self.page_of(seat), reloaded=deal, lost=lost[-100:])))
            out += self._record(seat)
            if r is not None and self._owed.get(seat) == r.key:  # the round's texts again: its page plays it on
                out += [(seat, self._text(sender, text)) for sender, text in self._log.get(seat, [])
                        if not text.startswith('{"kind":"mp_start"')]  # (its page has the round's start: a start
                # again is a second shuffle, which it refuses)
            out += [o for o in self.host.welcomes() if o[0] != seat]  # its name, on the others' pages
            if dealt_in and r is not None:  # (the next try deals it in)
                words = f"seat {seat}'s page was seated before anything of deal {r.deal} was played: the deal is " \
                        "dealt again with it"
                out += self._mp(self.page.annul(self.clock(), self.page_of(seat), "seated", words, seat=seat))
        return out

    def _reloaded(self, seat: int) -> int:
        """The deal this page was reloaded during, as ``seat``'s page is told it (0: none) — not once its page took
        part in a try of that deal begun after the reload: its page lost that try itself (its own connection). The
        ``mental`` that tells it also lists the tries of that deal this page's reloads cut off (its own rounds say
        ``reloaded`` of them): the friend's page says of each that the host's page was lost, not its own."""
        if self.reloaded <= self.audited or self.page_of(seat) in self._since_reload:
            return 0
        return self.reloaded

    def _left(self, seat: int) -> list[HostOut]:
        del self._greeted[seat]
        self._told_reading.pop(seat, None)
        self._shown.pop(seat, None)
        self._told.pop(seat, None)
        if seat in self._sitting:  # back to waiting: the host's page chooses again for an away seat
            self._sit(seat, False)
        page = self.page_of(seat)
        if not self.page.needs(page):
            return []
        r = self.page.round
        assert r is not None
        if r.state == "audit":  # played to its end: its page sends its audit again when it is back
            self._owed[seat] = r.key
            self._events.append(Event("awaiting", r.deal, f"seat {seat}'s page left before its audit of deal "
                                                          f"{r.deal} reached this page: the table waits for it", page,
                                      seat))
            return []
        words = f"seat {seat}'s page left: deal {r.deal} is annulled, to be dealt again"
        return self._mp(self.page.annul(self.clock(), page, "left", words))

    def _owing(self) -> list[HostOut]:
        """The audits the table waits for from lost pages: one that came (or a round over) is owed no more; a
        seat given to someone else will never send its page's, so the deal is annulled."""
        r = self.page.round
        out: list[HostOut] = []
        for seat, key in list(self._owed.items()):
            page = self.page_of(seat)
            if r is None or r.key != key or not self.page.needs(page):
                del self._owed[seat]
            elif self.lobby.room["keys"][seat] is None:  # given to someone else: its page cannot come back
                del self._owed[seat]
                words = f"seat {seat}'s page did not come back with its keys for deal {r.deal}'s audit: the deal is " \
                        "annulled, to be dealt again"
                out += self._mp(self.page.annul(self.clock(), page, "left", words))
        return out

    def _record(self, seat: int) -> list[HostOut]:
        """The audited game so far for ``seat``'s page (``record``): a page joins between deals with it."""
        game = self.page.game
        self._told[seat] = _progress(game)
        if _progress(game) == (0, False):
            return []
        text = dumps(game)
        if len(text) > MAX_MESSAGE - 200:
            self._events.append(Event("refused", len(game.deals), f"the game so far is too long for seat {seat}'s "
                                                                  "page: a stand-in plays its seat", None, seat))
            self._benched[seat] = 10**9
            return []
        return [(seat, self.host.message("record", deal=len(game.deals), text=text))]

    def _records(self) -> list[HostOut]:
        """The game so far for each friend's page that was not in the round that changed it."""
        r = self.page.round
        now = _progress(self.page.game)
        out: list[HostOut] = []
        for seat in self._greeted:
            if r is not None and self.page_of(seat) in r.pages and r.state != "annulled" \
                    and self._since[seat] < r.deal:  # (a page back during its round: the deal audited without it)
                if r.state == "done":
                    self._told[seat] = now
            elif self._told.get(seat, (-1, False)) < now:
                out += self._record(seat)
        return out

    def _sit(self, seat: int, on: bool) -> None:
        """A connected friend's seat given to a stand-in for a deal its page sits out (``on``), or back to it."""
        if on and self.session.settings["online"][seat] != "bot":
            self.host.stand_in(seat, True, idle=True)
            self._sitting.add(seat)
        elif not on and seat in self._sitting:
            self._sitting.discard(seat)
            self.host.stand_in(seat, False, idle=True)

    def _start(self) -> list[HostOut]:
        """The next round, when one is due and every seat has a page: a friend's page that is here and has the
        game so far, else the host's page while a stand-in plays it; a friend away whom the table waits for
        stops it."""
        key = self.page.expected()
        game = self.page.game
        if key is None or game.phase is Phase.RUBBER_OVER:
            return []
        deal, now = key[0], _progress(game)
        if self.postponed():
            return []
        self._stalled &= self.lobby.idle  # (its friend acted again, or its page was seated anew)
        bots = {s for s in self._stalled - self._sitting if self.session.settings["online"][s] == "bot"}
        owners, sitting, benched = [], [], []
        for seat, level in enumerate(self.session.settings["levels"]):
            if level != ONLINE:
                owners.append(0)
            elif seat in self._greeted and self._since[seat] < deal and self._benched.get(seat) != deal \
                    and self._told.get(seat) == now and seat not in bots:
                owners.append(self.page_of(seat))
            elif seat in self._greeted or self.session.settings["online"][seat] == "bot":
                owners.append(0)
                sitting.append(seat)
                if seat in self._greeted and self._since[seat] < deal and self._started.get(seat) != deal:
                    self._started[seat] = deal
                    benched.append(self.page_of(seat))  # told it sits out (its page says so)
            else:
                return []  # the table waits for this friend
        for seat in self.host.online_seats:
            self._sit(seat, seat in sitting)
        outs = self.page.start(self.clock(), sorted({0, *owners}), owners)
        if deal == self.reloaded:
            self._since_reload.update(owners)
        start = outs[0]
        assert isinstance(start, Send)
        self._log = {}
        return [(self.seat_of(q), self._text(0, start.text)) for q in benched] + self._mp(outs)

    def _to(self, page: int, sender: int, text: str) -> HostOut:
        """Page ``sender``'s mental-poker text for friend's page ``page``, kept in the round's log of that seat."""
        seat = self.seat_of(page)
        self._log.setdefault(seat, []).append((sender, text))
        return seat, self._text(sender, text)

    def _text(self, sender: int, text: str) -> str:
        """A mental-poker text of page ``sender`` as an ``mp`` message."""
        return self.host.message("mp", **{"from": sender, "text": text})

    def _relay(self) -> list[HostOut]:
        """The ``mp`` texts friends sent: each passed on to the pages it is for — first, so that every page gets a
        page's step before any step that follows from it — and read by this page when it is one of them."""
        taken, self.host.relayed = self.host.relayed, []
        out: list[HostOut] = []
        for seat, to, text in taken:
            sender = self.page_of(seat)
            r = self.page.round
            if r is not None and sender in r.pages and (r.state != "annulled" or _kind(text) == "mp_secrets"):  # (a
                # late text of a round annulled here is for no page — a page back on a new connection would take it
                # as its kept round's — but a dispute's secrets are)
                pages = [q for q in r.pages if q not in (0, sender)] if to is None else \
                    [to] if to in r.pages and to not in (0, sender) else []
                out += [self._to(q, sender, text) for q in pages]
            if to in (None, 0):
                out += self._mp(self.page.receive(sender, text, self.clock()))
        return out


class MentalGuest:
    """A friend's page at a mental-poker table: its connection's :class:`~.guest.Guest`, its mental page (made at
    the host's ``mental``, and again from the host's ``record`` when it missed a deal) and its own session over
    the stand-in world, whose view models the page draws.

    Args:
        guest: this connection's guest (a new :class:`MentalGuest` for each connection: a page that lost its
            connection lost the texts meanwhile, and the host's page annulled the deal it was in).
        randbytes: the platform's random source.
        clock: seconds, monotonic (the stalls' deadlines).
        memory: the page's memory of its table (:attr:`memory` of its earlier connection's ``MentalGuest``, or
            read back from its storage after a reload: :meth:`.deal.memory.Memory.from_text`); one of another
            table is not used. At a seat taken anew (``guest.taken``) its :attr:`~.deal.memory.Memory.reading`
            is dropped — the result the device's last person had not left is not the new person's to read — and
            its :attr:`~.deal.memory.Memory.taken_at` is the deal then in play (:meth:`seated_during`).
        left: the seats whose page had said goodbye as this page's earlier connection last heard (its
            :meth:`leaving`).

    Attributes:
        memory: the rounds this page took part in and its checks, across its connections
            (:class:`~.deal.memory.Memory`; the page stores :meth:`~.deal.memory.Memory.to_text` after each
            text): a host that drops the connection, or waits for a reload, cannot start a try of a deal again
            that this page joined.
    """

    def __init__(self, guest: Guest, randbytes: Callable[[int], bytes],
                 clock: Callable[[], float] = time.monotonic, memory: Memory | None = None,
                 left: Collection[int] = ()) -> None:
        self.guest = guest
        self.left = frozenset(left)
        """The seats whose page had said goodbye when this page's earlier connection was lost (its
        :meth:`leaving`): :meth:`awaited` names them while they are *reconnecting* still."""
        self.randbytes = randbytes
        self.clock = clock
        self.page: MentalPage | None = None
        self.standin: StandIn | None = None
        self.memory = memory if memory is not None else Memory("")
        self._taken()
        self._events: list[Event] = []
        self._came: int | None = None  # the deals over when this connection was seated (its first record)
        self._resent: set[int] = set()  # the deals whose audit this connection sent again
        self._left = max(0, self.memory.reading - 1)  # (a result its person had not left before a reload: kept)
        self._told_next = 0  # the last deal whose ``next`` :meth:`next_owed` gave
        self._former: dict[int, str] = {}  # seat → the name it had before the host cleared it (given to someone else)

    @property
    def checks(self) -> Checks:
        """Each deal's check on this page (:class:`~.deal.checks.Checks`, kept in its :attr:`memory`): audited
        here, or not checked and why — what its result panel says of the deal."""
        return self.memory.checks

    @property
    def seat(self) -> int | None:
        """This page's seat, once welcomed."""
        return self.guest.seat

    @property
    def person_left(self) -> int:
        """The last deal whose result this page's person left (*Continue*; the page sets it): :meth:`view_model`,
        :meth:`readers`. Set at or past the memory's :attr:`~.deal.memory.Memory.reading`, it clears that."""
        return self._left

    @person_left.setter
    def person_left(self, deal: int) -> None:
        self._left = deal
        if deal >= self.memory.reading:
            self.memory.reading = 0

    def kept_result(self) -> int:
        """The deal whose result this page keeps for its person though it did not draw the deal end on this
        connection — reloaded, or back on a new one, while its person read it (0: none): the page saw that deal
        end (audited here) and its person has not left its result (:attr:`.deal.memory.Memory.reading`). The page
        shows that result again, its *Continue* with it, and the host's page waits for them as before. None once the
        table went on without them — the host's game so far is past that deal, or the next deal is under way with a
        stand-in in their seat (:meth:`sits_out`): the page shows the table as it is now, never an older deal's
        result (a friend back by the link during deal 5, which a bot finished for him, was shown deal 4's result
        with its *Continue*, whose ``next`` then left deal 5's result he never saw)."""
        r, page = self.memory.reading, self.page
        if r <= self._left or (page is not None and (len(page.game.deals) > r or (self.sits_out() or 0) > r)):
            return 0
        return r

    def events(self) -> list[Event]:
        """What happened since the last call (the mental page's and the stand-in's events)."""
        out, self._events = self._events, []
        return out

    def view_model(self) -> ViewModel | None:
        """What the page draws for its seat (``None`` before the host's ``mental``): its own session's view model, with
        no move offered while the stand-in waits for cards being opened, while the table waits for :meth:`readers`
        (:func:`held_view`) nor in a try its host's page's reload cut off, and no table of a deal over whose result its
        person left (:attr:`person_left`) once the table went on to the next deal (:func:`between_deals`); while the
        page sits a deal out (:meth:`sits_out`), the host's public table of it (its last ``watch``: the cards played,
        the tricks, the score — no hand), or of the last deal, cleared, while that deal's try is annulled; before a
        ``watch`` came, the page's own table, cleared if it shows the last deal over."""
        s, seat = self.standin, self.guest.seat
        if s is None or seat is None:
            return None
        out, watch = self.sits_out(), self.guest.watch
        vm = s.session.view_model(seat)
        if out is not None and watch is not None and watch["deal"] <= out:
            # the host's public table of the deal it sits out, or of the table before it once that deal's try was
            # annulled — never a round this page kept of an earlier try —, with its own score sheet and names
            shown: ViewModel = {**watch, "sheet": vm["sheet"], "names": vm["names"], "levels": vm["levels"]}
            shown.pop("former", None)  # (the names of its past deals: its own too)
            if "former" in vm:
                shown["former"] = vm["former"]
            return shown if watch["deal"] == out else between_deals(shown, out, out)
        vm = between_deals(vm, _due(self.page), self.person_left) if out is None else between_deals(vm, out, out)
        if s.behind or s.broken:
            return Guest.closed_view(vm)
        readers, unloading = self.readers(), self.unloading()
        if not readers and not unloading and self.page is not None and self.page.cut_off():  # (its end coming)
            return held_view(vm, [] if self.page.host_seat is None else [self.page.host_seat], WAIT_PAGE)
        return waited_view(vm, readers, unloading)

    def unloading(self) -> list[int]:
        """The seats of the other friends whose page is in this page's deal in play but unloading (their presence,
        as the host said it: *reconnecting*): the table waits for them — no one moves until that page is lost or
        back (:meth:`MentalTable.unloading`). Sorted. None while this page plays on a round the host's page's reload
        cut off (its ``mental``: ``reloaded``, ``lost``): that try is over whoever comes back, and dealt again — a new
        user's page named a friend it waited for, whose page was only reconnecting to the reloaded host's."""
        page, welcome, presence = self.page, self.guest.welcome, self.guest.presence
        r = page.round if page is not None else None
        if page is None or r is None or r.state != "deal" or welcome is None or (r.deal, r.attempt) in page.host_lost:
            return []
        levels = list(welcome["levels"])
        return [s for s, p in enumerate(presence) if p == RECONNECTING and s < len(levels) and levels[s] == ONLINE
                and s != self.guest.seat and r.owners[s] == page_number(levels, s)]

    def awaited(self) -> list[int]:
        """The seats of the friends the table waits for before it deals the next try of the deal due, as this page
        can tell from the host's ``presence`` (:meth:`MentalTable.awaited`; none while a round is in play here): an
        online seat not this page's that is *away*, or *reconnecting* after its page said goodbye — as this page's
        earlier connection heard it (``left``): the seats a reloaded host's page shows *reconnecting* include pages
        merely coming back by themselves, which are not named. Sorted."""
        page, welcome, presence = self.page, self.guest.welcome, self.guest.presence
        r = page.round if page is not None else None
        if page is None or welcome is None or (r is not None and r.state not in _OVER) or _due(page) in (None, 0):
            return []
        levels = list(welcome["levels"])
        return [s for s, p in enumerate(presence) if s < len(levels) and levels[s] == ONLINE and s != self.guest.seat
                and (p == AWAY or (p == RECONNECTING and s in self.left))]

    def leaving(self) -> list[int]:
        """The other seats whose page said goodbye as the host last said (*reconnecting*), for this page's next
        connection (``MentalGuest(left=…)``) when this one is lost — to the host's page's reload, most often."""
        levels = list(self.guest.welcome["levels"]) if self.guest.welcome is not None else []
        return [s for s, p in enumerate(self.guest.presence) if p == RECONNECTING and s < len(levels)
                and levels[s] == ONLINE and s != self.guest.seat]

    def waiting(self) -> tuple[str, int, list[int]] | None:
        """What the table waits for while a deal's result is shown, as :meth:`MentalTable.waiting` says it."""
        w = self.page.waiting() if self.page is not None else None
        welcome = self.guest.welcome
        if w is None or welcome is None:
            return None
        return w[0], w[1], seats_of(list(welcome["levels"]), w[2])

    def readers(self) -> list[int]:
        """The seats of the people the table waits for before any card or call of the next deal is made, as the
        host's page said them (``reading``: :meth:`MentalTable.readers`) — this page's own seat only until its
        person leaves the last deal's result (:attr:`person_left`), before the host heard of it."""
        page, seat = self.page, self.guest.seat
        mine = page is not None and self.person_left < len(page.game.deals)
        return [s for s, r in enumerate(self.guest.reading) if r and (s != seat or mine)]

    def next_owed(self) -> str | None:
        """The ``next`` to send when the host's page still waits for this page's person (``reading``) though they
        left the last deal's result (:attr:`person_left`) — the page left it by itself (a result it did not see
        the deal end to), or no ``next`` reached the host for it —, once per deal; else ``None``."""
        page, seat = self.page, self.guest.seat
        reading = self.guest.reading
        if page is None or seat is None or seat >= len(reading) or not reading[seat] or seat in self.readers() \
                or self._told_next >= len(page.game.deals):
            return None
        self._told_next = len(page.game.deals)
        return self.guest.next()

    def held(self) -> bool:
        """Whether the next deal's cards are open on this page but no one may move: :meth:`readers` are still
        reading the last deal's result."""
        r = self.page.round if self.page is not None else None
        return r is not None and r.state == "deal" and bool(self.readers())

    def my_turn(self) -> bool:
        """Whether this page's seat moves now, its cards open — not while the table waits for :meth:`readers`, nor in
        a try its host's page's reload cut off (``MentalPage.cut_off``: played again from what this page kept, its
        end on its way)."""
        page, seat = self.page, self.guest.seat
        d = page.deal if page is not None else None
        return (d is not None and page is not None and seat is not None and d.to_move == seat
                and page.round is not None and page.round.state == "deal" and bool(page.view(seat).legal)
                and self.sits_out() is None  # (sitting a deal out: a round it kept is of a try gone on without it)
                and not page.cut_off()  # (a round it kept, which its host's page's reload cut off)
                and not self.readers() and not self.unloading())

    def stand_in(self) -> bool:
        """Whether a stand-in bot plays this page's seat now: the host gave the seat one (its presence says
        ``bot``) while the friend is away past the turn limit but its page is here — and this page, the only one
        holding the seat's cards, plays it (the bots choose from ``page.view(seat)``) until the friend acts."""
        seat, presence = self.guest.seat, self.guest.presence
        return seat is not None and seat < len(presence) and presence[seat] in (BOT, SITTING)

    def _taken(self) -> None:
        """This connection took the seat anew (``guest.taken``: a new person, given a new key): the result the
        device's last person had not left is not theirs to read, and the deal in play is one they joined."""
        if self.guest.taken:
            self.memory.reading, self.memory.taken_at = 0, self.guest.joined_during

    def seated_during(self, deal: int) -> bool:
        """Whether this page's person took the seat anew during ``deal`` (:attr:`~.deal.memory.Memory.taken_at`)
        — on this connection, an earlier one of this page, or before its reload — so that the deal they sit out
        (:meth:`sits_out`) began before they sat down; else they held the seat when it began, and it went on
        without them. A fact of the page's memory, not of the connection: one lost and taken back with the new
        key is not a ``take``."""
        return deal > 0 and self.memory.taken_at == deal

    def sits_out(self) -> int | None:
        """The deal in play that this page's seat sits out because it was seated during it — a new person at a freed
        seat, or a friend back after the deal went on without their page (dealt again, a stand-in in their seat):
        the host's page holds the seat and its stand-in bot plays it to the deal's end, and the seat is this page's
        from the next deal on, with nothing to do. ``None`` otherwise — an away seat whose stand-in plays until its
        person acts again (past the turn limit, or named for stalling) is not sitting a deal out. (Its page is in no
        try of that deal: the host's page started the try in play without it and starts no later one with it; a
        round it kept from its lost connection is of a try that went on without it, and offers no move.) Once the
        host sent the deal's public table (``watch``), it sits the deal out until its game so far records it,
        whatever the seat's presence says: at the deal's end the seat is given back before the record comes."""
        deal, page, watch = self.guest.joined_during, self.page, self.guest.watch
        if not deal or page is None or len(page.game.deals) >= deal:
            return None
        return deal if self.stand_in() or (watch is not None and watch["deal"] <= deal) else None

    def stand_in_turn(self) -> str | None:
        """The level of this page's stand-in bot when it moves now (:meth:`stand_in`, this seat's turn, its cards
        open and shown by the stand-in), else ``None``: the bot chooses from the session's view of the seat
        (``standin.session.bot_request``) and moves with ``move(token, bot=True)``."""
        s = self.standin
        if s is None or s.behind or s.broken or not self.stand_in() or not self.my_turn():
            return None
        return str(s.session.settings["stand_in"])

    def hint_request(self) -> tuple[str, int] | None:
        """What this page's person's hint is asked from, when they may ask one now (their turn, its cards open and
        shown): the bots' request of their seat (``Session.bot_request``: the seat's view only — its own cards and
        the public play, all this page knows) and its seed, from this page's own session; else ``None``. The host
        cannot hint at a mental table (it does not know this hand); the page's bots' worker rates the moves
        (``kingcore.web.hint_json``), as on a page that plays alone."""
        s, seat = self.standin, self.guest.seat
        if s is None or seat is None or s.behind or s.broken or not self.my_turn():
            return None
        return s.session.bot_request(seat), s.session.bot_seed(seat)

    def begin(self) -> None:
        """Open the mental page when this connection's :class:`~.guest.Guest` read the host's ``mental`` before this
        object was made (a page that loads mental poker only once its host says the table is one)."""
        if self.page is None and self.guest.mental is not None and self.guest.rules is not None:
            self._open(Game(self.guest.rules))

    def receive(self, text: str) -> tuple[dict[str, Any], list[str]]:
        """A text from the host: what :meth:`.guest.Guest.receive` answers, and the texts to send back (this
        page's ``mp`` texts). Never raises."""
        got = self.guest.receive(text)
        out: list[str] = []
        if "key" in got:  # (the welcome that seats a new person — a later one only names the others: ``memory``)
            self._taken()
        if "mental" in got and self.guest.rules is not None:
            self._open(Game(self.guest.rules))
        elif ("welcome" in got or "presence" in got) and self.standin is not None:
            self._settings()
        elif "record" in got and self.page is not None:
            out = self._record(got["record"])
        elif "mp" in got and self.page is not None:
            out = self._send(self.page.receive(got["mp"]["from"], got["mp"]["text"], self.clock()))
        if self.page is not None and self.page.cut_off():  # (the try its host's page's reload cut off: over)
            out += self._send(self.page.drop_resumed())
        return got, out

    def move(self, token: str, bot: bool = False) -> list[str]:
        """This page's seat's move — its person's, or its stand-in bot's (``bot``, :meth:`stand_in`): the texts
        to send. The person's move while a stand-in plays the seat first says the friend is back (``here``).

        Raises:
            IllegalMoveError, BlindError, ValueError: as :meth:`.deal.mental.MentalPage.move`; ``BlindError``
                ``not_your_turn`` while :meth:`readers` are still reading the last deal's result, a page is
                reconnecting, or in a try its host's page's reload cut off.
        """
        if self.page is None or self.guest.seat is None:
            raise ValueError("no mental table yet")
        if self.readers():
            raise BlindError("not_your_turn", self.guest.seat, "the table waits for everyone to read the last deal's "
                                                               "result")
        if self.unloading() or self.page.cut_off():
            raise BlindError("not_your_turn", self.guest.seat, "the table waits for a page that is reconnecting")
        back = [self.guest.here()] if not bot and self.stand_in() else []
        return back + self._send(self.page.move(self.guest.seat, token, self.clock()))

    def tick(self) -> list[str]:
        """Call every second: a page that owes this one its part for too long is named as stalling — not one whose
        seat is not here (its audit is waited for: :meth:`.deal.mental.MentalPage.tick`)."""
        if self.page is None or self.guest.welcome is None:
            return []
        levels, presence = self.guest.welcome["levels"], self.guest.presence
        away = [page_number(levels, s) for s, p in enumerate(presence) if p not in (None, HERE) and s < len(levels)
                and levels[s] == ONLINE]
        return self._send(self.page.tick(self.clock(), away))

    # ----- internals ------------------------------------------------------------------------------------------

    def _open(self, game: Game) -> None:
        g = self.guest
        assert g.rules is not None and g.table is not None and g.mental is not None
        if self.memory.table != g.table:  # a new page, or one whose storage kept another table
            self.memory = Memory(g.table, checks=self.memory.checks if not self.memory.table else None)
            self._left = 0
            self._taken()
        host = seats_of(list(g.welcome["levels"]), [0]) if g.welcome is not None else [None]
        self.page = MentalPage(g.rules, g.mental, g.table, self.randbytes, seat=g.seat, game=game,
                               rounds=self.memory.rounds, host_lost=[(g.host_reloaded, t) for t in g.host_lost],
                               host_seat=host[0])
        if self.standin is None:
            self.standin = StandIn(Session(Game(g.rules), game_id=g.table), self.randbytes)
            self._settings()
        self._events += self.standin.sync(self.page)

    def _online(self) -> list[int]:
        """The table's online seats, as the host's welcome says (none before it)."""
        return online_seats(list(self.guest.welcome["levels"])) if self.guest.welcome is not None else []

    def _settings(self) -> None:
        """The session's levels, names and stand-ins as the host's welcome and presence say."""
        assert self.standin is not None and self.guest.welcome is not None
        w, presence = self.guest.welcome, self.guest.presence
        levels = list(w["levels"])
        online = [("bot" if presence[s] in (BOT, SITTING) else "wait") if level == ONLINE and s < len(presence)
                  else None for s, level in enumerate(levels)]
        settings = self.standin.session.settings
        names = [n or "" for n in w["names"]]
        for seat, (was, now) in enumerate(zip(settings["names"], names, strict=False)):
            if was and not now:  # (a seat given to someone else: an annulment it causes names its former person)
                self._former[seat] = was
        try:  # (the earlier holders of seats given away, whose names the score sheet's past deals keep)
            former = check_former(w["former"], len(levels))
        except RulesError:
            former = []  # (a host's seat beyond its table: nothing kept of it, the sheet names each seat as now)
        settings.update(levels=levels, names=names, online=online, stand_in=w["stand_in"], former=former)
        people = [s for s, level in enumerate(levels) if level == HUMAN]
        settings["viewer"] = people[0] if people else 0

    def _record(self, text: str) -> list[str]:
        """The host's game so far: this page takes it between deals when it missed one (it was not in its round),
        saying a deal it was left out of although connected before it began; back on a new connection, it sends
        again the audit it owes of the next deal (:meth:`.deal.mental.MentalPage.resend`): the texts to send."""
        page = self.page
        assert page is not None
        try:
            game = loads(text)
        except KingError:
            return []
        audits = self.memory.rounds.audits  # (the audit it kept of a deal its host's game so far records: owed no
        for key in [k for k in audits if k[0] <= len(game.deals)]:  # more, whether or not this page audited it)
            del audits[key]
        r = page.round
        if r is not None and r.state not in _OVER and not r.kept:
            return []
        if self._came is None:  # (a page at the table before this connection came when its last checked deal was over)
            self._came = min(len(game.deals), max(self.checks.deals, default=len(game.deals)))
        if _progress(game) <= _progress(page.game):
            return []
        self._send(page.drop_resumed())  # (the round it kept: the host's game so far is past it)
        first = len(page.game.deals) + 1
        for deal in range(first, len(game.deals) + 1):
            if deal in self._resent and deal not in self.checks.deals:
                self.checks.deals[deal] = Check("resent", RESENT)
        for deal in range(first, len(game.deals) + 1):
            if deal > self.guest.joined_during:
                said = [e for e in page.table_at(deal) if isinstance(e, Event)]
                self.checks.note(said, self._online())
                self._events += said
        try:
            self._open(game)
        except ValueError:
            self._events.append(Event("refused", len(game.deals), "the host's game so far is not between deals", 0))
            return []
        self.checks.missed(first, len(game.deals), self._came, self.guest.joined_during,
                           back=not self.seated_during(self.guest.joined_during))
        watch = self.guest.watch
        if watch is not None and watch["deal"] == self.guest.joined_during == len(game.deals) > self._left:
            self.memory.reading = len(game.deals)  # (the deal it sat out, watched to its end: read like everyone)
        assert self.page is not None
        again = self.page.resend()
        self._resent.update(len(game.deals) + 1 for o in again if isinstance(o, Send) and '"mp_audit"' in o.text)
        return self._send(again)

    def _seated(self, e: Event) -> None:
        """A try annulled because a person was seated (``seated``): their page is in no round yet, so the seat it
        names — whose person the words name — is its online seat (:func:`page_number`), kept with the rounds."""
        last = self.page.last_annulled if self.page is not None else None
        online = self._online()
        if self.page is None or e.kind != "annulled" or e.detail != "seated" or last is None or last[0] != e.deal \
                or not e.page or e.page > len(online):
            return
        self.page.rounds.annulled_seat.setdefault(e.deal, {})[last[1]] = online[e.page - 1]

    def _send(self, outs: list[Out]) -> list[str]:
        out: list[str] = []
        said: list[Event] = []
        seat, presence = self.guest.seat, self.guest.presence
        for o in outs:
            if isinstance(o, Send):
                out.append(self.guest.mp(o.to, o.text))
            elif o.detail == "left_out" and seat is not None and seat < len(presence) \
                    and presence[seat] in (BOT, SITTING):
                words = f"deal {o.deal} is dealt without this page: a stand-in bot plays its seat while it is away"
                said.append(Event("stood_in", o.deal, words, 0, seat))  # the host said so (presence)
            else:
                said.append(o)
                if self.page is not None and self.standin is not None:
                    self._seated(o)
                    named(self.page, o, self.standin.session.settings["names"], self._former)
        self.checks.note(said, self._online())
        self._events += said
        for e in said:  # (a result its person has not left: kept across a reload)
            if e.kind == "audited" and e.deal > self._left:
                self.memory.reading = max(self.memory.reading, e.deal)
        if self.page is not None and self.standin is not None:
            self._events += self.standin.sync(self.page)
        return out
