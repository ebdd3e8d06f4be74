"""Whole deals of friends online through the simulated table of ``online_sim`` (docs/NET.md, "Testing: a
simulated table"): every table size with every number of friends, over today's channel's faults (latency,
lost connections, friends back on new connections, stand-in bots), each friend's view the engine's at every
step and no hidden card ever sent; a seed replays exactly; the network's faults do what they say; and the
table's checks catch a host that forgets a view or shows a card."""

from __future__ import annotations

import heapq
import json
import random
from typing import Any

import pytest
from online_sim import DATA_CHANNEL, NONE, Clock, Faults, Network, Table

from kingcore.online import Host

TABLES = [(players, friends) for players in range(2, 7) for friends in range(1, players)]
"""Every table size (2–6 players) with every number of friends (1 to all seats but the host's)."""
SEEDS = [(players, friends, seed) for players, friends in TABLES for seed in range(2)]


def deals_through_faults(players: int, friends: int, seed: int, deals: int) -> Table:
    """``deals`` whole deals over today's channel (late texts, lost connections, a stand-in or a waiting
    table, the friend back on a new connection): each friend's page, whenever nothing is on its way to it,
    shows the engine's view of its seat, and nothing hidden is sent (the table checks every step). A friend
    never lost checks every deal as fair; no deal is both checked and not."""
    t = Table(1000 * players + 100 * friends + seed, players, friends, faults=DATA_CHANNEL)
    t.run(deals=deals)
    assert t.deals_over() == deals and t.events["checked"] > 0, t.replay
    for page in t.pages.values():
        assert not page.fair & page.unchecked, t.replay
        if page.lost == 0:
            assert page.fair == set(range(1, deals + 1)), t.replay
    return t


@pytest.mark.parametrize(("players", "friends", "seed"), SEEDS, ids=[f"{p}p-{f}f-seed{s}" for p, f, s in SEEDS])
def test_whole_deals_through_faults_agree_with_the_engine(players: int, friends: int, seed: int) -> None:
    deals_through_faults(players, friends, seed, 2)


@pytest.mark.slow
@pytest.mark.parametrize(("players", "friends"), TABLES, ids=[f"{p}p-{f}f" for p, f in TABLES])
def test_many_seeds_of_longer_runs_through_faults(players: int, friends: int) -> None:
    """The same, 20 more seeds of each table, 6 deals each (``python build.py test -- -m slow``)."""
    for seed in range(2, 22):
        deals_through_faults(players, friends, seed, 6)


def test_a_rubber_with_lost_connections_and_stand_ins() -> None:
    """A whole rubber of 4 (2 friends) with friends lost often: every fault of the channel's model happens —
    connections lost, stand-in bots, friends back, deals a friend could not check — and every step agrees."""
    t = Table(6, 4, 2, faults=Faults(latency=(0.005, 0.4), lose=0.01))
    t.run()
    assert t.session.over and t.deals_over() == len(t.game.deals)
    assert t.events["lost"] >= 3 and t.events["stand_in"] >= 1 and t.events["rejoined"] >= 1, t.events
    assert any(page.unchecked for page in t.pages.values())
    assert all(page.fair for page in t.pages.values())
    records = {(seat, json.loads(text)["deal"]) for seat, text in t.log if '"kind":"record"' in text}
    assert records and all((seat, deal) in records for seat, page in t.pages.items() for deal in page.fair)


def test_a_seed_replays_exactly() -> None:
    def trace(seed: int) -> tuple[Any, ...]:
        t = Table(seed, 5, 3, faults=DATA_CHANNEL)
        t.run(deals=1)
        return t.log, t.clock.now, dict(t.events), t.session.to_save()

    assert trace(3) == trace(3)
    assert trace(3) != trace(4)


def test_the_network_keeps_a_connections_order_unless_told() -> None:
    def arrivals(faults: Faults) -> list[tuple[int, str]]:
        clock = Clock()
        net = Network(random.Random(1), clock, faults)
        for i in range(200):
            net.send(i % 2, False, str(i))
            clock.now += 0.001
        out = []
        while net.due() is not None:
            t = heapq.heappop(net.flight)
            out.append((t.conn, t.text))
        return out

    late = arrivals(Faults(latency=(0.0, 0.5)))
    assert [int(x) for c, x in late if c == 0] == list(range(0, 200, 2))  # each connection in order…
    assert [int(x) for _, x in late] != list(range(200))  # …though connections interleave
    mixed = arrivals(Faults(latency=(0.0, 0.5), reorder=True))
    assert [int(x) for c, x in mixed if c == 0] != list(range(0, 200, 2))
    lossy = arrivals(Faults(drop=0.25, duplicate=0.25))
    assert 100 < len(lossy) < 200 and len({x for _, x in lossy}) < len(lossy)
    assert arrivals(NONE) == [(i % 2, str(i)) for i in range(200)]


def test_duplicated_texts_are_refused_and_change_nothing() -> None:
    """Today's protocol under a fault outside its model: every text may arrive twice. The copy is refused
    (``replayed``, by the host and by a friend's page), the session is as without it, the deal ends."""
    t = Table(2, 4, 2, faults=Faults(latency=(0.0, 0.2), duplicate=0.3))
    t.run(deals=1)
    assert t.deals_over() == 1
    assert set(t.refused) == {"replayed"} and t.refused["replayed"] > 0
    errors = [got for _, got in t.answers if "error" in got]
    assert errors and all(got["error"] == "replayed" for got in errors)
    assert not [got for _, got in t.answers if "unfair" in got]


def test_the_checks_catch_a_host_that_forgets_a_friend(monkeypatch: pytest.MonkeyPatch) -> None:
    """A host that stops sending seat 1 its views once three cards are played: the friend's page, with
    nothing on its way to it, no longer shows the engine's view."""
    changed = Host.changed

    def forgetful(self: Host) -> list[tuple[int, str | None]]:
        outs = changed(self)
        if self.session.ply[2] < 3:
            return outs
        return [(s, x) for s, x in outs if s != 1 or x is None or '"kind":"view"' not in x]

    monkeypatch.setattr(Host, "changed", forgetful)
    t = Table(1, levels=["human", "online", "online", "random"])
    with pytest.raises(AssertionError, match=r"another view than the engine's.*replay: Table"):
        t.run(deals=1)


def test_the_checks_catch_a_host_that_shows_a_card(monkeypatch: pytest.MonkeyPatch) -> None:
    """A host that puts one of its own unplayed cards into every view it sends: caught as it is sent."""
    changed = Host.changed

    def peeking(self: Host) -> list[tuple[int, str | None]]:
        out = []
        for seat, text in changed(self):
            d = self.session.game.current
            if text is not None and '"kind":"view"' in text and d is not None and d.hands[0]:
                doc = json.loads(text)
                doc["vm"]["seen"] = [str(next(iter(d.hands[0])))]  # the host's card, unplayed
                text = json.dumps(doc)
            out.append((seat, text))
        return out

    monkeypatch.setattr(Host, "changed", peeking)
    t = Table(1, levels=["human", "online", "online", "random"])
    with pytest.raises(AssertionError, match="was sent"):
        t.run(deals=1)
