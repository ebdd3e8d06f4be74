"""Vendoring: npm ``pyodide`` (the runtime files, micropip wheel, patched lock), ``@pyscript/core`` and the rooms'
signalling library (``@trystero-p2p/core``, ``@trystero-p2p/nostr``, ``@noble/secp256k1``) into ``.cache/vendor``,
each download checked against :mod:`sitebuild.pins`; and ``axe-core``, which only the browser tests load (their
accessibility scan), never the site."""

from __future__ import annotations

import json
import os
import re
import shutil
import sys
import tarfile
from collections.abc import Callable
from pathlib import Path

from .common import (
    DOWNLOADS,
    VENDOR,
    BuildError,
    log,
    new_tmp_dir,
    publish_dir,
    run,
    sha256_bytes,
    sha256_file,
    sri_sha512,
    write_file,
)
from .pins import (
    AXE_INTEGRITY,
    AXE_VERSION,
    ECDSA_SHA256,
    ECDSA_VERSION,
    MICROPIP_SHA256,
    MICROPIP_VERSION,
    PYODIDE_INTEGRITY,
    PYODIDE_VERSION,
    PYSCRIPT_INTEGRITY,
    PYSCRIPT_VERSION,
    SECP256K1_INTEGRITY,
    SECP256K1_VERSION,
    SEGNO_SHA256,
    SEGNO_VERSION,
    SIX_SHA256,
    SIX_VERSION,
    TRYSTERO_CORE_INTEGRITY,
    TRYSTERO_NOSTR_INTEGRITY,
    TRYSTERO_VERSION,
)

PYODIDE_FILES = (
    "pyodide.mjs",
    "pyodide.asm.mjs",
    "pyodide.asm.wasm",
    "python_stdlib.zip",
    "pyodide-lock.json",
)


def check_pin(what: str, actual: str, pinned: str, path: Path) -> None:
    """Raise BuildError (and delete ``path``) if ``actual`` differs from a non-empty ``pinned`` hash."""
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
    return pypi_wheel("micropip", MICROPIP_VERSION, MICROPIP_SHA256, python_version)


def segno_wheel() -> Path:
    """The segno wheel (the QR codes of the friends-online invites, issue 19) from PyPI into .cache/downloads
    (once), checked against the pinned sha256; the site ships it under ``wheels/`` and the page installs it
    only when it first shows a code."""
    return pypi_wheel("segno", SEGNO_VERSION, SEGNO_SHA256, "3.14")


def mental_wheels() -> list[Path]:
    """The python-ecdsa and six wheels (mental poker's group, which Pyodide does not ship) from PyPI into
    .cache/downloads (once), checked against the pinned sha256s; the site ships them under ``wheels/`` and the
    page installs them with the friends-online wheel (web/king/netload.py)."""
    return [pypi_wheel("ecdsa", ECDSA_VERSION, ECDSA_SHA256, "3.14", "py2.py3"),
            pypi_wheel("six", SIX_VERSION, SIX_SHA256, "3.14", "py2.py3")]


def pypi_wheel(name: str, version: str, sha256: str, python_version: str, tag: str = "py3") -> Path:
    """The pure-Python wheel ``name==version`` (Python tag ``tag``) from PyPI into .cache/downloads (once) with
    ``pip download``, checked against the pinned ``sha256`` (BuildError on a mismatch or a missing file)."""
    fname = f"{name}-{version}-{tag}-none-any.whl"
    dest = DOWNLOADS / fname
    if dest.exists() and (not sha256 or sha256_file(dest) == sha256):
        return dest
    log(f"  downloading {name} {version} with pip download ...")
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
                f"{name}=={version}",
                "-d",
                str(tmp),
                "-q",
                "--disable-pip-version-check",
            ],
            f"pip download {name}=={version}",
            cwd=tmp,
        )
        got = tmp / fname
        if not got.exists():
            raise BuildError(f"pip download {name}=={version}: {fname} not produced")
        check_pin(fname, sha256_file(got), sha256, got)
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


TRYSTERO_IMPORTS = {"@trystero-p2p/core": "../core/index.mjs", "@noble/secp256k1": "../noble-secp256k1/index.js"}
"""The bare module names the Nostr strategy imports, and the vendored file each becomes (a page has no import map:
an inline one is refused by the Content-Security-Policy)."""
_IMPORT = re.compile(r"""(?:\bfrom\s*|\bimport\s*\(?\s*)["']([^"']+)["']""")


def unshipped_imports(files: dict[str, bytes]) -> list[tuple[str, str]]:
    """``(module, what it imports)`` for each static or dynamic import of the ES modules among ``files`` (relative
    path -> bytes) that is not a relative path to one of ``files``: what a page could not load offline.
    Comments' examples (lines starting with ``*`` or ``//``) are not imports.

    >>> unshipped_imports({"a/x.mjs": b'import { y } from "../b/y.js";\\n//# import "z"', "b/y.js": b'import("q")'})
    [('b/y.js', 'q')]
    """
    out = []
    for rel, data in sorted(files.items()):
        if not rel.endswith((".mjs", ".js")):
            continue
        code = "\n".join(line for line in data.decode().splitlines()
                         if not line.lstrip().startswith(("*", "//", "/*")))
        for target in _IMPORT.findall(code):
            imported = os.path.normpath(Path(rel).parent.joinpath(target).as_posix()).replace(os.sep, "/")
            if not target.startswith(("./", "../")) or imported not in files:
                out.append((rel, target))
    return out


def vendor_trystero() -> Path:
    """.cache/vendor/trystero-V+secp256k1-V/: the rooms' signalling library as the site ships it under ``trystero/``
    — ``core/*.mjs`` (``@trystero-p2p/core``'s ES modules), ``nostr/index.mjs`` (the Nostr strategy, its bare
    imports rewritten to the relative paths of :data:`TRYSTERO_IMPORTS`), ``noble-secp256k1/index.js``, and
    each package's LICENSE (MIT: the notice goes with the copy). No source maps (nor their comments), no type
    declarations.

    Raises BuildError on a hash mismatch, a package lacking a file, a strategy built for another core, or a module
    importing anything not shipped."""
    final = VENDOR / f"trystero-{TRYSTERO_VERSION}+secp256k1-{SECP256K1_VERSION}"
    if final.is_dir():
        return final
    files: dict[str, bytes] = {}
    for package, version, integrity, folder, shipped in (
        ("@trystero-p2p/core", TRYSTERO_VERSION, TRYSTERO_CORE_INTEGRITY, "core", r"dist/[a-z-]+\.mjs"),
        ("@trystero-p2p/nostr", TRYSTERO_VERSION, TRYSTERO_NOSTR_INTEGRITY, "nostr", r"dist/index\.mjs"),
        ("@noble/secp256k1", SECP256K1_VERSION, SECP256K1_INTEGRITY, "noble-secp256k1", r"index\.js"),
    ):
        tgz = npm_tarball(package, version, integrity)

        def want(path: str, shipped: str = shipped) -> str | None:
            return path.rpartition("/")[2] if re.fullmatch(shipped, path) or path == "LICENSE" else None

        got = tar_members(tgz, want)
        meta = tar_members(tgz, lambda p: p if p == "package.json" else None)
        if folder == "nostr":
            needs = json.loads(meta.get("package.json", b"{}")).get("dependencies", {})
            if needs.get("@trystero-p2p/core") != TRYSTERO_VERSION:
                raise BuildError(f"{package}@{version} needs @trystero-p2p/core {needs.get('@trystero-p2p/core')}, "
                                 f"not the pinned {TRYSTERO_VERSION}")
        entry = {"core": "index.mjs", "nostr": "index.mjs", "noble-secp256k1": "index.js"}[folder]
        if entry not in got or "LICENSE" not in got:
            raise BuildError(f"{package}@{version} tarball lacks {entry} or LICENSE")
        files.update({f"{folder}/{name}": data for name, data in got.items()})
    for rel, data in list(files.items()):
        if rel.endswith((".mjs", ".js")):
            text = re.sub(r"\n//# sourceMappingURL=\S+\s*$", "\n", data.decode())  # the maps are not shipped
            for bare, local in TRYSTERO_IMPORTS.items():
                text = text.replace(f'from "{bare}"', f'from "{local}"')
            files[rel] = text.encode()
    if missing := unshipped_imports(files):
        raise BuildError(f"trystero: {missing[0][0]} imports {missing[0][1]!r}, which the site does not ship")
    tmp = new_tmp_dir("trystero")
    for name, data in files.items():
        write_file(tmp / name, data)
    publish_dir(tmp, final)
    return final


def vendor_axe() -> Path:
    """.cache/vendor/axe-core-V/axe.min.js: the accessibility checker the browser tests run inside the page
    (``tests/e2e/test_a11y_scan.py``). Not part of dist/site: the game never loads it."""
    final = VENDOR / f"axe-core-{AXE_VERSION}"
    if final.is_dir():
        return final / "axe.min.js"
    tgz = npm_tarball("axe-core", AXE_VERSION, AXE_INTEGRITY)
    files = tar_members(tgz, lambda p: p if p in ("axe.min.js", "LICENSE") else None)
    if "axe.min.js" not in files:
        raise BuildError(f"axe-core@{AXE_VERSION} tarball lacks axe.min.js")
    tmp = new_tmp_dir("axe")
    for name, data in files.items():
        write_file(tmp / name, data)
    publish_dir(tmp, final)
    return final / "axe.min.js"
