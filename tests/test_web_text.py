"""The page's words: every code the page or the view model uses has an entry in the catalog
(web/locale/en.po), no words reach the page from outside it, the view model is data and codes only (for
2–6 players), the catalog has gettext plural forms ready for Russian, and web/ talks to the engine only
through the session package (kingcore.web)."""

from __future__ import annotations

import ast
import html.parser
import io
import random
import re
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from babel.messages.mofile import write_mo
from babel.messages.pofile import read_po
from web_catalog import english, msgids
from web_steps import play_to_the_last_deals, step

from kingcore import Phase
from kingcore.web import Catalog, MissingText, Session, describe_move

ROOT = Path(__file__).parent.parent
WEB = ROOT / "web"
VARIANTS = [
    {},
    {"preset": "club", "boys": "kings_and_jacks", "king_discard": "always", "hearts_must_go": True},
    {"replay": "trumps", "trump_rounds": 2},
    {"replay": "auction"},
    {"order": "chosen"},
    {"order": "chosen", "replay": "trumps", "first_dealer": "first_ace"},
]
CODE = re.compile(r"^(?:[a-z0-9_:\-]+|trump:[SHDC]|[2-9TJQKA][SHDC]|[SHDC]|[2-9TJQKA]|king\(.*\))$")
"""What a string in the view model may be: a code (phase, contract, reason, token…), a card, a suit or
rank letter, or the rules text ``king(...)`` — never words."""


def rubber_views(options: dict[str, Any], seed: int, players: int | None = None,
                 middle: bool = True) -> Iterator[dict[str, Any]]:
    """The view model of every seat after every step of a rubber played by medium bots — but in the
    play of the cards, one seat a step, in turn (every seat sees the play by the trick's end): a view
    model of each seat at each card made ordered King's 56-deal rubbers the suite's slowest tests.
    ``middle=False``: only the first two deals and the last two (:func:`play_to_the_last_deals` plays the middle
    at random, unseen) — a long rubber's views hold nothing in its middle that its ends do not: the
    end's score sheet has every row, and ordered King's last deals are its trump calls."""
    rng = random.Random(seed)
    opts = dict(options, **({"players": players} if players else {}))
    s = Session.new_game(opts, rng)
    n = s.game.rules.players
    steps = 0
    while True:
        playing = s.game.phase is Phase.PLAY
        for seat in [steps % n] if playing else range(n):
            yield s.view_model(seat)
        steps += 1
        if s.game.phase is Phase.RUBBER_OVER:
            return
        if not middle and s.game.phase is Phase.DEAL_OVER and len(s.game.deals) == 2:
            play_to_the_last_deals(s, rng)
            continue
        step(s, rng)


def words_of(cat: Catalog, vm: dict[str, Any]) -> list[str]:
    """Every text the page composes from a view model (through the catalog)."""
    out = []
    c = vm["contract"]
    if c is not None:
        out += [cat.contract_name(c), cat.contract_line(c)]
    for card in vm["hand"]:
        out += [cat.card(card["card"]), cat.card_name(card["card"]), cat.why(card["reason"], card["args"])]
    for e in vm["trick"] + (vm["last_trick"] or {"cards": []})["cards"]:
        out.append(cat.card_name(e["card"]))
    out += [cat.move(m) for m in vm["calls"] + vm["moves"]]
    out += [cat.scoring(m["scoring"]) for m in vm["moves"] if "scoring" in m]
    for r in vm["sheet"]["rows"]:
        out += [cat.t(f"contract.{r['contract']}"), cat.sheet_note(r["note"], str)]
    out += [cat.t(f"contract.{x['contract']}") for x in vm["schedule"]]
    out += [cat.t(f"level.{lv}") for lv in vm["levels"] if lv != "human"]
    out += [cat.n("seat.tricks", t) for t in vm["tricks"]]
    fd = vm["first_dealer"]
    if fd and fd["card"]:
        out.append(cat.card(fd["card"]))
    return out


def strings_in(value: Any) -> Iterator[str]:
    if isinstance(value, str):
        yield value
    elif isinstance(value, dict):
        for k, v in value.items():
            yield k
            yield from strings_in(v)
    elif isinstance(value, list):
        for v in value:
            yield from strings_in(v)


# ----- the view model ----------------------------------------------------------------------------------

@pytest.mark.parametrize("options", VARIANTS, ids=lambda o: ",".join(f"{k}={v}" for k, v in o.items()) or "default")
def test_every_view_model_code_has_words_and_no_words_are_in_it(options: dict[str, Any]) -> None:
    cat = english()  # strict: a code with no entry raises MissingText
    phases = set()
    ordered = options.get("order") == "chosen"  # 48 or 56 deals: their first two and last two
    for vm in rubber_views(options, seed=5, middle=not ordered):
        phases.add(vm["phase"])
        bad = [x for x in strings_in(vm) if not CODE.match(x)]
        assert not bad, (vm["phase"], bad)
        assert all(isinstance(w, str) for w in words_of(cat, vm))
    assert {"play", "deal_over", "rubber_over"} <= phases
    if ordered:
        assert "choose_contract" in phases and ("call_trump" in phases) == (options.get("replay") == "trumps")


@pytest.mark.parametrize("players", [2, 3, 5, 6])
def test_view_model_for_every_table_size(players: int) -> None:
    """2–6 seats: one entry per seat wherever the page draws seats, the trick's seats in the game, every
    card of the deal accounted for (held, on the table, or in a completed trick), and words for all."""
    cat = english()
    deals = 0
    for vm in rubber_views({}, seed=players, players=players):
        n = vm["players"]
        assert n == players
        for key in ("counts", "tricks", "points", "levels"):
            assert len(vm[key]) == n, key
        assert len(vm["sheet"]["totals"]) == n
        assert all(0 <= e["seat"] < n for e in vm["trick"])
        if vm["phase"] == "play":
            assert len(vm["hand"]) == vm["counts"][vm["seat"]]
            assert sum(vm["counts"]) + len(vm["trick"]) + len(vm["seen"]) == vm["hand_size"] * n
            assert vm["tricks_done"] == len(vm["seen"]) // n == sum(vm["tricks"])
            assert vm["trick_complete"] == (not vm["trick"] and vm["last_trick"] is not None)
        if vm["phase"] == "deal_over" and vm["seat"] == 0:
            deals += 1
            assert sum(vm["result"]["points"]) == vm["result"]["control"]
        words_of(cat, vm)
        if deals >= 2:
            break
    assert deals == 2


def test_structured_calls_bids_and_notes() -> None:
    """Calls and bids are data (no "seat 2 bid 3" to re-parse), the high bid is the last bid, and the
    sheet note of an auction deal names its bidder as data."""
    seen_bid = seen_note = False
    for vm in rubber_views({"replay": "auction"}, seed=3):
        bids = [c for c in vm["calls"] if c["kind"] == "bid"]
        if bids:
            seen_bid = True
            assert vm["high_bid"] == {"seat": bids[-1]["seat"], "tricks": bids[-1]["bid"]}
        for call in vm["calls"]:
            assert call == {"seat": call["seat"], **describe_move(call["token"])}
        for row in vm["sheet"]["rows"]:
            note = row["note"]
            if row["contract"] == "trumps":
                assert note is not None and note["trump"] in ("S", "H", "D", "C", "nt", "misere")
                if note["bid"] is not None:
                    seen_note = True
                    words = english().sheet_note(note, lambda seat: f"<{seat}>")
                    assert f"<{note['bid']['seat']}> bid {note['bid']['tricks']}" in words
        if seen_bid and seen_note:
            break
    assert seen_bid and seen_note


# ----- the catalog -------------------------------------------------------------------------------------

def test_a_strict_catalog_refuses_a_code_without_words() -> None:
    cat = english()
    with pytest.raises(MissingText):
        cat.t("contract.no_such_contract")
    assert english(strict=False).t("contract.no_such_contract") == "contract.no_such_contract"
    assert cat.n("seat.tricks", 1) == "1 trick" and cat.n("seat.tricks", 2) == "2 tricks"


def test_plural_forms_are_ready_for_russian() -> None:
    """A catalog with Russian's three plural forms (compiled by Babel as the build does) picks 1 взятка,
    2 взятки, 5 взяток, 21 взятка through the same Catalog.n the page uses."""
    po = ('msgid ""\nmsgstr ""\n"Language: ru\\n"\n"Content-Type: text/plain; charset=UTF-8\\n"\n'
          '"Plural-Forms: nplurals=3; plural=(n%10==1 && n%100!=11 ? 0 : n%10>=2 && n%10<=4 && '
          '(n%100<10 || n%100>=20) ? 1 : 2);\\n"\n\n'
          'msgid "seat.tricks"\nmsgid_plural "seat.tricks"\nmsgstr[0] "{n} взятка"\nmsgstr[1] "{n} взятки"\n'
          'msgstr[2] "{n} взяток"\n')
    out = io.BytesIO()
    write_mo(out, read_po(io.BytesIO(po.encode()), abort_invalid=True))
    ru = Catalog.from_mo(out.getvalue(), strict=True)
    assert [ru.n("seat.tricks", k) for k in (1, 2, 5, 11, 21, 22)] == [
        "1 взятка", "2 взятки", "5 взяток", "11 взяток", "21 взятка", "22 взятки"]


def python_files() -> list[Path]:
    return sorted(WEB.rglob("*.py"))


def test_every_code_the_page_names_has_words() -> None:
    """Every code literal in web/*.py (``"panel.new"``) and every ``data-t`` of index.html has an entry;
    every code prefix of an f-string (``f"level.{level}"``) has entries. A module's file name (``"net.py"``,
    netload's list) is not a code."""
    ids = msgids()
    spaces = {i.split(".")[0] for i in ids}  # a literal "x.y" is a code when "x" is a namespace of codes
    code = re.compile(r"^([a-z][a-z_]*)\.[a-z0-9_.\-]+$")
    missing = []
    for path in python_files():
        tree = ast.parse(path.read_text())
        inside: set[int] = set()
        for node in ast.walk(tree):
            if isinstance(node, ast.JoinedStr):
                inside.update(id(v) for v in node.values)
                first = node.values[0] if node.values else None
                prefix = str(first.value) if isinstance(first, ast.Constant) else ""
                if re.match(r"^[a-z][a-z_]*\.([a-z_]+\.)*$", prefix) and prefix.split(".")[0] in spaces \
                        and not any(i.startswith(prefix) for i in ids):
                    missing.append(f"{path.name}:{node.lineno}: {prefix}…")
        for node in ast.walk(tree):
            if isinstance(node, ast.Constant) and isinstance(node.value, str) and id(node) not in inside:
                m = code.match(node.value)
                if m and m.group(1) in spaces and node.value not in ids and not node.value.endswith(".py"):
                    missing.append(f"{path.name}:{node.lineno}: {node.value}")
    for attr, value in re.findall(r'(data-t(?:-[a-z-]+)?)="([^"]+)"', (WEB / "index.html").read_text()):
        if value not in ids:
            missing.append(f"index.html: {attr}={value}")
    assert not missing, missing


class _Texts(html.parser.HTMLParser):
    """Text nodes and the visible attributes of an HTML page, with the ``data-t`` codes that cover them."""

    VISIBLE = ("title", "aria-label", "content", "alt", "placeholder")

    def __init__(self) -> None:
        super().__init__()
        self.stack: list[tuple[str, dict[str, str | None]]] = []
        self.found: list[tuple[str, str | None, str]] = []  # (text, code, where)

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        a = dict(attrs)
        for name in self.VISIBLE:
            value = a.get(name)
            if value and re.search(r"[A-Za-z]{2}", value) and not (tag == "meta" and a.get("name") != "description"):
                self.found.append((value, a.get(f"data-t-{name}"), f"<{tag}> {name}"))
        if tag not in ("meta", "link", "input", "br"):
            self.stack.append((tag, a))

    def handle_endtag(self, tag: str) -> None:
        while self.stack and self.stack.pop()[0] != tag:
            pass

    def handle_data(self, data: str) -> None:
        if not self.stack or self.stack[-1][0] in ("script", "style", "template"):
            return
        if any(t in ("script", "style", "template") for t, _ in self.stack):
            return
        if re.search(r"[A-Za-z]{2}", data):
            tag, attrs = self.stack[-1]
            self.found.append((data, attrs.get("data-t"), f"<{tag}> text"))


def test_the_pages_html_takes_its_words_from_the_catalog() -> None:
    """Every word of index.html sits in an element (or attribute) with a ``data-t`` code whose English is
    exactly that text (main.py puts the catalog's words there; the HTML's copy shows before Python runs)."""
    cat = english()
    parser = _Texts()
    parser.feed((WEB / "index.html").read_text())
    assert len(parser.found) > 20
    bad = [(text, code, where) for text, code, where in parser.found
           if code is None or (cat.t(code) != text.strip() and cat.t(code) != text)]
    assert not bad, bad


TAG = re.compile(r"<[^>]*>|\b[\w-]+=\"[^\"]*\"|\b(?:disabled|checked|selected|hidden)\b")
ATTR = re.compile(r'(?:title|aria-label|alt|placeholder)="([^"]*)"')
PROSE = re.compile(r"(?<![\w\-#.])[A-Z][a-z]+(?![\w\-])|(?<![\w\-])[a-z]{2,} [a-z]{2,}(?![\w\-])")
NOT_WORDS = {
    "Escape": "a key name (event.key), not shown",
    "Home": "a key name (event.key), not shown",
    "End": "a key name (event.key), not shown",
    "Enter": "a key cap in the keys panel, printed so on keyboards in every language (Home and End too)",
    "Tab": "a key cap in the keys panel, printed so on keyboards in every language",
    "Esc": "a key cap in the keys panel, printed so on keyboards in every language",
    "Slash": "a physical key's name (event.code), not shown",
    "no game": "the test hook's error message (window.kingIntent), not shown",
}


def prose_in_python(path: Path) -> list[str]:
    """String literals of a web/ module that look like words for people (docstrings and console logs
    excepted), f-strings taken whole with their markup removed. The renderers' words are caught by
    tests/test_web_render.py too, through a pseudo-translated catalog."""
    tree = ast.parse(path.read_text())
    skip: set[int] = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.Expr) and isinstance(node.value, ast.Constant):  # docstrings, of attributes too
            skip.add(id(node.value))
        if isinstance(node, ast.Call) and isinstance(node.func, ast.Attribute) and node.func.attr in (
                "warn", "error", "log", "info"):
            skip.update(id(sub) for sub in ast.walk(node))
        if isinstance(node, ast.Dict):  # CSS classes: {"class": "num control"}
            for key, value in zip(node.keys, node.values, strict=True):
                if isinstance(key, ast.Constant) and key.value in ("class", "data-kind", "data-sign"):
                    skip.update(id(sub) for sub in ast.walk(value))
    defined = {n.id for n in ast.walk(tree) if isinstance(n, ast.Name)} | {
        a.asname or a.name for n in ast.walk(tree) if isinstance(n, ast.ImportFrom | ast.Import) for a in n.names} | {
        n.name for n in ast.walk(tree) if isinstance(n, ast.ClassDef)}
    skip.update(id(n) for n in ast.walk(tree) if isinstance(n, ast.Constant) and n.value in defined)  # __all__…
    texts: list[tuple[int, str]] = []
    for node in ast.walk(tree):
        if isinstance(node, ast.JoinedStr) and id(node) not in skip:
            skip.update(id(sub) for sub in ast.walk(node))
            texts.append((node.lineno, "".join(v.value if isinstance(v, ast.Constant) else "{}" for v in node.values)))
    for node in ast.walk(tree):
        if isinstance(node, ast.Constant) and isinstance(node.value, str) and id(node) not in skip:
            texts.append((node.lineno, node.value))
    out = []
    for line, text in texts:
        if text in NOT_WORDS:
            continue
        if any(PROSE.search(part) for part in (TAG.sub(" ", text), *ATTR.findall(text))):
            out.append(f"{path.name}:{line}: {text[:80]!r}")
    return out


def test_no_words_in_the_pages_python_outside_the_catalog() -> None:
    found = [x for path in python_files() for x in prose_in_python(path)]
    assert not found, found


def test_the_word_check_finds_words(tmp_path: Path) -> None:
    """The check above is not blind: it finds words in markup, in attributes and in plain strings."""
    probe = tmp_path / "probe.py"
    probe.write_text('a = f\'<b title="Hello">{1}</b>\'\nb = "no trump"\nc = f"<p>Your turn.</p>"\n'
                     'd = "<span class=\\"call-alt call-pass\\"></span>"\n')
    found = prose_in_python(probe)
    assert len(found) == 3, found


def test_web_imports_only_the_session_package() -> None:
    """The page talks to the engine through kingcore.web only — and, for friends online, through
    kingcore.online (the package above the session)."""
    bad = []
    for path in python_files():
        for node in ast.walk(ast.parse(path.read_text())):
            names = []
            if isinstance(node, ast.Import):
                names = [a.name for a in node.names]
            elif isinstance(node, ast.ImportFrom) and node.module:
                names = [f"{node.module}.{a.name}" for a in node.names] if node.module == "kingcore" else [node.module]
            for name in names:
                if name.split(".")[0] == "kingcore" and name.split(".")[:2] not in (["kingcore", "web"],
                                                                                   ["kingcore", "online"]):
                    bad.append(f"{path.relative_to(ROOT)}:{node.lineno}: {name}")
    assert not bad, bad


def test_every_code_of_the_catalog_is_used() -> None:
    """The other way round: every entry of the catalog is named by the page, the engine's web package or the
    build — a quoted literal (``"panel.new"``, ``data-t="…"``), under an f-string's prefix
    (``f"level.{level}"``), or a literal joined to a literal suffix (``"toast.rubber_me" + "_drew"``).
    An entry nothing names is a translation kept up for nothing (issue 13 review: ``dialog.bots``)."""
    text = "\n".join(p.read_text(encoding="utf-8") for root in ("web", "kingcore", "sitebuild")
                     for p in sorted((ROOT / root).rglob("*")) if p.suffix in (".py", ".html", ".js", ".json")
                     and "locale" not in p.parts)
    literals = set(re.findall(r"""["']([A-Za-z0-9_.:\-]+)["']""", text))
    prefixes = tuple(set(re.findall(r"""f["']([a-z][a-z0-9_.]*\.)\{""", text)))
    unused = [i for i in msgids() if i not in literals and not i.startswith(prefixes)
              and not any(i.startswith(x) and i[len(x):] in literals for x in literals if "." in x)]
    assert not unused, unused
