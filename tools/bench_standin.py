"""``python tools/bench_standin.py``: what a page's stand-in world costs per move (docs/PERF.md, "Stand-in
worlds"): the time :meth:`kingcore.online.deal.standin.StandIn.follow` takes after each public move — the
session's own ``apply`` when the stand-in already holds the card played, or a new stand-in sampled and the deal
replayed on it — on the host's page (its own seat and its bots') and on a friend's page (one seat), in this
CPython and (``--pyodide``) in the vendored Pyodide under Node (python-ecdsa from ``tools/bench_mental.py``'s
cache: the stand-in's module sits beside the cipher's).

The pages are blind pages without the cipher (as ``tests/test_online_standin.py`` plays them): each learns its
own cards and every card played at once, so only the stand-in is measured.
"""

from __future__ import annotations

import argparse
import random
import sys
import time
from collections.abc import Callable
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
TABLES = ((3, 1), (4, 1), (4, 2), (4, 3), (6, 3))
"""(players, friends): the host's page holds seat 0 and the bots', each friend's page one seat."""


def measure(players: int, friends: int, deals: int, seed: int = 1,
            clock: Callable[[], float] = time.process_time) -> dict[str, float]:
    """One table's figures: per page kind (``host``, ``friend``), milliseconds per move (mean, 95th percentile and
    the slowest), the share of moves that sampled a new stand-in, and the mean of such a move."""
    from kingcore import Game, Rules
    from kingcore.game import Phase
    from kingcore.online.deal.audit import audit_deal
    from kingcore.online.deal.blind import BlindDeal, fork
    from kingcore.online.deal.standin import StandIn
    from kingcore.web import ONLINE, Session

    rules = Rules(players=players)
    rng = random.Random(seed)
    real = Game(rules)
    real.draw_dealer(rng)
    levels = ["human"] + [ONLINE if s <= friends else "random" for s in range(1, players)]
    groups = [{0, *range(friends + 1, players)}, {1}]  # the host's page, one friend's page
    games = [Game(rules) for _ in groups]
    for g in games:
        g.apply_draw(real.draw)
    standins = [StandIn(Session(fork(g), {"levels": levels}), random.Random(seed + i).randbytes)
                for i, g in enumerate(games)]
    times: list[list[tuple[float, bool]]] = [[] for _ in groups]
    for _ in range(deals):
        real.deal(rng)
        blinds = [BlindDeal(g, mine) for g, mine in zip(games, groups, strict=True)]
        info = real.current
        assert info is not None
        nth = [0] * players
        cards: dict[int, int] = {}
        for pos, seat in enumerate(blinds[0].seats):
            cards[pos] = info.hands[seat][nth[seat]].index
            nth[seat] += 1
        for k, pos in enumerate(blinds[0].kitty_positions()):
            cards[pos] = info.kitty[k].index
        where = {c: p for p, c in cards.items()}
        while True:
            for i, b in enumerate(blinds):
                for pos in range(b.dealt()):
                    if b.seats[pos] in b.mine:
                        b.learn(pos, cards[pos])
                if b.need_kitty:
                    b.open_kitty({p: cards[p] for p in b.kitty_positions()})
                if b.last_card_called and b.play_deal is None:
                    b.show_last(cards[b.last_position(b.calls[-1][0])])
                samples, t0 = standins[i].samples, clock()
                standins[i].follow(games[i], b)
                times[i].append((clock() - t0, standins[i].samples > samples))
            if real.phase in (Phase.DEAL_OVER, Phase.RUBBER_OVER):
                break
            mover = real.to_move
            assert mover is not None
            moves = real.legal_moves()
            move = moves[int(rng.random() * len(moves))]
            for b in blinds:
                if move.card is not None:
                    b.play(mover, where[move.card.index], move.card.index)
                else:
                    b.call(mover, move)
            real.play(move, mover)
        for g, b in zip(games, blinds, strict=True):
            b.open_kitty({p: cards[p] for p in b.kitty_positions()})
            audit_deal(g, b, cards)
        for s, g in zip(standins, games, strict=True):
            s.follow(g, None)
    out: dict[str, float] = {"players": players, "friends": friends}
    for name, got in zip(("host", "friend"), times, strict=True):
        ms = [t * 1000 for t, _ in got]
        sampled = [t * 1000 for t, new in got if new]
        out[f"{name}_mean"] = sum(ms) / len(ms)
        out[f"{name}_p95"] = sorted(ms)[int(0.95 * (len(ms) - 1))]
        out[f"{name}_max"] = max(ms)
        out[f"{name}_share"] = len(sampled) / len(ms)
        out[f"{name}_sample"] = sum(sampled) / len(sampled) if sampled else 0.0
    return out


def table(rows: list[dict[str, float]], where: str) -> str:
    """The measurements as a Markdown table headed by where they were taken."""
    out = [f"**{where}**", "",
           "| players, friends | host's page: ms per move, mean / p95 / slowest | moves re-sampled | ms per "
           "re-sampled move | a friend's page: ms per move, mean / p95 / slowest | moves re-sampled | ms per "
           "re-sampled move |",
           "|---|---|---|---|---|---|---|"]
    for r in rows:
        cells = [f"{r['players']:.0f}, {r['friends']:.0f}"]
        for name in ("host", "friend"):
            cells += [f"{r[name + '_mean']:.1f} / {r[name + '_p95']:.1f} / {r[name + '_max']:.1f}",
                      f"{r[name + '_share']:.0%}",
                      f"{r[name + '_sample']:.1f}"]
        out.append("| " + " | ".join(cells) + " |")
    return "\n".join(out)


CODE = """
from tools.bench_standin import measure
print(json.dumps([measure(n, f, DEALS, clock=time.perf_counter) for n, f in TABLES]))
"""


def measure_pyodide(deals: int, tables: tuple[tuple[int, int], ...]) -> list[dict[str, float]]:
    """In the vendored Pyodide under Node (python-ecdsa and six as ``tools/bench_mental.py`` fetches them)."""
    from tools.bench_mental import MOUNT, run_pyodide
    rows: list[dict[str, float]] = run_pyodide(f"DEALS, TABLES = {deals}, {tables!r}", MOUNT + CODE, "bench_standin")
    return rows


def main(argv: list[str] | None = None) -> int:
    """Print the table for CPython, and with ``--pyodide`` for Pyodide too."""
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0] if __doc__ else None)
    ap.add_argument("--deals", type=int, default=6, choices=range(1, 15), metavar="N",
                    help="deals per table after the draw (1-14, default 6)")
    ap.add_argument("--pyodide", action="store_true", help="also in the vendored Pyodide under Node")
    ap.add_argument("--tables", default=",".join(f"{n}:{f}" for n, f in TABLES),
                    help="players:friends of each table, e.g. 4:1,4:3 (2-6 players, 1 friend or more)")
    ns = ap.parse_args(argv)
    try:
        tables = tuple((int(a), int(b)) for a, b in (x.split(":") for x in ns.tables.split(",")))
    except ValueError:
        ap.error("--tables: players:friends pairs separated by commas")
    if not tables or any(not 2 <= n <= 6 or not 1 <= f < n for n, f in tables):
        ap.error("--tables: 2-6 players, 1 to players-1 friends")
    print(table([measure(n, f, ns.deals) for n, f in tables], f"CPython {sys.version.split()[0]}"))
    if ns.pyodide:
        print()
        print(table(measure_pyodide(ns.deals, tables), "Pyodide (Node)"))
    return 0


if __name__ == "__main__":
    sys.path.insert(0, str(ROOT))
    raise SystemExit(main())
