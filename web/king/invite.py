"""One link or code block of friends online: the table's one link, a seat's own link or its code link (the
host's), or a friend's answer code, with **Copy** (the Clipboard API; a toast says it is copied), **Share** (only where
``navigator.share`` exists), its QR code and a status line. ``king.net`` (the host's invite panel) and
``king.guest`` (the guest's join screen) call :func:`invite_block`.

The QR code is drawn by ``kingcore.online.qr`` with segno, whose wheel (``wheels/segno-*.whl``, vendored by the
build and precached for offline play) this module installs the first time a block is shown — never while
the page starts. The picture goes into the document as an ``<img>`` of a ``data:`` URL built from segno's
SVG of our own text (checked against ``kingcore.online.qr.SVG_SHAPE``): no markup of it is ever parsed into the
page, and an SVG in an ``<img>`` runs nothing.

Markup of a block (inside the element given, e.g. netpage's ``#invite-<seat>``)::

    div.invite[data-kind=room|seat|invite|answer]
      label > span + input[readonly][data-room-link]   (data-seat-link, data-invite-link, data-answer-code)
      div.invite-actions > button[data-copy] + button[data-share] (absent without navigator.share)
      figure.invite-qr[data-qr=loading|ready|failed] > img.qr[alt] | figcaption
      p.invite-status[role=status][data-state]
      …the nodes the caller adds (``after``: the answer field and Connect)

Test hook: with ``?king-test`` in the address, ``window.kingInviteBlock(kind, text)`` draws a block into
``#invite-test`` (made at the end of ``<body>``) — see :func:`test_hook`.
"""

from __future__ import annotations

import asyncio
import base64
from collections.abc import Callable
from typing import Any

from pyscript import document, window
from pyscript.ffi import create_proxy, is_none, to_js

from .dom import Node, h
from .draw import put
from .state import spawn
from .words import Catalog

QR_WHEEL = "__SEGNO_WHEEL__"
"""The segno wheel's URL, relative to the page (the build writes it: ``sitebuild.site.QR_MARK``)."""

KINDS = {"invite": "data-invite-link", "answer": "data-answer-code", "room": "data-room-link",
         "seat": "data-seat-link"}
"""A block's kind -> the mark of its read-only field (the ids the automated checks use): a seat's code link, a
friend's answer code, the table's one link, a seat's own (reserved) link."""

SEAT_STATES = {"waiting": "net.seat.waiting"}
"""A code link's state (``data-state`` of its block's status line) -> its words: its friend not yet here."""

HOST_WORDS = ("net.invite.title", "net.seat.heading", "net.invite.help", "net.invite.answer", "net.invite.connect",
              "net.invite.reinvite", "net.invite.start_bots", "net.invite.give_bot",
              "net.invite.wait", "net.invite.lost", "net.invite.bad_answer", "net.to_connect",
              "net.connected_count", "net.no_connection", "net.hints_allowed", "net.waiting_for",
              "net.invite.seat_taken", "net.invite.invite_used", "net.invite.own_link")
"""The host's words of the feature that ``king.net`` and the new-game dialog draw (written with this module,
named here so that each has a user the catalog check sees)."""

GUEST_WORDS = ("net.join.title", "net.join.question", "net.join.rules", "net.join.name", "net.join.accept",
               "net.join.answer_title", "net.join.answer_help", "net.join.bad_link", "net.join.connected",
               "net.connecting", "net.closed", "net.host_lost", "net.refused", "net.unfair", "net.unfair_deal",
               "net.reshuffle", "net.fair", "net.waiting_for", "net.no_connection", "net.join.no_connection",
               "net.wait_deal")
"""The guest's words of the feature that ``king.guest`` draws (issue 19), named here as :data:`HOST_WORDS`.
A refusal's reason (``kingcore.online.REASONS``) has its words as ``reason.<code>``, as a refused move's."""

_qr_loaded: asyncio.Task[None] | None = None


async def _load_qr() -> None:
    """Install the segno wheel into this page's Python (once; the service worker has it offline)."""
    import pyodide_js  # type: ignore[import-not-found]  # Pyodide's own JS API: only in the browser

    await pyodide_js.loadPackage(str(window.URL.new(QR_WHEEL, window.location.href).href))


def qr_loaded() -> asyncio.Task[None]:
    """The one install of the QR encoder (started by the first call)."""
    global _qr_loaded
    if _qr_loaded is None or (_qr_loaded.done() and (_qr_loaded.cancelled() or _qr_loaded.exception() is not None)):
        _qr_loaded = asyncio.ensure_future(_load_qr())
    return _qr_loaded


def svg_data_url(svg: str) -> str:
    """``svg`` (segno's picture of our own text) as a ``data:`` URL for an ``<img>``."""
    return "data:image/svg+xml;base64," + base64.b64encode(svg.encode()).decode()


class InviteBlock:
    """One drawn block (see the module docstring); :meth:`status` changes its status line."""

    drawn = 0
    """Blocks drawn so far in this page: each block's ``data-block`` number."""

    def __init__(self, node: Any, cat: Catalog, kind: str, text: str, toast: Callable[[str], None],
                 used: Callable[[], None] | None = None) -> None:
        self.node, self.cat, self.kind, self.text, self.toast, self.used = node, cat, kind, text, toast, used
        self.proxy = create_proxy(self.clicked)
        InviteBlock.drawn += 1
        self.number = InviteBlock.drawn

    def nodes(self, title: str, status: str, state: str, after: list[Node]) -> Node:
        """The block's markup (escaped: ``text`` is an attribute value)."""
        t = self.cat.t
        field = h("input", {"type": "text", "readonly": True, KINDS[self.kind]: True, "value": self.text,
                            "spellcheck": "false", "autocomplete": "off", "class": "invite-code",
                            "data-wide": True})  # a one-line field of a long code: it scrolls, by design
        can_share = not is_none(getattr(window.navigator, "share", None))
        qr_label = t("net.qr_answer" if self.kind == "answer" else "net.qr")
        return h("div", {"class": "invite", "data-kind": self.kind, "data-block": self.number},
                 h("label", {"class": "invite-field"}, h("span", None, title), " ", field),
                 h("div", {"class": "invite-actions"},
                   h("button", {"type": "button", "class": "btn", "data-copy": True}, t("net.copy")),
                   can_share and h("button", {"type": "button", "class": "btn", "data-share": True}, t("net.share"))),
                 h("figure", {"class": "invite-qr", "data-qr": "loading", "aria-label": qr_label},
                   h("figcaption", None, t("net.qr_loading"))),
                 h("p", {"class": "invite-status", "role": "status", "data-state": state}, status),
                 after)

    def draw(self, title: str, status: str, state: str, after: list[Node]) -> None:
        """Put the block in its element and start drawing its QR code."""
        put(self.node, [self.nodes(title, status, state, after)])
        self.node.addEventListener("click", self.proxy)
        spawn(self.draw_qr())

    async def draw_qr(self) -> None:
        """The QR code of the block's text, once the encoder is installed; a note in its place if it cannot
        be drawn (too long a text, or no encoder: the field and Copy still work)."""
        figure = self.node.querySelector("figure.invite-qr")
        try:
            await qr_loaded()
            from kingcore.online import qr_svg  # draws with segno: only after its wheel is in

            svg = qr_svg(self.text)
        except Exception as e:
            window.console.warn(f"king: no QR code: {e}")
            if not is_none(figure):
                put(figure, [h("figcaption", None, self.cat.t("net.qr_failed"))], None)
                figure.dataset.qr = "failed"
            return
        if is_none(figure) or is_none(self.node.querySelector(f'.invite[data-block="{self.number}"]')):
            return  # redrawn meanwhile
        alt = str(figure.getAttribute("aria-label"))
        put(figure, [h("img", {"class": "qr", "src": svg_data_url(svg), "alt": alt, "width": "240",
                               "height": "240"})], None)
        figure.removeAttribute("aria-label")
        figure.dataset.qr = "ready"

    def status(self, words: str, state: str = "") -> None:
        """The status line: ``words``, and ``state`` (e.g. a seat's state, :data:`SEAT_STATES`) as its
        ``data-state``."""
        line = self.node.querySelector(".invite-status")
        if not is_none(line):
            line.textContent = words
            line.dataset.state = state

    def clicked(self, event: Any) -> None:
        """Copy or Share pressed."""
        mine = self.node.querySelector(f'.invite[data-block="{self.number}"]')
        if is_none(mine):  # another block was drawn in this element since (a re-invite): this one is gone
            self.node.removeEventListener("click", self.proxy)
            return
        button = event.target.closest("button")
        if is_none(button) or not mine.contains(button):
            return
        if button.hasAttribute("data-copy"):
            spawn(self.copy())
        elif button.hasAttribute("data-share"):
            spawn(self.share())
        else:
            return
        if self.used is not None:  # a seat's own link copied or shared: the seat is kept for its holder
            self.used()

    async def copy(self) -> None:
        """The text to the clipboard (the Clipboard API; else the old select-and-copy); a toast says so."""
        try:
            await window.navigator.clipboard.writeText(self.text)
            done = True
        except Exception:
            field = self.node.querySelector("input.invite-code")
            done = not is_none(field) and bool(field.select() or document.execCommand("copy"))
        self.node.dataset.copied = "true" if done else "false"  # a mark for the tests
        self.toast(self.cat.t("net.copied" if done else "net.copy_failed"))

    async def share(self) -> None:
        """The system's share sheet: the link as a URL, an answer code as text. Cancelling it is no error."""
        t = self.cat.t
        data = ({"title": t("net.share_answer"), "text": self.text} if self.kind == "answer"
                else {"title": t("net.share_title"), "url": self.text})
        try:
            await window.navigator.share(to_js(data))
        except Exception as e:
            window.console.info(f"king: not shared: {e}")


def invite_block(node: Any, cat: Catalog, kind: str, text: str, *, title: str, status: str = "",
                 state: str = "", toast: Callable[[str], None], after: list[Node] | None = None,
                 used: Callable[[], None] | None = None) -> InviteBlock:
    """Draw one block into ``node`` (an element; what it held goes) and return it: the table's one link
    (``kind="room"``), a seat's own link (``"seat"``), a seat's code link (``"invite"``) or a friend's answer
    code (``"answer"``).

    ``text`` is the link or the code (any length: a text no QR code holds gets a note instead of the
    picture); ``title`` the field's label in words (e.g. ``cat.t("net.room.link")``); ``status``
    and ``state`` the first status line (see :meth:`InviteBlock.status`); ``toast`` shows a short note (the
    page's ``State.show_toast``); ``after``: nodes drawn at the block's end (the host's answer field and
    Connect); ``used``: called when Copy or Share is pressed (a seat's own link: the seat is kept for its
    holder). Raises ``KeyError`` for another ``kind``. The QR code follows within a moment
    (``figure[data-qr=ready]``); the first block of a page installs the encoder first.
    """
    if kind not in KINDS:  # before anything is drawn
        raise KeyError(kind)
    block = InviteBlock(node, cat, kind, text, toast, used)
    block.draw(title, status, state, after or [])
    return block


def no_double_click_select(node: Any) -> None:
    """A double click inside ``node`` (the invite panel, the join screen) selects no text but in its fields
    (where it selects a word to copy): its second click often lands on what the first one drew — Join's
    answer block, a seat's new link and QR code after *Give the seat to a bot* (testers' finds). Buttons and
    QR codes are also ``user-select: none`` (style.css)."""
    node.addEventListener("mousedown", create_proxy(_mousedown))


def _mousedown(event: Any) -> None:
    if int(event.detail or 0) > 1 and is_none(event.target.closest("input, textarea")):
        event.preventDefault()


def test_hook(cat: Catalog, toast: Callable[[str], None]) -> Callable[[str, str], None]:
    """``window.kingInviteBlock(kind, text)`` for the browser tests (only with ``?king-test``): a block drawn
    into ``#invite-test`` at the end of ``<body>``."""

    def draw(kind: str, text: str) -> None:
        node = document.getElementById("invite-test")
        if is_none(node):
            node = document.createElement("section")
            node.id = "invite-test"
            document.body.append(node)
        invite_block(node, cat, str(kind), str(text), title=cat.t("net.invite.link"),
                     status=cat.t(SEAT_STATES["waiting"]), state="waiting", toast=toast)

    return draw
