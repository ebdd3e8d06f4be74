"""``python build.py serve``: the built site over HTTP on 127.0.0.1, as a static host would serve it."""

from __future__ import annotations

import http.server
import re
import signal
import sys
import urllib.parse
from http import HTTPStatus
from io import BytesIO
from typing import BinaryIO

from .common import SITE, BuildError, log
from .site import build_if_needed

_CONTROL = {c: f"\\x{c:02x}" for c in [*range(0x20), *range(0x7F, 0xA0)]}
_HAS_CONTROL = re.compile("[\\x00-\\x1f\\x7f-\\x9f]")


def escaped(text: object) -> str:
    """``text`` for a terminal: every control character (C0, DEL, C1: escape sequences, NUL, line breaks)
    written as ``\\xNN`` and a backslash as ``\\\\``, so that a request cannot move the cursor, colour the log
    or forge a log line.

    >>> escaped("/a\\x1b[2Jb\\n")
    '/a\\\\x1b[2Jb\\\\x0a'
    """
    return str(text).replace("\\", "\\\\").translate(_CONTROL)


class Handler(http.server.SimpleHTTPRequestHandler):
    """http.server with the site's MIME types, a Cache-Control header and one short log line a request,
    control characters escaped; a path that holds a control character (``%00``, an escape sequence), raw
    or percent-encoded, is answered 400 Bad Request (issue 22, finding K)."""

    extensions_map = {  # noqa: RUF012 - the base class declares it as a plain class attribute
        **http.server.SimpleHTTPRequestHandler.extensions_map,
        ".wasm": "application/wasm",
        ".mjs": "text/javascript",
        ".js": "text/javascript",
        ".webmanifest": "application/manifest+json",
        ".whl": "application/zip",
    }

    cache_control = "no-cache"  # revalidate: a rebuilt file shows on reload (GitHub Pages: max-age=600)

    def end_headers(self) -> None:
        self.send_header("Cache-Control", self.cache_control)
        super().end_headers()

    def send_head(self) -> BinaryIO | BytesIO | None:
        """The file's headers (the base class's), or 400 for a path no file can have."""
        path = self.path.split("?", 1)[0].split("#", 1)[0]
        if _HAS_CONTROL.search(self.path) or _HAS_CONTROL.search(urllib.parse.unquote(path, errors="surrogatepass")):
            self.send_error(HTTPStatus.BAD_REQUEST, "a control character in the path")
            return None
        try:
            return super().send_head()
        except ValueError:  # a path the file system refuses (no control character: a last guard)
            self.send_error(HTTPStatus.BAD_REQUEST, "not a path of this site")
            return None

    def log_message(self, format: str, *args: object) -> None:
        detail = args[1] if len(args) > 1 else ""
        command, path = escaped(self.command or "-"), escaped(getattr(self, "path", "-"))
        sys.stderr.write(f"  {command} {path} {escaped(detail)}\n")


def serve(port: int) -> None:
    """Build if needed, then serve dist/site on 127.0.0.1:``port`` until Ctrl-C or SIGTERM."""
    build_if_needed()

    def on_term(signum: int, frame: object) -> None:
        raise KeyboardInterrupt

    signal.signal(signal.SIGTERM, on_term)
    signal.signal(signal.SIGINT, on_term)  # also when started in the background, where a shell ignores it
    handler = lambda *a, **k: Handler(*a, directory=str(SITE), **k)  # noqa: E731
    try:
        httpd = http.server.ThreadingHTTPServer(("127.0.0.1", port), handler)
    except OSError as e:
        raise BuildError(f"serve: cannot listen on 127.0.0.1:{port}: {e.strerror}") from None
    httpd.daemon_threads = True
    port = httpd.server_address[1]  # the port listened on (``--port 0``: the one the system chose)
    log(f"serve: http://127.0.0.1:{port}/  (serving {SITE}; Ctrl-C stops)")
    try:
        httpd.serve_forever()
    except KeyboardInterrupt:
        log("serve: stopped")
    finally:
        httpd.server_close()
