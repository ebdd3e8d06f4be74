"""The typed :class:`~kingcore.view.SeatView` and its JSON (RULES.md §4, §7): the JSON that saves and the
web worker exchange stays byte for byte what it was before the view was typed (``data/seat_views.jsonl``
was written by the engine of that time, by :func:`sampled_views`), and ``from_dict`` gives the same
typed view back."""

from __future__ import annotations

import json
import random
from collections.abc import Iterator
from pathlib import Path

from kingcore import CardSet, Contract, Game, Phase, Rules
from kingcore.contracts import Trump
from kingcore.view import EarlierDeal, SeatView, earlier_deals, seat_view

GOLDEN = Path(__file__).parent / "data" / "seat_views.jsonl"
CONFIGS = ["king()", "king(replay=trumps)", "king(replay=auction)", "king(order=chosen,replay=trumps)",
           "king(players=3,deck=kitty,replay=trumps)"]


def sampled_views() -> Iterator[tuple[Game, int]]:
    """Seeded rubbers of every config, stopping at fixed steps, every call and every no-trump or misère
    deal's end; the game (at that moment) and the seat whose view is taken."""
    for i, c in enumerate(CONFIGS):
        rng = random.Random(100 + i)
        g = Game(Rules.parse(c))
        step = 0
        while g.phase is not Phase.RUBBER_OVER:
            calling = g.phase.value in ("call_trump", "auction", "choose_contract") and step % 5 == 0
            d = g.current
            untrumped = (g.phase is Phase.DEAL_OVER and d is not None and d.trump is None
                         and d.contract is Contract.TRUMPS)
            if step % 127 == 0 or calling or untrumped:
                yield g, g.to_move if g.to_move is not None else step % g.rules.players
            g.step_random(rng)
            step += 1
        yield g, 0


def dumps(view: SeatView) -> str:
    """The view's JSON (since issue 21 again without the rubber's earlier deals, which issue 12 had added
    after every older key: they are :func:`~kingcore.view.earlier_deals` now)."""
    return json.dumps(view.to_dict(), separators=(",", ":"), ensure_ascii=False)


def test_view_json_is_byte_for_byte_what_it_was() -> None:
    got = [dumps(seat_view(g, s)) for g, s in sampled_views()]
    want = GOLDEN.read_text(encoding="utf-8").splitlines()
    assert len(got) == len(want)
    for k, (a, b) in enumerate(zip(got, want, strict=True)):
        assert a == b, f"view {k} differs"


def test_from_dict_gives_the_typed_view_back() -> None:
    kinds: set[Trump | None] = set()
    for g, s in sampled_views():
        v = seat_view(g, s)
        back = SeatView.from_dict(json.loads(dumps(v)))
        assert back == v and dumps(back) == dumps(v)
        assert isinstance(v.phase, Phase) and isinstance(v.hand, CardSet)
        assert v.contract is None or isinstance(v.contract, Contract)
        assert all(isinstance(o, Contract) for o in v.owned)
        kinds.add(v.trump)
    assert {None, Trump.NO_TRUMP, Trump.MISERE} <= kinds and kinds & {Trump.SPADES, Trump.HEARTS, Trump.DIAMONDS,
                                                                       Trump.CLUBS}


def test_a_view_is_the_present_and_the_earlier_deals_a_record_beside_it() -> None:
    """A view's JSON is the size of one deal at any deal of the rubber (the earlier deals are not in it);
    :func:`earlier_deals` is every finished deal before the current one, the same for every seat, each
    with the cards played in it only, and round-trips through its JSON."""
    biggest = 0
    for g, s in sampled_views():
        biggest = max(biggest, len(dumps(seat_view(g, s))))
        earlier = earlier_deals(g)
        assert len(earlier) == max(0, len(g.deals) - 1) and earlier_deals(g, 1) == earlier[1:]
        for e, d in zip(earlier, g.deals, strict=False):
            assert e.contract is d.contract and e.plays == tuple((p, c.index) for p, c in d.plays)
            assert EarlierDeal.from_dict(json.loads(json.dumps(e.to_dict()))) == e
    assert biggest < 1200, biggest


def test_trump_is_none_before_the_call_and_no_trump_after() -> None:
    g = Game(Rules(replay="trumps"))
    g.set_first_dealer(0)
    rng = random.Random(4)
    while g.phase is not Phase.CALL_TRUMP:
        g.step_random(rng)
    caller = g.to_move
    assert caller is not None
    before = seat_view(g, caller)
    assert before.contract is Contract.TRUMPS and before.trump is None and not before.misere
    g.play("trump:nt")
    after = seat_view(g, caller)
    assert after.trump is Trump.NO_TRUMP and not after.misere and after.to_dict()["trump"] is None
    assert SeatView.from_dict(before.to_dict()).trump is None
    assert SeatView.from_dict(after.to_dict()).trump is Trump.NO_TRUMP
