"""The CPU tests' memo of mental poker's locks: ``Element * k`` computed once a process for each element and scalar.

The simulated tables (tests/mental_sim.py, tests/test_online_mental_protocol.py) are seeded: the tables of one seed
deal the same first deals, test after test, and every page of a table runs in this one process, so a page's audit
of another page's shuffle step multiplies again what that page multiplied. Of test_online_mentaltable's 80,466
multiplications (0.74 ms of CPU each, python-ecdsa on GMP) 45,418 repeat one made before in the same process
(21,678 of them within their own test). The memo answers a repeat with the element the first multiplication
returned — the same point, so every check sees what it saw without it — and leaves every first multiplication, and
every text, to python-ecdsa as before. A process keeps at most :data:`LIMIT` products (then starts afresh).

A first product of a card's own element (a shuffle's first lock: 52 a shuffle) is python-ecdsa's too, from the
card's point marked as a generator (:data:`CARDS`): python-ecdsa then keeps a table of the point's doublings,
made at its first product (≈ one multiplication), and a product costs its additions only (0.68 → 0.21 ms) — the
same point (tests/test_online_mental_group.py compares them).
"""

from __future__ import annotations

from ecdsa.ellipticcurve import PointJacobi

from kingcore.online.deal import group

LIMIT = 100_000
"""The most products a process remembers (≈ 0.5 kB each)."""

MEMO: dict[tuple[str, int], group.Element] = {}
"""(the element's text, the scalar) → the product."""

MULTIPLY = group.Element.__mul__
"""The group's own multiplication (python-ecdsa's), which the memo calls for a product it has not seen."""


CARDS: dict[str, PointJacobi] = {}
"""A card's element's text → its point marked as a generator (python-ecdsa's table of doublings, made on first use)."""


def card_points() -> dict[str, PointJacobi]:
    """:data:`CARDS`, made on the first call: the 52 cards' elements' points, each with ``generator=True``."""
    if not CARDS:
        for i in range(52):
            x = group.card_element(i)
            a = x._point.to_affine()
            CARDS[x.text()] = PointJacobi(a.curve(), a.x(), a.y(), 1, group.ORDER, generator=True)
    return CARDS


def first_product(self: group.Element, k: int) -> group.Element:
    """``self * k`` by python-ecdsa: from the card's generator point for a card's element, else :data:`MULTIPLY`."""
    card = card_points().get(self.text())
    return group.Element(card * k) if card is not None else MULTIPLY(self, k)


def multiply(self: group.Element, k: int) -> group.Element:
    """``self * k``: the product remembered, or python-ecdsa's (then remembered)."""
    key = (self.text(), k)
    out = MEMO.get(key)
    if out is None:
        if len(MEMO) >= LIMIT:
            MEMO.clear()
        out = MEMO[key] = first_product(self, k)
    return out


def install() -> None:
    """Make ``Element * k`` :func:`multiply` for the rest of this process."""
    group.Element.__mul__ = multiply  # type: ignore[method-assign]
