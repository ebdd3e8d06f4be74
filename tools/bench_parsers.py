"""Time of every public parser on the largest input :mod:`kingcore.limits` allows, and on hostile 1 MB inputs
(issue 9: "linear time", "never more than 1 s each"). Not part of the wheel.

``python tools/bench_parsers.py [--repeat 5]`` prints, per parser and input, the median wall time of
``--repeat`` runs and what came of it (``ok`` or the error type).
"""

from __future__ import annotations

import argparse
import json
import random
import statistics
import sys
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from kingcore import Position, Rules
from kingcore.bots.base import make_bot
from kingcore.cards import parse_deal_line
from kingcore.game import Game
from kingcore.limits import MAX_DEAL_LINE, MAX_FILE, MAX_POSITION, MAX_SPEC, cli_count, json_loads
from kingcore.notation import dumps, loads
from kingcore.vectors import load_deal
from kingcore.webapi import Session


def _record() -> str:
    g = Game(Rules())
    g.autoplay(random.Random(3))
    text = dumps(g)
    pad = "# " + "x" * 98 + "\n"
    return text + pad * ((MAX_FILE - len(text)) // len(pad))


def _cases() -> list[tuple[str, str, Callable[[str], Any], str]]:
    rec = _record()
    g = Game(Rules())
    g.autoplay(random.Random(3))
    real = dumps(g)
    save = json.dumps({"version": 1, "seq": 1, "id": "x", "record": rec[:MAX_FILE - 50_000], "settings": {}})
    vec = json.loads((Path(__file__).resolve().parent.parent / "tests/data/vectors/00.json").read_text())
    vec["comment"] = "x" * (MAX_FILE - len(json.dumps(vec)) - 20)
    vtext = json.dumps(vec)
    order = "tricks,boys,girls,hearts,king,last_two"
    rules = "king(deal_order=" + order + ")" + " " * (MAX_SPEC - len(order) - 17)
    bot = "pimc(samples=4)" + " " * (MAX_SPEC - 15)
    pos = "king() | no_king | dealer 3 | AKQJT987... | .AKQJT987.. | ..AKQJT987. | ...AKQJT987"
    pos += " " * (MAX_POSITION - len(pos))
    line = "0:AK7.Q98.T.J8 .AKJ.. ..."
    line += " " * (MAX_DEAL_LINE - len(line))
    deep = "[" * MAX_FILE
    digits = '{"seq": ' + "9" * (MAX_FILE - 10) + "}"
    return [
        ("notation.loads", f"a whole rubber ({len(real)} chars)", loads, real),
        ("notation.loads", f"a rubber + comments, {len(rec)} chars", loads, rec),
        ("notation.loads", "1 MB of '['", loads, deep),
        ("Session.from_save", f"save with that record, {len(save)} chars", Session.from_save, save),
        ("Session.from_save", "1 MB of '['", Session.from_save, deep),
        ("Session.from_save", "1 MB integer", Session.from_save, digits),
        ("vectors (json+load_deal)", f"vector, {len(vtext)} chars", lambda t: load_deal(json_loads(t, "v")),
         vtext),
        ("Rules.parse", f"{len(rules)} chars", Rules.parse, rules),
        ("Rules.parse", "1 MB", Rules.parse, "king(" + "a=b," * (MAX_FILE // 4) + ")"),
        ("make_bot", f"{len(bot)} chars", make_bot, bot),
        ("Position.parse", f"{len(pos)} chars", Position.parse, pos),
        ("parse_deal_line", f"{len(line)} chars", parse_deal_line, line),
    ]


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--repeat", type=cli_count("repeat", 1, 100), default=5)
    args = ap.parse_args()
    print(f"{'parser':<26} {'input':<38} {'median ms':>10}  result")
    for name, what, fn, text in _cases():
        times = []
        result = "ok"
        for _ in range(args.repeat):
            t0 = time.perf_counter()
            try:
                fn(text)
            except Exception as e:
                result = type(e).__name__
            times.append(time.perf_counter() - t0)
        print(f"{name:<26} {what:<38} {statistics.median(times) * 1000:>10.1f}  {result}")


if __name__ == "__main__":
    main()
