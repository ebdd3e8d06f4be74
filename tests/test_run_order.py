"""The run's order (tests/conftest.py): the measured costs it reads name browser tests that exist — a renamed
test would silently fall back to the default cost and upset the workers' balance."""

from __future__ import annotations

import importlib.util
import re
from collections.abc import Iterable
from pathlib import Path

E2E = Path(__file__).parent / "e2e"


def costs() -> dict[str, float]:
    """tests/conftest.py's ``COSTS``, read from that file (``import conftest`` may find tests/e2e/conftest.py:
    pytest loads both under one name)."""
    spec = importlib.util.spec_from_file_location("king_tests_conftest", Path(__file__).parent / "conftest.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return dict(module.COSTS)


def unknown(keys: Iterable[str]) -> list[str]:
    """The keys (``file::name`` prefixes of test ids) that no test of tests/e2e/ starts with."""
    out = []
    for key in keys:
        file, _, name = key.partition("::")
        path = E2E / file
        names = re.findall(r"^def (test_\w+)", path.read_text(encoding="utf-8"), re.M) if path.is_file() else []
        func = name.split("[", 1)[0]
        if not names or (name and not ((func in names) if "[" in name else any(n.startswith(func) for n in names))):
            out.append(key)
    return out


def test_every_cost_names_a_browser_test_that_exists() -> None:
    assert unknown(costs()) == []


def test_a_renamed_test_or_file_is_caught() -> None:
    keys = ["test_rooms.py::test_a_host_and_three", "test_rooms.py::test_a_host_and_four", "test_layout.py::test_lay[",
            "test_layout.py::test_layout[ru-", "test_gone.py::", "test_snapshot.py::"]
    assert unknown(keys) == ["test_rooms.py::test_a_host_and_four", "test_layout.py::test_lay[", "test_gone.py::"]
