"""Mental poker's protocol, sans-I/O: one page of a table of 2–6 pages that shuffle, deal, play and audit a
rubber together so that no device sees another person's cards (docs/NET.md "Mental poker: no device sees
another's cards"; Shamir, Rivest, Adleman 1979).

A :class:`MentalPage` is fed texts (:meth:`~MentalPage.receive`), its own seats' moves (:meth:`~MentalPage.move`)
and the time (:meth:`~MentalPage.tick`), and answers with a list of :class:`Send` (texts for other pages) and
:class:`Event` (what happened, in plain words, for the page to show). It owns no socket, no clock and no
randomness: ``randbytes`` and ``now`` come from the page. Pages are numbered, the host's page 0; each round
lists its pages and which page holds each seat (``owners``: the host's page holds its own seat and the bots').

A round (one shuffle of one deck):

1. **start** — the host names the deal, its try and draw round, the pages and the seats' owners (``mp_start``);
2. **shuffle** — each page in turn locks the deck (``mp_lock``), then each in turn relocks it with one key per
   position and commits to the keys (``mp_relock``, :mod:`~kingcore.online.deal.shuffle`);
3. **deal** — for a position dealt to a seat, every other page sends that seat's page its key (``mp_keys``),
   and only that page opens it; the draw's cards and the kitty (when the early end needs it, RULES.md §11.19)
   are opened to all (``mp_show``); the khvalyonka caller's cards past its third wait for its call;
4. **play** — calls are public (``mp_call``); a card is shown with every page's key for its position
   (``mp_play``), and every page checks the keys match their commitments, open the position to that card, and
   that the position was dealt to that seat and not played before; "by the last card" shows the caller's
   last card the same way (``mp_reveal``);
5. **audit** — at the deal's end (also an early one) every page reveals all its keys (``mp_audit``); each page
   opens every position, checks the deck held each card once, and replays the deal through the engine
   (:mod:`~kingcore.online.deal.audit`): a renege is named and costs its seat the whole penalty (§11.20).

Refused, each with its words: a second shuffle of a deal (``again``), a deal this page was left out of
(``left_out``), this page's seat given to another page (``seat_taken``), a key that does not match its
commitment or keys that open no card (``wrong_key``, ``no_card``), a card not dealt to its player
(``not_dealt``), a card played twice (``played_twice``), a move out of turn, a deck with a card twice
(``deck_tampered``), a text that is no message (``bad_message``) — and a page that withholds what it owes
for :data:`STALL_S` seconds is named (``stalled``) and the deal annulled (``annulled``).

Size: over 400 lines because one page's state machine — the start, the two shuffle passes, the deal, the
play, the audit, a dispute and the stalls — reads and writes one round's state (decks, keys, commitments,
cards opened); each handler and each step is short.
"""

from __future__ import annotations

from collections.abc import Callable, Collection, Sequence
from dataclasses import dataclass, field
from typing import Any

from ...cards import Card, iter_bits
from ...errors import DealError, KingError
from ...game import Game, Phase, draw_result
from ...moves import Move
from ...rules import Rules
from ...view import SeatView, seat_view
from .audit import Audit, audit_deal
from .blind import BlindDeal, BlindError, draw_needed
from .group import Element, GroupError, card_table, read_element, read_scalar, scalar_text
from .shuffle import COMMIT_CHARS, DeckLocks, check_lock_step, check_relock_step, commitment, open_position, start_deck
from .wire import WireError, read, write

STALL_S = 30.0
"""Seconds the host's page waits for a page's automatic step (a shuffle step, keys, the audit) before it
names that page as stalling and annuls the deal: a step is at most a hundred multiplications (≈ 1 s in
Pyodide here, a few on a slow phone); people's own moves have no deadline."""
STALL_GRACE_S = 15.0
"""A guest's page waits this much longer than the host's, so the host's annulment normally names the
staller first and every page says the same."""


@dataclass(frozen=True)
class Send:
    """A text for page ``to``, or for every other page of the round when ``to`` is ``None`` (relayed by the
    host's page)."""

    to: int | None
    text: str


@dataclass(frozen=True)
class Event:
    """What happened, for the page to show: ``kind`` (see :data:`EVENTS`), the deal, plain English words,
    and where they apply the page and seat concerned and a ``detail`` (a token, a card, an :class:`Audit`);
    an audit's ``owners``: the page that held each seat in the round audited (the host's page, 0, its own
    seat, the bots' and any stand-in's)."""

    kind: str
    deal: int
    words: str
    page: int | None = None
    seat: int | None = None
    detail: Any = None
    owners: tuple[int, ...] = ()


Out = Send | Event
DISPUTED = ("no_card", "deck_tampered")
"""Cheats no single text proves (a position opens no card though every key matches its commitment; the
deck opened at the audit holds a card twice): every page then reveals how it shuffled (``mp_secrets``) and
each page checks every step, naming the page whose step does not match its secrets."""
NAMED_FOR = {"stalled": "did not answer in time", "wrong_key": "was named for a key that opens no card",
             "no_card": "was named for keys that open no card", "false_accusation": "was named for a false accusation"}
"""Why a page sits a deal out, in words, by the code it was named for when the deal's last try was annulled."""
EVENTS = ("draw", "dealt", "moved", "kitty", "shown", "renege", "audited", "cheat", "refused", "stalled",
          "annulled", "stood_in", "redraw", "awaiting")
"""Every :attr:`Event.kind`."""


def shuffles_said(attempt: int) -> str:
    """What an audit adds of a deal dealt on its try ``attempt`` (0: the first): how often it was shuffled, so that
    a host that has a deal annulled until it likes its own cards (a friend's connection dropped each time) is seen
    doing it. A page refuses a try before one it joined, so the count is never less than the tries it saw.

    >>> shuffles_said(0), shuffles_said(1), shuffles_said(3)
    ('', '; shuffled 2 times, the first annulled', '; shuffled 4 times, the first 3 annulled')
    """
    if attempt == 0:
        return ""
    return f"; shuffled {attempt + 1} times, the first {'' if attempt == 1 else f'{attempt} '}annulled"


@dataclass
class Held:
    """The round of a deal a friend's page is in, kept with its memory until the round is over (its own locks and
    every text of the round it took, in order): a page whose connection is lost, or that is reloaded, plays the
    round on when it is back instead of losing its keys with the connection — the host's page sends it the round's
    texts again (it skips those it has) when it waits for the page, so a host cannot throw a deal away by cutting a
    friend off just before its last card (docs/NET.md "What a friend's page remembers").

    Attributes:
        key: the round's ``(deal, try, draw)``.
        k, perm, keys: this page's shuffle lock, permutation and key per position (scalars as text): secret, kept on
            its own device only.
        log: the round's steps in the order this page took them: ``(sender page, text)`` for a text received
            (``sender`` ≥ 0), ``(-1 - seat, move token)`` for a move of its own seat.
    """

    key: tuple[int, int, int]
    k: str
    perm: list[int]
    keys: list[str]
    log: list[tuple[int, str]] = field(default_factory=list)


@dataclass
class Rounds:
    """The rounds one page took part in, which it keeps across its connections and reloads (a friend's page stores
    them, :mod:`~kingcore.online.deal.memory`): a host that drops a friend's connection, or has its page reloaded,
    must not find a page that forgot the shuffles it joined — it would join the same try of a deal again, or a
    deal it already audited.

    Attributes:
        seen: every round's ``(deal, try, draw)`` this page was started in.
        tries: deal → the next try this page expects of it (one more than its last annulled try).
        named_in: deals whose annulment named this page (a stall, a cheat), with the code it was named for.
        done: the deals finished here — audited (0: the draw for the first dealer, once it found a dealer). A
            later try of one is still taken: the host's page annuls a deal whose page never came back with its
            audit, which this page cannot tell from a host that hides the audit it got.
        audits: round ``(deal, try, draw)`` → the audit (every key of this page, as texts) a friend's page sent
            at the end of a deal its host's page is not past yet (its game so far records it, or the next deal
            starts) — audited on this page or not
            (:meth:`MentalPage.resend`): a page whose connection was lost before its audit reached the host sends
            it again when it is back, and the host's page waits for it instead of annulling a deal played to its
            end.
        held: the round in play a friend's page is in (:class:`Held`), ``None`` when there is none.
        annulled: deal → try → why this page saw that try annulled (the annulment's code: ``left``, ``stalled``, a
            cheat's; ``reloaded``: this page was reloaded, or lost its connection, during it; ``host``: the host's
            page was reloaded during it, which cut this page's connection too): a deal's audit says how often it
            was shuffled, and the page says why each earlier try was annulled, or that it did not see it.
        begun: every ``(deal, try)`` in which this page saw a call or a card made (the draw's never): a try annulled
            then was a deal under way, not a shuffle's try (:meth:`begun_last`).
        annulled_seat: deal → try → the seat of the page that try's annulment named (the page that left, did not
            answer in time or broke the shuffle; its person's: the host's page's, the host's own seat, never a bot's
            it holds — :attr:`MentalPage.host_seat`), when it named another page than this one: the
            result panel says whose page it was.
        annulled_name: deal → try → the name of that seat's person when the try was annulled, as this page's table
            named them then (:meth:`name_annulled`; none when they had no name): the words name the person whose
            page it was even once the seat is given to someone else, its name cleared or another's.
    """

    seen: set[tuple[int, int, int]] = field(default_factory=set)
    tries: dict[int, int] = field(default_factory=dict)
    named_in: dict[int, str] = field(default_factory=dict)
    done: set[int] = field(default_factory=set)
    audits: dict[tuple[int, int, int], list[str]] = field(default_factory=dict)
    held: Held | None = None
    annulled: dict[int, dict[int, str]] = field(default_factory=dict)
    annulled_seat: dict[int, dict[int, int]] = field(default_factory=dict)
    annulled_name: dict[int, dict[int, str]] = field(default_factory=dict)
    begun: set[tuple[int, int]] = field(default_factory=set)

    def begun_last(self, deal: int) -> bool:
        """Whether a call or a card was made in the last try of ``deal`` this page saw annulled (:attr:`begun`):
        a deal under way when it was annulled ("Deal 3 is annulled"), not only its shuffle's try ("Deal 3's
        shuffle was annulled") — one public fact, the same on every page of the round, and kept across a reload.

        >>> Rounds(annulled={3: {0: "left", 1: "host"}}, begun={(3, 1)}).begun_last(3), Rounds().begun_last(3)
        (True, False)
        """
        tries = self.annulled.get(deal, {})
        return bool(tries) and (deal, max(tries)) in self.begun

    def why_annulled(self, deal: int, shuffled: int) -> list[str]:
        """Why each try of ``deal`` before its last was annulled, as this page saw it (:attr:`annulled`;
        ``"unseen"``: a try this page was not in, or did not see end), for a deal ``shuffled`` times: one code a
        try, so that every shuffle the audit counts is said.

        >>> Rounds(annulled={3: {0: "left", 2: "stalled"}}).why_annulled(3, 4)
        ['left', 'unseen', 'stalled']
        """
        tries = self.annulled.get(deal, {})
        return [tries.get(t, "unseen") for t in range(shuffled - 1)]

    def who_annulled(self, deal: int, shuffled: int) -> list[int | None]:
        """The seat of the page each try of ``deal`` before its last was annulled for (:attr:`annulled_seat`;
        ``None``: this page, or a page not named, or a try this page did not see), one a try as
        :meth:`why_annulled`.

        >>> Rounds(annulled_seat={3: {0: 2}}).who_annulled(3, 3)
        [2, None]
        """
        seats = self.annulled_seat.get(deal, {})
        return [seats.get(t) for t in range(shuffled - 1)]

    def names_annulled(self, deal: int, shuffled: int) -> list[str | None]:
        """The name of the person each try of ``deal`` before its last was annulled for (:attr:`annulled_name`;
        ``None``: not known), one a try as :meth:`who_annulled`.

        >>> Rounds(annulled_name={3: {1: "Petya"}}).names_annulled(3, 3)
        [None, 'Petya']
        """
        names = self.annulled_name.get(deal, {})
        return [names.get(t) for t in range(shuffled - 1)]

    def name_annulled(self, deal: int, attempt: int, names: list[str], former: dict[int, str]) -> None:
        """Keep the name of the person whose page try ``attempt`` of ``deal`` was annulled for (its
        :attr:`annulled_seat`), once, as it was when the try was annulled: ``names`` (the table's, per seat) or, for
        a seat whose name was cleared — given to someone else in that very step —, ``former`` (seat → the name it
        had before)."""
        seat = self.annulled_seat.get(deal, {}).get(attempt)
        if seat is None or attempt in self.annulled_name.get(deal, {}):
            return
        name = (names[seat] if seat < len(names) else "") or former.get(seat, "")
        if name:
            self.annulled_name.setdefault(deal, {})[attempt] = name


_OVER = ("done", "annulled")


class _Round:
    """One shuffle of one deck on this page: the public decks, the keys known here, the cards opened."""

    def __init__(self, key: tuple[int, int, int], pages: list[int], owners: list[int], cards: list[int],
                 context: str, locks: DeckLocks, now: float) -> None:
        self.key = key
        self.deal, self.attempt, self.draw = key
        self.pages = pages
        self.owners = owners
        self.cards = cards
        self.size = len(cards)
        self.context = context
        self.locks = locks
        self.table = card_table(cards)
        self.lock_out: list[list[Element]] = []
        self.relock_out: list[list[Element]] = []
        self.commits: dict[int, list[str]] = {}
        self.keys: dict[int, dict[int, int]] = {}
        self.opened: dict[int, int] = {}
        self.sent: set[int] = set()
        self.public: set[int] = set()
        self.public_next = 0
        self.shown_sent: set[int] = set()
        self.audit: dict[int, list[int]] = {}
        self.dealt_said = 0
        self.state = "shuffle"
        self.progress = now
        self.dispute: dict[int, tuple[int, list[int], list[int]]] | None = None
        """Each page's revealed shuffle secrets ``(k, permutation, keys)`` once a dispute is under way."""
        self.got: set[tuple[int, str]] = set()
        """Every ``(sender, text)`` of the round this page took: while :attr:`resumed`, a text sent again (the host's
        page sends the round's texts again, in order) is skipped; after that a text twice is refused, as ever."""
        self.resumed = False
        """Played again from its :class:`Held` on a new connection or after a reload, and no new text since: the
        host may have annulled it meanwhile, and no stall's deadline runs."""
        self.kept = False
        """Played again from its :class:`Held`: a later try of its deal the host starts ends it here (the host
        annulled it while this page was away)."""

    @property
    def final(self) -> list[Element]:
        return self.relock_out[-1]


class _Cheat(Exception):
    """A cheat found: its code, the page at fault (``None``: not known) and the words; ``evidence`` is
    ``(position, key text)`` of a key sent to this page alone, shown to all so they can check it."""

    def __init__(self, code: str, page: int | None, words: str, evidence: tuple[int, str] | None = None) -> None:
        super().__init__(words)
        self.code = code
        self.page = page
        self.words = words
        self.evidence = evidence


class MentalPage:
    """One page of a mental-poker table.

    Args:
        rules: the table's :class:`~kingcore.rules.Rules`.
        page: this page's number (0: the host's).
        table: the table's id (bound into every key's commitment).
        randbytes: the platform's random source, ``randbytes(count) -> bytes`` (``secrets.token_bytes``,
            ``crypto.getRandomValues`` in the page).
        seat: a guest's own seat (each round must leave it to this page), ``None`` on the host's page.
        game: for a page that joins a rubber under way, the game so far (between two deals, or over; its deals
            were dealt before this page came, and it cannot check them), else a new game.
        rounds: the rounds this page took part in on its earlier connections or before its reload
            (:class:`Rounds`, shared: this page adds to it), else none; a round it never finished is taken as
            annulled, so that a host's page reloaded mid-deal starts the deal's next try, which every friend's
            page takes — except the round a friend's page kept (:attr:`Rounds.held`): played again from its texts
            once ``game`` is at its deal's start (until then kept), to go on when the host sends what it missed.
        host_lost: the tries ``(deal, try)`` the host's page's reload cut off (:attr:`host_lost`).
        host_seat: the seat of the host's own person (:func:`~kingcore.online.mentaltable.seats_of`), which an
            annulment naming the host's page names — never a bot's seat the host's page also holds; ``None``: the
            first seat the host's page holds in the round.
    """

    def __init__(self, rules: Rules, page: int, table: str, randbytes: Callable[[int], bytes],
                 seat: int | None = None, game: Game | None = None, rounds: Rounds | None = None,
                 host_lost: Collection[tuple[int, int]] = (), host_seat: int | None = None) -> None:
        self.rules = rules
        self.page = page
        self.table = table
        self.randbytes = randbytes
        self.seat = seat
        self.host_seat = host_seat
        if game is not None and (game.rules != rules or game.phase not in (Phase.DRAW_DEALER, Phase.DEAL,
                                                                            Phase.DEAL_OVER, Phase.RUBBER_OVER)):
            raise ValueError("a page joins a game of its rules between two deals (or once it is over)")
        self.game = game if game is not None else Game(rules)
        """The audited game: every finished deal, dealt its opened hands and replayed through the engine."""
        self.deal: BlindDeal | None = None
        self.draw: list[Card] = []
        self.round: _Round | None = None
        self.rounds = rounds if rounds is not None else Rounds()
        self.host_lost = set(host_lost)
        """The tries ``(deal, try)`` the host's page's reload cut off (its ``mental`` says so): a friend's page that
        lost one says the host's page was lost (``host``), not its own (``reloaded``)."""
        held = self.rounds.held
        for d, t, r in self.rounds.seen:  # a round this page joined and never finished is over (its keys are lost
            if d not in self.rounds.done and (held is None or held.key != (d, t, r)):  # with the page that held
                self.rounds.tries[d] = max(self.rounds.tries.get(d, 0), t + 1)  # them): its deal goes on from the
                self._lost(d, t)  # next try
        self.seen = self.rounds.seen
        self.tries = self.rounds.tries
        self.draw_round = 0
        self.named_in = self.rounds.named_in
        """Deals whose annulment named this page (a stall, a cheat), with why: it may be dealt without it."""
        self.audits: list[Audit] = []
        self.last_annulled: tuple[int, int, int | None, str] | None = None
        """The last try annulled here: ``(deal, try, page named or None, why)`` (:meth:`waiting`)."""
        self.bytes_sent = 0
        """Characters sent, each text counted once per page it is for."""
        self._replaying = False
        if held is not None:
            self._resume(held)

    # ----- what the page asks -----------------------------------------------------------------------

    def expected(self) -> tuple[int, int, int] | None:
        """The next round's ``(deal, try, draw)``, or ``None`` while a round runs or once the rubber is over."""
        r = self.round
        if r is not None and r.state not in ("done", "annulled"):
            return None
        if self.game.phase is Phase.DRAW_DEALER:
            return (0, self.tries.get(0, 0), self.draw_round)
        if self.game.phase in (Phase.DEAL, Phase.DEAL_OVER):
            d = len(self.game.deals) + 1
            return (d, self.tries.get(d, 0), -1)
        return None

    @property
    def last_begun(self) -> bool:
        """Whether a call or a card was made in :attr:`last_annulled`'s try before it was annulled
        (:attr:`Rounds.begun`, as every page's words say it): a deal under way, not a shuffle's try of a deal no one
        had played yet."""
        a = self.last_annulled
        return a is not None and (a[0], a[1]) in self.rounds.begun

    def cut_off(self) -> bool:
        """Whether the round in play here is one this page played again from its :class:`Held` (back on a new
        connection) that its host's page's reload cut off (:attr:`host_lost`): it never goes on — the host's page
        deals its next try —, so no one moves in it while the host's texts that end it are on their way."""
        r = self.round
        return r is not None and r.kept and r.state not in _OVER and (r.deal, r.attempt) in self.host_lost

    def mine(self) -> set[int]:
        """The seats this page holds in the current round."""
        r = self.round
        return {s for s, p in enumerate(r.owners) if p == self.page} if r else set()

    def view(self, seat: int) -> SeatView:
        """What ``seat`` (one of this page's) sees now (:class:`~kingcore.view.SeatView`, what bots choose from):
        the blind deal's until its audit is done, then the audited game's."""
        r = self.round
        if self.deal is not None and r is not None and r.state != "done":
            return self.deal.view(seat)
        return seat_view(self.game, seat)

    def known_cards(self) -> int:
        """Every card of the current deal (or draw) this page knows in the clear now, as a mask: its seats'
        cards and every card shown (the draw, cards played, the kitty once open, the caller's last card). The
        test hook of "no device sees another's cards"."""
        if self.deal is not None:
            return self.deal.known()
        m = 0
        if self.round is not None and self.round.draw >= 0:
            for c in self.draw:  # the draw's deck is shuffled apart from every deal's
                m |= c.mask
        return m

    def needs(self, page: int) -> bool:
        """Whether the round in play still needs ``page``'s part: its shuffle step, its keys — every position
        opens only with every page's key — or its audit (once it sent its audit, the deal can end without it)."""
        r = self.round
        if r is None or r.state in ("done", "annulled") or page not in r.pages:
            return False
        return r.state != "audit" or page not in r.audit

    def annul(self, now: float, page: int, why: str, words: str, seat: int | None = None) -> list[Out]:
        """This page annuls the round in play because of ``page`` (``why``: a code, e.g. ``left`` — its
        connection was lost and the round cannot go on without its keys; ``seated`` — a person seated at ``seat``,
        whose page is not in the round, is dealt in on the next try), and tells every page (``mp_annul``);
        nothing when no round is in play. ``seat``: the seat of the person ``page`` stands for (``None``: the seat
        it holds in the round)."""
        r = self.round
        if r is None or r.state in ("done", "annulled"):
            return []
        return self._annul(now, "annulled", why, page, words, seat=self._person(page, r) if seat is None else seat)

    def waiting(self) -> tuple[str, int, list[int]] | None:
        """What the page's table waits for, said while a deal's result is shown: ``("audit", deal, pages)`` — the
        deal played to its end, its audit waiting for those pages' keys (the verdict comes with them);
        ``("annulled", deal, pages)`` — its last try annulled, naming those pages (``[]``: none), no later try begun
        yet (the table waits, e.g. for a friend lost); ``("again", deal, pages)`` — a later try of it in play after
        such an annulment. ``None`` otherwise."""
        r, last = self.round, self.last_annulled
        if r is not None and r.state == "audit" and r.deal > 0:
            return "audit", r.deal, sorted(self._awaited(r))
        if last is None or r is None or r.deal != last[0] or r.draw >= 0:
            return None
        named = [] if last[2] is None else [last[2]]
        if r.state == "annulled" and r.attempt == last[1]:
            return "annulled", r.deal, named
        if r.state in ("shuffle", "deal") and r.attempt > last[1]:
            return "again", r.deal, named
        return None

    def keys_held(self, position: int) -> set[int]:
        """The pages whose key for ``position`` of the current round this page holds (a position can be
        opened only with every page's key)."""
        r = self.round
        return set(r.keys.get(position, {})) if r else set()

    # ----- the host -----------------------------------------------------------------------------------

    def start(self, now: float, pages: Sequence[int], owners: Sequence[int]) -> list[Out]:
        """The host's page starts the next round: the draw's or the next deal's shuffle, with ``pages`` (its
        own first, then the connected guests' pages) and ``owners`` (the page holding each seat).

        Raises:
            ValueError: not the host's page, no round is due, or pages and owners that do not fit.
        """
        key = self.expected()
        if self.page != 0 or key is None:
            raise ValueError("only the host's page starts a round, and only when one is due")
        d, t, r = key
        text = write("mp_start", deal=d, **{"try": t}, draw=r, pages=list(pages), owners=list(owners))
        got = self._receive(0, text, now)
        if any(isinstance(o, Event) and o.kind == "refused" for o in got):
            raise ValueError(f"pages {list(pages)} and owners {list(owners)} do not make a round")
        return [self._send(None, text), *got]

    # ----- input --------------------------------------------------------------------------------------

    def receive(self, sender: int, text: object, now: float) -> list[Out]:
        """A text from page ``sender`` (as the transport knows it). Never raises: a text that is no message, or
        not one due now, is a ``refused`` event and changes nothing; a cheat is a ``cheat`` event and annuls
        the deal."""
        try:
            return self._receive(sender, text, now)
        except _Cheat as c:
            r = self.round
            outs: list[Out] = []
            if c.evidence is not None and c.page is not None and r is not None:
                outs.append(self._send(None, write("mp_cheat", **self._rk(r), page=c.page, pos=c.evidence[0],
                                                   key=c.evidence[1])))
            return outs + self._annul(now, "cheat", c.code, c.page, c.words)
        except (WireError, GroupError, KingError, BlindError) as e:
            r = self.round
            return [Event("refused", r.deal if r else -1, f"refused a text of page {sender}: {e}", sender,
                          detail=getattr(e, "code", "bad_message"))]

    def move(self, seat: int, token: str, now: float) -> list[Out]:
        """A move of one of this page's seats (its person's, or a bot's on the host's page): a call, or a
        card shown with every key of its position.

        Raises:
            IllegalMoveError: the engine refuses the card for the seat's hand.
            BlindError: not this seat's turn, or a call the rules refuse.
            ValueError: not a seat of this page, or no deal in play.
        """
        r, d = self.round, self.deal
        if r is None or d is None or r.state != "deal" or seat not in self.mine():
            raise ValueError(f"seat {seat} has no move on this page now")
        m = Move.parse(token)
        if m.kind != "card":
            d.call(seat, m)
            self._hold(r.key, (-1 - seat, token))
            self._note_begun(own=True)
            text = write("mp_call", **self._rk(r), seat=seat, move=str(m))
            return [self._send(None, text), Event("moved", r.deal, f"seat {seat}: {m}", self.page, seat, str(m)),
                    *self._advance(now)]
        assert m.card is not None
        pos = next((p for p, c in d.cards.items() if c == m.card.index and d.seat_of(p) == seat
                    and p not in d.played_positions), None)
        if pos is None:
            d.check_own(seat, m.card)  # raises: not in the hand
            raise ValueError(f"seat {seat} does not hold {m.card}")
        d.play(seat, pos, m.card.index)
        self._hold(r.key, (-1 - seat, token))
        self._note_begun(own=True)
        keys = [scalar_text(r.keys[pos][p]) for p in r.pages]
        text = write("mp_play", **self._rk(r), seat=seat, pos=pos, card=str(m.card), keys=keys)
        return [self._send(None, text), Event("moved", r.deal, f"seat {seat}: {m.card.pretty}", self.page, seat,
                                              str(m.card)), *self._advance(now)]

    def resend(self) -> list[Out]:
        """A friend's page back on a new connection, with the game so far: its audit of the next deal's round,
        which it sent at the deal's end but never finished (:attr:`Rounds.audits`), sent again — the host's page
        waits for it; for a round of that deal it was in and left before the deal's end (its keys went with it),
        an annulment naming itself (``left``), so that the table does not wait for an audit that cannot come.
        A page never sends its keys for a deal it did not see end: a host's word that a deal is over is no
        proof. A round it kept (:attr:`Rounds.held`, played again) waits for the host's texts instead."""
        if self.page == 0 or self.game.phase not in (Phase.DEAL, Phase.DEAL_OVER):
            return []
        deal = len(self.game.deals) + 1
        outs: list[Out] = []
        for key in sorted(k for k in self.seen if k[0] == deal):
            rk = {"deal": key[0], "try": key[1], "draw": key[2]}
            keys = self.rounds.audits.get(key)
            r = self.round
            if keys is not None:
                outs.append(self._send(None, write("mp_audit", **rk, keys=keys)))
            elif r is not None and r.kept and r.key == key:
                continue  # (kept: it goes on with the texts the host sends it again, or a later try starts)
            elif key[1] + 1 >= self.tries.get(deal, 0):
                outs += [self._send(None, write("mp_annul", **rk, page=self.page, why="left")),
                         Event("annulled", deal, f"this page left deal {deal} before its end, its keys with it: the "
                                             "deal is annulled, to be dealt again", self.page, detail="left")]
        return outs

    def table_at(self, deal: int) -> list[Out]:
        """The host's table (its views, as the page receives them) says ``deal`` is in play: a guest's page
        that never took part in a round of that deal says it was dealt without it — a host that leaves a page
        out may send it nothing of the round at all."""
        r = self.round
        if deal <= 0 or (r is not None and r.deal == deal) or deal in self.named_in:
            return []
        if any(k[0] == deal for k in self.seen) or self.game.phase is Phase.RUBBER_OVER:
            return []
        return [Event("refused", deal, f"the host dealt deal {deal} without this page", 0, detail="left_out")]

    def tick(self, now: float, away: Collection[int] = ()) -> list[Out]:
        """The time passes: a page that owes this page a step for longer than :data:`STALL_S` (a guest's
        page: plus :data:`STALL_GRACE_S`) is named as stalling and the deal annulled. While the audit of a deal
        played to its end waits for a page that is ``away`` (its connection lost: it sends its audit again when
        it is back, :meth:`resend`), the deadline does not run; it counts from the page's return."""
        r = self.round
        if r is None or r.state in ("done", "annulled"):
            return []
        if r.resumed:  # (the host's texts again, or a later try: the host's page owes the next step)
            r.progress = now
            return []
        waiting = self._awaited(r)
        if r.state == "audit" and waiting & set(away):
            r.progress = now
            return []
        limit = STALL_S + (STALL_GRACE_S if self.page else 0.0)
        if not waiting or now - r.progress <= limit:
            return []
        late = min(waiting)
        seats = [s for s, p in enumerate(r.owners) if p == late]
        words = f"{self._who(late, r)} did not send its part of deal {r.deal} in time (seat {seats})"
        return self._annul(now, "stalled", "stalled", late, words, seat=self._person(late, r))

    def drop_resumed(self) -> list[Out]:
        """The round this page played again from its :class:`Held` is over here, said, when the host annulled it
        while the page was away (its connection lost, or reloaded): a later try of the deal starts, or the game
        so far is past it. Nothing when no such round is in play."""
        r = self.round
        if r is None or not r.kept or r.state in _OVER:
            return []
        r.state = "annulled"
        self.tries[r.deal] = max(self.tries.get(r.deal, 0), r.attempt + 1)
        self.last_annulled = (r.deal, r.attempt, self.page, "left")
        self._lost(r.deal, r.attempt)
        self.rounds.audits.pop(r.key, None)
        self._hold(r.key, None)
        self.deal = None
        return [Event("annulled", r.deal, f"this page left deal {r.deal} before its end, and the host annulled it "
                                          "meanwhile: it is dealt again", self.page, detail="left")]

    # ----- internals ----------------------------------------------------------------------------------

    def _begun(self) -> bool:
        """Whether a call or a card was made in the deal in play here (``False`` in the draw, or before its cards
        are dealt)."""
        d = self.deal
        return d is not None and bool(d.calls or d.plays)

    def _note_begun(self, own: bool = False) -> None:
        """A call or a card made in the deal in play: its try is a deal under way (:attr:`Rounds.begun`) — but not
        a friend's page's ``own`` move in a round it plays on from its memory (``kept``): the host's page may have
        annulled that round meanwhile, and no other page saw the move."""
        r = self.round
        if r is not None and r.draw < 0 and self._begun() and not (own and r.kept and self.page != 0):
            self.rounds.begun.add((r.deal, r.attempt))

    def _hold(self, key: tuple[int, int, int], step: tuple[int, str] | None) -> None:
        """A friend's page keeps a deal's round in play (:attr:`Rounds.held`): ``step`` (a text taken, or a move
        of its own) added to it, and the round dropped once it is over here (or when ``step`` is ``None``)."""
        r, held = self.round, self.rounds.held
        if r is None or r.key != key:
            return
        if step is not None and step[0] >= 0:
            r.got.add(step)
        if self.page == 0 or r.draw >= 0 or self._replaying:
            return
        if step is None or r.state in _OVER:
            if held is not None and held.key == key:
                self.rounds.held = None
            return
        if held is None or held.key != key:
            k, perm = r.locks.reveal()
            held = self.rounds.held = Held(key, scalar_text(k), perm, [scalar_text(e) for e in r.locks.keys])
        held.log.append(step)
        r.resumed = False

    def _resume(self, held: Held) -> None:
        """Play the kept round again from its texts and moves once the game is at its deal's start; drop it
        when the game is past it (that deal finished without this page) or it does not replay."""
        d = held.key[0]
        if self.game.phase is Phase.DRAW_DEALER or (self.game.phase is not Phase.RUBBER_OVER
                                                    and len(self.game.deals) + 1 < d):
            return  # (the game so far comes with the host's record)
        ok = False
        if len(self.game.deals) + 1 == d and self.game.phase is not Phase.RUBBER_OVER:
            self._replaying = True
            try:
                for sender, text in held.log:
                    if sender >= 0:
                        self._receive(sender, text, 0.0)
                    else:
                        self.move(-1 - sender, text, 0.0)
                r = self.round
                ok = r is not None and r.key == held.key and r.state not in _OVER
            except (WireError, GroupError, KingError, BlindError, ValueError, _Cheat):
                ok = False
            finally:
                self._replaying = False
        if ok:
            assert self.round is not None
            self.round.resumed = self.round.kept = True
            return
        self.round, self.deal, self.rounds.held = None, None, None
        self.tries[d] = max(self.tries.get(d, 0), held.key[1] + 1)
        self._lost(d, held.key[1])

    def _lost(self, deal: int, attempt: int) -> None:
        """A try this page was in and never saw end, over with its connection (:attr:`Rounds.annulled`):
        ``host`` when the host's page's reload cut it off (:attr:`host_lost`), else ``reloaded`` (this page's
        own reload or lost connection) — a code said before stays, but for ``reloaded`` of a try the host's page
        says it lost."""
        tries = self.rounds.annulled.setdefault(deal, {})
        if (deal, attempt) in self.host_lost and tries.get(attempt, "reloaded") == "reloaded":
            tries[attempt] = "host"
            self.rounds.annulled_seat.get(deal, {}).pop(attempt, None)
            self.rounds.annulled_name.get(deal, {}).pop(attempt, None)
        else:
            tries.setdefault(attempt, "reloaded")

    def _person(self, page: int | None, r: _Round) -> int | None:
        """The seat of the person ``page`` stands for in round ``r``, for the words and the rounds' record: the host's
        page its own person's (:attr:`host_seat`, when it holds it), never a bot's; a friend's page its seat; else
        the first seat it holds (``None``: none, or no page)."""
        if page == 0 and self.host_seat is not None and self.host_seat < len(r.owners) \
                and r.owners[self.host_seat] == 0:
            return self.host_seat
        return next((s for s, p in enumerate(r.owners) if p == page), None)

    def _rk(self, r: _Round) -> dict[str, int]:
        return {"deal": r.deal, "try": r.attempt, "draw": r.draw}

    def _send(self, to: int | None, text: str) -> Send:
        r = self.round
        self.bytes_sent += len(text) * ((len(r.pages) - 1 if r else 1) if to is None else 1)
        return Send(to, text)

    def _who(self, page: int, r: _Round | None = None) -> str:
        if page == 0:
            return "the host's page"
        r = r or self.round
        seats = [s for s, p in enumerate(r.owners) if p == page] if r else []
        return f"seat {seats[0]}'s page" if seats else f"page {page}"

    def _receive(self, sender: int, text: object, now: float) -> list[Out]:
        msg = read(text)
        assert isinstance(text, str)
        key = (msg["deal"], msg["try"], msg["draw"])
        r = self.round
        if r is not None and r.resumed and key == r.key and (sender, text) in r.got and msg["kind"] != "mp_start":
            return []  # (the host's page sends a page back on a new connection the round's texts again, in order;
            # never its start: a start again is refused, as ever)
        outs = self._take(sender, msg, key, now)
        self._note_begun()
        if msg["kind"] != "mp_start" or self.round is not r:  # (a start refused is no step of the round)
            self._hold(key, (sender, text))
        return outs

    def _take(self, sender: int, msg: dict[str, Any], key: tuple[int, int, int], now: float) -> list[Out]:
        kind = msg["kind"]
        if kind == "mp_start":
            return self._start(sender, msg, key, now)
        r = self.round
        if r is None or key != r.key:
            if key in self.seen or (r is not None and key[0] == r.deal and key[1] < r.attempt):
                return []  # a late text of a round that is over
            raise WireError("unknown_round", f"deal {key[0]} was dealt without this page (try {key[1]})")
        if sender not in r.pages or sender == self.page:
            raise WireError("bad_message", f"page {sender} is not in this round")
        if kind == "mp_secrets" and r.dispute is not None:
            return self._on_secrets(r, sender, msg)
        if r.state in ("done", "annulled"):
            return []
        if kind == "mp_annul":  # any page may stop a deal it cannot go on with; it could stall it as well
            named = msg["page"]
            words = f"deal {r.deal} annulled by {self._who(sender, r)}: {msg['why']}" + (
                f" ({self._who(named, r)})" if named is not None else "")
            return self._annul(now, "annulled", str(msg["why"]), named, words, tell=False)
        handler = getattr(self, "_on_" + kind[3:])
        outs: list[Out] = handler(r, sender, msg)
        r.progress = now
        return outs + self._advance(now)

    def _start(self, sender: int, msg: dict[str, Any], key: tuple[int, int, int], now: float) -> list[Out]:
        r = self.round
        if sender == 0 and r is not None and r.kept and key[0] == r.deal and key[1] > r.attempt:
            return self.drop_resumed() + self._begin(sender, msg, key, now)  # (annulled while this page was away)
        return self._begin(sender, msg, key, now)

    def _begin(self, sender: int, msg: dict[str, Any], key: tuple[int, int, int], now: float) -> list[Out]:
        d = key[0]
        if sender != 0:
            raise WireError("bad_message", "only the host's page starts a round")
        if not self._replaying:  # (else a round this page took before, played again from its texts)
            if key in self.seen:
                return [Event("refused", d, f"the host tried to shuffle deal {d} again", 0, detail="again")]
            want = self.expected()
            if want is not None and (key[0], key[2]) == (want[0], want[2]) and key[1] > want[1] and all(
                    (key[1], key[2]) > (k[1], k[2]) for k in self.seen if k[0] == d):
                want = key  # a later try than any this page joined: it came after tries it was not in were annulled,
                self.tries[d] = key[1]  # or its connection was lost in its last try (which the host annulled)
            if want is None or key != want:
                busy = self.round is not None and self.round.state not in ("done", "annulled")
                if busy or (want is not None and want[0] >= d) or any(k[0] == d for k in self.seen):
                    return [Event("refused", d, f"the host tried to shuffle deal {d} again", 0, detail="again")]
                nxt = "no deal" if want is None else f"deal {want[0]}"
                return [Event("refused", d, f"the host started deal {d}, but {nxt} is next", 0, detail="out_of_order")]
        pages, owners = list(msg["pages"]), list(msg["owners"])
        if (pages[0] != 0 or len(set(pages)) != len(pages) or len(owners) != self.rules.players
                or any(p not in pages for p in owners)):
            raise WireError("bad_message", "mp_start: pages must start with the host's and hold every seat")
        self.seen.add(key)
        for k in [k for k in self.rounds.audits if k[0] < d or (k[0] == d and k != key)]:  # a later try: an earlier
            del self.rounds.audits[k]  # one's is void; a later deal: the host's page audited the one before
        if self.page not in pages:
            if d in self.named_in:
                why = NAMED_FOR.get(self.named_in[d], "was named when its last try was annulled")
                return [Event("stood_in", d, f"deal {d} is dealt without this page, which {why}", 0)]
            return [Event("refused", d, f"the host dealt deal {d} without this page", 0, detail="left_out")]
        if self.seat is not None and owners[self.seat] != self.page:
            return [Event("refused", d, f"the host gave this page's seat {self.seat} to another page in deal {d}",
                          0, detail="seat_taken")]
        cards = list(iter_bits(self.rules.deck_mask))
        context = f"{self.table}|{key[0]}|{key[1]}|{key[2]}"
        held = self.rounds.held
        if self._replaying and held is not None and held.key == key:
            locks = DeckLocks.restore(self.page, context, read_scalar(held.k), held.perm,
                                      [read_scalar(e) for e in held.keys])
        else:
            locks = DeckLocks(len(cards), self.page, context, self.randbytes)
        self.round = _Round(key, pages, owners, cards, context, locks, now)
        if key[2] < 0:
            self.deal = BlindDeal(self.game, {s for s, p in enumerate(owners) if p == self.page})
        return self._advance(now)

    def _elements(self, r: _Round, texts: list[Any], sender: int) -> list[Element]:
        if len(texts) != r.size:
            raise WireError("bad_message", f"a deck of {len(texts)} cards, not {r.size}")
        deck = [read_element(t) for t in texts]
        if len(set(deck)) != len(deck):
            raise _Cheat("deck_tampered", sender, f"{self._who(sender, r)} sent a deck holding a card twice")
        return deck

    def _on_lock(self, r: _Round, sender: int, msg: dict[str, Any]) -> list[Out]:
        step = len(r.lock_out)
        if r.state != "shuffle" or step >= len(r.pages) or r.pages[step] != sender:
            raise WireError("bad_message", f"{self._who(sender, r)} locked the deck out of turn")
        r.lock_out.append(self._elements(r, msg["deck"], sender))
        return []

    def _on_relock(self, r: _Round, sender: int, msg: dict[str, Any]) -> list[Out]:
        step = len(r.relock_out)
        if r.state != "shuffle" or len(r.lock_out) < len(r.pages) or r.pages[step] != sender:
            raise WireError("bad_message", f"{self._who(sender, r)} relocked the deck out of turn")
        commits = msg["commits"]
        if len(commits) != r.size or any(len(c) != COMMIT_CHARS for c in commits):
            raise WireError("bad_message", "mp_relock: one commitment per position")
        r.relock_out.append(self._elements(r, msg["deck"], sender))
        r.commits[sender] = list(commits)
        return []

    def _key(self, r: _Round, page: int, pos: int, text: Any, who: int) -> int:
        """A key of ``page`` for ``pos`` read and checked against ``page``'s commitment (``who`` sent it)."""
        k = read_scalar(text)
        if page == self.page:
            ok = k == r.locks.keys[pos]
        else:
            ok = commitment(r.context, page, pos, k) == r.commits[page][pos]
        if not ok:
            if who == page:
                words = f"{self._who(page, r)} sent a key that opens no card (position {pos})"
            else:
                words = f"{self._who(who, r)} showed a key of {self._who(page, r)} that opens no card"
            raise _Cheat("wrong_key", who, words)
        return k

    def _on_keys(self, r: _Round, sender: int, msg: dict[str, Any]) -> list[Out]:
        d = self.deal
        if r.state != "deal" or d is None:
            raise WireError("bad_message", "keys before the deck is shuffled")
        for pos, text in msg["keys"]:
            seat = d.seat_of(pos)
            if pos >= d.dealt() or seat is None or r.owners[seat] != self.page:
                raise WireError("bad_message", f"a key for position {pos}, not dealt to this page")
            try:
                k = self._key(r, sender, pos, text, sender)
            except _Cheat as c:
                raise _Cheat(c.code, c.page, c.words, (pos, str(text))) from None
            r.keys.setdefault(pos, {})[sender] = k
        return []

    def _on_show(self, r: _Round, sender: int, msg: dict[str, Any]) -> list[Out]:
        if r.state != "deal":
            raise WireError("bad_message", "keys shown before the deck is shuffled")
        for pos, text in msg["keys"]:
            if pos not in r.public:
                raise WireError("bad_message", f"a key shown for position {pos}, which is not to be shown")
            r.keys.setdefault(pos, {})[sender] = self._key(r, sender, pos, text, sender)
        return []

    def _shown_card(self, r: _Round, sender: int, msg: dict[str, Any]) -> tuple[int, int, int]:
        """A card shown with every page's key (a play, the last card): ``(seat, position, card)``."""
        seat, pos = msg["seat"], msg["pos"]
        if seat >= self.rules.players or r.owners[seat] != sender or r.state != "deal":
            raise WireError("bad_message", f"{self._who(sender, r)} does not move for seat {seat} now")
        if pos >= r.size or len(msg["keys"]) != len(r.pages):
            raise WireError("bad_message", "a card is shown with one key per page")
        keys = [self._key(r, p, pos, t, sender) for p, t in zip(r.pages, msg["keys"], strict=True)]
        card = open_position(r.final[pos], keys, r.table)
        claimed = Card.parse(msg["card"]).index
        if card is None or card != claimed:
            raise _Cheat("no_card", sender, f"{self._who(sender, r)} showed keys that open no card "
                                            f"({Card.from_index(claimed).pretty} claimed, seat {seat})")
        r.keys[pos] = dict(zip(r.pages, keys, strict=True))
        r.opened[pos] = card
        return seat, pos, card

    def _on_play(self, r: _Round, sender: int, msg: dict[str, Any]) -> list[Out]:
        d = self.deal
        if d is None:
            raise WireError("bad_message", "a card shown in the draw")
        c = Card.parse(msg["card"])
        try:  # whose turn, whose position: checked before the card is opened
            d.check_play(msg["seat"], msg["pos"], c.pretty)
            seat, pos, card = self._shown_card(r, sender, msg)
            d.play(seat, pos, card)
        except BlindError as e:
            raise _Cheat(e.code, sender, str(e)) from None
        return [Event("moved", r.deal, f"seat {seat}: {c.pretty}", sender, seat, str(c))]

    def _on_reveal(self, r: _Round, sender: int, msg: dict[str, Any]) -> list[Out]:
        d = self.deal
        if d is None:
            raise WireError("bad_message", "a card shown in the draw")
        caller = d.calls[-1][0] if d.calls else -1
        if not d.last_card_called or d.play_deal is not None or msg["seat"] != caller \
                or msg["pos"] != d.last_position(caller):
            raise WireError("bad_message", "a last card shown when none was called")
        _, _, card = self._shown_card(r, sender, msg)
        d.show_last(card)
        c = Card.from_index(card)
        return [Event("shown", r.deal, f"seat {caller}'s last card is {c.pretty}: trump {c.suit.symbol}", sender,
                      caller, str(c))]

    def _on_call(self, r: _Round, sender: int, msg: dict[str, Any]) -> list[Out]:
        d = self.deal
        seat = msg["seat"]
        if d is None or r.state != "deal" or seat >= self.rules.players or r.owners[seat] != sender:
            raise WireError("bad_message", f"{self._who(sender, r)} does not call for seat {seat} now")
        m = Move.parse(msg["move"])
        if m.kind == "card":
            raise WireError("bad_message", "a card is played with its keys, not called")
        try:
            d.call(seat, m)
        except BlindError as e:
            raise _Cheat(e.code, sender, str(e)) from None
        return [Event("moved", r.deal, f"seat {seat}: {m}", sender, seat, str(m))]

    def _on_audit(self, r: _Round, sender: int, msg: dict[str, Any]) -> list[Out]:
        d = self.deal
        if d is None or not d.over or r.state not in ("deal", "audit") or sender in r.audit:
            raise WireError("bad_message", "keys revealed before the deal's end")
        if len(msg["keys"]) != r.size:
            raise WireError("bad_message", "an audit reveals one key per position")
        r.audit[sender] = [self._key(r, sender, pos, t, sender) for pos, t in enumerate(msg["keys"])]
        return []

    def _on_cheat(self, r: _Round, sender: int, msg: dict[str, Any]) -> list[Out]:
        accused, pos = msg["page"], msg["pos"]
        if accused not in r.commits or pos >= r.size:
            raise WireError("bad_message", "mp_cheat: no such page or position")
        k = read_scalar(msg["key"])
        if commitment(r.context, accused, pos, k) != r.commits[accused][pos]:
            raise _Cheat("wrong_key", accused, f"{self._who(sender, r)} says {self._who(accused, r)} sent it a key "
                                               f"that opens no card (position {pos}); the key shows it")
        raise _Cheat("false_accusation", sender, f"{self._who(sender, r)} accused {self._who(accused, r)} of a "
                                                  "wrong key, but the key it showed is right")

    def _on_secrets(self, r: _Round, sender: int, msg: dict[str, Any]) -> list[Out]:
        """A page's shuffle secrets in a dispute; once every page's are here, every step is checked."""
        assert r.dispute is not None
        perm, keys = list(msg["perm"]), msg["keys"]
        if sender in r.dispute or len(keys) != r.size or sorted(perm) != list(range(r.size)):
            raise WireError("bad_message", "mp_secrets: one permutation of the deck and one key per position")
        r.dispute[sender] = (read_scalar(msg["k"]), perm, [read_scalar(t) for t in keys])
        if len(r.dispute) < len(r.pages):
            return []
        deck = start_deck(r.cards)
        for i, p in enumerate(r.pages):  # the locks, in turn
            k, perm_p, _ = r.dispute[p]
            if not check_lock_step(deck, r.lock_out[i], k, perm_p):
                return [self._false_step(r, p, "locked")]
            deck = r.lock_out[i]
        for i, p in enumerate(r.pages):  # the relocks, and the keys they committed to
            k, _, keys_p = r.dispute[p]
            if not check_relock_step(deck, r.relock_out[i], k, keys_p) or any(
                    commitment(r.context, p, j, e) != r.commits[p][j] for j, e in enumerate(keys_p)):
                return [self._false_step(r, p, "relocked")]
            deck = r.relock_out[i]
        return [Event("cheat", r.deal, f"every page's shuffle of deal {r.deal} checks out: the deal was annulled "
                                       "for a position none of them made false", None, detail="no_fault")]

    def _false_step(self, r: _Round, page: int, step: str) -> Event:
        words = f"{self._who(page, r)} {step} the deck of deal {r.deal} falsely: its step does not match its secrets"
        return Event("cheat", r.deal, words, page, detail="false_step")

    # ----- the schedule -------------------------------------------------------------------------------

    def _advance(self, now: float) -> list[Out]:
        """Everything this page must do now that the round's state allows it (its shuffle step, its keys,
        opening its cards, the audit), until nothing more can be done."""
        r = self.round
        outs: list[Out] = []
        try:
            while r is not None and r.state not in ("done", "annulled"):
                step = self._step(r, now)
                if step is None:
                    break
                outs += step
        except _Cheat as c:
            return outs + self._annul(now, "cheat", c.code, c.page, c.words)
        return outs

    def _step(self, r: _Round, now: float) -> list[Out] | None:
        """One thing this page can do now, or ``None``."""
        n = len(r.pages)
        if r.state == "shuffle":
            step = len(r.lock_out) + len(r.relock_out)
            if step == 2 * n:
                r.state = "deal"
                r.progress = now
                return []
            if r.pages[step % n] != self.page:
                return None
            if step < n:
                out = r.locks.lock(start_deck(r.cards) if step == 0 else r.lock_out[-1])
                r.lock_out.append(out)
                return [self._send(None, write("mp_lock", **self._rk(r), deck=[e.text() for e in out]))]
            out = r.locks.relock(r.lock_out[-1] if step == n else r.relock_out[-1])
            r.relock_out.append(out)
            r.commits[self.page] = list(r.locks.commits)
            return [self._send(None, write("mp_relock", **self._rk(r), deck=[e.text() for e in out],
                                           commits=list(r.locks.commits)))]
        if r.state == "audit":
            return self._audit(r) if len(r.audit) == n else None
        if r.draw >= 0:
            return self._draw_step(r, now)
        return self._deal_step(r)

    def _open(self, r: _Round, pos: int) -> int | None:
        """Open ``pos`` once every page's key is here; ``None`` while one is missing."""
        keys = r.keys.setdefault(pos, {})
        keys[self.page] = r.locks.keys[pos]
        if len(keys) < len(r.pages):
            return None
        card = open_position(r.final[pos], [keys[p] for p in r.pages], r.table)
        if card is None:
            raise _Cheat("no_card", None, f"position {pos} of deal {r.deal} opens no card although every key "
                                          "matches its commitment: a page's shuffle step was false")
        r.opened[pos] = card
        return card

    def _show(self, r: _Round, positions: list[int]) -> list[Out]:
        """Send this page's keys for public ``positions`` to all (once each)."""
        todo = [p for p in positions if p not in r.shown_sent]
        if not todo:
            return []
        r.shown_sent.update(todo)
        r.public.update(todo)
        for p in todo:
            r.keys.setdefault(p, {})[self.page] = r.locks.keys[p]
        return [self._send(None, write("mp_show", **self._rk(r),
                                       keys=[[p, scalar_text(r.locks.keys[p])] for p in todo]))]

    def _draw_step(self, r: _Round, now: float) -> list[Out] | None:
        batch = [p for p in range(r.public_next) if p not in r.opened]
        if batch:
            sent = self._show(r, batch)
            if sent:
                return sent
            if any(len(r.keys.get(p, {})) < len(r.pages) for p in batch):
                return None
            for p in batch:
                card = self._open(r, p)
                assert card is not None
                self.draw.append(Card.from_index(card))
            return []
        need = draw_needed(self.game, self.draw)
        if need:
            if r.public_next >= r.size:
                r.state = "done"  # the deck ran out: gathered and shuffled anew (RULES.md §11.11)
                self.draw_round += 1
                return [Event("redraw", 0, "the draw for the first dealer goes on with a new shuffle")]
            r.public_next = min(r.size, r.public_next + need)
            r.public.update(range(r.public_next))
            return []
        try:
            dealer, used = draw_result(self.rules, self.draw)
            self.game.apply_draw(self.draw[:used])
        except DealError as e:
            raise _Cheat("deck_tampered", None, f"the draw's cards are not one deck: {e}") from None
        self.draw = self.draw[:used]
        r.state = "done"
        self.rounds.done.add(0)
        return [Event("draw", 0, f"seat {dealer} deals first", None, dealer, [str(c) for c in self.draw])]

    def _deal_step(self, r: _Round) -> list[Out] | None:
        d = self.deal
        assert d is not None
        dealt = d.dealt()
        owed: dict[int, list[int]] = {}
        for pos in range(dealt):
            owner = r.owners[d.seats[pos]]
            if owner != self.page and pos not in r.sent:
                owed.setdefault(owner, []).append(pos)
        if owed:
            outs: list[Out] = []
            for owner, positions in sorted(owed.items()):
                r.sent.update(positions)
                outs.append(self._send(owner, write("mp_keys", **self._rk(r),
                                                    keys=[[p, scalar_text(r.locks.keys[p])] for p in positions])))
            return outs
        mine = [p for p in range(dealt) if r.owners[d.seats[p]] == self.page]
        for pos in mine:
            if pos not in r.opened:
                card = self._open(r, pos)
                if card is not None:
                    d.learn(pos, card)
        if r.dealt_said < dealt and all(p in r.opened for p in mine):
            r.dealt_said = dealt
            return [Event("dealt", r.deal, f"deal {r.deal}: this page's cards are dealt", self.page)]
        if d.need_kitty:
            kitty = list(d.kitty_positions())
            sent = self._show(r, kitty)
            if sent:
                return sent
            if all(len(r.keys.get(p, {})) == len(r.pages) for p in kitty):
                cards = {p: self._open(r, p) for p in kitty}
                d.open_kitty({p: c for p, c in cards.items() if c is not None})
                shown = " ".join(Card.from_index(c).pretty for c in cards.values() if c is not None)
                return [Event("kitty", r.deal, f"the kitty is turned face up: {shown}", detail=shown)]
            return None
        if d.last_card_called and d.play_deal is None:
            caller = d.calls[-1][0]
            pos = d.last_position(caller)
            if r.owners[caller] != self.page or pos not in r.opened:
                return None
            card = r.opened[pos]
            keys = [scalar_text(r.keys[pos][p]) for p in r.pages]
            d.show_last(card)
            c = Card.from_index(card)
            return [self._send(None, write("mp_reveal", **self._rk(r), seat=caller, pos=pos, card=str(c),
                                           keys=keys)),
                    Event("shown", r.deal, f"seat {caller}'s last card is {c.pretty}: trump {c.suit.symbol}",
                          self.page, caller, str(c))]
        if d.over:
            r.state = "audit"
            r.audit[self.page] = list(r.locks.keys)
            keys = [scalar_text(k) for k in r.locks.keys]
            if self.page:  # kept with the page's memory: sent again if its connection is lost before the host has it
                self.rounds.audits[r.key] = keys
            return [self._send(None, write("mp_audit", **self._rk(r), keys=keys))]
        return None

    def _audit(self, r: _Round) -> list[Out]:
        d = self.deal
        assert d is not None
        cards = dict(r.opened)
        for pos in range(r.size):
            if pos not in cards:
                r.keys[pos] = {p: r.audit[p][pos] for p in r.pages}
                card = self._open(r, pos)
                assert card is not None
                cards[pos] = card
        if sorted(cards.values()) != sorted(r.cards):
            raise _Cheat("deck_tampered", None, f"deal {r.deal}'s deck did not hold each card once")
        d.open_kitty({p: cards[p] for p in d.kitty_positions()})
        result = audit_deal(self.game, d, cards)
        self.audits.append(result)
        r.state = "done"
        self.rounds.done.add(r.deal)
        if self.page == 0:  # (a friend's page keeps its audit until its host's game so far records the deal: its
            self.rounds.audits.pop(r.key, None)  # text may be lost with its connection, the others still waiting)
        outs: list[Out] = []
        if result.renege is not None:
            rn = result.renege
            outs.append(Event("renege", r.deal, rn.words, r.owners[rn.seat], rn.seat, rn))
            words = f"deal {r.deal} audited: {rn.words}; seat {rn.seat} takes the whole penalty, {result.row.control}"
        else:
            words = f"deal {r.deal} audited: every card was dealt once and played by the rules"
        outs.append(Event("audited", r.deal, words + shuffles_said(r.attempt), detail=result, owners=tuple(r.owners)))
        return outs

    def _awaited(self, r: _Round) -> set[int]:
        """The pages this page waits for an automatic step from (a person's own move is never awaited)."""
        n = len(r.pages)
        if r.state == "shuffle":
            step = len(r.lock_out) + len(r.relock_out)
            return {r.pages[step % n]} - {self.page} if step < 2 * n else set()
        if r.state == "audit":
            return set(r.pages) - set(r.audit)
        waiting: set[int] = set()
        d = self.deal
        if r.draw >= 0:
            positions = [p for p in range(r.public_next) if p not in r.opened]
        elif d is not None:
            positions = [p for p in range(d.dealt()) if r.owners[d.seats[p]] == self.page and p not in r.opened]
            if d.need_kitty:
                positions += [p for p in d.kitty_positions() if p not in r.opened]
            if d.last_card_called and d.play_deal is None:
                waiting.add(r.owners[d.calls[-1][0]])
        else:
            positions = []
        for p in positions:
            waiting |= set(r.pages) - set(r.keys.get(p, {}))
        return waiting - {self.page}

    def _annul(self, now: float, kind: str, code: str, page: int | None, words: str, tell: bool = True,
               seat: int | None = None) -> list[Out]:
        """Annul the current round here (a cheat, a stall, the host's word); the host's page tells everyone.
        A cheat found in a key sent to this page alone is shown to all with the key as evidence."""
        r = self.round
        if r is None or r.state in ("done", "annulled"):
            return [Event(kind, -1, words, page, detail=code)]
        r.state = "annulled"
        self.tries[r.deal] = r.attempt + 1
        self.last_annulled = (r.deal, r.attempt, page, code)
        self.rounds.annulled.setdefault(r.deal, {})[r.attempt] = code
        if page != self.page:  # (another page named: its seat given, else its person's)
            named = seat if seat is not None else self._person(page, r)
            if named is not None:
                self.rounds.annulled_seat.setdefault(r.deal, {})[r.attempt] = named
        self.rounds.audits.pop(r.key, None)
        self._hold(r.key, None)
        if page == self.page:
            self.named_in[r.deal] = code
        if r.deal == 0:
            self.draw, self.draw_round = [], 0
        self.deal = None
        outs: list[Out] = [Event(kind, r.deal, words, page, seat, detail=code)]
        if kind != "annulled":
            outs.append(Event("annulled", r.deal, f"deal {r.deal} is annulled", page, detail=code))
        if tell and (self.page == 0 or kind == "cheat"):  # a guest's stall is the host's to call
            outs.append(self._send(None, write("mp_annul", **self._rk(r), page=page, why=code)))
        if page is None and code in DISPUTED and r.state == "annulled" and len(r.relock_out) == len(r.pages):
            k, perm = r.locks.reveal()  # the deal is void: show how this page shuffled, to find who did not
            r.dispute = {self.page: (k, perm, list(r.locks.keys))}
            outs.append(self._send(None, write("mp_secrets", **self._rk(r), k=scalar_text(k), perm=perm,
                                               keys=[scalar_text(e) for e in r.locks.keys])))
        return outs

