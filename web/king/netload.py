"""Friends online's loader (issue 19): :func:`net_loaded` brings in what a page without friends online never
fetches nor imports — the friends-online wheel (``wheels/kingcore_net-*.whl``: ``kingcore.web.net``,
``netmsg``, ``fair``, ``qr``; :data:`NET_WHEEL`, written by the build: ``sitebuild.site.NET_MARK``) and the
WebRTC wire ``web/peer.js`` (``window.kingPeer``). The wheel is installed into this Python's
``site-packages/kingcore/web/`` as segno's is (``king.invite``); the service worker precaches both for
offline play. Each page start installs it afresh on first use: a start-up snapshot (``web/boot.mjs``) holds
neither its files nor its modules. Before it is in, ``from kingcore.web import Host`` fails with a
``ModuleNotFoundError`` saying so (``kingcore.web.__getattr__``). :mod:`king.friends` says when it is used.
"""

from __future__ import annotations

import asyncio
import importlib
import importlib.util
from collections.abc import Callable
from typing import Any

from pyscript import document, window
from pyscript.ffi import create_proxy

from kingcore.web import ONLINE

from .state import spawn

NET_WHEEL = "__NET_WHEEL__"
"""The friends-online wheel's URL, relative to the page (the build writes it: ``sitebuild.site.NET_MARK``)."""
PEER_JS = "./peer.js"
"""The WebRTC wire (``window.kingPeer``), a classic script run once on first use."""

_loading: asyncio.Future[None] | None = None


def join_code(fragment: str) -> str | None:
    """The code of a ``#join=<code>`` fragment (``location.hash``), or ``None`` for any other page.

    >>> join_code("#join=abc-_9"), join_code("#x"), join_code("#join=")
    ('abc-_9', None, None)
    """
    if not fragment.startswith("#join="):
        return None
    code = fragment.removeprefix("#join=").strip()
    return code or None


def has_online(session: Any) -> bool:
    """Whether ``session`` (a ``kingcore.web.Session`` or ``None``) has a seat a friend online plays."""
    return session is not None and ONLINE in session.settings.get("levels", ())


async def _peer_script() -> None:
    """Run ``peer.js`` (once): a ``<script>`` element, awaited. Raises ``OSError`` if it does not load."""
    done: asyncio.Future[None] = asyncio.get_running_loop().create_future()
    script = document.createElement("script")
    script.src = PEER_JS

    def settle(error: BaseException | None) -> None:
        if done.done():
            return
        if error is None:
            done.set_result(None)
        else:
            done.set_exception(error)

    script.onload = create_proxy(lambda e: settle(None))
    script.onerror = create_proxy(lambda e: settle(OSError(PEER_JS)))  # the file that did not load
    document.head.append(script)
    await done


async def _load() -> None:
    import pyodide_js  # type: ignore[import-not-found]  # Pyodide's own JS API: only in the browser

    await asyncio.gather(pyodide_js.loadPackage(str(window.URL.new(NET_WHEEL, window.location.href).href)),
                         _peer_script())
    importlib.invalidate_caches()  # kingcore/web/ has new files: no finder may remember it without them
    if importlib.util.find_spec("kingcore.web.net") is None:  # a wheel Pyodide could not install (it only logs)
        raise OSError(NET_WHEEL)  # the wheel not installed


async def loaded_or_said(say: Callable[[], None]) -> bool:
    """Await :func:`net_loaded`: ``True`` once in; ``False`` after a load that failed, which is logged and
    said by ``say()`` (the page's toast, ``toast.net_unavailable``): nothing of friends online half-starts."""
    try:
        await net_loaded()
    except Exception as e:
        window.console.error(f"king: friends online could not be loaded: {type(e).__name__}: {e}")
        say()
        return False
    return True


def net_loaded() -> asyncio.Future[None]:
    """Friends online's wheel installed and ``peer.js`` run: started on the first call, shared after. A load
    that failed (offline before the site was stored) is forgotten, so that the next use tries again.

    Raises (when awaited): ``OSError`` / ``JsException`` from a download that failed."""
    global _loading
    if _loading is None or (_loading.done() and _loading.exception() is not None):
        _loading = spawn(_load())
    return _loading
