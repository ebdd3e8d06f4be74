"""Shared test set-up: the tests import the package from the checkout and the reference from tests/."""

from __future__ import annotations

import sys
from pathlib import Path

import pytest

HERE = Path(__file__).parent
sys.path.insert(0, str(HERE))
sys.path.insert(0, str(HERE.parent))


def pytest_collection_modifyitems(config: pytest.Config, items: list[pytest.Item]) -> None:
    """``@pytest.mark.slow`` tests run only when asked for with ``-m slow`` (or any ``-m`` naming it): the
    everyday ``python build.py test`` skips them, ``python build.py test -- -m slow`` runs only them."""
    if "slow" in (config.getoption("-m") or ""):
        return
    skip = pytest.mark.skip(reason="slow: python build.py test -- -m slow")
    for item in items:
        if "slow" in item.keywords:
            item.add_marker(skip)
