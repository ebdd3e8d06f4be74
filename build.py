#!/usr/bin/env python3
"""Build, serve and benchmark the King web site (standard library only).

    python build.py [build]                 build dist/site (offline-capable static site)
    python build.py serve [--port N]        build if needed, then serve dist/site on 127.0.0.1
    python build.py pyodide-bench [-- ARGS] build if needed, then run `kingcore ARGS` (default: bench)
                                            inside the vendored Pyodide under Node
    python build.py test [-- PYTEST ARGS]   the one command for every test: pip-install the test and browser
                                            extras of pyproject.toml, make sure a Chromium exists, build,
                                            run pytest (unit + browser); exit code = pytest's
    python build.py bench-web [--runs N] [--readme]
                                            time the site in headless Chromium: time to playable cold, warm
                                            and offline vs a bare-Pyodide floor page, bot move latency over a
                                            rubber, site size and first-visit transfer (--readme: write the
                                            table into README.md between <!-- bench:web --> markers)

dist/site holds web/ + wheels/<kingcore wheel> + pyodide/ + pyscript/ + a generated precaching sw.js
+ manifest.webmanifest + icons/ + .nojekyll.  Downloads (npm tarballs, the micropip wheel) and the
kingcore wheel are cached in .cache/; the same inputs give a byte-identical dist/site.
npm and pip are only run as subprocesses, and only when the cache lacks something.
"""

from __future__ import annotations

import argparse
import base64
import hashlib
import html.parser
import http.server
import importlib.util
import io
import json
import os
import re
import shutil
import signal
import struct
import subprocess
import sys
import tarfile
import tempfile
import time
import tomllib
import zipfile
import zlib
from collections.abc import Callable, Iterable
from pathlib import Path

# ---------------------------------------------------------------------------------------------------
# Pinned third-party versions: the ONE place to change them.  Hashes are checked on download; when a
# version is bumped, set its hash to "" once: the build then prints the hash it saw, to pin here.
# ---------------------------------------------------------------------------------------------------
PYODIDE_VERSION = "314.0.2"  # npm `pyodide` (Python 3.14 inside); PyScript 0.7.31's own default
PYODIDE_INTEGRITY = (
    "sha512-rXkXOriXhzRkEV/coVGELjz4da77oNQEOu8hOf8dtBHEKOzqoIAmSJGeKuPl4wbLDv9EDibfKOchnC73CVX4DQ=="
)
PYSCRIPT_VERSION = "0.7.31"  # npm `@pyscript/core`
PYSCRIPT_INTEGRITY = (
    "sha512-GqM1aonc1N4RTkNZ1zJ8jJk8+i2cqeztZslPsAiQtn+wHHkUX9Z1FgIg4HjCvhBylB68UKmbTVTzOobpgPIMVQ=="
)
MICROPIP_VERSION = "0.11.1"  # PyPI wheel, vendored next to pyodide.mjs (the npm package has no wheels)
MICROPIP_SHA256 = "768de165adb8e66906039d8fec4127a57f522dfdf8e6fbff877a4616941ecfd3"

ROOT = Path(__file__).resolve().parent
CACHE = ROOT / ".cache"
DOWNLOADS = CACHE / "downloads"
VENDOR = CACHE / "vendor"
WHEEL_CACHE = CACHE / "wheels"
WEB = ROOT / "web"
DIST = ROOT / "dist"
SITE = DIST / "site"
STAMP = DIST / ".site-built"  # sources fingerprint of the last build; outside the site (stays identical)
RUNNER = ROOT / "tools" / "pyodide_run.mjs"

PYODIDE_FILES = (
    "pyodide.mjs",
    "pyodide.asm.mjs",
    "pyodide.asm.wasm",
    "python_stdlib.zip",
    "pyodide-lock.json",
)
RUNTIME_DIRS = ("pyodide", "pyscript")  # the "runtime" cache group; everything else is "app"
INTERPRETER = "./pyodide/pyodide.mjs"
BOOT = "./boot.mjs"  # web/boot.mjs: starts the page's Pyodide before PyScript; it loads the wheel itself
WHEEL_MARK = "__KINGCORE_WHEEL__"  # in web/boot.mjs: replaced by the wheel's URL
# Root files that go into the wheel build (besides kingcore/); they are also the wheel cache key.
WHEEL_ROOT_FILES = re.compile(
    r"(pyproject\.toml|README(\.\w+)?|(LICEN[CS]E|COPYING|NOTICE|AUTHORS)(\.\w+)?|hatch_build\.py)"
)
# "http(s)://" strings that are names, not fetches (XML namespaces), allowed in the app group.
ALLOWED_URL_PREFIXES = ("http://www.w3.org/",)
SCANNED_SUFFIXES = {".html", ".htm", ".js", ".mjs", ".json", ".py", ".css", ".webmanifest", ".toml"}
WHEEL_NAME = re.compile(r"^kingcore-[^-]+(-\d[^-]*)?-[^-]+-[^-]+-[^-]+\.whl$")  # PEP 427
THEME = "#14532d"


class BuildError(Exception):
    """A failure reported as one line, without a traceback."""


def log(msg: str) -> None:
    print(msg, flush=True)


# --------------------------------------------------------------------------------------------- utils
def sha256_bytes(data: bytes) -> str:
    return hashlib.sha256(data).hexdigest()


def sha256_file(path: Path) -> str:
    h = hashlib.sha256()
    with path.open("rb") as f:
        for chunk in iter(lambda: f.read(1 << 20), b""):
            h.update(chunk)
    return h.hexdigest()


def sri_sha512(path: Path) -> str:
    h = hashlib.sha512()
    with path.open("rb") as f:
        for chunk in iter(lambda: f.read(1 << 20), b""):
            h.update(chunk)
    return "sha512-" + base64.b64encode(h.digest()).decode()


def files_under(root: Path) -> list[Path]:
    """Regular files under root, sorted, skipping caches and editor droppings."""
    out = []
    for dirpath, dirnames, filenames in os.walk(root):
        dirnames[:] = sorted(d for d in dirnames if d not in ("__pycache__", ".mypy_cache", ".ruff_cache"))
        for name in sorted(filenames):
            if name.endswith((".pyc", ".pyo", "~", ".swp")) or name == ".DS_Store":
                continue
            out.append(Path(dirpath) / name)
    return out


def write_file(path: Path, data: bytes) -> None:
    """Write with a fresh mtime and mode 0644 (http.server answers 304 by mtime)."""
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_bytes(data)
    os.chmod(path, 0o644)


def copy_file(src: Path, dst: Path) -> None:
    dst.parent.mkdir(parents=True, exist_ok=True)
    shutil.copyfile(src, dst)  # copyfile, not copy2: the copy gets a fresh mtime
    os.chmod(dst, 0o644)


def error_line(text: str) -> str:
    """The most telling line of a tool's error output, for a one-line message."""
    try:  # `npm --json` reports {"error": {"code": ..., "summary": ...}}
        err = json.loads(text)["error"]
        return f"{err.get('code', 'error')}: {err.get('summary', '')}"[:240]
    except (ValueError, KeyError, TypeError, AttributeError):
        pass
    lines = [ln.strip() for ln in text.splitlines() if ln.strip()]
    if not lines:
        return "no error output"
    for pattern in (
        r"\b(E[A-Z]{3,}|ENOTFOUND|ETIMEDOUT|ECONN\w+|E404)\b",
        r"^(npm (ERR!|error)|ERROR:)",
        r"error",
    ):
        hits = [ln for ln in lines if re.search(pattern, ln, re.IGNORECASE if pattern == "error" else 0)]
        if hits:
            return hits[0][:240]
    return lines[-1][:240]


def run(cmd: list[str], what: str, *, cwd: Path | None = None, timeout: float = 900, hint: str = "") -> str:
    """Run a tool quietly; raise BuildError with one line if it is missing or fails."""
    exe = shutil.which(cmd[0]) if not os.path.isabs(cmd[0]) else cmd[0]
    if not exe:
        raise BuildError(f"{what}: `{cmd[0]}` was not found on PATH{hint}")
    try:
        proc = subprocess.run(
            [exe, *cmd[1:]],
            cwd=cwd,
            capture_output=True,
            text=True,
            timeout=timeout,
            stdin=subprocess.DEVNULL,
        )
    except subprocess.TimeoutExpired:
        raise BuildError(
            f"{what}: `{' '.join(cmd)}` timed out after {timeout:.0f} s (network down?)"
        ) from None
    except OSError as e:
        raise BuildError(f"{what}: cannot run `{cmd[0]}`: {e}") from None
    if proc.returncode != 0:
        output = proc.stderr if proc.stderr.strip() else proc.stdout
        raise BuildError(
            f"{what} failed (exit {proc.returncode}): {error_line(output)}"
            f" — is the package registry reachable?"
        )
    return proc.stdout


def new_tmp_dir(tag: str) -> Path:
    (CACHE / "tmp").mkdir(parents=True, exist_ok=True)
    return Path(tempfile.mkdtemp(prefix=tag + "-", dir=CACHE / "tmp"))


def publish_dir(tmp: Path, final: Path) -> None:
    """Move a fully written directory into place (atomic rename: a half-written cache entry never shows)."""
    final.parent.mkdir(parents=True, exist_ok=True)
    if final.exists():
        shutil.rmtree(final)
    os.replace(tmp, final)


# ------------------------------------------------------------------------------------------ downloads
def check_pin(what: str, actual: str, pinned: str, path: Path) -> None:
    if not pinned:
        log(f"  note: {what} is unpinned; its hash is {actual} (pin it at the top of build.py)")
    elif actual != pinned:
        path.unlink(missing_ok=True)
        raise BuildError(f"{what}: hash mismatch: got {actual}, build.py pins {pinned}")


def npm_tarball(package: str, version: str, integrity: str) -> Path:
    """`npm pack package@version` into .cache/downloads (once), checked against the pinned integrity."""
    fname = f"{package.lstrip('@').replace('/', '-')}-{version}.tgz"
    dest = DOWNLOADS / fname
    if dest.exists() and (not integrity or sri_sha512(dest) == integrity):
        return dest
    log(f"  downloading {package}@{version} with npm pack ...")
    tmp = new_tmp_dir("npm")
    try:
        out = run(
            ["npm", "pack", f"{package}@{version}", "--json", "--silent"],
            f"npm pack {package}@{version}",
            cwd=tmp,
            hint=" (install Node.js 20 with npm; needed once, to download the runtime)",
        )
        try:
            packed = tmp / json.loads(out)[0]["filename"]
        except (ValueError, LookupError):
            found = sorted(tmp.glob("*.tgz"))
            if len(found) != 1:
                raise BuildError(f"npm pack {package}@{version}: no tarball produced") from None
            packed = found[0]
        check_pin(f"{package}@{version}", sri_sha512(packed), integrity, packed)
        DOWNLOADS.mkdir(parents=True, exist_ok=True)
        os.replace(packed, dest)
    finally:
        shutil.rmtree(tmp, ignore_errors=True)
    return dest


def micropip_wheel(python_version: str) -> Path:
    """The micropip wheel from PyPI into .cache/downloads (once), checked against the pinned sha256."""
    fname = f"micropip-{MICROPIP_VERSION}-py3-none-any.whl"
    dest = DOWNLOADS / fname
    if dest.exists() and (not MICROPIP_SHA256 or sha256_file(dest) == MICROPIP_SHA256):
        return dest
    log(f"  downloading micropip {MICROPIP_VERSION} with pip download ...")
    tmp = new_tmp_dir("pip")
    try:
        run(
            [
                sys.executable,
                "-m",
                "pip",
                "download",
                "--no-deps",
                "--only-binary=:all:",
                "--python-version",
                python_version,
                f"micropip=={MICROPIP_VERSION}",
                "-d",
                str(tmp),
                "-q",
                "--disable-pip-version-check",
            ],
            f"pip download micropip=={MICROPIP_VERSION}",
            cwd=tmp,
        )
        got = tmp / fname
        if not got.exists():
            raise BuildError(f"pip download micropip=={MICROPIP_VERSION}: {fname} not produced")
        check_pin(fname, sha256_file(got), MICROPIP_SHA256, got)
        DOWNLOADS.mkdir(parents=True, exist_ok=True)
        os.replace(got, dest)
    finally:
        shutil.rmtree(tmp, ignore_errors=True)
    return dest


def tar_members(tgz: Path, want: Callable[[str], str | None]) -> dict[str, bytes]:
    """Regular files of an npm tarball whose path (without 'package/') want() maps to an output name."""
    out: dict[str, bytes] = {}
    with tarfile.open(tgz, "r:gz") as tf:
        for m in tf.getmembers():
            if not m.isfile() or not m.name.startswith("package/"):
                continue
            target = want(m.name[len("package/") :])
            if target:
                f = tf.extractfile(m)
                assert f is not None
                out[target] = f.read()
    return out


def vendor_pyodide() -> Path:
    """.cache/vendor/pyodide-V+micropip-V/: the runtime files, micropip wheel, patched lock."""
    final = VENDOR / f"pyodide-{PYODIDE_VERSION}+micropip-{MICROPIP_VERSION}"
    if final.is_dir():
        return final
    tgz = npm_tarball("pyodide", PYODIDE_VERSION, PYODIDE_INTEGRITY)
    files = tar_members(tgz, lambda p: p if p in PYODIDE_FILES else None)
    missing = set(PYODIDE_FILES) - set(files)
    if missing:
        raise BuildError(f"pyodide@{PYODIDE_VERSION} tarball lacks {', '.join(sorted(missing))}")
    lock_text = files["pyodide-lock.json"].decode()
    lock = json.loads(lock_text)
    entry = lock.get("packages", {}).get("micropip")
    if not entry:
        raise BuildError(f"pyodide-lock.json of pyodide@{PYODIDE_VERSION} has no micropip entry")
    if entry.get("version") != MICROPIP_VERSION:
        log(f"  note: pyodide's lock names micropip {entry.get('version')}, vendoring {MICROPIP_VERSION}")
    py_ver = ".".join(str(lock.get("info", {}).get("python", "3.14")).split(".")[:2])
    wheel = micropip_wheel(py_ver)
    wheel_bytes = wheel.read_bytes()
    # Pyodide loads micropip through the lock with an SRI check; the PyPI wheel is not the byte-identical
    # wheel Pyodide's CDN serves, so the lock must carry the vendored wheel's real sha256.  Patch the one
    # hash textually (the rest of the lock stays byte-identical).
    old, new = entry["sha256"], sha256_bytes(wheel_bytes)
    if lock_text.count(old) != 1:
        raise BuildError("pyodide-lock.json: micropip's sha256 is not unique; cannot patch it")
    files["pyodide-lock.json"] = lock_text.replace(old, new).encode()
    files[entry["file_name"]] = wheel_bytes
    tmp = new_tmp_dir("pyodide")
    for name, data in files.items():
        write_file(tmp / name, data)
    publish_dir(tmp, final)
    return final


def vendor_pyscript() -> Path:
    """.cache/vendor/pyscript-core-V/: dist/*.js and dist/*.css of @pyscript/core (no source maps)."""
    final = VENDOR / f"pyscript-core-{PYSCRIPT_VERSION}"
    if final.is_dir():
        return final
    tgz = npm_tarball("@pyscript/core", PYSCRIPT_VERSION, PYSCRIPT_INTEGRITY)

    def want(p: str) -> str | None:
        d, _, name = p.rpartition("/")
        return name if d == "dist" and name.endswith((".js", ".css")) else None

    files = tar_members(tgz, want)
    if "core.js" not in files or "core.css" not in files:
        raise BuildError(f"@pyscript/core@{PYSCRIPT_VERSION} tarball lacks dist/core.js or dist/core.css")
    tmp = new_tmp_dir("pyscript")
    for name, data in files.items():
        write_file(tmp / name, data)
    publish_dir(tmp, final)
    return final


# --------------------------------------------------------------------------------------- kingcore wheel
def wheel_inputs() -> list[Path]:
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


PYC_CODE = r"""
import base64, importlib.util, json, os, sys
from importlib._bootstrap_external import _code_to_hash_pyc
import kingcore
root = os.path.dirname(kingcore.__file__)
out = {"cache_tag": sys.implementation.cache_tag, "pyc": {}}
for dirpath, _, names in sorted(os.walk(root)):
    for name in sorted(names):
        if name.endswith(".py"):
            path = os.path.join(dirpath, name)
            data = open(path, "rb").read()
            code = compile(data, path, "exec", dont_inherit=True)
            pyc = _code_to_hash_pyc(code, importlib.util.source_hash(data), checked=False)
            rel = os.path.relpath(path, os.path.dirname(root)).replace(os.sep, "/")
            out["pyc"][rel] = base64.b64encode(bytes(pyc)).decode()
print(json.dumps(out, sort_keys=True))
"""


def web_wheel(wheel: Path) -> Path:
    """The wheel the site ships: ``wheel`` plus its modules compiled by the vendored Pyodide's Python
    (``kingcore/__pycache__/*.cpython-314.pyc``, unchecked-hash pycs: PEP 552), so that the page and the
    worker do not compile kingcore on every start. Same file name; RECORD lists the new files. Cached.
    """
    pyodide = vendor_pyodide()
    key = hashlib.sha256(wheel.read_bytes() + pyodide.name.encode() + PYC_CODE.encode()).hexdigest()[:20]
    out_dir = WHEEL_CACHE / f"web-{key}"
    cached = out_dir / wheel.name
    if cached.is_file():
        return cached
    log("  compiling kingcore for Pyodide (.pyc in the web wheel) ...")
    node = shutil.which("node")
    if not node:
        raise BuildError("compiling the web wheel needs Node (node was not found on PATH)")
    text = run([node, str(RUNNER), "--pyodide", str(pyodide), "--wheel", str(wheel), "--code", PYC_CODE],
               "compiling kingcore in Pyodide", timeout=300)
    try:
        compiled = json.loads(text.strip().splitlines()[-1])
        tag, pycs = str(compiled["cache_tag"]), dict(compiled["pyc"])
    except (ValueError, KeyError, IndexError) as e:
        raise BuildError(f"compiling kingcore in Pyodide printed no result ({e})") from None
    tmp = new_tmp_dir("webwheel")
    try:
        target = tmp / wheel.name
        with zipfile.ZipFile(wheel) as src, zipfile.ZipFile(target, "w", zipfile.ZIP_DEFLATED) as dst:
            infos = src.infolist()
            record = next(i for i in infos if i.filename.endswith(".dist-info/RECORD"))
            stamp = infos[0].date_time
            for info in infos:
                if info is not record:
                    dst.writestr(info, src.read(info))
            lines = src.read(record).decode().splitlines()
            for rel in sorted(pycs):
                folder, name = rel.rsplit("/", 1)
                arc = f"{folder}/__pycache__/{name[:-3]}.{tag}.pyc"
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


# ------------------------------------------------------------------------------------------------ icons
def png(width: int, height: int, rows: Iterable[bytes]) -> bytes:
    """An 8-bit RGB PNG (deterministic: no timestamps, fixed compression level)."""

    def chunk(kind: bytes, data: bytes) -> bytes:
        return struct.pack(">I", len(data)) + kind + data + struct.pack(">I", zlib.crc32(kind + data))

    raw = b"".join(b"\x00" + row for row in rows)  # filter type 0 on every row
    return (
        b"\x89PNG\r\n\x1a\n"
        + chunk(b"IHDR", struct.pack(">IIBBBBB", width, height, 8, 2, 0, 0, 0))
        + chunk(b"IDAT", zlib.compress(raw, 9))
        + chunk(b"IEND", b"")
    )


def crown_icon(size: int) -> bytes:
    """A gold crown on green, anti-aliased with 4 sub-rows and fractional span edges."""
    bg, fg = (0x14, 0x53, 0x2D), (0xF5, 0xC5, 0x18)
    poly = [(0.20, 0.66), (0.20, 0.33), (0.35, 0.50), (0.50, 0.27), (0.65, 0.50), (0.80, 0.33), (0.80, 0.66)]
    poly = [(x * size, y * size) for x, y in poly]
    band = (0.20 * size, 0.695 * size, 0.80 * size, 0.75 * size)
    balls = [(0.20 * size, 0.31 * size), (0.50 * size, 0.25 * size), (0.80 * size, 0.31 * size)]
    r = 0.045 * size
    sub = 4

    def spans(y: float) -> list[tuple[float, float]]:
        xs = []
        for (x1, y1), (x2, y2) in zip(poly, poly[1:] + poly[:1], strict=True):
            if (y1 <= y < y2) or (y2 <= y < y1):
                xs.append(x1 + (y - y1) * (x2 - x1) / (y2 - y1))
        xs.sort()
        out = [(xs[i], xs[i + 1]) for i in range(0, len(xs) - 1, 2)]
        if band[1] <= y < band[3]:
            out.append((band[0], band[2]))
        for cx, cy in balls:
            if abs(y - cy) < r:
                w = (r * r - (y - cy) ** 2) ** 0.5
                out.append((cx - w, cx + w))
        out.sort()
        merged: list[list[float]] = []
        for a, b in out:
            if merged and a <= merged[-1][1]:
                merged[-1][1] = max(merged[-1][1], b)
            else:
                merged.append([a, b])
        return [(a, b) for a, b in merged]

    palette = [
        bytes(round(bg[c] + (fg[c] - bg[c]) * k / (sub * 16)) for c in range(3)) for k in range(sub * 16 + 1)
    ]
    rows = []
    for py in range(size):
        diff = [0] * (size + 2)  # coverage in 1/16 of a pixel per sub-row: diff array + prefix sums
        edge = [0] * (size + 1)
        for s in range(sub):
            for a, b in spans(py + (s + 0.5) / sub):
                a, b = max(0.0, a), min(float(size), b)
                ia, ib = int(a), int(b)
                if ia == ib:
                    if ia < size:
                        edge[ia] += round((b - a) * 16)
                    continue
                edge[ia] += round((ia + 1 - a) * 16)
                diff[ia + 1] += 16
                diff[ib] -= 16
                if ib < size:
                    edge[ib] += round((b - ib) * 16)
        row = bytearray()
        acc = 0
        for px in range(size):
            acc += diff[px]
            row += palette[min(sub * 16, acc + edge[px])]
        rows.append(bytes(row))
    return png(size, size, rows)


def manifest() -> bytes:
    doc = {
        "name": "King",
        "short_name": "King",
        "description": "King (Кинг), the Russian trick-avoidance card game",
        "start_url": "./",
        "scope": "./",
        "display": "standalone",
        "background_color": THEME,
        "theme_color": THEME,
        "icons": [
            {"src": f"./icons/icon-{n}.png", "sizes": f"{n}x{n}", "type": "image/png"} for n in (192, 512)
        ],
    }
    return (json.dumps(doc, indent=2, ensure_ascii=False) + "\n").encode()


# ---------------------------------------------------------------------------------------- service worker
SW_TEMPLATE = """\
// Generated by build.py: do not edit.  Precaches the whole site in cache groups named by content hash.
"use strict";
const GROUPS = __GROUPS__;
const PREFIX = "king:" + new URL(self.registration.scope).pathname + ":";
const NAMES = Object.keys(GROUPS).map((name) => PREFIX + name);

async function complete(cache, urls) {
  const keys = await cache.keys();
  return keys.length >= urls.length;
}

self.addEventListener("install", (event) => {
  event.waitUntil((async () => {
    for (const [name, urls] of Object.entries(GROUPS)) {
      const cacheName = PREFIX + name;
      if (await caches.has(cacheName) && await complete(await caches.open(cacheName), urls)) continue;
      const cache = await caches.open(cacheName);
      try {
        // "no-cache": revalidate with the server, so files the page just loaded come from the HTTP cache (304)
        await cache.addAll(urls.map((url) => new Request(url, { cache: "no-cache" })));
      } catch (err) {
        await caches.delete(cacheName);
        throw err;
      }
    }
    await self.skipWaiting();
  })());
});

self.addEventListener("activate", (event) => {
  event.waitUntil((async () => {
    for (const name of await caches.keys()) {
      if (name.startsWith(PREFIX) && !NAMES.includes(name)) await caches.delete(name);
    }
    await self.clients.claim();
  })());
});

self.addEventListener("fetch", (event) => {
  const request = event.request;
  if (request.method !== "GET" || new URL(request.url).origin !== self.location.origin) return;
  event.respondWith((async () => {
    for (const name of NAMES) {
      const cache = await caches.open(name);
      const hit = await cache.match(request, { ignoreSearch: true, ignoreVary: true });
      if (hit) return hit;
    }
    return fetch(request);
  })());
});
"""


def service_worker(files: dict[str, bytes]) -> bytes:
    groups: dict[str, list[str]] = {"runtime": [], "app": []}
    for rel in sorted(files):
        if rel.startswith(".") or rel == "sw.js":
            continue
        groups["runtime" if rel.split("/")[0] in RUNTIME_DIRS else "app"].append(rel)
    named = {}
    for group, rels in groups.items():
        h = hashlib.sha256()
        for rel in rels:
            h.update(rel.encode() + b"\0" + sha256_bytes(files[rel]).encode() + b"\n")
        urls = ["./" + rel for rel in rels]
        if group == "app" and "index.html" in rels:
            urls.insert(0, "./")  # the directory URL a visitor actually navigates to
        named[f"{group}-{h.hexdigest()[:16]}"] = urls
    return SW_TEMPLATE.replace("__GROUPS__", json.dumps(named, indent=2)).encode()


# ------------------------------------------------------------------------------------------------ checks
class _ScriptTags(html.parser.HTMLParser):
    def __init__(self) -> None:
        super().__init__()
        self.scripts: list[dict[str, str | None]] = []

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        if tag == "script":
            self.scripts.append(dict(attrs))


def check_site(files: dict[str, bytes]) -> None:
    """Fail the build on a fetch the offline site could not serve.

    * app group (all but pyodide/ and pyscript/): no http:// or https:// URLs in text files;
    * pyodide/ and pyscript/ are exempt, but they default to a CDN interpreter, so every main-thread
      `<script type="py">` must name a config whose "interpreter" is a relative URL (a worker follows the
      main config), and MicroPython (`type="mpy"`) is refused: it is not vendored.
    """
    problems = []
    url = re.compile(r"https?://[^\s\"'`<>)\]}]*")
    for rel, data in sorted(files.items()):
        if rel.split("/")[0] in RUNTIME_DIRS or Path(rel).suffix.lower() not in SCANNED_SUFFIXES:
            continue
        text = data.decode("utf-8", "replace")
        for n, line in enumerate(text.splitlines(), 1):
            for m in url.finditer(line):
                if not m.group().startswith(ALLOWED_URL_PREFIXES):
                    problems.append(f"{rel}:{n}: absolute URL {m.group()[:80]}")
    for rel, data in sorted(files.items()):
        if not rel.endswith((".html", ".htm")):
            continue
        parser = _ScriptTags()
        parser.feed(data.decode("utf-8", "replace"))
        for attrs in parser.scripts:
            kind = attrs.get("type")
            if kind == "mpy":
                problems.append(f'{rel}: <script type="mpy">: MicroPython is not vendored (CDN only)')
            if kind != "py" or "worker" in attrs:
                continue
            cfg = (attrs.get("config") or "").strip()
            if not cfg:
                problems.append(
                    f'{rel}: <script type="py"> without config=: PyScript would use its CDN interpreter'
                )
                continue
            if cfg.startswith("{"):
                config_text, where = cfg, f"{rel} (inline config)"
            else:
                target = Path(rel).parent.joinpath(cfg.split("?")[0]).as_posix().removeprefix("./")
                target = os.path.normpath(target).replace(os.sep, "/")
                if target not in files:
                    problems.append(f"{rel}: config {cfg} is not in the site")
                    continue
                config_text, where = files[target].decode(), target
            try:
                conf = tomllib.loads(config_text) if where.endswith(".toml") else json.loads(config_text)
            except ValueError as e:
                problems.append(f"{where}: unreadable config: {e}")
                continue
            interp = str(conf.get("interpreter", ""))
            if not interp or "://" in interp or interp.startswith("//"):
                problems.append(
                    f'{where}: "interpreter" must be a relative URL such as {INTERPRETER}'
                    f" (got {interp or 'nothing: the CDN default'})"
                )
    if problems:
        for p in problems[:20]:
            log(f"  offline check: {p}")
        raise BuildError(f"offline check failed: {len(problems)} problem(s), first: {problems[0]}")


# ----------------------------------------------------------------------------------------------- catalogs
BABEL = "babel>=2.12"


def compile_catalogs(files: dict[str, bytes]) -> dict[str, bytes]:
    """The page's gettext catalogs: every ``locale/<lang>.po`` of web/ compiled to ``locale/<lang>.mo``
    (Babel; the page reads it with the standard library's ``gettext``), the ``.po`` left out of the site.
    """
    if importlib.util.find_spec("babel") is None:  # the build's one Python dependency, installed once
        log(f"  installing {BABEL} with pip (compiles the page's catalogs) ...")
        run([sys.executable, "-m", "pip", "install", "--disable-pip-version-check", BABEL], f"pip install {BABEL}")
        importlib.invalidate_caches()
    from babel.messages.mofile import write_mo
    from babel.messages.pofile import read_po

    out = {}
    for rel, data in files.items():
        if rel.startswith("locale/") and rel.endswith(".po"):
            catalog = read_po(io.BytesIO(data), abort_invalid=True)
            mo = io.BytesIO()
            write_mo(mo, catalog, use_fuzzy=False)
            out[rel[:-3] + ".mo"] = mo.getvalue()
        else:
            out[rel] = data
    return out


def page_files_config(files: dict[str, bytes], config: str = "pyscript.json") -> None:
    """Name in the page's main PyScript config (``files``) every module of web/king/ and every compiled
    catalog (``locale/*.mo``): PyScript puts them in Python's file system before main.py runs, where
    ``import king`` and the catalog find them."""
    conf = json.loads(files[config])
    shipped = [rel for rel in sorted(files) if (rel.startswith("king/") and rel.endswith(".py"))
               or (rel.startswith("locale/") and rel.endswith(".mo"))]
    conf["files"] = {**conf.get("files", {}), **{f"./{rel}": f"./{rel}" for rel in shipped}}
    files[config] = (json.dumps(conf, indent=2, ensure_ascii=False) + "\n").encode()


# ------------------------------------------------------------------------------------------------- build
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


def collect_site() -> tuple[dict[str, bytes], str]:
    """Every file of the site, by relative POSIX path, in memory (≈ 15 MB); and the wheel's file name."""
    if not WEB.is_dir():
        raise BuildError("web/ not found next to build.py")
    files: dict[str, bytes] = {}
    for p in files_under(WEB):
        files[p.relative_to(WEB).as_posix()] = p.read_bytes()
    if "sw.js" in files:
        log("  note: web/sw.js is replaced by the generated service worker")
    files = compile_catalogs(files)
    wheel = kingcore_wheel()
    files[f"wheels/{wheel.name}"] = web_wheel(wheel).read_bytes()
    for src_dir, prefix in ((vendor_pyodide(), "pyodide"), (vendor_pyscript(), "pyscript")):
        for p in files_under(src_dir):
            files[f"{prefix}/{p.relative_to(src_dir).as_posix()}"] = p.read_bytes()
    wheel_url = f"./wheels/{wheel.name}"
    boot = BOOT.removeprefix("./")
    if boot in files:
        text = files[boot].decode()
        if WHEEL_MARK not in text:
            raise BuildError(f"web/{boot} must name the wheel as {WHEEL_MARK!r} (build.py writes its URL there)")
        files[boot] = text.replace(WHEEL_MARK, wheel_url).encode()
    configs = config_refs(files)
    if "pyscript.json" in files:
        configs["pyscript.json"] = configs.get("pyscript.json", True)
    for rel, is_main in sorted(configs.items()):
        if rel in files:
            files[rel] = pyscript_config(files[rel], wheel_url, main=is_main, where=rel)
    if "pyscript.json" in files:
        page_files_config(files)
    if "manifest.webmanifest" not in files:
        files["manifest.webmanifest"] = manifest()
    for n in (192, 512):
        files.setdefault(f"icons/icon-{n}.png", crown_icon(n))
    files[".nojekyll"] = b""
    files["sw.js"] = service_worker(files)
    return files, wheel.name


def tree_hash(files: dict[str, bytes]) -> str:
    h = hashlib.sha256()
    for rel in sorted(files):
        h.update(rel.encode() + b"\0" + sha256_bytes(files[rel]).encode() + b"\n")
    return h.hexdigest()


def disk_tree_hash(root: Path) -> str:
    return tree_hash({p.relative_to(root).as_posix(): p.read_bytes() for p in files_under(root)})


def build() -> None:
    t0 = time.perf_counter()
    log("build: assembling dist/site")
    fingerprint = sources_fingerprint()  # taken first: an edit made during the build triggers the next one
    files, wheel_name = collect_site()
    check_site(files)
    DIST.mkdir(parents=True, exist_ok=True)
    tmp = Path(tempfile.mkdtemp(prefix=".site-", dir=DIST))
    try:
        for rel, data in sorted(files.items()):
            write_file(tmp / rel, data)
        os.chmod(tmp, 0o755)
        old = DIST / ".site-old"
        if old.exists():
            shutil.rmtree(old)
        if SITE.exists():
            os.replace(SITE, old)
        os.replace(tmp, SITE)
        shutil.rmtree(old, ignore_errors=True)
    finally:
        shutil.rmtree(tmp, ignore_errors=True)
    STAMP.write_text(fingerprint + "\n")
    size = sum(len(d) for d in files.values())
    rel_site = SITE.relative_to(Path.cwd()) if SITE.is_relative_to(Path.cwd()) else SITE
    log(
        f"build: {len(files)} files, {size / 1e6:.1f} MB in {rel_site}/ "
        f"(wheel {wheel_name}, pyodide {PYODIDE_VERSION}, pyscript {PYSCRIPT_VERSION}; "
        f"tree sha256 {tree_hash(files)[:16]}; {time.perf_counter() - t0:.1f} s)"
    )


def sources_fingerprint() -> str:
    """Names, sizes and mtimes of all that a build reads from the work tree (catches edits and deletions)."""
    sources = [Path(__file__).resolve(), *wheel_inputs(), *(files_under(WEB) if WEB.is_dir() else [])]
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
    if needs_build():
        build()
    else:
        log(f"build: {SITE.relative_to(ROOT)}/ is up to date")


# ------------------------------------------------------------------------------------------------- serve
class Handler(http.server.SimpleHTTPRequestHandler):
    extensions_map = {  # noqa: RUF012 - the base class declares it as a plain class attribute
        **http.server.SimpleHTTPRequestHandler.extensions_map,
        ".wasm": "application/wasm",
        ".mjs": "text/javascript",
        ".js": "text/javascript",
        ".webmanifest": "application/manifest+json",
        ".whl": "application/zip",
    }

    def end_headers(self) -> None:
        self.send_header("Cache-Control", "no-cache")  # revalidate: a rebuilt file shows on reload
        super().end_headers()

    def log_message(self, format: str, *args: object) -> None:
        sys.stderr.write(f"  {self.command} {self.path} {args[1] if len(args) > 1 else ''}\n")


def serve(port: int) -> None:
    build_if_needed()

    def on_term(signum: int, frame: object) -> None:
        raise KeyboardInterrupt

    signal.signal(signal.SIGTERM, on_term)
    handler = lambda *a, **k: Handler(*a, directory=str(SITE), **k)  # noqa: E731
    try:
        httpd = http.server.ThreadingHTTPServer(("127.0.0.1", port), handler)
    except OSError as e:
        raise BuildError(f"serve: cannot listen on 127.0.0.1:{port}: {e.strerror}") from None
    httpd.daemon_threads = True
    log(f"serve: http://127.0.0.1:{port}/  (serving {SITE}; Ctrl-C stops)")
    try:
        httpd.serve_forever()
    except KeyboardInterrupt:
        log("serve: stopped")
    finally:
        httpd.server_close()


# ----------------------------------------------------------------------------------------- pyodide bench
def pyodide_bench(args: list[str]) -> int:
    build_if_needed()
    wheels = sorted((SITE / "wheels").glob("kingcore-*.whl"))
    if len(wheels) != 1:
        raise BuildError(f"expected one kingcore wheel in {SITE / 'wheels'}, found {len(wheels)}")
    node = shutil.which("node")
    if not node:
        raise BuildError("pyodide-bench: `node` was not found on PATH (install Node.js 20)")
    cmd = [node, str(RUNNER), "--pyodide", str(SITE / "pyodide"), "--wheel", str(wheels[0]), "--", *args]
    return subprocess.call(cmd)


# -------------------------------------------------------------------------------------------------- test
CHROMIUM = Path(os.environ.get("CHROMIUM", "/usr/bin/chromium"))


def optional_dependencies(groups: tuple[str, ...] = ("test", "browser")) -> list[str]:
    """The requirements of pyproject.toml's [project.optional-dependencies] groups, in order."""
    extras = tomllib.loads((ROOT / "pyproject.toml").read_text()).get("project", {}).get(
        "optional-dependencies", {})
    out: list[str] = []
    for g in groups:
        out.extend(r for r in extras.get(g, []) if r not in out)
    return out


def ensure_chromium() -> None:
    """Debian's chromium (apt-get, when root) or else Playwright's own Chromium."""
    if CHROMIUM.exists():
        log(f"test: using {CHROMIUM}")
        return
    geteuid = getattr(os, "geteuid", None)
    if geteuid is not None and geteuid() == 0 and shutil.which("apt-get"):
        log("test: installing Debian's chromium with apt-get ...")
        env = {**os.environ, "DEBIAN_FRONTEND": "noninteractive"}
        for cmd in (["apt-get", "update"], ["apt-get", "install", "-y", "--no-install-recommends", "chromium"]):
            if subprocess.call(cmd, env=env, stdin=subprocess.DEVNULL) != 0:
                raise BuildError(f"`{' '.join(cmd)}` failed")
        if CHROMIUM.exists():
            return
    log("test: no system Chromium; installing Playwright's own (python -m playwright install chromium) ...")
    if subprocess.call([sys.executable, "-m", "playwright", "install", "chromium"]) != 0:
        raise BuildError("`python -m playwright install chromium` failed")


def run_tests(pytest_args: list[str]) -> int:
    """pip-install the test extras, ensure Chromium, build the site, run pytest; pytest's exit code."""
    reqs = optional_dependencies()
    log(f"test: pip install {' '.join(reqs)}")
    cmd = [sys.executable, "-m", "pip", "install", "-q", "--disable-pip-version-check", *reqs]
    if subprocess.call(cmd, stdin=subprocess.DEVNULL) != 0:
        raise BuildError("pip install of the test requirements failed (is the package registry reachable?)")
    ensure_chromium()
    build_if_needed()
    cmd = [sys.executable, "-m", "pytest", *pytest_args]
    log(f"test: {' '.join(cmd[1:])}")
    return subprocess.call(cmd, cwd=ROOT)


# --------------------------------------------------------------------------------------------- bench-web
README = ROOT / "README.md"
BENCH_MARKERS = ("<!-- bench:web -->", "<!-- /bench:web -->")
CHROMIUM_ARGS = [
    "--no-sandbox", "--disable-gpu", "--disable-background-networking", "--disable-component-update",
    "--disable-sync", "--no-first-run", "--disable-default-apps",
    "--host-resolver-rules=MAP * ~NOTFOUND, EXCLUDE 127.0.0.1",
]
MY_TURN_OR_BREAK = """() => { const p = document.body.dataset.phase;
  return p === 'deal_over' || p === 'rubber_over'
      || !!document.querySelector('#hand.is-my-turn button.card:not([disabled])'); }"""


class CountingServer(http.server.ThreadingHTTPServer):
    """The site over HTTP on 127.0.0.1 (like `serve`), counting the body bytes it sends."""

    daemon_threads = True

    def __init__(self, root: Path) -> None:
        self.sent = 0
        self.requests = 0
        self.before_sw: int | None = None  # bytes sent before the page first asked for sw.js
        outer = self

        class Counting(Handler):
            def __init__(self, *a: object, **k: object) -> None:
                super().__init__(*a, directory=str(root), **k)  # type: ignore[arg-type]

            def send_head(self) -> object:
                if self.path.split("?")[0].endswith("/sw.js") and outer.before_sw is None:
                    outer.before_sw = outer.sent
                return super().send_head()

            def copyfile(self, source: object, outputfile: object) -> None:  # type: ignore[override]
                n = 0
                while chunk := source.read(1 << 16):  # type: ignore[attr-defined]
                    outputfile.write(chunk)  # type: ignore[attr-defined]
                    n += len(chunk)
                outer.sent += n
                outer.requests += 1

            def log_message(self, format: str, *args: object) -> None:
                pass

        super().__init__(("127.0.0.1", 0), Counting)

    @property
    def url(self) -> str:
        return f"http://127.0.0.1:{self.server_address[1]}/"

    def reset(self) -> None:
        self.sent = self.requests = 0
        self.before_sw = None


def percentile(values: list[float], q: float) -> float:
    """Nearest-rank percentile (q in 0..100) of a non-empty list."""
    xs = sorted(values)
    return xs[max(0, min(len(xs) - 1, -int(-q * len(xs) // 100) - 1))]


def site_size() -> tuple[int, int, int]:
    """(files, bytes, gzipped bytes) of dist/site (gzip -6 per file, as a static host would serve it)."""
    import gzip

    files = files_under(SITE)
    raw = sum(p.stat().st_size for p in files)
    gz = sum(len(gzip.compress(p.read_bytes(), 6, mtime=0)) for p in files)
    return len(files), raw, gz


STAGES = {  # window.kingStats marks of a page load, in order, and what they mean
    "pyodideMs": "Pyodide booted with the wheel",
    "pyscriptAskedMs": "PyScript asked for it",
    "pyReadyMs": "PyScript ready",
    "importedMs": "main.py imported",
}


def bench_web(runs: int, write_readme: bool) -> int:
    """Measure the site in headless Chromium and print (and optionally write into README) one table."""
    import statistics
    import threading

    try:
        from playwright.sync_api import sync_playwright
    except ImportError:
        raise BuildError("bench-web needs playwright (python build.py test installs it)") from None
    build_if_needed()
    srv = CountingServer(SITE)
    threading.Thread(target=srv.serve_forever, daemon=True).start()
    timeout = 180_000
    ready = "body[data-ready=true]"
    res: dict[str, list[float]] = {k: [] for k in (
        "cold", "cold_bots", "warm", "warm_bots", "offline", "floor_cold", "floor_warm", "floor_offline",
        "boot_cold", "boot_warm", "boot_offline",
        "disk", "disk_bots")}
    transfer: dict[str, float] = {}
    stages: dict[tuple[str, str], list[float]] = {}
    t_start = time.perf_counter()
    launch: dict[str, object] = {"headless": True, "args": CHROMIUM_ARGS}
    if CHROMIUM.exists():
        launch["executable_path"] = str(CHROMIUM)

    def stat(page: object, key: str) -> float:
        return float(page.evaluate(f"window.kingStats.{key}"))  # type: ignore[attr-defined]

    def visit(page: object, url: str) -> None:
        page.goto(url)  # type: ignore[attr-defined]
        page.wait_for_selector(ready)  # type: ignore[attr-defined]

    def app_visit(page: object, kind: str) -> None:
        visit(page, srv.url)
        res[kind].append(stat(page, "readyMs"))
        if kind in ("cold", "warm"):
            for mark in STAGES:
                if page.evaluate(f"typeof window.kingStats.{mark} === 'number'"):  # type: ignore[attr-defined]
                    stages.setdefault((kind, mark), []).append(stat(page, mark))
        if kind != "offline":
            page.wait_for_function("window.kingStats.botsReadyMs !== null")  # type: ignore[attr-defined]
            res[kind + "_bots"].append(stat(page, "botsReadyMs"))

    floors = (("bench-floor.html", "floor_"), ("bench-boot.html", "boot_"))

    def floor_visit(page: object, kind: str, only: str = "") -> None:
        for name, key in floors:
            if only and name != only:
                continue
            visit(page, srv.url + name)
            res[key + kind].append(float(page.evaluate("window.floorMs")))  # type: ignore[attr-defined]

    offline_ready = "document.documentElement.dataset.offline === 'ready'"
    profile = ""
    try:
        with sync_playwright() as p:
            browser = p.chromium.launch(**launch)  # type: ignore[arg-type]
            for i in range(runs):
                log(f"bench-web: run {i + 1}/{runs} (fresh contexts) ...")
                # cold: a fresh browser context (empty cache, no service worker); then warm and offline in it
                ctx = browser.new_context()
                ctx.set_default_timeout(timeout)
                page = ctx.new_page()
                srv.reset()
                app_visit(page, "cold")
                page.wait_for_function(offline_ready)
                if i == 0:
                    transfer.update(ctx_boot=srv.before_sw or 0, ctx_first=srv.sent)
                srv.reset()
                app_visit(page, "warm")
                transfer["warm"] = srv.sent
                floor_visit(page, "warm")
                ctx.new_cdp_session(page).send("Network.clearBrowserCache")
                ctx.set_offline(True)
                app_visit(page, "offline")
                floor_visit(page, "offline")
                ctx.close()
                for name, _ in floors:  # each cold floor in a context of its own
                    ctx = browser.new_context()
                    ctx.set_default_timeout(timeout)
                    floor_visit(ctx.new_page(), "cold", only=name)
                    ctx.close()
            # First-visit transfer as a real browser sees it: a new on-disk profile. (A fresh context has a
            # small in-memory HTTP cache that cannot hold the 9.6 MB wasm, so it fetches it once per thread.)
            log("bench-web: a first visit with a new on-disk profile ...")
            (CACHE / "tmp").mkdir(parents=True, exist_ok=True)
            profile = tempfile.mkdtemp(prefix="king-bench-", dir=CACHE / "tmp")
            ctx = p.chromium.launch_persistent_context(profile, **launch)  # type: ignore[arg-type]
            ctx.set_default_timeout(timeout)
            page = ctx.pages[0] if ctx.pages else ctx.new_page()
            srv.reset()
            app_visit(page, "disk")
            page.wait_for_function(offline_ready)
            transfer.update(boot=srv.before_sw or 0, first=srv.sent, first_requests=srv.requests)
            ctx.close()
            log("bench-web: a whole rubber with fast bots ...")
            ctx = browser.new_context()
            ctx.set_default_timeout(timeout)
            # the strongest level at every bot seat: its latency in the browser worker is what matters
            prefs = json.dumps({"fast": True, "levels": ["human", "expert", "expert", "expert"]})
            ctx.add_init_script(script='if (location.protocol === "http:" && !localStorage.getItem("king:/:prefs"))'
                                       f' localStorage.setItem("king:/:prefs", {json.dumps(prefs)});')
            page = ctx.new_page()
            page.goto(srv.url)
            page.wait_for_selector(ready)
            t0 = time.perf_counter()
            while True:
                page.wait_for_function(MY_TURN_OR_BREAK)
                phase = page.evaluate("document.body.dataset.phase")
                if phase == "rubber_over":
                    break
                if phase == "deal_over":
                    deal = page.evaluate("document.body.dataset.deal")
                    page.click("#btn-continue")
                    page.wait_for_function(f"document.body.dataset.deal !== '{deal}'")
                    continue
                page.locator("#hand.is-my-turn button.card:not([disabled])").first.click()
            rubber_s = time.perf_counter() - t0
            bot = [float(x) for x in page.evaluate("window.kingStats.bot")]
            bot_main = [float(x) for x in page.evaluate("window.kingStats.botMain || []")]
            ctx.close()
            browser_version = browser.version
            browser.close()
    finally:
        srv.shutdown()
        srv.server_close()
        if profile:
            shutil.rmtree(profile, ignore_errors=True)
    med = {k: statistics.median(v) for k, v in res.items() if v}
    files, raw, gz = site_size()
    mb = 1e6
    lines = [
        f"Headless Chromium {browser_version}, {os.cpu_count()} cores; ms from navigation start; median of "
        f"{runs} runs, each in a fresh browser context:",
        "",
        "| | cold (first visit) | warm (service worker) | offline |",
        "|---|---|---|---|",
        f"| **time to playable** (Python ready, save restored, table drawn) | {med['cold']:.0f} | "
        f"{med['warm']:.0f} | {med['offline']:.0f} |",
        f"| bots' worker ready (started after the first render) | {med['cold_bots']:.0f} | "
        f"{med['warm_bots']:.0f} | — |",
        f"| floor: bare Pyodide in a module worker (`bench-floor.html`) | {med['floor_cold']:.0f} | "
        f"{med['floor_warm']:.0f} | {med['floor_offline']:.0f} |",
        f"| ratio playable / floor | {med['cold'] / med['floor_cold']:.2f} | "
        f"{med['warm'] / med['floor_warm']:.2f} | {med['offline'] / med['floor_offline']:.2f} |",
        f"| diagnostic: the page's own Pyodide + wheel (`web/boot.mjs`) without PyScript (`bench-boot.html`) | "
        f"{med['boot_cold']:.0f} | {med['boot_warm']:.0f} | {med['boot_offline']:.0f} |",
        "",
        "Where the time goes (medians, ms from navigation start; `web/boot.mjs` and `web/main.py` set the marks): "
        + "; ".join(f"{kind}: " + ", ".join(f"{STAGES[m]} {statistics.median(stages[(kind, m)]):.0f}"
                                           for m in STAGES if (kind, m) in stages)
                    + f", playable {med[kind]:.0f}" for kind in ("cold", "warm")) + ".",
        "",
        f"Bot move latency over a rubber with three *expert* bots ({len(bot)} moves, request to answer, worker "
        f"round trip included): p50 {percentile(bot, 50):.1f} ms, p95 {percentile(bot, 95):.1f} ms, "
        f"p99 {percentile(bot, 99):.1f} ms, max {max(bot):.1f} ms "
        f"(the whole rubber took {rubber_s:.0f} s with fast bots and a scripted player; {len(bot_main)} "
        f"more moves were played on the main thread while the worker started).",
        "",
        f"Site: {files} files, {raw / mb:.1f} MB ({gz / mb:.1f} MB gzipped). First-visit transfer with a new "
        f"on-disk profile (playable at {med['disk']:.0f} ms): {transfer['boot'] / mb:.1f} MB until playable, "
        f"{transfer['first'] / mb:.1f} MB once the offline precache is complete ({transfer['first_requests']:.0f}"
        f" responses with a body, uncompressed as `http.server` sends them; a static host that gzips sends "
        f"less). In a fresh incognito-like context: {transfer['ctx_boot'] / mb:.1f} MB and "
        f"{transfer['ctx_first'] / mb:.1f} MB. A warm visit: {transfer['warm'] / 1e3:.0f} kB.",
    ]
    table = "\n".join(lines)
    print()
    print(table)
    print(f"\n(bench-web took {time.perf_counter() - t_start:.0f} s)")
    if write_readme:
        text = README.read_text()
        start, end = BENCH_MARKERS
        if start not in text or end not in text:
            raise BuildError(f"README.md lacks the markers {start} ... {end}")
        head, rest = text.split(start, 1)
        _, tail = rest.split(end, 1)
        README.write_text(f"{head}{start}\n{table}\n{end}{tail}")
        log("bench-web: README.md updated")
    return 0


# -------------------------------------------------------------------------------------------------- main
def main(argv: list[str] | None = None) -> int:
    argv = sys.argv[1:] if argv is None else argv
    passthrough: list[str] | None = None
    if "--" in argv:
        i = argv.index("--")
        argv, passthrough = argv[:i], argv[i + 1 :]
    parser = argparse.ArgumentParser(
        prog="build.py",
        description=__doc__.split("\n\n")[0],
        formatter_class=argparse.RawDescriptionHelpFormatter,
        epilog=__doc__.split("\n\n", 1)[1],
    )
    sub = parser.add_subparsers(dest="command")
    sub.add_parser("build", help="build dist/site (the default)")
    p_serve = sub.add_parser("serve", help="build if needed, then serve dist/site on 127.0.0.1")
    p_serve.add_argument("--port", type=int, default=8000)
    sub.add_parser("pyodide-bench", help="run the kingcore CLI in the vendored Pyodide under Node (after --)")
    sub.add_parser("test", help="install test needs, build, run every test (pytest args after --)")
    p_bench = sub.add_parser("bench-web", help="time the site in headless Chromium; print a table")
    p_bench.add_argument("--runs", type=int, default=3, help="runs per measurement (the median is shown)")
    p_bench.add_argument("--readme", action="store_true", help="also write the table into README.md")
    ns = parser.parse_args(argv)
    command = ns.command or "build"
    if passthrough is not None and command not in ("pyodide-bench", "test"):
        parser.error("arguments after -- are only for pyodide-bench and test")
    try:
        if command == "build":
            build()
        elif command == "serve":
            serve(ns.port)
        elif command == "pyodide-bench":
            return pyodide_bench(passthrough if passthrough else ["bench"])
        elif command == "test":
            return run_tests(passthrough or [])
        elif command == "bench-web":
            return bench_web(max(1, ns.runs), ns.readme)
    except BuildError as e:
        print(f"build.py: error: {e}", file=sys.stderr)
        return 1
    except KeyboardInterrupt:
        print("build.py: interrupted", file=sys.stderr)
        return 130
    return 0


if __name__ == "__main__":
    sys.exit(main())
