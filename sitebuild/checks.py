"""The offline check: fail the build on any fetch the offline site could not serve."""

from __future__ import annotations

import html.parser
import json
import os
import re
import tomllib
from pathlib import Path

from .common import BuildError, log

RUNTIME_DIRS = ("pyodide", "pyscript", "trystero")
"""The vendored packages, which change only with a pin (:mod:`sitebuild.pins`): the service worker's "runtime" cache
group (everything else is "app"), exempt from the offline check's URL scan (their comments name web pages)."""
INTERPRETER = "./pyodide/pyodide.mjs"
# "http(s)://" strings that are names, not fetches (XML namespaces), allowed in the app group.
ALLOWED_URL_PREFIXES = ("http://www.w3.org/",)
SCANNED_SUFFIXES = {".html", ".htm", ".js", ".mjs", ".json", ".py", ".css", ".webmanifest", ".toml"}


class _ScriptTags(html.parser.HTMLParser):
    def __init__(self) -> None:
        super().__init__()
        self.scripts: list[dict[str, str | None]] = []

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        if tag == "script":
            self.scripts.append(dict(attrs))


def check_site(files: dict[str, bytes]) -> None:
    """Fail the build on a fetch the offline site could not serve.

    * app group (all but :data:`RUNTIME_DIRS`): no http:// or https:// URLs in text files;
    * the vendored packages are exempt; pyodide/ and pyscript/ default to a CDN interpreter, so every main-thread
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
