"""A slow device imitated honestly: the browser in a CPU cgroup with a fraction of one core.

CDP's CPU throttling slows mainly a page's main thread (docs/PERF.md, "A phone-class CPU"); a slow phone
slows every thread. The cgroup v1 ``cpu`` controller caps a group of processes at ``cpu.cfs_quota_us`` per
``cpu.cfs_period_us``: with 50,000 of 100,000, every thread of every process in the group together gets half
of one core. :class:`CpuQuota` makes such a group (``/sys/fs/cgroup/cpu/king-bench-<pid>``) and a launcher
script that puts itself in the group and then runs Chromium, so the browser and every process it starts
(renderers, GPU, network, workers' threads) are in it — and nothing else: the bench's own Python and the
site's server keep the full machine, as a phone's network and server would.

Where the controller is missing or not writable (cgroup v2 only, no root, a container that hides it),
:func:`unavailable` says why and the bench says so instead of measuring.
"""

from __future__ import annotations

import contextlib
import os
import shlex
import stat
import tempfile
from pathlib import Path
from types import TracebackType
from typing import Any

CPU_CGROUP = Path("/sys/fs/cgroup/cpu")
"""Where the cgroup v1 ``cpu`` controller is mounted (Debian, Docker with cgroup v1)."""
PERIOD_US = 100_000
"""The quota's period (µs): the kernel's default, 100 ms."""


def take_quota(args: list[str]) -> tuple[float, list[str]] | None:
    """A bench's command line without its ``--cpu-quota C`` option, and ``C`` (0.0 when not given); ``None``
    when the option has no number after it (a usage error).

    >>> take_quota(["5", "--cpu-quota", "0.5", "a=b"]), take_quota(["5"]), take_quota(["--cpu-quota"])
    ((0.5, ['5', 'a=b']), (0.0, ['5']), None)
    """
    if "--cpu-quota" not in args:
        return 0.0, list(args)
    i = args.index("--cpu-quota")
    try:
        quota = float(args[i + 1])
    except (IndexError, ValueError):
        return None
    return quota, args[:i] + args[i + 2:]


def unavailable(root: Path = CPU_CGROUP) -> str | None:
    """Why a CPU-quota group cannot be made under ``root`` (one sentence), or ``None`` when it can."""
    if not (root / "cpu.cfs_quota_us").is_file():
        return (f"no cgroup v1 cpu controller at {root} (cgroup v2 only, or hidden from this container): "
                "the half-core run needs it")
    if not os.access(root, os.W_OK):
        return f"the cgroup v1 cpu controller at {root} is not writable by this user (run as root)"
    return None


class CpuQuota:
    """A cgroup with ``fraction`` of one core (0 < fraction ≤ the machine's cores), used as
    ``with CpuQuota(0.5, "/usr/bin/chromium") as q: chromium.launch(executable_path=q.launcher)``.

    ``launcher`` is an executable script that joins the group, then ``exec``s ``browser`` with its
    arguments. Leaving the ``with`` moves any process left in the group back to ``root`` and removes it.
    Raises ``RuntimeError`` with :func:`unavailable`'s reason when the group cannot be made, and
    ``ValueError`` for a fraction out of range.
    """

    def __init__(self, fraction: float, browser: str, root: Path = CPU_CGROUP) -> None:
        cores = os.cpu_count() or 1
        if not 0 < fraction <= cores:
            raise ValueError(f"a CPU quota is a fraction of one core above 0 and at most {cores}, not {fraction}")
        self.fraction = fraction
        self.browser = browser
        self.root = root
        self.group = root / f"king-bench-{os.getpid()}"
        self.launcher = ""
        self._dir: tempfile.TemporaryDirectory[str] | None = None

    def __enter__(self) -> CpuQuota:
        why = unavailable(self.root)
        if why:
            raise RuntimeError(why)
        self.group.mkdir(exist_ok=True)
        (self.group / "cpu.cfs_period_us").write_text(f"{PERIOD_US}\n")
        (self.group / "cpu.cfs_quota_us").write_text(f"{round(self.fraction * PERIOD_US)}\n")
        self._dir = tempfile.TemporaryDirectory(prefix="king-quota-")
        launcher = Path(self._dir.name) / "chromium-in-quota"
        launcher.write_text("#!/bin/sh\n"
                            f"echo $$ > {shlex.quote(str(self.group / 'cgroup.procs'))} || exit 70\n"
                            f'exec {shlex.quote(self.browser)} "$@"\n')
        launcher.chmod(launcher.stat().st_mode | stat.S_IXUSR | stat.S_IXGRP | stat.S_IXOTH)
        self.launcher = str(launcher)
        return self

    def processes(self) -> list[int]:
        """The processes in the group now (the browser's, once launched)."""
        procs = self.group / "cgroup.procs"
        text = procs.read_text() if procs.is_file() else ""
        return [int(pid) for pid in text.split()]

    def throttled_ms(self) -> float:
        """How long the group was held back by its quota so far (``cpu.stat``'s ``throttled_time``), ms."""
        for line in (self.group / "cpu.stat").read_text().splitlines():
            key, _, value = line.partition(" ")
            if key == "throttled_time":
                return int(value) / 1e6
        return 0.0

    def __exit__(self, kind: type[BaseException] | None, error: BaseException | None,
                 trace: TracebackType | None) -> None:
        for pid in self.processes():  # a browser that outlived its close(): back to the root group
            with contextlib.suppress(OSError):  # it ended meanwhile
                (self.root / "cgroup.procs").write_text(f"{pid}\n")
        with contextlib.suppress(OSError):
            self.group.rmdir()
        if self._dir is not None:
            self._dir.cleanup()


def quota_browser(p: Any, stack: contextlib.ExitStack, fraction: float) -> Any:
    """Playwright ``p``'s headless Chromium (``sitebuild.browser.launch_args``), in a :class:`CpuQuota` group of
    ``fraction`` of one core when it is above 0 — the group left when ``stack`` closes; else as it is."""
    from sitebuild.browser import launch_args

    launch = launch_args()
    if fraction:
        group = stack.enter_context(CpuQuota(fraction, str(launch.get("executable_path")
                                                        or p.chromium.executable_path)))
        launch = {**launch, "executable_path": group.launcher}
    return p.chromium.launch(**launch)
