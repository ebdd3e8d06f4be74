"""Deal vectors (VECTORS.md): the shared examples and the project's own, through the library and the CLI."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import make_vectors
import pytest

from kingcore.vectors import evaluate, files_of, mismatches

ROOT = Path(__file__).parent.parent
DATA = Path(__file__).parent / "data" / "vectors"
SHARED = sorted(DATA.glob("*.json"))
OWN = sorted((DATA / "own").glob("*.json"))


def test_the_vector_sets_are_there() -> None:
    assert len(SHARED) >= 19 and len(OWN) >= 100


@pytest.mark.parametrize("path", SHARED + OWN, ids=lambda p: f"{p.parent.name}/{p.name}")
def test_vector(path: Path) -> None:
    v = json.loads(path.read_text(encoding="utf-8"))
    result = evaluate(v)
    assert mismatches(result, v["expect"]) == [], v.get("name")
    if "error" in result and result["error"]["kind"] != "bad_deal":
        assert result["message"]


def test_check_cli_passes_on_every_vector() -> None:
    p = subprocess.run([sys.executable, "-m", "kingcore", "vector", "--check", str(DATA), str(DATA / "own")],
                       cwd=ROOT, capture_output=True, text=True)
    assert p.returncode == 0, p.stderr
    lines = [json.loads(x) for x in p.stdout.splitlines()]
    assert [x["file"] for x in lines] == [str(f) for f in files_of([str(DATA), str(DATA / "own")])]


def test_check_cli_reports_a_mismatch_with_file_and_field(tmp_path: Path) -> None:
    v = json.loads(SHARED[0].read_text(encoding="utf-8"))
    v["expect"]["points"] = [0, 0, 0, -16]
    bad = tmp_path / "bad.json"
    bad.write_text(json.dumps(v))
    p = subprocess.run([sys.executable, "-m", "kingcore", "vector", "--check", str(bad)], cwd=ROOT,
                       capture_output=True, text=True)
    assert p.returncode == 1
    assert f"MISMATCH {bad}: points: expected [0, 0, 0, -16], got [-16, 0, 0, 0]" in p.stderr


def test_malformed_json_file_is_bad_deal_with_line_and_column(tmp_path: Path) -> None:
    bad = tmp_path / "broken.json"
    bad.write_text('{"contract": "no_king",\n "hands": [}')
    p = subprocess.run([sys.executable, "-m", "kingcore", "vector", str(bad)], cwd=ROOT,
                       capture_output=True, text=True)
    out = json.loads(p.stdout)
    assert out["error"] == {"index": -1, "kind": "bad_deal"} and "line 2, column" in out["message"]
    assert "Traceback" not in p.stderr


def test_own_vectors_are_reproduced_by_their_generator(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(make_vectors, "OUT", tmp_path)
    fresh = make_vectors.write()
    assert [p.name for p in fresh] == [p.name for p in OWN]
    for p in fresh:
        assert p.read_text(encoding="utf-8") == (DATA / "own" / p.name).read_text(encoding="utf-8"), p.name
