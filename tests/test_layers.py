"""The engine's import layering, read from the source with ``ast`` (nothing is imported or run).

The layers, bottom up: errors and the input limits (limits, spec) → cards → rules and contracts →
position → game → the observers of a game (view, notation) → bots → the command line → the web
session → friends online (``kingcore/online/``: the room and QR codes → messages → fair deals → host and
guest → the host's lobby → the mental table → the package's face). A module may import its own layer or a
lower one, never a higher one, and no import cycle exists anywhere inside ``kingcore/`` (the game never knows its view:
OpenSpiel's observer reads the state, the state has no observers).
Every import counts: at module level, inside a function, or under ``TYPE_CHECKING``.
"""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent / "kingcore"

LAYERS: list[tuple[str, tuple[str, ...]]] = [
    ("foundations", ("kingcore.errors", "kingcore.textutil", "kingcore.limits", "kingcore.spec")),
    ("cards", ("kingcore.cards",)),
    ("rules and contracts", ("kingcore.rules", "kingcore.contracts", "kingcore.moves", "kingcore.scoresheet")),
    ("position", ("kingcore.position",)),
    ("game", ("kingcore.game",)),
    ("view and notation", ("kingcore.view", "kingcore.notation", "kingcore.hidden", "kingcore.vectors")),
    ("bots", ("kingcore.bots", "kingcore.bots.*")),
    ("command line and package", ("kingcore.__main__", "kingcore")),
    ("web session", ("kingcore.web", "kingcore.web.*")),
    ("online: the room and QR codes", ("kingcore.online.room", "kingcore.online.qr", "kingcore.online.attempts")),
    ("online: messages", ("kingcore.online.messages",)),
    ("online: fair deals", ("kingcore.online.deal", "kingcore.online.deal.*")),
    ("online: host and guest", ("kingcore.online.host", "kingcore.online.guest")),
    ("online: the host's lobby", ("kingcore.online.lobby",)),
    ("online: the mental table", ("kingcore.online.mentaltable",)),
    ("online package", ("kingcore.online",)),
]
"""Bottom to top. ``pkg.*`` is every module inside ``pkg``. The web session package ``kingcore/web/``
sits above the engine and the bots; friends online (``kingcore/online/``) above it and below nothing: it
reads the session, the session never reads it (the page's start-up wheel leaves the whole package out).
Inside it the messages (the protocol's vocabulary, checked at the border) know no side of the table and no
way of dealing; how a deal is made fair (``deal/``) may speak them; the host's and the guest's sides use
both and meet only in the mental table (both sides of a mental-poker table, over the lobby) and the package's
face."""


def module_name(path: Path, root: Path = ROOT) -> str:
    """``kingcore/bots/pimc.py`` → ``kingcore.bots.pimc``; a package's ``__init__.py`` → the package."""
    parts = [root.name, *path.relative_to(root).with_suffix("").parts]
    if parts[-1] == "__init__":
        parts.pop()
    return ".".join(parts)


def imports_of(source: str, name: str, is_package: bool, modules: set[str]) -> set[str]:
    """The ``kingcore`` modules that the module ``name`` imports anywhere in ``source``."""
    out: set[str] = set()
    package = name if is_package else name.rpartition(".")[0]
    for node in ast.walk(ast.parse(source)):
        if isinstance(node, ast.Import):
            targets = [a.name for a in node.names]
        elif isinstance(node, ast.ImportFrom):
            if node.level:
                base = package.split(".")
                base = base[: len(base) - (node.level - 1)]
                head = ".".join(base + ([node.module] if node.module else []))
            else:
                head = node.module or ""
            # ``from pkg import mod`` imports the module pkg.mod; ``from mod import name`` the module mod
            targets = [head] + [f"{head}.{a.name}" for a in node.names]
        else:
            continue
        for t in targets:
            while t and t not in modules:  # ``import kingcore.cards.x`` names the module kingcore.cards
                t = t.rpartition(".")[0]
            if t and t != name:
                out.add(t)
    return out


def import_graph(root: Path = ROOT) -> dict[str, set[str]]:
    """Every module under ``root`` → the modules under ``root`` it imports."""
    files = {module_name(p, root): p for p in sorted(root.rglob("*.py"))}
    modules = set(files)
    return {m: imports_of(p.read_text(encoding="utf-8"), m, p.name == "__init__.py", modules)
            for m, p in files.items()}


def layer_of(module: str, layers: list[tuple[str, tuple[str, ...]]] = LAYERS) -> int | None:
    """The index of the module's layer (0 = bottom), or ``None`` if no layer lists it."""
    for i, (_, patterns) in enumerate(layers):
        for pat in patterns:
            if module == pat or (pat.endswith(".*") and module.startswith(pat[:-1])):
                return i
    return None


def upward_imports(graph: dict[str, set[str]]) -> list[str]:
    """Every import of a higher layer by a lower one, as ``a (layer) imports b (layer)``."""
    bad = []
    for a, targets in sorted(graph.items()):
        la = layer_of(a)
        for b in sorted(targets):
            lb = layer_of(b)
            if la is not None and lb is not None and lb > la:
                bad.append(f"{a} ({LAYERS[la][0]}) imports {b} ({LAYERS[lb][0]})")
    return bad


def find_cycle(graph: dict[str, set[str]]) -> list[str] | None:
    """One import cycle as ``[a, b, …, a]``, or ``None`` if the graph has none (depth-first search)."""
    state: dict[str, int] = {}  # 1 on the current path, 2 done
    path: list[str] = []

    def visit(m: str) -> list[str] | None:
        state[m] = 1
        path.append(m)
        for t in sorted(graph.get(m, ())):
            if state.get(t) == 1:
                return [*path[path.index(t):], t]
            if t not in state:
                found = visit(t)
                if found:
                    return found
        path.pop()
        state[m] = 2
        return None

    for m in sorted(graph):
        if m not in state:
            found = visit(m)
            if found:
                return found
    return None


PAGE = ROOT.parent / "web" / "king"
"""The page's modules (``king.*``, loaded by PyScript): the same checks find cycles among them."""


def test_no_import_cycle_in_the_page() -> None:
    """web/king's modules import each other without a cycle (issue 20: the state module at the bottom of the
    flow, its subscribers above it, the application wiring them), ``TYPE_CHECKING`` imports included."""
    graph = import_graph(PAGE)
    assert {"king.state", "king.screen", "king.botloop", "king.assist"} <= graph["king.app"]
    assert "king.app" not in graph["king.assist"] and "king.state" in graph["king.assist"]
    assert find_cycle(graph) is None


def test_every_module_has_a_layer() -> None:
    graph = import_graph()
    assert "kingcore.game" in graph and "kingcore.bots.pimc" in graph
    assert [m for m in sorted(graph) if layer_of(m) is None] == []


def test_no_import_cycle_in_kingcore() -> None:
    assert find_cycle(import_graph()) is None


def test_no_layer_imports_a_higher_one() -> None:
    assert upward_imports(import_graph()) == []


def test_online_play_reads_the_session_and_nothing_below_reads_online_play() -> None:
    graph = import_graph()
    online = {m for m in graph if m == "kingcore.online" or m.startswith("kingcore.online.")}
    assert {"kingcore.online.host", "kingcore.online.guest", "kingcore.online.messages",
            "kingcore.online.deal.commit"} <= online
    assert "kingcore.web" in graph["kingcore.online.host"] and "kingcore.web" in graph["kingcore.online.guest"]
    assert [(m, sorted(graph[m] & online)) for m in sorted(set(graph) - online) if graph[m] & online] == []
    assert "kingcore.online.host" not in graph["kingcore.online.guest"]
    assert "kingcore.online.guest" not in graph["kingcore.online.host"]


def test_the_view_reads_the_game_and_the_game_never_imports_the_view() -> None:
    graph = import_graph()
    assert "kingcore.game" in graph["kingcore.view"]
    assert "kingcore.view" not in graph["kingcore.game"]
    assert "kingcore.position" in graph["kingcore.game"] and "kingcore.cards" in graph["kingcore.position"]


def test_the_checks_catch_a_cycle_and_an_upward_import(tmp_path: Path) -> None:
    pkg = tmp_path / "kingcore"
    (pkg / "bots").mkdir(parents=True)
    (pkg / "__init__.py").write_text("from .game import Game\n")
    (pkg / "bots" / "__init__.py").write_text("from . import pimc\n")
    (pkg / "bots" / "pimc.py").write_text("from ..cards import Card\nimport kingcore.view\n")
    (pkg / "cards.py").write_text("def f():\n    from .bots.pimc import x\n")
    (pkg / "game.py").write_text("from typing import TYPE_CHECKING\nif TYPE_CHECKING:\n    from .view import V\n")
    (pkg / "view.py").write_text("from .game import Game\n")
    graph = import_graph(pkg)
    assert graph["kingcore.bots"] == {"kingcore.bots.pimc"}
    assert graph["kingcore.bots.pimc"] == {"kingcore.cards", "kingcore.view"}
    assert graph["kingcore.game"] == {"kingcore.view"} and graph["kingcore"] == {"kingcore.game"}
    cycle = find_cycle(graph)
    assert cycle is not None and cycle[0] == cycle[-1]
    assert set(cycle) in ({"kingcore.game", "kingcore.view"}, {"kingcore.bots.pimc", "kingcore.cards"})
    assert upward_imports(graph) == ["kingcore.cards (cards) imports kingcore.bots.pimc (bots)",
                                     "kingcore.game (game) imports kingcore.view (view and notation)"]


@pytest.mark.parametrize(("module", "layer"), [
    ("kingcore.web.session", "web session"), ("kingcore.bots.rubber", "bots"),
    ("kingcore", "command line and package"), ("kingcore.online.host", "online: host and guest"),
    ("kingcore.online.deal.commit", "online: fair deals"),
    ("kingcore.online.messages", "online: messages"), ("kingcore.online.room", "online: the room and QR codes"),
    ("kingcore.online.lobby", "online: the host's lobby"), ("kingcore.online", "online package")])
def test_layer_names(module: str, layer: str) -> None:
    i = layer_of(module)
    assert i is not None and LAYERS[i][0] == layer


GLYPHS = set("♠♥♦♣")
GLYPH_TABLE = "kingcore.cards"
NOT_YET_ON_THE_TABLE: set[str] = set()
"""Modules allowed their own copy of the suit glyphs: none (the web session uses
:data:`kingcore.cards.SUIT_SYMBOLS`)."""


def glyph_tables(source: str) -> list[str]:
    """Tables of suits in code: a string literal (docstrings and other bare strings aside), or a tuple,
    list, set or dict's keys of string literals, that spells two or more different suit glyphs. They
    belong in :mod:`kingcore.cards` alone; a message naming one card (``K♥``) is not a table."""
    tree = ast.parse(source)
    bare = {id(n.value) for n in ast.walk(tree) if isinstance(n, ast.Expr)}
    inside: set[int] = set()
    out = []
    for n in ast.walk(tree):
        elts = n.keys if isinstance(n, ast.Dict) else n.elts if isinstance(n, (ast.Tuple, ast.List, ast.Set)) else []
        words = [e for e in elts if isinstance(e, ast.Constant) and isinstance(e.value, str)]
        text = "".join(str(e.value) for e in words)
        if len(GLYPHS & set(text)) >= 2:
            out.append(text)
            inside.update(id(e) for e in words)
    for n in ast.walk(tree):
        if (isinstance(n, ast.Constant) and isinstance(n.value, str) and id(n) not in bare and id(n) not in inside
                and len(GLYPHS & set(n.value)) >= 2):
            out.append(n.value)
    return out


def test_suit_glyphs_live_in_one_table() -> None:
    found = {}
    for path in sorted(ROOT.rglob("*.py")):
        name = module_name(path)
        tables = glyph_tables(path.read_text(encoding="utf-8"))
        if tables and name not in NOT_YET_ON_THE_TABLE:
            found[name] = tables
    assert list(found) == [GLYPH_TABLE]


def test_the_glyph_check_sees_a_table_but_not_a_card_or_a_docstring() -> None:
    assert glyph_tables('"""Suits ♠ ♥ ♦ ♣."""\nX = "♠♥♦♣"\nY = f"{z} K♥"\n') == ["♠♥♦♣"]
    assert glyph_tables('def f():\n    """♠ and ♥"""\n    return "K♥ must go"\n') == []
    assert glyph_tables('S = ("♠", "♥", "♦", "♣")\nD = {"♤": 0, "♡": 1}\n') == ["♠♥♦♣"]
    assert glyph_tables('D = {"♠": 0, "♥": 1}\n') == ["♠♥"]
