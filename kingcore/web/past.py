"""The rubber's earlier deals as the bots of one Python know them: fed once per deal, never sent with a move
(RULES.md §4: every card of a finished deal was played in public).

A bot request (:meth:`Session.bot_request <kingcore.web.session.Session.bot_request>`) is one seat's view
and a *tag* of the rubber's earlier deals, ``"N:digest"`` — their number and a digest chained over their
public record (:class:`~kingcore.view.EarlierDeal`) — that names them without carrying them: the request
stays the size of one deal however long the rubber. Each Python that answers bots keeps one :class:`Past`,
:data:`MEMORY`: the page's bots' worker, and the page's own thread (its session keeps that one up to date).
When the worker does not hold the deals a tag names it says so with the tag it holds; the page answers with
what it lacks (:meth:`Past.feed`: one deal after each deal, all of them after the worker was restarted),
which it learns (:meth:`Past.learn`).

>>> import random
>>> from kingcore import Game, Rules, earlier_deals
>>> g = Game(Rules()); g.set_first_dealer(0); g.autoplay(random.Random(1), deals=2); g.deal(random.Random(2))
>>> page, worker = Past(), Past()
>>> page.extend(earlier_deals(g)); tag = page.tag()
>>> worker.known(tag) is None, worker.tag()
(True, '0:')
>>> worker.learn(page.feed(worker.tag())) == tag, worker.known(tag) == earlier_deals(g)
(True, True)
"""

from __future__ import annotations

import hashlib
import json
from collections.abc import Iterable

from ..limits import json_loads
from ..view import EarlierDeal

DIGEST_CHARS = 16
"""Hex digits of a tag's digest (64 bits: two rubbers' records never meet by chance)."""


def chain(previous: str, deal: EarlierDeal) -> str:
    """The digest of the deals up to ``deal``: SHA-1 of the previous digest and the deal's compact JSON
    (:meth:`EarlierDeal.to_dict <kingcore.view.EarlierDeal.to_dict>`), :data:`DIGEST_CHARS` hex digits."""
    text = json.dumps(deal.to_dict(), separators=(",", ":"))
    return hashlib.sha1(f"{previous}{text}".encode()).hexdigest()[:DIGEST_CHARS]


def parse_tag(tag: str) -> tuple[int, str]:
    """``"N:digest"`` → ``(N, digest)``.

    Raises:
        ValueError: not a tag.
    """
    count, sep, digest = str(tag).partition(":")
    if not sep or not count.isdigit() or len(count) > 4:
        raise ValueError(f"not a tag of earlier deals: {str(tag)[:40]!r}")
    return int(count), digest


class Past:
    """The earlier deals of one rubber, first to last, with each one's chained digest."""

    def __init__(self) -> None:
        self.deals: list[EarlierDeal] = []
        self.digests: list[str] = []
        self._known: tuple[str, tuple[EarlierDeal, ...]] = ("0:", ())

    def tag(self) -> str:
        """``"N:digest"`` of every deal held (``"0:"``: none)."""
        return f"{len(self.deals)}:{self.digests[-1] if self.digests else ''}"

    def extend(self, deals: Iterable[EarlierDeal]) -> None:
        """Add the next deals of the rubber."""
        for d in deals:
            self.digests.append(chain(self.digests[-1] if self.digests else "", d))
            self.deals.append(d)

    def clear(self) -> None:
        """Forget every deal (another rubber)."""
        self.deals.clear()
        self.digests.clear()
        self._known = ("0:", ())

    def known(self, tag: str) -> tuple[EarlierDeal, ...] | None:
        """The deals ``tag`` names when they are held (the first N of those held), else ``None``.

        Raises:
            ValueError: not a tag.
        """
        if tag == self._known[0]:
            return self._known[1]
        n, digest = parse_tag(tag)
        if n and (n > len(self.deals) or self.digests[n - 1] != digest):
            return None
        got = tuple(self.deals[:n])
        self._known = (tag, got)
        return got

    def feed(self, held: str) -> str:
        """What a :class:`Past` that holds ``held`` (its :meth:`tag`) lacks of this one, as JSON text for
        :meth:`learn`: ``{"from": k, "deals": [EarlierDeal.to_dict(), …]}`` — the deals after the k it
        shares with this one (k = 0 when it holds other deals: all of them).

        Raises:
            ValueError: ``held`` is not a tag.
        """
        k, digest = parse_tag(held)
        if k > len(self.deals) or (k and self.digests[k - 1] != digest):
            k = 0
        return json.dumps({"from": k, "deals": [d.to_dict() for d in self.deals[k:]]}, separators=(",", ":"))

    def learn(self, feed: str) -> str:
        """Take what :meth:`feed` sent: keep the first ``from`` deals, add the others. Returns the new tag.

        Raises:
            ValueError: not a feed, or one that starts past the deals held (nothing changes then).
        """
        d = json_loads(feed, "feed")
        if not isinstance(d, dict) or type(d.get("from")) is not int or not isinstance(d.get("deals"), list):
            raise ValueError("not a feed of earlier deals")
        k = d["from"]
        if not 0 <= k <= len(self.deals):
            raise ValueError(f"the feed starts after deal {k}, but {len(self.deals)} are held")
        try:  # a bad deal raises before anything changes
            new = [EarlierDeal.from_dict(x) for x in d["deals"]]
        except (KeyError, TypeError, IndexError) as e:
            raise ValueError(f"a bad deal in the feed: {e!r}"[:120]) from None
        del self.deals[k:]
        del self.digests[k:]
        self._known = ("0:", ())
        self.extend(new)
        return self.tag()


MEMORY = Past()
"""This Python's bots' memory of the rubber being played (one rubber at a time)."""
