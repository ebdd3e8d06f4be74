"""The site's generated assets: the crown icons (deterministic PNG) and the web app manifest."""

from __future__ import annotations

import json
import struct
import zlib
from collections.abc import Iterable

THEME = "#14532d"


def png(width: int, height: int, rows: Iterable[bytes]) -> bytes:
    """An 8-bit RGB PNG (deterministic: no timestamps, fixed compression level)."""

    def chunk(kind: bytes, data: bytes) -> bytes:
        return struct.pack(">I", len(data)) + kind + data + struct.pack(">I", zlib.crc32(kind + data))

    raw = b"".join(b"\x00" + row for row in rows)  # filter type 0 on every row
    return (
        b"\x89PNG\r\n\x1a\n"
        + chunk(b"IHDR", struct.pack(">IIBBBBB", width, height, 8, 2, 0, 0, 0))
        + chunk(b"IDAT", zlib.compress(raw, 9))
        + chunk(b"IEND", b"")
    )


def crown_icon(size: int) -> bytes:
    """A gold crown on green, anti-aliased with 4 sub-rows and fractional span edges."""
    bg, fg = (0x14, 0x53, 0x2D), (0xF5, 0xC5, 0x18)
    poly = [(0.20, 0.66), (0.20, 0.33), (0.35, 0.50), (0.50, 0.27), (0.65, 0.50), (0.80, 0.33), (0.80, 0.66)]
    poly = [(x * size, y * size) for x, y in poly]
    band = (0.20 * size, 0.695 * size, 0.80 * size, 0.75 * size)
    balls = [(0.20 * size, 0.31 * size), (0.50 * size, 0.25 * size), (0.80 * size, 0.31 * size)]
    r = 0.045 * size
    sub = 4

    def spans(y: float) -> list[tuple[float, float]]:
        xs = []
        for (x1, y1), (x2, y2) in zip(poly, poly[1:] + poly[:1], strict=True):
            if (y1 <= y < y2) or (y2 <= y < y1):
                xs.append(x1 + (y - y1) * (x2 - x1) / (y2 - y1))
        xs.sort()
        out = [(xs[i], xs[i + 1]) for i in range(0, len(xs) - 1, 2)]
        if band[1] <= y < band[3]:
            out.append((band[0], band[2]))
        for cx, cy in balls:
            if abs(y - cy) < r:
                w = (r * r - (y - cy) ** 2) ** 0.5
                out.append((cx - w, cx + w))
        out.sort()
        merged: list[list[float]] = []
        for a, b in out:
            if merged and a <= merged[-1][1]:
                merged[-1][1] = max(merged[-1][1], b)
            else:
                merged.append([a, b])
        return [(a, b) for a, b in merged]

    palette = [
        bytes(round(bg[c] + (fg[c] - bg[c]) * k / (sub * 16)) for c in range(3)) for k in range(sub * 16 + 1)
    ]
    rows = []
    for py in range(size):
        diff = [0] * (size + 2)  # coverage in 1/16 of a pixel per sub-row: diff array + prefix sums
        edge = [0] * (size + 1)
        for s in range(sub):
            for a, b in spans(py + (s + 0.5) / sub):
                a, b = max(0.0, a), min(float(size), b)
                ia, ib = int(a), int(b)
                if ia == ib:
                    if ia < size:
                        edge[ia] += round((b - a) * 16)
                    continue
                edge[ia] += round((ia + 1 - a) * 16)
                diff[ia + 1] += 16
                diff[ib] -= 16
                if ib < size:
                    edge[ib] += round((b - ib) * 16)
        row = bytearray()
        acc = 0
        for px in range(size):
            acc += diff[px]
            row += palette[min(sub * 16, acc + edge[px])]
        rows.append(bytes(row))
    return png(size, size, rows)


def manifest() -> bytes:
    """The web app manifest (UTF-8 JSON bytes): name, scope ``./``, theme colour and the two crown icons."""
    doc = {
        "name": "King",
        "short_name": "King",
        "description": "King (Кинг), the Russian trick-avoidance card game",
        "start_url": "./",
        "scope": "./",
        "display": "standalone",
        "background_color": THEME,
        "theme_color": THEME,
        "icons": [
            {"src": f"./icons/icon-{n}.png", "sizes": f"{n}x{n}", "type": "image/png"} for n in (192, 512)
        ],
    }
    return (json.dumps(doc, indent=2, ensure_ascii=False) + "\n").encode()
