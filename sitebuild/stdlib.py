"""The standard library the site's Python starts with: Pyodide's ``python_stdlib.zip`` with the modules a start
imports compiled.

Pyodide's zip holds sources only, so every start without a snapshot — a first visit's page, its bots' worker,
the start-up snapshot's maker — compiles the ~150 standard modules its start imports (Pyodide's own
initialisation alone imports 129: asyncio, typing, inspect, pathlib, zipfile …) from source: 60 % of a bare
Pyodide's start in a worker on half of one core (8.6 s → 3.5 s with them compiled; docs/PERF.md). The
build compiles those modules with the vendored Pyodide's own Python into sourceless, unchecked-hash ``.pyc``
(PEP 552) in place of their sources, without docstrings (the standard library works under ``-OO``; Pyodide's
own packages keep theirs, which ``_pyodide.docstring`` reads); every other module stays a source, so that the
zip grows by about half a megabyte, not two. Tracebacks through a compiled module name file and line without
the line's text.

Which modules: every standard module in ``sys.modules`` after Pyodide's start, its package loader, every
kingcore module of the start-up wheel (the snapshot's maker imports them all) and :data:`PAGE_MODULES` — what
PyScript and the page import beyond those (``tests/e2e/test_snapshot.py`` checks that a page's start imports
no standard module from source).

The site ships it as :data:`COMPILED` beside the untouched zip, which only the bench's floor page loads (the
bare-Pyodide start the page is measured against); the service worker does not store the untouched one.
"""

from __future__ import annotations

import base64
import hashlib
import inspect
import json
import shutil
from pathlib import Path

from .common import RUNNER, WHEEL_CACHE, WITHOUT_DOCSTRINGS, BuildError, log, run

STOCK = "python_stdlib.zip"
"""Pyodide's own standard library (sources), as the npm package ships it."""
COMPILED = "python_stdlib-compiled.zip"
"""The site's: :data:`STOCK` with the start's modules compiled (``web/boot.mjs`` names
it as ``stdLibURL``)."""
PAGE_MODULES = ("html", "html.entities")
"""Standard modules a start imports that the build's Pyodide under Node does not: PyScript's (on the page and in
the bots' worker). ``tests/e2e/test_snapshot.py`` names any other that a start imports from source."""
DROPPED = (
    # a developer's tools: debuggers, profilers, tests, docs, the REPL, GUIs, packaging
    "__hello__", "__phello__", "_pyrepl", "antigravity", "bdb", "cProfile", "cmd", "doctest", "ensurepip", "idlelib",
    "lib2to3", "modulefinder", "pdb", "pickletools", "profile", "pstats", "pyclbr", "pydoc", "pydoc_data",
    "symtable", "tabnanny", "this", "timeit", "tkinter", "trace", "tracemalloc", "turtle", "turtledemo",
    "unittest", "venv", "zipapp",
    # processes, terminals, servers and mail: a page has none
    "http.server", "imaplib", "mailbox", "multiprocessing", "nntplib", "poplib", "pty", "sched", "smtplib",
    "socketserver", "tty", "wsgiref", "xmlrpc",
    # formats and stores the game never reads (QR codes' SVG needs only xml.sax.saxutils)
    "configparser", "curses", "dbm", "difflib", "filecmp", "fileinput", "netrc", "optparse", "plistlib",
    "shelve", "sqlite3", "tomllib", "wave", "xml.dom", "xml.etree", "xml.parsers", "zoneinfo",
)
"""What a card game in a browser never runs, left out of :data:`COMPILED` (with their submodules; 0.9 MB of
the first visit's 15.8 MB with the codecs below). ``tests/test_build_web.py`` imports every module of the
game's Python — the engine, friends online, the QR codes' and the signatures' libraries — and reads every
import in ``web/`` and PyScript's own Python: none of them may be here. A start that imports one fails the
build."""
CODECS = ("aliases", "ascii", "base64_codec", "charmap", "cp437", "hex_codec", "idna", "latin_1", "punycode",
          "raw_unicode_escape", "undefined", "unicode_escape", "utf_16", "utf_16_be", "utf_16_le", "utf_32",
          "utf_32_be", "utf_32_le", "utf_8", "utf_8_sig", "zlib_codec")
"""The ``encodings`` modules kept (the others, 0.3 MB of code pages no page decodes, are dropped): Unicode,
ASCII, Latin-1, the zip's cp437 and the codecs Python itself names."""


def dropped(module: str) -> bool:
    """Whether the dotted standard ``module`` is left out of :data:`COMPILED` (:data:`DROPPED`, :data:`CODECS`)."""
    if module.startswith("encodings."):
        return module.split(".")[1] not in CODECS
    return any(module == d or module.startswith(d + ".") for d in DROPPED)


CODE = WITHOUT_DOCSTRINGS + r"""
import ast, base64, importlib, importlib.util, io, json, pkgutil, sys, zipfile
from importlib._bootstrap_external import _code_to_hash_pyc
import pyodide._package_loader, importlib.metadata, email, tarfile, encodings.cp437  # what loadPackage imports
import kingcore
for info in pkgutil.walk_packages(kingcore.__path__, "kingcore."):  # as the snapshot's maker, whose wheel
    if not info.name.endswith(".__main__") and not info.name.startswith("kingcore.online"):  # lacks online/
        importlib.import_module(info.name)
import asyncio, gettext, json, random, time
for name in json.loads(EXTRA):
    importlib.import_module(name)
ZIP = "/lib/python314.zip/"
started = {name for name, m in list(sys.modules.items()) if str(getattr(m, "__file__", "") or "").startswith(ZIP)}

src = zipfile.ZipFile(ZIP.rstrip("/"))
out = io.BytesIO()
compiled, refused = [], []
with zipfile.ZipFile(out, "w", zipfile.ZIP_DEFLATED, compresslevel=9) as dst:
    for info in src.infolist():
        data = src.read(info)
        name = info.filename
        module = name[:-3].replace("/", ".").removesuffix(".__init__") if name.endswith(".py") else ""
        if dropped(module or name.rstrip("/").replace("/", ".")):
            if module in started:
                refused.append(module)
            continue
        if module not in started:
            dst.writestr(info, data)
            continue
        tree = ast.parse(data, ZIP + name)
        if module.split(".")[0] not in ("pyodide", "_pyodide"):
            tree = without_docstrings(tree)
        code = compile(tree, ZIP + name, "exec", dont_inherit=True)
        pyc = zipfile.ZipInfo(name + "c", info.date_time)
        pyc.compress_type = zipfile.ZIP_DEFLATED
        pyc.external_attr = info.external_attr
        dst.writestr(pyc, bytes(_code_to_hash_pyc(code, importlib.util.source_hash(data), checked=False)))
        compiled.append(module)
print(json.dumps({"modules": sorted(compiled), "refused": refused, "zip": base64.b64encode(out.getvalue()).decode()}))
"""


def compiled_stdlib(pyodide: Path, wheel: Path) -> tuple[bytes, list[str]]:
    """:data:`COMPILED` for the vendored Pyodide in ``pyodide`` (its zip, its Python) with the kingcore ``wheel``
    installed: the zip's bytes and the modules compiled. Cached by Pyodide, the wheel and this code. Raises
    BuildError without Node or when the run prints no zip."""
    key = hashlib.sha256(pyodide.name.encode() + wheel.read_bytes() + CODE.encode()
                         + json.dumps([PAGE_MODULES, DROPPED, CODECS]).encode()).hexdigest()[:20]
    cached = WHEEL_CACHE / f"stdlib-{key}"
    if not (cached / COMPILED).is_file():
        node = shutil.which("node")
        if not node:
            raise BuildError("compiling the standard library for the page needs Node (node was not found on PATH)")
        log("  compiling the standard library's start modules for Pyodide ...")
        code = (f"EXTRA = {json.dumps(json.dumps(PAGE_MODULES))}\n{inspect.getsource(dropped)}"
                f"DROPPED, CODECS = {DROPPED!r}, {CODECS!r}\n{CODE}")
        text = run([node, str(RUNNER), "--pyodide", str(pyodide), "--wheel", str(wheel), "--code", code],
                   "compiling the standard library in Pyodide", timeout=600)
        try:
            result = json.loads(text.strip().splitlines()[-1])
            data, modules = base64.b64decode(result["zip"]), list(result["modules"])
            refused = list(result["refused"])
        except (ValueError, KeyError, IndexError) as e:
            raise BuildError(f"compiling the standard library in Pyodide printed no zip ({e})") from None
        if refused:
            raise BuildError(f"the page's start imports {', '.join(refused)}, which sitebuild/stdlib.py drops")
        if not modules:
            raise BuildError("compiling the standard library in Pyodide compiled no module")
        cached.mkdir(parents=True, exist_ok=True)
        (cached / "modules.json").write_text(json.dumps(modules, indent=0) + "\n", encoding="utf-8")
        part = cached / (COMPILED + ".part")
        part.write_bytes(data)
        part.replace(cached / COMPILED)
    return (cached / COMPILED).read_bytes(), json.loads((cached / "modules.json").read_text(encoding="utf-8"))
