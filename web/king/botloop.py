"""The bots' loop (a ``king.state`` subscriber): after a change that leaves a bot to move, its moves are asked
of the bots' worker (``king.worker``) — or, while the worker starts, played on this thread, whatever the
level (its own spec and thinking time: a first bot card does not wait seconds for the worker's Python on a
slow device) — at a watchable pace, and committed through :meth:`king.state.State.play` like a person's. An
answer for a position gone meanwhile (a new game, another tab, an undo) is ignored. The worker starts after the
loop's first bot move (:meth:`BotLoop.first_move`); with ``?king-test&person-idle=MS`` in the address a person
to move first waits ``MS`` for it instead of :data:`PERSON_IDLE_MS` (the browser tests)."""

from __future__ import annotations

import asyncio
from collections.abc import Callable
from functools import partial

from pyscript import window

from kingcore.web import ViewModel, bot_move, is_person, stand_in_level

from .state import Change, State, spawn
from .worker import Bots, here, now_ms

BOT_PACE_MS = 600  # a bot's card, at a watchable pace
SHOWN_MS = 250  # the least a new table is on screen before a bot's first card (the pace counts from *Play*)
TRICK_HOLD_MS = 700  # extra pause after a trick is complete, before the next lead
PERSON_IDLE_MS = 1500
"""A person to move when the page first looks at the table (a first deal they lead, a reload on their turn, a
contract of theirs to choose), with a bot at the table: the bots' worker starts once their turn has lasted this
long (they are still choosing), or at the first bot card after theirs, whichever is first — so that a quick first
card and the bot's answer to it do not share a slow device's CPU with the worker's start (at half a core on a
loaded machine, 2.1–3.5 s → 1.5–1.7 s from *Play* to that answer: docs/PERF.md), while a person who takes their
time has it booted meanwhile."""
KICKS = ("intent", "deal", "undo", "uncover", "new", "adopt")
"""Changes after which a bot may be to move."""


class BotLoop:
    """Plays the bots' seats of ``state`` with ``bots``; ``in_sync`` is the state's check before a change (another
    tab ahead)."""

    def __init__(self, state: State, bots: Bots, in_sync: Callable[[], bool]) -> None:
        self.state, self.bots, self.in_sync = state, bots, in_sync
        self.running = False
        self.started = False  # the page is ready (the loop starts with it)
        self.held: Callable[[], bool] = lambda: False  # the table waits (friends online being invited: king.net)
        self.turn: Callable[[], tuple[int, str] | None] | None = None  # a mental table's bot to move and its level
        self.begun = asyncio.Event()  # start() was called (on a first visit: the welcome's Play)
        self.settled = asyncio.Event()  # the first run played a bot's move, had none to play, or a person's turn
        # lasted PERSON_IDLE_MS
        self.idling = False  # the first run stopped at a person's turn: settle_after runs
        self.idle_ms = float(PERSON_IDLE_MS)  # the browser tests' ``?king-test&person-idle=MS`` sets another
        query = window.URLSearchParams.new(window.location.search)
        if query.has("king-test") and query.has("person-idle"):
            asked = str(query.get("person-idle"))
            self.idle_ms = float(asked) if asked.isdigit() else self.idle_ms  # (not a number: the default)
        self.since: float | None = None  # when the player asked for the table the next run starts on (start())
        bots.first_move = self.first_move  # the worker starts after that (king.worker.Bots.connect)

    def start(self, since: float | None = None) -> None:
        """The page is up: play from now on. ``since``: when (``now_ms``) the player asked for the table now
        drawn (the welcome's *Play*): the first bot's pace counts from then, not from the end of the deal's
        drawing — a slow device's drawing is not added to it — though the table is shown ``SHOWN_MS`` first."""
        self.since = since if not self.running else None
        self.started = True
        self.begun.set()
        self.kick()

    async def first_move(self) -> None:
        """Wait until the loop has started and played its first bot move or found none to play — or, a person
        to move first, until that person's turn has lasted :data:`PERSON_IDLE_MS`. On a first visit it starts
        with the welcome's *Play*: a worker started while the welcome is up would take the CPU from that first
        move on a slow device when *Play* comes soon."""
        await self.begun.wait()
        await self.settled.wait()

    def changed(self, change: Change) -> None:
        """A subscriber of the state: a change that may leave a bot to move starts the loop; at a deal's end
        the bots' worker is sent that deal (:meth:`Bots.teach <king.worker.Bots.teach>`: the next deal's
        first move does not wait for it)."""
        if change.kind in KICKS:
            self.kick()
        s, vm = self.state.session, self.state.vm
        if s is not None and vm is not None and vm["phase"] == "deal_over" and self.turn is None:
            spawn(self.bots.teach(s.sync_past(), s.bot_past))

    def kick(self) -> None:
        if self.started and not self.running:
            spawn(self.run())

    async def run(self) -> None:
        """Play the bots' moves until it is a person's turn, a deal ends, or the rubber is over."""
        if self.running:
            return
        self.running = True
        st = self.state
        shown, since = now_ms(), self.since  # the table is on screen; the player asked for it at ``since``
        self.since = None
        person_first = False  # the first run stopped at a person's turn: the worker waits for the bots' card
        try:
            while True:
                s, vm = st.session, st.vm
                turn = self.turn() if self.turn is not None else None  # a mental table's: its own, not the vm's
                if s is None or vm is None or self.held() or (self.turn is not None and turn is None) or (
                        turn is None and (vm["to_move"] is None or is_person(vm["levels"], vm["to_move"]))):
                    person_first = waits_for_person(vm, turn is None and self.turn is None)
                    return
                before = (s, s.seq)
                seat = turn[0] if turn is not None else int(vm["to_move"] or 0)
                # a friend online's seat: its stand-in bot's level, if it has one
                level = turn[1] if turn is not None else stand_in_level(s.settings, seat)
                if level is None:
                    return  # the friend plays it from their page (or the table waits for them: issue 19)
                request, seed = s.bot_request(seat), s.bot_seed(seat)
                start = now_ms()
                known = s.known_reply(seat)  # the same reply as before an undo, in the same position
                if known is not None:
                    token = known
                elif not self.bots.ready.is_set():
                    token = here(partial(bot_move, request, level, seed), s.bot_past)  # the worker is starting
                    window.kingStats.botMain.push(now_ms() - start)
                    deal, calls, plays = before[0].ply  # a capped decision here is told by its time too
                    setattr(window.kingStats.botTook, f"{deal}:{calls + plays}", now_ms() - start)
                else:
                    asked, learned = now_ms(), self.bots.learned  # the latency of the move itself
                    token = await self.bots.choose(request, level, seed, s.bot_past)
                    answered = now_ms()
                    took = answered - asked
                    window.kingStats.bot.push(took)
                    deal, calls, plays = before[0].ply  # the move's place: the tests tell a capped decision by it
                    setattr(window.kingStats.botTook, f"{deal}:{calls + plays}", took)
                    # the benches' per-move log: where a slow move was, whether it fed the worker the rubber, and
                    # when it was asked and answered (ms since the epoch: the worker's clock too, web/bots.py)
                    origin = float(window.performance.timeOrigin)
                    window.kingStats.botMoves.push(f"{deal}:{calls}:{plays}:{self.bots.learned - learned}:{took:.1f}"
                                                   f":{origin + asked:.1f}:{origin + answered:.1f}")
                now = now_ms()
                took = now - start
                if since is not None:  # the first move after Play: paced from the click, the table shown a while
                    took = min(now - since, BOT_PACE_MS - SHOWN_MS + now - shown)
                    since = None
                if not vm["fast"]:
                    wait = BOT_PACE_MS + (TRICK_HOLD_MS if vm["trick_complete"] else 0) - took
                    if wait > 0:
                        await asyncio.sleep(wait / 1000)
                else:
                    await asyncio.sleep(0)
                if st.session is not before[0] or s.seq != before[1] or not self.in_sync():
                    window.kingStats.staleBots += 1  # the answer is for an old position: ignored
                    continue  # a new game, another tab, an undo or a reload of the state came in meanwhile
                result = st.play(token, seat, "bot")
                if not result["ok"]:  # a bot bug must not stop the game: fall back to a random legal move
                    window.console.error(f"king: bot move {token} refused: {result['error']['message']}")
                    st.play(await self.bots.choose(request, "random", seed, s.bot_past), seat, "bot")
                self.settled.set()
        finally:
            self.running = False
            if not person_first:
                self.settled.set()
            elif not self.settled.is_set() and not self.idling:
                self.idling = True
                spawn(self.settle_after(self.idle_ms))

    async def settle_after(self, ms: float) -> None:
        """The first run stopped at a person's turn: the bots' worker starts after ``ms`` of it (a person still
        choosing: the worker boots meanwhile), or at the first bot card after theirs, whichever is first."""
        await asyncio.sleep(ms / 1000)
        self.settled.set()


def waits_for_person(vm: ViewModel | None, plain: bool) -> bool:
    """Whether the bots' loop stopped at a person's turn at a table (``plain``: not a mental table's) where a bot
    plays later: then the bots' worker waits for that bot's card or :data:`PERSON_IDLE_MS` (it would take a slow
    device's CPU from a quick card of the person's and the answer to it), unless a hint or a review asks for it
    sooner (:meth:`Bots.connect <king.worker.Bots.connect>`)."""
    if vm is None or not plain or vm["to_move"] is None or not is_person(vm["levels"], vm["to_move"]):
        return False
    return any(not is_person(vm["levels"], seat) for seat in range(len(vm["levels"])))
