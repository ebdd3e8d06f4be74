"""The bots' worker: a named PyScript worker (``web/bots.py``) started once the table is drawn and its first bot
move played (:meth:`Bots.connect`), asked for bots' moves, hints and reviews with JSON text; until it is up,
or should it fail, the page's own thread answers (``king.botloop``: every level, with its own thinking time).

A watchdog guards every call: each has a deadline (``kingcore.web.deadline_s``: 10 × the level's budget,
at least 5 s; longer for hints and reviews). On a crash or a missed deadline the worker is terminated and
a new one started (the game lives on this thread: nothing is lost) and the call is asked again; after two
failures of the same call this thread answers it. The rubber's earlier deals are not in a request: the
worker keeps them (``kingcore.web.past``). As a deal ends the page sends it that deal (:meth:`Bots.teach`,
counted in ``data-bots-taught``), while no move waits; when it answers ``?past TAG`` all the same (it started
afresh, or a feed failed) the page sends it what it lacks (``learn``, counted in ``data-bots-learned``) and
asks again.
With ``?king-test`` in the address the page offers
``window.kingTest = {killWorker(), hangNext(times), deadline(call, seconds)}`` to the browser tests:
``deadline`` gives every later ``call`` (``choose``, ``hint``, ``analyse``) that deadline instead of
``deadline_s``'s, so that a test waits out a missed deadline in 2 s rather than 5 s (a move) or 30 s (a
hint); without ``?king-test`` the page has no such hook and keeps ``deadline_s``'s values.
"""

from __future__ import annotations

import asyncio
from collections.abc import Awaitable, Callable
from typing import Any

from pyscript import document, window, workers
from pyscript.ffi import create_proxy, is_none

from kingcore.web import analyse_json, bot_move, deadline_s, hint_json, learn, need

BOTS_TIMEOUT_S = 90
"""If the worker has not started by then, the main thread plays the bots."""
ATTEMPTS = 2
"""Failed worker calls before this thread answers the call itself."""


def now_ms() -> float:
    return float(window.performance.now())


async def at_once() -> None:
    """Nothing to wait for."""


class Bots:
    """The connection to the worker (``None`` until it is up, and again after a failure).

    ``notify(code)`` tells the page what happened: ``restarted`` (a failed call, a new worker) or ``main``
    (this thread answered)."""

    def __init__(self, notify: Callable[[str], None] = lambda code: None) -> None:
        self.worker: Any = None
        self.script: Any = None  # the worker's <script> (its ``xworker`` is the Web Worker)
        self.ready = asyncio.Event()
        self.wanted = asyncio.Event()  # a hint or a review waits for the worker: it starts now (connect)
        self.notify = notify
        self.starts = 0
        self.restarts = 0
        self.hang_next = 0  # the test hook: so many next choose() calls never return
        self.main_moves = 0  # calls this thread answered after the worker failed
        self.broken = False  # a restart failed: this thread answers from now on
        self.learned = 0  # times the worker asked for the rubber's earlier deals and got them (``data-bots-learned``)
        self.taught = 0  # times it was sent a deal that had just ended (``data-bots-taught``)
        self.held = "0:"  # the tag of the earlier deals the worker holds, as far as this thread knows
        self.teaching = False  # a deal that ended is on its way to the worker (:meth:`teach`)
        self.starting: asyncio.Future[bool] | None = None  # a start in progress, shared by every call
        self.pending = 0  # calls waiting for the worker's answer (``data-bots-pending``, for the tests)
        self.deadlines: dict[str, float] = {}  # the test hook's overrides of ``deadline_s`` (seconds)
        self.first_move: Callable[[], Awaitable[None]] = at_once  # set by king.botloop.BotLoop

    async def connect(self) -> None:
        """Start the worker and load the bots in it; then the page may ask it. It starts once the bots' loop
        has played its first move or has none to play (``first_move``; a person to move first: their card and
        the bot's answer, or a while of their turn, ``king.botloop.PERSON_IDLE_MS``): on a slow device its
        Python would take the CPU from that move, which the page plays itself meanwhile — or at once when a
        hint or a review waits for it (:meth:`ask`); and once this start's snapshot is stored
        (``web/boot.mjs``), which it restores."""
        if "king-test" in str(window.location.search):
            window.kingTest = {"killWorker": create_proxy(self.kill), "hangNext": create_proxy(self.hang),
                               "deadline": create_proxy(self.set_deadline)}
        moved, asked = asyncio.ensure_future(self.first_move()), asyncio.ensure_future(self.wanted.wait())
        await asyncio.wait((moved, asked), return_when=asyncio.FIRST_COMPLETED)
        moved.cancel()
        asked.cancel()
        stored = getattr(window, "kingSnapshotStored", None)
        if stored is not None and not is_none(stored):
            await stored
        await self.start()
        window.kingStats.botsReadyMs = now_ms()
        self.ready.set()

    async def start(self) -> bool:
        """A new worker (its tag waits in ``<template id=bots-worker>``; each start gets a new name, since
        PyScript resolves a name once); the first start's time is ``kingStats.botsStartedMs``."""
        self.starts += 1
        name = "bots" if self.starts == 1 else f"bots-{self.starts}"
        fragment = document.getElementById("bots-worker").content.cloneNode(True)
        self.script = fragment.querySelector("script")
        self.script.setAttribute("name", name)
        window.kingAllowPython(self.script)  # the page's own worker: start.js refuses any other Python markup
        document.body.appendChild(fragment)
        if self.starts == 1:
            window.kingStats.botsStartedMs = now_ms()
        self.held = "0:"  # a new worker holds none of the rubber
        try:
            worker = await asyncio.wait_for(workers[name], BOTS_TIMEOUT_S)
            await asyncio.wait_for(worker.warm_up(), BOTS_TIMEOUT_S)  # the bots load now, not on a move
            document.body.dataset.botsSnapshot = str(await worker.snapshot())
            window.kingStats.botsSpeed = str(await worker.speed())  # the device's measured slowness
        except Exception as e:  # the worker failed to start: the page's own thread plays the bots
            window.console.warn(f"king: bots worker unavailable, playing bots on the main thread: {e}")
            self.stop()
            self.broken = True
            document.body.dataset.bots = "main"
            return False
        self.worker = worker
        document.body.dataset.bots = "worker"
        return True

    def stop(self) -> None:
        """Terminate the worker (a hung one stops computing) and drop its tag."""
        self.worker = None
        script, self.script = self.script, None
        if script is None:
            return
        xworker = getattr(script, "xworker", None)
        if xworker is not None and not is_none(xworker):
            xworker.terminate()
        script.remove()

    def kill(self, *_: Any) -> None:
        """Test hook: terminate the worker as a crash would (the page learns it from the deadline)."""
        script = self.script
        if script is not None and not is_none(getattr(script, "xworker", None)):
            script.xworker.terminate()

    def hang(self, times: Any = 1) -> None:
        """Test hook: the next ``times`` calls of ``choose`` never return (the worker spins)."""
        self.hang_next = int(times)

    def set_deadline(self, name: Any, seconds: Any) -> None:
        """Test hook: calls of ``name`` (``hint``, ``analyse``, ``choose``) get ``seconds`` instead."""
        self.deadlines[str(name)] = float(seconds)

    async def revive(self) -> bool:
        """A new worker after a failure: one start however many calls need it at once (each call that
        failed on the old worker waits for the same new one)."""
        if self.starting is None:
            self.starting = asyncio.ensure_future(self.start())
            self.starting.add_done_callback(lambda _: setattr(self, "starting", None))
        return await asyncio.shield(self.starting)

    async def call(self, name: str, args: tuple[Any, ...], deadline: float) -> str | None:
        """The worker's answer to ``name(*args)`` within ``deadline`` seconds, restarting it after a crash
        or a missed deadline; ``None`` after :data:`ATTEMPTS` failures (or with no worker). A failed call
        stops only the worker it asked: when another call has replaced that worker meanwhile (a hint's
        long deadline ending after a move's short one restarted it), the healthy new one is asked."""
        self.pending += 1
        document.body.dataset.botsPending = str(self.pending)
        try:
            return await self.attempts(name, args, self.deadlines.get(name, deadline))
        finally:
            self.pending -= 1
            document.body.dataset.botsPending = str(self.pending)

    async def attempts(self, name: str, args: tuple[Any, ...], deadline: float) -> str | None:
        for _ in range(ATTEMPTS):
            if self.worker is None and not self.broken and not await self.revive():
                return None
            if self.worker is None:
                return None
            fn = name
            if self.hang_next > 0 and name == "choose":
                self.hang_next, fn = self.hang_next - 1, "hang"
            worker = self.worker  # the worker this call asks: only it is stopped if the call fails
            try:
                return str(await asyncio.wait_for(getattr(worker, fn)(*args), deadline))
            except Exception as e:  # a missed deadline (TimeoutError) or the worker failed
                if self.worker is not worker:  # another call already replaced it: ask the new one
                    window.console.warn(f"king: bots worker failed on {name} ({type(e).__name__}); "
                                        "it was replaced meanwhile")
                    continue
                window.console.warn(f"king: bots worker failed on {name} ({type(e).__name__}: {e}); restarting it")
                self.stop()
                self.restarts += 1
                document.body.dataset.botsRestarts = str(self.restarts)
                self.notify("restarted")
        return None

    async def call_fed(self, name: str, args: tuple[Any, ...], deadline: float,
                       feed: Callable[[str], str]) -> str | None:
        """:meth:`call`, and when the worker answers that it lacks the rubber's earlier deals
        (``?past TAG``), send it what it lacks (``feed(TAG)``, :meth:`Session.bot_past`) and ask again."""
        answer = await self.call(name, args, deadline)
        held = need(answer) if answer is not None else None
        if held is None or self.worker is None:
            return answer
        try:
            self.held = str(await asyncio.wait_for(self.worker.learn(feed(held)), deadline))
            self.learned += 1
            document.body.dataset.botsLearned = str(self.learned)
        except Exception as e:  # the worker failed: the next call restarts it
            window.console.warn(f"king: bots worker did not learn the rubber ({type(e).__name__}: {e})")
            self.stop()
            return None
        answer = await self.call(name, args, deadline)
        return None if answer is None or need(answer) is not None else answer

    async def teach(self, tag: str, feed: Callable[[str], str]) -> None:
        """Send the worker the rubber's earlier deals it lacks of those ``tag`` names (``feed(held)``,
        :meth:`Session.bot_past`) — as a deal ends, so that the next deal's first move is asked once, not
        answered ``?past`` and asked again; nothing when the worker is not up or holds them. A failure is left
        to the next move (which asks for them)."""
        worker = self.worker
        if worker is None or tag == self.held or self.teaching:
            return
        self.teaching = True
        try:
            self.held = str(await asyncio.wait_for(worker.learn(feed(self.held)), deadline_s("choose")))
        except Exception as e:  # the next move learns them, or restarts the worker
            window.console.warn(f"king: bots worker did not take the deal that ended ({type(e).__name__}: {e})")
            self.held = "0:"
            return
        finally:
            self.teaching = False
        self.taught += 1
        document.body.dataset.botsTaught = str(self.taught)

    async def choose(self, request: str, level: str, seed: int, feed: Callable[[str], str]) -> str:
        """A bot's move token (the worker, or this thread should it fail); ``feed``: the rubber's earlier
        deals a memory holding a tag lacks (:meth:`Session.bot_past`)."""
        token = await self.call_fed("choose", (request, level, seed), deadline_s("choose", level), feed)
        if token is not None:
            return token
        self.main_moves += 1
        document.body.dataset.botsMain = str(self.main_moves)
        self.notify("main")
        return here(lambda: bot_move(request, level, seed), feed)

    async def ask(self, name: str, *args: Any, feed: Callable[[str], str] = lambda held: "") -> str:
        """``hint`` or ``analyse`` once the worker is up (on this thread should it fail); ``feed`` as in
        :meth:`choose` (a hint needs the rubber's earlier deals, a review reads the record)."""
        self.wanted.set()
        await self.ready.wait()
        answer = await self.call_fed(name, args, deadline_s(name), feed)
        if answer is not None:
            return answer
        self.notify("main")
        return here(lambda: hint_json(*args) if name == "hint" else analyse_json(*args), feed)


def here(answer: Callable[[], str], feed: Callable[[str], str]) -> str:
    """``answer()`` on this thread, after learning the earlier deals it asks for (the session keeps this
    thread's memory up to date, so this is only a safeguard)."""
    got = answer()
    held = need(got)
    if held is not None:
        learn(feed(held))
        got = answer()
    return got
