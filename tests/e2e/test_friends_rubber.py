"""A whole rubber with friends online at a mental table, in Chromium: a host and three friends on four browser
contexts, joined by the table's one link through the tests' relay, play 14 deals to the settlement by mental
poker; each friend's page reloads once mid-deal, then the host's; at every friend's turn no other page — the
host's storage and every text its page received, the other friends' documents — holds one of that friend's
unplayed cards; every deal's result panel says *audited* on all four pages (``tools/friends_rubber.py --mental``,
run here as its own process: it drives its own browser). ``slow`` (≈ 4–6 min on two cores):
``python build.py test -- -m slow tests/e2e/test_friends_rubber.py``."""

from __future__ import annotations

import re
import subprocess
import sys
from pathlib import Path

import pytest

pytestmark = [pytest.mark.browser, pytest.mark.slow]

ROOT = Path(__file__).resolve().parents[2]


def test_a_whole_rubber_at_a_mental_table_every_deal_audited_on_every_page(site: Path) -> None:
    run = subprocess.run([sys.executable, "-m", "tools.friends_rubber", "--mental", str(site)], cwd=ROOT,
                         capture_output=True, text=True, timeout=40 * 60)
    said = run.stdout + run.stderr
    assert run.returncode == 0, said[-4000:]
    assert re.search(r"the rubber: 14 deals to the settlement on 4 pages", said), said[-2000:]
    for seat in (1, 2, 3):
        assert f"friend {seat}: checked 1–14, not checked none" in said, said[-2000:]
    assert len(re.findall(r"audited on every page", said)) == 13, said[-2000:]  # the last deal's in the summary
    turns = {int(k): int(v) for k, v in re.findall(r"(\d): (\d+)", said.split("turns checked for others' cards:")[1]
                                                    .split(";")[0])}
    assert sorted(turns) == [1, 2, 3] and min(turns.values()) >= 20, turns
