"""The examples in the page's own modules' docstrings (web/king) run as tests, as kingcore's do (pytest's
``--doctest-modules`` collects only ``testpaths``, and web/king is not a package of the wheel).

A module that imports PyScript or Pyodide's ``js`` at its top cannot be imported in CPython: its examples are not
run here (:func:`browser_only` names them)."""

from __future__ import annotations

import ast
import doctest
import importlib
import sys
from pathlib import Path

import pytest

WEB = Path(__file__).parent.parent / "web"
sys.path.insert(0, str(WEB))

BROWSER = {"pyscript", "js", "pyodide"}


def browser_only(path: Path) -> bool:
    """Whether the module at ``path`` imports a browser-only module (PyScript, ``js``, ``pyodide``) at its top."""
    for node in ast.parse(path.read_text(encoding="utf-8")).body:
        if isinstance(node, ast.Import) and any(a.name.split(".")[0] in BROWSER for a in node.names):
            return True
        if isinstance(node, ast.ImportFrom) and node.level == 0 and (node.module or "").split(".")[0] in BROWSER:
            return True
    return False


def with_examples() -> list[str]:
    """The dotted names (``king.render.table``) of the page's modules importable in CPython whose source has an
    example (``>>>``)."""
    out = []
    for path in sorted((WEB / "king").rglob("*.py")):
        if ">>>" in path.read_text(encoding="utf-8") and not browser_only(path):
            out.append(".".join(path.relative_to(WEB).with_suffix("").parts))
    return out


def test_a_module_importing_pyscript_is_browser_only(tmp_path: Path) -> None:
    """The split the examples' collection relies on: a top-level ``from pyscript import …`` or ``import js`` makes a
    module browser-only; an import inside a function, or of a module merely named like one, does not."""
    cases = {"from pyscript import document\n": True, "import js\n": True, "from pyodide.ffi import create_proxy\n":
             True, "def f():\n    import js\n": False, "from king.js_words import x\n": False, "import json\n": False}
    for source, expected in cases.items():
        path = tmp_path / "m.py"
        path.write_text(source, encoding="utf-8")
        assert browser_only(path) is expected, source


def test_the_page_has_modules_with_examples() -> None:
    """The collection finds the page's modules with examples (a wrong folder would make the test below vanish)."""
    assert {"king.dom", "king.words", "king.render.table"} <= set(with_examples())


@pytest.mark.parametrize("name", with_examples())
def test_the_examples_in_a_page_module_hold(name: str) -> None:
    """Every example in the module's docstrings gives what it shows."""
    module = importlib.import_module(name)
    finder, runner = doctest.DocTestFinder(), doctest.DocTestRunner(optionflags=doctest.ELLIPSIS)
    tests = [t for t in finder.find(module) if t.examples]
    assert tests, f"{name}: no example found though its source has one"
    for test in tests:
        runner.run(test)
    result = runner.summarize(verbose=False)
    assert result.failed == 0, f"{name}: {result.failed} of {result.attempted} examples failed (output above)"
