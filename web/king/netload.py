"""Friends online's loader (issue 19): :func:`net_loaded` brings in what a page without friends online never
fetches nor imports — the friends-online wheel (``wheels/kingcore_net-*.whl``: the package ``kingcore.online``;
:data:`NET_WHEEL`, written by the build: ``sitebuild.site.NET_MARK``), the page's own friends-online modules
(:data:`NET_PAGE_MODULES`: ``king.net``, ``king.netcodes``, ``king.netmental``, ``king.guest``, ``king.guestroom``,
``king.invite``, ``king.render.invite``, which the build leaves out of PyScript's ``files`` config and ships in
one archive, :data:`NET_ARCHIVE`) and the
WebRTC wire ``web/peer.js`` (``window.kingPeer``; it imports the rooms' library, ``trystero/``, itself on a
room's first join: a page that only exchanges codes never fetches it). The wheel is installed into this
Python's ``site-packages/kingcore/online/`` as segno's is (``king.invite``); the service worker precaches all
of it for offline play. Each page start installs it afresh on first use: a start-up snapshot
(``web/boot.mjs``) holds neither its files nor its modules. Before it is in, ``import kingcore.online`` fails
with a ``ModuleNotFoundError``. :mod:`king.friends` says when it is used.
"""

from __future__ import annotations

import asyncio
import importlib
import importlib.util
import io
import zipfile
from collections.abc import Callable
from pathlib import Path

from pyscript import document, window
from pyscript.ffi import create_proxy

from .state import spawn

NET_WHEEL = "__NET_WHEEL__"
"""The friends-online wheel's URL, relative to the page (the build writes it: ``sitebuild.site.NET_MARK``)."""
DEPS_WHEELS = ("__ECDSA_WHEEL__", "__SIX_WHEEL__")
"""The URLs of the wheels installed with it: python-ecdsa and six, mental poker's group, which Pyodide does not
ship (the build writes them: ``sitebuild.site.DEPS_MARKS``)."""
PEER_JS = "./peer.js"
"""The WebRTC wire (``window.kingPeer``), a classic script run once on first use."""

NET_PAGE_MODULES = ("guest.py", "guestroom.py", "invite.py", "net.py", "netcodes.py", "netmental.py",
                    "render/invite.py")
"""Friends online's modules of the page, under ``king/``: the build leaves them out of PyScript's ``files``
config (``sitebuild.site.NET_PAGE_MODULES`` must name the same) and puts their sources in :data:`NET_ARCHIVE`,
which :func:`net_loaded` fetches and unpacks."""
NET_ARCHIVE = "./king/net.zip"
"""The archive of :data:`NET_PAGE_MODULES` (``sitebuild.serviceworker.NET_ARCHIVE``): one fetch, a third of the
sources' bytes."""

_loading: asyncio.Future[None] | None = None


async def _page_modules() -> None:
    """Fetch :data:`NET_ARCHIVE` and unpack it beside this module, where PyScript put the others. Raises
    ``OSError`` if the server (or the service worker) does not answer it or it lacks a module of
    :data:`NET_PAGE_MODULES`."""
    response = await window.fetch(window.URL.new(NET_ARCHIVE, window.location.href).href)
    if not response.ok:
        raise OSError(f"{NET_ARCHIVE}: HTTP {response.status}")  # the file and the answer
    data = (await response.arrayBuffer()).to_bytes()
    with zipfile.ZipFile(io.BytesIO(data)) as archive:
        if missing := sorted(set(NET_PAGE_MODULES) - set(archive.namelist())):
            raise OSError(f"{NET_ARCHIVE} lacks {missing}")
        archive.extractall(Path(__file__).parent)


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

    urls = [str(window.URL.new(url, window.location.href).href) for url in (NET_WHEEL, *DEPS_WHEELS)]
    await asyncio.gather(*(pyodide_js.loadPackage(url) for url in urls),
                         _peer_script(), _page_modules())
    importlib.invalidate_caches()  # kingcore/online/ and king/ have new files: no finder may remember them without
    for module, url in (("kingcore.online", NET_WHEEL), ("ecdsa", DEPS_WHEELS[0]), ("six", DEPS_WHEELS[1])):
        if importlib.util.find_spec(module) is None:  # a wheel Pyodide could not install (it only logs)
            raise OSError(url)  # the wheel not installed


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
    """Friends online's wheel installed, the page's modules of it written and ``peer.js`` run: started on the
    first call, shared after. A load that failed (offline before the site was stored) is forgotten, so that
    the next use tries again.

    Raises (when awaited): ``OSError`` / ``JsException`` from a download that failed."""
    global _loading
    if _loading is None or (_loading.done() and _loading.exception() is not None):
        _loading = spawn(_load())
    return _loading
