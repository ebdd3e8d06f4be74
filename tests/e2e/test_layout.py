"""Every screen of the page as a person sees it (issues 20 and 30): the table at each phase for 2, 4 and 6 seats, each
call screen (with a toast up), the result panel (and the expert's review in it), the score sheet, Tricks, Last trick,
the rules help, new game, options, keys, statistics, replay, the bar's "⋯" menu, the pass screen, the save banner, the
new-game toast, friends online's invite panel (with a seat's alert line) and a friend's join screen, table and result
panel, at 360×740, 740×360, 640×360, 768×1024, 1024×768 and 1280×800 (the tables, the result panels, the review and
Tricks also at 320×568); and the table mid-trick at every width from 320 to 1600 px every 40 px, 740 and 400 px high —
in English, Russian and Ukrainian; a first visit's welcome, the question before New game and the tips on the table in
those six sizes, and in Russian at every width too; every dialog with a toast up (the longest note, lasting); a lasting
note alone over the table mid-trick at four and six seats, six seats' tip, the call screens and the pass screen on
phones upright (414×896 too) and at 560×400 (six seats' table at 320×400 and 360×400 too). Phones and small
tablets (up to 800 px wide or 500 px high) are looked at as touch screens. A screen fails, named by (screen, size,
language), when the page is wider than the window, a
visible control lies past the window's edge or over another, an enabled control is covered at its centre (even by what
lets the pointer through: a card's reason label on a friend's table with hints allowed once covered Hint), a dialog's or
panel's content is wider than its box or reaches past the viewport, a text is clipped (cut with "…" or clamped, without
its whole text in its title; the bar's contract rules, on a touch screen, not whole once tapped), a card's reason label
shows with no pointer over the card and no keyboard focus, a toast or a tip covers a control (a tip or a toast the
trick's cards: a toast of two notes is kept up over the table mid-trick at every width and in the six sizes, four seats
and six, with six seats' tip too; the second is the longest note the page can say — alone with four seats' tip, as
it stays once the first has gone), a toast lies
over the bar or a seat or an open dialog's or a result panel's title (the trick that panel hides peeking out between
them), a lasting note alone on an upright phone hides a top seat or the tip, a seat's
presence takes two lines, a mental table's result panel scrolls in a window 768
px high or more, a tip hides Tricks or Last trick, a seat's name, numbers or card backs are cut or touch the bar or the
status line, a seat's turn ring (each seat looked at as if to move) lies past the window or under the bar or the status
line, the result panel covers the status line or part of a seat's name or numbers (a seat is in view or wholly under
it), shows more than 48 px of nothing above its title, or does not hold its content (unless it scrolls inside, its
buttons always in view, no words showing beside or
under them, no box scrolling inside it), *Review my cards* tapped on a phone leaves the review out of the panel's view,
the status line wraps to more than two lines, the trick's label lies over a seat or the trick's side cards, the Last
trick panel over a card of the trick being played or a seat's words or card backs (mine too), the trick too short to
keep its head's card from under its foot's, a card of the trick and a control meet (six seats' trick I took lies on the
table too), a control over a seat's name or numbers or over the Last trick panel's words, a card of my hand sticks out
of the hand, card backs lie too close to count, a dealer's mark wraps alone under its name, a seat's points said with
their word and another's without, the pass screen leaves a strip under the bar, the score sheet's headers run together
or a total is not under its header, words are too small to read (under 11 px; a control's label under 12 px, the bar's
and the main buttons' under 14 px), or — on a touch screen — a target is smaller than 24×24 (the main buttons, Hint,
Tricks, Last trick, the welcome's Play, the question's buttons and my cards 44×44; a button's tap area may reach past
its box, measured by where taps through its middle land) or the keys' "?" shows. Screenshots go to artifacts/layout/:
each screen with a problem, the docs' pictures, and with ``KING_LAYOUT_SHOTS=all`` every screen in Russian.

A test per language and size (``-k "ru and 1024x768"``), and one for what the page does while looked at
(``flow``). One page a language and walk (every screen, or the widths only the sweep looks at: ``ru-widths-…``,
so that two workers share the Russian look): its first test to run looks at every screen in every size
selected — each table state comes in as another tab's save (the page follows it without a reload), the viewport
is resized in place, each screen's geometry is read in one ``page.evaluate`` — and its other tests read what was
found.

Size: over 400 lines because a language's look is one walk on one page — each screen reached from the one before
(the saves made to follow each other, the dialogs opened and closed in turn) and looked at by one in-page check,
:data:`CHECK_JS` (about 400 lines of JavaScript, one call a screen and size) — and the walk's steps, the sizes each
screen is looked at and that check change together."""

from __future__ import annotations

import base64
import contextlib
import functools
import json
import os
import random
import sys
import zlib
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import bar
import pytest
from playwright.sync_api import Error as PlaywrightError
from test_recovery import FILL_JS, FREE_JS
from test_web import MY_TURN_OR_BREAK, PREFS_KEY, SAVE_KEY, my_call, saved_session, step

from kingcore.online import Host, Lobby, online_session
from kingcore.web import Catalog, Session

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))  # tests/: the page's catalogs, compiled
from web_catalog import compiled, msgids

pytestmark = pytest.mark.browser

LANGS = ["en", "ru", "uk"]
SIZES = [(360, 740), (740, 360), (640, 360), (768, 1024), (1024, 768), (1280, 800)]
"""Every screen is looked at in each of these sizes: phones both ways (a small one on its side too: the result
panel, the dialogs and the score sheet at a height under 400 px and a width under 740), a tablet upright, a small
laptop (or a tablet on its side) and a laptop."""
SWEEP = [(width, height) for height in (740, 400) for width in range(320, 1601, 40)]
"""The table mid-trick is also looked at in each of these: every 40 px of width at two heights (issue 30: the
bar ran off the screen at widths between the four sizes of before)."""
SMALL_PHONE = (320, 568)
"""The smallest phone upright: the result panels (with the expert's review) and the tips on the table are also
looked at there (a new user saw the review's columns cut, a tip over the trick's cards, a six seats' result panel's
buttons over its words)."""
PANEL_SIZES = [*SIZES, SMALL_PHONE]
"""The result panels, the review and the tips on the table are looked at in each of these."""
EVERY_WIDTH = sorted(set(PANEL_SIZES) | set(SWEEP))
"""A first visit's welcome, the question before New game and the tips are looked at in each of these in Russian
(the longest words), at :data:`PANEL_SIZES` in the other languages."""
FRIEND_SIZES = [*SIZES, (1024, 700), SMALL_PHONE]
"""A friend's screens also at 1024×700, where a friend's result panel once scrolled its title out of view, and on the
smallest phone (each seat's presence and a bot's level: looked at down to 360 px only)."""
CALL_SIZES = [*SIZES, SMALL_PHONE, (320, 400), (360, 400), (480, 360), (844, 390)]
"""The call screens also on small phones upright and a phone on its side in a short window (its contract
buttons ran into each other at 320×400 in Russian, on a touch screen; at 360×400 a toast lay over the top contract
buttons; at 480×360 the auction's status line wrapped to three lines and my hand ran past the window's foot; on an
upright phone the longest note lay over North's numbers and card backs)."""
SIX_SIZES = [*PANEL_SIZES, (320, 400), (360, 400)]
"""Six seats' table, its trick's head row played, is looked at in each of these, with a toast, with the Last trick panel
open and with a tip: also in a short window up to 360 px wide (beside the panel the trick had 28 px at 320×400, its
cards under the panel; a toast of two lines lay over the trick's head row there; a tip's row left the trick 40–46 px for
its 40–45 px cards)."""
LAST_SIX_SIZES = [*SIX_SIZES, (560, 400)]
"""Six seats' Last trick panel is looked at in each of these: also at 560×400, where it lay over the trick's West
card."""
LASTING_SIZES = [SMALL_PHONE, (360, 740), (414, 896), (560, 400)]
"""A lasting note alone (it stays until the player moves: :func:`lasting_toast`) is looked at over the table mid-trick
at four and six seats, six seats' tip, the call screens and the pass screen in each of these: phones upright, where a
lasting note lay in the row of top seats, that row hidden the whole while (a tester did not see who sat North for 20 s
and more), and a short window (beside the call screens' and the tip's two notes of before); six seats' table also at
320×400 and 360×400, where it lay over that row too."""
ALL_SIZES = sorted(set(PANEL_SIZES) | set(SWEEP) | set(FRIEND_SIZES) | set(CALL_SIZES) | set(LAST_SIX_SIZES)
                   | set(LASTING_SIZES))
WIDTHS = "widths"
"""The walk of the sizes only the sweep looks at (:data:`SWEEP` but :data:`SIZES`, :data:`FRIEND_SIZES`,
:data:`CALL_SIZES`, :data:`LAST_SIX_SIZES` and :data:`LASTING_SIZES`): a page of its own, apart from the walk of every
screen (``""``), so that two workers share a language's look."""
FLOW = "flow"
"""The problems of what the page did while looked at (at no particular size)."""


def touch(size: tuple[int, int]) -> bool:
    """Whether ``size`` is looked at as a touch screen (a phone either way, a tablet upright): then its targets
    must be big enough to tap, and the page has no keys' "?"."""
    return size[0] <= 800 or size[1] <= 500


def size_id(size: tuple[int, int]) -> str:
    return f"{size[0]}x{size[1]}"


DOCS_SHOTS = {("table-6p-play", "ru", (1024, 768)): "table-6-1024x768.png"} | {
    (screen, "ru", size): f"layout-{size_id(size)}-{screen}.png"
    for screen in ("table-4p-play", "tricks-6p") for size in SIZES if size != (640, 360)}
"""The screens also kept as PNG for docs/img (README's and WEB.md's pictures): the table mid-trick and the
six-seat Tricks dialog at each size but 640×360 (WEB.md's table of five), and six seats at 1024×768, in Russian."""
SHOTS_LANG = "ru" if os.environ.get("KING_LAYOUT_SHOTS") == "all" else None
"""The language whose every screen is kept as a picture (the longest words) when ``KING_LAYOUT_SHOTS=all``;
otherwise only a screen with a problem is, and the docs' pictures (the pictures of every screen in Russian
took 30 s of the test's 140 s on a shared machine)."""

CHECK_JS = r"""async ([touch, width, height]) => {
  // settled first: the resize event of this size handled and the bar's height measured for the new size (the
  // result panel keeps below it); no transitions to wait for (reduced motion, see look_everywhere). The
  // DevTools protocol's resize (Look.resize) answers once the page has had that event, almost always: then there
  // is no frame to wait for (a frame a size, about a thousand sizes a run); else a frame on, and on until the
  // bar's height is measured. No frame at all within 5 s (a page that draws none, as once at a whole run's end: its
  // check waited for ever) is a problem said, not a wait without end.
  if (!window.kingLookSize) {
    window.kingLookSize = [];  // the size of the last resize event, told after the page's own handlers
    addEventListener('resize', () => { window.kingLookSize = [innerWidth, innerHeight]; });
  }
  const settled = await new Promise(done => {
    setTimeout(() => done(false), 5000);
    const bar = document.querySelector('.bar');
    const ok = () => getComputedStyle(document.documentElement).getPropertyValue('--bar-h').trim()
                     === bar.offsetHeight + 'px';
    const tick = n => requestAnimationFrame(() => ok() || n < -60 ? done(true) : tick(n - 1));
    if (kingLookSize[0] === width && kingLookSize[1] === height && ok()) done(true);
    else tick(0);
  });
  const vw = innerWidth, vh = innerHeight, bad = [];
  if (!settled) bad.push(`no frame drawn within 5 s of the resize to ${width}×${height}`);
  if (vw !== width || vh !== height) bad.push(`the window is ${vw}×${vh}, not ${width}×${height}`);
  // nothing moves while the page is checked (but the result panel scrolled in 7, whose boxes are read afresh):
  // an element's box, whether it is drawn, clips, or what of it is in view is read once (the pairs of controls of
  // 1 asked for each control's clipping boxes once per pair: tens of thousands of computed styles a check)
  const once = f => { const m = new Map();
                      return e => { let v = m.get(e); if (v === undefined) m.set(e, v = f(e)); return v; }; };
  const freshBox = e => { const r = e.getBoundingClientRect(); return [r.left, r.top, r.right, r.bottom]; };
  const box = once(freshBox);
  const shown = once(e => e.checkVisibility({opacityProperty: true, visibilityProperty: true})
                          && e.getClientRects().length > 0 && box(e)[2] - box(e)[0] > 0.5
                          && box(e)[3] - box(e)[1] > 0.5
                          && getComputedStyle(e).clipPath !== 'inset(50%)');  // for screen readers only
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
  const ownWords = e => [...e.childNodes].some(n => n.nodeType === 3 && n.textContent.trim());  // words of its own
  const meet = (a, b) => [Math.max(a[0], b[0]), Math.max(a[1], b[1]), Math.min(a[2], b[2]), Math.min(a[3], b[3])];
  const big = r => r[2] - r[0] > 2 && r[3] - r[1] > 2;
  // a text cut with "…" on purpose (a 20-character name), whole in its title
  const ellipsed = e => getComputedStyle(e).textOverflow === 'ellipsis' && !!e.title;
  const clips = once(e => {
    const cs = getComputedStyle(e);
    return cs.overflowX !== 'visible' || cs.overflowY !== 'visible';
  });
  // the part of an element the clipping boxes around it and the window leave in view
  const inView = once(e => {
    let r = meet(box(e), [0, 0, vw, vh]);
    for (let p = e.parentElement; p && p !== document.body; p = p.parentElement) if (clips(p)) r = meet(r, box(p));
    return r;
  });
  const CONTROLS = 'button, a[href], input:not([type=hidden]), select, summary, label.switch, [role=button], '
                   + '[tabindex]:not([tabindex="-1"])';
  const controls = [...document.querySelectorAll(CONTROLS)].filter(e => shown(e) && big(inView(e))
    && !(e.matches('input') && e.closest('label.switch')));
  const hit = (x, y) => document.elementFromPoint(x, y);
  // a modal dialog, the score sheet and the pass screen cover the page on purpose: controls are compared
  // with those of their own layer
  const layer = once(e => e.closest('dialog, #sheet-panel, #pass-screen, #bar-menu'));

  // a footer that stays in view while the rest of its scrolling box passes under it (the invite panel's last
  // buttons): a control of that box under it (``over``: what is on top) is reached by scrolling the box
  const underFooter = (c, over) => {
    let stuck = over;
    while (stuck && getComputedStyle(stuck).position !== 'sticky') stuck = stuck.parentElement;
    const scroller = stuck && stuck.parentElement;
    return !!scroller && scroller.contains(c) && !stuck.contains(c) && clips(scroller)
           && scroller.scrollHeight > scroller.clientHeight;
  };

  // 1. a visible control over another one (the cards of a hand overlap by design, each keeping its centre; a
  // control scrolled under a footer kept in view)
  for (let i = 0; i < controls.length; i++) for (let j = i + 1; j < controls.length; j++) {
    const a = controls[i], b = controls[j];
    if (a.contains(b) || b.contains(a) || layer(a) !== layer(b)) continue;
    if (a.closest('#hand, .replay-hand') && a.parentElement === b.parentElement && a.matches('.card')) continue;
    const o = meet(inView(a), inView(b));
    if (!big(o)) continue;
    const top = hit((o[0] + o[2]) / 2, (o[1] + o[3]) / 2);
    if (top && (a.contains(top) || b.contains(top)) && !underFooter(a, top) && !underFooter(b, top))
      // where both are, one of them is in view: it covers the other
      bad.push(`controls overlap: ${who(a)} / ${who(b)} (${o.map(Math.round)})`);
  }

  // 2. a dialog's or panel's content wider than its box, or the box past the window
  const PANELS = 'dialog[open], #sheet-panel, #center-panel, #call-screen, #pass-screen, .banner, #last-inset, #toast, '
                 + '#bar-menu, #tip';
  for (const p of [...document.querySelectorAll(PANELS)].filter(shown)) {
    const r = box(p);
    if (r[0] < -1 || r[1] < -1 || r[2] > vw + 1 || r[3] > vh + 1)
      bad.push(`${who(p)} reaches past the window: ${r.map(Math.round)}`);
    for (const e of [p, ...p.querySelectorAll('*')]) {
      if (!shown(e) || e.closest('.sr-only')) continue;
      // (its style asked only of one that overflows or sticks out: a computed style's value costs more than a box)
      if (e.scrollWidth > e.clientWidth + 1 && getComputedStyle(e).overflowX !== 'visible' && !e.matches('[data-wide]')
          && !ellipsed(e))
        bad.push(`content wider than its box: ${who(e)} in ${who(p)} (${e.scrollWidth} > ${e.clientWidth})`);
      if (e !== p) {
        const q = box(e);
        const out = q[2] > r[2] + 1 || q[0] < r[0] - 1;
        if (q[2] - q[0] > 0 && out && getComputedStyle(e).position !== 'fixed' && !e.closest('[data-wide]')
            && !p.matches('#toast, #last-inset'))
          bad.push(`sticks out of its panel: ${who(e)} in ${who(p)} (${q.map(Math.round)} in ${r.map(Math.round)})`);
      }
    }
  }

  // the modal dialog on top (the question before New game over New game's dialog: the one in view at its own
  // middle), or the "⋯" menu
  const modals = [...document.querySelectorAll('dialog:modal')];
  const modal = modals.find(d => { const r = box(d), t = hit((r[0] + r[2]) / 2, (r[1] + r[3]) / 2);
                                   return t && d.contains(t); })
                || modals.pop() || document.querySelector('#bar-menu:popover-open');

  // 3a. words big enough to read (a card's face is a picture, its pip large: not words): a control's label at least
  // 12 px (a note of its own in <small> is words: a call's scoring), the bar's buttons and the main buttons (not
  // the call screen's many options) at least 14 px, a laptop's size (a bar short of room folds buttons into its
  // menu, never shrinks their words), all other words 11 px (the smallest of a phone's own captions)
  const BIG_WORDS = '.bar-actions > .btn, .bar-menu > .btn, #btn-continue, #btn-final-new, #new-game-start, '
                    + '#pass-show, #welcome-play, #replace-dialog .dialog-buttons button';
  const readable = e => {
    const px = parseFloat(getComputedStyle(e).fontSize);
    if (px === 0 || e.closest('.card')) return;  // no text drawn (a short label drawn by ::before instead)
    const control = e.closest('button, a[href], [role=button], summary, label.switch');
    const note = control && e.closest('small') && control.contains(e.closest('small'));
    const need = control && !note ? (control.matches(BIG_WORDS) ? 14 : 12) : 11;
    if (px < need - 0.05) bad.push(`words too small to read: ${who(e)} ${+px.toFixed(1)} px < ${need} px`);
  };

  // 3. a clipped text: cut by its own box, spilling out of its button, or past the window's edge
  const scope = modals.length ? modal : document.body;
  const cutOnPurpose = [];  // [a text cut with "…" or clamped to its lines, whether clamped]
  // its elements but those under one that is not drawn (display: none: a closed dialog's, a hidden panel's), whose
  // own would all be left out below anyway; one with no box of its own but drawn children (display: contents) in
  const drawn = document.createTreeWalker(scope, NodeFilter.SHOW_ELEMENT, e => e.checkVisibility()
    || getComputedStyle(e).display !== 'none' ? NodeFilter.FILTER_ACCEPT : NodeFilter.FILTER_REJECT);
  for (let e = drawn.nextNode(); e; e = drawn.nextNode()) {
    // (words of its own asked first: most elements hold none, and whether one is drawn costs far more)
    if (!ownWords(e) || e.matches('script, style, template, option, select') || !shown(e) || e.closest('.sr-only'))
      continue;
    readable(e);
    if (e.clientWidth <= 1 || e.clientHeight <= 1) continue;  // an inline element: its box is its parent's
    // (its style asked only of one whose words overflow its box: most never do)
    const overX = e.scrollWidth > e.clientWidth + 1, overY = e.scrollHeight > e.clientHeight + 2;
    const cs = overX || overY ? getComputedStyle(e) : null;
    // a text clamped to a line or two that shows whole on hover or focus
    const clamp = !!cs && cs.webkitLineClamp !== 'none' && cs.webkitLineClamp !== ''
                  && e.matches('[tabindex], [title]');
    const wide = overX && cs.overflowX !== 'visible' && !e.closest('[data-wide]');
    const tall = overY && ['hidden', 'clip'].includes(cs.overflowY);
    if (wide && !clamp && !ellipsed(e))
      bad.push(`text cut: ${who(e)} (${e.scrollWidth} > ${e.clientWidth})`);
    else if (tall && !clamp)
      bad.push(`text cut below: ${who(e)} (${e.scrollHeight} > ${e.clientHeight})`);
    else if (wide || tall) cutOnPurpose.push([e, clamp && tall]);  // its title and its tap looked at in 16
    if (e.matches('button, .btn') && e.scrollWidth > e.clientWidth + 1)
      bad.push(`text spills out of its button: ${who(e)} (${e.scrollWidth} > ${e.clientWidth})`);
    const r = box(e);
    if ((r[2] > vw + 1 || r[0] < -1) && !e.closest('[data-wide]'))
      bad.push(`text past the window's edge: ${who(e)} (${r.map(Math.round)})`);
  }

  // 3c. a select at least 24 px high at any size, a mouse's too (WCAG 2.2, 2.5.8: the time limit's in Options and
  // the replay's were 19 px), also one its dialog scrolls out of view; and its choice shown whole (it draws one line:
  // a choice wider than its box is cut, with no title to read it in — New game's first dealer at every size, the
  // welcome's rule set in a short window): the same select holding that choice alone, as wide as it needs, is no
  // wider than this one
  // (every select's copy put in, measured, then taken out together: one layout a check, not two a select; a copy lies
  // out of the flow, in no other's way)
  const selects = [...scope.querySelectorAll('select')].filter(shown);
  const alones = selects.map(s => {
    if (!s.selectedOptions.length) return null;
    const alone = s.cloneNode(false);
    alone.append(s.selectedOptions[0].cloneNode(true));
    Object.assign(alone.style, {position: 'absolute', visibility: 'hidden', width: 'auto', minWidth: '0',
                                maxWidth: 'none', flex: 'none'});
    return alone;
  });
  alones.forEach((alone, i) => alone && selects[i].parentElement.append(alone));
  const needs = alones.map(alone => alone && alone.getBoundingClientRect().width);
  alones.forEach(alone => alone && alone.remove());
  selects.forEach((s, i) => {
    const high = box(s)[3] - box(s)[1];
    if (high < 23.5) bad.push(`a select too small to use: ${who(s)} ${high.toFixed(1)} px high`);
    const need = needs[i], has = box(s)[2] - box(s)[0];
    if (alones[i] && need > has + 1)
      bad.push(`a choice cut in its select: ${who(s)} «${s.selectedOptions[0].text.trim()}» `
               + `(${Math.round(need)} > ${Math.round(has)} px)`);
  });

  // 4. a card's reason shown with no pointer over the card and no keyboard focus on it (a focus the page placed
  // with no key pressed is not the keyboard's: a phone showed one over its first card after a reload)
  const keys = document.documentElement.hasAttribute('data-keys');
  for (const c of document.querySelectorAll('#hand .card')) {
    const tip = getComputedStyle(c, '::after');
    const on = tip.content && tip.content !== 'none' && tip.content !== 'normal' && tip.display !== 'none';
    if (on && shown(c) && !c.matches(':hover') && !(keys && c.matches(':focus-visible')))
      bad.push(`reason label up with no pointer or keyboard focus: ${who(c)} ${tip.content.slice(0, 40)}`);
  }

  // 5. a toast or a tip over a control that is in view
  for (const toast of ['toast', 'tip'].map(id => document.getElementById(id))) {
    if (!toast || !shown(toast)) continue;
    const t = box(toast);
    for (const c of controls) {
      if (toast.contains(c)) continue;
      if (c.closest('#bar-menu:popover-open, dialog:modal') && !toast.matches(':popover-open')) continue;  // above it
      const o = meet(t, inView(c));
      if (!big(o)) continue;
      // what lies under the toast there (it lets the pointer through, but for its notes' own hover)
      const under = document.elementsFromPoint((o[0] + o[2]) / 2, (o[1] + o[3]) / 2).find(e => !toast.contains(e));
      if (under && c.contains(under)) bad.push(`${who(toast).split(' ')[0]} covers ${who(c)}`);
    }
    // the top bar and every seat's name, numbers and card backs in view around a toast: a long note grew up over the
    // bar's buttons and North's name on an upright phone, six seats' over North's numbers and the top seats' backs
    // (a tip's row is the tip's own: below)
    if (toast.id === 'toast') {
      const over = [document.querySelector('.bar'), ...(toast.matches(':popover-open') ? []
                    : document.querySelectorAll('.seat :is(.seat-name, .seat-stats, .seat-total, .back)'))];
      for (const e of over) {
        const o = e && shown(e) ? meet(t, box(e)) : null;
        if (!o || !big(o)) continue;
        const under = document.elementsFromPoint((o[0] + o[2]) / 2, (o[1] + o[3]) / 2).find(x => !toast.contains(x));
        const seat = e.closest('.seat');
        if (under && e.contains(under))  // (not under a call screen)
          bad.push(`the toast over ${who(e).slice(0, 40)}${seat ? ' of ' + who(seat).split(' ')[0] : ''}`);
      }
    }
    // an open dialog's title in view beside a toast said over it (its buttons and fields: controls, above; on the
    // host's page a toast lay over the invite panel's «Пригласите друзей» at 1280×800)
    const title = toast.id === 'toast' && toast.matches(':popover-open') && modal && modal.matches('dialog')
                  && document.getElementById(modal.getAttribute('aria-labelledby') || '');
    if (title && shown(title) && big(meet(t, inView(title))))
      bad.push(`the toast «${toast.innerText.slice(0, 30)}» over ${who(title)} of ${who(modal).split(' ')[0]}`);
    // nor a result panel's title (at 1024×768 the host's reload note lay over «Роздача 4: Не брати черв» for 35 s)
    const head = toast.id === 'toast' && document.querySelector('#center-panel:not([hidden]) > h2');
    if (head && shown(head) && big(meet(t, inView(head))))
      bad.push(`the toast «${toast.innerText.slice(0, 30)}» over the result panel's title ${who(head)}`);
    // and the trick the panel hides peeks out nowhere around them (its label showed between the toast and the panel
    // moved below it at 740×360)
    if (head && shown(head))
      for (const e of document.querySelectorAll('#trick .trick-label, #trick .card')) {
        const q = shown(e) && inView(e);
        if (q && big(q) && [q[1] + 2, (q[1] + q[3]) / 2, q[3] - 2].some(
          y => e.contains(document.elementFromPoint((q[0] + q[2]) / 2, y))))
          bad.push(`the trick's ${who(e)} in view between the toast and the result panel`);
      }
    // up to 640 px wide (an upright phone; a short window too: at five or six seats up to 400 px wide it lay over the
    // row of top seats, hidden) a lasting note alone (the walk's, kingLookLasting: it stays until the player moves)
    // leaves the row of top seats in view — their names, numbers, card backs and badges (one in their place hid who
    // sat North for 20 s and more) —, unless the Last trick panel, a result panel or a call screen lies there on
    // purpose (a call screen spanning the row of top seats lies over the table's every seat but mine)
    const notes = [...toast.querySelectorAll('.toast-note')];  // (a short window shows the newest alone)
    const call = document.getElementById('call-screen');
    if (toast.id === 'toast' && !toast.matches(':popover-open') && window.kingLookLasting && notes.length === 1
        && vw <= 640
        && notes[0].textContent === window.kingLookLasting
        && !document.querySelector('#last-inset:not([hidden]), #center-panel:not([hidden])'))
      for (const e of document.querySelectorAll('.seats--top .seat :is(.seat-name, .seat-stats, .seat-total, .backs, '
                                                + '.seat-level, .seat-presence)')) {
        const under = call && shown(call) && getComputedStyle(call).gridRowStart === '1';
        if (e.getClientRects().length && !e.checkVisibility({visibilityProperty: true}) && !under)
          bad.push(`a lasting note hides ${who(e).slice(0, 40)} of ${who(e.closest('.seat')).split(' ')[0]}`);
      }
    // nor the tip, in its row (the note took it there, the tip hidden as long as the note lasted)
    const tipped = document.querySelector('#tip:not([hidden])');
    if (toast.id === 'toast' && !toast.matches(':popover-open') && window.kingLookLasting && notes.length === 1
        && vw <= 640 && vh > 500 && notes[0].textContent === window.kingLookLasting && tipped
        && !document.querySelector('#last-inset:not([hidden]), #center-panel:not([hidden])')
        && !tipped.checkVisibility({visibilityProperty: true}))
      bad.push(`a lasting note hides the tip «${tipped.textContent.trim().slice(0, 30)}»`);
    // a tip leaves "Tricks" and "Last trick" a tap away (a phone has no keys T and L)
    if (toast.id === 'tip')
      for (const b of document.querySelectorAll('#btn-history:not(:disabled), '
                                                + '#btn-last:not(:disabled):not([data-none])'))
        if (!shown(b)) bad.push(`${who(b)} hidden while the tip shows`);
    if (toast.id === 'tip') {  // a tip keeps the table in view: the trick's cards, each seat's name and cards
      for (const e of document.querySelectorAll('#trick .card, .seat .seat-name, .seat .back'))
        if (shown(e) && big(meet(t, box(e)))) bad.push(`the tip over ${who(e)}`);
    } else if (!toast.matches(':popover-open') || !modals.length) {  // a toast keeps the trick's cards in view (a
      // short window's tip once brought the top card under it), and the Last trick panel's title and words (it lay
      // over «Последняя взятка» at the felt's head at every size) — not a dialog's toast, over them both
      for (const e of document.querySelectorAll('#trick .card, #last-inset .last-inset-head, #last-inset .mini small'))
        if (shown(e) && big(meet(t, box(e)))) bad.push(`the toast «${toast.innerText.slice(0, 30)}» over ${who(e)}`);
      // and never lies under the result panel (the host's «Раздача 3 отменена…» was half hidden behind it)
      const result = document.getElementById('center-panel');
      if (result && shown(result) && !toast.matches(':popover-open') && big(meet(t, box(result)))
          && +getComputedStyle(toast).zIndex < +getComputedStyle(result).zIndex)
        bad.push(`the toast «${toast.innerText.slice(0, 30)}» under the result panel`);
    }
  }
  // 6. the pass screen hides the whole width below the bar; a result panel leaves the status line in view
  const pass = document.getElementById('pass-screen');
  if (pass && shown(pass) && (box(pass)[0] > 1 || box(pass)[2] < vw - 1))
    bad.push(`the pass screen leaves the sides uncovered: ${box(pass).map(Math.round)}`);
  const panel = document.getElementById('center-panel'), status = document.getElementById('status');
  if (panel && shown(panel) && shown(status) && big(meet(box(panel), box(status))))
    bad.push(`the result panel covers the status line «${status.innerText.slice(0, 30)}»`);
  // 6a. a seat's name and numbers in view or wholly under the result panel (whose table names every seat with
  // its tricks and points), never cut by its edge (at 844×390 «Запад Силь…» peeked out beside it)
  if (panel && shown(panel))
    for (const e of document.querySelectorAll('.seat:not(.seat--me) :is(.seat-name, .seat-stats, .seat-total)')) {
      const p = box(panel), q = box(e);
      if (shown(e) && big(meet(p, q)) && (q[0] < p[0] - 1 || q[1] < p[1] - 1 || q[2] > p[2] + 1 || q[3] > p[3] + 1))
        bad.push(`the result panel over part of ${who(e)}`);
    }
  // 6b. no empty band above a result panel's title: its first words within 48 px of its top edge (a mental table's
  // panel with its notes, stretched over the top seats' row to the felt's foot, showed 80 px of nothing above its
  // title at 1024×768 and 1280×800)
  if (panel && shown(panel) && !panel.scrollTop) {
    const tops = [...panel.children].filter(shown).map(e => box(e)[1]);
    if (tops.length && Math.min(...tops) - box(panel)[1] > 48)
      bad.push(`an empty band of ${Math.round(Math.min(...tops) - box(panel)[1])} px above the result panel's title`);
  }
  // 7. a result panel whose content does not fit it: it may scroll inside only if its buttons (Continue) stay
  // wholly in view whether it is scrolled to its top (its title in view) or to its foot
  if (panel && shown(panel) && panel.scrollHeight > panel.clientHeight + 1) {
    const scrolls = ['auto', 'scroll'].includes(getComputedStyle(panel).overflowY), was = panel.scrollTop;
    const title = panel.querySelector('h2'), buttons = [...panel.querySelectorAll('.panel-buttons .btn')].filter(shown);
    const within = e => { const q = freshBox(e), r = freshBox(panel); return q[1] >= r[1] - 1 && q[3] <= r[3] + 1; };
    const hidden = [];
    for (const at of [0, panel.scrollHeight]) {
      panel.scrollTop = at;
      hidden.push(...buttons.filter(b => !within(b)).map(who));
      if (at === 0 && title && !within(title)) hidden.push(who(title));
    }
    panel.scrollTop = was;
    if (!scrolls || !buttons.length || hidden.length)
      bad.push(`the result panel's content is taller than the panel (${panel.scrollHeight} > ${panel.clientHeight})`
               + (hidden.length ? `, out of view when scrolled: ${[...new Set(hidden)].join(', ')}` : ''));
  }
  // 7a. a result panel's buttons kept at its foot (sticky): no words of the panel show beside them, under them or
  // between them and the panel's edge (a review's row once showed below Continue, its text beside it); and no box
  // that scrolls inside the panel (the review's table once scrolled in a box of 108 px, one row at a time)
  if (panel && shown(panel)) {
    const feet = [...panel.querySelectorAll(':scope > .panel-buttons')]
      .filter(b => shown(b) && getComputedStyle(b).position === 'sticky');
    if (feet.length) {
      const p = box(panel), band = [p[0], Math.min(...feet.map(b => box(b)[1])), p[2],
                                    p[1] + panel.clientTop + panel.clientHeight];  // to its border
      for (const e of panel.querySelectorAll('*')) {
        if (!ownWords(e) || !shown(e) || feet.some(b => b.contains(e)) || e.closest('.sr-only')) continue;
        const o = meet(inView(e), band);
        if (!big(o)) continue;
        const top = hit((o[0] + o[2]) / 2, (o[1] + o[3]) / 2);
        if (top && e.contains(top)) bad.push(`words of the result panel show by its buttons: ${who(e)}`);
      }
    }
    for (const e of panel.querySelectorAll('*'))
      if (shown(e) && ['auto', 'scroll'].includes(getComputedStyle(e).overflowY)
          && e.scrollHeight > e.clientHeight + 1)
        bad.push(`a box scrolls inside the result panel: ${who(e).slice(0, 40)} `
                 + `(${e.scrollHeight} > ${e.clientHeight})`);
  }
  // 7c. a result panel that scrolls, scrolled to its foot: every word of it above its buttons kept at its foot (the
  // review's last row must scroll clear of Continue)
  if (panel && shown(panel) && panel.scrollHeight > panel.clientHeight + 1) {
    const feet = [...panel.querySelectorAll(':scope > .panel-buttons')]
      .filter(b => shown(b) && getComputedStyle(b).position === 'sticky');
    const was = panel.scrollTop;
    panel.scrollTop = panel.scrollHeight;
    const top = Math.min(...feet.map(b => freshBox(b)[1]));
    for (const e of panel.querySelectorAll('*')) {
      if (!ownWords(e) || !shown(e) || feet.some(b => b.contains(e)) || e.closest('.sr-only')) continue;
      const q = freshBox(e);
      if (q[3] > top + 1 && q[1] < top + 40)
        bad.push(`scrolled to its foot, the result panel's ${who(e)} lies under its buttons`);
    }
    panel.scrollTop = was;
  }
  // 7d. a result panel that scrolls shows a sign of it (its words fading into its buttons: a new user took the
  // review's cut first sentence for the panel's end) while more of it lies below, and none at its foot
  if (panel && shown(panel) && panel.scrollHeight > panel.clientHeight + 1) {
    const was = panel.scrollTop, signs = [];
    const sign = () => [...panel.querySelectorAll(':scope > .panel-buttons')].some(
      b => shown(b) && !['none', 'normal'].includes(getComputedStyle(b, '::before').content));
    for (const at of [0, panel.scrollHeight]) {
      panel.scrollTop = at;  // the page hears the scroll by the next frame
      await new Promise(done => requestAnimationFrame(() => requestAnimationFrame(done)));
      signs.push(sign());
    }
    panel.scrollTop = was;
    if (!signs[0]) bad.push(`the result panel scrolls with no sign of more below at its top`);
    if (signs[1]) bad.push(`the result panel's sign of more below still shows at its foot`);
  }
  // 7e. a friend's or the host's result panel with its notes (the deal's check, an annulment) shows every word of it
  // on a tablet or a desktop (768 px high or more): it scrolls on a short window only (at 1280×800 the host's newest
  // note, «Тасовка раздачи 3 отменена…», lay under its fade with room in the window)
  if (panel && shown(panel) && vh >= 768 && panel.querySelector('#guest-fair, #mental-check, #mental-wait')
      && panel.scrollHeight > panel.clientHeight + 1)
    bad.push(`the result panel with its notes scrolls (${panel.scrollHeight} > ${panel.clientHeight})`);
  // 7b. the status line in two lines at most (at 320×400 it once wrapped to four, squeezed beside Hint)
  if (status && shown(status)) {
    const tops = [];
    const walker = document.createTreeWalker(status, NodeFilter.SHOW_TEXT);
    for (let n = walker.nextNode(); n; n = walker.nextNode()) {
      const r = document.createRange();
      r.selectNodeContents(n);
      for (const q of r.getClientRects())  // a line: the text's boxes that overlap by over half their height
        if (q.height > 0 && !tops.some(([t, b]) => Math.min(b, q.bottom) - Math.max(t, q.top)
                                                   > Math.min(b - t, q.height) / 2)) tops.push([q.top, q.bottom]);
    }
    if (tops.length > 2) bad.push(`the status line wraps to ${tops.length} lines «${status.innerText.slice(0, 40)}»`);
  }
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
    // numbers and cards in view, and every card of the trick (it once lay over the north and south cards)
    if (n.matches('#trick .trick-label')) {
      const l = inView(n);
      for (const e of document.querySelectorAll('.seat .seat-name, .seat .seat-stats, .seat .seat-total, .seat .back, '
                                                + '#trick .card')) {
        const q = box(e);
        if (shown(e) && !e.closest('.seat--me') && big(meet(l, q))) bad.push(`${who(n)} over ${who(e)}`);
      }
    }
    const hl = n.closest('.seat-name');
    if (n.textContent.length < 16 && n.scrollWidth > n.clientWidth + 1) bad.push(`a short name cut: ${who(n)}`);
    if (hl && (box(n)[0] < box(hl)[0] - 1 || box(n)[2] > box(hl)[2] + 1)) bad.push(`${who(n)} runs past ${who(hl)}`);
  }
  // a card of the trick over another seat's name, numbers or card backs (six seats' East card, raised by a tip on
  // an upright phone, once lay over North-east's backs above the felt)
  const seatParts = [...document.querySelectorAll('.seat .seat-name, .seat .seat-stats, .seat .seat-total, '
                                                  + '.seat .back')].filter(e => shown(e) && !e.closest('.seat--me'));
  for (const c of document.querySelectorAll('#trick .card'))
    if (shown(c)) for (const e of seatParts)
      if (big(meet(box(c), box(e)))) bad.push(`the trick's ${who(c)} over ${who(e)}`);
  // 8d. a seat's name, numbers and card backs wholly in view (in the window, cut by no box that clips them), touching
  // neither the top bar nor the status line (at 320×400 North's row, one line right under the bar, has none to spare)
  const barBox = box(document.querySelector('.bar')), statusBox = status && shown(status) ? box(status) : null;
  for (const e of document.querySelectorAll('.seat:not(.seat--me) :is(.seat-name, .seat-stats, .seat-total, .backs)')) {
    if (!shown(e)) continue;
    const q = box(e), v = inView(e), of = () => `${who(e)} of ${who(e.closest('.seat')).split(' ')[0]}`;
    if (v[0] > q[0] + 1 || v[1] > q[1] + 1 || v[2] < q[2] - 1 || v[3] < q[3] - 1)
      bad.push(`${of()} cut: ${q.map(Math.round)} in view ${v.map(Math.round)}`);
    for (const [name, r] of [['the bar', barBox], ['the status line', statusBox]]) {
      const near = r && meet([q[0] - 1, q[1] - 1, q[2] + 1, q[3] + 1], r);  // within a pixel of it
      if (near && near[0] < near[2] && near[1] < near[3]) bad.push(`${of()} touches ${name}`);
    }
  }
  // 8e. each seat's turn ring (the shadow round its name while the seat is to move) wholly in the window and clear of
  // the bar and the status line, whoever is to move now: each name is looked at as if its seat were to move (North's
  // ring lay 2 px under the bar at 320×400, where the walk never had North to move)
  // (every seat made to move at once, its name's shadow read, then put back: a seat's ring is its own name's, so
  // two style recalculations a check, not two a seat)
  const named = [...document.querySelectorAll('.seat .seat-name')].filter(shown).map(n => [n, n.closest('.seat')]);
  const moved = named.map(([, seat]) => seat).filter(seat => !seat.classList.contains('is-turn'));
  for (const seat of moved) seat.classList.add('is-turn');
  const rings = named.map(([n, seat]) => [n, seat, getComputedStyle(n).boxShadow]);
  for (const seat of moved) seat.classList.remove('is-turn');
  for (const [n, seat, shadows] of rings) {
    const q = box(n), ring = [...q];
    for (const one of shadows === 'none' ? [] : shadows.split(/,(?![^(]*\))/)) {
      if (/\binset\b/.test(one)) continue;
      const [x = 0, y = 0, blur = 0, spread = 0] = (one.replace(/rgba?\([^)]*\)/g, '').match(/-?[\d.]+px/g) || [])
        .map(parseFloat);
      ring[0] = Math.min(ring[0], q[0] + x - spread - blur); ring[1] = Math.min(ring[1], q[1] + y - spread - blur);
      ring[2] = Math.max(ring[2], q[2] + x + spread + blur); ring[3] = Math.max(ring[3], q[3] + y + spread + blur);
    }
    const of = () => `the turn ring of ${who(seat).split(' ')[0]}`;  // (named once found)
    if (ring[0] < -0.5 || ring[1] < -0.5 || ring[2] > vw + 0.5 || ring[3] > vh + 0.5)
      bad.push(`${of()} past the window's edge (${ring.map(Math.round)})`);
    for (const [name, r] of [['the bar', barBox], ['the status line', statusBox]]) {
      const o = r && meet(ring, r);
      if (o && o[2] - o[0] > 0.5 && o[3] - o[1] > 0.5) bad.push(`${of()} under ${name} (${ring.map(Math.round)})`);
    }
  }
  // 8a. the Last trick panel over none of the live trick's cards (on a phone it once hid the trick being played), nor
  // over a seat's name, numbers or card backs, mine too (six seats' panel ran over my numbers at 640×360)
  const inset = document.getElementById('last-inset'), liveTrick = document.getElementById('trick');
  if (inset && shown(inset) && liveTrick && !liveTrick.classList.contains('is-last'))
    for (const c of liveTrick.querySelectorAll('.card'))
      if (shown(c) && big(meet(box(inset), box(c)))) bad.push(`the Last trick panel over the trick's ${who(c)}`);
  if (inset && shown(inset))
    for (const e of document.querySelectorAll('.seat :is(.seat-name, .seat-stats, .seat-total, .back)'))
      if (shown(e) && big(meet(box(inset), box(e))))
        bad.push(`the Last trick panel over ${who(e)} of ${who(e.closest('.seat')).split(' ')[0]}`);
  // 8c. the trick being played tall enough for the cards at its head and at its foot to cover at most half of each
  // other (six seats' with the Last trick panel open at 320×568 was one card high: my card lay over all of North's;
  // with a tip up the tip's row left it 74–88 px for 67 px cards there)
  const trickCard = liveTrick && [...liveTrick.querySelectorAll('.card')].find(shown);
  if (trickCard && !liveTrick.classList.contains('is-last')) {
    const tall = box(liveTrick)[3] - box(liveTrick)[1], card = trickCard.offsetHeight;
    if (tall < 1.5 * card - 1)
      bad.push(`the trick ${Math.round(tall)} px high for its ${card} px cards: its foot's card over its head's`);
  }
  // 8b. a control over a seat's name or numbers, or over the Last trick panel's words (six seats' Hide last trick
  // once lay over a name of the panel's lower row at 320×568): where they meet, the control is on top and right
  // under it are those words (not a call screen or a panel that lies over both)
  const WORDS = '.seat :is(.seat-name, .seat-stats, .seat-total), #last-inset .last-inset-head, '
                + '#last-inset .mini small';
  const words = [...document.querySelectorAll(WORDS)].filter(shown);
  for (const c of controls) for (const e of words) {
    if (c.contains(e) || e.contains(c)) continue;
    const o = meet(inView(c), inView(e));
    if (!big(o)) continue;
    const stack = document.elementsFromPoint((o[0] + o[2]) / 2, (o[1] + o[3]) / 2);
    const at = stack.findIndex(x => !c.contains(x));
    if (at > 0 && c.contains(stack[0]) && e.contains(stack[at])) bad.push(`${who(c)} over ${who(e)}`);
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
  const sheets = [...document.adoptedStyleSheets];  // a copy: the live array would keep the sheet added below
  document.adoptedStyleSheets = [...sheets, pe];
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
    if (underFooter(c, top)) continue;
    bad.push(`${who(c)} covered at its centre by ${who(top)}`);
  }
  // 9a. nothing played over a control, nor a control over a card played (six seats' south card, mine, lay over
  // part of Last trick at 320×568 and 740×360): where a card of the trick and a control meet, the two are what
  // is on top there (not both under a panel or a dialog)
  for (const card of document.querySelectorAll('#trick .card')) {
    if (!shown(card)) continue;
    for (const c of controls) {
      if (layer(c) || c.contains(card)) continue;
      const o = meet(box(card), inView(c));
      if (!big(o)) continue;
      const stack = document.elementsFromPoint((o[0] + o[2]) / 2, (o[1] + o[3]) / 2);
      const end = stack.findIndex(x => !card.contains(x) && !c.contains(x));
      const above = end < 0 ? stack : stack.slice(0, end);
      if (above.some(x => card.contains(x)) && above.some(x => c.contains(x)))
        bad.push(`the trick's ${who(card)} and ${who(c)} meet (${o.map(Math.round)})`);
    }
  }
  // 9b. and none touching Tricks or Last trick: at least 2 px between (six seats' East card touched «Скрыть последнюю
  // взятку» at 320×568, the panel open)
  const feltButtons = [...document.querySelectorAll('.felt > :is(.btn--history, .btn--last)')].filter(
    b => shown(b) && getComputedStyle(b).visibility === 'visible');
  for (const card of document.querySelectorAll('#trick .card')) {
    if (!shown(card)) continue;
    const r = box(card), near = [r[0] - 2, r[1] - 2, r[2] + 2, r[3] + 2];
    for (const b of feltButtons) {
      const o = meet(near, box(b));
      if (o[2] > o[0] && o[3] > o[1] && !big(meet(r, box(b))))
        bad.push(`the trick's ${who(card)} touches ${who(b)}`);
    }
  }
  document.adoptedStyleSheets = sheets;

  // 10. the page wider than the window (it would scroll sideways), a visible control past the window's edge
  // (one a dialog or the score sheet scrolls out of its own view is not visible)
  const wider = document.documentElement.scrollWidth - vw;
  if (wider > 0) bad.push(`the page is ${wider} px wider than the window`);
  const clipped = e => {
    let r = box(e);
    for (let p = e.parentElement; p && p !== document.body; p = p.parentElement) if (clips(p)) r = meet(r, box(p));
    return r;
  };
  for (const c of document.querySelectorAll(CONTROLS)) {
    if (!shown(c) || (c.matches('input') && c.closest('label.switch')) || !big(clipped(c))) continue;
    const r = clipped(c);
    if (r[0] < -1 || r[1] < -1 || r[2] > vw + 1 || r[3] > vh + 1)
      bad.push(`${who(c)} past the window's edge (${r.map(Math.round)})`);
  }
  // 11. my hand's cards (tilted) within the hand's box; every card back of a seat or the kitty countable
  const handBox = box(document.getElementById('hand'));
  const cards = [...document.querySelectorAll('#hand button.card')].filter(shown);
  for (const c of cards) {
    const r = box(c);
    if (r[0] < handBox[0] - 0.5 || r[2] > handBox[2] + 0.5)
      bad.push(`${who(c)} sticks out of the hand (${r[0].toFixed(1)}–${r[2].toFixed(1)} `
               + `in ${handBox[0]}–${handBox[2]})`);
  }
  for (const set of document.querySelectorAll('.backs')) {
    const backs = [...set.querySelectorAll('.back')].filter(shown);
    const down = getComputedStyle(set).flexDirection === 'column';
    for (let i = 0; i + 1 < backs.length; i++) {
      const strip = down ? box(backs[i + 1])[1] - box(backs[i])[1] : box(backs[i + 1])[0] - box(backs[i])[0];
      if (strip < 7.5) {
        bad.push(`card backs too close to count (${strip.toFixed(1)} px each): ${who(set.closest('.seat, .kitty'))}`);
        break;
      }
    }
  }
  // 11a. a small card of the Last trick panel or of a result panel's last trick readable: its rank and suit at
  // least 16 px high together, the rank's letters at least 14 px (its corner index was 5–6 px on a landscape phone)
  for (const c of document.querySelectorAll(':is(#last-inset, .final-trick) .mini .card')) {
    const idx = c.querySelector('.idx'), rank = idx && idx.querySelector('b');
    if (!shown(c) || !rank || !shown(rank)) continue;
    const px = parseFloat(getComputedStyle(rank).fontSize), tall = box(idx)[3] - box(idx)[1];
    if (px < 13.95 || tall < 15.95)
      bad.push(`a small card too small to read: ${who(c)} (its rank ${+px.toFixed(1)} px, with its suit `
               + `${+tall.toFixed(1)} px high)`);
  }
  // 11b. a seat's points on a line of their own under its tricks say what they are (a side seat on a phone showed
  // «0 взяток» over a bare «0»)
  for (const st of document.querySelectorAll('.seat-stats')) {
    const [tricks, points] = st.children;
    if (!points || !shown(st) || !shown(points) || box(points)[1] < box(tricks)[3] - 1) continue;
    if (/^[−+-]?\d+$/.test(points.innerText.trim()))
      bad.push(`a seat's points alone under its tricks: ${who(st.closest('.seat'))} `
               + `«${st.innerText.replace(/\s+/g, ' ')}»`);
  }
  // and in one form at every seat: with their word at each or at none (a phone said «0 очков» at the side seats, a
  // bare «0» at mine)
  const forms = new Set([...document.querySelectorAll('.seat .seat-points')].filter(shown).map(
    p => [...p.querySelectorAll('.seat-points-unit')].some(shown)));
  if (forms.size > 1) bad.push(`a seat's points with their word, another's without: ${
    [...document.querySelectorAll('.seat .seat-points')].filter(shown).map(p => `«${p.innerText.trim()}»`).join(' ')}`);
  // 11c. each trick on one line in Tricks: its cards (they wrapped under 400 px; six seats' at 360 px and under) and
  // every word of its row (six seats' «Северо-восток» took two lines there)
  for (const row of document.querySelectorAll('#history-dialog[open] tr[data-trick]')) {
    const played = [...row.querySelectorAll('.history-card')].filter(shown);
    const lines = e => {
      const r = document.createRange();
      r.selectNodeContents(e);
      return new Set([...r.getClientRects()].filter(q => q.width > 0).map(q => Math.round(q.top))).size;
    };
    if (new Set(played.map(c => Math.round(box(c)[1]))).size > 1
        || [...row.cells].some(c => shown(c) && !c.matches('.history-cards') && lines(c) > 1))
      bad.push(`a trick takes two lines in Tricks: trick ${row.dataset.trick} «${row.innerText.replace(/\s+/g, ' ')}»`);
  }
  // 11d. a hint's expected points on a card of my hand wholly in view, its both ends not under the next card (at
  // 360 px the next card of a tilted hand hid the end of «−0,6»)
  for (const ev of document.querySelectorAll('#hand .card .ev')) {
    if (!shown(ev)) continue;
    const r = box(ev), y = (r[1] + r[3]) / 2, card = ev.closest('.card');
    for (const x of [r[0] + 1.5, r[2] - 1.5]) {
      const top = hit(x, y);
      if (top && !card.contains(top)) {
        bad.push(`a hint's points under ${who(top)}: ${who(card)} «${ev.innerText}»`);
        break;
      }
    }
  }
  // 12. a seat's dealer mark beside its name, not alone on a line under it (a bot's level may go under them)
  for (const n of document.querySelectorAll('.seat-name')) {
    const w = n.querySelector('.who'), mark = n.querySelector(':scope > .chip');
    if (w && mark && shown(n) && shown(mark) && box(mark)[1] >= box(w)[3] - 1)
      bad.push(`the dealer's mark alone on a line under ${who(w)}`);
    if (w && mark && shown(n) && shown(mark)) {  // 12b. nor over its letters (at 640×360 «С» lay on «В» of «Восток»)
      const r = document.createRange(); r.selectNodeContents(w);
      const q = r.getBoundingClientRect(), m = box(mark), c = box(w);  // its letters, as far as its box shows them
      const t = {left: Math.max(q.left, c[0]), top: Math.max(q.top, c[1]), right: Math.min(q.right, c[2]),
                 bottom: Math.min(q.bottom, c[3])};
      const across = Math.min(m[2], t.right) - Math.max(m[0], t.left);
      if (across > 2 && Math.min(m[3], t.bottom) - Math.max(m[1], t.top) > 2)
        bad.push(`the dealer's mark over the name ${who(w)}`);
    }
  }
  // 12c. a seat's presence («○ не здесь», «◌ вернётся») on one line (a side seat's took two on an upright phone)
  for (const b of document.querySelectorAll('.seat .seat-presence')) {
    if (!shown(b)) continue;
    const px = Math.max(parseFloat(getComputedStyle(b).fontSize), parseFloat(getComputedStyle(b, '::before').fontSize));
    if (box(b)[3] - box(b)[1] > 1.8 * px) bad.push(`a seat's presence on two lines: ${who(b)}`);
  }
  // 12e. a side seat's badge (who is there, a bot's level) never over the letters of its name (a friend's phone
  // showed «Оля» beside «● здесь», the badge's reach into the felt over her name: «Ол●здесь»)
  for (const n of document.querySelectorAll('.seat:is([data-pos="west"], [data-pos="east"]) .seat-name')) {
    const w = n.querySelector('.who'), b = n.querySelector('.seat-level');
    if (!w || !b || !shown(n) || !shown(b)) continue;
    const r = document.createRange(); r.selectNodeContents(w);
    const q = r.getBoundingClientRect(), m = box(b);
    if (Math.min(m[2], q.right) - Math.max(m[0], q.left) > 1 && Math.min(m[3], q.bottom) - Math.max(m[1], q.top) > 1)
      bad.push(`a seat's badge over its name: ${who(w)}`);
  }
  // 12d. a seat's name (at its seat, in the Last trick panel, a result panel…) broken only between its words or after
  // a hyphen (uk «Північний схід» broke as «Північни/й схід» in a narrow seat): each word's letters on one line
  for (const n of document.querySelectorAll('.who')) {
    if (!shown(n)) continue;
    const walker = document.createTreeWalker(n, NodeFilter.SHOW_TEXT);
    for (let t = walker.nextNode(); t; t = walker.nextNode())
      for (const m of t.textContent.matchAll(/[^\s-]+-?/g)) {
        const r = document.createRange();
        r.setStart(t, m.index); r.setEnd(t, m.index + m[0].length);
        const tops = new Set([...r.getClientRects()].filter(q => q.width > 0).map(q => Math.round(q.top)));
        if (tops.size > 1) bad.push(`a seat's name broken mid-word: «${m[0]}» of ${who(n)}`);
      }
  }
  // 13. the pass screen right under the bar: nothing of the table between them, the bar not covered
  if (pass && shown(pass) && Math.abs(box(pass)[1] - box(document.querySelector('.bar'))[3]) > 1)
    bad.push(`the pass screen's top ${Math.round(box(pass)[1])} is not the bar's foot `
             + `${Math.round(box(document.querySelector('.bar'))[3])}`);
  // 14. the score sheet: each column's header apart from the next, each total under its header
  const sheet = document.getElementById('score-sheet');
  if (sheet && shown(sheet)) {
    const text = e => { const r = document.createRange(); r.selectNodeContents(e); const q = r.getBoundingClientRect();
                        return [q.left, q.top, q.right, q.bottom]; };
    const heads = [...sheet.querySelectorAll('thead th')]
      .filter(h => getComputedStyle(h).writingMode === 'horizontal-tb');
    for (let i = 0; i + 1 < heads.length; i++) {
      const gap = text(heads[i + 1])[0] - text(heads[i])[2];
      if (gap < 6) bad.push(`score sheet headers run together: «${heads[i].innerText}» «${heads[i + 1].innerText}» `
                            + `(${gap.toFixed(1)} px apart)`);
    }
    for (const t of sheet.querySelectorAll('tfoot td[data-seat]')) {
      const h = sheet.querySelector(`thead th[data-seat="${t.dataset.seat}"]`), a = text(t), b = text(h);
      if (getComputedStyle(h).writingMode === 'horizontal-tb' ? Math.abs(a[2] - b[2]) > 1.5
          : a[2] < box(h)[0] - 1 || a[0] > box(h)[2] + 1)
        bad.push(`the total ${t.innerText} not under its header «${h.innerText}»`);
    }
  }
  // 15. a touch screen: every target at least 24×24 CSS px (WCAG 2.2, 2.5.8; an input by its label), the main
  // buttons (and the play's: Hint, Tricks, Last trick) and my cards 44×44, each card of my hand showing a strip of
  // at least 24 px beside the next one; no keys' "?" where there is no keyboard
  if (touch) {
    const MAIN = '#btn-continue, #btn-final-new, #new-game-start, #pass-show, .call-screen button, #welcome-play, '
                 + '#replace-dialog .dialog-buttons button, #btn-hint, #btn-history, #btn-last, .bar-actions > .btn';
    // (what lies at a control's centre asked only if the score sheet or the pass screen is drawn: no tap lands on
    // one that is not)
    const coverable = [...document.querySelectorAll('#sheet-panel, #pass-screen')].some(
      e => e.checkVisibility() || getComputedStyle(e).display === 'contents');
    for (const c of document.querySelectorAll(CONTROLS)) {
      if (c.closest('#hand') || !shown(c) || (modal && !modal.contains(c)) || !big(inView(c))) continue;
      if (c.matches('input') && c.closest('label.switch')) continue;
      const r = inView(c), top = coverable && hit((r[0] + r[2]) / 2, (r[1] + r[3]) / 2);
      const cover = top && !c.contains(top) && top.closest('#sheet-panel, #pass-screen');
      if (cover && !cover.contains(c)) continue;  // under the score sheet or the pass screen
      const t = box(c.matches('input') && c.closest('label') ? c.closest('label') : c);
      const need = c.matches(MAIN) ? 44 : 24, w = t[2] - t[0], h = t[3] - t[1];
      // a target drawn smaller than its tap area (a ::after of its own reaching past its box): the taps through its
      // middle that land on it, nothing else in the way, span the size asked for
      const x = (t[0] + t[2]) / 2, y = (t[1] + t[3]) / 2;
      const lands = (px, py) => { const at = hit(px, py); return !!at && c.contains(at); };
      // (each way only as far as the other leaves to find: a tap tested at each pixel)
      const reach = (dx, dy, most) => {
        let n = 0;
        while (n < most && lands(x + dx * (n + 1), y + dy * (n + 1))) n++;
        return n;
      };
      const spans = (dx, dy) => {
        const back = reach(-dx, -dy, need - 1);
        return back + 1 + reach(dx, dy, need - 1 - back) >= need;
      };
      const wide = w >= need - 0.5 || spans(1, 0);
      const high = h >= need - 0.5 || spans(0, 1);
      if (!wide || !high)
        bad.push(`too small to tap: ${who(c)} ${w.toFixed(1)}×${h.toFixed(1)} < ${need}×${need}`);
    }
    cards.forEach((c, i) => {
      if (c.offsetWidth < 44 || c.offsetHeight < 44)
        bad.push(`a card too small to tap: ${who(c)} ${c.offsetWidth}×${c.offsetHeight}`);
      const next = cards[i + 1];
      if (next && next.offsetTop === c.offsetTop && next.offsetLeft - c.offsetLeft < 24)
        bad.push(`a card's strip too narrow to tap: ${who(c)} ${next.offsetLeft - c.offsetLeft} px`);
    });
    const keys = document.getElementById('btn-keys');
    if (keys && matchMedia('(hover: none)').matches && getComputedStyle(keys).display !== 'none')
      bad.push(`the keys' "?" on a touch screen`);
  }
  // 16. a text cut on purpose (with "…", or clamped to its lines) holds its whole text in its title; the bar's, clamped
  // (the contract's scoring and rules: cut with "…" on a phone and at 1024×768 in Ukrainian, a rubber's last deal of
  // all six at once), on a touch screen (no hover for a title) shows whole once tapped: its tab stop on top at its
  // centre (where a tap lands), and focused, shows it whole — looked at last, the focus then given back
  const wholeText = e => e.textContent.replace(/\s+/g, ' ').trim();
  for (const [e, clamped] of cutOnPurpose) {
    if (wholeText(e) !== (e.title || '').replace(/\s+/g, ' ').trim()) {
      bad.push(`text cut without its whole text in its title: ${who(e)}`);
      continue;
    }
    if (!touch || !clamped || !e.closest('.bar') || modals.length) continue;  // (under a modal dialog: out of reach)
    const stop = e.closest('[tabindex]:not([tabindex="-1"]), a[href], button'), was = document.activeElement;
    const at = stop && hit((box(stop)[0] + box(stop)[2]) / 2, (box(stop)[1] + box(stop)[3]) / 2);
    if (at && !stop.contains(at) && at.closest('#sheet-panel, #pass-screen, #bar-menu')) continue;  // covered on
    // purpose
    if (stop) stop.focus({preventScroll: true});
    const whole = !!at && stop.contains(at) && document.activeElement === stop
                  && e.scrollHeight <= e.clientHeight + 2 && e.scrollWidth <= e.clientWidth + 1;
    if (stop && was !== stop) {
      if (was && was !== document.body && was.focus) was.focus({preventScroll: true});
      else stop.blur();
    }
    if (!whole) bad.push(`the bar's ${who(e)} cut, and a tap does not show it whole on a touch screen`);
  }
  return bad;
}"""

TOASTED_CHECK_JS = f"""([notes, args]) => notes
  && document.querySelectorAll('#toast:not([hidden]) .toast-note').length < notes ? null : ({CHECK_JS})(args)"""
""":data:`CHECK_JS` of a screen looked at with a toast of ``notes`` notes up (``0``: whatever the toast shows):
``null`` at once, nothing checked, when the page has fewer up (``#toast`` hidden or a note gone, as
:func:`toast_up`, :func:`joined_toast` and :func:`other_tab_toast` wait for them)."""

PASS_GAP_JS = """() => document.getElementById('pass-screen').getBoundingClientRect().top
  - document.querySelector('.bar').getBoundingClientRect().bottom"""
"""How far the pass screen's top lies below the bar's foot (a strip of the table between them: issue 30)."""
KEPT_JS = """() => ({last: document.getElementById('btn-last').getAttribute('aria-pressed'),
  inset: !document.getElementById('last-inset').hidden, tricks: document.getElementById('history-dialog').open,
  trick: document.getElementById('trick').classList.contains('is-last') ? 0  // the last trick itself on the table
         : document.querySelectorAll('#trick .card').length,
  rows: [...document.querySelectorAll('#history-dialog tr[data-trick]')].map(
    r => [...r.querySelectorAll('.history-card')].map(c => c.dataset.played).join(' ')),
  save: localStorage.getItem(window.kingSaveKey)})"""



NO_TOAST_JS = """(on) => {  // the toast hidden for a picture, by a constructed sheet (the page's CSP refuses <style>)
  const sheet = window.kingNoToast ||= new CSSStyleSheet();
  sheet.replaceSync('#toast { visibility: hidden !important; }');
  document.adoptedStyleSheets = [...document.adoptedStyleSheets.filter(s => s !== sheet), ...(on ? [sheet] : [])];
}"""


class Look:
    """The screens of one language's page, each looked at in the sizes asked for (``wanted``: the sizes whose
    tests this run selected); the problems found, by size (:data:`FLOW`: what the page did, at no size)."""

    def __init__(self, page: Any, lang: str, out: Path, wanted: set[tuple[int, int]]) -> None:
        self.page, self.lang, self.out, self.wanted = page, lang, out, wanted
        self.problems: dict[str, list[str]] = {FLOW: []}
        self.seen: list[str] = []
        self.cdp = page.context.new_cdp_session(page)
        self.touching: bool | None = None
        self.size: tuple[int, int] | None = None  # the size last set (the DevTools protocol's emulation outlives
        # the tab's loads of a new address)

    def resize(self, width: int, height: int, settle: bool = False) -> None:
        """The window ``width`` × ``height`` CSS px: the page's viewport set through the DevTools protocol
        (Chromium's ``Emulation.setDeviceMetricsOverride``, as Playwright's ``set_viewport_size`` sets it, without
        also resizing the browser's window each time: about half the cost of a size, hundreds of sizes a
        language). :data:`CHECK_JS` checks that the page has the size asked for; a picture is taken at a size
        Playwright has set too (its screenshots read its own viewport). ``settle``: returns once the page has
        the size and two frames have passed (its resize handled). A page already at that size is not sent it again
        (a round trip to the browser: a screen starts at the size the one before ended at, when it looks at it)."""
        if (width, height) != self.size:
            self.size = (width, height)
            self.cdp.send("Emulation.setDeviceMetricsOverride", {
                "width": width, "height": height, "screenWidth": width, "screenHeight": height, "deviceScaleFactor": 1,
                "mobile": False, "screenOrientation": {"angle": 0, "type": "landscapePrimary"}})
        if settle:
            self.page.wait_for_function("([w, h]) => innerWidth === w && innerHeight === h", arg=[width, height])
            self.page.evaluate(FRAMES_JS)

    def as_touch(self, on: bool) -> None:
        """The page as a touch screen's (``(pointer: coarse)``, ``(hover: none)``) or a mouse's."""
        if on != self.touching:
            self.cdp.send("Emulation.setTouchEmulationEnabled", {"enabled": on, "maxTouchPoints": 5})
            self.touching = on

    def problem(self, text: str) -> None:
        """Something the page did wrong at no particular size."""
        self.problems[FLOW].append(text)

    def screen(self, name: str, sizes: list[tuple[int, int]] | None = None,
               before: Callable[[], None] | None = None, toast: Callable[[], None] | None = None,
               notes: int = 1) -> None:
        """Check ``name`` (as it is now) at each size; ``before`` runs at each size first (e.g. open the bar's
        menu); ``toast`` puts a toast of ``notes`` notes up (any will do): at a size where the page has fewer up,
        and only there — the check finds whether it has, in the call that checks (:data:`TOASTED_CHECK_JS`: a call
        to the browser a size less than asking first)."""
        # the sizes of the touch state the page is in first (a switch of it costs a call to the browser), the size
        # the page has first of those (so does a resize)
        for width, height in sorted(sizes or SIZES, key=lambda size: (touch(size) != self.touching, size != self.size)):
            if (width, height) not in self.wanted:
                continue
            self.as_touch(touch((width, height)))
            self.resize(width, height)
            if before is not None:
                before()
            where = f"{name} at {width}x{height} in {self.lang}"
            args = [touch((width, height)), width, height]
            checked = self.page.evaluate(TOASTED_CHECK_JS, [notes if toast is not None else 0, args])
            if checked is None and toast is not None:  # no toast up (the last one's three seconds over): one put up
                toast()
                checked = self.page.evaluate(CHECK_JS, args)
            found = [f"{where}: {p}" for p in checked]
            self.problems.setdefault(size_id((width, height)), []).extend(found)
            shot = self.lang == SHOTS_LANG or found or (name, self.lang, (width, height)) in DOCS_SHOTS
            if shot:
                self.page.set_viewport_size({"width": width, "height": height})
            if self.lang == SHOTS_LANG or found:
                self.page.screenshot(path=str(self.out / f"{name}-{width}x{height}-{self.lang}.jpg"), type="jpeg",
                                     quality=70, animations="disabled", caret="hide", scale="css")
            if picture := DOCS_SHOTS.get((name, self.lang, (width, height))):  # the docs' pictures (docs/img),
                self.page.evaluate(NO_TOAST_JS, True)  # without the look's own toast
                self.page.screenshot(path=str(self.out / picture), animations="disabled", caret="hide", scale="css")
                self.page.evaluate(NO_TOAST_JS, False)
            self.seen.append(where)


# ----- the saves each screen starts from (CPython, the page's own engine) ------------------------------

def play_with_last_trick(s: Session) -> bool:
    """My turn in the middle of a trick after the first, with cards I may not play (their reasons)."""
    vm = s.view_model(0)
    return (vm["phase"] == "play" and vm["my_turn"] and bool(vm["trick"]) and vm["last_trick"] is not None
            and vm["deal"] >= 2 and any(not c["legal"] for c in vm["hand"]))


def head_row_played(s: Session) -> bool:
    """:func:`play_with_last_trick` with four cards or more in the trick: at six seats, its head row played."""
    return play_with_last_trick(s) and len(s.view_model(0)["trick"]) >= 4


def my_lead_after_my_trick(s: Session) -> bool:
    """My lead after a trick I took, which lies on the table still (my card at its foot: "Trick 3 → You")."""
    vm = s.view_model(0)
    return vm["phase"] == "play" and vm["my_turn"] and vm["trick_complete"] and vm["deal"] >= 2


def my_turn_with_a_full_hand(s: Session) -> bool:
    """My turn with eight cards or more, six of them or more I may play: the hint's points on each."""
    vm = s.view_model(0)
    return (vm["phase"] == "play" and vm["my_turn"] and len(vm["hand"]) >= 8
            and sum(c["legal"] for c in vm["hand"]) >= 6)


def phase_is(phase: str) -> Callable[[Session], bool]:
    return lambda s: s.view_model(0)["phase"] == phase and (phase != "deal_over" or s.view_model(0)["deal"] >= 2)


def ended_early(s: Session) -> bool:
    """A deal after the first over before its last trick: no points were left to take."""
    vm = s.view_model(0)
    return phase_is("deal_over")(s) and bool(vm["result"]["early"])


def hot_seat() -> Session:
    """A new rubber with two people at the device: the pass screen is up for the first to act."""
    s = Session.new_game({}, random.Random(5), {"levels": ["human", "medium", "human", "medium"],
                                                "names": ["Ольга Александровна", "", "Petya", ""]})
    s.deal(random.Random(6))
    return s


def saves() -> list[tuple[str, str, str]]:
    """(name, save text, phase) in the order the page takes them; each save's counter above the last."""
    made: list[tuple[str, Session, str]] = []
    for players in (4, 2, 6):  # six seats: the trick's head row played (with East's card alone the walk saw
        # neither the Last trick panel over West's card at 740×360 nor a toast over the head row at 640×360 and 320×400)
        made.append((f"table-{players}p-play", saved_session(head_row_played if players == 6 else play_with_last_trick,
                                                             options={"players": players}), "play"))
    # six seats, the trick I took on the table: the trick's foot (my card) was the lowest, over Last trick
    made.append(("table-6p-taken", saved_session(my_lead_after_my_trick, options={"players": 6}), "lead"))
    # six seats mid-trick, the trick's head row played: a toast of two notes lay over it on a desktop
    made.append(("toast-6p", saved_session(head_row_played, options={"players": 6}), "toasts"))
    # Hint pressed on a full hand: a card's points in the strip the next card leaves (at 360 px its end was hidden)
    made.append(("table-4p-hint", saved_session(my_turn_with_a_full_hand), "hint"))
    for players in (4, 2, 6):  # six seats: a deal ended early, its note the panel's longest words
        made.append((f"result-{players}p", saved_session(ended_early if players == 6 else phase_is("deal_over"),
                                                         options={"players": players}), "deal_over"))
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
    panel: with no relays, each seat's code link), and join codes for seats 1 and 2 as ``web/peer.js`` makes them
    — base64url of the deflate-raw of ``{"sdp", "invite"}``: the join screen is drawn before any connection, so a
    stand-in offer does."""
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


FRIEND_NAMES = ["Оля", *LONG_NAMES[1:]]
"""A friend's table: the host with a short name (East at seat 1's page, beside her badge), the friends the longest."""


def friend_views() -> list[tuple[str, dict[str, Any]]]:
    """(screen, view model) of a friend's page (seat 1 of a table with friends online at seats 1 and 2, the
    friends with 20-character names, the host «Оля»): a finished trick on the table ("Trick 3 → ЮЮЮ…") with Last trick
    available, then the result of a deal over early, cards still in hand (the guest's page adds its fairness note:
    the hand's row under the felt leaves the result panel less room, as on the host's page that scrolled its newest
    note out of view at 1280×800). Played by the bots (CPython)."""
    rng = random.Random(11)
    s = online_session({}, {"levels": ["human", "online", "online", "medium"], "names": FRIEND_NAMES, "fast": True},
                       rng)
    views: dict[str, dict[str, Any]] = {}
    for _ in range(5000):
        vm = s.view_model(1)
        lt = vm["last_trick"]
        if ("friend-hints" not in views and vm["phase"] == "play" and vm["my_turn"] and vm["trick"]
                and sum(c["legal"] for c in vm["hand"]) > 1 and not all(c["legal"] for c in vm["hand"])):
            views["friend-hints"] = vm
        if ("friend-table" not in views and vm["trick_complete"] and lt is not None and lt["number"] >= 2
                and lt["winner"] in (1, 2)):  # (a 20-character name in the trick's label)
            views["friend-table"] = vm
        if vm["phase"] == "deal_over" and vm["last_trick"] is not None and vm["result"]["early"] and vm["hand"]:
            views["friend-result"] = vm
            return list(views.items())
        step(s, rng)
    raise AssertionError("no deal over early")


def friends_online(page: Any, tab: Any, look: Look) -> None:
    """The host's invite panel (each seat's link, QR code, answer field, and the alert line a bad answer
    leaves: at 360 px a toast once covered the panel's title), then a friend's join screen (a new page load
    from a ``#join=`` link, with the ``?king-test`` hooks), then that page's table and result panel as a
    connected friend sees them, from view models (``kingGuestView``) with 20-character names, the host's page
    coming back and another friend's gone (:data:`PRESENCE`), the result panel with a mental table's notes: the deal
    checked and the next deal's shuffle annulled (:data:`MENTAL_NOTES_JS`)."""
    save, (code, code2) = online_table()
    tab.write({SAVE_KEY: save})
    page.wait_for_selector("#invite-dialog[open] #invite-2 figure[data-qr=ready]")
    page.fill("#answer-1", "not a code")
    page.click("#connect-1")
    page.wait_for_function("document.getElementById('answer-said-1').textContent")
    page.evaluate("window.kingHideToast()")  # "continued from another tab": the test's way in, gone (not its 3 s)
    page.wait_for_selector("#toast", state="hidden")
    with_lasting_note(page, look, "invite-panel")  # (a tester's toast lay over its title at 1280×800)
    page.goto(page.url.split("#", 1)[0].split("?", 1)[0] + "?king-test#join=" + code)
    page.wait_for_selector("body[data-guest=asking] #join-dialog[open] #join-name")
    with_lasting_note(page, look, "join-screen")
    # a new link opened in the same tab (only the fragment changes): the new invite, not the old one stuck (a
    # tester's find: after a host's reload the friend was told to ask for a new link, opened it, saw nothing)
    asked = page.text_content("#join-dialog")
    page.evaluate("(c) => { window.kingOldPage = true; location.hash = '#join=' + c }", code2)
    page.wait_for_function("!window.kingOldPage && !!document.querySelector("
                           "'body[data-guest=asking] #join-dialog[open] #join-name')")
    assert page.text_content("#join-dialog") != asked  # North's invite, not West's
    for name, vm in friend_views():
        page.evaluate("([text, hints, presence]) => window.kingGuestView(text, hints, false, presence)",
                      [json.dumps(vm), name == "friend-hints", json.dumps(PRESENCE)])
        page.wait_for_selector(f"body[data-guest=playing][data-phase={vm['phase']}]")
        if name == "friend-hints":  # the host allows hints: Hint shows, a card's reason up, a card raised
            page.wait_for_selector("#btn-hint:not([hidden]):not([disabled])")
            look.screen(name, FRIEND_SIZES, before=lambda: reason_and_raised_card(page))
            page.mouse.move(2, 2)
            continue
        if vm["phase"] == "deal_over":
            page.wait_for_selector("#center-panel #guest-fair")
            assert not page.is_visible("#btn-review")  # a friend's page runs no bots: no review offered there
            look.screen(f"{name}-fair", FRIEND_SIZES)  # its fairness note alone (a table of no mental poker)
            page.evaluate(MENTAL_NOTES_JS, mental_notes(look.lang))
        look.screen(name, FRIEND_SIZES)
        if vm["phase"] == "deal_over":  # the longest lasting note over it, clear of its title
            with_lasting_note(page, look, f"{name}-lasting", FRIEND_SIZES)
        if vm["phase"] == "deal_over":  # Continue pressed: it says whom it waits for (it ran off the panel at 360)
            page.evaluate("([text]) => window.kingGuestView(text, false, true)", [json.dumps(vm)])
            page.wait_for_selector("body[data-asked-deal=true] #btn-continue:disabled")
            page.evaluate(MENTAL_NOTES_JS, mental_notes(look.lang))
            look.screen("friend-result-asked", FRIEND_SIZES)


PRESENCE = ["here", None, "away", None]
"""Who is there at a friend's table (seat 1's page): the host here (East, «● здесь», beside her short name), the other
friend gone (West, «○ не здесь»): on an upright phone a side seat's badge took two lines, and beside a short name its
reach into the felt lay over the name's letters."""
MENTAL_NOTES_JS = """([check, wait]) => {  // a mental table's result panel's notes, as king/netmental.py and
  // king/netwait.py draw them: what this page checked of the deal (in place of the fairness note of a friend's page
  // at a table of no mental poker) and what the table waits for
  const panel = document.getElementById('center-panel'), buttons = panel.querySelector('.panel-buttons');
  document.getElementById('guest-fair')?.remove();
  for (const [id, words] of [['mental-check', check], ['mental-wait', wait]]) {
    const note = document.getElementById(id) || document.createElement('p');
    note.id = id; note.className = 'panel-note'; note.textContent = words;
    buttons.before(note);
  }
}"""


def mental_notes(lang: str) -> list[str]:
    """A mental table's result panel's two notes in ``lang`` (a 20-character name, deal 14) as a host's page said
    them at 1280×800: the deal checked — a stand-in at the host's page played the friend's seat (the longest check's
    words) —, shuffled twice, its first try annulled by a friend's lost page; the next deal's shuffle annulled by it
    (the panel's newest words)."""
    cat, name = Catalog.from_mo(compiled(lang)), LONG_NAMES[0]
    tries = "1) " + cat.t("net.mental.try_left", name=name)
    check = cat.n("net.mental.audited_bot", 1, deal=14, names=name) + " " + cat.n("net.mental.shuffled", 2,
                                                                                    tries=tries)
    return [check, cat.t("net.mental.wait_try_left_back", deal=15, name=name)]


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
def inputs() -> tuple[list[tuple[str, str, str]], str, str, str, str, list[tuple[str, str, str]]]:
    """(:func:`saves`, the card and the name of who deals the hot-seat rubber first, a record to replay, a
    hearts deal in play, :func:`tip_saves`): made once by the worker that runs this file, not while
    every worker collects the suite (CPython bots play them, ≈ 3 s)."""
    first = hot_seat().table_view()["first_dealer"]
    dealer = ["Ольга Александровна", "", "Petya", ""][first["seat"]]
    hearts = saved_session(lambda s: (vm := s.view_model(0))["phase"] == "play" and vm["my_turn"]
                           and vm["contract"] is not None and vm["contract"]["id"] == "no_hearts")
    hearts.seq = 150_000  # after the new games the look starts, before friends online's table
    made = saves()
    return (made, first["card"], dealer, saved_session(phase_is("deal_over")).record(), hearts.to_save(),
            tip_saves(made[0][1]))


def tip_saves(first: str) -> list[tuple[str, str, str]]:
    """(screen, save, phase) of the tips' longest lines, taken between the first screen's save and the next:
    my lead opening a deal (the tip names the contract and its scoring), a deal's result (the last tip, with the
    result panel up); then (no screen) the first screen's save again, for the screens that follow it."""
    def opening(s: Session) -> bool:
        vm = s.view_model(0)
        return (vm["phase"] == "play" and vm["my_turn"] and vm["tricks_done"] == 0 and not vm["trick"]
                and vm["deal"] >= 2)
    made = [("tip-contract", saved_session(opening), "play"),
            ("tip-over", saved_session(phase_is("deal_over")), "deal_over"), ("", Session.from_save(first), "play")]
    for i, (_, s, _) in enumerate(made):
        s.seq = 1100 + 100 * i  # after the first screen's save (1000), before the second's (2000)
    return [(name, s.to_save(), phase) for name, s, phase in made]


def take(page: Any, tab: Any, save: str, phase: str) -> None:
    """The page follows a save another tab wrote (no reload): it shows that save's hand, phase and deal — and says
    «Continued from another tab» alone: the screen before's toast gone first (``window.kingHideToast``: a refused
    card's note was left up or gone as the machine's load had it, and the two notes came over the result panel's
    cards at 320×568)."""
    page.evaluate("window.kingHideToast()")
    tab.write({SAVE_KEY: save})
    vm = Session.from_save(save).table_view()
    page.wait_for_function("""([phase, deal, hand, covered]) => document.body.dataset.phase === phase
      && document.body.dataset.deal === String(deal)
      && (covered ? !!document.querySelector('#pass-screen:not([hidden])')
                  : [...document.querySelectorAll('#hand button.card')].map(b => b.dataset.card).join() === hand)""",
                           arg=[vm["phase"], vm["deal"], ",".join(c["card"] for c in vm["hand"]),
                                vm.get("pass_to") is not None])


def bar_button(page: Any, selector: str) -> None:
    """A click on a button of the top bar, in the bar or folded into its "⋯" menu (opened for it), or hidden
    on a touch screen (the keys' "?": its panel is still looked at)."""
    bar.reach(page, selector)
    if page.is_visible(selector):
        page.click(selector)
    else:
        page.evaluate("s => document.querySelector(s).click()", selector)


def close_dialog(page: Any, ident: str, button: str) -> None:
    page.click(button)
    page.wait_for_function(f"!document.getElementById('{ident}').open")


def look_everywhere(lang: str, warm_game: Any, tab: Any, out: Path, wanted: set[str]) -> Look:
    """Every screen in ``lang`` (the player's choice, stored: the browser's own language picks the page's
    only on a first visit, test_lang.py), in the warm context; ``tab`` writes the saves the page follows.
    ``wanted``: the sizes (``"1024x768"``) and :data:`FLOW` whose tests this run selected — the screens are
    looked at in those sizes only, and past the table mid-trick's sweep only if a size of theirs or the flow
    is wanted."""
    made, hot_seat_card, hot_seat_dealer, record, hearts, tipped = inputs()
    cat = Catalog.from_mo(compiled(lang))
    first_name, first_save, _ = made[0]
    page = warm_game({SAVE_KEY: first_save, PREFS_KEY: json.dumps({"lang": lang, "ice": {"mode": "none"},
                                                                   "relays": {"mode": "none"}})})
    page.wait_for_selector(f"body[data-lang={lang}]")
    page.emulate_media(reduced_motion="reduce")  # each screen as it ends up: no card still on its way up
    look = Look(page, lang, out, {size for size in ALL_SIZES if size_id(size) in wanted})
    for name, save, phase in made:
        if name != first_name:
            take(page, tab, save, phase)
        if name.startswith("call-") and (top := page.evaluate(CALL_SCROLLED_JS)):
            # a call screen opens at its head (the contracts' list opened scrolled as far as the auction before it)
            at = size_id(look.size) if look.size in look.wanted and look.size is not None else FLOW
            look.problems.setdefault(at, []).append(f"{name} in {lang}: the call screen opened {top} px down")
        if name == "pass-screen" and FLOW in wanted:  # as it comes, the window's size unchanged since the call screen
            gap = page.evaluate(PASS_GAP_JS)
            if abs(gap) > 1:
                look.problem(f"the pass screen {abs(gap)} px {'below' if gap > 0 else 'over'} the bar's foot in {lang}")
        if phase == "hint":
            page.click("#btn-hint")
            page.wait_for_selector("#hand .card .ev")
            page.mouse.move(2, 2)
        if phase in ("lead", "hint"):
            look.screen(name, PANEL_SIZES)
            continue
        if phase == "toasts":
            # a card refused, then the longest note the page can say (issue 30: two notes of «Продолжено из другой
            # вкладки» showed no toast over a seat's name there)
            look.screen(name, SIX_SIZES, toast=lambda: joined_toast(page, tab, "", longest_note(lang)), notes=2)
            page.evaluate("window.kingHideToast()")  # (the longest note lasts: Last trick's look a toast its own)
            # its Last trick panel on a tablet or a desktop, a toast up (over the felt's corner it lay over the trick's
            # north-west and north cards at 1024×768)
            page.click("#btn-last")
            page.wait_for_selector("#last-inset:not([hidden])")
            look.screen(f"last-trick-{name}", [(768, 1024), (1024, 768), (1280, 800)], toast=lambda: toast_up(page))
            page.click("#btn-last")
            page.wait_for_selector("#last-inset", state="hidden")
            continue
        if phase == "play":
            # a tap on a card I may not play, the pointer then elsewhere: its reason must not stay up; its toast
            # ("you must follow ♠") clear of the trick's cards on the smallest phone
            if SMALL_PHONE in look.wanted and name in ("table-4p-play", "table-6p-play"):
                look.as_touch(True)
                look.resize(*SMALL_PHONE, settle=True)
            # the refusal alone in the toast: take()'s «Continued from another tab» gone first (up or gone by then
            # as the machine's load had it: a toast of both notes, two lines, came over the trick's top card at
            # 1024×768 — or not)
            page.evaluate("window.kingHideToast()")
            card = page.locator("#hand.is-my-turn button.card[aria-disabled=true]").first
            card.click(force=True)
            page.mouse.move(2, 2)
            if SMALL_PHONE in look.wanted and name in ("table-4p-play", "table-6p-play"):
                page.wait_for_selector("#toast:not([hidden])")
                for over in page.evaluate(TOAST_OVER_JS):
                    look.problems.setdefault(size_id(SMALL_PHONE), []).append(
                        f"{name} at {size_id(SMALL_PHONE)} in {lang}: the toast «{over[0]}» over the trick's "
                        f"{over[1]}")
        look.screen(name, SIX_SIZES if name == "table-6p-play"
                    else PANEL_SIZES if name.startswith(("result-", "table-"))
                    else CALL_SIZES if name.startswith("call-") else None,
                    before=(lambda: call_toast(page, tab, look, cat.t("toast.continued"))) if name.startswith("call-")
                    else None)
        if name == "result-4p":  # the longest lasting note over the result panel, clear of its title
            with_lasting_note(page, look, "result-4p-lasting", PANEL_SIZES)
        if name.startswith("call-"):  # a lasting note alone where call_toast says none
            with_lasting_note(page, look, f"{name}-lasting", [size for size in LASTING_SIZES if size not in CALL_SIZES])
        if name == "call-contract":  # the list scrolled half-way, as a player may have it (at the head of a scrolled
            # list the toast lay over «Не брать взяток» at 320×400)
            look.screen("call-contract-scrolled", CALL_SIZES,
                        before=lambda: call_toast(page, tab, look, cat.t("toast.continued"), half_way=True))
        if name == "table-6p-play":  # a beginner's tip at six seats: the trick's cards lie higher, the tip too
            tips(page, True)
            look.screen("tip-6p", SIX_SIZES)
            # and a toast in its row, in the trick's head row's room: a card refused, then the longest note
            look.screen("tip-6p", SIX_SIZES, toast=lambda: joined_toast(page, tab, "", longest_note(lang)), notes=2)
            with_lasting_note(page, look, "tip-6p-lasting", LASTING_SIZES)  # (the newest alone: then the longest too)
            tips(page, False)
            with_lasting_note(page, look, "lasting-6p", [*LASTING_SIZES[:3], (320, 400), (360, 400)])
        if name == "result-6p":  # a mental table's two notes in six seats' panel (a deal over early: its longest words)
            # on a desktop: every word in view (its tall panel was four seats' or fewer's only)
            page.evaluate(MENTAL_NOTES_JS, mental_notes(lang))
            look.screen("result-6p-notes", [(1024, 768), (1280, 800)])
            page.evaluate("document.querySelectorAll('#mental-check, #mental-wait').forEach(n => n.remove())")
        if name == "result-6p":  # the expert's review of my cards in the four seats' result panel, asked there (the
            # last result: the review is the game's and deal's, the same for each table's save, and would stay)
            again = Session.from_save(next(save for screen, save, _ in made if screen == "result-4p"))
            again.seq = Session.from_save(save).seq + 500  # after this save, before the next
            take(page, tab, again.to_save(), "deal_over")
            for problem in review_in_view(page, look):
                look.problems.setdefault(size_id(REVIEW_TAP), []).append(problem)
            look.screen("review-4p", PANEL_SIZES)
        if name == first_name:  # every width, both heights, a toast of two notes up — a card refused, then the
            # longest note the page can say (where they fit; a short window shows the newer alone) —; in the six
            # sizes too
            look.screen(name, [size for size in SWEEP if size not in SIZES],
                        toast=lambda: joined_toast(page, tab, "", longest_note(lang)), notes=2)
            look.screen("toast-4p", PANEL_SIZES, toast=lambda: joined_toast(page, tab, "", longest_note(lang)), notes=2)
            with_lasting_note(page, look, "lasting-4p", LASTING_SIZES[:3])  # (it hides the toast after)
            look.screen("bar-menu", before=lambda: open_bar_menu(page))
            close_bar_menu(page)
            first_visit_dialogs(page, tab, look, tipped)
            if lang == "ru" and FLOW in wanted:
                for problem in bar_menu_works(page, look):
                    look.problem(problem)
            if not wanted & {FLOW, *map(size_id, [*FRIEND_SIZES, *CALL_SIZES, *LAST_SIX_SIZES, *LASTING_SIZES])}:
                return look  # only sweep sizes asked for
        if name == "pass-screen":  # a lasting note said over it (in the top layer)
            with_lasting_note(page, look, "pass-screen-lasting", LASTING_SIZES)
        if name == "pass-screen":  # fix 6: who deals first, named, on the screen everyone sees
            said = page.evaluate("[...document.querySelectorAll('#pass-screen .pass-dealer')].map(p => p.innerText)")
            want = cat.t("toast.rubber_other_drew", name=hot_seat_dealer, card=cat.card(hot_seat_card))
            if said != [want]:
                look.problem(f"pass screen in {lang}: {said} instead of {want!r}")
        if phase != "play":
            continue
        players = name.split("-")[1]
        if page.get_attribute("#btn-last", "aria-pressed") != "true":  # (still open from the table before)
            page.click("#btn-last")
        page.wait_for_selector("#last-inset:not([hidden])")
        # six seats' inset also on the smallest phone (a new user saw its right edge off the screen there) and in a
        # short window up to 360 px wide (beside it, the trick had 28 px at 320×400: its cards lay under the panel)
        look.screen(f"last-trick-{players}", LAST_SIX_SIZES if players == "6p" else None,
                    toast=lambda: toast_up(page))  # a toast up too
        if players == "4p":  # fix 3: Last trick and Tricks stay open while the bots play, until closed
            page.locator("#hand.is-my-turn button.card:not([aria-disabled=true])").first.click()
            page.click("#btn-history")
            page.wait_for_function(MY_TURN_OR_BREAK)
            kept = page.evaluate(KEPT_JS)
            played = Session.from_save(kept.pop("save"))
            tricks = played.history(played.view_model(0)["deal"])["tricks"]
            rows = [" ".join(e["card"] for e in t["cards"]) for t in tricks]
            # "Hide last trick" lit only while its inset shows (issue 30): the inset waits while the table
            # itself shows the last trick, and comes back with the next trick's first card
            lit = "true" if kept["trick"] else "false"
            if (kept["last"], kept["inset"], kept["tricks"]) != (lit, kept["trick"] > 0, True):
                look.problem(f"last trick or tricks closed by the bots' cards, or Hide last trick lit with no "
                             f"inset, in {lang}: {kept}")
            if kept["rows"] != rows:  # the Tricks dialog follows the bots' cards (issue 30: it stayed stale)
                look.problem(f"the open Tricks dialog shows {kept['rows']} of the deal's tricks {rows} in {lang}")
        else:
            page.click("#btn-history")
        page.wait_for_selector("#history-dialog[open]")
        with_lasting_note(page, look, f"tricks-{players}", PANEL_SIZES)  # the smallest phone too: the rows wrapped
        # under 400 px
        close_dialog(page, "history-dialog", "#history-close")
        if page.get_attribute("#btn-last", "aria-pressed") == "true":
            page.click("#btn-last")
            page.wait_for_selector("#btn-last[aria-pressed=false]")
        bar_button(page, "#btn-sheet")
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
            bar_button(page, opener)
            page.wait_for_selector(f"#{ident}[open]")
            with_lasting_note(page, look, screen)
            close_dialog(page, ident, closer)
        bar_button(page, "#btn-replay")
        page.wait_for_selector("#replay[open]")
        with_lasting_note(page, look, "replay-open")  # no file yet: the picker (a button of the page's words),
        # Continue disabled
        page.set_input_files("#replay-file", files=[{"name": "king-game.king", "mimeType": "text/plain",
                                                     "buffer": record.encode()}])
        page.wait_for_selector("body[data-replay=loaded]")
        page.click("#replay-next-trick")
        with_lasting_note(page, look, "replay")
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

    dealt: list[bool] = []

    def new_game() -> None:  # the toast of a new rubber: who deals first (a new one once the last has gone)
        if dealt and page.is_visible("#toast"):
            return
        dealt.append(True)
        page.click("#btn-new")
        page.wait_for_selector("#new-game-dialog[open]")
        page.click("#new-game-start")
        if page.evaluate("document.getElementById('replace-dialog').open"):  # a rubber in progress: asked first
            page.click("#replace-start")
        page.wait_for_selector("#toast:not([hidden])")
        page.mouse.move(2, 2)
    look.screen("new-game-toast", before=new_game)
    if lang == "en":
        for problem in hot_seat_toast_names_the_dealer(page):
            look.problem(problem)
    if lang in ("ru", "uk") and FLOW in wanted:
        for problem in rules_line_whole(page, tab, look, hearts):
            look.problem(problem)
    friends_online(page, tab, look)
    return look


WELCOME_JS = """(lang) => {  // as web/start.js shows it on a first visit (the tests' pages skip it: conftest.py),
  document.getElementById('welcome-lang').value = lang;  // Play pressed while Python starts: its "Loading the game…"
  document.getElementById('welcome-wait').hidden = false;
  document.getElementById('welcome').showModal();
}"""


def first_visit_dialogs(page: Any, tab: Any, look: Look, tipped: list[tuple[str, str, str]]) -> None:
    """What a new player meets, at every width in Russian (:data:`EVERY_WIDTH`): a first visit's welcome, the
    question before New game replaces the rubber in progress (answered *Keep playing*), and the tips on the
    table — the one of my turn mid-trick, the longest (a deal's contract and scoring), the last one in the
    result panel — turned on in *Options* (they turn themselves off as the next deal begins). The page then
    shows the first screen's save again, the tips off."""
    sizes = EVERY_WIDTH if look.lang == "ru" else PANEL_SIZES
    if not look.wanted & set(sizes):
        return
    page.evaluate(WELCOME_JS, look.lang)
    with_lasting_note(page, look, "welcome", sizes)
    page.evaluate("document.getElementById('welcome').close()")
    bar_button(page, "#btn-new")
    page.wait_for_selector("#new-game-dialog[open]")
    page.click("#new-game-start")
    page.wait_for_selector("#replace-dialog[open]")
    with_lasting_note(page, look, "new-game-question", sizes)
    page.click("#replace-keep")
    page.wait_for_function("!document.getElementById('new-game-dialog').open")
    tips(page, True)
    # the trick shortened by the tip, a toast up in the tip's row: the longest note the page can say, alone — as it
    # stays once a card refused before it has gone (the row shows the newest note alone, in a line if another is up,
    # in two if not: two notes up, the walk saw Tricks' and Last trick's tap areas whole, which the lasting note
    # alone covered at 480–800 × 740 in Russian)
    longest = longest_note(look.lang)
    look.screen("tip-follow", sizes, before=lambda: lasting_toast(page, longest))
    page.click("#btn-last")  # an upright phone's felt with the Last trick panel at its head, a tip and a toast:
    page.wait_for_selector("#last-inset:not([hidden])")  # the toast once lay over the trick's top cards there
    look.screen("tip-follow-last", [SMALL_PHONE, (360, 740)], before=lambda: lasting_toast(page, longest))
    page.evaluate("window.kingHideToast()")  # (the longest note lasts)
    page.click("#btn-last")
    page.wait_for_selector("#last-inset", state="hidden")
    for name, save, phase in tipped:
        take(page, tab, save, phase)
        tips(page, bool(name))
        if name:
            look.screen(name, sizes)
        if name == "tip-over":  # the review asked with the last tip in the panel: the panel's longest content
            for problem in review_in_view(page, look):
                look.problems.setdefault(size_id(REVIEW_TAP), []).append(problem)
            look.screen("tip-review", sizes)


CALL_SCROLLED_JS = """() => {  // how far the call screen is scrolled down with its first option in view at its head
  const c = document.getElementById('call-screen'), first = c.querySelector('button[data-move]');
  const below = first.getBoundingClientRect().bottom - c.getBoundingClientRect().top + c.scrollTop;
  return below <= c.clientHeight ? c.scrollTop : 0;
}"""
SCROLL_HALF_JS = """() => { const c = document.getElementById('call-screen');
  c.scrollTop = (c.scrollHeight - c.clientHeight) / 2; }"""
OWN_NOTE_JS = """(note) => [...document.querySelectorAll('#toast:not([hidden]) .toast-note')]
  .some(n => n.textContent === note)"""


def other_tab_toast(page: Any, tab: Any, note: str, half_way: bool = False) -> None:
    """A toast up over a call screen, this one: ``note`` ("Continued from another tab": the same position saved again
    by another tab, with the next counter); nothing if it is up already (it stays three seconds). A note left from
    the screen before (a card refused at the table) goes first: whether it was still up was the run's timing (the
    walk of one size got there in time and checked that note's toast, the walk of all in a whole run did not).
    ``half_way``: the call screen then scrolled half-way down, as a player may have it."""
    if not page.evaluate(OWN_NOTE_JS, note):
        page.evaluate("window.kingHideToast()")  # (gone now, not in its 3 s)
        page.wait_for_selector("#toast", state="hidden")
        again = Session.from_save(page.evaluate("localStorage.getItem(window.kingSaveKey)"))
        again.seq += 1
        tab.write({SAVE_KEY: again.to_save()})
        page.wait_for_function(OWN_NOTE_JS, arg=note)
    if half_way:
        page.evaluate(SCROLL_HALF_JS)


def call_toast(page: Any, tab: Any, look: Look, note: str, half_way: bool = False) -> None:
    """A toast up over a call screen: on an upright phone (up to 640 px wide, over 500 high) the longest note the page
    can say (:func:`longest_note`, lasting: it grew over North's numbers and card backs there), else ``note`` (as
    :func:`other_tab_toast`, the longest gone first); ``half_way``: the call screen then scrolled half-way down."""
    longest = longest_note(look.lang)
    if look.size is not None and look.size[0] <= 640 and look.size[1] > 500:
        lasting_toast(page, longest)  # (alone: the row of top seats must stay in view)
        if half_way:
            page.evaluate(SCROLL_HALF_JS)
        return
    if page.evaluate(OWN_NOTE_JS, longest):
        page.evaluate("window.kingHideToast()")
    other_tab_toast(page, tab, note, half_way)


def toast_up(page: Any) -> None:
    """A toast up over the table mid-trick (my turn): a card I may not play tapped ("You must follow ♠"), the
    pointer then away; nothing if one is up already (it stays three seconds: a tap a size would cost more)."""
    if page.is_visible("#toast"):
        return
    page.locator("#hand.is-my-turn button.card[aria-disabled=true]").first.click(force=True)
    page.mouse.move(2, 2)
    page.wait_for_selector("#toast:not([hidden])")


NOTES_JS = "() => document.querySelectorAll('#toast:not([hidden]) .toast-note').length"
TOAST_CODES = ("net.reshuffle", "net.copied", "net.copy_failed", "net.host_lost", "net.bad_host",
               "net.unreachable_host", "net.unreachable_friend", "net.invite.lost", "net.mental.host_reloaded",
               "net.mental.reloaded", "net.mental.host_reloaded_dealing", "net.mental.reloaded_dealing",
               "net.mental.redealt", "net.mental.sits_out_host", *(f"net.mental.{k}" for k in (
                   "left_out", "sat_out", "annulled", "cheat", "stalled", "renege", "refused", "awaiting")))
"""The codes of the notes the page says in its toast besides ``toast.*`` (web/king: each ``show_toast``'s words;
king/netmental.py's ``SAID``, king/render/wait.py's ``RELOAD_WORDS``)."""


@functools.cache
def longest_note(lang: str) -> str:
    """The longest note the page can say in its toast in ``lang``: of every ``toast.*`` code and
    :data:`TOAST_CODES`, with a name of 20 wide letters, deal 14 and the longest why of a deal's annulment (in
    Russian «Не удаётся соединиться со страницей хозяина стола: …», 246 characters)."""
    cat, name = Catalog.from_mo(compiled(lang)), LONG_NAMES[0]
    codes = [code for code in msgids(lang) if code.startswith("toast.")] + list(TOAST_CODES)
    why = max((cat.t(c, name=name) for c in msgids(lang) if c.startswith("net.mental.try_")), key=len)
    return max((cat.t(c, deal=14, name=name, why=why, card=cat.card("QS")) for c in codes), key=len)


LASTING_JS = """(note) => { const notes = [...document.querySelectorAll('#toast:not([hidden]) .toast-note')];
  window.kingLookLasting = note;  // (CHECK_JS: the row of top seats in view while it shows alone)
  if (notes.length === 1 && notes[0].textContent === note) return true;
  window.kingHideToast();
  window.kingSayToast(note);
  return false;
}"""


def lasting_toast(page: Any, note: str) -> None:
    """The toast up with ``note`` alone (a lasting one: :func:`longest_note`), as it stays once the notes before it
    have gone; nothing if it shows so already (a call to the browser a size)."""
    if not page.evaluate(LASTING_JS, note):
        page.wait_for_function(f"(note) => ({NOTES_JS})() === 1 && ({OWN_NOTE_JS})(note)", arg=note)


def with_lasting_note(page: Any, look: Look, name: str, sizes: list[tuple[int, int]] | None = None) -> None:
    """``name`` looked at (:meth:`Look.screen`) with the longest note the page can say up alone, lasting
    (:func:`lasting_toast`: over a dialog or the pass screen in the top layer, clear of the dialog's title and
    buttons; over the table, the row of top seats in view), then the toast gone (the next screen's toast its own)."""
    longest = longest_note(look.lang)
    look.screen(name, sizes, before=lambda: lasting_toast(page, longest))
    page.evaluate("window.kingHideToast()")


def joined_toast(page: Any, tab: Any, note: str, longest: str | None = None) -> None:
    """Two notes up in the toast over the table mid-trick (my turn), a line each: ``note`` ("Continued from another
    tab": the same position saved again by another tab, with the next counter) and, while it shows, a card I may not
    play tapped ("You must follow ♠"); nothing if two are up already. Each goes three seconds after it came: on a
    loaded machine the first may go before the second comes — then both again. ``longest``: the card refused first,
    then that note said, lasting (:func:`longest_note`: the newest, which a short window shows alone)."""
    for _ in range(5):
        if page.evaluate(NOTES_JS) >= 2:
            return
        page.evaluate("window.kingHideToast()")
        if longest is not None:
            page.locator("#hand.is-my-turn button.card[aria-disabled=true]").first.click(force=True)
            page.mouse.move(2, 2)
            page.wait_for_function(f"({NOTES_JS})() >= 1")
            page.evaluate("(words) => window.kingSayToast(words)", longest)
            continue
        again = Session.from_save(page.evaluate("localStorage.getItem(window.kingSaveKey)"))
        again.seq += 1
        tab.write({SAVE_KEY: again.to_save()})
        page.wait_for_function(OWN_NOTE_JS, arg=note)
        page.locator("#hand.is-my-turn button.card[aria-disabled=true]").first.click(force=True)
        page.mouse.move(2, 2)
        page.wait_for_function(f"([note]) => ({NOTES_JS})() >= 2 || !({OWN_NOTE_JS})(note)", arg=[note])
    raise AssertionError("no toast of two notes in five tries")


TOAST_OVER_JS = """() => {  // the trick's cards the toast lies over (by over 2 px each way)
  const t = document.getElementById('toast').getBoundingClientRect();
  return [...document.querySelectorAll('#trick .card')].filter(c => { const r = c.getBoundingClientRect();
    return Math.min(t.right, r.right) - Math.max(t.left, r.left) > 2
           && Math.min(t.bottom, r.bottom) - Math.max(t.top, r.top) > 2;
  }).map(c => [document.getElementById('toast').innerText, c.dataset.card]);
}"""

REVIEW_TAP = (360, 740)
"""The size at which *Review my cards* is tapped (a phone upright, where the review once came below the panel's
visible part)."""
REVIEW_IN_VIEW_JS = """() => {  // the review's first words in view in the result panel, above its buttons
  const panel = document.getElementById('center-panel'), review = document.querySelector('#center-panel #review');
  const buttons = [...panel.querySelectorAll('.panel-buttons')].filter(p => p.offsetParent);
  const r = review.firstElementChild.getBoundingClientRect(), p = panel.getBoundingClientRect();
  const foot = Math.min(p.bottom, ...buttons.filter(b => getComputedStyle(b).position === 'sticky')
                                              .map(b => b.getBoundingClientRect().top));
  return r.top >= p.top - 1 && r.top + 16 <= foot ? '' : `the review's top at ${Math.round(r.top)}, the panel's `
    + `view ${Math.round(p.top)}–${Math.round(foot)} (content ${panel.scrollHeight} px in ${panel.clientHeight})`;
}"""


def review_in_view(page: Any, look: Look) -> list[str]:
    """*Review my cards* tapped on a phone upright (:data:`REVIEW_TAP`, if looked at): the review comes into
    the panel's view, not below it. The problems found (none if the review of this game's deal is shown already:
    the page keeps it)."""
    if not page.is_visible("#btn-review"):
        page.wait_for_selector("#center-panel #review .review-table tbody tr")
        return []
    tap = REVIEW_TAP in look.wanted
    if tap:
        look.as_touch(True)
        look.resize(*REVIEW_TAP, settle=True)
    page.click("#btn-review")
    page.wait_for_selector("#center-panel #review .review-table tbody tr")
    page.mouse.move(2, 2)
    if not tap:
        return []
    page.evaluate(FRAMES_JS)
    said = page.evaluate(REVIEW_IN_VIEW_JS)
    return [f"review tapped at {size_id(REVIEW_TAP)} in {look.lang}: {said}"] if said else []


def tips(page: Any, on: bool) -> None:
    """The tips turned on (shown for the deal on the table) or off in *Options*."""
    bar_button(page, "#btn-options")
    page.wait_for_selector("#options-dialog[open]")
    page.set_checked("#ui-tips", on)
    close_dialog(page, "options-dialog", "#options-close")
    page.wait_for_selector("#tip:not([hidden]), #panel-tip", state="attached" if on else "detached")
    page.mouse.move(2, 2)


FRAMES_JS = "() => new Promise(done => requestAnimationFrame(() => requestAnimationFrame(done)))"
"""Two frames on: the resize a new viewport size brings has been handled (it closes the "⋯" menu)."""


def open_bar_menu(page: Any) -> None:
    """The bar's "⋯" menu open, if the bar has folded buttons into it at this size."""
    page.evaluate(FRAMES_JS)
    close_bar_menu(page)
    if page.is_visible("#btn-more"):
        page.click("#btn-more")
        page.wait_for_selector("#bar-menu:popover-open")
        page.evaluate(FRAMES_JS)
        assert page.evaluate(bar.MENU_OPEN), "the ⋯ menu closed by itself"


def close_bar_menu(page: Any) -> None:
    if page.evaluate(bar.MENU_OPEN):
        page.evaluate("document.getElementById('bar-menu').hidePopover()")


BAR_MENU_JS = """() => { const menu = document.getElementById('bar-menu'), more = document.getElementById('btn-more');
  return {open: menu.matches(':popover-open'), expanded: more.getAttribute('aria-expanded'),
          focus: document.activeElement === more ? 'more' : menu.contains(document.activeElement) ? 'menu'
                 : document.activeElement.id || document.activeElement.tagName}; }"""


def bar_menu_works(page: Any, look: Look) -> list[str]:
    """The bar's "⋯" menu as a keyboard uses it, at 740×360 (a landscape phone, where the bar folds most of its
    buttons): a real button with ``aria-expanded``; Enter opens it and Tab goes into it; Escape closes it and
    the focus is back on "⋯"; a folded button's dialog, opened from the menu, gives the focus back to "⋯" when
    it closes; a folded button's key (O: the options) still works with the menu closed. The problems found."""
    look.resize(740, 360, settle=True)
    if not page.locator("#btn-more").count():
        return ["the bar has no ⋯ button"]
    page.wait_for_selector("#btn-more:not([hidden])")
    problems, seen = [], []
    if page.get_attribute("#btn-more", "aria-expanded") != "false" or page.evaluate(
            "document.getElementById('btn-more').tagName") != "BUTTON":
        problems.append("the bar's ⋯ is not a button that says it is closed")
    page.focus("#btn-more")
    page.keyboard.press("Enter")
    seen.append(page.evaluate(BAR_MENU_JS))
    page.keyboard.press("Tab")
    seen.append(page.evaluate(BAR_MENU_JS))
    page.keyboard.press("Escape")
    seen.append(page.evaluate(BAR_MENU_JS))
    want = [{"open": True, "expanded": "true", "focus": "more"}, {"open": True, "expanded": "true", "focus": "menu"},
            {"open": False, "expanded": "false", "focus": "more"}]
    if seen != want:
        problems.append(f"the bar's ⋯ menu by keyboard: {seen} instead of {want}")
    if not page.evaluate("!!document.querySelector('#bar-menu #btn-options')"):
        return [*problems, "Options is not folded into the ⋯ menu at 740×360"]
    page.click("#btn-more")
    page.click("#bar-menu #btn-options")
    page.wait_for_selector("#options-dialog[open]")
    page.keyboard.press("Escape")
    page.wait_for_function("!document.getElementById('options-dialog').open")
    after = page.evaluate(BAR_MENU_JS)
    if after != {"open": False, "expanded": "false", "focus": "more"}:
        problems.append(f"after the options opened from the ⋯ menu closed: {after}")
    page.mouse.move(2, 2)
    page.keyboard.press("o")
    if not page.evaluate("document.getElementById('options-dialog').open"):
        problems.append("the key O does nothing while Options is folded into the ⋯ menu")
    close_dialog(page, "options-dialog", "#options-close")
    return problems


WHOLE_RULES_JS = """() => { const r = document.getElementById('contract-rules');
  return r.textContent.includes('♥') && r.scrollHeight <= r.clientHeight + 1; }"""


def rules_line_whole(page: Any, tab: Any, look: Look, hearts: str) -> list[str]:
    """The bar's scoring and rules of a hearts deal on a touch screen: whole at 740×360 (its "no ♥ lead" rule was
    cut off there) and at 360×740 (in Ukrainian two lines in the narrow bar's contract column cut it: a new user's
    touch had no hover for its title); at 480×400 and 320×568, where two lines may not hold it, whole once the
    contract is tapped (a touch through the DevTools protocol, as a finger's). The problems found (the page then
    shows the hearts deal)."""
    take(page, tab, hearts, "play")
    look.as_touch(True)
    problems = []
    for size, tap in (((740, 360), False), ((360, 740), False), ((480, 400), True), ((320, 568), True)):
        look.resize(*size, settle=True)
        if tap:
            box = page.locator("#contract").bounding_box()
            at = {"x": box["x"] + box["width"] / 2, "y": box["y"] + box["height"] / 2}
            look.cdp.send("Input.dispatchTouchEvent", {"type": "touchStart", "touchPoints": [at]})
            look.cdp.send("Input.dispatchTouchEvent", {"type": "touchEnd", "touchPoints": []})
            try:
                page.wait_for_function("document.activeElement === document.getElementById('contract')", timeout=10_000)
            except PlaywrightError:
                problems.append(f"a tap on the contract at {size_id(size)} does not select it")
            page.evaluate(FRAMES_JS)
        if not page.evaluate(WHOLE_RULES_JS):
            how = " once tapped" if tap else ""
            problems.append(f"the hearts deal's rules in the bar cut at {size_id(size)}{how}: "
                            + page.inner_text("#contract-rules"))
        page.evaluate("document.activeElement.blur()")
    return problems


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
            if page.evaluate("document.getElementById('replace-dialog').open"):  # a rubber played in (no new
                page.click("#replace-start")  # game's toast looked at before, in the sizes selected): asked first
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


WALKS: dict[tuple[str, str], dict[str, list[str]] | BaseException] = {}
"""Each language's walks (by language and walk: every screen, ``""``, or :data:`WIDTHS`), once a run (the first
of a walk's tests to run looks; its other tests read what was found, on another pytest-xdist worker too:
:func:`shared_look`): the problems by size and :data:`FLOW`, or what stopped the look."""


CRASHED: dict[tuple[str, str], bool] = {}
"""The walks whose look Chromium's crash stopped once (the walk's next test looks again)."""


def walked(lang: str, walk: str, request: pytest.FixtureRequest, artifacts: Path) -> dict[str, list[str]]:
    """What the look at every screen in ``lang`` found, looking first if no test of that walk has here (in the
    sizes of the walk's tests this run selected)."""
    key = (lang, walk)
    if key not in WALKS:
        with shared_look(key, request):
            look_once(key, request, artifacts)
    found = WALKS[key]
    if isinstance(found, BaseException):
        raise AssertionError(f"the look at every screen in {lang} stopped: {found!r}")
    return found


@contextlib.contextmanager
def shared_look(key: tuple[str, str], request: pytest.FixtureRequest) -> Iterator[None]:
    """Under pytest-xdist, one look a walk for the whole run: a worker that was handed a walk's test from another's
    queue (``--dist worksteal``, once a run's last minutes) reads what the other's look found — from a file of the
    run's temporary folder, written while the walk's lock is held — rather than walking every screen again (≈ 50 s
    of two busy cores); while that look is still going, it waits for it. Whatever this worker's look finds (or what
    stopped it) is written there. In one process, or without ``fcntl``: nothing shared."""
    try:
        import fcntl
    except ImportError:  # not POSIX
        fcntl = None  # type: ignore[assignment]
    if "PYTEST_XDIST_WORKER" not in os.environ or fcntl is None:
        yield
        return
    shared = request.getfixturevalue("tmp_path_factory").getbasetemp().parent  # the run's, every worker's
    path = shared / f"layout-walk-{'-'.join(filter(None, key))}.json"
    with open(path.with_suffix(".lock"), "w") as lock:
        fcntl.flock(lock, fcntl.LOCK_EX)
        if path.exists():
            kept = json.loads(path.read_text(encoding="utf-8"))
            WALKS[key] = AssertionError(kept["stopped"]) if "stopped" in kept else kept["found"]
            yield
            return
        try:
            yield
        finally:
            found = WALKS.get(key)
            if found is not None:
                kept = {"stopped": repr(found)} if isinstance(found, BaseException) else {"found": found}
                path.write_text(json.dumps(kept), encoding="utf-8")


def look_once(key: tuple[str, str], request: pytest.FixtureRequest, artifacts: Path) -> None:
    """This worker's look at every screen of the walk ``key`` (:data:`WALKS`), unless another's look was read."""
    lang = key[0]
    if key not in WALKS:
        wanted = {str(item.callspec.params["size"]) for item in request.session.items
                  if getattr(item, "originalname", None) == request.node.originalname
                  and (item.callspec.params["lang"], item.callspec.params["walk"]) == key
                  and item.get_closest_marker("skip") is None}
        out = artifacts / "layout"
        out.mkdir(exist_ok=True)
        try:
            look = look_everywhere(lang, request.getfixturevalue("warm_game"), request.getfixturevalue("warm_tab"),
                                   out, wanted)
        except BaseException as e:
            if "crashed" not in str(e) or CRASHED.get(key):  # Chromium's rare crash (conftest.py): once more
                WALKS[key] = e
            CRASHED[key] = True
            raise
        if FLOW in wanted and {size_id(size) for size in SIZES} <= wanted and len(look.seen) < 25 * len(SIZES):
            look.problem(f"only {len(look.seen)} screens and sizes looked at: {look.seen}")
        WALKS[key] = look.problems
        (out / f"problems-{'-'.join(filter(None, key))}.txt").write_text(
            "\n".join(p for found in look.problems.values() for p in found), encoding="utf-8")


def layout_params() -> list[Any]:
    """Each language with each size and :data:`FLOW`, in its walk (the sizes only the sweep looks at: :data:`WIDTHS`,
    their ids ``ru-widths-400x740``); those sizes are ``slow`` in English and Ukrainian (``python build.py test --
    -m slow``): every width of the everyday run is in Russian, whose words are the longest."""
    sweep_only = (set(SWEEP) - set(SIZES) - set(FRIEND_SIZES) - set(CALL_SIZES) - set(LAST_SIX_SIZES)
                  - set(LASTING_SIZES))
    return [pytest.param(lang, WIDTHS if size in sweep_only else "", size_id(size),
                         marks=[pytest.mark.slow] if lang != "ru" and size in sweep_only else [],
                         id=f"{lang}-{WIDTHS}-{size_id(size)}" if size in sweep_only else f"{lang}-{size_id(size)}")
            for lang in LANGS for size in ALL_SIZES] + [pytest.param(lang, "", FLOW, id=f"{lang}-{FLOW}")
                                                        for lang in LANGS]


@pytest.mark.same_page("lang", "walk")
@pytest.mark.parametrize(("lang", "walk", "size"), layout_params())
def test_layout(lang: str, walk: str, size: str, request: pytest.FixtureRequest, artifacts: Path) -> None:
    """The page in ``lang`` at ``size`` (``"1024x768"``; every screen at :data:`SIZES`, the table mid-trick at
    :data:`SWEEP`, a friend's at :data:`FRIEND_SIZES`), or what it does while looked at (:data:`FLOW`). One
    page a language and ``walk`` (every screen, or :data:`WIDTHS`): ``-k "ru and 1024x768"`` looks at every
    screen in Russian at 1024×768 only."""
    found = walked(lang, walk, request, artifacts)
    assert size in found, f"{size} in {lang} was never looked at"
    problems = found[size]
    assert not problems, "\n".join([f"{len(problems)} layout problems:", *problems[:80]])
