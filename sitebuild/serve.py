"""``python build.py serve``: the built site over HTTP on 127.0.0.1, as a static host would serve it."""

from __future__ import annotations

import http.server
import signal
import sys

from .common import SITE, BuildError, log
from .site import build_if_needed


class Handler(http.server.SimpleHTTPRequestHandler):
    """http.server with the site's MIME types, a Cache-Control header and one short log line a request."""

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

    def log_message(self, format: str, *args: object) -> None:
        sys.stderr.write(f"  {self.command} {self.path} {args[1] if len(args) > 1 else ''}\n")


def serve(port: int) -> None:
    """Build if needed, then serve dist/site on 127.0.0.1:``port`` until Ctrl-C or SIGTERM."""
    build_if_needed()

    def on_term(signum: int, frame: object) -> None:
        raise KeyboardInterrupt

    signal.signal(signal.SIGTERM, on_term)
    handler = lambda *a, **k: Handler(*a, directory=str(SITE), **k)  # noqa: E731
    try:
        httpd = http.server.ThreadingHTTPServer(("127.0.0.1", port), handler)
    except OSError as e:
        raise BuildError(f"serve: cannot listen on 127.0.0.1:{port}: {e.strerror}") from None
    httpd.daemon_threads = True
    log(f"serve: http://127.0.0.1:{port}/  (serving {SITE}; Ctrl-C stops)")
    try:
        httpd.serve_forever()
    except KeyboardInterrupt:
        log("serve: stopped")
    finally:
        httpd.server_close()
