"""``python build.py relay`` (issue 28): a real Nostr relay (PyPI ``nostr-relay``) on this machine until stopped —
the one the browser tests start (tests/e2e/conftest.py, ``relay``) and a club's own. Its command line refuses what
it cannot serve in one line; it serves Nostr (a subscription is answered) and stops cleanly, leaving nothing."""

from __future__ import annotations

import json
import os
import signal
import socket
import subprocess
import sys
from pathlib import Path

import pytest

from sitebuild.relay import READY_S, RELAY_DIR, accepting, free_port, install_relay, relay_config

ROOT = Path(__file__).resolve().parent.parent

REQ_JS = """import asyncio, json, sys, websockets
async def main():
    async with websockets.connect(sys.argv[1]) as ws:
        await ws.send(json.dumps(["REQ", "king", {"kinds": [22596], "#x": ["topic"]}]))
        print(await asyncio.wait_for(ws.recv(), 30))
asyncio.run(main())
"""
"""A Nostr client's first step, run with the relay's own WebSocket library: a subscription, and its answer."""


@pytest.mark.parametrize("args, said", [
    (["--port", "0"], "give a port from 1 to 65535"),
    (["--port", "70000"], "port"),
    ([], "--port"),
    (["--port", "7447", "--host", "a b"], "not an address or a host name"),
])
def test_the_command_refuses_in_one_line(args: list[str], said: str) -> None:
    r = subprocess.run([sys.executable, "build.py", "relay", *args], cwd=ROOT, capture_output=True, text=True,
                       timeout=60)
    assert r.returncode == 2 and said in r.stderr and "Traceback" not in r.stderr, r.stderr


def test_a_port_in_use_is_said() -> None:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        s.listen()
        r = subprocess.run([sys.executable, "build.py", "relay", "--port", str(s.getsockname()[1])], cwd=ROOT,
                           capture_output=True, text=True, timeout=60)
    assert r.returncode == 1 and "is in use already" in r.stderr and "Traceback" not in r.stderr, r.stderr


def test_the_relay_serves_nostr_until_stopped_and_leaves_nothing(tmp_path: Path) -> None:
    install_relay()
    port = free_port()
    # its own temporary folder: a relay another test (or run) starts meanwhile makes its database in the shared one
    tmp = tmp_path / "tmp"
    tmp.mkdir()
    # started as a shell's background job is (SIGINT ignored: a new user's Ctrl-C there stopped nothing, and
    # their kill -INT left the relay listening), and stopped by SIGINT; the tests' relays stop by SIGTERM
    proc = subprocess.Popen([sys.executable, "build.py", "relay", "--port", str(port)], cwd=ROOT, text=True,
                            stdout=subprocess.PIPE, stderr=subprocess.STDOUT, env={**os.environ, "TMPDIR": str(tmp)},
                            preexec_fn=lambda: signal.signal(signal.SIGINT, signal.SIG_IGN))
    try:
        assert proc.stdout is not None
        for line in proc.stdout:  # waits for the line itself (the relay makes its database first)
            if line.startswith("relay: ws://"):
                break
        else:
            raise AssertionError("the relay printed no address")
        assert line.split()[1] == f"ws://127.0.0.1:{port}/" and accepting("127.0.0.1", port)
        asked = subprocess.run([sys.executable, "-c", REQ_JS, f"ws://127.0.0.1:{port}"], capture_output=True,
                               text=True, timeout=READY_S, env={**os.environ, "PYTHONPATH": str(RELAY_DIR)})
        assert json.loads(asked.stdout) == ["EOSE", "king"], asked.stdout + asked.stderr
    finally:
        proc.send_signal(signal.SIGINT)
        out = proc.communicate(timeout=60)[0]
    assert proc.returncode == 0 and "relay: stopped" in out, out[-1000:]
    assert not accepting("127.0.0.1", port)
    assert not list(tmp.iterdir())  # its database removed


def test_the_relays_configuration() -> None:
    """What nostr-relay is told: the address, a database in the relay's own folder, the checks any public relay
    makes of an event (size, signature, age), no authentication, a prompt stop."""
    conf = relay_config("0.0.0.0", 7447, Path("/tmp/x"))
    assert conf["gunicorn"] == {"bind": "0.0.0.0:7447", "host": "0.0.0.0", "loglevel": "warning",
                                "timeout_graceful_shutdown": 1}
    storage = conf["storage"]
    assert isinstance(storage, dict) and storage["sqlalchemy.url"] == "sqlite+aiosqlite:////tmp/x/events.sqlite3"
    assert storage["validators"] == ["nostr_relay.validators.is_not_too_large", "nostr_relay.validators.is_signed",
                                     "nostr_relay.validators.is_recent"]
    assert conf["authentication"] == {"enabled": False}
    assert json.loads(json.dumps(conf)) == conf  # written as JSON, which YAML reads

