"""The site's service worker: ``sitebuild/sw.js`` with the cache groups filled in at build time."""

from __future__ import annotations

import hashlib
import io
import json
import re
import zipfile
from pathlib import Path

from .checks import RUNTIME_DIRS
from .common import BuildError, sha256_bytes

TEMPLATE = Path(__file__).with_name("sw.js")
GROUPS_MARK = "__GROUPS__"  # in sw.js: replaced by {group name: [URL, ...]}
ON_USE_MARK = "__ON_USE__"  # in sw.js: replaced by {group name: [URL, ...]} of the files stored on first use

PYSCRIPT_ON_USE = ("codemirror", "codemirror_commands", "codemirror_lang-python", "codemirror_language",
                   "codemirror_state", "codemirror_view", "index", "xterm", "xterm-readline", "xterm_addon-fit",
                   "xterm_addon-web-links", "xterm.css", "mpy", "py", "toml", "pyodide_graph", "storage",
                   "service-worker")
"""PyScript's chunks (by name without the content hash) for what the game never runs — its code editor
(CodeMirror) and terminal (xterm), MicroPython, TOML configs, its packages graph (a config's ``packages``),
``pyscript.storage`` and its own service worker: ≈ 0.9 MB that a page of ours never fetches
(:func:`check_on_use` refuses one that a start's chunk imports statically). Its ``zip`` chunk runs: it unpacks
:data:`PAGE_ARCHIVE`."""
PAGE_ARCHIVE = "king/page.zip"
"""The page's start modules (``king/``, compiled) in one archive, which PyScript's ``files`` config unpacks into
``king/`` (``sitebuild.site.page_files_config``): one fetch at start instead of one a module."""
NET_ARCHIVE = "king/net.zip"
"""Friends online's page modules (their sources, ``sitebuild.site.NET_PAGE_MODULES``) in one deflated archive,
which ``king/netload.py`` fetches and unpacks into ``king/`` on first use: precached for an offline host at ≈ a
third of the sources' bytes (the sources stay in the site, to read, stored on use)."""
ON_USE_DIRS = ("trystero",)
"""The rooms' library (friends online's rooms): a room meets through relays over the network, so a page that
joins one is online and stores it then; a page that only exchanges codes never fetches it."""


def stored_on_use(rel: str, files: dict[str, bytes]) -> bool:
    """Whether the site's file ``rel`` is left out of the precache — stored by the service worker when a page
    first fetches it — because the game never runs it or runs it only online: the bench's pages (``bench-*``),
    Pyodide's untouched standard library (only the bench's floor page loads it; the game loads
    ``sitebuild.stdlib.COMPILED``) and micropip (PyScript loads it for a config's ``packages``: ours have none),
    a ``king/`` source whose ``.pyc`` the page loads (beside it or in :data:`PAGE_ARCHIVE`) or that the page takes
    from :data:`NET_ARCHIVE` (the source is there to read), :data:`PYSCRIPT_ON_USE`
    and :data:`ON_USE_DIRS`.

    >>> files = {"king/app.py": b"", "king/app.pyc": b"", "king/net.py": b"", "pyscript/xterm-Bdboj2r8.js": b""}
    >>> [stored_on_use(r, files) for r in ("king/app.py", "king/app.pyc", "king/net.py", "pyscript/xterm-Bdboj2r8.js",
    ...                                    "pyscript/core-C9KDLldu.js", "bench-floor.html", "trystero/core/index.mjs")]
    [True, False, False, True, False, True, True]
    """
    top, _, rest = rel.partition("/")
    if not rest:
        return rel.startswith("bench-")
    if top == "king" and rel.endswith(".py") and (rel[len("king/"):] + "c" in archived(files)
                                                  or rel[len("king/"):] in archived(files, NET_ARCHIVE)):
        return True
    if top == "pyodide":
        return rest == "python_stdlib.zip" or (rest.startswith("micropip-") and rest.endswith(".whl"))
    if top == "king":
        return rel.endswith(".py") and rel + "c" in files
    if top == "pyscript":
        chunk = re.fullmatch(r"(.+)-[A-Za-z0-9_-]{8}\.js", rest)
        return (chunk.group(1) if chunk else rest.rsplit(".", 1)[0] if rest != "xterm.css" else rest) in PYSCRIPT_ON_USE
    return top in ON_USE_DIRS


def archived(files: dict[str, bytes], archive: str = PAGE_ARCHIVE) -> frozenset[str]:
    """The names inside ``archive`` (:data:`PAGE_ARCHIVE` or :data:`NET_ARCHIVE`; relative to ``king/``; empty
    when the site has none)."""
    data = files.get(archive)
    if not data:
        return frozenset()
    with zipfile.ZipFile(io.BytesIO(data)) as z:
        return frozenset(z.namelist())


def check_on_use(files: dict[str, bytes]) -> None:
    """Refuse a site where a precached PyScript module imports one stored on use statically (the page would need
    it to start, and an offline start would fail). Raises BuildError naming the pair."""
    for rel, data in sorted(files.items()):
        if not rel.startswith("pyscript/") or not rel.endswith(".js") or stored_on_use(rel, files):
            continue
        for target in re.findall(r"""(?:^|[;}\s])import\s*[^("']*?from\s*["']\./([^"']+)["']""", data.decode()):
            if stored_on_use(f"pyscript/{target}", files):
                raise BuildError(f"pyscript/{target} is left out of the precache, but {rel} imports it at start")


def cache_groups(files: dict[str, bytes]) -> dict[str, list[str]]:
    """The service worker's groups: ``{"runtime-<hash>": urls, "app-<hash>": urls, "onuse-<hash>": urls}`` over the
    site's files.

    ``runtime`` holds the vendored packages (pyodide/, pyscript/, trystero/: they change only with a pin), ``app``
    the rest — both precached —, and ``onuse`` the files stored only when a page first fetches them
    (:func:`stored_on_use`); a group's name carries the hash of its files' names and contents, so a redeploy
    downloads only a changed group.
    Dot files and ``sw.js`` itself are left out; ``./`` (the URL a visitor navigates to) leads the app group.
    """
    groups: dict[str, list[str]] = {"runtime": [], "app": [], "onuse": []}
    for rel in sorted(files):
        if rel.startswith(".") or rel == "sw.js":
            continue
        if stored_on_use(rel, files):
            groups["onuse"].append(rel)
        else:
            groups["runtime" if rel.split("/")[0] in RUNTIME_DIRS else "app"].append(rel)
    named = {}
    for group, rels in groups.items():
        h = hashlib.sha256()
        for rel in rels:
            h.update(rel.encode() + b"\0" + sha256_bytes(files[rel]).encode() + b"\n")
        urls = ["./" + rel for rel in rels]
        if group == "app" and "index.html" in rels:
            urls.insert(0, "./")
        named[f"{group}-{h.hexdigest()[:16]}"] = urls
    return named


def service_worker(files: dict[str, bytes]) -> bytes:
    """``sw.js`` for the site ``files`` (relative POSIX path -> bytes): the precached groups as ``GROUPS``, the
    group stored on use as ``ON_USE``. Raises BuildError if the template lacks a mark or a start needs a file
    stored on use (:func:`check_on_use`)."""
    template = TEMPLATE.read_text()
    if GROUPS_MARK not in template or ON_USE_MARK not in template:
        raise BuildError(f"{TEMPLATE.name} must name the cache groups as {GROUPS_MARK} and {ON_USE_MARK}")
    check_on_use(files)
    groups = cache_groups(files)
    on_use = {name: urls for name, urls in groups.items() if name.startswith("onuse-")}
    precached = {name: urls for name, urls in groups.items() if name not in on_use}
    return (template.replace(GROUPS_MARK, json.dumps(precached, indent=2))
            .replace(ON_USE_MARK, json.dumps(on_use, indent=2)).encode())
