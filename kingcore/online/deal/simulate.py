"""A table of mental-poker pages over an in-memory network: the one harness behind the tests and the bench
(``tools/bench_mental.py``). Every text is delivered in order, as the host's page relays them; page 0 is the
host's and holds its own seat (0) and the bots', each guest's page holds one seat; moves are random legal
moves from each seat's own view, from a seeded :class:`random.Random` (a failure replays exactly).

Per page it keeps the CPU time spent inside the page (``cpu``) and the characters it sent (counted once per
page a text is for), so the bench can say what a deal costs each page.
"""

from __future__ import annotations

import random
import time
from collections import deque
from collections.abc import Callable
from functools import partial

from ...game import Phase
from ...rules import Rules
from .mental import Event, MentalPage, Out, Send

Tamper = Callable[[int, int, str], str | None]
"""``(sender, to, text) -> text to deliver`` (``None``: dropped)."""


class Table:
    """The pages of one table.

    Args:
        rules: the rules text, ``king(...)``.
        guests: the seats of friends' pages (page ``i + 1`` holds ``guests[i]``); every other seat is the
            host's (seat 0 its person, the others its bots).
        seed: the moves' and every page's random source (``random.Random``: reproducible, not secret).
        tamper: a cheat's hook on every text sent.
        prefer: a move token always chosen when legal (e.g. ``trump:last-card``).
        clock: what measures a page's time (``time.process_time``; the bench in Pyodide passes
            ``time.perf_counter``).
    """

    def __init__(self, rules: str, guests: list[int], seed: int, tamper: Tamper | None = None,
                 prefer: str = "", clock: Callable[[], float] = time.process_time) -> None:
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
        self.log: list[tuple[int, int, str]] = []
        """Every text delivered: ``(sender, to, text)``."""
        self.now = 0.0
        self.tamper = tamper
        self.prefer = prefer
        self.clock = clock
        self.cpu = [0.0] * len(self.pages)
        self.sent = [0] * len(self.pages)
        self.cheat_move: Callable[[Table, int, int], bool] | None = None
        """``(table, page, seat) -> done``: called before each move; ``True`` when it made the move itself."""

    def timed(self, page: int, call: Callable[[], list[Out]]) -> None:
        """Run ``call`` (a page's method) counting its time to ``page``, and route what it answers."""
        t0 = self.clock()
        outs = call()
        self.cpu[page] += self.clock() - t0
        self.out(page, outs)

    def out(self, page: int, outs: list[Out]) -> None:
        for o in outs:
            if isinstance(o, Send):
                r = self.pages[page].round
                targets = [o.to] if o.to is not None else [p for p in (r.pages if r else []) if p != page]
                for t in targets:
                    self.sent[page] += len(o.text)
                    text = self.tamper(page, t, o.text) if self.tamper else o.text
                    if text is not None:
                        self.queue.append((page, t, text))
            else:
                self.events.append((page, o))

    def deliver(self) -> None:
        while self.queue:
            sender, to, text = self.queue.popleft()
            self.log.append((sender, to, text))
            self.timed(to, partial(self.pages[to].receive, sender, text, self.now))
            self.check()

    def check(self) -> None:
        """Called after every delivery (the tests check that nobody peeks)."""

    def host_start(self, owners: list[int] | None = None, pages: list[int] | None = None) -> None:
        """The host's page starts the next round with these owners (default: the table's)."""
        owners = owners or self.owners
        pages = pages or sorted(set(owners) | {0})
        self.timed(0, lambda: self.pages[0].start(self.now, pages, owners))
        self.deliver()

    def tick(self, seconds: float) -> None:
        """The clock moves on by ``seconds``; every page ticks."""
        self.now += seconds
        for p in self.pages:
            self.timed(p.page, partial(p.tick, self.now))
        self.deliver()

    def send(self, sender: int, to: int, text: str) -> None:
        """A text a (cheating) page sends outside the protocol."""
        self.queue.append((sender, to, text))
        self.deliver()

    def step(self) -> bool:
        """One thing: the host starts a due round, or the seat to move moves (a random legal move from its own
        view). ``False`` when nothing is left: the rubber is over, or the table waits (for keys, or the time)."""
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
        self.timed(page.page, lambda: page.move(seat, token, self.now))
        self.deliver()
        return True

    def play(self, deals: int = 1000) -> None:
        """Play on until ``deals`` more deals are audited on the host's page, the rubber ends or the table waits.

        Raises:
            AssertionError: 100,000 steps without getting there (a loop).
        """
        target = len(self.pages[0].audits) + deals
        for _ in range(100_000):
            if len(self.pages[0].audits) >= target or not self.step():
                return
        raise AssertionError("the table went round in circles")

    def kinds(self, *kinds: str) -> list[tuple[int, Event]]:
        """The events of these kinds, with the page each happened on."""
        return [(p, e) for p, e in self.events if e.kind in kinds]


def bench(players: int, deals: int, seed: int = 1, clock: Callable[[], float] = time.process_time) -> dict[str, float]:
    """What mental poker costs: a table of ``players`` pages (every seat a person's page, the default deck)
    draws for the dealer and plays ``deals`` deals with random legal moves.

    Returns:
        ``cards``; ``cpu_mean`` and ``cpu_max``: seconds of CPU per page per deal (over the pages; the draw
        left out); ``chars``: characters sent per deal by all pages together (each text counted once per page
        it is for) and ``chars_page``: by the busiest page; ``mult_ms``: one scalar multiplication.
    """
    from .group import card_element, random_scalar

    t = Table(f"king(players={players})", list(range(1, players)), seed, clock=clock)
    while t.pages[0].game.phase is Phase.DRAW_DEALER:
        if not t.step():
            raise AssertionError("the draw stopped")
    cpu0, sent0 = list(t.cpu), list(t.sent)
    t.play(deals)
    done = len(t.pages[0].audits)
    if done != deals or t.kinds("cheat", "refused", "stalled", "annulled"):
        raise AssertionError("the bench's table did not play its deals cleanly")
    cpu = [(a - b) / deals for a, b in zip(t.cpu, cpu0, strict=True)]
    sent = [(a - b) / deals for a, b in zip(t.sent, sent0, strict=True)]
    rng = random.Random(seed)
    x = card_element(0) * random_scalar(rng.randbytes)
    ks = [random_scalar(rng.randbytes) for _ in range(20)]
    t0 = clock()
    for k in ks:
        (x * k).text()
    return {"players": players, "cards": t.rules.deck_size, "cpu_mean": sum(cpu) / len(cpu), "cpu_max": max(cpu),
            "chars": sum(sent), "chars_page": max(sent), "mult_ms": (clock() - t0) / len(ks) * 1000}
