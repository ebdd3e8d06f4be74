"""Build, serve and benchmark the King web site.

    python build.py [build] [--out DIR]     build dist/site (offline-capable static site), or into DIR
    python build.py serve [--port N]        build if needed, then serve dist/site on 127.0.0.1
    python build.py pyodide-bench [-- ARGS] build if needed, then run `kingcore ARGS` (default: bench)
                                            inside the vendored Pyodide under Node
    python build.py test [-- PYTEST ARGS]   the one command for every test: pip-install the test and browser
                                            extras of pyproject.toml, make sure a Chromium exists, build,
                                            run pytest (unit + browser); exit code = pytest's
    python build.py relay --port N [--host H]
                                            a Nostr relay (PyPI nostr-relay, installed into .cache/relay once) on
                                            127.0.0.1:N until stopped: friends online's rooms through your own
                                            relay; the browser tests start the same; --host 0.0.0.0: every
                                            interface (a club's relay)
    python build.py bench-web [--runs N] [--throttle R] [--cpu-quota C] [--docs]
                                            time the site in headless Chromium (tools/bench_web.py): time to
                                            playable cold, warm and offline vs a bare-Pyodide floor page, bot
                                            move latency over a rubber, site size and first-visit transfer;
                                            --throttle R: also all of it under CDP CPU throttling R×
                                            (a phone-class CPU: 4); --cpu-quota C: also all of it with
                                            the browser held to C of one core (a cgroup v1 cpu quota;
                                            0.5: a slow phone); --docs (or its old name --readme):
                                            write the table into docs/PERF.md between <!-- bench:web --> markers
    python build.py bench-engine [--docs]   `python -m kingcore bench` in CPython and in the vendored Pyodide;
                                            --docs: write both into docs/PERF.md between <!-- bench:engine -->

dist/site holds web/ (gettext .po compiled to .mo) + wheels/<kingcore wheel> + pyodide/ + pyscript/ + a
generated precaching sw.js + manifest.webmanifest + icons/ + .nojekyll.  Downloads (npm tarballs, the
micropip wheel) and the kingcore wheel are cached in .cache/; the same inputs give a byte-identical
dist/site.  npm and pip are only run as subprocesses, and only when the cache lacks something.
The code is the package sitebuild/ (one module per step); build.py is its command line.
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

from kingcore.limits import cli_count, cli_seconds

from .common import BuildError

MAX_RUNS = 50
"""The most ``bench-web --runs`` (each run is a dozen page loads)."""
MAX_THROTTLE = 20.0
"""The largest ``bench-web --throttle`` rate (CDP CPU throttling; 4 is a phone-class CPU)."""
MAX_QUOTA = 64.0
"""The largest ``bench-web --cpu-quota`` (cores; :mod:`tools.cpu_quota` refuses more than the machine has)."""


def port_number(text: str) -> int:
    """``--port``'s value: a whole number from 0 to 65535 in ASCII digits (argparse turns the error into one
    line and exit 2; ``٣``, ``+80`` and ``8_0``, which ``int()`` would take, are refused)."""
    return cli_count("port", 0, 65535)(text)


def relay_host(text: str) -> str:
    """``relay --host``: :func:`sitebuild.relay.host_name` (an address or a host name), errors for argparse."""
    from .relay import host_name

    try:
        return host_name(text)
    except ValueError as e:
        raise argparse.ArgumentTypeError(str(e)) from None


def run_count(text: str) -> int:
    """``bench-web --runs``: 1 to :data:`MAX_RUNS`."""
    return cli_count("runs", 1, MAX_RUNS)(text)


def throttle_rate(text: str) -> float:
    """``bench-web --throttle``: 0 (off) or a rate more than 1 and at most :data:`MAX_THROTTLE`."""
    return cli_seconds("throttle", MAX_THROTTLE, low=1.0, zero=True, example="4")(text)


def cpu_share(text: str) -> float:
    """``bench-web --cpu-quota``: 0 (off) or a share of one core more than 0 and at most :data:`MAX_QUOTA`."""
    return cli_seconds("cpu-quota", MAX_QUOTA, zero=True, example="0.5")(text)


def main(argv: list[str] | None = None) -> int:
    """Run one sub-command (``build`` by default); the exit code (1 after a one-line error)."""
    argv = sys.argv[1:] if argv is None else argv
    passthrough: list[str] | None = None
    if "--" in argv:
        i = argv.index("--")
        argv, passthrough = argv[:i], argv[i + 1 :]
    doc = __doc__ or ""
    parser = argparse.ArgumentParser(
        prog="build.py",
        description=doc.split("\n\n")[0],
        formatter_class=argparse.RawDescriptionHelpFormatter,
        epilog=doc.split("\n\n", 1)[1],
    )
    sub = parser.add_subparsers(dest="command")
    p_build = sub.add_parser("build", help="build dist/site (the default)")
    p_build.add_argument("--out", type=Path, default=None,
                         help="write the site into this folder instead of dist/site (e.g. to host it elsewhere)")
    p_serve = sub.add_parser("serve", help="build if needed, then serve dist/site on 127.0.0.1")
    p_serve.add_argument("--port", type=port_number, default=8000, help="a TCP port, 0 to 65535 (0: any free one)")
    p_relay = sub.add_parser("relay", help="a Nostr relay on this machine until stopped (friends online's rooms)")
    p_relay.add_argument("--port", type=port_number, required=True, help="a TCP port, 1 to 65535")
    p_relay.add_argument("--host", type=relay_host, default="127.0.0.1",
                         help="the address to listen on (default 127.0.0.1; 0.0.0.0: every interface)")
    sub.add_parser("pyodide-bench", help="run the kingcore CLI in the vendored Pyodide under Node (after --)")
    sub.add_parser("test", help="install test needs, build, run every test (pytest args after --)")
    p_bench = sub.add_parser("bench-web", help="time the site in headless Chromium; print a table")
    p_bench.add_argument("--runs", type=run_count, default=3,
                         help=f"runs per measurement (the median is shown), 1 to {MAX_RUNS}")
    p_bench.add_argument("--throttle", type=throttle_rate, default=0.0,
                         help=f"also measure under CDP CPU throttling at this rate (4: a phone-class CPU), more than 1 "
                              f"and at most {MAX_THROTTLE:g}; 0: not")
    p_bench.add_argument("--cpu-quota", type=cpu_share, default=0.0,
                         help="also measure in a browser held to this share of one core by a cgroup v1 cpu quota "
                              f"(0.5: a slow phone; every thread slowed), more than 0 and at most {MAX_QUOTA:g}; "
                              "0: not")
    p_bench.add_argument("--docs", "--readme", dest="docs", action="store_true",
                         help="also write the table into docs/PERF.md (--readme: its old name)")
    p_engine = sub.add_parser("bench-engine", help="the engine's bench in CPython and in Pyodide")
    p_engine.add_argument("--docs", action="store_true", help="also write both runs into docs/PERF.md")
    ns = parser.parse_args(argv)
    command = ns.command or "build"
    if passthrough is not None and command not in ("pyodide-bench", "test"):
        parser.error("arguments after -- are only for pyodide-bench and test")
    try:
        if command == "build":
            from .site import build

            out = getattr(ns, "out", None)
            if out is None:
                build()
            else:
                build(out.resolve())
        elif command == "serve":
            from .serve import serve

            serve(ns.port)
        elif command == "relay":
            from .relay import relay

            if ns.port == 0:
                parser.error("relay --port: give a port from 1 to 65535 (the address goes into the players' Options)")
            return relay(ns.host, ns.port)
        elif command == "pyodide-bench":
            from .testrun import pyodide_bench

            return pyodide_bench(passthrough if passthrough else ["bench"])
        elif command == "test":
            from .testrun import run_tests

            return run_tests(passthrough or [])
        elif command == "bench-web":
            from tools.bench_web import bench_web

            return bench_web(ns.runs, ns.docs, throttle=ns.throttle, cpu_quota=ns.cpu_quota)
        elif command == "bench-engine":
            from tools.bench_engine import bench_engine

            return bench_engine(ns.docs)
    except BuildError as e:
        print(f"build.py: error: {e}", file=sys.stderr)
        return 1
    except KeyboardInterrupt:
        print("build.py: interrupted", file=sys.stderr)
        return 130
    return 0
