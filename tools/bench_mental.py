"""``python tools/bench_mental.py``: what mental poker costs a page (docs/PERF.md, "Mental poker"): CPU per page
per deal and characters sent per deal for 3, 4 and 6 players, every seat a person's page, in this CPython and
(``--pyodide``) in the vendored Pyodide under Node — CPU time in both (Node's ``process.cpuUsage``, since
2026-12-07; wall time before).

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
from typing import Any

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


GROUPS = """
def groups(clock, repeat=12):
    # one exponentiation / scalar multiplication of each candidate group, ms (RFC 3526 group 14 for MODP)
    import secrets
    from ecdsa import curves
    from ecdsa.ellipticcurve import PointEdwards, PointJacobi
    p = int("FFFFFFFFFFFFFFFFC90FDAA22168C234C4C6628B80DC1CD129024E088A67CC74020BBEA63B139B22514A08798E3404DD"
            "EF9519B3CD3A431B302B0A6DF25F14374FE1356D6D51C245E485B576625E7EC6F44C42E9A637ED6B0BFF5CB6F406B7ED"
            "EE386BFB5A899FA5AE9F24117C4B1FE649286651ECE45B3DC2007CB8A163BF0598DA48361C55D39A69163FA8FD24CF5F"
            "83655D23DCA3AD961C62F356208552BB9ED529077096966D670C354E4ABC9804F1746C08CA18217C32905E462E36CE3B"
            "E39E772C180E86039B2783A2EC07A28FB5C55DF06F4C52C9DE2BCBF6955817183995497CEA956AE515D2261898FA0510"
            "15728E5A8AACAA68FFFFFFFFFFFFFFFF", 16)
    out = {}
    x = secrets.randbelow(p)
    for name, bits in (("MODP 2048, built-in pow, 2048-bit exponent", 2048),
                       ("MODP 2048, built-in pow, 256-bit exponent", 256)):
        es = [secrets.randbits(bits) for _ in range(repeat)]
        t0 = clock()
        for e in es:
            pow(x, e, p)
        out[name] = (clock() - t0) / repeat * 1000
    for name, c in (("python-ecdsa P-256", curves.NIST256p), ("python-ecdsa secp256k1", curves.SECP256k1),
                    ("python-ecdsa Ed25519 (cofactor 8)", curves.Ed25519)):
        q = c.generator * secrets.randbelow(c.order)
        if isinstance(q, PointJacobi):
            q = PointJacobi(c.curve, q.x(), q.y(), 1, c.order)
        else:
            q = PointEdwards(c.curve, q.x(), q.y(), 1, q.x() * q.y() % c.curve.p(), c.order)
        ks = [secrets.randbelow(c.order) for _ in range(repeat)]
        t0 = clock()
        for k in ks:
            (q * k).x()
        out[name] = (clock() - t0) / repeat * 1000
    return out
"""


def groups_table(cpython: dict[str, float], pyodide: dict[str, float] | None) -> str:
    """The candidate groups side by side, ms per exponentiation or scalar multiplication."""
    out = ["| group, one lock (exponentiation / scalar multiplication) | CPython | Pyodide |", "|---|---|---|"]
    for name, ms in cpython.items():
        other = f"{pyodide[name]:.1f} ms" if pyodide else "—"
        out.append(f"| {name} | {ms:.1f} ms | {other} |")
    return "\n".join(out)


def measure_groups() -> dict[str, float]:
    """The candidate groups in this Python."""
    import time
    ns: dict[str, object] = {}
    exec(GROUPS, ns)
    fn = ns["groups"]
    assert callable(fn)
    result: dict[str, float] = fn(time.process_time)
    return result


def measure(deals: int, players: tuple[int, ...]) -> list[dict[str, float]]:
    """In this Python."""
    from kingcore.online.deal.simulate import bench
    return [bench(n, deals) for n in players]


MOUNT = """
import json, sys, time
import pyodide_js
from pyodide.ffi import to_js
from js import Object
for src, dst in ((REPO, "/mnt/repo"), (DEPS, "/mnt/deps")):
    pyodide_js.FS.mkdirTree(dst)
    pyodide_js.FS.mount(pyodide_js.FS.filesystems.NODEFS, to_js({"root": src}, dict_converter=Object.fromEntries), dst)
sys.path[:0] = ["/mnt/repo", "/mnt/deps"]
"""
"""What a run in Pyodide starts with: this checkout (``REPO``) and python-ecdsa and six (``DEPS``) mounted and
importable."""

CODE = MOUNT + """
from js import process
def cpu():  # Node's CPU time of the process: its wall time is mostly the machine's load
    u = process.cpuUsage()
    return (u.user + u.system) / 1e6
from kingcore.online.deal.simulate import bench
if GROUPS_ONLY:
    exec(GROUPS)
    print(json.dumps(groups(cpu)))
else:
    print(json.dumps([bench(n, DEALS, clock=cpu) for n in PLAYERS]))
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


def run_pyodide(settings: str, code: str, tool: str = "bench_mental") -> Any:
    """Run ``code`` (after :data:`MOUNT` and ``settings``, Python lines setting its names) in the vendored Pyodide
    under Node, with python-ecdsa and six; the JSON its last line prints."""
    CACHE.mkdir(parents=True, exist_ok=True)
    site = deps()
    code = f"REPO, DEPS = {str(ROOT)!r}, {str(site)!r}\n{settings}\n{code}"
    wheel = next(CACHE.glob("ecdsa-*.whl"))  # the runner unpacks one wheel; the rest is read from the disk
    p = subprocess.run(["node", str(ROOT / "tools" / "pyodide_run.mjs"), "--wheel", str(wheel), "--code", code],
                       cwd=ROOT, capture_output=True, text=True, stdin=subprocess.DEVNULL)
    if p.returncode != 0:
        raise SystemExit(f"{tool}: Pyodide run failed: {p.stderr.strip()[-800:]}")
    return json.loads(p.stdout.strip().splitlines()[-1])


def measure_pyodide(deals: int, players: tuple[int, ...], groups_only: bool = False) -> Any:
    """In the vendored Pyodide under Node: the tables' rows, or with ``groups_only`` the groups' timings."""
    return run_pyodide(f"DEALS, PLAYERS = {deals}, {players!r}\nGROUPS_ONLY, GROUPS = {groups_only!r}, {GROUPS!r}",
                       CODE)


def main(argv: list[str] | None = None) -> int:
    """Print the table for CPython, and with ``--pyodide`` for Pyodide too."""
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0] if __doc__ else None)
    ap.add_argument("--deals", type=int, default=3, choices=range(1, 21), metavar="N",
                    help="deals per table after the draw (1-20, default 3)")
    ap.add_argument("--pyodide", action="store_true", help="also in the vendored Pyodide under Node")
    ap.add_argument("--players", default="3,4,6", help="tables to measure, e.g. 3,4,6 (2-6 players each)")
    ap.add_argument("--groups", action="store_true",
                    help="instead: one lock in each candidate group (MODP 2048 with pow, python-ecdsa curves)")
    ns = ap.parse_args(argv)
    try:
        players = tuple(int(x) for x in ns.players.split(","))
    except ValueError:
        ap.error("--players: numbers 2-6 separated by commas")
    if not players or any(not 2 <= n <= 6 for n in players):
        ap.error("--players: numbers 2-6 separated by commas")
    if ns.groups:
        print(groups_table(measure_groups(), measure_pyodide(0, (), groups_only=True) if ns.pyodide else None))
        return 0
    print(table(measure(ns.deals, players), f"CPython {sys.version.split()[0]}"))
    if ns.pyodide:
        print()
        print(table(measure_pyodide(ns.deals, players), "Pyodide (Node)"))
    return 0


if __name__ == "__main__":
    sys.path.insert(0, str(ROOT))
    raise SystemExit(main())
