"""Drawing into the document: the renderers' nodes (``king.render``) put in place, keeping what must be
kept between draws — the cards on the table (keyed by card, so only a newly played one fades in), the focus
in the hand and on the call screen, the panel's first focus. The only module that sets ``innerHTML``, and
only to the element builder's escaped markup.

Size: over 400 lines because what a draw keeps between draws (the focus, the keyed cards, what was last put where,
so that a card played writes only what it changed) is kept by the one class that draws the table's pieces."""

from __future__ import annotations

import json
from typing import Any

from pyscript import document, window
from pyscript.ffi import is_none, to_js

from kingcore.web import HUMAN, ViewModel

from . import names
from .dom import Node, h, markup
from .render import calls, dialog, hand, panels, sheet, status, table, trick
from .render.rules import set_changes
from .words import Catalog, name, position


def el(ident: str) -> Any:
    return document.getElementById(ident)


def put(node: Any, nodes: list[Node] | list[Node | str], given: list[str | None] | str | None = names.TABLE) -> None:
    """Replace ``node``'s children with the builder's nodes (escaped markup; people's names — ``given``,
    by default the table's — filled in as text afterwards, ``king.names``)."""
    put_markup(node, markup(nodes), given)


def put_markup(node: Any, text: str, given: list[str | None] | str | None = names.TABLE) -> None:
    """:func:`put` of markup already made (``king.dom.markup``)."""
    node.innerHTML = text
    names.fill(node, text, given)


def set_text(node: Any, text: str) -> None:
    """``node``'s text, written only when it changes: an unchanged write still replaces the text node, which
    makes the browser lay the page out again and wakes the bar's observer (``king.barmenu``) to measure it."""
    if str(node.textContent) != text:
        node.textContent = text


def set_name(node: Any, title: str, trump: str) -> None:
    """The contract's name in the bar (``node``), its called trump (``trump``, or "") in a span of its own
    (``.contract-trump``), which the style sheet keeps whole while the name (``.contract-title``) shortens."""
    if not trump:
        set_text(node, title)
        return
    parts = []
    for cls, text in (("contract-title", title), ("contract-trump", trump)):
        part = document.createElement("span")
        part.className = cls
        part.textContent = text
        parts.append(part)
    node.replaceChildren(*parts)


def set_deal(text: str) -> None:
    """The deal's number ("Deal 3 of 14", or ``""``) in the bar (``#deal-no``) and atop its "⋯" menu
    (``#menu-deal``, shown where the bar has no room for it: a phone held sideways)."""
    for ident in ("deal-no", "menu-deal"):
        set_text(el(ident), text)


def blob_url(text: str, old: str | None) -> str:
    """An object URL of ``text`` as a file (``old`` revoked)."""
    if old:
        window.URL.revokeObjectURL(old)
    return str(window.URL.createObjectURL(window.Blob.new(to_js([text]), to_js({"type": "text/plain"}))))


HAND_STEPS = {"ArrowLeft": -1, "ArrowUp": -1, "ArrowRight": 1, "ArrowDown": 1}
"""The keys that move the focus through my hand, one card back or on (Home and End: to either end)."""
SAY_KEEP = 8
"""Sentences the live region keeps (a log: a screen reader reads each one added)."""


def translate_page(cat: Catalog) -> None:
    """The words of the page's own HTML from the catalog: ``data-t`` (text) and ``data-t-<attribute>``
    (an attribute) name codes; the HTML's English is only what shows before Python starts."""
    for node in document.querySelectorAll("[data-t]"):
        node.textContent = cat.t(str(node.dataset.t))
    for attr in ("title", "aria-label", "content"):
        for node in document.querySelectorAll(f"[data-t-{attr}]"):
            node.setAttribute(attr, cat.t(str(node.getAttribute(f"data-t-{attr}"))))


def show_language(cat: Catalog, lang: str) -> None:
    """The page in ``lang`` (``cat`` holds its words): ``<html lang>``, the HTML's own words — unless they are in
    ``lang`` already (``<html data-words>``: ``web/start.js`` put the same catalogs' words in before Python
    started; writing them again took 10–100 ms of a start), the picker."""
    root = document.documentElement
    root.lang = lang
    if root.getAttribute("data-words") != lang:
        translate_page(cat)
        root.dataset.words = lang
    el("lang").value = lang


class Drawing:
    """What the table shows now, and what must survive a redraw (focus, keyed cards, screens shown)."""

    def __init__(self, cat: Catalog) -> None:
        self.cat = cat
        self.show_last = False
        self.hints = True  # whether this page may ask for a hint (a friend's page: when its host allows them)
        self.stand_ins: frozenset[int] = frozenset()  # the host's page: friends' seats a bot plays now
        self.presence: list[str | None] | None = None  # friends online: who is there, per seat (docs/NET.md)
        self.hand_key: str | None = None
        self.panel_kind: tuple[str, int] | None = None
        self.panel_review: tuple[str, int] | None = None  # the result panel whose review has come into view
        self.call_markup: str | None = None  # what the call screen shows now (redrawn only when it changes)
        self.call_key: Any = None  # (phase, position) of the call screen shown: a new one takes the focus
        self.opener: Any = None  # what had the focus when the score sheet opened (it goes back there)
        self.owed = False  # a dialog closed while the table had nothing to focus (the hand's cards still being
        # dealt): the hand takes the focus once drawn, as after a fresh deal (:func:`king.keys.focus_target`)
        self.placed: Any = None  # what this page last put the focus on (a card, a panel's or call screen's button):
        # the focus on nothing and that gone or hidden, a redraw took it — owed to the hand as well (:meth:`taken`)
        self.drawn: dict[str, tuple[str, tuple[str | None, ...]]] = {}  # what :meth:`put_new` last put, by place

    def forget(self) -> None:
        """Draw everything anew on the next render (the words changed: a language switch)."""
        self.hand_key = self.call_markup = None
        self.drawn.clear()
        el("trick").innerHTML = ""  # its cards are kept between draws, with their names

    def put_new(self, place: str, node: Any, nodes: list[Node] | list[Node | str]) -> None:
        """:func:`put` into ``node`` (known to this drawing as ``place``) only when its markup or the table's
        names differ from what was put there last: a card played changes one seat's box, not the others nor
        the score sheet, and an element written again is parsed, styled and laid out again."""
        text = markup(nodes)
        key = (text, tuple(names.current or ()))
        if self.drawn.get(place) != key:
            put_markup(node, text)
            self.drawn[place] = key

    def empty(self) -> None:
        """No game (an unreadable save): an empty table."""
        for ident in ("contract-name", "contract-rules"):
            el(ident).textContent = ""
        set_deal("")
        for ident in ("hand", "trick", "moves"):
            el(ident).innerHTML = ""
        self.call_screen(None, None)
        el("center-panel").hidden = True
        el("status").textContent = status.status(None, self.cat, True, None)
        for ident in ("seats-top", "seats-left", "seats-right", "kitty"):
            el(ident).innerHTML = ""
        el("kitty").hidden = True
        self.hand_key = None
        self.drawn.clear()

    def bar(self, vm: ViewModel) -> None:
        texts = table.bar(vm, self.cat)
        key = ("\n".join((texts["name"], texts["trump"], texts["rules"], texts["sign"], texts["deal"])), ())
        if self.drawn.get("bar") == key:
            return  # (the bar's observer measures it again after any change of its texts)
        self.drawn["bar"] = key
        set_name(el("contract-name"), texts["name"], texts["trump"])
        set_text(el("contract-rules"), texts["rules"])
        el("contract-rules").title = texts["rules"]  # the whole text on hover, should two lines not hold it
        el("contract").dataset.sign = texts["sign"]
        set_deal(texts["deal"])

    def seats(self, vm: ViewModel) -> None:
        """The bot seats around the table (drawn from the view model, 1–5 of them), my seat's box, the kitty."""
        el("table").dataset.players = str(vm["players"])
        for where, nodes in table.seats(vm, self.cat, self.stand_ins, self.presence).items():
            self.put_new(f"seats-{where}", el(f"seats-{where}"), nodes)
        me, seat = el("seat-me"), vm["seat"]  # the viewer's seat, at the bottom (hot seat: the person to play)
        me.classList.toggle("is-turn", vm["to_move"] == seat)
        me.classList.toggle("is-dealer", vm["dealer"] == seat)
        me.dataset.seat = str(seat)
        here = self.presence[seat] if self.presence is not None and seat < len(self.presence) else None
        if here is None:
            me.removeAttribute("data-presence")
        else:
            me.dataset.presence = here
        me.setAttribute("aria-label", names.text(name(self.cat, seat, vm)))
        info = table.seat_info(vm, self.cat, seat, self.stand_ins, here)
        self.put_new("seat-me", me.querySelector(".seat-info"), info)
        kitty = table.kitty(vm, self.cat)
        self.put_new("kitty", el("kitty"), kitty)
        el("kitty").hidden = not kitty

    def trick(self, vm: ViewModel) -> None:
        """The cards on the table, keyed by card and seat: only a newly played card is added (and fades in)."""
        cards, last = trick.shown(vm)
        node = el("trick")
        node.classList.toggle("is-last", last)
        want = {e["card"]: (order, e) for order, e in enumerate(cards)}
        for child in list(node.children):
            key = str(child.dataset.card) if child.classList.contains("card") else None
            if key not in want or str(child.dataset.pos) != position(want[key][1]["seat"], vm):
                child.remove()
        winner = vm["last_trick"]["winner"] if last and vm["last_trick"] is not None else None
        for card, (order, entry) in want.items():
            span = node.querySelector(f'.card[data-card="{card}"]')
            if is_none(span):
                node.insertAdjacentHTML("beforeend", str(trick.trick_card(vm, self.cat, entry)))
                span = node.lastElementChild
                names.fill(span)
            span.style.setProperty("--z", str(order))
            span.classList.toggle("is-winner", entry["seat"] == winner)
        label = trick.trick_label(vm, self.cat)
        if label is not None:
            node.insertAdjacentHTML("beforeend", str(label))
            names.fill(node.lastElementChild)
        # "Last trick": an inset beside the trick in progress (which stays in view). Open, it stays open until
        # the player closes it, whatever the bots play (issue 20): it follows the last trick, and while no card
        # of the next trick is down the table itself shows the last trick, so the inset waits — and the button,
        # with nothing to show or hide, is off, not lit as "Hide last trick" (issue 30).
        can_show = trick.can_show_last(vm)
        shown = self.show_last and can_show
        inset = el("last-inset")
        if shown:
            put(inset, trick.last_inset(vm, self.cat))
        inset.hidden = not shown
        btn = el("btn-last")
        btn.disabled = not can_show
        btn.toggleAttribute("data-none", not trick.has_last(vm))  # no trick of a deal in play: not shown at all
        btn.setAttribute("aria-pressed", "true" if shown else "false")
        set_text(btn, self.cat.t("last.hide" if shown else "last.show"))

    def hand(self, vm: ViewModel, hint: dict[str, Any] | None) -> None:
        cards = vm["hand"]
        node = el("hand")
        node.classList.toggle("is-my-turn", vm["my_turn"] and vm["phase"] == "play")
        node.style.setProperty("--n", str(len(cards)))
        node.style.setProperty("--half", str((len(cards) + 1) // 2))  # a hand in two rows (style.css)
        values = hint.get("values", {}) if hint and vm["phase"] == "play" else {}
        best = hint.get("best") if hint and vm["phase"] == "play" else None
        buttons, whys = hand.hand(vm, self.cat, values, best)
        text = markup(buttons)  # the key: what is drawn (a bot's card changes the data, rarely the hand shown)
        if text == self.hand_key and node.childElementCount == len(cards):
            return
        self.hand_key = text
        active = document.activeElement
        focused = None if is_none(active) or is_none(active.closest("#hand")) else str(active.dataset.card)
        lost = focused is None and self.taken(active)  # (before this redraw: a focus left on nothing stays there)
        before = [str(b.dataset.card) for b in node.querySelectorAll("button.card")]
        put_markup(node, text)
        self.put_new("why-list", el("why-list"), whys)
        if focused:  # the focus stays on its card, or (the card was played) on the one now in its place
            target = node.querySelector(f'button[data-card="{focused}"]')
            if is_none(target) and cards:
                at = min(before.index(focused) if focused in before else 0, len(cards) - 1)
                target = node.querySelector(f'button[data-card="{cards[at]["card"]}"]')
            if not is_none(target):
                self.focus_card(target)
        elif (self.owed or lost) and cards:  # (the focus still on nothing, no dialog over the table: else it stays
            self.owed = False  # where it is)
            if (is_none(active) or str(active.tagName) == "BODY") and is_none(document.querySelector(
                    "dialog[open]:modal")):
                self.focus_hand()

    # ----- the keyboard and the screen reader (issue 13) ------------------------------------------

    def focus_card(self, button: Any) -> None:
        """Focus a card of my hand and make it the hand's one tab stop."""
        for other in el("hand").querySelectorAll("button.card"):
            other.tabIndex = -1
        button.tabIndex = 0
        self.place(button)

    def place(self, node: Any) -> None:
        """The focus put on ``node`` by the page (remembered: :meth:`taken`)."""
        node.focus()
        self.placed = node

    def taken(self, active: Any) -> bool:
        """Whether a redraw took the focus away: it is on nothing (``active``, the body) and what the page last put
        it on is gone or hidden — a result panel's *Continue* removed, or hidden by the panel marked stale (a host's
        page back from its reload showed the deal its person had left for a moment, its *Continue* focused, then the
        note alone: the focus fell to the body, and no one gave it to the hand dealt again). A focus the person
        moved elsewhere since is theirs (``False``), and so is one they left on nothing while that was still shown
        (asked before a redraw that removes it: :meth:`hand`)."""
        was = self.placed
        if was is None or is_none(was):
            return False
        if not (is_none(active) or str(active.tagName) == "BODY"):
            if not active.isSameNode(was):
                self.placed = None  # (the person's, or another's: none of this page's to take back)
            return False
        return not bool(was.isConnected) or int(was.getClientRects().length) == 0

    def hand_arrow(self, key: str) -> bool:
        """An arrow key, Home or End pressed in my hand: the focus moves; ``False`` for any other key."""
        cards = list(el("hand").querySelectorAll("button.card"))
        if not cards or (key not in HAND_STEPS and key not in ("Home", "End")):
            return False
        active = document.activeElement
        names = [str(c.dataset.card) for c in cards]
        at = names.index(str(active.dataset.card)) if not is_none(active) and str(active.dataset.card) in names else 0
        to = 0 if key == "Home" else len(cards) - 1 if key == "End" else at + HAND_STEPS[key]
        self.focus_card(cards[max(0, min(len(cards) - 1, to))])
        return True

    def focus_hand(self) -> None:
        """The focus back to my hand (its tab stop), when there is one."""
        target = el("hand").querySelector('button.card[tabindex="0"]')
        if is_none(target):
            target = el("hand").querySelector("button.card")
        if not is_none(target):
            self.focus_card(target)

    def focus_back(self, fallback: Any) -> None:
        """A panel closed: the focus back where it was when it opened (:attr:`opener`) if that is still
        shown, else to my hand, else to ``fallback``."""
        was, self.opener = self.opener, None
        if was is not None and not is_none(was) and bool(was.isConnected) and str(was.tagName) != "BODY" \
                and int(was.getClientRects().length) > 0:
            was.focus()
        elif not is_none(el("hand").querySelector("button.card")):
            self.focus_hand()
        else:
            fallback.focus()

    def focus_place(self) -> tuple[str, str] | None:
        """Where the focus is, when it is in the results panel or a call screen: ``(screen id, element id)``."""
        active = document.activeElement
        if is_none(active):
            return None
        for ident in ("center-panel", "call-screen"):
            if not is_none(active.closest(f"#{ident}")):
                return ident, str(active.id or "")
        return None

    def keep_focus(self, place: tuple[str, str] | None) -> None:
        """After a draw: a focus lost with the panel or call screen that held it goes back to the same
        button (the panel was redrawn) or, the screen gone, to my hand."""
        active = document.activeElement
        lost = is_none(active) or str(active.tagName) == "BODY" or not bool(active.isConnected)
        if place is None or not lost or el("new-game-dialog").open or not el("sheet-panel").hidden:
            return
        screen = el(place[0])
        if not is_none(screen) and not screen.hidden:
            target = screen.querySelector(f"#{place[1]}") if place[1] else None
            if target is not None and not is_none(target):
                self.place(target)
            return
        self.focus_hand()

    def say(self, texts: list[str]) -> None:
        """Add sentences to the live region (``role=log``): a screen reader reads each one."""
        node = el("say")
        for text in texts:
            node.insertAdjacentHTML("beforeend", markup([h("p", None, text)]))
            names.fill(node.lastElementChild)
        while node.childElementCount > SAY_KEEP:
            node.firstElementChild.remove()

    def moves(self, vm: ViewModel, hint: dict[str, Any] | None, key: Any) -> None:
        """My non-card decisions: a call screen over the felt, or (for any other) a row of buttons."""
        values = hint.get("shown", {}) if hint else {}  # display texts: "−1.2" points, "+40 %" in ordered King
        best = hint.get("best") if hint else None
        screen = calls.call_screen(vm, self.cat, values, best)
        node = el("moves")
        self.call_screen(screen, None if screen is None else (vm["phase"], key))
        row = calls.move_row(vm, self.cat, values, best) if screen is None else []
        self.put_new("moves", node, row)
        node.hidden = not row
        button = el("btn-hint")
        moves = vm["moves"] if vm["my_turn"] else []
        choices = len(moves) if moves else sum(1 for c in vm["hand"] if c["legal"])
        button.hidden = not (self.hints and vm["my_turn"] and choices > 1)
        button.disabled = hint is not None
        set_text(button, self.cat.t("hint.thinking" if hint is not None and hint["pending"] else "hint.button"))
        if screen is not None:
            el("call-screen").dataset.kind = vm["phase"]

    def call_screen(self, nodes: list[Node] | None, key: Any) -> None:
        """Show (or hide, ``nodes`` None) the call screen; redraw only what changed. Newly shown, it is at its head
        and its first option takes the focus; redrawn (a hint came), the focused option keeps it."""
        screen = el("call-screen")
        if is_none(screen):
            screen = document.createElement("section")
            screen.id = "call-screen"
            screen.className = "call-screen"
            screen.setAttribute("aria-labelledby", "call-title")
            screen.hidden = True
            el("table").appendChild(screen)
        if nodes is None:
            screen.hidden = True
            if self.call_markup:
                screen.innerHTML = ""
            self.call_markup = self.call_key = None
            return
        text = markup(nodes)
        if text != self.call_markup:
            active = document.activeElement
            focused = None
            if not is_none(active) and not is_none(active.closest("#call-screen")) and active.hasAttribute("data-move"):
                focused = str(active.dataset.move)
            screen.dataset.kind = key[0]
            screen.innerHTML = text
            names.fill(screen, text)
            self.call_markup = text
            screen.hidden = False
            target = None
            if key != self.call_key:  # a new call screen: at its head, not where the one before was scrolled
                screen.scrollTop = 0
                if el("sheet-panel").hidden and not el("new-game-dialog").open:
                    target = screen.querySelector("button[data-move]")
            elif focused is not None:
                target = screen.querySelector(f'button[data-move="{focused}"]')
            if target is not None and not is_none(target):
                self.place(target)
        self.call_key = key

    def panel(self, vm: ViewModel, review: dict[str, Any] | None, tip: str | None = None) -> None:
        """The result panel after a deal (``tip``: a beginner's tip it carries, over its buttons)."""
        node = el("center-panel")
        if vm["result"] is None:
            node.hidden = True
            if node.hasChildNodes():
                node.innerHTML = ""
            return
        kind, nodes = panels.result_panel(vm, self.cat, review, tip)
        put(node, nodes)
        node.dataset.kind = kind
        node.hidden = False
        shown = (kind, vm["result"]["deal"])
        if shown != self.panel_kind:  # newly shown: its main button takes the focus
            self.panel_kind = shown
            self.place(node.querySelector(".btn--accent"))
        mine = node.querySelector("#review")
        if is_none(mine) or is_none(mine.querySelector(".review-table")):
            return
        if shown != self.panel_review:  # the review asked for has come: into the panel's view, not below it
            self.panel_review = shown
            review_into_view(node, mine)

    def sheet(self, vm: ViewModel) -> None:
        self.put_new("score-sheet", el("score-sheet"), sheet.sheet(vm, self.cat))
        set_text(el("sheet-rules"), sheet.rules_line(vm, self.cat))
        set_text(el("sheet-sum"), sheet.sum_line(vm, self.cat))


REVIEW_FIRST_PX = 48
"""How much of the review (px: its summary's first two lines) the result panel shows when it comes."""


def review_into_view(panel: Any, review: Any) -> None:
    """Scroll the result ``panel`` (a scrolling box, its buttons kept at its foot) to its top — the deal's title
    and result, then the ``review`` from its first lines (:data:`REVIEW_FIRST_PX`) above the buttons — or, when
    the review's first lines are below the panel's view there, to the review's top (px)."""
    foot = panel.querySelector(".panel-buttons:last-child")
    room = panel.clientHeight - (0 if is_none(foot) else foot.offsetHeight) - 24  # the panel's padding, a gap
    fits = review.offsetTop + min(int(review.offsetHeight), REVIEW_FIRST_PX) <= room
    panel.scrollTop = 0 if fits else review.offsetTop - 8


def read_new_game_form() -> tuple[dict[str, Any], dict[str, Any]]:
    """The dialog's rules options (JSON values; those that do not apply too — the engine leaves them out)
    and settings (levels and names, one per seat of the chosen table; fast)."""
    options: dict[str, Any] = {}
    for node in document.querySelectorAll("#new-game-fields [data-kind]"):
        kind = str(node.dataset.kind)
        if kind == "bool":
            options[str(node.name)] = bool(node.checked)
        elif kind == "choice":
            options[str(node.name)] = json.loads(str(node.value))
        elif kind == "number":  # empty: automatic; anything else goes to the engine, which says what is wrong
            text = str(node.value).strip()
            options[str(node.name)] = int(text) if text.isascii() and text.isdigit() and len(text) < 7 else (
                text or "automatic")
        else:
            options[str(node.dataset.name)] = ",".join(str(li.dataset.value) for li in node.querySelectorAll("li"))
    chosen = [str(node.value) for node in document.querySelectorAll("#new-game-bots select")]
    players = options.get("players", 4)
    levels = dialog.fit_levels([HUMAN, *chosen], players if isinstance(players, int) else 4)
    names = dialog.fit_names([str(node.value) for node in document.querySelectorAll("#new-game-bots input[data-name]")],
                             len(levels))  # as typed: kingcore.web.check_names trims and checks them
    return options, {"fast": bool(el("opt-fast").checked), "levels": levels, "names": names}


def show_choice(cat: Catalog, options: list[dict[str, Any]], choice: dict[str, Any]) -> None:
    """What the engine says of the dialog's choice (``kingcore.web.table_choice``): the options that do
    not apply disabled with their reason, the rule set it is (or custom, and what differs from the nearest
    set), the count of deals, or the engine's refusal in words (then *Deal* is disabled)."""
    for key, reason in dialog.field_states(cat, options, choice):
        node = el(f"opt-{key}")
        if not is_none(node):
            node.disabled = bool(reason)
            el(f"opt-{key}-off").textContent = reason
    el("opt-set").value = choice["set"] or ""
    el("opt-set-rules").textContent = set_changes(cat, choice["rules"] if choice["ok"] else None)
    el("new-game-summary").textContent = dialog.summary(cat, choice)
    el("opt-trump_trick_value").placeholder = dialog.automatic_text(cat, choice["trick_value"])
    el("new-game-error").textContent = dialog.refusal_text(cat, choice)
    el("new-game-start").disabled = not choice["ok"]
    el("opt-deal_order-mirror").hidden = choice["replay"] != "mirror"
