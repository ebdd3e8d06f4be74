"""Every screen of the page as a person sees it (issue 20, item 5): the table at each phase for 2, 4 and 6 seats,
each call screen, the result panel, the score sheet, Tricks, Last trick, the rules help, new game, options, keys,
statistics, replay, the pass screen, the save banner, the new-game toast, friends online's invite panel (with a
seat's alert line) and a friend's join screen, at 360×740, 740×360, 768×1024 and
1280×800, in English, Russian and Ukrainian. A screen fails, named by (screen, size, language), when a visible
control lies over another control, an enabled control is covered at its centre (even by what lets the
pointer through: a card's reason label on a friend's table with hints allowed once covered Hint), a dialog's or
panel's content is wider than its box or reaches past the viewport, a text is clipped, a card's reason label
shows with no pointer over the card and no keyboard focus, a toast covers a control, the result panel covers
the status line, or the trick's label lies over a seat or the trick's side cards. Screenshots go to
artifacts/layout/: each screen with a problem, the docs' pictures, and with ``KING_LAYOUT_SHOTS=all`` every
screen in Russian.

One page a language (xdist spreads the three tests): each table state comes in as another tab's save (the
page follows it without a reload), the viewport is resized in place, and each screen's geometry is read in
one ``page.evaluate``."""

from __future__ import annotations

import base64
import functools
import json
import os
import random
import sys
import zlib
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest
from test_recovery import FILL_JS, FREE_JS
from test_web import MY_TURN_OR_BREAK, PREFS_KEY, SAVE_KEY, my_call, saved_session, step

from kingcore.online import Host, Lobby, online_session
from kingcore.web import Catalog, Session

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))  # tests/: the page's catalogs, compiled
from web_catalog import compiled

pytestmark = pytest.mark.browser

SIZES = [(360, 740), (740, 360), (768, 1024), (1280, 800)]
DOCS_SHOTS = {("table-4p-play", "ru"), ("tricks-6p", "ru")}
"""The screens also kept as PNG for docs/img (two a size)."""
SHOTS_LANG = "ru" if os.environ.get("KING_LAYOUT_SHOTS") == "all" else None
"""The language whose every screen is kept as a picture (the longest words) when ``KING_LAYOUT_SHOTS=all``;
otherwise only a screen with a problem is, and the docs' pictures (the pictures of every screen in Russian
took 30 s of the test's 140 s on a shared machine)."""

CHECK_JS = r"""async () => {
  // settled first: a frame on (the resize event handled) and the bar's height measured for the new size (the
  // result panel keeps below it); no transitions to wait for (reduced motion, see look_everywhere)
  await new Promise(done => {
    const bar = document.querySelector('.bar');
    const ok = () => getComputedStyle(document.documentElement).getPropertyValue('--bar-h').trim()
                     === bar.offsetHeight + 'px';
    const tick = n => requestAnimationFrame(() => ok() || n < -60 ? done(true) : tick(n - 1));
    tick(0);
  });
  const vw = innerWidth, vh = innerHeight, bad = [];
  const box = e => { const r = e.getBoundingClientRect(); return [r.left, r.top, r.right, r.bottom]; };
  const shown = e => e.checkVisibility({opacityProperty: true, visibilityProperty: true})
                     && e.getClientRects().length > 0 && box(e)[2] - box(e)[0] > 0.5 && box(e)[3] - box(e)[1] > 0.5;
  const who = e => {
    let s = e.id ? '#' + e.id : e.tagName.toLowerCase();
    const cls = typeof e.className === 'string' ? e.className.trim() : '';
    if (!e.id && cls) s += '.' + cls.split(/\s+/).join('.');
    for (const k of ['move', 'card', 'seat', 'deal']) {
      if (e.dataset && e.dataset[k] !== undefined) s += `[${k}=${e.dataset[k]}]`;
    }
    const t = (e.innerText || e.getAttribute('aria-label') || '').trim().replace(/\s+/g, ' ').slice(0, 28);
    return t ? `${s} «${t}»` : s;
  };
  const meet = (a, b) => [Math.max(a[0], b[0]), Math.max(a[1], b[1]), Math.min(a[2], b[2]), Math.min(a[3], b[3])];
  const big = r => r[2] - r[0] > 2 && r[3] - r[1] > 2;
  // a text cut with "…" on purpose (a 20-character name), whole in its title
  const ellipsed = e => getComputedStyle(e).textOverflow === 'ellipsis' && !!e.title;
  const clips = e => {
    const cs = getComputedStyle(e);
    return cs.overflowX !== 'visible' || cs.overflowY !== 'visible';
  };
  // the part of an element the clipping boxes around it and the window leave in view
  const inView = e => {
    let r = meet(box(e), [0, 0, vw, vh]);
    for (let p = e.parentElement; p && p !== document.body; p = p.parentElement) if (clips(p)) r = meet(r, box(p));
    return r;
  };
  const CONTROLS = 'button, a[href], input:not([type=hidden]), select, summary, label.switch, [role=button], '
                   + '[tabindex]:not([tabindex="-1"])';
  const controls = [...document.querySelectorAll(CONTROLS)].filter(e => shown(e) && big(inView(e))
    && !(e.matches('input') && e.closest('label.switch')));
  const hit = (x, y) => document.elementFromPoint(x, y);
  // a modal dialog, the score sheet and the pass screen cover the page on purpose: controls are compared
  // with those of their own layer
  const layer = e => e.closest('dialog, #sheet-panel, #pass-screen');

  // 1. a visible control over another one (the cards of a hand overlap by design, each keeping its centre)
  for (let i = 0; i < controls.length; i++) for (let j = i + 1; j < controls.length; j++) {
    const a = controls[i], b = controls[j];
    if (a.contains(b) || b.contains(a) || layer(a) !== layer(b)) continue;
    if (a.closest('#hand, .replay-hand') && a.parentElement === b.parentElement && a.matches('.card')) continue;
    const o = meet(inView(a), inView(b));
    if (!big(o)) continue;
    const top = hit((o[0] + o[2]) / 2, (o[1] + o[3]) / 2);
    if (top && (a.contains(top) || b.contains(top)))  // where both are, one of them is in view: it covers the other
      bad.push(`controls overlap: ${who(a)} / ${who(b)} (${o.map(Math.round)})`);
  }

  // 2. a dialog's or panel's content wider than its box, or the box past the window
  const PANELS = 'dialog[open], #sheet-panel, #center-panel, #call-screen, #pass-screen, .banner, #last-inset, #toast';
  for (const p of [...document.querySelectorAll(PANELS)].filter(shown)) {
    const r = box(p);
    if (r[0] < -1 || r[1] < -1 || r[2] > vw + 1 || r[3] > vh + 1)
      bad.push(`${who(p)} reaches past the window: ${r.map(Math.round)}`);
    for (const e of [p, ...p.querySelectorAll('*')]) {
      if (!shown(e) || e.closest('.sr-only')) continue;
      const cs = getComputedStyle(e);
      if (cs.overflowX !== 'visible' && e.scrollWidth > e.clientWidth + 1 && !e.matches('[data-wide]') && !ellipsed(e))
        bad.push(`content wider than its box: ${who(e)} in ${who(p)} (${e.scrollWidth} > ${e.clientWidth})`);
      if (e !== p && cs.position !== 'fixed') {
        const q = box(e);
        const out = q[2] > r[2] + 1 || q[0] < r[0] - 1;
        if (q[2] - q[0] > 0 && out && !e.closest('[data-wide]') && !p.matches('#toast, #last-inset'))
          bad.push(`sticks out of its panel: ${who(e)} in ${who(p)} (${q.map(Math.round)} in ${r.map(Math.round)})`);
      }
    }
  }

  // 3. a clipped text: cut by its own box, spilling out of its button, or past the window's edge
  const scope = document.querySelector('dialog:modal') || document.body;
  for (const e of scope.querySelectorAll('*')) {
    if (e.matches('script, style, template, option, select') || !shown(e)) continue;
    if (e.closest('.sr-only') || e.clientWidth <= 1 || e.clientHeight <= 1) continue;  // for screen readers only
    const own = [...e.childNodes].some(n => n.nodeType === 3 && n.textContent.trim());
    if (!own) continue;
    const cs = getComputedStyle(e);
    // a text clamped to a line or two that shows whole on hover or focus
    const clamp = cs.webkitLineClamp !== 'none' && cs.webkitLineClamp !== '' && e.matches('[tabindex], [title]');
    if (cs.overflowX !== 'visible' && e.scrollWidth > e.clientWidth + 1 && !clamp && !e.closest('[data-wide]')
        && !ellipsed(e))
      bad.push(`text cut: ${who(e)} (${e.scrollWidth} > ${e.clientWidth})`);
    else if (['hidden', 'clip'].includes(cs.overflowY) && e.scrollHeight > e.clientHeight + 2 && !clamp)
      bad.push(`text cut below: ${who(e)} (${e.scrollHeight} > ${e.clientHeight})`);
    if (e.matches('button, .btn') && e.scrollWidth > e.clientWidth + 1)
      bad.push(`text spills out of its button: ${who(e)} (${e.scrollWidth} > ${e.clientWidth})`);
    const r = box(e);
    if ((r[2] > vw + 1 || r[0] < -1) && !e.closest('[data-wide]'))
      bad.push(`text past the window's edge: ${who(e)} (${r.map(Math.round)})`);
  }

  // 4. a card's reason shown with no pointer over the card and no keyboard focus on it
  for (const c of document.querySelectorAll('#hand .card')) {
    const tip = getComputedStyle(c, '::after');
    const on = tip.content && tip.content !== 'none' && tip.content !== 'normal' && tip.display !== 'none';
    if (on && shown(c) && !c.matches(':hover') && !c.matches(':focus-visible'))
      bad.push(`reason label up with no pointer or keyboard focus: ${who(c)} ${tip.content.slice(0, 40)}`);
  }

  // 5. a toast over a control that is in view
  const toast = document.getElementById('toast');
  if (toast && shown(toast)) {
    const t = box(toast);
    for (const c of controls) {
      if (toast.contains(c)) continue;
      const o = meet(t, inView(c));
      if (!big(o)) continue;
      const under = hit((o[0] + o[2]) / 2, (o[1] + o[3]) / 2);  // the toast lets the pointer through
      if (under && c.contains(under)) bad.push(`toast covers ${who(c)}`);
    }
  }
  // 6. the pass screen hides the whole width below the bar; a result panel leaves the status line in view
  const pass = document.getElementById('pass-screen');
  if (pass && shown(pass) && (box(pass)[0] > 1 || box(pass)[2] < vw - 1))
    bad.push(`the pass screen leaves the sides uncovered: ${box(pass).map(Math.round)}`);
  const panel = document.getElementById('center-panel'), status = document.getElementById('status');
  if (panel && shown(panel) && shown(status) && big(meet(box(panel), box(status))))
    bad.push(`the result panel covers the status line «${status.innerText.slice(0, 30)}»`);
  // 7. a result panel whose content does not fit it on a tablet or a desktop (it scrolled its title away)
  if (panel && shown(panel) && vh >= 600 && panel.scrollHeight > panel.clientHeight + 1)
    bad.push(`the result panel's content is taller than the panel (${panel.scrollHeight} > ${panel.clientHeight})`);
  // 8. a name past its seat's highlight or over a card of the trick, a short name cut, the trick's label
  // ("Trick 3 → Olga") wider than the trick
  for (const n of document.querySelectorAll('.who, .trick-label')) {
    if (!shown(n)) continue;
    if (n.matches('.seat .who')) for (const c of document.querySelectorAll('#trick .card'))
      if (shown(c) && big(meet(box(n), box(c)))) bad.push(`${who(n)} over the trick's card ${who(c)}`);
    const t = document.getElementById('trick');
    if (n.matches('#trick .trick-label') && (box(n)[0] < box(t)[0] - 1 || box(n)[2] > box(t)[2] + 1))
      bad.push(`${who(n)} wider than the trick`);
    // the trick's box may itself reach under the side seats: the label must also leave every seat's name,
    // numbers and cards in view, and the trick's cards beside it (a card's middle at the label's height: only
    // those above and below it may meet it)
    if (n.matches('#trick .trick-label')) {
      const l = inView(n);
      for (const e of document.querySelectorAll('.seat .seat-name, .seat .seat-stats, .seat .seat-total, .seat .back, '
                                                + '#trick .card')) {
        const q = box(e), mid = (q[1] + q[3]) / 2;
        if (e.matches('#trick .card') && (mid <= l[1] || mid >= l[3])) continue;
        if (shown(e) && !e.closest('.seat--me') && big(meet(l, q))) bad.push(`${who(n)} over ${who(e)}`);
      }
    }
    const hl = n.closest('.seat-name');
    if (n.textContent.length < 16 && n.scrollWidth > n.clientWidth + 1) bad.push(`a short name cut: ${who(n)}`);
    if (hl && (box(n)[0] < box(hl)[0] - 1 || box(n)[2] > box(hl)[2] + 1)) bad.push(`${who(n)} runs past ${who(hl)}`);
  }
  // 9. every visible enabled control is the topmost thing at its centre: nothing covers it, not even what
  // lets the pointer through (a card's reason label, the toast), which is why, for this look only, whatever
  // the page's style sheets let the pointer through takes it (a constructed sheet: the page's CSP refuses a
  // <style> element; made once a page). Covered on purpose: the page under a modal dialog (only the top
  // layer's controls count), under the score sheet and the pass screen; a hand's cards by the next card.
  const pe = window.kingCheckThrough ||= (() => {
    const through = [];
    const walk = rules => {
      for (const r of rules) {
        if (r.cssRules && !r.selectorText) walk(r.cssRules);  // @media, @supports, @layer
        else if (r.style && r.style.pointerEvents === 'none') through.push(r.selectorText);
      }
    };
    for (const sheet of document.styleSheets) walk(sheet.cssRules);
    const made = new CSSStyleSheet();
    if (through.length) made.replaceSync(`${through.join(', ')} { pointer-events: auto !important; }`);
    return made;
  })();
  const sheets = document.adoptedStyleSheets;
  document.adoptedStyleSheets = [...sheets, pe];
  const modal = [...document.querySelectorAll('dialog:modal')].pop();
  for (const c of document.querySelectorAll('button, select, input:not([type=hidden]), [role=button]')) {
    if (c.disabled || c.getAttribute('aria-disabled') === 'true' || !shown(c) || (modal && !modal.contains(c)))
      continue;
    if (c.matches('input') && c.closest('label.switch')) continue;  // a switch: its label is the control
    const r = inView(c);
    if (!big(r)) continue;
    const top = hit((r[0] + r[2]) / 2, (r[1] + r[3]) / 2);
    if (!top || c.contains(top)) continue;
    if (c.matches('.card') && top.matches('.card') && top.parentElement === c.parentElement) continue;
    const cover = top.closest('#sheet-panel, #pass-screen');
    if (cover && !cover.contains(c)) continue;
    bad.push(`${who(c)} covered at its centre by ${who(top)}`);
  }
  document.adoptedStyleSheets = sheets;
  return bad;
}"""

KEPT_JS = """() => ({last: document.getElementById('btn-last').getAttribute('aria-pressed'),
  inset: !document.getElementById('last-inset').hidden, tricks: document.getElementById('history-dialog').open,
  trick: document.getElementById('trick').classList.contains('is-last') ? 0  // the last trick itself on the table
         : document.querySelectorAll('#trick .card').length})"""



class Look:
    """The screens of one language's page, each looked at in every size; the problems found, by screen."""

    def __init__(self, page: Any, lang: str, out: Path) -> None:
        self.page, self.lang, self.out = page, lang, out
        self.problems: list[str] = []
        self.seen: list[str] = []

    def screen(self, name: str, sizes: list[tuple[int, int]] | None = None,
               before: Callable[[], None] | None = None) -> None:
        """Check ``name`` (as it is now) at each size; ``before`` runs at each size first (e.g. show a toast)."""
        for width, height in sizes or SIZES:
            self.page.set_viewport_size({"width": width, "height": height})
            if before is not None:
                before()
            where = f"{name} at {width}x{height} in {self.lang}"
            found = [f"{where}: {p}" for p in self.page.evaluate(CHECK_JS)]
            self.problems += found
            if self.lang == SHOTS_LANG or found:
                self.page.screenshot(path=str(self.out / f"{name}-{width}x{height}-{self.lang}.jpg"), type="jpeg",
                                     quality=70, animations="disabled", caret="hide", scale="css")
            if (name, self.lang) in DOCS_SHOTS:  # the README's pictures (docs/img/layout-<W>x<H>-<screen>.png)
                self.page.screenshot(path=str(self.out / f"layout-{width}x{height}-{name}.png"), animations="disabled",
                                     caret="hide", scale="css")
            self.seen.append(where)


# ----- the saves each screen starts from (CPython, the page's own engine) ------------------------------

def play_with_last_trick(s: Session) -> bool:
    """My turn in the middle of a trick after the first, with cards I may not play (their reasons)."""
    vm = s.view_model(0)
    return (vm["phase"] == "play" and vm["my_turn"] and bool(vm["trick"]) and vm["last_trick"] is not None
            and vm["deal"] >= 2 and any(not c["legal"] for c in vm["hand"]))


def phase_is(phase: str) -> Callable[[Session], bool]:
    return lambda s: s.view_model(0)["phase"] == phase and (phase != "deal_over" or s.view_model(0)["deal"] >= 2)


def hot_seat() -> Session:
    """A new rubber with two people at the device: the pass screen is up for the first to act."""
    s = Session.new_game({}, random.Random(5), {"levels": ["human", "medium", "human", "medium"],
                                                "names": ["Ольга Александровна", "", "Petya", ""]})
    s.deal(random.Random(6))
    return s


def saves() -> list[tuple[str, str, str]]:
    """(name, save text, phase) in the order the page takes them; each save's counter above the last."""
    made: list[tuple[str, Session, str]] = []
    for players in (4, 2, 6):
        made.append((f"table-{players}p-play", saved_session(play_with_last_trick, options={"players": players}),
                     "play"))
    for players in (4, 2, 6):
        made.append((f"result-{players}p", saved_session(phase_is("deal_over"), options={"players": players}),
                     "deal_over"))
    made.append(("rubber-over", saved_session(phase_is("rubber_over"), seed=3), "rubber_over"))
    for name, options, phase in [("call-trump", {"replay": "trumps"}, "call_trump"),
                                 ("call-auction", {"replay": "auction"}, "auction"),
                                 ("call-contract", {"order": "chosen"}, "choose_contract")]:
        made.append((name, saved_session(my_call(phase, 5), options=options), phase))
    made.append(("pass-screen", hot_seat(), "*"))
    out = []
    for i, (name, s, phase) in enumerate(made):
        s.seq = 1000 * (i + 1)
        out.append((name, s.to_save(), phase))
    return out


def online_table() -> tuple[str, list[str]]:
    """A saved rubber with friends online at seats 1 and 2, before its draw (the host's page shows its invite
    panel), and join codes for seats 1 and 2 as ``web/peer.js`` makes them — base64url of the deflate-raw of
    ``{"sdp", "invite"}``: the join screen is drawn before any connection, so a stand-in offer does."""
    s = online_session({}, {"levels": ["human", "online", "online", "medium"], "names": ["Ольга Александровна"]
                            + [""] * 3}, random.Random(19))
    s.seq = 200_000
    lobby, codes = Lobby.new(Host(s), random.Random(20).randbytes), []
    for seat in (1, 2):
        packer = zlib.compressobj(9, zlib.DEFLATED, -15)
        raw = packer.compress(json.dumps({"sdp": "v=0\r\n", "invite": lobby.invite(seat)}).encode()) + packer.flush()
        codes.append(base64.urlsafe_b64encode(raw).decode().rstrip("="))
    return s.to_save(), codes


LONG_NAMES = ["Ш" * 20, "W" * 20, "Ю" * 20, ""]
"""Names of the most characters a name may have (kingcore.web.hotseat.MAX_NAME), of wide letters: a tester saw
them run across the table, over the trick's cards, and push a friend's result panel off a phone's screen."""
FRIEND_SIZES = [*SIZES, (1024, 700)]
"""A friend's screens also at 1024×700, where a friend's result panel once scrolled its title out of view."""


def friend_views() -> list[tuple[str, dict[str, Any]]]:
    """(screen, view model) of a friend's page (seat 1 of a table with friends online at seats 1 and 2, each
    person with a 20-character name): a finished trick on the table ("Trick 3 → ШШШ…") with Last trick
    available, then a deal's result (the guest's page adds its fairness note). Played by the bots (CPython)."""
    rng = random.Random(11)
    s = online_session({}, {"levels": ["human", "online", "online", "medium"], "names": LONG_NAMES, "fast": True},
                       rng)
    views: dict[str, dict[str, Any]] = {}
    for _ in range(5000):
        vm = s.view_model(1)
        lt = vm["last_trick"]
        if ("friend-hints" not in views and vm["phase"] == "play" and vm["my_turn"] and vm["trick"]
                and sum(c["legal"] for c in vm["hand"]) > 1 and not all(c["legal"] for c in vm["hand"])):
            views["friend-hints"] = vm
        if ("friend-table" not in views and vm["trick_complete"] and lt is not None and lt["number"] >= 2
                and lt["winner"] != 3):
            views["friend-table"] = vm
        if vm["phase"] == "deal_over" and vm["last_trick"] is not None:
            views["friend-result"] = vm
            return list(views.items())
        step(s, rng)
    raise AssertionError("no deal's end")


def friends_online(page: Any, tab: Any, look: Look) -> None:
    """The host's invite panel (each seat's link, QR code, answer field, and the alert line a bad answer
    leaves: at 360 px a toast once covered the panel's title), then a friend's join screen (a new page load
    from a ``#join=`` link, with the ``?king-test`` hooks), then that page's table and result panel as a
    connected friend sees them, from view models (``kingGuestView``) with 20-character names."""
    save, (code, code2) = online_table()
    tab.write({SAVE_KEY: save})
    page.wait_for_selector("#invite-dialog[open] #invite-2 figure[data-qr=ready]")
    page.fill("#answer-1", "not a code")
    page.click("#connect-1")
    page.wait_for_function("document.getElementById('answer-said-1').textContent")
    page.wait_for_selector("#toast", state="hidden")  # "continued from another tab": the test's way in, gone
    look.screen("invite-panel")
    page.goto(page.url.split("#", 1)[0].split("?", 1)[0] + "?king-test#join=" + code)
    page.wait_for_selector("body[data-guest=asking] #join-dialog[open] #join-name")
    look.screen("join-screen")
    # a new link opened in the same tab (only the fragment changes): the new invite, not the old one stuck (a
    # tester's find: after a host's reload the friend was told to ask for a new link, opened it, saw nothing)
    asked = page.text_content("#join-dialog")
    page.evaluate("(c) => { window.kingOldPage = true; location.hash = '#join=' + c }", code2)
    page.wait_for_function("!window.kingOldPage && !!document.querySelector("
                           "'body[data-guest=asking] #join-dialog[open] #join-name')")
    assert page.text_content("#join-dialog") != asked  # North's invite, not West's
    for name, vm in friend_views():
        page.evaluate("([text, hints]) => window.kingGuestView(text, hints)", [json.dumps(vm), name == "friend-hints"])
        page.wait_for_selector(f"body[data-guest=playing][data-phase={vm['phase']}]")
        if name == "friend-hints":  # the host allows hints: Hint shows, a card's reason up, a card raised
            page.wait_for_selector("#btn-hint:not([hidden]):not([disabled])")
            look.screen(name, FRIEND_SIZES, before=lambda: reason_and_raised_card(page))
            page.mouse.move(2, 2)
            continue
        if vm["phase"] == "deal_over":
            page.wait_for_selector("#center-panel #guest-fair")
            assert not page.is_visible("#btn-review")  # a friend's page runs no bots: no review offered there
        look.screen(name, FRIEND_SIZES)


def reason_and_raised_card(page: Any) -> None:
    """My turn: the pointer on a card I may not play (its reason label up, where a tester saw it cover the
    friend's Hint button) and the keyboard's focus on a card I may play (raised the most)."""
    page.focus("#hand.is-my-turn button.card.is-legal")
    page.keyboard.press("Shift")  # a key pressed: the focus is the keyboard's (:focus-visible)
    nearest = page.evaluate("""() => {  // the card I may not play nearest under the Hint button's centre
      const r = document.getElementById('btn-hint').getBoundingClientRect(), x = (r.left + r.right) / 2;
      const off = [...document.querySelectorAll('#hand button.card[aria-disabled=true]')].map(c => {
        const q = c.getBoundingClientRect(); return Math.abs((q.left + q.right) / 2 - x); });
      return off.indexOf(Math.min(...off));
    }""")
    page.locator("#hand.is-my-turn button.card[aria-disabled=true]").nth(nearest).hover(position={"x": 6, "y": 40},
                                                                                         force=True)
    up = page.evaluate("""() => [...document.querySelectorAll('#hand .card')].map(c =>
      [c.matches(':focus-visible'), !['none', 'normal'].includes(getComputedStyle(c, '::after').content)])""")
    assert any(f for f, _ in up) and any(t for _, t in up), up


@functools.cache
def inputs() -> tuple[list[tuple[str, str, str]], str, str, str]:
    """(:func:`saves`, the card and the name of who deals the hot-seat rubber first, a record to replay): made
    once by the worker that runs this file, not while every worker collects the suite (CPython bots play
    them, ≈ 3 s)."""
    first = hot_seat().table_view()["first_dealer"]
    dealer = ["Ольга Александровна", "", "Petya", ""][first["seat"]]
    return saves(), first["card"], dealer, saved_session(phase_is("deal_over")).record()


def take(page: Any, tab: Any, save: str, phase: str) -> None:
    """The page follows a save another tab wrote (no reload): it shows that save's hand, phase and deal."""
    tab.write({SAVE_KEY: save})
    vm = Session.from_save(save).table_view()
    page.wait_for_function("""([phase, deal, hand, covered]) => document.body.dataset.phase === phase
      && document.body.dataset.deal === String(deal)
      && (covered ? !!document.querySelector('#pass-screen:not([hidden])')
                  : [...document.querySelectorAll('#hand button.card')].map(b => b.dataset.card).join() === hand)""",
                           arg=[vm["phase"], vm["deal"], ",".join(c["card"] for c in vm["hand"]),
                                vm.get("pass_to") is not None])


def close_dialog(page: Any, ident: str, button: str) -> None:
    page.click(button)
    page.wait_for_function(f"!document.getElementById('{ident}').open")


def look_everywhere(lang: str, warm_game: Any, tab: Any, out: Path) -> Look:
    """Every screen in ``lang`` (the player's choice, stored: the browser's own language picks the page's
    only on a first visit, test_lang.py), in the warm context; ``tab`` writes the saves the page follows."""
    made, hot_seat_card, hot_seat_dealer, record = inputs()
    cat = Catalog.from_mo(compiled(lang))
    first_name, first_save, _ = made[0]
    page = warm_game({SAVE_KEY: first_save, PREFS_KEY: json.dumps({"lang": lang, "ice": {"mode": "none"}})})
    page.wait_for_selector(f"body[data-lang={lang}]")
    page.emulate_media(reduced_motion="reduce")  # each screen as it ends up: no card still on its way up
    look = Look(page, lang, out)
    for name, save, phase in made:
        if name != first_name:
            take(page, tab, save, phase)
        if phase == "play":
            # a tap on a card I may not play, the pointer then elsewhere: its reason must not stay up
            card = page.locator("#hand.is-my-turn button.card[aria-disabled=true]").first
            card.click(force=True)
            page.mouse.move(2, 2)
        look.screen(name)
        if name == "pass-screen":  # fix 6: who deals first, named, on the screen everyone sees
            said = page.evaluate("[...document.querySelectorAll('#pass-screen .pass-dealer')].map(p => p.innerText)")
            want = cat.t("toast.rubber_other_drew", name=hot_seat_dealer, card=cat.card(hot_seat_card))
            if said != [want]:
                look.problems.append(f"pass screen in {lang}: {said} instead of {want!r}")
        if phase != "play":
            continue
        players = name.split("-")[1]
        page.click("#btn-last")
        page.wait_for_selector("#last-inset:not([hidden])")
        look.screen(f"last-trick-{players}")
        if players == "4p":  # fix 3: Last trick and Tricks stay open while the bots play, until closed
            page.locator("#hand.is-my-turn button.card:not([aria-disabled=true])").first.click()
            page.click("#btn-history")
            page.wait_for_function(MY_TURN_OR_BREAK)
            kept = page.evaluate(KEPT_JS)
            if (kept["last"], kept["inset"], kept["tricks"]) != ("true", kept["trick"] > 0, True):
                look.problems.append(f"last trick or tricks closed by the bots' cards in {lang}: {kept}")
        else:
            page.click("#btn-history")
        page.wait_for_selector("#history-dialog[open]")
        look.screen(f"tricks-{players}")
        close_dialog(page, "history-dialog", "#history-close")
        if page.get_attribute("#btn-last", "aria-pressed") == "true":
            page.click("#btn-last")
            page.wait_for_selector("#btn-last[aria-pressed=false]")
        page.click("#btn-sheet")
        page.wait_for_selector("#sheet-panel:not([hidden])")
        look.screen(f"score-sheet-{players}")
        page.click("#btn-sheet-close")
        if players != "4p":
            continue
        for screen, opener, ident, closer in [("rules-help", "#btn-help", "help-dialog", "#help-close"),
                                              ("keys", "#btn-keys", "keys-dialog", "#keys-close"),
                                              ("options", "#btn-options", "options-dialog", "#options-close"),
                                              ("statistics", "#btn-stats", "stats-dialog", "#stats-close"),
                                              ("new-game", "#btn-new", "new-game-dialog", "#new-game-cancel")]:
            page.click(opener)
            page.wait_for_selector(f"#{ident}[open]")
            look.screen(screen)
            close_dialog(page, ident, closer)
        page.click("#btn-replay")
        page.wait_for_selector("#replay[open]")
        page.set_input_files("#replay-file", files=[{"name": "king-game.king", "mimeType": "text/plain",
                                                     "buffer": record.encode()}])
        page.wait_for_selector("body[data-replay=loaded]")
        page.click("#replay-next-trick")
        look.screen("replay")
        close_dialog(page, "replay", "#replay-close")
    # the save banner: the browser's storage full, my next card is not saved
    again = Session.from_save(made[0][1])
    again.seq = 100_000
    take(page, tab, again.to_save(), "play")
    page.evaluate(FILL_JS)
    page.locator("#hand.is-my-turn button.card:not([aria-disabled=true])").first.click()
    page.wait_for_function("document.body.dataset.storage === 'full'")
    page.mouse.move(2, 2)
    look.screen("save-banner")
    page.evaluate(FREE_JS)

    def new_game() -> None:  # the toast of a new rubber: who deals first
        page.click("#btn-new")
        page.wait_for_selector("#new-game-dialog[open]")
        page.click("#new-game-start")
        if page.evaluate("document.getElementById('replace-dialog').open"):  # a rubber in progress: asked first
            page.click("#replace-start")
        page.wait_for_selector("#toast:not([hidden])")
        page.mouse.move(2, 2)
    look.screen("new-game-toast", before=new_game)
    if lang == "en":
        look.problems += hot_seat_toast_names_the_dealer(page)
    friends_online(page, tab, look)
    return look


def hot_seat_toast_names_the_dealer(page: Any) -> list[str]:
    """Fix 6: a hot-seat rubber started after a one-person game says who deals first by name (the toast
    came before the new rubber's names were in use), over the pass screen. A bot may draw: then again.
    The problems found ([] when none)."""
    for _ in range(12):
        for level, names in (("medium", ("", "")), ("human", ("Olga", "Petya"))):
            page.click("#btn-new")
            page.wait_for_selector("#new-game-dialog[open]")
            page.select_option("#opt-level-2", level)
            page.fill("#opt-name-0", names[0])
            if level == "human":
                page.fill("#opt-name-2", names[1])
            page.click("#new-game-start")
            page.wait_for_selector("#toast:not([hidden])")
        text = page.inner_text("#toast")
        if "Bot" in text:
            continue
        problems = [] if page.evaluate("document.getElementById('toast').matches(':popover-open')") else [
            f"hot-seat toast under the pass screen: {text!r}"]
        if "Olga deals first" not in text and "Petya deals first" not in text:
            problems.append(f"hot-seat toast without the dealer's name: {text!r}")
        return problems
    return ["a bot drew the first deal twelve times"]


@pytest.mark.parametrize("lang", ["en", "ru", "uk"])
def test_every_screen_fits_every_size(lang: str, warm_game: Any, warm_tab: Any, artifacts: Path) -> None:
    out = artifacts / "layout"
    out.mkdir(exist_ok=True)
    look = look_everywhere(lang, warm_game, warm_tab, out)
    assert len(look.seen) >= 25 * len(SIZES), look.seen
    (out / f"problems-{lang}.txt").write_text("\n".join(look.problems), encoding="utf-8")
    assert not look.problems, "\n".join([f"{len(look.problems)} layout problems:", *look.problems[:80]])
