"""The simulated table for mental-poker tests: N pages (kingcore.online.deal.mental) over an in-memory network
that delivers every text in order, as the host's page relays them; the host's page (0) holds its own seat and
the bots', each guest's page one seat. After every delivery it checks that no page knows another person's
unplayed card — neither in the clear (``known_cards``) nor enough keys to open one (``keys_held``)."""

from __future__ import annotations

import random
from collections import deque
from collections.abc import Callable

from kingcore import Rules
from kingcore.game import Phase
from kingcore.online.deal.mental import Event, MentalPage, Out, Send

Tamper = Callable[[int, int, str], str | None]
"""``(sender, to, text) -> text to deliver`` (``None``: dropped)."""


class Table:
    """Pages of one table. ``guests`` are the seats played by friends' pages (page ``i + 1`` holds
    ``guests[i]``); every other seat is the host's (seat 0 its person, the rest its bots)."""

    def __init__(self, rules: str, guests: list[int], seed: int, tamper: Tamper | None = None,
                 prefer: str = "") -> None:
        self.rules = Rules.parse(rules)
        self.rng = random.Random(seed)
        self.owners = [0] * self.rules.players
        for i, s in enumerate(guests):
            self.owners[s] = i + 1
        self.persons = {0, *guests}
        self.pages = [MentalPage(self.rules, 0, "t1", random.Random(seed * 7919).randbytes)]
        self.pages += [MentalPage(self.rules, i + 1, "t1", random.Random(seed * 7919 + i + 1).randbytes, seat=s)
                       for i, s in enumerate(guests)]
        self.queue: deque[tuple[int, int, str]] = deque()
        self.events: list[tuple[int, Event]] = []
        self.now = 0.0
        self.tamper = tamper
        self.prefer = prefer
        self.cheat_move: Callable[[Table, int, int], bool] | None = None
        """``(table, page, seat) -> done``: called before each move; ``True`` when it made the move itself."""
        self.bytes = 0
        self.checks = 0
        self.log: list[tuple[int, int, str]] = []
        """Every text delivered: ``(sender, to, text)``."""

    def out(self, page: int, outs: list[Out]) -> None:
        for o in outs:
            if isinstance(o, Send):
                r = self.pages[page].round
                targets = [o.to] if o.to is not None else [p for p in (r.pages if r else []) if p != page]
                for t in targets:
                    self.bytes += len(o.text)
                    text = self.tamper(page, t, o.text) if self.tamper else o.text
                    if text is not None:
                        self.queue.append((page, t, text))
            else:
                self.events.append((page, o))

    def deliver(self) -> None:
        while self.queue:
            sender, to, text = self.queue.popleft()
            self.log.append((sender, to, text))
            self.out(to, self.pages[to].receive(sender, text, self.now))
            self.check_no_peeking()

    def check_no_peeking(self) -> None:
        """No page knows another person's unplayed card (the host may know its bots') before the deal's end, when
        the audit reveals every key."""
        self.checks += 1
        for p in self.pages:
            r = p.round
            known = p.known_cards()
            for q in self.pages:
                d = q.deal
                if q is p or d is None or d.over or q.round is None or q.round.key != (r.key if r else None):
                    continue
                for pos, card in d.cards.items():
                    seat = d.seat_of(pos)
                    if seat is None or q.round.owners[seat] != q.page or pos in d.played_positions or pos == d.shown:
                        continue
                    if seat in self.persons or p.page != 0:
                        assert not known >> card & 1, (p.page, seat, card)
                        assert q.page not in p.keys_held(pos), (p.page, seat, pos)

    def host_start(self, owners: list[int] | None = None, pages: list[int] | None = None) -> None:
        owners = owners or self.owners
        pages = pages or sorted(set(owners) | {0})
        self.out(0, self.pages[0].start(self.now, pages, owners))
        self.deliver()

    def tick(self, seconds: float) -> None:
        """The clock moves on by ``seconds``; every page ticks."""
        self.now += seconds
        for p in self.pages:
            self.out(p.page, p.tick(self.now))
        self.deliver()

    def send(self, sender: int, to: int, text: str) -> None:
        """A text a (cheating) page sends outside the protocol."""
        self.queue.append((sender, to, text))
        self.deliver()

    def step(self) -> bool:
        """One thing: the host starts a due round, or the seat to move moves (a random legal move). ``False``
        when nothing is left (the rubber is over, or the table is stuck)."""
        host = self.pages[0]
        if host.expected() is not None and host.game.phase is not Phase.RUBBER_OVER:
            self.host_start()
            return True
        d = host.deal
        if d is None or d.over or d.to_move is None:
            return False
        seat = d.to_move
        page = self.pages[self.owners[seat]]
        if self.cheat_move is not None and self.cheat_move(self, page.page, seat):
            self.deliver()
            return True
        legal = page.view(seat).legal
        if not legal:
            return False  # the seat's page has not opened its cards: it waits for keys
        token = legal[int(self.rng.random() * len(legal))]
        token = self.prefer if self.prefer in legal else token
        self.out(page.page, page.move(seat, token, self.now))
        self.deliver()
        return True

    def play(self, deals: int = 1000) -> None:
        """Play on until ``deals`` more deals are audited on the host's page, or the rubber ends."""
        target = len(self.pages[0].audits) + deals
        for _ in range(100_000):
            if len(self.pages[0].audits) >= target or not self.step():
                return
        raise AssertionError("the table went round in circles")

    def kinds(self, *kinds: str) -> list[tuple[int, Event]]:
        return [(p, e) for p, e in self.events if e.kind in kinds]
