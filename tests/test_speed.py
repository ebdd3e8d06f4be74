"""The bots' thinking scaled to the device (kingcore/bots/speed.py, Level.spec_at, kingcore.web's calibrate):
the caps divided by the measured slowness, never raised, at least 1 ms; the measurement itself is only checked
for its shape here — what it reads on a slow device is in docs/PERF.md (no timed test)."""

from __future__ import annotations

import pytest

from kingcore.bots import make_bot, speed
from kingcore.bots.levels import REGISTRY, Level, level
from kingcore.web import botcalls


def test_caps_shrink_with_the_slowness() -> None:
    expert = level("expert")
    assert expert.spec_at(1.0) == expert.page_spec == "expert(budget_ms=350,play_ms=130)"
    assert expert.spec_at(2.0) == "expert(budget_ms=88,play_ms=65)"  # the lead's and calls' time goes first
    assert expert.spec_at(1000.0) == "expert(budget_ms=1,play_ms=1)"
    assert level("medium").spec_at(4.0) == "heuristic" and level("hard").spec_at(3.5) == \
        "pimc(samples=20,call_samples=8,budget_ms=100)"
    assert Level("x", "pimc(samples=4)", 0, budget_ms=10).spec_at(2.0) == "pimc(samples=4,budget_ms=5)"
    for lv in REGISTRY:  # every scaled spec still makes its bot
        bot = make_bot(lv.spec_at(3.0))
        assert getattr(bot, "budget_ms", 0) == (max(round(lv.budget_ms / (9 if lv.play_ms else 3)),
                                                    round(lv.play_ms / 3)) if lv.budget_ms else 0)
        assert getattr(bot, "play_ms", 0) == (round(lv.play_ms / 3) if lv.play_ms else 0)
    with pytest.raises(ValueError, match="at least 1"):
        expert.spec_at(0.5)


def test_slowness_is_the_ratio_to_the_reference_within_bounds() -> None:
    assert speed.slowness(speed.REFERENCE_MS * 2.5) == 2.5
    assert speed.slowness(speed.REFERENCE_MS / 3) == 1.0  # a faster device keeps the caps
    assert speed.slowness(speed.REFERENCE_MS * 100) == speed.MOST


def test_the_workload_is_one_fixed_decision() -> None:
    first = speed.workload()
    assert first == speed.workload() and len(first) == 2  # a card token, the same every time
    assert speed.measure(span_ms=0) > 0  # one run at least, in ms


def test_calibrate_scales_the_levels_it_answers(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setitem(botcalls.SPEED, "ms", 0.0)
    monkeypatch.setitem(botcalls.SPEED, "slowness", 1.0)
    assert botcalls.level_spec("expert") == level("expert").page_spec
    monkeypatch.setitem(botcalls.SPEED, "slowness", 2.0)
    assert botcalls.level_spec("expert") == "expert(budget_ms=88,play_ms=65)"
    assert botcalls.level_spec("easy") == level("easy").spec
    monkeypatch.setattr(speed, "measure", lambda: speed.REFERENCE_MS * 4)
    assert '"slowness": 4.0' in botcalls.calibrate() and botcalls.SPEED["slowness"] == 4.0
    assert botcalls.level_spec("expert") == "expert(budget_ms=32,play_ms=32)"  # the lead never below a card
