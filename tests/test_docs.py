"""The documents and the CI workflows: every relative link in a Markdown file reaches a file and, when it
names one, a heading there (GitHub's anchors); README stays a newcomer's page (≤ 150 lines, the two
commands as they are); `bench-web --docs` and `bench-engine --docs` write into docs/PERF.md; no
"(issue N)" tag in the documents a player or a newcomer reads or in the page's words; the test workflow
runs README's test command on pushes and pull requests, and Pages deploys only after it passed for the
same commit."""

from __future__ import annotations

import os
import re
import unicodedata
from pathlib import Path

import pytest
import yaml

from sitebuild import cli
from sitebuild.common import BuildError
from tools import bench_engine, bench_web

ROOT = Path(__file__).parent.parent
SKIP_DIRS = {".git", ".cache", "dist", "node_modules", "artifacts", ".venv"}
LINK = re.compile(r"!?\[(?:[^\[\]]|\[[^\]]*\])*\]\(([^()\s]+)(?:\s+\"[^\"]*\")?\)")
FENCE = re.compile(r"^\s*(```|~~~)")
HEADING = re.compile(r"^(#{1,6})\s+(.*?)\s*#*\s*$")
TEST_COMMAND = "python build.py test"
SERVE_COMMAND = "python build.py serve"


def markdown_files() -> list[Path]:
    """Every Markdown file of the repository (not the caches, the build or the vendored packages)."""
    out = []
    for folder, dirs, files in os.walk(ROOT):
        dirs[:] = [d for d in dirs if d not in SKIP_DIRS]
        out += [Path(folder) / f for f in files if f.endswith(".md")]
    return sorted(out)


def prose_lines(text: str) -> list[str]:
    """The lines outside fenced code blocks, with inline code spans blanked out."""
    out, fenced = [], False
    for line in text.splitlines():
        if FENCE.match(line):
            fenced = not fenced
            continue
        if not fenced:
            out.append(re.sub(r"`[^`]*`", lambda m: "`" + "x" * (len(m.group()) - 2) + "`", line))
    return out


def slug(heading: str) -> str:
    """GitHub's anchor for a heading's text: the rendered text (links to their words, no emphasis marks or
    backticks) in lower case, every character but letters, digits, marks, ``_``, ``-`` and spaces dropped,
    spaces turned into hyphens.

    >>> slug("Strength — duplicate arena"), slug("The page's *Expert*: 130 ms (`play_ms`)")
    ('strength--duplicate-arena', 'the-pages-expert-130-ms-play_ms')
    """
    text = re.sub(r"!?\[([^\]]*)\]\([^)]*\)", r"\1", heading)
    text = text.replace("`", "").replace("*", "").lower()
    kept = "".join(c for c in text if c in " -_" or unicodedata.category(c)[0] in "LNM")
    return kept.replace(" ", "-")


def anchors(path: Path) -> set[str]:
    """Every heading anchor of a Markdown file, a repeated one numbered as GitHub numbers it (-1, -2, …)."""
    seen: dict[str, int] = {}
    out: set[str] = set()
    fenced = False
    for line in path.read_text(encoding="utf-8").splitlines():
        if FENCE.match(line):
            fenced = not fenced
            continue
        m = None if fenced else HEADING.match(line)
        if m:
            base = slug(m.group(2))
            n = seen.get(base, 0)
            seen[base] = n + 1
            out.add(base if n == 0 else f"{base}-{n}")
    return out


def broken_links(path: Path) -> list[str]:
    """The relative links of ``path`` that reach no file, or no heading of the file they name."""
    bad = []
    for line in prose_lines(path.read_text(encoding="utf-8")):
        for m in LINK.finditer(line):
            target = m.group(1)
            if re.match(r"^[a-z][a-z0-9+.-]*:", target):  # http:, https:, mailto: — not ours to check
                continue
            file_part, _, anchor = target.partition("#")
            dest = (path.parent / file_part).resolve() if file_part else path
            if not dest.exists():
                bad.append(f"{target}: no such file")
            elif anchor and dest.suffix == ".md" and anchor not in anchors(dest):
                bad.append(f"{target}: no heading #{anchor} in {dest.name}")
    return bad


def test_every_relative_link_in_the_docs_resolves() -> None:
    files = markdown_files()
    assert ROOT / "README.md" in files and ROOT / "docs" / "PERF.md" in files
    problems = {str(p.relative_to(ROOT)): bad for p in files if (bad := broken_links(p))}
    assert not problems, problems


def test_the_link_check_catches_a_missing_file_and_a_missing_heading(tmp_path: Path) -> None:
    (tmp_path / "a.md").write_text("# Top\n\n## The page's *Expert*\n\n```\n# not a heading\n```\n")
    doc = tmp_path / "b.md"
    doc.write_text("[ok](a.md#the-pages-expert) [ok](a.md) [ok](#here) ![x](a.md)\n# Here\n"
                   "`[code](nowhere.md)` [gone](c.md) [bad](a.md#not-a-heading) [bad](a.md#not-a-heading-1)\n")
    assert [b.split(":")[0] for b in broken_links(doc)] == ["c.md", "a.md#not-a-heading", "a.md#not-a-heading-1"]
    assert anchors(tmp_path / "a.md") == {"top", "the-pages-expert"}


def test_readme_is_a_short_page_with_the_two_commands() -> None:
    text = (ROOT / "README.md").read_text(encoding="utf-8")
    assert len(text.splitlines()) <= 150
    assert f"{SERVE_COMMAND} " in text and f"{TEST_COMMAND} " in text
    for doc in ("docs/PLAYING.md", "docs/WEB.md", "docs/PERF.md", "docs/BOTS.md", "docs/RULES.md", "CHANGELOG.md"):
        assert f"]({doc}" in text, doc
    assert "```mermaid" in text  # the data-flow diagram


def test_no_issue_tags_in_the_docs_or_the_page_words() -> None:
    tag = re.compile(r"\(issues? \d+|\bissue \d+'s\b", re.IGNORECASE)
    docs = [p for p in markdown_files() if p.name != "CHANGELOG.md"]  # the changelog is the history
    words = [*sorted((ROOT / "web" / "locale").glob("*.po")), *sorted((ROOT / "web").glob("*.html"))]
    hits = [f"{p.relative_to(ROOT)}:{i}" for p in docs + words
            for i, line in enumerate(p.read_text(encoding="utf-8").splitlines(), 1)
            if tag.search(line) and not (p.suffix == ".po" and line.startswith("#"))]
    assert not hits, hits


def test_bench_web_writes_its_table_into_perf_md(tmp_path: Path) -> None:
    assert bench_web.PERF_DOC == ROOT / "docs" / "PERF.md"
    start, end = bench_web.BENCH_MARKERS
    assert start in bench_web.PERF_DOC.read_text(encoding="utf-8")
    assert start not in (ROOT / "README.md").read_text(encoding="utf-8")
    doc = tmp_path / "PERF.md"
    named = f"the block between the `{start}` markers\n"  # the prose may name the markers: not the block
    doc.write_text(f"# P\n{named}before\n{start}\nold table\n{end}\nafter\n", encoding="utf-8")
    bench_web.write_table("| new |", doc)
    assert doc.read_text(encoding="utf-8") == f"# P\n{named}before\n{start}\n| new |\n{end}\nafter\n"
    doc.write_text("no markers", encoding="utf-8")
    with pytest.raises(BuildError, match="markers"):
        bench_web.write_table("| new |", doc)
    assert doc.read_text(encoding="utf-8") == "no markers"


def test_bench_engine_writes_both_runs_into_perf_md(tmp_path: Path) -> None:
    start, end = bench_engine.ENGINE_MARKERS
    perf = bench_web.PERF_DOC.read_text(encoding="utf-8")
    assert perf.count(start) == 1 and perf.count(end) == 1 and perf.index(start) < perf.index(end)
    block = bench_engine.engine_block("kingcore bench: Python 3.11 (CPython)\n  1  deals/s\n",
                                      "kingcore bench: Python 3.14 (emscripten)\n  2  deals/s\n")
    doc = tmp_path / "PERF.md"
    doc.write_text(f"## The engine\n{start}\nold\n{end}\nTargets\n", encoding="utf-8")
    bench_web.write_table(block, doc, markers=bench_engine.ENGINE_MARKERS)
    text = doc.read_text(encoding="utf-8")
    assert "old" not in text and text.endswith(f"{end}\nTargets\n")
    assert "```\nkingcore bench: Python 3.11 (CPython)\n  1  deals/s\n```" in text
    assert "```\nkingcore bench: Python 3.14 (emscripten)\n  2  deals/s\n```" in text
    # the block in PERF.md is the writer's own shape, so a rerun replaces it and nothing else
    inside = perf.split(start, 1)[1].split(end, 1)[0].strip("\n")
    runs = [part.split("\n```", 1)[0] for part in inside.split("```\n")[1::2]]
    assert inside == bench_engine.engine_block(*runs)


def test_bench_engine_command(monkeypatch: pytest.MonkeyPatch) -> None:
    calls: list[bool] = []
    monkeypatch.setattr(bench_engine, "bench_engine", lambda write_docs: calls.append(write_docs) or 0)
    assert cli.main(["bench-engine", "--docs"]) == 0 and cli.main(["bench-engine"]) == 0
    assert calls == [True, False]


@pytest.mark.parametrize("flag", ["--docs", "--readme"])
def test_bench_web_docs_flag_and_its_old_name(monkeypatch: pytest.MonkeyPatch, flag: str) -> None:
    calls: list[tuple[int, bool, float, float]] = []

    def fake(runs: int, write_docs: bool, throttle: float = 0.0, cpu_quota: float = 0.0) -> int:
        calls.append((runs, write_docs, throttle, cpu_quota))
        return 0

    monkeypatch.setattr(bench_web, "bench_web", fake)
    assert cli.main(["bench-web", "--runs", "2", flag]) == 0
    assert cli.main(["bench-web"]) == 0
    assert cli.main(["bench-web", "--runs", "1", "--cpu-quota", "0.5"]) == 0
    assert calls == [(2, True, 0.0, 0.0), (3, False, 0.0, 0.0), (1, False, 0.0, 0.5)]


def workflow(name: str) -> dict[str, object]:
    """A workflow file parsed; its ``on:`` key under "on" (YAML 1.1 reads a bare ``on`` as true)."""
    data = yaml.safe_load((ROOT / ".github" / "workflows" / name).read_text(encoding="utf-8"))
    assert isinstance(data, dict)
    if True in data:
        data["on"] = data.pop(True)
    return data


def steps_text(job: dict[str, object]) -> str:
    steps = job.get("steps")
    assert isinstance(steps, list)
    return "\n".join(str(s.get("run", "")) + " " + str(s.get("uses", "")) + " " + str(s.get("with", ""))
                     for s in steps)


def test_ci_runs_the_readme_test_command_on_pushes_and_pull_requests() -> None:
    wf = workflow("test.yml")
    on = wf["on"]
    assert isinstance(on, dict) and "push" in on and "pull_request" in on
    jobs = wf["jobs"]
    assert isinstance(jobs, dict) and len(jobs) == 1
    (job,) = jobs.values()
    assert "ubuntu" in job["runs-on"]
    text = steps_text(job)
    assert "bash .ci/run" in text or TEST_COMMAND in text
    assert re.search(r"^python3? build\.py test$", (ROOT / ".ci" / "run").read_text(encoding="utf-8"), re.M)
    assert "'python-version': '3.11'" in text and "'node-version': '20'" in text
    assert "playwright install" in text  # Playwright's own Chromium, as README says off Debian-as-root


def test_pages_deploys_only_after_the_tests_passed_for_that_commit() -> None:
    tests_name = workflow("test.yml")["name"]
    wf = workflow("pages.yml")
    on = wf["on"]
    assert isinstance(on, dict) and set(on) == {"workflow_run"}  # no push trigger of its own
    run = on["workflow_run"]
    assert run["workflows"] == [tests_name] and run["types"] == ["completed"] and run["branches"] == ["main"]
    jobs = wf["jobs"]
    assert isinstance(jobs, dict)
    build = jobs["build"]
    assert "github.event.workflow_run.conclusion == 'success'" in build["if"]
    checkout = next(s for s in build["steps"] if str(s.get("uses", "")).startswith("actions/checkout"))
    assert checkout["with"]["ref"] == "${{ github.event.workflow_run.head_sha }}"
    assert jobs["deploy"]["needs"] == "build"
