"""The bots' worker: a named PyScript worker (``web/bots.py``) started once the table is drawn, asked for
bots' moves, hints and reviews with JSON text; until it is up, or should it fail, the page's own thread
answers (cheap levels at once, costly ones once the worker is up or has failed)."""

from __future__ import annotations

import asyncio
from typing import Any

from pyscript import document, window, workers

from kingcore.web import analyse_json, bot_move, hint_json

BOTS_TIMEOUT_S = 90
"""If the worker has not started by then, the main thread plays the bots."""


def now_ms() -> float:
    return float(window.performance.now())


class Bots:
    """The connection to the worker (``None`` until it is up, and again after a failure)."""

    def __init__(self) -> None:
        self.worker: Any = None
        self.ready = asyncio.Event()

    async def connect(self) -> None:
        """Start the worker (its tag waits in ``<template id=bots-worker>``) and load the bots in it."""
        document.body.appendChild(document.getElementById("bots-worker").content.cloneNode(True))
        try:
            self.worker = await asyncio.wait_for(workers["bots"], BOTS_TIMEOUT_S)
            await self.worker.warm_up()  # the bots' modules load now, not on the first move
            document.body.dataset.bots = "worker"
        except Exception as e:  # the worker failed to start: the page's own thread plays the bots
            window.console.warn(f"king: bots worker unavailable, playing bots on the main thread: {e}")
            document.body.dataset.bots = "main"
        window.kingStats.botsReadyMs = now_ms()
        self.ready.set()

    async def choose(self, request: str, level: str, seed: int) -> str:
        """A bot's move token (the worker, or this thread should it fail)."""
        if self.worker is not None:
            try:
                return str(await self.worker.choose(request, level, seed))
            except Exception as e:
                window.console.warn(f"king: bots worker failed ({e}); playing bots on the main thread")
                self.worker = None
        return bot_move(request, level, seed)

    async def ask(self, name: str, *args: Any) -> str:
        """``hint`` or ``analyse`` once the worker is up (on this thread should it have failed)."""
        await self.ready.wait()
        if self.worker is not None:
            try:
                return str(await getattr(self.worker, name)(*args))
            except Exception as e:
                window.console.warn(f"king: bots worker failed ({e}); using the main thread")
                self.worker = None
        return hint_json(*args) if name == "hint" else analyse_json(*args)
