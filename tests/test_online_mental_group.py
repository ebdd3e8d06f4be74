"""The cipher's group (kingcore.online.deal.group): RFC 9380's published vectors for hashing to P-256, the
cipher's commutativity, and a peer's text read without raising anything but GroupError."""

from __future__ import annotations

import base64
import contextlib
import copy
import random

import pytest
from hypothesis import given
from hypothesis import strategies as st

from kingcore.online.deal import group
from kingcore.online.deal.group import GroupError, card_element, inverse, read_element, read_scalar

RFC_DST = b"QUUX-V01-CS02-with-P256_XMD:SHA-256_SSWU_RO_"
# RFC 9380 Appendix J.1.1 (suite P256_XMD:SHA-256_SSWU_RO_): msg, P.x, P.y, u[0], u[1]
RFC_VECTORS = [
    (b"", "2c15230b26dbc6fc9a37051158c95b79656e17a1a920b11394ca91c44247d3e4",
     "8a7a74985cc5c776cdfe4b1f19884970453912e9d31528c060be9ab5c43e8415",
     "ad5342c66a6dd0ff080df1da0ea1c04b96e0330dd89406465eeba11582515009",
     "8c0f1d43204bd6f6ea70ae8013070a1518b43873bcd850aafa0a9e220e2eea5a"),
    (b"abc", "0bb8b87485551aa43ed54f009230450b492fead5f1cc91658775dac4a3388a0f",
     "5c41b3d0731a27a7b14bc0bf0ccded2d8751f83493404c84a88e71ffd424212e",
     "afe47f2ea2b10465cc26ac403194dfb68b7f5ee865cda61e9f3e07a537220af1",
     "379a27833b0bfe6f7bdca08e1e83c760bf9a338ab335542704edcd69ce9e46e0"),
    (b"abcdef0123456789", "65038ac8f2b1def042a5df0b33b1f4eca6bff7cb0f9c6c1526811864e544ed80",
     "cad44d40a656e7aff4002a8de287abc8ae0482b5ae825822bb870d6df9b56ca3",
     "0fad9d125a9477d55cf9357105b0eb3a5c4259809bf87180aa01d651f53d312c",
     "b68597377392cd3419d8fcc7d7660948c8403b19ea78bbca4b133c9d2196c0fb"),
]


@pytest.mark.parametrize(("msg", "px", "py", "u0", "u1"), RFC_VECTORS)
def test_hash_to_curve_matches_rfc_9380(msg: bytes, px: str, py: str, u0: str, u1: str) -> None:
    assert group.hash_to_field(msg, RFC_DST) == [int(u0, 16), int(u1, 16)]
    want = bytes([2 + int(py, 16) % 2]) + bytes.fromhex(px)
    assert group.hash_to_group(msg, RFC_DST).text() == base64.urlsafe_b64encode(want).decode().rstrip("=")


def test_every_card_is_its_own_element_and_reads_back() -> None:
    elements = [card_element(i) for i in range(52)]
    assert len(set(elements)) == 52
    table = group.card_table(list(range(52)))
    assert all(table[read_element(e.text())] == i for i, e in enumerate(elements))


def test_locks_commute_and_unlock() -> None:
    rng = random.Random(7)
    keys = [group.random_scalar(rng.randbytes) for _ in range(3)]
    x = card_element(10)
    locked = x
    for k in keys:
        locked = locked * k
    other = x
    for k in reversed(keys):
        other = other * k
    assert locked == other and locked != x
    product = 1
    for k in keys:
        product = product * inverse(k) % group.ORDER
    assert locked * product == x
    assert locked * inverse(keys[0]) != x  # one lock left on: not the card


def test_a_copy_of_an_element_is_the_element() -> None:
    """Elements are immutable, so a copy of a page's state (its decks) shares them rather than copying
    python-ecdsa's points."""
    x = card_element(3) * 0x1234
    deck = [x, card_element(4)]
    copied = copy.deepcopy(deck)
    assert copied is not deck and all(a is b for a, b in zip(copied, deck, strict=True))
    assert copy.copy(x) is x and copied[0] == card_element(3) * 0x1234


def test_scalars_are_uniform_below_the_order_and_read_back() -> None:
    rng = random.Random(3)
    ks = [group.random_scalar(rng.randbytes) for _ in range(200)]
    assert all(0 < k < group.ORDER for k in ks) and len(set(ks)) == 200
    assert all(read_scalar(group.scalar_text(k)) == k for k in ks)
    assert max(k.bit_length() for k in ks) == 256  # the top bit is used: no truncation to fewer bits


def test_random_below_has_no_bias_on_a_small_range() -> None:
    rng = random.Random(5)
    counts = [0] * 6
    for _ in range(6000):
        counts[group.random_below(6, rng.randbytes)] += 1
    assert all(850 < c < 1150 for c in counts)


@pytest.mark.parametrize("text", [
    None, 5, "", "A" * 43, "A" * 45, "!" * 44,
    "BA" + "A" * 42,                     # 33 bytes starting 04: not a compressed point
    "Av" + "_" * 42,                     # x ≥ p
    "AgAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAB",  # x = 1: 1 - 3 + b is not a square mod p
])
def test_bad_elements_are_refused_by_name(text: object) -> None:
    with pytest.raises(GroupError) as e:
        read_element(text)
    assert e.value.code == "bad_element"


@pytest.mark.parametrize("text", [None, "", "A" * 42, "A" * 43, "_" * 43, "!" * 43,
                                  group.scalar_text(group.ORDER - 1)[:-1] + "B"])
def test_bad_scalars_are_refused_by_name(text: object) -> None:
    with pytest.raises(GroupError) as e:
        read_scalar(text)
    assert e.value.code == "bad_scalar"


@given(st.text(max_size=60) | st.binary(max_size=60).map(lambda b: b.decode("latin-1")))
def test_a_peers_text_never_raises_anything_else(text: str) -> None:
    for reader in (read_element, read_scalar):
        with contextlib.suppress(GroupError):
            reader(text)


def test_the_tests_first_product_of_a_card_is_python_ecdsas_plain_one(monkeypatch: pytest.MonkeyPatch) -> None:
    """tests/lock_memo.py makes a card's first products from the card's point marked as a generator (python-ecdsa's
    table of doublings): the same points as python-ecdsa's plain multiplication, for every card."""
    import lock_memo

    monkeypatch.setattr(lock_memo, "MEMO", {})
    rng = random.Random(34)
    plain: list[int] = []
    monkeypatch.setattr(lock_memo, "MULTIPLY", lambda x, k: plain.append(k) or group.Element(x._point * k))
    for i in range(52):
        k = group.random_scalar(rng.randbytes)
        assert (card_element(i) * k).text() == group.Element(card_element(i)._point * k).text(), i
    assert plain == [] and len(lock_memo.card_points()) == 52
    assert card_element(3) * 5 * 7 == card_element(3) * 35 and len(plain) == 1  # a locked card's: python-ecdsa's own


def test_the_tests_make_a_product_once_and_python_ecdsa_makes_it(monkeypatch: pytest.MonkeyPatch) -> None:
    """tests/lock_memo.py (installed by tests/conftest.py): a product asked for again is the one python-ecdsa made
    the first time, a new product is python-ecdsa's, and a full memo starts afresh."""
    import lock_memo

    own = lock_memo.MULTIPLY
    made: list[int] = []
    monkeypatch.setattr(lock_memo, "MULTIPLY", lambda x, k: made.append(k) or own(x, k))
    monkeypatch.setattr(lock_memo, "MEMO", {})
    x, a, b = group.Element(card_element(7)._point * 11), 0x5EED_1234_5678, 0x5EED_8765_4321  # not a card's
    first = x * a
    assert x * a is first and made == [a]
    assert x * b != first and made == [a, b]
    assert first.text() == group.Element(x._point * a).text()  # python-ecdsa's point, not the memo's own
    monkeypatch.setattr(lock_memo, "LIMIT", 2)
    x * 3
    assert list(lock_memo.MEMO.values()) == [x * 3] and made == [a, b, 3]
