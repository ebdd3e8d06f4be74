"""``python build.py relay``: a Nostr relay — the kind friends online's rooms find each other through (docs/NET.md,
"The rooms' transport") — on this machine, for the browser tests (on the loopback) and for a club's own.

The relay is the maintained PyPI package ``nostr-relay`` (:data:`sitebuild.pins.NOSTR_RELAY_VERSION`), installed
once with ``pip install --target`` into ``.cache/relay/`` (apart from the Python running the build: its
dependencies never meet the tests'), and run by the same Python in a child process with uvicorn, its events in a
SQLite file of a temporary folder removed when it stops. It keeps what relays keep: pages' signed events, which
for a room are connection offers encrypted with the room's secret.
"""

from __future__ import annotations

import ipaddress
import json
import os
import re
import shutil
import signal
import socket
import subprocess
import sys
import tempfile
import time
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

from .common import CACHE, ROOT, BuildError, log, new_tmp_dir, publish_dir, run
from .pins import NOSTR_RELAY_VERSION

RELAY_DIR = CACHE / "relay" / f"nostr-relay-{NOSTR_RELAY_VERSION}-py{sys.version_info[0]}.{sys.version_info[1]}"
"""Where ``nostr-relay`` and its dependencies are installed (compiled ones are for this Python's version)."""
READY_S = 60.0
"""How long a starting relay may take to accept connections (its database is made first: ≈ 1 s here)."""
STOP_S = 10.0
"""How long a stopping relay may take before it is killed."""
RUNNER = "import sys; from nostr_relay.cli import main; sys.argv[0] = 'nostr-relay'; main()"
"""The child's program: nostr-relay's own command line (``-c CONFIG serve --use-uvicorn``): it makes the
database's tables (alembic), then serves in one process."""


def host_name(text: str) -> str:
    """``relay --host``'s value: an IP address (``0.0.0.0``: every interface, for a club's own relay) or a host
    name; anything else is refused (argparse turns the error into one line and exit 2).

    >>> host_name("0.0.0.0"), host_name("relay.local")
    ('0.0.0.0', 'relay.local')
    >>> host_name("a b")
    Traceback (most recent call last):
    ValueError: not an address or a host name: 'a b'
    """
    try:
        return str(ipaddress.ip_address(text))
    except ValueError:
        if re.fullmatch(r"[A-Za-z0-9](?:[A-Za-z0-9.-]{0,251}[A-Za-z0-9])?", text):
            return text
    raise ValueError(f"not an address or a host name: {text!r}")


def install_relay() -> Path:
    """``nostr-relay`` installed under :data:`RELAY_DIR` (once; another process installing it meanwhile is waited
    for). Raises BuildError when pip fails (the package registry unreachable)."""
    done = RELAY_DIR / ".installed"
    if done.exists():
        return RELAY_DIR
    RELAY_DIR.parent.mkdir(parents=True, exist_ok=True)
    with _locked(RELAY_DIR.parent / ".lock"):
        if done.exists():
            return RELAY_DIR
        log(f"relay: installing nostr-relay {NOSTR_RELAY_VERSION} with pip into .cache/relay ...")
        tmp = new_tmp_dir("relay")
        try:
            run([sys.executable, "-m", "pip", "install", "--target", str(tmp), "-q", "--disable-pip-version-check",
                 "--no-warn-script-location", f"nostr-relay=={NOSTR_RELAY_VERSION}"],
                f"pip install nostr-relay=={NOSTR_RELAY_VERSION}")
            (tmp / ".installed").write_text(NOSTR_RELAY_VERSION + "\n")
            publish_dir(tmp, RELAY_DIR)
        finally:
            shutil.rmtree(tmp, ignore_errors=True)
    return RELAY_DIR


@contextmanager
def _locked(path: Path) -> Iterator[None]:
    """An exclusive lock on ``path`` while the block runs (POSIX; elsewhere none)."""
    with open(path, "w") as f:
        try:
            import fcntl

            fcntl.flock(f, fcntl.LOCK_EX)
        except ImportError:
            pass
        yield


def relay_config(host: str, port: int, folder: Path) -> dict[str, object]:
    """nostr-relay's configuration for ``host:port``, its database in ``folder``: events checked as any public
    relay checks them (size, signature, recent), no authentication, warnings only in its log.

    >>> relay_config("127.0.0.1", 7447, Path("/tmp/r"))["gunicorn"]
    {'bind': '127.0.0.1:7447', 'host': '127.0.0.1', 'loglevel': 'warning', 'timeout_graceful_shutdown': 1}
    """
    return {
        "DEBUG": False,
        "relay_name": "king relay",
        "relay_description": "a Nostr relay for King's friends online (python build.py relay)",
        "storage": {
            "sqlalchemy.url": f"sqlite+aiosqlite:///{folder / 'events.sqlite3'}",
            "num_concurrent_reqs": 10,
            "num_concurrent_adds": 2,
            "validators": ["nostr_relay.validators.is_not_too_large", "nostr_relay.validators.is_signed",
                           "nostr_relay.validators.is_recent"],
        },
        # uvicorn's options (nostr-relay names the section after gunicorn): the port is read from "bind"
        "gunicorn": {"bind": f"{host}:{port}", "host": host, "loglevel": "warning", "timeout_graceful_shutdown": 1},
        "authentication": {"enabled": False},
        "message_timeout": 1800,
        "subscription_limit": 32,
        "max_limit": 6000,
        "logging": {"version": 1, "disable_existing_loggers": False,
                    "handlers": {"err": {"class": "logging.StreamHandler", "stream": "ext://sys.stderr"}},
                    "root": {"level": "WARNING", "handlers": ["err"]}},
    }


def accepting(host: str, port: int) -> bool:
    """Whether something accepts TCP connections at ``host:port`` now (``0.0.0.0``: asked on the loopback)."""
    try:
        socket.create_connection(("127.0.0.1" if host in ("0.0.0.0", "") else host, port), timeout=0.5).close()
        return True
    except OSError:
        return False


def listening(proc: subprocess.Popen[bytes], host: str, port: int, seconds: float) -> bool:
    """Wait until ``host:port`` accepts connections (polled every 50 ms: a relay makes its database first):
    ``True``; ``False`` as soon as ``proc`` has ended, or after ``seconds``."""
    deadline = time.monotonic() + seconds
    while not accepting(host, port):
        if proc.poll() is not None or time.monotonic() > deadline:
            return False
        time.sleep(0.05)
    return True


def end(proc: subprocess.Popen[bytes], seconds: float) -> None:
    """Stop ``proc`` (SIGTERM; SIGKILL if it lingers past ``seconds``) and wait until it has."""
    if proc.poll() is None:
        proc.terminate()
        try:
            proc.wait(seconds)
        except subprocess.TimeoutExpired:
            proc.kill()
            proc.wait()


def relay(host: str, port: int) -> int:
    """Install the relay if needed and serve it on ``host:port`` until Ctrl-C or SIGTERM (then it is stopped,
    its database removed); its exit code. Raises BuildError when the port is taken or the relay does not start."""
    if accepting(host, port):
        raise BuildError(f"relay: {host}:{port} is in use already")

    def on_term(signum: int, frame: object) -> None:
        raise KeyboardInterrupt

    signal.signal(signal.SIGTERM, on_term)
    signal.signal(signal.SIGINT, on_term)  # also when started in the background, where a shell ignores it
    env = {**os.environ, "PYTHONPATH": str(install_relay())}
    folder = Path(tempfile.mkdtemp(prefix="king-relay-"))
    proc: subprocess.Popen[bytes] | None = None
    try:
        config = folder / "config.yaml"
        config.write_text(json.dumps(relay_config(host, port, folder), indent=2))  # JSON is YAML
        proc = subprocess.Popen([sys.executable, "-c", RUNNER, "-c", str(config), "serve", "--use-uvicorn"],
                                cwd=folder, env=env, stdin=subprocess.DEVNULL)
        if not listening(proc, host, port, READY_S):
            if proc.poll() is not None:
                raise BuildError(f"relay: nostr-relay stopped at start (exit {proc.returncode})")
            raise BuildError(f"relay: nostr-relay did not listen on {host}:{port} within {READY_S:.0f} s")
        shown = f"[{host}]" if ":" in host else host  # an IPv6 address in a URL
        log(f"relay: ws://{shown}:{port}/ (nostr-relay {NOSTR_RELAY_VERSION}; Ctrl-C stops)")
        return proc.wait()
    except KeyboardInterrupt:
        log("relay: stopped")
        return 0
    finally:
        if proc is not None:
            end(proc, STOP_S)
        shutil.rmtree(folder, ignore_errors=True)


def free_port() -> int:
    """A TCP port of 127.0.0.1 that nothing listens on now."""
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


class RelayProcess:
    """``python build.py relay`` on 127.0.0.1 in a process of its own, as the browser tests
    (tests/e2e/conftest.py, ``relay``) and ``tools/bench_rooms.py`` start it: on ``port`` (a free one when
    ``None``), its output appended to ``log`` (discarded when ``None``). ``url``: its ``ws://`` address.
    :meth:`stop` ends it (its port then refuses connections, as a relay that died); :meth:`start` starts it
    again on the same port."""

    def __init__(self, port: int | None = None, log: Path | None = None) -> None:
        self.port = free_port() if port is None else port
        self.url = f"ws://127.0.0.1:{self.port}"
        self.log = log
        self.proc: subprocess.Popen[bytes] | None = None

    def start(self) -> RelayProcess:
        """Start it; return once it accepts connections. Raises BuildError (with the end of its log) if it stops
        or does not listen within 2 × :data:`READY_S` (a first start installs the relay)."""
        with open(self.log, "ab") if self.log else open(os.devnull, "wb") as out:
            self.proc = subprocess.Popen([sys.executable, str(ROOT / "build.py"), "relay", "--port", str(self.port)],
                                         cwd=ROOT, stdin=subprocess.DEVNULL, stdout=out, stderr=subprocess.STDOUT)
        if not listening(self.proc, "127.0.0.1", self.port, 2 * READY_S):
            said = self.log.read_text(errors="replace")[-2000:] if self.log else ""
            self.stop()
            raise BuildError(f"relay: python build.py relay --port {self.port} did not start {said}")
        return self

    def stop(self) -> None:
        """Stop it (SIGTERM, then SIGKILL if it lingers past 2 × :data:`STOP_S`) and wait until it has."""
        if self.proc is not None:
            end(self.proc, 2 * STOP_S)
        self.proc = None
