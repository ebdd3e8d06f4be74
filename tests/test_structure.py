"""The tree's shape (issue 10): no module over ~400 lines without a reason at its top, and no logic
written twice (pylint's duplicate-code check, the ``symilar`` algorithm: equal runs of lines, comments,
docstrings and imports ignored)."""

from __future__ import annotations

import ast
import contextlib
import io
import re
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
SOURCES = ("kingcore", "web", "sitebuild", "tools", "build.py")
MAX_LINES = 400
MIN_DUPLICATE_LINES = 4

KNOWN_DUPLICATES = {
    frozenset({"kingcore.bots.policy", "kingcore.position"}):
        "the two play-out loops (the bots' heuristic one and random_playout) end each trick with the same "
        "three-line call of the shared Deal.settlement kernel; a function around it costs a call per trick "
        "in the bots' hottest loop (issue 10: keep the bots' speed)",
}
"""Pairs of modules allowed to share a run of lines, each with why; any other pair fails the test."""


def python_files() -> list[Path]:
    out: list[Path] = []
    for name in SOURCES:
        p = ROOT / name
        out.extend([p] if p.is_file() else sorted(p.rglob("*.py")))
    return out


def test_every_long_module_says_why_at_its_top() -> None:
    missing = []
    for path in python_files():
        text = path.read_text(encoding="utf-8")
        if text.count("\n") <= MAX_LINES:
            continue
        doc = ast.get_docstring(ast.parse(text)) or ""
        if not re.search(r"^Size: over 400 lines because \S", doc, re.M):
            missing.append(f"{path.relative_to(ROOT)} ({text.count(chr(10))} lines)")
    assert missing == [], f"modules over {MAX_LINES} lines without a 'Size: over 400 lines because …' line: {missing}"


def test_the_page_entry_is_wiring_only() -> None:
    """web/main.py binds the page's events to the application (issue 10: ≤ 200 lines); no logic there."""
    lines = (ROOT / "web" / "main.py").read_text(encoding="utf-8").count("\n")
    assert lines <= 200, f"web/main.py has {lines} lines: move behaviour into web/king/"


APP_LINES = 200
STATE_MODULE = "web/king/state.py"
STORE_MODULE = "web/king/store.py"


def test_the_application_is_wiring() -> None:
    """web/king/app.py wires the state, its subscribers and the intents (issue 20: ≤ 200 lines); the flows
    live in king.state, king.screen, king.botloop, king.hints, king.saves."""
    lines = (ROOT / "web" / "king" / "app.py").read_text(encoding="utf-8").count("\n")
    assert lines <= APP_LINES, f"web/king/app.py has {lines} lines: move the flow into web/king/state.py and its parts"


def game_reads(source: str) -> list[int]:
    """The lines of ``source`` that read an attribute ``game`` (``session.game``, ``app.session.game``…)."""
    return sorted(n.lineno for n in ast.walk(ast.parse(source)) if isinstance(n, ast.Attribute) and n.attr == "game")


def save_writes(source: str, rel: str) -> list[str]:
    """The places in ``source`` (the file ``rel``) that write the save other than the state module: a call of
    ``write_save`` outside ``web/king/state.py``, of ``localStorage.setItem`` outside ``web/king/store.py``, or
    a ``put`` of the ``save_key``."""
    out: list[tuple[int, str]] = []
    for n in ast.walk(ast.parse(source)):
        if not (isinstance(n, ast.Call) and isinstance(n.func, ast.Attribute)):
            continue
        attr = n.func.attr
        if (attr == "write_save" and rel != STATE_MODULE) or (attr == "setItem" and rel != STORE_MODULE) or (
                attr == "put" and n.args and isinstance(n.args[0], ast.Attribute) and n.args[0].attr == "save_key"):
            out.append((n.lineno, f"{rel}:{n.lineno}: {attr}"))
    return [text for _, text in sorted(out)]


def web_files() -> list[Path]:
    return sorted((ROOT / "web").rglob("*.py"))


def test_the_page_never_reads_the_game() -> None:
    """What the page needs of the game comes from the session's view model and API (``kingcore.web``), never
    from ``Session.game`` (issue 20)."""
    found = {str(p.relative_to(ROOT)): lines for p in web_files() if (lines := game_reads(p.read_text("utf-8")))}
    assert found == {}, f"reads of .game under web/ (use the view model or a Session method): {found}"


def test_only_the_state_module_saves() -> None:
    """The save is written in one place, king.state.State.commit (through Store.write_save); Store.put refuses
    the save's key."""
    found = [w for p in web_files() for w in save_writes(p.read_text("utf-8"), p.relative_to(ROOT).as_posix())]
    assert found == []
    state = (ROOT / STATE_MODULE).read_text(encoding="utf-8")
    assert save_writes(state.replace("write_save", "put_it"), STATE_MODULE) == []
    assert "write_save" in state


def untyped_view_models(source: str, rel: str) -> list[str]:
    """Parameters named ``vm`` whose annotation does not name the typed view model (``ViewModel``, or a
    ``Frame``: a replay step, a view model with more keys)."""
    out = []
    for n in ast.walk(ast.parse(source)):
        if isinstance(n, ast.FunctionDef | ast.AsyncFunctionDef):
            for a in [*n.args.args, *n.args.kwonlyargs]:
                typed = re.search(r"\b(ViewModel|Frame)\b", ast.unparse(a.annotation or ast.Constant("")))
                if a.arg == "vm" and not typed:
                    out.append(f"{rel}:{n.lineno}: {n.name}")
    return out


def test_the_renderers_read_a_typed_view_model() -> None:
    """Every function of the page that takes a view model takes ``kingcore.web.ViewModel`` (a TypedDict that
    mypy --strict checks each key read against), not a ``dict[str, Any]`` (issue 20)."""
    found = [x for p in web_files() for x in untyped_view_models(p.read_text("utf-8"), p.relative_to(ROOT).as_posix())]
    assert found == []
    assert untyped_view_models("def f(vm: dict[str, Any]) -> None: ...\ndef g(vm: ViewModel | None): ...\n", "x") == [
        "x:1: f"]


def test_the_page_checks_catch_a_game_read_and_a_stray_save() -> None:
    src = ("def f(app):\n    if app.session.game.phase.value == 'x':\n        app.store.put(app.store.save_key, 't')\n"
           "    app.store.write_save('t')\n    window.localStorage.setItem('k', 't')\n    return app.gamey\n")
    assert game_reads(src) == [2]
    assert save_writes(src, "web/king/app.py") == ["web/king/app.py:3: put", "web/king/app.py:4: write_save",
                                                   "web/king/app.py:5: setItem"]
    assert save_writes("store.write_save('t')\n", STATE_MODULE) == []


def ignored_lines(text: str) -> set[int]:
    """The lines (1-based) of ``text`` that pylint's duplicate-code check leaves out as imports and signatures
    (``ignore-imports``, ``ignore-signatures``, both on by default; pylint.checkers.symilar.stripped_lines), found
    with the standard library's parser instead of astroid's (≈ 10 s of CPU for the tree's 170 files on the shared
    machine, the check's whole cost): each import statement's lines; each function's of the module's, a class's or
    a function's body (not those under an ``if``, as pylint), from its first decorator (astroid's ``lineno``) to the
    line before its first statement after its docstring, or to its end when it has none."""
    tree = ast.parse(text)
    out: set[int] = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.Import | ast.ImportFrom):
            out.update(range(node.lineno, (node.end_lineno or node.lineno) + 1))
    todo: list[ast.AST] = [tree]
    while todo:
        for node in getattr(todo.pop(), "body", []):
            if isinstance(node, ast.FunctionDef | ast.AsyncFunctionDef):
                body = node.body[1:] if ast.get_docstring(node, clean=False) is not None else node.body
                start = node.decorator_list[0].lineno if node.decorator_list else node.lineno
                out.update(range(start, body[0].lineno if body else (node.end_lineno or node.lineno) + 1))
            if isinstance(node, ast.FunctionDef | ast.AsyncFunctionDef | ast.ClassDef):
                todo.append(node)
    return out


def duplicate_pairs(paths: list[str]) -> list[tuple[frozenset[str], str]]:
    """pylint's duplicate-code check (its ``symilar`` algorithm, pylint's defaults: comments, docstrings, imports and
    signatures left out) over ``paths``, the imports and signatures left out by :func:`ignored_lines`; each finding
    as (the pair of modules, the report: the modules' line ranges, then the lines)."""
    from pylint.checkers.symilar import Symilar

    sim = Symilar(min_lines=MIN_DUPLICATE_LINES, ignore_comments=True, ignore_docstrings=True,
                  ignore_imports=False, ignore_signatures=False)
    real: dict[str, list[str]] = {}
    for path in map(Path, paths):
        full = path if path.is_absolute() else ROOT / path
        name = (full.relative_to(ROOT).with_suffix("") if full.is_relative_to(ROOT) else Path(full.stem)).as_posix()
        name = name.replace("/", ".")  # pylint's module name (a file out of the tree: its own)
        lines = full.read_text(encoding="utf-8").splitlines(keepends=True)
        real[name] = lines
        skip = ignored_lines("".join(lines))
        sim.append_stream(name, io.StringIO("".join("\n" if n in skip else line
                                                    for n, line in enumerate(lines, start=1))))
    out = io.StringIO()
    with contextlib.redirect_stdout(out):
        sim.run()
    found = []
    for head, ranges in re.findall(r"^(\d+ similar lines in \d+ files)\n((?:==.*\n)+)", out.getvalue(), re.M):
        where = re.findall(r"^==([\w.]+):\[(\d+):(\d+)\]", ranges, re.M)
        first, start, end = where[0]
        found.append((frozenset(m for m, _, _ in where),
                      head + "\n" + ranges + "".join(real[first][int(start):int(end)])))
    return found



def test_no_logic_is_written_twice() -> None:
    pytest.importorskip("pylint")
    found = duplicate_pairs([str(p.relative_to(ROOT)) for p in python_files()])
    unexpected = [report for modules, report in found if modules not in KNOWN_DUPLICATES]
    assert unexpected == [], "the same lines in two places:\n" + "\n\n".join(unexpected)


def test_the_duplicate_check_finds_a_copy(tmp_path: Path) -> None:
    body = "".join(f"    total += {i} * x\n" for i in range(8))
    for name in ("one", "two"):
        (tmp_path / f"{name}.py").write_text(f"def {name}(x):\n    total = 0\n{body}    return total\n")
    found = duplicate_pairs([str(tmp_path / "one.py"), str(tmp_path / "two.py")])
    assert [sorted(m) for m, _ in found] == [["one", "two"]]

TRICKY = '''"""A module."""
import os
from typing import (
    Any,
    cast,
)


@dataclass(
    frozen=True)
@other
def decorated(a: int,
              b: str = """x""") -> None:
    """Its docstring,
    two lines."""
    return None


async def only_a_docstring():
    """Nothing else."""


class Outer:
    """A class."""
    x = 1

    def method(self):  # a comment
        def inner(y):
            import sys
            return y
        return inner

    class Inner:
        @property
        def p(self): return 1


if os.name:
    def under_an_if(z):
        return z
'''


def test_the_duplicate_check_leaves_out_the_lines_pylint_does() -> None:
    """:func:`ignored_lines` blanks the lines pylint's own stripping (astroid's tree) leaves out, and only those: on
    a module of every kind of import, signature and docstring, and on the two modules the check names."""
    pytest.importorskip("pylint")
    from pylint.checkers.symilar import stripped_lines

    for text in [TRICKY, *((ROOT / "kingcore" / name).read_text(encoding="utf-8")
                           for name in ("position.py", "bots/policy.py"))]:
        lines = text.splitlines(keepends=True)
        skip = ignored_lines(text)
        blanked = ["\n" if n in skip else line for n, line in enumerate(lines, start=1)]
        assert stripped_lines(blanked, True, True, False, False) == stripped_lines(lines, True, True, True, True)
    # not the function under an if (as pylint)
    assert ignored_lines(TRICKY) == {*range(2, 7), *range(9, 16), 19, 20, 27, 28, 29, 34}
