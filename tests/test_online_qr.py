"""Friends online (issue 19) under CPython: the QR codes of invite links and answer codes
(``kingcore.online.qr``, segno) decode back to their text through a real decoder (zxing-cpp, a test-only
dependency) after drawing segno's SVG into pixels; the QR version a link needs; and the ICE-servers
preference (``kingcore.web.prefs``): the player's own list validated, the ``iceServers`` it gives."""

from __future__ import annotations

import base64
import json
import random
import re
import tomllib
from pathlib import Path

import pytest
import zxingcpp
from hypothesis import given, settings
from hypothesis import strategies as st

from kingcore.online.qr import BORDER, EASY_VERSION, MAX_QR_TEXT, SVG_SHAPE, QrError, qr_matrix, qr_svg, qr_version
from kingcore.web.prefs import (
    DEFAULT_STUN,
    MAX_ICE_LINE,
    MAX_ICE_SERVERS,
    IceError,
    ice_servers,
    parse_ice_list,
    sort_prefs,
)
from sitebuild import pins

ROOT = Path(__file__).resolve().parent.parent
PREFIX = "https://example.github.io/king/#join="
"""What an invite link starts with: the site's address and the fragment netpage writes the code into."""
PATH_STEP = re.compile(r"([Mmhv])\s*(-?\d+(?:\.\d+)?)(?:\s+(-?\d+(?:\.\d+)?))?")


def link(length: int, seed: int = 1) -> str:
    """An invite link of ``length`` characters: :data:`PREFIX` + random base64url, as netpage makes them."""
    rng = random.Random(seed)
    code = base64.urlsafe_b64encode(rng.randbytes(length)).decode().rstrip("=")
    return PREFIX + code[: length - len(PREFIX)]


def svg_pixels(svg: str, scale: int = 3) -> list[list[bool]]:
    """The dark modules segno's SVG draws (its one stroked path: ``M``/``m`` moves, ``h``/``v`` lines of width 1
    centred on the half module), as a grid of modules — read from the picture, not from segno."""
    m = SVG_SHAPE.fullmatch(svg)
    assert m, svg[:200]
    size = int(m.group(1))
    grid = [[False] * size for _ in range(size)]
    d = re.search(r'stroke="#000" d="([^"]+)"', svg)
    assert d
    x = y = 0.0
    for op, a, b in PATH_STEP.findall(d.group(1)):
        if op == "M":
            x, y = float(a), float(b)
        elif op == "m":
            x, y = x + float(a), y + float(b)
        elif op == "h":
            end = x + float(a)
            for col in range(int(min(x, end)), int(max(x, end))):
                grid[int(y)][col] = True
            x = end
        else:  # v: a vertical stroke; segno draws rows only, but read it all the same
            end = y + float(a)
            for row in range(int(min(y, end)), int(max(y, end))):
                grid[row][int(x)] = True
            y = end
    return grid


def decode(grid: list[list[bool]], scale: int = 3) -> list[str]:
    """What zxing-cpp reads in a grid of modules drawn black on white, ``scale`` pixels a module."""
    rows = [bytes(0 if dark else 255 for dark in row for _ in range(scale)) for row in grid for _ in range(scale)]
    image = memoryview(b"".join(rows)).cast("B", shape=[len(rows), len(rows[0])])
    return [r.text for r in zxingcpp.read_barcodes(image)]


@pytest.mark.parametrize("text", [
    "x", PREFIX + "A", link(1000), link(1500, 2), link(2500, 3), "Ёлка <script>&\"' " * 20,
])
def test_the_svg_decodes_back_to_its_text(text: str) -> None:
    """segno's SVG, drawn into pixels, is read back by a real decoder as exactly the text; the picture is
    what :func:`qr_matrix` says, with the quiet zone around it."""
    svg = qr_svg(text)
    grid = svg_pixels(svg)
    assert decode(grid) == [text]
    assert grid == qr_matrix(text)
    version = qr_version(text)
    assert len(grid) == 17 + 4 * version + 2 * BORDER
    assert not any(grid[BORDER - 1]) and not any(row[0] for row in grid)  # the quiet zone is white


def test_the_svg_holds_nothing_of_its_text() -> None:
    """The picture is numbers and path letters only: no markup, no text of what it encodes."""
    svg = qr_svg('"><script>alert(1)</script><a href="javascript:x">')
    assert SVG_SHAPE.fullmatch(svg) and "script" not in svg and "alert" not in svg and "href" not in svg


def test_versions_follow_the_standards_capacity() -> None:
    """ISO/IEC 18004 table 7, 8-bit bytes at error correction L: version 25 holds 1,273, version 40 holds
    2,953; one more needs the next version, or none. Longer links never need smaller codes."""
    assert qr_version("a" * 1273) == EASY_VERSION and qr_version("a" * 1274) == EASY_VERSION + 1
    assert qr_version("a" * MAX_QR_TEXT) == 40
    with pytest.raises(QrError) as e:
        qr_svg("a" * (MAX_QR_TEXT + 1))
    assert e.value.reason == "qr_too_long"
    with pytest.raises(QrError):
        qr_version("я" * 2000)  # fewer characters than the most, but more than a code holds of them
    with pytest.raises(QrError) as e:
        qr_svg("")
    assert e.value.reason == "qr_empty"
    versions = [qr_version(link(n)) for n in range(1000, 2501, 250)]
    assert versions == sorted(versions) and versions[0] < versions[-1] <= 40


def test_invite_links_from_1000_to_2500_characters(capsys: pytest.CaptureFixture[str]) -> None:
    """The measurement the README quotes: the QR version of an invite link of each length (printed with
    ``-s``). A phone reads up to about :data:`EASY_VERSION`: a link of 1,250 characters still fits it."""
    table = {n: qr_version(link(n)) for n in range(1000, 2501, 250)}
    with capsys.disabled():
        print("\nQR version by invite-link length:", json.dumps(table))
    assert table[1250] <= EASY_VERSION < table[1500]


def test_the_pinned_segno_is_the_tests_segno() -> None:
    """pyproject's test extra installs the segno the site ships (sitebuild.pins), and no start-up config of the
    page names it: the page installs it only when it first draws a code."""
    extras = tomllib.loads((ROOT / "pyproject.toml").read_text())["project"]["optional-dependencies"]["test"]
    assert f"segno=={pins.SEGNO_VERSION}" in extras
    for config in ("pyscript.json", "worker.json", "boot.mjs", "index.html"):
        assert "segno" not in (ROOT / "web" / config).read_text(), config


# ----- the ICE servers --------------------------------------------------------------------------------

@pytest.mark.parametrize("line, server", [
    ("stun:stun.example.org", {"urls": "stun:stun.example.org"}),
    ("  stun:192.0.2.1:3478  ", {"urls": "stun:192.0.2.1:3478"}),
    ("stuns:[2001:db8::1]:5349", {"urls": "stuns:[2001:db8::1]:5349"}),
    ("turn:turn.example.org:3478?transport=udp ann pw", {"urls": "turn:turn.example.org:3478?transport=udp",
                                                         "username": "ann", "credential": "pw"}),
    ("turns:t.example.org user s3cr:et!",
     {"urls": "turns:t.example.org", "username": "user", "credential": "s3cr:et!"}),
])
def test_an_own_server_line(line: str, server: dict[str, str]) -> None:
    assert parse_ice_list(f"# my servers\n\n{line}\n") == [server]


@pytest.mark.parametrize("text, reason", [
    ("http://example.org", "bad_line"),
    ("stun:", "bad_line"),
    ("stun:-bad-.example", "bad_line"),
    ("stun:example.org:0", "bad_line"),
    ("stun:example.org:65536", "bad_line"),
    ("stun:example.org?transport=udp", "bad_line"),
    ("stun:exa mple.org", "stun_login"),
    ("stun:ex\u00e4mple.org", "bad_line"),
    ("stun:example.org\x07", "bad_line"),
    ("turn:example.org", "turn_login"),
    ("turn:example.org only-a-user", "turn_login"),
    ("stun:example.org user pw", "stun_login"),
    ("stun:" + "a" * MAX_ICE_LINE, "too_long"),
    ("\n".join(f"stun:s{i}.example.org" for i in range(MAX_ICE_SERVERS + 1)), "too_many"),
    ("", "empty"),
    ("# only a note\n\n", "empty"),
])
def test_an_own_list_that_cannot_be_used_says_why(text: str, reason: str) -> None:
    with pytest.raises(IceError) as e:
        parse_ice_list(text)
    assert e.value.reason == reason
    if reason not in ("empty", "too_many"):
        assert e.value.args_["line"] == 1


@settings(max_examples=300, deadline=None)
@given(st.text(max_size=400))
def test_any_text_is_a_list_or_a_reason(text: str) -> None:
    """Whatever the player types: a list within the limits, each entry as a browser takes it, or an
    IceError — nothing else."""
    try:
        servers = parse_ice_list(text)
    except IceError as e:
        assert e.reason in ("bad_line", "turn_login", "stun_login", "too_long", "too_many", "empty")
        return
    assert 1 <= len(servers) <= MAX_ICE_SERVERS
    for s in servers:
        assert re.fullmatch(r"(stuns?|turns?):\S+", s["urls"])
        assert ("username" in s) == s["urls"].startswith("turn") == ("credential" in s)


def test_ice_servers_from_the_preferences() -> None:
    own = "stun:a.example.org\nturn:b.example.org u p"
    assert ice_servers({}) == [{"urls": DEFAULT_STUN}] == ice_servers({"ice": {"mode": "default", "text": own}})
    assert ice_servers({"ice": {"mode": "none"}}) == []
    assert ice_servers({"ice": {"mode": "own", "text": own}}) == [
        {"urls": "stun:a.example.org"}, {"urls": "turn:b.example.org", "username": "u", "credential": "p"}]
    assert ice_servers({"ice": {"mode": "own", "text": "nonsense"}}) == [{"urls": DEFAULT_STUN}]
    assert ice_servers({"ice": "none"}) == [{"urls": DEFAULT_STUN}]
    assert DEFAULT_STUN.startswith("stun:") and parse_ice_list(DEFAULT_STUN) == [{"urls": DEFAULT_STUN}]


@pytest.mark.parametrize("ice, kept", [
    ({"mode": "none"}, {"mode": "none"}),
    ({"mode": "default", "text": "stun:a.example.org"}, {"mode": "default", "text": "stun:a.example.org"}),
    ({"mode": "own", "text": "stun:a.example.org"}, {"mode": "own", "text": "stun:a.example.org"}),
    ({"mode": "own"}, None),
    ({"mode": "own", "text": "turn:a.example.org"}, None),
    ({"mode": "relay"}, None),
    ({"mode": "none", "text": 7}, None),
    ("none", None),
])
def test_a_stored_ice_preference_is_kept_only_in_shape(ice: object, kept: object) -> None:
    prefs, dropped = sort_prefs(json.dumps({"ice": ice, "fast": True}))
    assert prefs.get("ice") == kept and prefs["fast"] is True
    assert dropped == ([] if kept else ["ice"])
