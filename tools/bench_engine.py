"""``python build.py bench-engine``: ``python -m kingcore bench`` in this CPython and in the vendored Pyodide
under Node, printed; with ``--docs`` also written into docs/PERF.md between the bench:engine markers."""

from __future__ import annotations

import subprocess
import sys

from sitebuild.common import ROOT, BuildError, log
from sitebuild.testrun import pyodide_command
from tools.bench_web import write_table

ENGINE_MARKERS = ("<!-- bench:engine -->", "<!-- /bench:engine -->")


def engine_block(cpython: str, pyodide: str) -> str:
    """The bench:engine block of docs/PERF.md: the two runs' outputs (``kingcore bench``'s lines) as code."""
    return (f"`python -m kingcore bench`:\n\n```\n{cpython.strip()}\n```\n\n"
            "The same code inside the vendored Pyodide (WebAssembly) under Node, `python build.py pyodide-bench`:"
            f"\n\n```\n{pyodide.strip()}\n```")


def run_bench(cmd: list[str], where: str) -> str:
    """``cmd``'s standard output; :class:`BuildError` with its error output when it fails."""
    log(f"bench-engine: kingcore bench in {where} ...")
    p = subprocess.run(cmd, cwd=ROOT, capture_output=True, text=True, stdin=subprocess.DEVNULL)
    if p.returncode != 0:
        raise BuildError(f"bench-engine: `{' '.join(cmd)}` failed: {p.stderr.strip()[-500:]}")
    return p.stdout


def bench_engine(write_docs: bool) -> int:
    """Run the engine's bench in CPython and in Pyodide, print both; with ``write_docs``, write them into
    docs/PERF.md (:func:`tools.bench_web.write_table` with :data:`ENGINE_MARKERS`)."""
    block = engine_block(run_bench([sys.executable, "-m", "kingcore", "bench"], "CPython"),
                         run_bench(pyodide_command(["bench"]), "Pyodide"))
    print(block)
    if write_docs:
        write_table(block, markers=ENGINE_MARKERS)
    return 0
