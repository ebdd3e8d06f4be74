"""One page's part of one shuffled deck: its secret locks and the deck's public states (mental poker's
shuffle, docs/NET.md "Mental poker: no device sees another's cards").

The deck starts as the cards' public elements in deck order (:func:`start_deck`). Each page in turn
**locks** it: every element times its one secret scalar ``k``, then the whole deck permuted by its secret
permutation (:meth:`DeckLocks.lock`). Then each page in turn **relocks** it: position ``j``'s element times
``e_j / k``, which replaces its single lock by one lock per position (:meth:`DeckLocks.relock`), and
publishes a commitment to each ``e_j`` (:func:`commitment`). After the last relock, position ``j`` holds
``card * (e_0j · e_1j · …)``: whoever has every page's ``e_j`` opens it (:func:`open_position`), and a key
that does not match its page's commitment is a named cheat, caught before any unlocking.

Cost per page and deck of ``n`` cards: ``2n`` scalar multiplications to shuffle, one per position opened.
"""

from __future__ import annotations

import base64
import hashlib
from collections.abc import Callable, Sequence

from .group import ORDER, Element, card_element, card_table, inverse, random_below, random_scalar, scalar_text

COMMIT_CHARS = 43
"""A key's commitment: base64url (no padding) of a SHA-256 digest."""


def start_deck(cards: Sequence[int]) -> list[Element]:
    """The unlocked deck: each card's public element, in the order given (card bit indexes)."""
    return [card_element(c) for c in cards]


def commitment(context: str, page: int, position: int, key: int) -> str:
    """The public commitment to ``key``, a page's key for one position: SHA-256 of the round's ``context``
    (table, deal, try), the page, the position and the key (a key matches only where it was committed)."""
    digest = hashlib.sha256(f"king-mental-key|{context}|{page}|{position}|{scalar_text(key)}".encode()).digest()
    return base64.urlsafe_b64encode(digest).decode("ascii").rstrip("=")


def product(keys: Sequence[int]) -> int:
    """The keys multiplied together modulo the group's order (the one lock they make together)."""
    out = 1
    for k in keys:
        out = out * k % ORDER
    return out


def open_position(element: Element, keys: Sequence[int], table: dict[Element, int]) -> int | None:
    """The card (bit index) at a fully relocked position, given every page's key for it; ``None`` when the
    keys open it to no card of ``table`` (:func:`~kingcore.online.deal.group.card_table`)."""
    return table.get(element * inverse(product(keys)))


class DeckLocks:
    """This page's secrets for one deck of ``size`` cards: the shuffle lock ``k``, the permutation and one
    key per position, all drawn from ``randbytes(count) -> bytes`` (the platform's random source).

    Args:
        size: cards in the deck.
        page: this page's number (for its commitments).
        context: the round's text that the commitments bind (:func:`commitment`).
        randbytes: the random source.
    """

    __slots__ = ("_k", "_perm", "commits", "keys", "page")

    def __init__(self, size: int, page: int, context: str, randbytes: Callable[[int], bytes]) -> None:
        self.page = page
        self._k = random_scalar(randbytes)
        perm = list(range(size))
        for i in range(size - 1, 0, -1):  # Fisher–Yates, uniform from the platform's source
            j = random_below(i + 1, randbytes)
            perm[i], perm[j] = perm[j], perm[i]
        self._perm = perm
        self.keys = [random_scalar(randbytes) for _ in range(size)]
        """This page's key for each position (secret until the position is dealt, played or audited)."""
        self.commits = [commitment(context, page, j, e) for j, e in enumerate(self.keys)]
        """The public commitment to each key, sent with the relocked deck."""

    def lock(self, deck: Sequence[Element]) -> list[Element]:
        """Phase 1: every element times the shuffle lock, the deck permuted (output ``i`` is input
        ``perm[i]``)."""
        k = self._k
        return [deck[i] * k for i in self._perm]

    def relock(self, deck: Sequence[Element]) -> list[Element]:
        """Phase 2: position ``j``'s element times ``keys[j] / k`` (the shuffle lock replaced by the
        position's key); the order is kept."""
        unlock = inverse(self._k)
        return [x * (e * unlock % ORDER) for x, e in zip(deck, self.keys, strict=True)]

    @classmethod
    def restore(cls, page: int, context: str, k: int, perm: Sequence[int], keys: Sequence[int]) -> DeckLocks:
        """The locks of :meth:`reveal` and :attr:`keys` again (a friend's page that kept a round in play across a
        lost connection or a reload: :class:`~kingcore.online.deal.mental.Held`).

        Raises:
            ValueError: ``perm`` is not a permutation of the keys' positions.
        """
        if sorted(perm) != list(range(len(keys))) or not all(0 < x < ORDER for x in (k, *keys)):
            raise ValueError("not a deck's locks")
        self = cls.__new__(cls)
        self.page, self._k, self._perm, self.keys = page, k, list(perm), list(keys)
        self.commits = [commitment(context, page, j, e) for j, e in enumerate(self.keys)]
        return self

    def reveal(self) -> tuple[int, list[int]]:
        """The shuffle lock and the permutation: only for checking a shuffle step after the deal was
        annulled (they open every card of the deck)."""
        return self._k, list(self._perm)


def check_lock_step(before: Sequence[Element], after: Sequence[Element], k: int, perm: Sequence[int]) -> bool:
    """Whether ``after`` is ``before`` locked with ``k`` and permuted by ``perm`` (a page's phase-1 step,
    checked once its secrets are revealed)."""
    return sorted(perm) == list(range(len(before))) and len(after) == len(before) and all(
        after[i] == before[perm[i]] * k for i in range(len(before)))


def check_relock_step(before: Sequence[Element], after: Sequence[Element], k: int, keys: Sequence[int]) -> bool:
    """Whether ``after`` is ``before`` relocked with ``keys`` in place of ``k`` (a page's phase-2 step)."""
    unlock = inverse(k)
    return len(after) == len(before) == len(keys) and all(
        a == b * (e * unlock % ORDER) for a, b, e in zip(after, before, keys, strict=True))


__all__ = ["COMMIT_CHARS", "DeckLocks", "card_table", "check_lock_step", "check_relock_step", "commitment",
           "open_position", "product", "start_deck"]
