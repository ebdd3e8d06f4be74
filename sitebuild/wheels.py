"""The kingcore wheel (built from a staged copy, cached by its inputs) and the web wheel the site ships
(the same wheel, its modules compiled by the vendored Pyodide's Python in place of their sources)."""

from __future__ import annotations

import base64
import hashlib
import importlib.util
import io
import json
import os
import re
import shutil
import sys
import tomllib
import zipfile
from pathlib import Path

from .common import (
    ROOT,
    RUNNER,
    WHEEL_CACHE,
    WITHOUT_DOCSTRINGS,
    BuildError,
    copy_file,
    files_under,
    log,
    new_tmp_dir,
    publish_dir,
    run,
    write_file,
)
from .vendor import vendor_pyodide

# Root files that go into the wheel build (besides kingcore/); they are also the wheel cache key.
WHEEL_ROOT_FILES = re.compile(
    r"(pyproject\.toml|README(\.\w+)?|(LICEN[CS]E|COPYING|NOTICE|AUTHORS)(\.\w+)?|hatch_build\.py)"
)
WHEEL_NAME = re.compile(r"^kingcore-[^-]+(-\d[^-]*)?-[^-]+-[^-]+-[^-]+\.whl$")  # PEP 427


def wheel_inputs() -> list[Path]:
    """The files the kingcore wheel is built from: the root files it needs and kingcore/, sorted."""
    if not (ROOT / "kingcore").is_dir() or not (ROOT / "pyproject.toml").is_file():
        raise BuildError("kingcore/ or pyproject.toml missing at the repository root")
    roots = sorted(p for p in ROOT.iterdir() if p.is_file() and WHEEL_ROOT_FILES.fullmatch(p.name))
    return roots + files_under(ROOT / "kingcore")


def kingcore_wheel() -> Path:
    """Build the kingcore wheel (cached by a hash of its inputs); keeps its exact PEP 427 file name.

    The build runs in a staged copy of the inputs: that sidesteps the build.py-shadows-`build` trap, keeps
    the source tree clean, and makes the cache key exactly what was built.
    """
    inputs = wheel_inputs()
    h = hashlib.sha256()
    for p in inputs:
        h.update(p.relative_to(ROOT).as_posix().encode() + b"\0" + p.read_bytes() + b"\0")
    key = h.hexdigest()[:20]
    cached = sorted((WHEEL_CACHE / key).glob("*.whl")) if (WHEEL_CACHE / key).is_dir() else []
    if len(cached) == 1:
        return cached[0]
    log("  building the kingcore wheel ...")
    tmp = new_tmp_dir("wheel")
    try:
        src = tmp / "src"
        for p in inputs:
            copy_file(p, src / p.relative_to(ROOT))
        meta = tomllib.loads((ROOT / "pyproject.toml").read_text())
        readme = meta.get("project", {}).get("readme")
        if isinstance(readme, str) and not (src / readme).exists():
            log(f"  note: {readme} is missing; the wheel is built with a placeholder {readme}")
            write_file(src / readme, b"kingcore\n")
        out = tmp / "out"
        cmd = [
            sys.executable,
            "-m",
            "pip",
            "wheel",
            str(src),
            "--no-deps",
            "-w",
            str(out),
            "-q",
            "--disable-pip-version-check",
        ]
        if importlib.util.find_spec("hatchling") is not None:
            cmd.append("--no-build-isolation")  # hatchling is here: no need to install it in an isolated env
        run(cmd, "building the kingcore wheel (pip wheel)", cwd=tmp)  # hatchling's wheels are reproducible
        built = sorted(out.glob("*.whl"))
        if len(built) != 1 or not WHEEL_NAME.match(built[0].name):
            raise BuildError(f"pip wheel produced {[b.name for b in built]}, expected one kingcore-*.whl")
        final_dir = tmp / "final"
        final_dir.mkdir()
        os.replace(built[0], final_dir / built[0].name)
        publish_dir(final_dir, WHEEL_CACHE / key)
    finally:
        shutil.rmtree(tmp, ignore_errors=True)
    return next((WHEEL_CACHE / key).glob("*.whl"))


PYC_CODE = WITHOUT_DOCSTRINGS + r"""
import ast, base64, importlib.util, json, os, sys
from importlib._bootstrap_external import _code_to_hash_pyc
import kingcore
root = os.path.dirname(kingcore.__file__)

out = {"cache_tag": sys.implementation.cache_tag, "pyc": {}}
for dirpath, _, names in sorted(os.walk(root)):
    for name in sorted(names):
        if name.endswith(".py"):
            path = os.path.join(dirpath, name)
            data = open(path, "rb").read()
            code = compile(without_docstrings(ast.parse(data, path)), path, "exec", dont_inherit=True)
            pyc = _code_to_hash_pyc(code, importlib.util.source_hash(data), checked=False)
            rel = os.path.relpath(path, os.path.dirname(root)).replace(os.sep, "/")
            out["pyc"][rel] = base64.b64encode(bytes(pyc)).decode()
print(json.dumps(out, sort_keys=True))
"""


def _pyodide_pycs(pyodide: Path, wheel: Path, code: str, what: str) -> tuple[str, dict[str, str]]:
    """Run ``code`` (:data:`PYC_CODE`, :data:`PAGE_PYC_CODE`) in the vendored Pyodide under Node with ``wheel``
    unpacked into its site-packages: its cache tag and its ``.pyc`` (base64) by source path. Raises BuildError
    without Node or without a result."""
    node = shutil.which("node")
    if not node:
        raise BuildError(f"compiling {what} for the page needs Node (node was not found on PATH)")
    text = run([node, str(RUNNER), "--pyodide", str(pyodide), "--wheel", str(wheel), "--code", code],
               f"compiling {what} in Pyodide", timeout=300)
    try:
        compiled = json.loads(text.strip().splitlines()[-1])
        return str(compiled["cache_tag"]), dict(compiled["pyc"])
    except (ValueError, KeyError, IndexError) as e:
        raise BuildError(f"compiling {what} in Pyodide printed no result ({e})") from None


def web_wheel(wheel: Path) -> Path:
    """The wheel the site ships: ``wheel`` with each module compiled by the vendored Pyodide's Python in place
    of its source (``kingcore/…/name.pyc``: sourceless, unchecked-hash pycs — PEP 552 — without docstrings,
    which kingcore never reads), so that the page and the worker do not compile kingcore on every start and a
    first visit does not fetch each module twice (0.63 → 0.35 MB). A traceback through kingcore names file and
    line without the line's text. Same file name; RECORD lists the files. Cached.
    """
    pyodide = vendor_pyodide()
    key = hashlib.sha256(wheel.read_bytes() + pyodide.name.encode() + PYC_CODE.encode()).hexdigest()[:20]
    out_dir = WHEEL_CACHE / f"web-{key}"
    cached = out_dir / wheel.name
    if cached.is_file():
        return cached
    log("  compiling kingcore for Pyodide (.pyc in the web wheel) ...")
    _, pycs = _pyodide_pycs(pyodide, wheel, PYC_CODE, "kingcore")
    tmp = new_tmp_dir("webwheel")
    try:
        target = tmp / wheel.name
        with zipfile.ZipFile(wheel) as src, zipfile.ZipFile(target, "w", zipfile.ZIP_DEFLATED) as dst:
            infos = src.infolist()
            record = next(i for i in infos if i.filename.endswith(".dist-info/RECORD"))
            stamp = infos[0].date_time
            for info in infos:
                if info is not record and info.filename not in pycs:
                    dst.writestr(info, src.read(info))
            lines = [line for line in src.read(record).decode().splitlines() if line.split(",", 1)[0] not in pycs]
            for rel in sorted(pycs):
                arc = f"{rel}c"
                data = base64.b64decode(pycs[rel])
                info = zipfile.ZipInfo(arc, stamp)
                info.compress_type = zipfile.ZIP_DEFLATED
                info.external_attr = 0o644 << 16
                dst.writestr(info, data)
                digest = base64.urlsafe_b64encode(hashlib.sha256(data).digest()).rstrip(b"=").decode()
                lines.insert(len(lines) - 1, f"{arc},sha256={digest},{len(data)}")  # RECORD's own line last
            dst.writestr(record, "\n".join(lines) + "\n")
        publish_dir(tmp, out_dir)
    finally:
        shutil.rmtree(tmp, ignore_errors=True)
    return cached


NET_PACKAGE = "kingcore/online/"
"""The friends-online package (issue 19; ``kingcore.online``, every module of it): left out of the page's
start-up wheel and shipped in a wheel of its own, installed when friends online is first used
(web/king/netload.py)."""
NET_DIST = "kingcore_net"
"""The friends-online wheel's distribution name (its file ``kingcore_net-<version>-py3-none-any.whl``)."""


def is_net_file(arc: str) -> bool:
    """Whether the wheel's file ``arc`` (a POSIX path in it) is a friends-online module's source or ``.pyc``.

    >>> [is_net_file(a) for a in ("kingcore/online/host.py", "kingcore/online/deal/__pycache__/commit.cpython-314.pyc",
    ...                           "kingcore/web/session.py", "kingcore/online.py", "kingcore/onlinex/a.py")]
    [True, True, False, False, False]
    """
    return arc.startswith(NET_PACKAGE)


def _record_line(arc: str, data: bytes) -> str:
    digest = base64.urlsafe_b64encode(hashlib.sha256(data).digest()).rstrip(b"=").decode()
    return f"{arc},sha256={digest},{len(data)}"


def _copy_without(src: zipfile.ZipFile, gone: set[str], record: zipfile.ZipInfo) -> io.BytesIO:
    """A copy of the wheel ``src`` without its members ``gone`` and their lines in its RECORD (``record``)."""
    out = io.BytesIO()
    with zipfile.ZipFile(out, "w", zipfile.ZIP_DEFLATED) as dst:
        for info in src.infolist():
            if info.filename in gone:
                continue
            data = src.read(info)
            if info.filename == record.filename:
                data = "".join(line for line in data.decode().splitlines(keepends=True)
                               if line.split(",", 1)[0] not in gone).encode()
            dst.writestr(info, data)
    return out


def split_web_wheel(wheel: Path) -> tuple[bytes, str, bytes]:
    """The web wheel ``wheel`` (:func:`web_wheel`) split in two: the page's start-up wheel (same file name,
    without the friends-online package — :data:`NET_PACKAGE` — and its lines in RECORD) and the
    friends-online wheel (its file name and bytes: that package's ``.pyc``, a dist-info of its own). Both
    reproducible (the wheel's own time stamps). Returns ``(start_bytes, net_name, net_bytes)``.

    Raises BuildError if the wheel lacks that package (a moved package would ship never).
    """

    with zipfile.ZipFile(wheel) as src:
        infos = src.infolist()
        record = next(i for i in infos if i.filename.endswith(".dist-info/RECORD"))
        version = wheel.name.split("-")[1]
        net = {i.filename: src.read(i) for i in infos if is_net_file(i.filename)}
        if f"{NET_PACKAGE}__init__.pyc" not in net:
            raise BuildError(f"the kingcore wheel lacks the friends-online package {NET_PACKAGE}")
        start = _copy_without(src, set(net), record)
        stamp = infos[0].date_time
    dist = f"{NET_DIST}-{version}.dist-info"
    meta = {f"{dist}/METADATA": f"Metadata-Version: 2.1\nName: {NET_DIST}\nVersion: {version}\n"
                                "Summary: kingcore.online, friends online for the King page (issue 19)\n",
            f"{dist}/WHEEL": "Wheel-Version: 1.0\nGenerator: sitebuild\nRoot-Is-Purelib: true\nTag: py3-none-any\n"}
    out = io.BytesIO()
    with zipfile.ZipFile(out, "w", zipfile.ZIP_DEFLATED) as dst:
        lines = []
        for arc, data in [*sorted(net.items()), *((a, t.encode()) for a, t in meta.items())]:
            info = zipfile.ZipInfo(arc, stamp)
            info.compress_type = zipfile.ZIP_DEFLATED
            info.external_attr = 0o644 << 16
            dst.writestr(info, data)
            lines.append(_record_line(arc, data))
        info = zipfile.ZipInfo(f"{dist}/RECORD", stamp)
        info.compress_type = zipfile.ZIP_DEFLATED
        info.external_attr = 0o644 << 16
        dst.writestr(info, "\n".join([*lines, f"{dist}/RECORD,,"]) + "\n")
    return start.getvalue(), f"{NET_DIST}-{version}-py3-none-any.whl", out.getvalue()



def without_tests(wheel: bytes) -> bytes:
    """A third-party wheel's bytes without its own test modules (``…/test_*.py``, ``…/tests/…``: python-ecdsa
    ships half its wheel as tests, which no page runs) and their lines in RECORD; every other member as it
    was. The same bytes for a wheel with none.

    Raises BuildError for bytes that are not a wheel (no RECORD).
    """

    def test_file(arc: str) -> bool:
        parts = arc.split("/")
        return arc.endswith(".py") and (parts[-1].startswith("test_") or "tests" in parts[:-1])

    with zipfile.ZipFile(io.BytesIO(wheel)) as src:
        infos = src.infolist()
        gone = {i.filename for i in infos if test_file(i.filename)}
        if not gone:
            return wheel
        try:
            record = next(i for i in infos if i.filename.endswith(".dist-info/RECORD"))
        except StopIteration:
            raise BuildError("a vendored wheel has no .dist-info/RECORD") from None
        return _copy_without(src, gone, record).getvalue()


def site_lock(lock: bytes) -> bytes:
    """Pyodide's ``pyodide-lock.json`` cut to the packages the site can load by name — micropip (PyScript's,
    for a config's ``packages``) and what it depends on: the page loads its own wheels by URL, and the lock's
    other 350 entries name files the site does not ship (114 kB → 1 kB of a first visit).

    Raises BuildError if the lock has no micropip entry.
    """
    data = json.loads(lock)
    packages = data.get("packages", {})
    if "micropip" not in packages:
        raise BuildError("pyodide-lock.json has no micropip entry")
    keep, todo = set(), ["micropip"]
    while todo:
        name = todo.pop()
        if name not in keep and name in packages:
            keep.add(name)
            todo.extend(packages[name].get("depends", []))
    data["packages"] = {name: packages[name] for name in sorted(keep)}
    return (json.dumps(data, separators=(",", ":")) + "\n").encode()


PAGE_PYC_CODE = WITHOUT_DOCSTRINGS + r"""
import ast, base64, importlib.util, json, os, site, sys
from importlib._bootstrap_external import _code_to_hash_pyc
base = site.getsitepackages()[0]

out = {"cache_tag": sys.implementation.cache_tag, "pyc": {}}
for dirpath, _, names in sorted(os.walk(os.path.join(base, "king"))):
    for name in sorted(names):
        if name.endswith(".py"):
            path = os.path.join(dirpath, name)
            data = open(path, "rb").read()
            rel = os.path.relpath(path, base).replace(os.sep, "/")
            code = compile(without_docstrings(ast.parse(data, rel)), rel, "exec", dont_inherit=True)
            pyc = _code_to_hash_pyc(code, importlib.util.source_hash(data), checked=False)
            out["pyc"][rel] = base64.b64encode(bytes(pyc)).decode()
print(json.dumps(out, sort_keys=True))
"""
"""Compiles the page's package ``king/`` (unpacked from a zip of its sources, not imported: its modules import
PyScript), without docstrings (the page never reads one; the ``.pyc`` are a third smaller), ``co_filename``
``king/…/name.py``."""


def page_pycs(sources: dict[str, bytes]) -> dict[str, bytes]:
    """The page's modules ``sources`` (``king/…/name.py`` -> source, as shipped) compiled by the vendored
    Pyodide's Python: ``king/…/name.pyc`` -> a sourceless ``.pyc`` (PEP 552 hash-based, unchecked; no
    docstrings), which PyScript's ``files`` config puts in place of the source, so that the page does not
    compile its modules on every start. Cached by the sources. Raises BuildError as :func:`_pyodide_pycs`."""
    _, pycs = _cached_pycs("king", "the page's king/ modules", sources, PAGE_PYC_CODE)
    return {rel + "c": pyc for rel, pyc in pycs.items()}


def pyscript_pycs(sources: dict[str, bytes]) -> tuple[str, dict[str, bytes]]:
    """PyScript's own Python package ``sources`` (``pyscript/…/name.py`` -> source, as PyScript writes it into
    Python's file system at every start) compiled by the vendored Pyodide's Python: its cache tag and
    ``pyscript/…/name.py`` -> an unchecked hash-based ``.pyc`` (PEP 552; no docstrings) for the file's
    ``__pycache__``, which Python takes without reading the source again — PyScript's start then does not
    compile its package (≈ 0.1 s at half a core). Cached by the sources. Raises BuildError as
    :func:`_pyodide_pycs`."""
    code = PAGE_PYC_CODE.replace('os.path.join(base, "king")', 'os.path.join(base, "pyscript")')
    return _cached_pycs("pyscript", "PyScript's own Python package", sources, code)


def _cached_pycs(kind: str, what: str, sources: dict[str, bytes], code: str) -> tuple[str, dict[str, bytes]]:
    """``sources`` (a package's ``name.py`` -> source) compiled by the vendored Pyodide's Python running ``code``
    (:func:`_pyodide_pycs`): its cache tag and ``name.py`` -> the ``.pyc`` bytes. Cached in ``WHEEL_CACHE`` by
    Pyodide, ``code`` and the sources, under ``kind``. Raises BuildError as :func:`_pyodide_pycs`, or when a
    source was not compiled."""
    pyodide = vendor_pyodide()
    h = hashlib.sha256(pyodide.name.encode() + code.encode())
    for rel in sorted(sources):
        h.update(rel.encode() + b"\0" + hashlib.sha256(sources[rel]).digest())
    cached = WHEEL_CACHE / f"{kind}-{h.hexdigest()[:20]}.json"
    if not cached.is_file():
        log(f"  compiling {what} for Pyodide (.pyc) ...")
        tmp = new_tmp_dir(f"{kind}pyc")
        try:
            wheel = tmp / f"{kind}_page-0-py3-none-any.whl"
            with zipfile.ZipFile(wheel, "w", zipfile.ZIP_DEFLATED) as z:
                for rel in sorted(sources):
                    z.writestr(rel, sources[rel])
            tag, pycs = _pyodide_pycs(pyodide, wheel, code, what)
        finally:
            shutil.rmtree(tmp, ignore_errors=True)
        if set(pycs) != set(sources):
            raise BuildError(f"compiling {what}: {sorted(set(sources) ^ set(pycs))} not compiled")
        WHEEL_CACHE.mkdir(parents=True, exist_ok=True)
        part = cached.with_suffix(".part")
        part.write_text(json.dumps({"cache_tag": tag, "pyc": pycs}, sort_keys=True), encoding="utf-8")
        os.replace(part, cached)
    got = json.loads(cached.read_text(encoding="utf-8"))
    return str(got["cache_tag"]), {rel: base64.b64decode(b64) for rel, b64 in sorted(got["pyc"].items())}
