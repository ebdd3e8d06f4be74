"""What every build step shares: the paths, the one-line error, hashing, deterministic writes, tools."""

from __future__ import annotations

import base64
import hashlib
import json
import os
import re
import shutil
import subprocess
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
CACHE = ROOT / ".cache"
DOWNLOADS = CACHE / "downloads"
VENDOR = CACHE / "vendor"
WHEEL_CACHE = CACHE / "wheels"
WEB = ROOT / "web"
DIST = ROOT / "dist"
SITE = DIST / "site"
STAMP = DIST / ".site-built"  # sources fingerprint of the last build; outside the site (stays identical)
RUNNER = ROOT / "tools" / "pyodide_run.mjs"
CHROMIUM = Path(os.environ.get("CHROMIUM", "/usr/bin/chromium"))

WITHOUT_DOCSTRINGS = r"""
import ast

def without_docstrings(tree):
    for node in ast.walk(tree):
        body = getattr(node, "body", None)
        if (isinstance(node, (ast.Module, ast.ClassDef, ast.FunctionDef, ast.AsyncFunctionDef)) and body
                and isinstance(body[0], ast.Expr) and isinstance(body[0].value, ast.Constant)
                and isinstance(body[0].value.value, str)):
            node.body = body[1:] or [ast.Pass(lineno=body[0].lineno, col_offset=body[0].col_offset)]
    return tree
"""
"""Python source run in the vendored Pyodide before the code that compiles modules for the site (the kingcore
wheel, the page's ``king/``, the standard library's start modules): ``without_docstrings(tree)`` drops the
docstring of a module's ``ast`` tree and of each class and function in it, in place (unlike ``-OO``, the
asserts stay); returns the tree."""


class BuildError(Exception):
    """A failure reported as one line, without a traceback."""


def log(msg: str) -> None:
    """Print one progress line at once (the build's only output)."""
    print(msg, flush=True)


def sha256_bytes(data: bytes) -> str:
    """The sha256 of ``data`` as 64 hex digits."""
    return hashlib.sha256(data).hexdigest()


def sha256_file(path: Path) -> str:
    """The sha256 of the file at ``path`` as 64 hex digits (read in 1 MiB chunks)."""
    h = hashlib.sha256()
    with path.open("rb") as f:
        for chunk in iter(lambda: f.read(1 << 20), b""):
            h.update(chunk)
    return h.hexdigest()


def sri_sha512(path: Path) -> str:
    """The Subresource Integrity string ``sha512-<base64>`` of the file (npm's ``integrity``)."""
    h = hashlib.sha512()
    with path.open("rb") as f:
        for chunk in iter(lambda: f.read(1 << 20), b""):
            h.update(chunk)
    return "sha512-" + base64.b64encode(h.digest()).decode()


def files_under(root: Path, compiled: bool = False) -> list[Path]:
    """Regular files under root, sorted, skipping caches and editor droppings; ``compiled``: keep ``.pyc``
    files outside ``__pycache__`` (a built site ships the page's modules compiled: ``sitebuild.wheels.page_pycs``)."""
    out = []
    for dirpath, dirnames, filenames in os.walk(root):
        dirnames[:] = sorted(d for d in dirnames if d not in ("__pycache__", ".mypy_cache", ".ruff_cache"))
        for name in sorted(filenames):
            if name.endswith((".pyo", "~", ".swp")) or name == ".DS_Store" or (name.endswith(".pyc") and not compiled):
                continue
            out.append(Path(dirpath) / name)
    return out


def write_file(path: Path, data: bytes) -> None:
    """Write with a fresh mtime and mode 0644 (http.server answers 304 by mtime)."""
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_bytes(data)
    os.chmod(path, 0o644)


def copy_file(src: Path, dst: Path) -> None:
    """Copy ``src`` to ``dst`` (folders made) with a fresh mtime and mode 0644."""
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
    """A new empty folder under .cache/tmp named after ``tag``, for a step's output before it is published."""
    (CACHE / "tmp").mkdir(parents=True, exist_ok=True)
    return Path(tempfile.mkdtemp(prefix=tag + "-", dir=CACHE / "tmp"))


def publish_dir(tmp: Path, final: Path) -> None:
    """Move a fully written directory into place (atomic rename: a half-written cache entry never shows)."""
    final.parent.mkdir(parents=True, exist_ok=True)
    if final.exists():
        shutil.rmtree(final)
    os.replace(tmp, final)
