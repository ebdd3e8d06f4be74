"""The layout walks' check (test_layout.py's :data:`CHECK_JS`) finds each kind of problem it looks for on a page made
with one of each, and none on the same page without them: a check made cheaper (a walk's 365 checks took ≈ 30 % of
its time) must find what it found before, and a check that finds nothing would pass every walk."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import pytest
from test_layout import CHECK_JS

pytestmark = pytest.mark.browser

STYLE = """
:root { --bar-h: 40px; }
body { margin: 0; font: 16px sans-serif; }
.bar { position: fixed; inset: 0 0 auto; height: 40px; background: #234; }
button { position: absolute; font-size: 14px; padding: 0; }
#hand { position: absolute; left: 0; right: 0; bottom: 0; height: 10px; }
.seat { position: absolute; left: 150px; }
.seat-name { display: inline-block; font-size: 14px; }
.seat.is-turn .seat-name { box-shadow: 0 0 0 4px gold; }
#btn-hint::after, #btn-last::after { content: ""; position: absolute; inset: -10px 0; }
.lid { position: absolute; background: #fff; }
"""
"""A page with none of the page's own style: a bar as the check reads it (``--bar-h`` its height), a hand, seats
with a turn ring; Hint's and Last trick's tap areas reach 10 px past their padding boxes above and below (their
borders 2 px), as the page's do."""

CLEAN = """
<div class="bar"></div>
<div class="seat" style="top: 120px"><span class="seat-name"><span class="who">North</span></span></div>
<div class="seat" style="top: 170px"><span class="seat-name"><span class="who">East</span></span></div>
<button id="one" style="left: 10px; top: 60px; width: 60px; height: 50px">One</button>
<button id="btn-hint" style="left: 300px; top: 60px; width: 60px; height: 30px">Hint</button>
<p style="position: absolute; left: 10px; top: 200px; width: 200px">Words whole and big enough</p>
<select style="position: absolute; left: 10px; top: 250px; height: 30px"><option>A choice</option></select>
<div id="hand"></div>
"""
"""Nothing the check should find: controls apart and big enough, Hint 30 px high but tapped over 46 px."""

FLAWED = """
<div class="bar"></div>
<div class="seat" style="top: 40px"><span class="seat-name"><span class="who">North</span></span></div>
<div class="seat" style="top: 170px"><span class="seat-name"><span class="who">East</span></span></div>
<button id="a1" style="left: 10px; top: 60px; width: 60px; height: 50px">A1</button>
<button id="a2" style="left: 50px; top: 70px; width: 60px; height: 50px">A2</button>
<button id="off" style="left: 360px; top: 130px; width: 80px; height: 40px">Off</button>
<button id="tiny" style="left: 200px; top: 300px; width: 16px; height: 16px">x</button>
<button id="btn-hint" style="left: 300px; top: 200px; width: 60px; height: 30px">Hint</button>
<button id="btn-history" style="left: 300px; top: 260px; width: 60px; height: 30px">Tricks</button>
<button id="btn-last" style="left: 300px; top: 330px; width: 60px; height: 30px">Last</button>
<div class="lid" style="left: 300px; top: 320px; width: 60px; height: 6px"></div>
<button id="under" style="left: 10px; top: 400px; width: 80px; height: 40px">Under</button>
<div class="lid" style="left: 40px; top: 410px; width: 20px; height: 20px"></div>
<p id="cut" style="position: absolute; left: 10px; top: 140px; width: 60px; overflow: hidden; white-space: nowrap">
  a line of words far too long</p>
<p id="small" style="position: absolute; left: 10px; top: 460px; font-size: 8px">words too small</p>
<select id="sel" style="position: absolute; left: 150px; top: 400px; width: 60px; height: 30px">
  <option>a choice far too long to show</option></select>
<div id="hand"></div>
"""
"""One of each: two controls over each other, one past the window's right edge (the page wider for it), one too
small to tap, Tricks 30 px high (no tap area past it), Last trick's tap area cut by a box over its top, a control
covered at its centre, a text cut, words too small, a choice cut in its select, North's turn ring under the bar."""

FOUND = [
    "controls overlap: #a1 «A1» / #a2 «A2»",
    "#off «Off» past the window's edge",
    "text past the window's edge: #off «Off»",
    "the page is 40 px wider than the window",
    "too small to tap: #tiny «x» 16.0×16.0 < 24×24",
    "too small to tap: #btn-history «Tricks» 60.0×30.0 < 44×44",
    "too small to tap: #btn-last «Last» 60.0×30.0 < 44×44",
    "#under «Under» covered at its centre by div.lid",
    "text cut: #cut «a line of words far too long»",
    "words too small to read: #small «words too small» 8 px < 11 px",
    "a choice cut in its select: #sel",
    "the turn ring of div.seat under the bar",
]
"""The start of what the check says of each problem of :data:`FLAWED`."""


def check(new_context: Callable[..., tuple[Any, Any]], body: str) -> list[str]:
    """The problems :data:`CHECK_JS` finds on a page of ``body`` in a 400×600 window, looked at as a touch
    screen's."""
    ctx, _ = new_context(400, 600)
    page = ctx.new_page()
    page.set_content(f"<!doctype html><html lang=en><style>{STYLE}</style><body>{body}</body></html>")
    found: list[str] = page.evaluate(CHECK_JS, [True, 400, 600])
    return found


def test_the_check_finds_each_kind_of_problem(new_context: Callable[..., tuple[Any, Any]]) -> None:
    found = check(new_context, FLAWED)
    missed = [kind for kind in FOUND if not any(p.startswith(kind) for p in found)]
    assert not missed, f"not found: {missed}; found: {found}"
    extra = [p for p in found if not any(p.startswith(kind) for kind in FOUND)]
    assert not extra, f"found beyond the page's flaws: {extra}"


def test_the_check_finds_nothing_on_a_page_without_problems(new_context: Callable[..., tuple[Any, Any]]) -> None:
    assert check(new_context, CLEAN) == []
