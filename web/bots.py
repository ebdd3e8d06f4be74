"""The bots' worker (a named PyScript worker): the same kingcore wheel as the page, four functions across.

Only JSON text and numbers cross the thread boundary: the page sends one seat's view
(``SeatView.to_dict()`` as JSON, with the tag of the rubber's earlier deals) or, after a deal, the game
record; it gets a move token or JSON back. The rubber's earlier deals stay here between moves
(``kingcore.web.past``): when a call answers ``?past TAG`` the page sends what is missing to ``learn``.
The bots themselves are ``kingcore.bots`` (levels easy, medium, hard, expert, random), reached through
the session package ``kingcore.web`` only.
"""

import json
import time

import js  # the worker's global scope

from kingcore import web

TOOK = js.Array.new()
js.kingTook = TOOK


def choose(view_json: str, level: str, seed: int) -> str:
    """A legal move token for the seat whose view ``view_json`` is (``kingcore.web.choose``); when it began
    and ended here (ms since the epoch, ``performance.timeOrigin + now()``: the page's clock too) go to the
    worker's global ``kingTook`` (the benches read it: how much of a move's latency is the worker's own work,
    and how long the call took to come and to go back)."""
    began = js.performance.timeOrigin + js.performance.now()
    token = web.bot_move(str(view_json), str(level), int(seed))
    TOOK.push(f"{began:.1f}:{js.performance.timeOrigin + js.performance.now():.1f}")
    return token


def hint(view_json: str, seed: int) -> str:
    """Every legal move of the view rated by the strongest bot, best first (``kingcore.web.hint_json``)."""
    return web.hint_json(str(view_json), int(seed))


def analyse(record: str, seat: int, deal: int) -> str:
    """The post-deal review of ``seat``'s cards in ``deal`` (``kingcore.web.analyse_json``)."""
    return web.analyse_json(str(record), int(seat), int(deal))


def learn(feed: str) -> str:
    """Learn the rubber's earlier deals the page sent; the tag now held (``kingcore.web.learn``)."""
    return web.learn(str(feed))


def hang(view_json: str, level: str, seed: int) -> str:
    """A ``choose`` that does not return (the page's test hook ``kingTest.hangNext()``): the worker spins
    until the page's watchdog terminates it (at most 10 minutes)."""
    end = time.monotonic() + 600
    while time.monotonic() < end:
        pass
    return choose(view_json, level, seed)


def warm_up() -> bool:
    """Import the bots now (not on the first move) and say so (``kingcore.web.warm_up``)."""
    return web.warm_up()


def speed() -> str:
    """This device's speed as the warm-up measured it (``kingcore.web.SPEED`` as JSON text: ``ms``, ``slowness``):
    the bots' thinking caps are divided by the slowness."""
    return json.dumps(web.SPEED)


def snapshot() -> str:
    """How this worker's Python started (web/boot.mjs): ``used`` (restored from the page's start-up
    snapshot), ``none`` or ``dropped`` (started afresh)."""
    return str(getattr(js, "kingSnapshot", "none"))


__export__ = ["choose", "hint", "analyse", "learn", "warm_up", "hang", "snapshot", "speed"]
