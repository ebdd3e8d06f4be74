"""The site: every file collected in memory (``web/`` generically, the wheel, the vendored runtime, the
generated assets and service worker), checked, and written to ``dist/site`` deterministically."""

from __future__ import annotations

import hashlib
import io
import json
import os
import re
import shutil
import tempfile
import time
import zipfile
from pathlib import Path

from .assets import crown_icon, manifest
from .catalogs import compile_catalogs, put_page_words
from .checks import INTERPRETER, _ScriptTags, check_site
from .common import ROOT, SITE, STAMP, WEB, BuildError, files_under, log, new_tmp_dir, run, sha256_bytes, write_file
from .pins import PYODIDE_VERSION, PYSCRIPT_VERSION
from .serviceworker import NET_ARCHIVE, PAGE_ARCHIVE, service_worker
from .stdlib import COMPILED, compiled_stdlib
from .vendor import mental_wheels, segno_wheel, vendor_pyodide, vendor_pyscript, vendor_trystero
from .wheels import (
    kingcore_wheel,
    page_pycs,
    pyscript_pycs,
    site_lock,
    split_web_wheel,
    web_wheel,
    wheel_inputs,
    without_tests,
)

BOOT = "./boot.mjs"  # web/boot.mjs: starts the page's Pyodide before PyScript; it loads the wheel itself
WHEEL_MARK = "__KINGCORE_WHEEL__"  # in web/boot.mjs: replaced by the wheel's URL
QR_MARK = "__SEGNO_WHEEL__"  # in web/king/invite.py: replaced by the segno wheel's URL (loaded on first use)
QR_PAGE = "king/invite.py"
NET_MARK = "__NET_WHEEL__"  # in web/king/netload.py: replaced by the friends-online wheel's URL (loaded on first use)
DEPS_MARKS = ("__ECDSA_WHEEL__", "__SIX_WHEEL__")  # in web/king/netload.py: mental_wheels()' URLs, loaded with it
NET_PAGE = "king/netload.py"
NET_PAGE_MODULES = ("king/guest.py", "king/guestroom.py", "king/invite.py", "king/net.py", "king/netcodes.py",
                    "king/netmental.py", "king/render/invite.py")
"""Friends online's page modules: left out of the ``files`` config; ``king/netload.py`` (``NET_PAGE_MODULES``,
which must name each) fetches them on first use, all in one archive (:data:`~sitebuild.serviceworker.NET_ARCHIVE`:
their sources, deflated), from the service worker's precache once it is stored."""
SNAPSHOT_MARK = "__SNAPSHOT_KEY__"  # in web/boot.mjs: replaced by snapshot_key() (the start-up snapshot's key)
BUILD_SOURCES = Path(__file__).resolve().parent  # the build's own code: part of the sources fingerprint


def pyscript_config(data: bytes, wheel_url: str, main: bool, where: str) -> bytes:
    """Point a PyScript JSON config at the real wheel file name (and, for the main one, the local Pyodide).

    A main config whose interpreter is the early loader (:data:`BOOT`) gets no kingcore package:
    the loader has Pyodide load the wheel while it boots.
    """
    try:
        conf = json.loads(data)
    except ValueError as e:
        raise BuildError(f"web/{where}: not valid JSON: {e}") from None
    early = main and conf.get("interpreter") == BOOT
    pkgs = conf.get("packages")
    if pkgs is None and main:
        pkgs = []
    if isinstance(pkgs, list):
        is_kingcore = [
            isinstance(p, str) and (p == "kingcore" or re.search(r"(^|/)kingcore-[^/]*\.whl$", p))
            for p in pkgs
        ]
        pkgs = [p for p, k in zip(pkgs, is_kingcore, strict=True) if not k]
        if (main and not early) or (any(is_kingcore) and not early):
            pkgs.insert(0, wheel_url)
        if pkgs or not early:
            conf["packages"] = pkgs
        else:
            conf.pop("packages", None)
    if main and not early:
        conf["interpreter"] = INTERPRETER
    return (json.dumps(conf, indent=2, ensure_ascii=False) + "\n").encode()


def config_refs(files: dict[str, bytes]) -> dict[str, bool]:
    """JSON configs named by config= of <script type="py"> tags in the site's HTML: path -> main thread?"""
    refs: dict[str, bool] = {}
    for rel, data in sorted(files.items()):
        if rel.endswith((".html", ".htm")):
            parser = _ScriptTags()
            parser.feed(data.decode("utf-8", "replace"))
            for attrs in parser.scripts:
                cfg = (attrs.get("config") or "").split("?")[0]
                if attrs.get("type") == "py" and cfg.endswith(".json"):
                    target = os.path.normpath(Path(rel).parent.joinpath(cfg).as_posix()).replace(os.sep, "/")
                    refs[target] = refs.get(target, False) or "worker" not in attrs
    return refs


def page_files_config(files: dict[str, bytes], config: str = "pyscript.json") -> None:
    """Name in the page's main PyScript config (``files``) every module of web/king/ but friends online's
    (:data:`NET_PAGE_MODULES`, fetched on first use) — its ``.pyc`` in place of its source if the build made
    one (``sitebuild.wheels.page_pycs``), all of them in one archive (:func:`page_archive`, unpacked into
    ``king/``; the ``.pyc`` leave the site's tree) — and every compiled catalog (``locale/*.mo``): PyScript puts
    them in Python's file system before main.py runs, where ``import king`` and the catalog find them. Friends
    online's modules go into an archive of their own (:data:`~sitebuild.serviceworker.NET_ARCHIVE`, their
    sources), which ``king/netload.py`` unpacks on first use. ``files`` (relative path -> bytes) is changed in
    place. Raises BuildError if ``king/netload.py`` does not
    name a module left out."""
    loader = files.get(NET_PAGE, b"")
    lazy = [rel for rel in NET_PAGE_MODULES if rel in files]
    if missing := [rel for rel in lazy if f'"{rel.removeprefix("king/")}"'.encode() not in loader]:
        raise BuildError(f"web/{NET_PAGE} must fetch {missing} on first use (its NET_PAGE_MODULES)")
    shipped = [rel for rel in sorted(files)  # a module's .pyc in place of its source (a source would win)
               if (rel.startswith("king/") and rel.endswith(".py") and rel not in lazy and rel + "c" not in files)
               or (rel.startswith("king/") and rel.endswith(".pyc"))
               or (rel.startswith("locale/") and rel.endswith(".mo"))]
    if lazy:  # ≈ 160 kB of sources in ≈ 50 kB: one fetch, precached for an offline host
        files[NET_ARCHIVE] = page_archive({rel.removeprefix("king/"): files[rel] for rel in lazy})
    king = [rel for rel in shipped if rel.startswith("king/")]
    named = [rel for rel in shipped if rel not in king]
    if king:  # one archive, one fetch (at half a core 45 fetches took ≈ 0.3 s of PyScript's start)
        files[PAGE_ARCHIVE] = page_archive({rel.removeprefix("king/"): files[rel] for rel in king})
        for rel in king:
            if rel.endswith(".pyc"):
                del files[rel]  # one copy of each: the archive's (a source stays, to read)
    conf = json.loads(files[config])
    conf["files"] = {**conf.get("files", {}), **({f"./{PAGE_ARCHIVE}": "./king/*"} if king else {}),
                     **{f"./{rel}": f"./{rel}" for rel in named}}
    files[config] = (json.dumps(conf, indent=2, ensure_ascii=False) + "\n").encode()


PYSCRIPT_PYC_ARCHIVE = "pyscript/package-pyc.zip"
"""PyScript's own Python package compiled (:func:`pyscript_pyc_config`), unpacked into ``pyscript/__pycache__``."""
PYSCRIPT_PACKAGE = re.compile(r'\{pyscript:\{"__init__\.py":')
"""Where PyScript's core chunk holds its Python package: a JavaScript object, file name -> source."""
EVAL_OBJECT = ("const s = require('fs').readFileSync(process.argv[1], 'utf8');"
               "process.stdout.write(JSON.stringify(Function('return (' + s + ')')()));")


def object_literal(text: str, start: int) -> str:
    """The JavaScript object literal of ``text`` opening at ``start`` (its braces matched outside strings)."""
    depth, quote, i = 0, "", start
    while i < len(text):
        c = text[i]
        if quote:
            i += c == "\\"
            quote = "" if c == quote else quote
        elif c in "\"'`":
            quote = c
        elif c in "{}":
            depth += 1 if c == "{" else -1
            if not depth:
                return text[start:i + 1]
        i += 1
    raise BuildError("PyScript's core chunk: its Python package's object does not end")


def pyscript_package(files: dict[str, bytes]) -> dict[str, bytes]:
    """PyScript's own Python package as its core chunk writes it into Python's file system at every start:
    ``pyscript/…/name.py`` -> source (empty when no chunk holds it: another PyScript)."""
    for rel, data in sorted(files.items()):
        if not (rel.startswith("pyscript/") and rel.endswith(".js")):
            continue
        text = data.decode("utf-8", "replace")
        found = PYSCRIPT_PACKAGE.search(text)
        if found is None:
            continue
        tmp = new_tmp_dir("pyscriptpkg")
        try:
            (tmp / "package.js").write_text(object_literal(text, found.start()), encoding="utf-8")
            tree = json.loads(run(["node", "-e", EVAL_OBJECT, str(tmp / "package.js")], "reading PyScript's package"))
        finally:
            shutil.rmtree(tmp, ignore_errors=True)
        return python_files("", tree)
    return {}


def python_files(prefix: str, tree: dict[str, object]) -> dict[str, bytes]:
    """The ``.py`` files of a tree of directories (name -> subtree, or a file's text), by path under ``prefix``."""
    out: dict[str, bytes] = {}
    for name, value in tree.items():
        if isinstance(value, dict):
            out.update(python_files(f"{prefix}{name}/", value))
        elif isinstance(value, str) and name.endswith(".py"):
            out[f"{prefix}{name}"] = value.encode()
    return out


def pyscript_pyc_config(files: dict[str, bytes], config: str = "pyscript.json") -> None:
    """PyScript's own Python package (:func:`pyscript_package`) compiled (``sitebuild.wheels.pyscript_pycs``)
    into :data:`PYSCRIPT_PYC_ARCHIVE`, which the page's ``files`` config unpacks into ``pyscript/__pycache__``
    before PyScript imports the package: the start imports it without compiling it. A PyScript whose package is
    not found gets none (a note). ``files`` is changed in place."""
    sources = pyscript_package(files)
    if not sources:
        log("  note: PyScript's Python package was not found in its chunks: it is compiled at every start")
        return
    tag, pycs = pyscript_pycs(sources)
    flat = {rel for rel in pycs if rel.count("/") == 1}  # (the package's own files: one __pycache__)
    files[PYSCRIPT_PYC_ARCHIVE] = page_archive({f"{Path(rel).stem}.{tag}.pyc": pycs[rel] for rel in sorted(flat)})
    conf = json.loads(files[config])
    conf["files"] = {f"./{PYSCRIPT_PYC_ARCHIVE}": "./pyscript/__pycache__/*", **conf.get("files", {})}
    files[config] = (json.dumps(conf, indent=2, ensure_ascii=False) + "\n").encode()


def page_archive(modules: dict[str, bytes]) -> bytes:
    """A zip of ``modules`` (name inside ``king/`` -> bytes), the same bytes for the same modules (sorted, no
    dates), deflated: :data:`~sitebuild.serviceworker.PAGE_ARCHIVE`."""
    out = io.BytesIO()
    with zipfile.ZipFile(out, "w", zipfile.ZIP_DEFLATED, compresslevel=9) as z:
        for name in sorted(modules):
            info = zipfile.ZipInfo(name, date_time=(1980, 1, 1, 0, 0, 0))
            info.compress_type = zipfile.ZIP_DEFLATED
            info.external_attr = 0o644 << 16
            z.writestr(info, modules[name])
    return out.getvalue()


def collect_site() -> tuple[dict[str, bytes], str]:
    """Every file of the site, by relative POSIX path, in memory (≈ 15 MB); and the wheel's file name."""
    if not WEB.is_dir():
        raise BuildError("web/ not found next to build.py")
    files: dict[str, bytes] = {}
    for p in files_under(WEB):
        files[p.relative_to(WEB).as_posix()] = p.read_bytes()
    put_page_words(files)  # before the .po become .mo: start.js shows the page's words before Python starts
    compile_catalogs(files)
    if "sw.js" in files:
        log("  note: web/sw.js is replaced by the generated service worker")
    wheel = kingcore_wheel()
    # the start-up wheel without friends online's modules; they are a wheel of their own, which
    # king/netload.py installs on first use (not in any config, nor in the start-up snapshot)
    files[f"wheels/{wheel.name}"], net_name, files[f"wheels/{net_name}"] = split_web_wheel(web_wheel(wheel))
    vendored = ((vendor_pyodide(), "pyodide"), (vendor_pyscript(), "pyscript"), (vendor_trystero(), "trystero"))
    for src_dir, prefix in vendored:
        for p in files_under(src_dir):
            files[f"{prefix}/{p.relative_to(src_dir).as_posix()}"] = p.read_bytes()
    files["pyodide/pyodide-lock.json"] = site_lock(files["pyodide/pyodide-lock.json"])
    # the standard library with the start's modules compiled: what the page, its workers and the snapshot load
    files[f"pyodide/{COMPILED}"], _ = compiled_stdlib(vendor_pyodide(), wheel)
    wheel_url = f"./wheels/{wheel.name}"
    qr = segno_wheel()  # not in any config: king/invite.py installs it when it first draws a QR code
    files[f"wheels/{qr.name}"] = qr.read_bytes()
    marks = [(QR_PAGE, QR_MARK, f"./wheels/{qr.name}"), (NET_PAGE, NET_MARK, f"./wheels/{net_name}")]
    for mark, dep in zip(DEPS_MARKS, mental_wheels(), strict=True):  # mental poker's group, with friends online
        files[f"wheels/{dep.name}"] = without_tests(dep.read_bytes())
        marks.append((NET_PAGE, mark, f"./wheels/{dep.name}"))
    for page, mark, url in marks:
        if page in files:
            if mark.encode() not in files[page]:
                raise BuildError(f"web/{page} must name its wheel as {mark!r} (build.py writes its URL there)")
            files[page] = files[page].replace(mark.encode(), url.encode())
    # the start's king/ modules compiled (as shipped, marks written; the sources stay in the site for reading):
    # the page does not compile them on every start
    files.update(page_pycs({rel: data for rel, data in files.items()
                            if rel.startswith("king/") and rel.endswith(".py") and rel not in NET_PAGE_MODULES}))
    boot = BOOT.removeprefix("./")
    if boot in files:
        text = files[boot].decode()
        if WHEEL_MARK not in text:
            raise BuildError(f"web/{boot} must name the wheel as {WHEEL_MARK!r} (build.py writes its URL there)")
        text = text.replace(SNAPSHOT_MARK, snapshot_key(files, wheel_url.removeprefix("./")))
        files[boot] = text.replace(WHEEL_MARK, wheel_url).encode()
    for rel in ("bench-stages.js",):  # a diagnostic page's own copy of the loader's steps
        if rel in files:
            files[rel] = files[rel].replace(WHEEL_MARK.encode(), wheel_url.encode())
    configs = config_refs(files)
    if "pyscript.json" in files:
        configs["pyscript.json"] = configs.get("pyscript.json", True)
    for rel, is_main in sorted(configs.items()):
        if rel in files:
            files[rel] = pyscript_config(files[rel], wheel_url, main=is_main, where=rel)
    if "pyscript.json" in files:
        page_files_config(files)
        pyscript_pyc_config(files)
    if "manifest.webmanifest" not in files:
        files["manifest.webmanifest"] = manifest()
    for n in (192, 512):
        files.setdefault(f"icons/icon-{n}.png", crown_icon(n))
    files[".nojekyll"] = b""
    files["sw.js"] = service_worker(files)
    return files, wheel.name


def snapshot_key(files: dict[str, bytes], wheel: str) -> str:
    """The start-up snapshot's key (16 hex digits): a hash of what a snapshot holds — Pyodide's files and
    the kingcore wheel — so that a new version of either makes the page take a new snapshot (web/boot.mjs)."""
    held = {rel: data for rel, data in files.items() if rel.startswith("pyodide/") or rel == wheel}
    return tree_hash(held)[:16]


def tree_hash(files: dict[str, bytes]) -> str:
    """The sha256 (hex) over the sorted paths and contents' sha256 of ``files``: the build's identity."""
    h = hashlib.sha256()
    for rel in sorted(files):
        h.update(rel.encode() + b"\0" + sha256_bytes(files[rel]).encode() + b"\n")
    return h.hexdigest()


def disk_tree_hash(root: Path) -> str:
    """:func:`tree_hash` of the files under ``root`` on disk."""
    return tree_hash({p.relative_to(root).as_posix(): p.read_bytes() for p in files_under(root, compiled=True)})


def build(site: Path = SITE) -> None:
    """Collect, check and write the site to ``site`` (dist/site unless told; atomic rename); prints one
    summary line. Only a build into dist/site records the sources' fingerprint (:func:`needs_build`).

    Raises BuildError (one line) on a failed download, wheel build, catalog or offline check.
    """
    t0 = time.perf_counter()
    check_target(site)
    log("build: assembling dist/site")
    fingerprint = sources_fingerprint()  # taken first: an edit made during the build triggers the next one
    files, wheel_name = collect_site()
    check_site(files)
    try:
        site.parent.mkdir(parents=True, exist_ok=True)
        tmp = Path(tempfile.mkdtemp(prefix=f".{site.name}-", dir=site.parent))
    except OSError as e:
        raise BuildError(f"cannot write the site into {site}: {e.strerror or e}") from None
    try:
        for rel, data in sorted(files.items()):
            write_file(tmp / rel, data)
        os.chmod(tmp, 0o755)
        old = site.parent / f".{site.name}-old"
        if old.exists():
            shutil.rmtree(old)
        if site.exists():
            os.replace(site, old)
        os.replace(tmp, site)
        shutil.rmtree(old, ignore_errors=True)
    finally:
        shutil.rmtree(tmp, ignore_errors=True)
    if site == SITE:
        STAMP.write_text(fingerprint + "\n")
    size = sum(len(d) for d in files.values())
    rel_site = site.relative_to(Path.cwd()) if site.is_relative_to(Path.cwd()) else site
    log(
        f"build: {len(files)} files, {size / 1e6:.1f} MB in {rel_site}/ "
        f"(wheel {wheel_name}, pyodide {PYODIDE_VERSION}, pyscript {PYSCRIPT_VERSION}; "
        f"tree sha256 {tree_hash(files)[:16]}; {time.perf_counter() - t0:.1f} s)"
    )


SITE_MARKS = ("index.html", "sw.js", ".nojekyll")
"""Files every build writes: a folder holding all three is an earlier build that may be replaced."""


def check_target(site: Path) -> None:
    """Refuse to replace ``site`` unless it is missing, an empty folder or an earlier build
    (:data:`SITE_MARKS`) — ``build --out`` once replaced whatever folder it was given (``--out ''``: the
    work tree itself) and deleted what it held.

    Raises BuildError (nothing is changed) for a file, or a folder holding anything else.
    """
    if not site.exists() and not site.is_symlink():
        return
    if not site.is_dir() or site.is_symlink():
        raise BuildError(f"{site} exists and is not a folder: give a new or empty folder (nothing was changed)")
    if any(site.iterdir()) and not all((site / mark).is_file() for mark in SITE_MARKS):
        raise BuildError(f"{site} holds files that are not a built site: give a new or empty folder, or an "
                         f"earlier build's (nothing was changed)")


def sources_fingerprint() -> str:
    """Names, sizes and mtimes of all that a build reads from the work tree (catches edits and deletions)."""
    web = files_under(WEB) if WEB.is_dir() else []
    sources = [ROOT / "build.py", *files_under(BUILD_SOURCES), *wheel_inputs(), *web]
    h = hashlib.sha256()
    for p in sources:
        st = p.stat()
        h.update(f"{p.relative_to(ROOT).as_posix()}\0{st.st_size}\0{st.st_mtime_ns}\n".encode())
    return h.hexdigest()


def needs_build() -> bool:
    """True if dist/site is missing or any source changed since the build that wrote it."""
    if not SITE.is_dir() or not STAMP.is_file():
        return True
    return STAMP.read_text().strip() != sources_fingerprint()


def build_if_needed() -> None:
    """Build unless dist/site is up to date with the sources (:func:`needs_build`)."""
    if needs_build():
        build()
    else:
        log(f"build: {SITE.relative_to(ROOT)}/ is up to date")
