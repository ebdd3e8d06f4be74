"""The King page (PyScript, main thread): draws the engine's view model, sends the player's intents,
keeps the save in localStorage, and asks the "bots" worker for the other three seats' moves.

The page holds no rules: ``kingcore.web.Session`` says what is legal and why not, as a view model of data
and codes; this file only turns it into DOM (every word from the catalog, ``locale/en.mo``) and clicks into
move tokens. Chance (the shuffles) happens here, with an rng seeded from the platform's random source; the
save stores the dealt cards.
"""

import asyncio
import html
import json
import os
import random

from pyscript import document, when, window, workers
from pyscript.ffi import create_proxy, is_none, to_js

from kingcore.web import (
    BOT_LEVELS,
    DEFAULT_LEVEL,
    HUMAN,
    Catalog,
    SaveError,
    Session,
    analyse_json,
    bot_move,
    hint_json,
    new_game_options,
    rules_options,
    save_seq,
)
from kingcore.web import signed as pts

ME = 0
POSITIONS = ("south", "west", "north", "east")
SUITS = "SHDC"
BOT_PACE_MS = 600  # a bot's card, at a watchable pace
TRICK_HOLD_MS = 700  # extra pause after a trick is complete, before the next lead
TOAST_MS = 3000
BOTS_TIMEOUT_S = 90  # if the bots' worker has not started by then, the main thread plays the bots
MAIN_THREAD_LEVELS = ("random", "easy", "medium")  # cheap enough (~1 ms a move) to play here until the worker is up

_dir = str(window.location.pathname)
BASE = _dir[: _dir.rfind("/") + 1] or "/"
SAVE_KEY = f"king:{BASE}:save"
PREFS_KEY = f"king:{BASE}:prefs"
BROKEN_KEY = f"king:{BASE}:save-unreadable"

MORE_VARIANTS = ("replay", "trump_rounds", "eralash_plus_after_trumps", "misere_allowed", "must_trump", "order")
COSTLY = 0.5  # a reviewed card that gave away at least this many points is marked


# ----- small helpers ---------------------------------------------------------------------------------

def el(ident):
    return document.getElementById(ident)


def esc(text):
    return html.escape(str(text), quote=True)


def now_ms():
    return float(window.performance.now())


def load_catalog():
    """The words (``locale/en.mo``, put in Python's file system by PyScript's ``files`` config); without
    it the page still plays, showing codes."""
    try:
        with open("./locale/en.mo", "rb") as f:
            return Catalog.from_mo(f.read())
    except OSError as e:
        window.console.warn(f"king: no catalog ({e}); showing codes")
        return Catalog()


CAT = load_catalog()
T = CAT.t


def translate_page():
    """The words of the page's own HTML from the catalog: ``data-t`` (text) and ``data-t-<attribute>``
    (an attribute) name codes; the HTML's English is only what shows before Python starts."""
    for node in document.querySelectorAll("[data-t]"):
        node.textContent = T(str(node.dataset.t))
    for attr in ("title", "aria-label", "content"):
        for node in document.querySelectorAll(f"[data-t-{attr}]"):
            node.setAttribute(attr, T(str(node.getAttribute(f"data-t-{attr}"))))


def name(seat):
    """A seat's name at the table ("You" for mine)."""
    return T(f"position.{POSITIONS[seat]}")


def storage_get(key):
    try:
        value = window.localStorage.getItem(key)
    except Exception:  # storage disabled (privacy settings): play on without saves
        return None
    return None if is_none(value) else str(value)


def storage_set(key, text):
    try:
        window.localStorage.setItem(key, text)
        return True
    except Exception as e:  # quota or disabled
        window.console.warn(f"king: could not save: {e}")
        return False


def card_face(card):
    rank, suit = card[:-1], card[-1]
    r, s = esc(T(f"rank.{rank}")), CAT.suit(suit) + "\ufe0e"
    centre = (f'<span class="face">{r}</span>' if rank in "JQK" else f'<span class="pip">{s}</span>')
    return (f'<span class="idx"><b>{r}</b><i>{s}</i></span>{centre}'
            f'<span class="idx idx--end" aria-hidden="true"><b>{r}</b><i>{s}</i></span>')


def card_name(card):
    return CAT.card_name(card)


# ----- the application ---------------------------------------------------------------------------------

class App:
    def __init__(self):
        self.rng = random.Random(int.from_bytes(os.urandom(16), "big"))
        self.session = None
        self.vm = None  # the session's view model for my seat, as last rendered
        self.problem = None  # a SaveError while the stored save cannot be continued
        self.prefs = self.load_prefs()
        self.bots = None
        self.bots_ready = asyncio.Event()
        self.running = False
        self.show_last = False
        self.last_hand_key = None
        self.toast_handle = None
        self.tasks = set()
        self.export_url = None
        self.record_url = None  # the object URL of the last "Download the game record"
        self.hide_toast_proxy = create_proxy(self.hide_toast)
        self.warned_storage = False
        self.panel_kind = None
        self.hint = None  # {"key", "pending"} or {"key", "best", "values", "text"} for the position it rates
        self.review = None  # {"key", "pending"} or {"key", "data"}: the post-deal review of my cards
        self.call_html = None  # what the call screen shows now (redrawn only when it changes)
        self.call_key = None  # (phase, position) of the call screen shown: a new one takes the focus

    # ----- start-up ----------------------------------------------------------------------------

    def boot(self):
        translate_page()
        text = storage_get(SAVE_KEY)  # (the new-game form is generated when the dialog opens)
        if text is None:
            self.start_game(self.prefs.get("options", {}), announce=True, stored="")
        else:
            try:
                self.use(Session.from_save(text))
            except SaveError as e:
                self.show_problem(e)
        self.render()
        document.body.dataset.ready = "true"
        window.kingStats.readyMs = now_ms()
        el("loading").hidden = True
        window.dispatchEvent(window.Event.new("king-ready"))
        window.addEventListener("storage", create_proxy(self.on_storage))
        window.addEventListener("resize", create_proxy(self.measure_bar))
        window.kingIntent = create_proxy(self.intent_json)
        window.kingSaveKey = SAVE_KEY
        self.spawn(self.connect_bots())
        self.kick()

    def spawn(self, coro):
        task = asyncio.ensure_future(coro)
        self.tasks.add(task)
        task.add_done_callback(self.tasks.discard)
        return task

    async def connect_bots(self):
        document.body.appendChild(el("bots-worker").content.cloneNode(True))  # starts the named worker
        try:
            self.bots = await asyncio.wait_for(workers["bots"], BOTS_TIMEOUT_S)
            await self.bots.warm_up()  # the bots' modules load now, not on the first move
            document.body.dataset.bots = "worker"
        except Exception as e:  # the worker failed to start: the page's own thread plays the bots
            window.console.warn(f"king: bots worker unavailable, playing bots on the main thread: {e}")
            document.body.dataset.bots = "main"
        window.kingStats.botsReadyMs = now_ms()
        self.bots_ready.set()

    def load_prefs(self):
        text = storage_get(PREFS_KEY)
        try:
            prefs = json.loads(text) if text else {}
        except ValueError:
            prefs = {}
        return prefs if isinstance(prefs, dict) else {}

    def save_prefs(self):
        storage_set(PREFS_KEY, json.dumps(self.prefs))

    # ----- games and saves -----------------------------------------------------------------------

    def use(self, session):
        """Make ``session`` the game on the table (``None``: none); its view model is ``self.vm``."""
        self.session = session
        self.vm = None if session is None else session.view_model(ME)

    def start_game(self, options, settings=None, announce=True, stored=None):
        """A new rubber with rules ``options`` (a ``Rules`` from the dialog, or remembered options)."""
        settings = dict(settings or {})
        settings.setdefault("fast", bool(self.prefs.get("fast", False)))
        settings.setdefault("levels", pref_levels(self.prefs))
        base = max(save_seq(storage_get(SAVE_KEY) if stored is None else stored) or 0,
                   self.session.seq if self.session else 0)
        try:
            session = Session.new_game(options, self.rng, settings, seq=base)
        except Exception as e:  # options a later version wrote: fall back to the defaults
            window.console.warn(f"king: options refused ({e}); starting with the defaults")
            session = Session.new_game({}, self.rng, settings, seq=base)
        if self.problem is not None:
            storage_set(BROKEN_KEY, self.problem.raw)  # kept, never silently dropped
        self.problem = None
        el("problem").hidden = True
        self.use(session)
        self.show_last = False
        self.write()
        if announce:
            fd = self.vm["first_dealer"]
            if fd:
                mine = fd["seat"] == ME
                if fd["card"]:
                    code, card = ("toast.rubber_me_drew" if mine else "toast.rubber_other_drew"), CAT.card(fd["card"])
                    self.toast(T(code, name=name(fd["seat"]), card=card))
                else:
                    self.toast(T("toast.rubber_me" if mine else "toast.rubber_other", name=name(fd["seat"])))

    def write(self):
        """Save after a change (the caller has checked with :meth:`in_sync` that no other tab is ahead)."""
        s = self.session
        s.seq += 1
        if not storage_set(SAVE_KEY, s.to_save()) and not self.warned_storage:
            self.warned_storage = True
            self.toast(T("toast.no_storage"))

    def in_sync(self):
        """Before a change: if another tab saved a newer state, take it and refuse the change. Reads the
        stored save's counter once (from its first characters)."""
        if self.session is None:
            return False
        text = storage_get(SAVE_KEY)
        stored = save_seq(text)
        if stored is not None and stored > self.session.seq:
            self.adopt(text, T("toast.other_tab"))
            return False
        return True

    def adopt(self, text, message):
        """Continue from a save text another tab wrote."""
        if text is None:
            return
        try:
            session = Session.from_save(text)
        except SaveError:
            return  # another tab wrote something unreadable: keep ours, it is saved on our next move
        self.use(session)
        self.problem = None
        el("problem").hidden = True
        self.render()
        self.toast(message)
        self.kick()

    def on_storage(self, event):
        if is_none(event.key) or str(event.key) != SAVE_KEY or is_none(event.newValue):
            return
        text = str(event.newValue)
        seq = save_seq(text)
        if seq is not None and (self.session is None or seq > self.session.seq):
            self.adopt(text, T("toast.continued"))

    def show_problem(self, err):
        self.problem = err
        self.use(None)
        kinds = {"garbage": "problem.garbage", "truncated": "problem.truncated", "invalid": "problem.invalid",
                 "version": "problem.version_none" if err.version is None else "problem.version"}
        first = T(kinds.get(err.kind, "problem.unknown"), version=json.dumps(err.version))
        el("problem-text").innerHTML = (
            f"{esc(first)} {esc(T('problem.tail'))}"
            f'<details class="problem-detail"><summary>{esc(T("problem.details"))}</summary>{esc(err.message)}'
            f"</details>")
        blob = window.Blob.new(to_js([err.raw]), to_js({"type": "text/plain"}))
        if self.export_url:
            window.URL.revokeObjectURL(self.export_url)
        self.export_url = window.URL.createObjectURL(blob)
        link = el("export")
        link.href = self.export_url
        link.download = "king-save.txt"
        el("problem").hidden = False

    # ----- intents -------------------------------------------------------------------------------

    def intent(self, token):
        """The player's move; returns the Session's answer (dict) or None when refused before it."""
        if self.session is None or not self.in_sync():
            return None
        result = self.session.apply(token, ME)
        if not result["ok"]:
            err = result["error"]
            self.toast(T("toast.not_allowed", why=CAT.why(err["reason"], err["args"])))
            document.body.dataset.lastError = err["reason"]
            return result
        self.vm = result["view"]
        self.show_last = False
        self.hide_toast()
        self.write()
        self.render()
        self.kick()
        return result

    def intent_json(self, token):
        """Test hook (window.kingIntent): play a token through the same path as a click."""
        result = self.intent(str(token))
        if result is None:
            return json.dumps({"ok": False, "error": {"reason": "stale", "message": "no game"}})
        return json.dumps({"ok": result["ok"], "error": result.get("error")})

    def next_deal(self):
        s = self.session
        if s is None or not self.in_sync():
            return
        if s.deal(self.rng):
            self.vm = s.view_model(ME)
            self.show_last = False
            self.write()
            self.render()
            self.kick()

    def set_fast(self, fast):
        self.prefs["fast"] = fast
        self.save_prefs()
        if self.session is not None and self.in_sync():
            self.session.settings["fast"] = fast
            self.vm["fast"] = fast
            self.write()

    # ----- the bots --------------------------------------------------------------------------------

    def kick(self):
        if not self.running:
            self.spawn(self.run_bots())

    async def run_bots(self):
        """Play the bots' moves until it is the player's turn, a deal ends, or the rubber is over."""
        if self.running:
            return
        self.running = True
        try:
            while True:
                s, vm = self.session, self.vm
                if s is None or vm["to_move"] in (None, ME):
                    return
                seat = vm["to_move"]
                before = (s, s.seq)
                level = vm["levels"][seat]
                request, seed = s.bot_request(seat), s.bot_seed(seat)
                start = now_ms()
                if not self.bots_ready.is_set() and level in MAIN_THREAD_LEVELS:
                    token = bot_move(request, level, seed)  # the worker is still starting; this one is cheap
                    window.kingStats.botMain.push(now_ms() - start)
                else:
                    if not self.bots_ready.is_set():
                        self.render()
                        await self.bots_ready.wait()
                    asked = now_ms()  # the latency of the move itself, not of the worker's start
                    token = await self.ask_bot(request, level, seed)
                    window.kingStats.bot.push(now_ms() - asked)
                took = now_ms() - start
                if not vm["fast"]:
                    wait = BOT_PACE_MS + (TRICK_HOLD_MS if vm["trick_complete"] else 0) - took
                    if wait > 0:
                        await asyncio.sleep(wait / 1000)
                else:
                    await asyncio.sleep(0)
                if self.session is not before[0] or s.seq != before[1] or not self.in_sync():
                    continue  # a new game, another tab, or a reload of the state came in meanwhile
                result = s.apply(token, seat)
                if not result["ok"]:  # a bot bug must not stop the game: fall back to a random legal move
                    window.console.error(f"king: bot move {token} refused: {result['error']['message']}")
                    result = s.apply(bot_move(request, "random", seed), seat)
                self.vm = s.view_model(ME)  # the view of my seat (the answer is the bot's seat's)
                self.show_last = False
                self.write()
                self.render()
        finally:
            self.running = False

    async def ask_bot(self, request, level, seed):
        if self.bots is not None:
            try:
                return str(await self.bots.choose(request, level, seed))
            except Exception as e:
                window.console.warn(f"king: bots worker failed ({e}); playing bots on the main thread")
                self.bots = None
        return bot_move(request, level, seed)

    async def ask_worker(self, name, *args):
        """Call a function of the bots' worker (``hint``, ``analyse``) once it is up; on the main thread
        should the worker have failed."""
        await self.bots_ready.wait()
        if self.bots is not None:
            try:
                return str(await getattr(self.bots, name)(*args))
            except Exception as e:
                window.console.warn(f"king: bots worker failed ({e}); using the main thread")
                self.bots = None
        fn = {"hint": hint_json, "analyse": analyse_json}[name]
        return fn(*args)

    # ----- hints and the review ---------------------------------------------------------------------

    def position_key(self):
        s = self.session
        return None if s is None else (s.game_id, *s.ply)

    def current_hint(self):
        h = self.hint
        return h if h is not None and h["key"] == self.position_key() else None

    def ask_hint(self):
        s = self.session
        if s is None or self.vm["to_move"] != ME or self.current_hint() is not None:
            return
        key = self.position_key()
        self.hint = {"key": key, "pending": True}
        self.render()
        self.spawn(self.fetch_hint(key, s.bot_request(ME), s.bot_seed(ME)))

    async def fetch_hint(self, key, request, seed):
        try:
            answer = json.loads(await self.ask_worker("hint", request, seed))
        except Exception as e:
            window.console.warn(f"king: no hint: {e}")
            self.hint = None
            self.toast(T("toast.no_hint"))
            self.render()
            return
        if self.hint is None or self.hint["key"] != key:
            return  # the position moved on while the bots thought
        moves = answer["moves"]
        best = moves[0]
        share = answer.get("measure") == "share"
        if share:  # ordered King: contracts against their fair share; a pass is the bar to clear
            bar = next((m["expected"] for m in moves if m["token"] == "pass"), None)
            if best["token"] == "pass":
                text = T("hint.pass_share", bar=percent(bar))
            else:
                text = T("hint.share", move=move_hint(best), share=percent(best["expected"]))
        elif len(moves) > 1:
            text = T("hint.points_worst", move=move_hint(best), value=signed(best["expected"]),
                     worst=signed(moves[-1]["expected"]))
        else:
            text = T("hint.points", move=move_hint(best), value=signed(best["expected"]))
        shown = {m["token"]: (percent(m["expected"]) if share else signed(m["expected"])) for m in moves}
        self.hint = {"key": key, "pending": False, "best": best["token"], "text": text,
                     "values": {m["token"]: m["expected"] for m in moves}, "shown": shown}
        self.render()

    def ask_review(self):
        s, vm = self.session, self.vm
        if s is None or not vm["deal"]:
            return
        key = (s.game_id, vm["deal"])
        if self.review is not None and self.review["key"] == key:
            return
        self.review = {"key": key, "pending": True}
        self.render()
        self.spawn(self.fetch_review(key, s.record(), key[1]))

    async def fetch_review(self, key, record, deal):
        try:
            data = json.loads(await self.ask_worker("analyse", record, ME, deal))
        except Exception as e:
            window.console.warn(f"king: no review: {e}")
            data = {"error": str(e)}
        if self.review is not None and self.review["key"] == key:
            self.review = {"key": key, "pending": False, "data": data}
            document.body.dataset.review = str(deal)
            self.render()

    def review_html(self, deal):
        r = self.review
        if r is None or r["key"] != (self.session.game_id, deal):
            return ('<p class="panel-buttons"><button type="button" class="btn" id="btn-review">'
                    f'{esc(T("review.button"))}</button></p>')
        if r["pending"]:
            return f'<p class="review-note" role="status">{esc(T("review.pending"))}</p>'
        data = r["data"]
        if "error" in data:
            return f'<p class="review-note" role="status">{esc(T("review.unavailable"))}</p>'
        cards = data["cards"]
        if not cards:
            return f'<p class="review-note" role="status">{esc(T("review.no_choice"))}</p>'
        rows = []
        for c in cards:
            cost = round(c["cost"], 1)  # as shown: a choice within 0.05 of the best counts as the best
            costly = cost >= COSTLY
            best = "" if c["card"] == c["best"] or cost == 0 else (
                f'{esc(CAT.card(c["best"]))} <small>({signed(c["best_expected"])})</small>')
            rows.append(
                f'<tr data-trick="{c["trick"]}" data-cost="{c["cost"]}"{" class=is-costly" if costly else ""}>'
                f'<td class="num">{c["trick"]}</td><td>{esc(CAT.card(c["card"]))} '
                f'<small>({signed(c["expected"])})</small></td><td>{best or esc(T("review.best"))}</td>'
                f'<td class="num">{f"−{cost:.1f}" if best else ""}</td></tr>')
        total = data["cost"]
        lost = sum(1 for c in cards if round(c["cost"], 1) >= COSTLY)
        if total < 0.05:
            summary = T("review.all_best")
        elif lost:
            summary = CAT.n("review.costly", lost, total=f"{total:.1f}")
        else:
            summary = T("review.cheap", total=f"{total:.1f}")
        head = "".join(f"<th>{esc(T(code))}</th>" for code in
                       ("review.trick", "review.played", "review.better", "review.cost"))
        return (f'<div class="review" id="review"><p class="review-note" role="status">{esc(summary)}</p>'
                f'<div class="review-scroll"><table class="review-table"><thead><tr>{head}</tr></thead>'
                f'<tbody>{"".join(rows)}</tbody></table></div></div>')

    # ----- drawing -------------------------------------------------------------------------------

    def render(self):
        s = self.session
        body = document.body
        if s is None:
            body.dataset.phase = "save_error"
            self.render_empty()
            return
        vm = self.vm
        self.measure_bar()
        body.dataset.phase = vm["phase"]
        body.dataset.toMove = "" if vm["to_move"] is None else str(vm["to_move"])
        body.dataset.deal = str(vm["deal"])
        el("fast").checked = vm["fast"]
        self.render_bar(vm)
        self.render_seats(vm)
        self.render_trick(vm)
        self.render_hand(vm)
        self.render_moves(vm)
        self.render_status(vm)
        self.render_panel(vm)
        self.render_sheet(vm)

    def measure_bar(self, *_):
        """The top bar's height, so that the results panel can stay below it on short screens."""
        bar = document.querySelector(".bar")
        document.documentElement.style.setProperty("--bar-h", f"{int(bar.offsetHeight)}px")

    def render_empty(self):
        el("contract-name").textContent = ""
        el("contract-rules").textContent = ""
        el("deal-no").textContent = ""
        el("hand").innerHTML = ""
        el("trick").innerHTML = ""
        el("moves").innerHTML = ""
        self.render_call_screen(call_screen_node(), None, None)
        el("center-panel").hidden = True
        el("status").textContent = T("status.no_game")
        for seat in range(1, 4):
            node = document.querySelector(f'.seat[data-seat="{seat}"]')
            node.querySelector(".backs").innerHTML = ""

    def render_bar(self, vm):
        c = vm["contract"]
        el("contract-name").textContent = CAT.contract_name(c) if c else ""
        rules = CAT.contract_line(c) if c else ""
        el("contract-rules").textContent = rules
        el("contract-rules").title = rules  # the whole text on hover, should two lines not hold it
        el("contract").dataset.sign = ("plus" if c["positive"] else "minus") if c else ""
        el("deal-no").textContent = T("bar.deal", deal=vm["deal"], deals=vm["deals"]) if vm["deal"] else ""

    def render_seats(self, vm):
        totals = vm["sheet"]["totals"]
        for seat in range(vm["players"]):
            node = document.querySelector(f'.seat[data-seat="{seat}"]')
            if node is None:
                continue
            classes = node.classList
            classes.toggle("is-turn", vm["to_move"] == seat)
            classes.toggle("is-dealer", vm["dealer"] == seat)
            dealer = dealer_chip() if vm["dealer"] == seat else ""
            level = vm["levels"][seat]
            if level != HUMAN:
                dealer += (f'<span class="seat-level" title="{esc(T(f"level.long.{level}"))}">'
                           f'{esc(T(f"level.{level}"))}</span>')
            tricks = vm["tricks"][seat]
            info = (f'<span class="seat-name">{esc(name(seat))}{dealer}</span>'
                    f'<span class="seat-stats"><span title="{esc(T("seat.tricks_title"))}">'
                    f'{esc(CAT.n("seat.tricks", tricks))}</span>'
                    f'<span class="seat-points" data-sign="{"minus" if vm["points"][seat] < 0 else "plus"}" '
                    f'title="{esc(T("seat.points_title"))}">{pts(vm["points"][seat])}</span></span>'
                    f'<span class="seat-total" title="{esc(T("seat.total_title"))}">'
                    f'{esc(T("seat.total", total=pts(totals[seat])))}</span>')
            node.querySelector(".seat-info").innerHTML = info
            if seat != ME:
                n = vm["counts"][seat]
                node.querySelector(".backs").innerHTML = "".join(
                    f'<span class="back" style="--i:{i}"></span>' for i in range(n))
                node.querySelector(".backs").dataset.count = str(n)

    def render_trick(self, vm):
        """The cards on the table. Existing card elements are kept (keyed by card and seat), so only a newly
        played card runs its fade-in; between tricks the finished trick stays, marked with its winner."""
        cards, last = vm["trick"], False
        lt = vm["last_trick"]
        if not cards and lt is not None and vm["phase"] == "play":
            cards, last = lt["cards"], True
        node = el("trick")
        node.classList.toggle("is-last", last)
        want = {entry["card"]: (order, entry["seat"]) for order, entry in enumerate(cards)}
        for child in list(node.children):
            key = str(child.dataset.card) if child.classList.contains("card") else None
            if key not in want or str(child.dataset.pos) != POSITIONS[want[key][1]]:
                child.remove()
        for card, (order, seat) in want.items():
            span = node.querySelector(f'.card[data-card="{card}"]')
            if is_none(span):
                span = document.createElement("span")
                span.className = "card"
                span.dataset.card = card
                span.dataset.suit = card[-1]
                span.dataset.pos = POSITIONS[seat]
                span.setAttribute("role", "img")
                span.setAttribute("aria-label", T("last.card_aria", card=card_name(card), name=name(seat)))
                span.innerHTML = card_face(card)
                node.appendChild(span)
            span.style.setProperty("--z", str(order))
            span.classList.toggle("is-winner", last and seat == lt["winner"])
        if last:
            label = document.createElement("span")
            label.className = "trick-label"
            label.textContent = T("trick.label", n=lt["number"], name=name(lt["winner"]))
            node.appendChild(label)
        # "Last trick": an inset beside the trick in progress (which stays in view); released by the next move.
        can_show = lt is not None and bool(vm["trick"])
        if not can_show:
            self.show_last = False
        inset = el("last-inset")
        if self.show_last:
            minis = "".join(
                f'<span class="mini{" is-winner" if e["seat"] == lt["winner"] else ""}">'
                f'<span class="card" data-suit="{e["card"][-1]}" role="img" '
                f'aria-label="{esc(T("last.card_aria", card=card_name(e["card"]), name=name(e["seat"])))}">'
                f'{card_face(e["card"])}</span><small>{esc(name(e["seat"]))}</small></span>' for e in lt["cards"])
            detail = T("last.detail", n=lt["number"], name=name(lt["winner"]))
            inset.innerHTML = (f'<p class="last-inset-head">{esc(T("last.head"))} <small>{esc(detail)}</small></p>'
                               f'<div class="last-inset-cards">{minis}</div>')
        inset.hidden = not self.show_last
        btn = el("btn-last")
        btn.disabled = not can_show
        btn.setAttribute("aria-pressed", "true" if self.show_last else "false")
        btn.textContent = T("last.hide" if self.show_last else "last.show")

    def render_hand(self, vm):
        hand = vm["hand"]
        node = el("hand")
        node.classList.toggle("is-my-turn", vm["my_turn"] and vm["phase"] == "play")
        node.style.setProperty("--n", str(len(hand)))
        hint = self.current_hint() if vm["phase"] == "play" else None
        values = hint.get("values", {}) if hint else {}
        best = hint.get("best") if hint else None
        key = json.dumps([[[c["card"], c["legal"], c["reason"], c["args"]] for c in hand], values])
        if key == self.last_hand_key and node.childElementCount == len(hand):
            return
        self.last_hand_key = key
        active = document.activeElement
        focused = None if is_none(active) or is_none(active.closest("#hand")) else str(active.dataset.card)
        buttons, whys = [], []
        mid = (len(hand) - 1) / 2
        for i, c in enumerate(hand):
            card = c["card"]
            attrs = ""
            if not c["legal"]:
                why = CAT.why(c["reason"], c["args"])
                whys.append(f'<span id="why-{card}">{esc(why)}</span>')
                tip = "start" if i < len(hand) / 2 else "end"
                attrs = (f' disabled title="{esc(why)}" data-why="{esc(why)}" data-tip="{tip}"'
                         f' aria-describedby="why-{card}"')
            label, badge = card_name(card), ""
            if card in values:
                code = "hint.card_aria_best" if card == best else "hint.card_aria"
                label = T(code, label=label, value=signed(values[card]))
                badge = f'<span class="ev" aria-hidden="true">{signed(values[card])}</span>'
                attrs += ' data-hint="best"' if card == best else ""
            buttons.append(
                f'<button type="button" class="card{" is-legal" if c["legal"] else ""}'
                f'{" is-hint" if card == best else ""}" data-card="{card}" '
                f'data-suit="{c["suit"]}" aria-label="{esc(label)}" style="--o:{i - mid}"{attrs}>'
                f'{card_face(card)}{badge}</button>')
        node.innerHTML = "".join(buttons)
        el("why-list").innerHTML = "".join(whys)
        if focused:
            target = node.querySelector(f'button[data-card="{focused}"]')
            if not is_none(target):
                target.focus()

    def render_moves(self, vm):
        """My non-card decisions: the trump call, the auction and the ordered King's contract each get a
        designed screen over the felt (``#call-screen``); anything else would fall back to a row of
        buttons in ``#moves``. Every option is a ``button[data-move]``."""
        moves = vm["moves"] if vm["my_turn"] else []
        hint = self.current_hint()
        values = hint.get("shown", {}) if hint else {}  # display texts: "−1.2" points, "+40 %" in ordered King
        best = hint.get("best") if hint else None
        node = el("moves")
        draw = CALL_SCREENS.get(vm["phase"]) if moves else None
        screen = call_screen_node()
        if draw is not None:
            node.innerHTML = ""
            node.hidden = True
            self.render_call_screen(screen, vm, draw(self, vm, MoveButtons(moves, values, best)))
        else:
            self.render_call_screen(screen, vm, None)
            node.innerHTML = "".join(
                f'<button type="button" class="btn btn--call{" is-hint" if m["token"] == best else ""}" '
                f'data-move="{esc(m["token"])}"{" data-hint=best" if m["token"] == best else ""}>{esc(CAT.move(m))}'
                + (f' <small class="ev">{values[m["token"]]}</small>' if m["token"] in values else "")
                + "</button>" for m in moves)
            node.hidden = not moves
        button = el("btn-hint")
        choices = len(moves) if moves else sum(1 for c in vm["hand"] if c["legal"])
        can = bool(vm["my_turn"]) and choices > 1
        button.hidden = not can
        button.disabled = hint is not None
        button.textContent = T("hint.thinking" if hint is not None and hint["pending"] else "hint.button")

    def render_call_screen(self, screen, vm, content):
        """Show (or hide, ``content`` None) the call screen; redraw only what changed. Newly shown, its first
        option takes the focus; redrawn (a hint came), the focused option keeps it."""
        if content is None:
            screen.hidden = True
            if self.call_html:
                screen.innerHTML = ""
            self.call_html = None
            self.call_key = None
            return
        title, body = content
        html_ = f'<h2 class="call-title" id="call-title">{esc(title)}</h2>{body}'
        key = (vm["phase"], self.position_key())
        if html_ != self.call_html:
            active = document.activeElement
            focused = None
            if not is_none(active) and not is_none(active.closest("#call-screen")) and active.hasAttribute("data-move"):
                focused = str(active.dataset.move)
            screen.dataset.kind = vm["phase"]
            screen.innerHTML = html_
            self.call_html = html_
            screen.hidden = False
            target = None
            if key != self.call_key:
                if el("sheet-panel").hidden and not el("new-game-dialog").open:
                    target = screen.querySelector("button[data-move]")
            elif focused is not None:
                target = screen.querySelector(f'button[data-move="{focused}"]')
            if not is_none(target):
                target.focus()
        self.call_key = key

    def render_status(self, vm):
        phase, to_move = vm["phase"], vm["to_move"]
        if phase == "play":
            if vm["my_turn"]:
                text = T("status.lead") if not vm["trick"] else T("status.turn")
                reasons = {CAT.why(c["reason"], c["args"]) for c in vm["hand"] if not c["legal"]}
                if len(reasons) == 1 and vm["trick"]:
                    text = T("status.turn_why", why=next(iter(reasons)).capitalize())
            elif not self.bots_ready.is_set() and vm["levels"][to_move] not in MAIN_THREAD_LEVELS:
                text = T("status.bot_starting", name=name(to_move))
            else:  # the cheap levels play on this thread while the worker starts: nothing to wait for
                text = T("status.bot", name=name(to_move))
        elif phase in ("call_trump", "auction", "choose_contract"):
            what = T(f"what.{phase}")
            calls = T("list.sep").join(T("status.call_entry", name=name(c["seat"]), move=CAT.move(c))
                                       for c in vm["calls"])
            text = T("status.call_me", what=what) if vm["my_turn"] else T("status.call_other", name=name(to_move),
                                                                           what=what)
            if calls:
                text = T("status.calls", status=text, calls=calls)
        elif phase in ("deal_over", "rubber_over"):
            text = T(f"status.{phase}")
        else:
            text = ""
        hint = self.current_hint()
        if hint is not None:
            text = hint["text"] if not hint["pending"] else (
                T("status.asking") if self.bots_ready.is_set() else T("status.asking_starting"))
        el("status").textContent = text

    def render_panel(self, vm):
        panel = el("center-panel")
        result, final = vm["result"], vm["final"]
        if result is None:
            panel.hidden = True
            panel.innerHTML = ""
            return
        rows = []
        for seat in range(vm["players"]):
            p = result["points"][seat]
            rows.append(f'<tr data-seat="{seat}"><th scope="row">{esc(name(seat))}</th>'
                        f'<td>{result["tricks"][seat]}</td>'
                        f'<td class="num" data-sign="{"minus" if p < 0 else "plus"}">{pts(p)}</td>'
                        f'<td class="num">{pts(result["running"][seat])}</td></tr>')
        early = f'<p class="panel-note">{esc(T("panel.early"))}</p>' if result["early"] else ""
        head = "".join(f"<th>{esc(T(code))}</th>" for code in ("panel.tricks", "panel.points", "panel.total"))
        table = (f'<table class="result"><thead><tr><th></th>{head}</tr>'
                 f'</thead><tbody>{"".join(rows)}</tbody></table>')
        if final is None:
            title = T("panel.deal", deal=result["deal"], name=contract_word(result["contract"]))
            panel.innerHTML = (f'<h2>{esc(title)}</h2>{table}{early}'
                               f'{self.review_html(result["deal"])}'
                               f'<p class="panel-buttons"><button type="button" class="btn btn--accent" '
                               f'id="btn-continue">{esc(T("panel.continue"))}</button></p>')
            panel.dataset.kind = "deal"
        else:
            places = "".join(
                f'<li data-seat="{st["seat"]}" data-place="{st["place"]}"><span class="place">{st["place"]}.</span> '
                f'{esc(name(st["seat"]))} <span class="num">{pts(st["total"])}</span></li>'
                for st in final["standings"])
            settle = "".join(f"<li>{pay_line(x)}</li>" for x in final["settlement"] if x["amount"])
            won = ME in final["winners"]
            title = T("panel.win") if won and len(final["winners"]) == 1 else (
                T("panel.shared") if won else T("panel.won", names=T("list.and").join(
                    name(w) for w in final["winners"])))
            nothing = f'<li>{esc(T("panel.nothing"))}</li>'
            panel.innerHTML = (f'<h2>{esc(title)}</h2><ol class="standings">{places}</ol>'
                               f'<h3>{esc(T("panel.settlement"))}</h3><ul class="settlement">{settle or nothing}</ul>'
                               f'<h3>{esc(T("panel.last_deal"))}</h3>{self.review_html(result["deal"])}'
                               f'<p class="panel-buttons"><button type="button" class="btn" id="btn-final-sheet">'
                               f'{esc(T("panel.sheet"))}</button><button type="button" class="btn btn--accent" '
                               f'id="btn-final-new">{esc(T("panel.new"))}</button></p>')
            panel.dataset.kind = "final"
        panel.hidden = False
        kind = (panel.dataset.kind, result["deal"])
        if kind != self.panel_kind:  # newly shown: its main button takes the focus
            self.panel_kind = kind
            panel.querySelector(".btn--accent").focus()

    def render_sheet(self, vm):
        players = vm["players"]
        head = "".join(f'<th scope="col">{esc(name(s))}</th>' for s in range(players))
        body = []
        done = {r["deal"]: r for r in vm["sheet"]["rows"]}
        for r in vm["sheet"]["rows"]:
            cells = "".join(
                f'<td class="num" data-seat="{s}" data-points="{r["points"][s]}" data-running="{r["running"][s]}">'
                f'<span class="pts" data-sign="{"minus" if r["points"][s] < 0 else "plus"}">{pts(r["points"][s])}'
                f'</span><span class="run">{pts(r["running"][s])}</span></td>' for s in range(players))
            note = f' <small>{esc(CAT.sheet_note(r["note"], name))}</small>' if r["note"] else ""
            dealer = T("sheet.dealer", name=name(r["dealer"]))
            body.append(f'<tr data-deal="{r["deal"]}" data-control="{r["control"]}"><td class="num">{r["deal"]}</td>'
                        f'<th scope="row">{esc(contract_word(r["contract"]))}<small>{esc(dealer)}</small>{note}</th>'
                        f'{cells}<td class="num control">{pts(r["control"])}</td></tr>')
        for i, item in enumerate(vm["schedule"], 1):
            if i in done:
                continue
            now = ' class="is-future is-now"' if i == vm["deal"] and vm["phase"] not in ("deal_over",) else (
                ' class="is-future"')
            body.append(f'<tr{now}><td class="num">{i}</td><th scope="row">{esc(contract_word(item["contract"]))}</th>'
                        f'<td colspan="{players + 1}"></td></tr>')
        totals = vm["sheet"]["totals"]
        foot = "".join(f'<td class="num" data-seat="{s}" data-total="{totals[s]}">{pts(totals[s])}</td>'
                       for s in range(players))
        el("score-sheet").innerHTML = (
            f'<thead><tr><th scope="col">#</th><th scope="col">{esc(T("sheet.contract"))}</th>{head}'
            f'<th scope="col" title="{esc(T("sheet.ctrl_title"))}">{esc(T("sheet.ctrl"))}</th></tr></thead>'
            f'<tbody>{"".join(body)}</tbody>'
            f'<tfoot><tr><td></td><th scope="row">{esc(T("sheet.total"))}</th>{foot}<td class="num control">'
            f'{pts(sum(totals))}</td></tr></tfoot>')

    def toast(self, message):
        node = el("toast")
        node.textContent = message
        node.hidden = False
        if self.toast_handle is not None:
            window.clearTimeout(self.toast_handle)
        self.toast_handle = window.setTimeout(self.hide_toast_proxy, TOAST_MS)

    def hide_toast(self, *_):
        el("toast").hidden = True
        if self.toast_handle is not None:
            window.clearTimeout(self.toast_handle)
        self.toast_handle = None

    def toggle_sheet(self, open_=None):
        panel = el("sheet-panel")
        show = panel.hidden if open_ is None else open_
        panel.hidden = not show
        el("export-record").hidden = self.session is None  # no game in progress: nothing to download
        el("btn-sheet").setAttribute("aria-expanded", "true" if show else "false")
        el("btn-sheet-close" if show else "btn-sheet").focus()


def contract_word(contract):
    return T(f"contract.{contract}")


def dealer_chip():
    return (f'<span class="chip" title="{esc(T("seat.dealer"))}" aria-label="{esc(T("seat.dealer_aria"))}">'
            f'{esc(T("seat.dealer_chip"))}</span>')


def pay_line(x):
    """One line of the settlement, as markup: "West pays you <b>12</b>"."""
    mark = "\x00"
    if x["payer"] == ME:
        text = T("panel.pay_me", winner=name(x["winner"]), amount=mark)
    elif x["winner"] == ME:
        text = T("panel.pay_to_me", payer=name(x["payer"]), amount=mark)
    else:
        text = T("panel.pay", payer=name(x["payer"]), winner=name(x["winner"]), amount=mark)
    return esc(text).replace(mark, f"<b>{x['amount']}</b>")


def percent(x):
    """A fraction as a signed whole percentage: 0.4 → "+40 %"."""
    if x is None:
        return "?"
    n = round(x * 100)
    return ("−" if n < 0 else "+") + f"{abs(n)} %"


def signed(x):
    """Expected points, one decimal, with a real minus sign."""
    text = f"{abs(x):.1f}"
    return "0.0" if text == "0.0" else ("−" if x < 0 else "+") + text


def move_hint(move):
    """What the hint says to do (a described move): "play Q♠", "call ♠ trump", "bid 3", "pass"."""
    kind = move["kind"]
    if kind == "card":
        return T("hint.play", card=CAT.card(move["card"]))
    if kind == "trump":
        return T("hint.call", move=CAT.move(move))
    if kind == "contract":
        return T("hint.name", move=CAT.move(move))
    return CAT.move(move)


# ----- the call screens: trump call, auction, ordered King's contract ---------------------------------------

TRUMP_MORE = ("nt", "misere", "last-card")  # the calls other than a suit (each with what it means)


class MoveButtons:
    """The legal non-card moves as ``button[data-move]``s, with the hint's marks: the best one ringed
    (``is-hint``, ``data-hint="best"``) and every option its rating (``values``: texts to show)."""

    def __init__(self, moves, values, best):
        self.moves = {m["token"]: m for m in moves}
        self.tokens = [m["token"] for m in moves]
        self.values = values
        self.best = best

    def button(self, token, inner, cls, label, title=""):
        best = token == self.best
        ev = ""
        if token in self.values:
            value = self.values[token]
            label = T("hint.aria_best" if best else "hint.aria", label=label, value=value)
            ev = f'<small class="ev" aria-hidden="true">{esc(value)}</small>'
        title = f' title="{esc(title)}"' if title else ""
        return (f'<button type="button" class="{cls}{" is-hint" if best else ""}" data-move="{esc(token)}"'
                f'{" data-hint=best" if best else ""} aria-label="{esc(label)}"{title}>{inner}{ev}</button>')


def call_screen_node():
    """The call screen's container: a layer of the table over the felt, made on first use."""
    node = el("call-screen")
    if is_none(node):
        node = document.createElement("section")
        node.id = "call-screen"
        node.className = "call-screen"
        node.setAttribute("aria-labelledby", "call-title")
        node.hidden = True
        el("table").appendChild(node)
    return node


def per_trick(vm):
    """The trick value of a trump deal, signed ("+3"), or "" for other contracts."""
    c = vm["contract"]
    if c is None or c["id"] != "trumps":
        return ""
    return pts(c["scoring"]["parts"][0]["value"])


def trump_screen(app, vm, b):
    c = vm["contract"] or {}
    seen, size = len(vm["hand"]), vm["hand_size"]
    value = per_trick(vm)
    each = T("call.each_trick", value=value) if value else ""
    if c.get("bid") is not None:  # the auction's winner names the trump
        n = c["bid"]["tricks"]
        won = (T("call.trump.won", n=n) if any(x["kind"] == "bid" for x in vm["calls"])
               else T("call.trump.passed", n=n))
        lead = T("call.trump.lead_bid", won=won, n=n, each=each)
    elif seen < size:
        lead = T("call.trump.partial", seen=seen, size=size, each=each)
    else:
        lead = T("call.trump.lead", each=each)
    suits = "".join(
        b.button(f"trump:{s}", f'<span class="call-suit-sym" aria-hidden="true">{CAT.suit(s)}\ufe0e</span>'
                 f'<span class="call-suit-name">{esc(T(f"suit.title.{s}"))}</span>',
                 "call-suit", T("call.trump.suit_aria", suit=T(f"suit.title.{s}")))
        for s in SUITS if f"trump:{s}" in b.moves)
    more = "".join(
        b.button(f"trump:{k}", f"<b>{esc(T(f'call.trump.{k}'))}</b><small>{esc(T(f'call.trump.{k}.what'))}</small>",
                 "call-alt", T("call.option_aria", name=T(f"call.trump.{k}"), what=T(f"call.trump.{k}.what")))
        for k in TRUMP_MORE if f"trump:{k}" in b.moves)
    body = (f'<p class="call-lead">{esc(lead)}</p>'
            + (f'<div class="call-suits" role="group" aria-label="{esc(T("call.trump.suits"))}">{suits}</div>'
               if suits else "")
            + (f'<div class="call-more" role="group" aria-label="{esc(T("call.trump.others"))}">{more}</div>'
               if more else ""))
    return T("call.trump.title"), body


def auction_screen(app, vm, b):
    n, dealer = vm["players"], vm["dealer"]
    last = {call["seat"]: call for call in vm["calls"]}
    high = vm["high_bid"]
    tiles = []
    for i in range(n):
        seat = (dealer + 1 + i) % n
        call = last.get(seat)
        if seat == ME:
            what, state = T("call.auction.to_bid"), "turn"
        elif call is not None and call["kind"] == "pass":
            what, state = T("call.auction.passed"), "out"
        elif call is not None:
            what, state = CAT.move(call), "bid"
        else:
            what, state = T("call.auction.waiting"), "wait"
        if high is not None and seat == high["seat"]:
            state = "high"
        chip = dealer_chip() if seat == dealer else ""
        tiles.append(f'<li data-seat="{seat}" data-state="{state}"><span class="call-seat-name">{esc(name(seat))}'
                     f'{chip}</span><span class="call-seat-bid">{esc(what)}</span></li>')
    if high is None:
        top = esc(T("call.auction.none"))
    else:
        mark = "\x00"
        who = T("word.you") if high["seat"] == ME else name(high["seat"])
        top = esc(CAT.n("call.auction.high", high["tricks"], name=who).replace(str(high["tricks"]), mark, 1)).replace(
            mark, f"<b>{high['tricks']}</b>")
    value = per_trick(vm)
    lead = T("call.auction.lead", each=T("call.each", value=value) if value else "")
    bids = "".join(b.button(m["token"], str(m["bid"]), "call-num", CAT.move(m))
                   for m in b.moves.values() if m["kind"] == "bid")
    pass_ = (b.button("pass", f'<b>{esc(T("call.pass"))}</b><small>{esc(T("call.auction.pass"))}</small>',
                      "call-alt call-pass", T("call.option_aria", name=T("move.pass"), what=T("call.auction.pass")))
             if "pass" in b.moves else "")
    body = (f'<ol class="call-seats" aria-label="{esc(T("call.auction.seats"))}">{"".join(tiles)}</ol>'
            f'<p class="call-high" data-high="{high["tricks"] if high else 0}">{top}</p>'
            f'<p class="call-lead">{esc(lead)}</p>'
            f'<div class="call-bids"><div class="call-nums" role="group" aria-label="{esc(T("call.auction.yours"))}">'
            f'{bids}</div>{pass_}</div>')
    return T("call.auction.title"), body


def contract_screen(app, vm, b):
    groups = []
    for positive, sign in ((False, "negative"), (True, "positive")):
        items = []
        for t in b.tokens:
            m = b.moves[t]
            if m["kind"] != "contract" or m["positive"] is not positive:
                continue
            scoring, full = CAT.scoring(m["scoring"]), ""
            if m["scoring"]["eralash"]:
                scoring, full = T("call.contract.all_six"), scoring
            if m["contract"] == "trumps":
                scoring = T("call.contract.you_call", scoring=scoring)
            text = CAT.move(m)
            items.append(b.button(t, f"<b>{esc(text)}</b><small>{esc(scoring)}</small>", "call-contract",
                                  T("call.option_aria", name=text, what=full or scoring), full))
        if items:
            groups.append(f'<section class="call-group" data-sign="{"plus" if positive else "minus"}">'
                          f'<h3>{esc(T(f"call.{sign}"))} <small>{esc(T(f"call.{sign}.sub"))}</small></h3>'
                          f'<div class="call-list">{"".join(items)}</div></section>')
    passed = [name(c["seat"]) for c in vm["calls"] if c["kind"] == "pass"]
    lead = T("call.contract.lead")
    if passed:
        lead = T("call.contract.passed", names=T("list.and").join(passed), lead=lead)
    if "pass" not in b.moves:
        lead = T("call.contract.must", lead=lead)
    pass_ = (b.button("pass", f'<b>{esc(T("call.pass"))}</b><small>{esc(T("call.contract.pass"))}</small>',
                      "call-alt call-pass", T("call.contract.pass_aria")) if "pass" in b.moves else "")
    body = (f'<p class="call-lead">{esc(lead)}</p><div class="call-groups">{"".join(groups)}</div>'
            + (f'<div class="call-more">{pass_}</div>' if pass_ else ""))
    return T("call.contract.title"), body


CALL_SCREENS = {"call_trump": trump_screen, "auction": auction_screen, "choose_contract": contract_screen}


# ----- the new-game dialog ------------------------------------------------------------------------------

def choice_text(opt, c):
    """The words of one choice of a dialog option."""
    if opt["name"] == "preset":
        t, h, b, g, k, last = opt["values"][c]
        return T("choice.preset", name=T(f"preset.{c}"), t=t, h=h, b=b, g=g, k=k, last=last)
    return T(f"choice.{opt['name']}.{c}")


def build_new_game_form(prefs):
    """Generate the dialog's fields from the engine's options schema (one source of truth)."""
    saved = prefs.get("options", {}) if isinstance(prefs.get("options"), dict) else {}
    main, more = [], []
    for opt in new_game_options():
        key, kind = opt["name"], opt["kind"]
        label, section = esc(T(f"option.{key}")), esc(opt["section"])
        value = saved.get(key, opt["default"])
        field_id = f"opt-{key}"
        if kind == "bool":
            checked = " checked" if value is True else ""
            html_ = (f'<label class="field field--check"><input type="checkbox" id="{field_id}" name="{key}"'
                     f' data-kind="bool"{checked}> <span>{label} <small>{section}</small></span></label>')
        elif kind == "order":
            order = str(value).split(",") if isinstance(value, str) else list(opt["choices"])
            if sorted(order) != sorted(opt["choices"]):
                order = list(opt["choices"])
            items = "".join(
                f'<li data-value="{esc(b)}"><span>{esc(T(f"basic.{b}"))}</span>'
                f'<button type="button" class="btn btn--tiny" data-up="{esc(b)}" '
                f'aria-label="{esc(T("dialog.move_up", name=T(f"basic.{b}")))}">↑</button>'
                f'<button type="button" class="btn btn--tiny" data-down="{esc(b)}" '
                f'aria-label="{esc(T("dialog.move_down", name=T(f"basic.{b}")))}">↓</button></li>' for b in order)
            html_ = (f'<div class="field field--order"><span class="field-label" id="{field_id}-label">{label}'
                     f' <small>{esc(T("dialog.order_hint", section=opt["section"]))}</small></span>'
                     f'<ol class="order" id="{field_id}" data-kind="order" data-name="{key}" '
                     f'aria-labelledby="{field_id}-label">{items}</ol></div>')
        else:
            options = "".join(
                f'<option value="{esc(json.dumps(c))}"{" selected" if c == value else ""}>'
                f'{esc(choice_text(opt, c))}</option>' for c in opt["choices"])
            html_ = (f'<label class="field"><span class="field-label">{label} <small>{section}</small>'
                     f'</span><select id="{field_id}" name="{key}" data-kind="choice">{options}</select></label>')
        (more if key in MORE_VARIANTS else main).append(html_)
    chosen = pref_levels(prefs)
    seats = "".join(
        f'<label class="field"><span class="field-label">{esc(name(seat))}</span><select id="opt-level-{seat}" '
        f'data-seat="{seat}">'
        + "".join(f'<option value="{lv}"{" selected" if lv == chosen[seat] else ""}>{esc(T(f"level.long.{lv}"))}'
                  f"</option>" for lv in BOT_LEVELS)
        + "</select></label>" for seat in range(1, 4))
    fast = " checked" if prefs.get("fast") else ""
    el("new-game-fields").innerHTML = (
        f'<fieldset><legend>{esc(T("dialog.rules"))}</legend>{"".join(main)}</fieldset>'
        f'<details class="more"><summary>{esc(T("dialog.more"))}</summary>'
        f'<fieldset>{"".join(more)}</fieldset></details>'
        f'<fieldset><legend>{esc(T("dialog.bots"))}</legend>{seats}'
        f'<label class="field field--check"><input type="checkbox" id="opt-fast"{fast}> '
        f'<span>{esc(T("dialog.fast"))}</span></label></fieldset>')


def read_new_game_form():
    options = {}
    for node in document.querySelectorAll("#new-game-fields [data-kind]"):
        kind = str(node.dataset.kind)
        if kind == "bool":
            options[str(node.name)] = bool(node.checked)
        elif kind == "choice":
            options[str(node.name)] = json.loads(str(node.value))
        else:
            options[str(node.dataset.name)] = ",".join(
                str(li.dataset.value) for li in node.querySelectorAll("li"))
    levels = [HUMAN] + [str(el(f"opt-level-{seat}").value) for seat in range(1, 4)]
    settings = {"fast": bool(el("opt-fast").checked), "levels": levels}
    return options, settings


def pref_levels(prefs):
    """The seats' levels the player last chose (``HUMAN`` first), or the defaults."""
    levels = prefs.get("levels")
    if isinstance(levels, list) and len(levels) == 4 and all(lv in BOT_LEVELS for lv in levels[1:]):
        return [HUMAN, *levels[1:]]
    return [HUMAN] + [DEFAULT_LEVEL] * 3


# ----- events -------------------------------------------------------------------------------------------

window.kingStats.importedMs = now_ms()
app = App()


@when("click", "#hand")
def on_hand(event):
    button = event.target.closest("button.card")
    if is_none(button) or button.disabled:
        return
    app.intent(str(button.dataset.card))


@when("click", "#table")
def on_moves(event):  # the call screen's options and the fallback row of moves
    button = event.target.closest("button[data-move]")
    if not is_none(button):
        app.intent(str(button.dataset.move))


@when("click", "#center-panel")
def on_panel(event):
    target = event.target.closest("button")
    if is_none(target):
        return
    ident = str(target.id)
    if ident == "btn-continue":
        app.next_deal()
    elif ident == "btn-review":
        app.ask_review()
    elif ident == "btn-final-new":
        open_new_game()
    elif ident == "btn-final-sheet":
        app.toggle_sheet(True)


@when("click", "#btn-hint")
def on_hint(event):
    app.ask_hint()


@when("click", "#btn-sheet")
def on_sheet(event):
    app.toggle_sheet()


@when("click", "#export-record")
def on_export_record(event):
    """The game record (kingcore.notation) as a file: `python -m kingcore replay|analyse` read it."""
    if app.session is None:
        event.preventDefault()
        return
    blob = window.Blob.new(to_js([app.session.record()]), to_js({"type": "text/plain"}))
    if app.record_url:
        window.URL.revokeObjectURL(app.record_url)
    app.record_url = str(window.URL.createObjectURL(blob))
    event.currentTarget.href = app.record_url


@when("click", "#btn-sheet-close")
def on_sheet_close(event):
    app.toggle_sheet(False)


@when("click", "#btn-last")
def on_last(event):
    app.show_last = not app.show_last
    app.render()


@when("click", "#last-inset")
def on_last_inset(event):
    app.show_last = False
    app.render()


@when("change", "#fast")
def on_fast(event):
    app.set_fast(bool(el("fast").checked))


@when("keydown", "body")
def on_key(event):
    if str(event.key) == "Escape" and not el("sheet-panel").hidden:
        app.toggle_sheet(False)


def open_new_game(*_):
    build_new_game_form(app.prefs)
    el("new-game-error").textContent = ""
    el("new-game-dialog").showModal()


@when("click", "#btn-new")
def on_new(event):
    open_new_game()


@when("click", "#problem-new")
def on_problem_new(event):
    open_new_game()


@when("click", "#new-game-cancel")
def on_new_cancel(event):
    el("new-game-dialog").close()


@when("click", "#new-game-fields")
def on_order(event):
    button = event.target.closest("button[data-up], button[data-down]")
    if is_none(button):
        return
    li = button.closest("li")
    if button.hasAttribute("data-up"):
        prev = li.previousElementSibling
        if not is_none(prev):
            li.parentNode.insertBefore(li, prev)
    else:
        nxt = li.nextElementSibling
        if not is_none(nxt):
            li.parentNode.insertBefore(nxt, li)
    button.focus()


@when("submit", "#new-game-form")
def on_new_submit(event):
    event.preventDefault()
    options, settings = read_new_game_form()
    try:
        rules, changed = rules_options(options)  # the Rules, built once
    except ValueError as e:
        el("new-game-error").textContent = str(e)  # the engine's message
        return
    app.prefs.update({"options": changed, **settings})
    app.save_prefs()
    el("new-game-dialog").close()
    app.start_game(rules, settings)
    app.render()
    app.kick()


app.boot()
