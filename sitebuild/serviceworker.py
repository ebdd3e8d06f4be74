"""The site's service worker: ``sitebuild/sw.js`` with the cache groups filled in at build time."""

from __future__ import annotations

import hashlib
import json
from pathlib import Path

from .checks import RUNTIME_DIRS
from .common import BuildError, sha256_bytes

TEMPLATE = Path(__file__).with_name("sw.js")
GROUPS_MARK = "__GROUPS__"  # in sw.js: replaced by {group name: [URL, ...]}


def cache_groups(files: dict[str, bytes]) -> dict[str, list[str]]:
    """The precache's groups: ``{"runtime-<hash>": urls, "app-<hash>": urls}`` over the site's files.

    ``runtime`` holds the vendored packages (pyodide/, pyscript/, trystero/: they change only with a pin), ``app``
    the rest; a group's name carries the hash of its files' names and contents, so a redeploy downloads only a
    changed group.
    Dot files and ``sw.js`` itself are left out; ``./`` (the URL a visitor navigates to) leads the app group.
    """
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
            urls.insert(0, "./")
        named[f"{group}-{h.hexdigest()[:16]}"] = urls
    return named


def service_worker(files: dict[str, bytes]) -> bytes:
    """``sw.js`` for the site ``files`` (relative POSIX path -> bytes). Raises BuildError if the template
    lacks its mark."""
    template = TEMPLATE.read_text()
    if GROUPS_MARK not in template:
        raise BuildError(f"{TEMPLATE.name} must name the cache groups as {GROUPS_MARK}")
    return template.replace(GROUPS_MARK, json.dumps(cache_groups(files), indent=2)).encode()
