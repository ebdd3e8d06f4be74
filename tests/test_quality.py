"""The package, the build (sitebuild/, build.py) and tools/ stay typed (mypy --strict) and lint-clean (ruff)."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).parent.parent


def test_mypy_strict() -> None:
    p = subprocess.run([sys.executable, "-m", "mypy", "--strict", "kingcore", "sitebuild", "build.py", "tools"],
                       cwd=ROOT,
                       capture_output=True, text=True, timeout=600)
    assert p.returncode == 0, p.stdout + p.stderr


def test_mypy_strict_covers_the_page() -> None:
    """web/ (main.py, the bots' worker and the king/ modules) is typed too; PyScript's objects are Any."""
    p = subprocess.run([sys.executable, "-m", "mypy", "--strict", "web/main.py", "web/bots.py", "web/king"],
                       cwd=ROOT, capture_output=True, text=True, timeout=600)
    assert p.returncode == 0, p.stdout + p.stderr


def test_ruff() -> None:
    p = subprocess.run([sys.executable, "-m", "ruff", "check", "kingcore", "tests", "tools", "sitebuild", "build.py",
                        "web"], cwd=ROOT,
                       capture_output=True, text=True, timeout=300)
    assert p.returncode == 0, p.stdout + p.stderr


def test_public_functions_have_docstrings() -> None:
    import inspect

    import kingcore

    missing = []
    for name in kingcore.__all__:
        obj = getattr(kingcore, name)
        if inspect.isclass(obj) or inspect.isfunction(obj):
            if not inspect.getdoc(obj):
                missing.append(name)
            if inspect.isclass(obj):
                for attr, member in vars(obj).items():
                    if inspect.isfunction(member) and not attr.startswith("_") and not inspect.getdoc(member):
                        missing.append(f"{name}.{attr}")
    assert missing == []
