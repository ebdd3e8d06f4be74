"""QR codes of the friends-online links and codes (issue 19): an invite link or an answer code as an SVG
picture that a phone's camera reads across the table. Drawn by `segno` (pure Python, a pinned, vendored
wheel the page installs only when it first shows a code); segno is imported lazily, so kingcore itself needs
nothing beyond the standard library.

The SVG has no fixed size (a ``viewBox``: the page sizes it), a white quiet zone of 4 modules and one
``<path>`` of dark modules; nothing of the encoded text is written into it as text. :func:`qr_svg` checks
the picture against :data:`SVG_SHAPE` before it returns it, so the page can put exactly this text into
its document.

Sizes measured with segno 1.6.6, error correction L (the lowest: a screen is not a dirty label), for a
link ``https://example.github.io/king/#join=`` + base64url: 1,000 characters need version 22 (105 × 105
modules), 1,250 → 25, 1,500 → 28, 2,000 → 33, 2,500 → 37; at most :data:`MAX_QR_TEXT` characters fit
(version 40). A phone's camera reads up to about version 25 comfortably (:data:`EASY_VERSION`).
"""

from __future__ import annotations

import io
import re
from typing import Any

MAX_QR_TEXT = 2_953
"""The most characters of 8-bit text a QR code holds (version 40, error correction L)."""

EASY_VERSION = 25
"""The largest QR version (117 × 117 modules) a phone's camera reads comfortably from a screen."""

BORDER = 4
"""The quiet zone around the code, in modules (the QR standard's minimum)."""

SVG_SHAPE = re.compile(
    r'<svg xmlns="http://www\.w3\.org/2000/svg" viewBox="0 0 (\d{2,3}) \1" class="qr">'
    r'<path fill="#fff" d="M0 0h\1v\1h-\1z"/>'
    r'<path stroke="#000" d="[Mmhv0-9 .\-]+"/></svg>'
)
"""The only SVG text :func:`qr_svg` returns: square, numbers and path letters only — no text, no link,
no script, nothing from the encoded text."""


class QrError(ValueError):
    """A text that no QR code holds (too long, or empty); ``.reason`` is ``"qr_too_long"`` or ``"qr_empty"``."""

    def __init__(self, reason: str, message: str) -> None:
        super().__init__(message)
        self.reason = reason


def _code(text: str) -> Any:
    """segno's QR code of ``text``: version chosen by segno (the smallest that fits), error correction L
    raised while the version stays the same (``boost_error``), never a Micro QR code."""
    if not text:
        raise QrError("qr_empty", "no text to draw as a QR code")
    if len(text) > MAX_QR_TEXT:  # before segno: it would search every version first
        raise QrError("qr_too_long", f"{len(text)} characters do not fit a QR code (at most {MAX_QR_TEXT})")
    import segno  # the page installs its wheel only when it first shows a code

    try:
        return segno.make(text, error="l", boost_error=True, micro=False)
    except segno.DataOverflowError:
        raise QrError("qr_too_long", f"{len(text.encode())} bytes do not fit a QR code") from None


def qr_version(text: str) -> int:
    """The QR version (1–40; the code is ``17 + 4 × version`` modules square) that ``text`` needs.

    Raises:
        QrError: an empty text, or one that no QR code holds.
    """
    return int(_code(text).version)


def qr_svg(text: str) -> str:
    """The QR code of ``text`` as SVG text (see the module docstring; shaped as :data:`SVG_SHAPE`).

    Raises:
        QrError: an empty text, or one that no QR code holds.
    """
    out = io.BytesIO()
    _code(text).save(out, kind="svg", xmldecl=False, svgns=True, nl=False, omitsize=True, border=BORDER,
                     dark="#000", light="#fff", svgclass="qr", lineclass=None)  # white under: a dark page too
    svg = out.getvalue().decode("ascii")
    if not SVG_SHAPE.fullmatch(svg):  # a later segno that draws otherwise: refuse rather than pass it on
        raise QrError("qr_shape", "segno drew an SVG of an unexpected shape")
    return svg


def qr_matrix(text: str) -> list[list[bool]]:
    """The modules of ``text``'s QR code, quiet zone included, row by row (``True``: dark) — what
    :func:`qr_svg` draws. Raises :class:`QrError` as :func:`qr_svg` does."""
    return [[bool(m) for m in row] for row in _code(text).matrix_iter(scale=1, border=BORDER)]
