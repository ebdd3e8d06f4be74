"""``python build.py test`` (install the test needs, make sure a Chromium exists, build, run pytest) and
``python build.py pyodide-bench`` (the kingcore CLI inside the vendored Pyodide under Node)."""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
import tomllib

from .common import CHROMIUM, ROOT, RUNNER, SITE, BuildError, log
from .relay import install_relay
from .site import build_if_needed


def optional_dependencies(groups: tuple[str, ...] = ("test", "browser")) -> list[str]:
    """The requirements of pyproject.toml's [project.optional-dependencies] groups, in order."""
    extras = tomllib.loads((ROOT / "pyproject.toml").read_text()).get("project", {}).get(
        "optional-dependencies", {})
    out: list[str] = []
    for g in groups:
        out.extend(r for r in extras.get(g, []) if r not in out)
    return out


def missing(requirements: list[str]) -> list[str]:
    """The requirements not met by what is installed (all of them when ``packaging`` is not importable):
    a run with everything in place skips pip (≈ 2.5 s of every ``python build.py test``).

    >>> missing(["pytest>=1", "pytest>=999", "no-such-package-here>=1"])
    ['pytest>=999', 'no-such-package-here>=1']
    """
    try:
        from importlib.metadata import PackageNotFoundError, version

        from packaging.requirements import Requirement
    except ImportError:
        return list(requirements)
    out = []
    for text in requirements:
        req = Requirement(text)
        try:
            have = version(req.name)
        except PackageNotFoundError:
            out.append(text)
            continue
        if not req.specifier.contains(have, prereleases=True) or req.marker is not None:
            out.append(text)
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


def parallel_args(pytest_args: list[str], cpus: int | None = None) -> list[str]:
    """pytest-xdist's options for a whole run: one worker per CPU (at most 4), tests handed out as workers
    become free (``--dist worksteal``: the browser tests take 5 s to 2.5 min each, so whole files would
    leave a worker idle; no fixture is wider than a test but the session's server and browser), and the
    15 slowest tests listed. Nothing when the caller chose (``-n``, ``-p no:xdist``) or selected tests (``-k``, paths).

    >>> parallel_args([], cpus=2)
    ['-n', '2', '--dist', 'worksteal', '--durations', '15']
    >>> parallel_args(["-k", "vectors"], cpus=2), parallel_args([], cpus=1)
    ([], [])
    """
    cpus = (os.cpu_count() or 1) if cpus is None else cpus
    if cpus < 2 or pytest_args:
        return []
    return ["-n", str(min(cpus, 4)), "--dist", "worksteal", "--durations", "15"]


def run_tests(pytest_args: list[str]) -> int:
    """pip-install the test extras that are missing, ensure Chromium and the relay the browser tests start
    (``nostr-relay``, :func:`sitebuild.relay.install_relay`), build the site (unless up to date), run pytest;
    pytest's exit code."""
    reqs = missing(optional_dependencies())
    if reqs:
        log(f"test: pip install {' '.join(reqs)}")
        cmd = [sys.executable, "-m", "pip", "install", "-q", "--disable-pip-version-check", *reqs]
        if subprocess.call(cmd, stdin=subprocess.DEVNULL) != 0:
            raise BuildError("pip install of the test requirements failed (is the package registry reachable?)")
    else:
        log("test: the test requirements are installed")
    ensure_chromium()
    install_relay()
    build_if_needed()
    cmd = [sys.executable, "-m", "pytest", *parallel_args(pytest_args), *pytest_args]
    log(f"test: {' '.join(cmd[1:])}")
    return subprocess.call(cmd, cwd=ROOT)


def pyodide_command(args: list[str]) -> list[str]:
    """Build if needed; the command line that runs ``kingcore args`` in the vendored Pyodide under Node.
    :class:`BuildError` without Node or with other than one kingcore wheel in the site."""
    build_if_needed()
    wheels = sorted((SITE / "wheels").glob("kingcore-*.whl"))
    if len(wheels) != 1:
        raise BuildError(f"expected one kingcore wheel in {SITE / 'wheels'}, found {len(wheels)}")
    node = shutil.which("node")
    if not node:
        raise BuildError("pyodide-bench: `node` was not found on PATH (install Node.js 20)")
    return [node, str(RUNNER), "--pyodide", str(SITE / "pyodide"), "--wheel", str(wheels[0]), "--", *args]


def pyodide_bench(args: list[str]) -> int:
    """Build if needed, then run ``kingcore args`` in the vendored Pyodide under Node; its exit code."""
    return subprocess.call(pyodide_command(args))
