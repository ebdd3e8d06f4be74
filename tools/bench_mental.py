"""``python tools/bench_mental.py``: what mental poker costs a page (docs/PERF.md, "Mental poker"): CPU per page
per deal and characters sent per deal for 3, 4 and 6 players, every seat a person's page, in this CPython and
(``--pyodide``) in the vendored Pyodide under Node.

Pyodide: the runner (tools/pyodide_run.mjs) loads Pyodide from dist/site/pyodide or .cache/vendor/pyodide-*
(``python build.py`` puts it there); python-ecdsa and six, which the npm package does not ship, are fetched
once with ``pip download`` into .cache/bench-mental and read, with this checkout's kingcore, from the disk.
"""

from __future__ import annotations

import argparse
import json
import subprocess
import sys
import zipfile
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
CACHE = ROOT / ".cache" / "bench-mental"
WHEELS = ("ecdsa==0.19.2", "six==1.17.0")
PLAYERS = (3, 4, 6)


def table(rows: list[dict[str, float]], where: str) -> str:
    """The measurements as a Markdown table headed by where they were taken."""
    out = [f"**{where}**", "",
           "| players (pages) | cards | CPU per page per deal, mean / busiest page | characters sent per deal, "
           "all pages / busiest page | one scalar multiplication |", "|---|---|---|---|---|"]
    for r in rows:
        out.append(f"| {r['players']:.0f} | {r['cards']:.0f} | {r['cpu_mean']:.2f} s / {r['cpu_max']:.2f} s | "
                   f"{r['chars'] / 1000:.0f} k / {r['chars_page'] / 1000:.0f} k | {r['mult_ms']:.1f} ms |")
    return "\n".join(out)


def measure(deals: int, players: tuple[int, ...]) -> list[dict[str, float]]:
    """In this Python."""
    from kingcore.online.deal.simulate import bench
    return [bench(n, deals) for n in players]


CODE = """
import json, sys, time
import pyodide_js
from pyodide.ffi import to_js
from js import Object
for src, dst in ((REPO, "/mnt/repo"), (DEPS, "/mnt/deps")):
    pyodide_js.FS.mkdirTree(dst)
    pyodide_js.FS.mount(pyodide_js.FS.filesystems.NODEFS, to_js({"root": src}, dict_converter=Object.fromEntries), dst)
sys.path[:0] = ["/mnt/repo", "/mnt/deps"]
from kingcore.online.deal.simulate import bench
print(json.dumps([bench(n, DEALS, clock=time.perf_counter) for n in PLAYERS]))
"""


def deps() -> Path:
    """python-ecdsa and six unpacked in .cache/bench-mental/site (downloaded once)."""
    site = CACHE / "site"
    if not (site / "ecdsa").is_dir() or not (site / "six.py").is_file():
        subprocess.run([sys.executable, "-m", "pip", "download", "-q", "--no-deps", "--only-binary=:all:",
                        "-d", str(CACHE), *WHEELS], check=True, cwd=CACHE.parent)
        for whl in CACHE.glob("*.whl"):
            with zipfile.ZipFile(whl) as z:
                z.extractall(site)
    return site


def measure_pyodide(deals: int, players: tuple[int, ...]) -> list[dict[str, float]]:
    """In the vendored Pyodide under Node."""
    CACHE.mkdir(parents=True, exist_ok=True)
    site = deps()
    code = (f"REPO, DEPS, DEALS, PLAYERS = {str(ROOT)!r}, {str(site)!r}, {deals}, {players!r}\n" + CODE)
    wheel = next(CACHE.glob("ecdsa-*.whl"))  # the runner unpacks one wheel; the rest is read from the disk
    p = subprocess.run(["node", str(ROOT / "tools" / "pyodide_run.mjs"), "--wheel", str(wheel), "--code", code],
                       cwd=ROOT, capture_output=True, text=True, stdin=subprocess.DEVNULL)
    if p.returncode != 0:
        raise SystemExit(f"bench_mental: Pyodide run failed: {p.stderr.strip()[-800:]}")
    rows: list[dict[str, float]] = json.loads(p.stdout.strip().splitlines()[-1])
    return rows


def main(argv: list[str] | None = None) -> int:
    """Print the table for CPython, and with ``--pyodide`` for Pyodide too."""
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0] if __doc__ else None)
    ap.add_argument("--deals", type=int, default=3, choices=range(1, 21), metavar="N",
                    help="deals per table after the draw (1-20, default 3)")
    ap.add_argument("--pyodide", action="store_true", help="also in the vendored Pyodide under Node")
    ap.add_argument("--players", default="3,4,6", help="tables to measure, e.g. 3,4,6 (2-6 players each)")
    ns = ap.parse_args(argv)
    try:
        players = tuple(int(x) for x in ns.players.split(","))
    except ValueError:
        ap.error("--players: numbers 2-6 separated by commas")
    if not players or any(not 2 <= n <= 6 for n in players):
        ap.error("--players: numbers 2-6 separated by commas")
    print(table(measure(ns.deals, players), f"CPython {sys.version.split()[0]}"))
    if ns.pyodide:
        print()
        print(table(measure_pyodide(ns.deals, players), "Pyodide (Node)"))
    return 0


if __name__ == "__main__":
    sys.path.insert(0, str(ROOT))
    raise SystemExit(main())
