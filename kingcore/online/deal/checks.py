"""What a page can say of each deal it holds in its result panel (docs/NET.md "What each page checked"): that it
audited the deal itself — every card dealt once and played by the rules, or the renege it found — or that it did
not check it, and why: the deal was dealt before the page came, while it was joining, or without it (the host
left it out, or it sat the deal out). Never silence: every deal of the page's game has a :class:`Check`.

>>> from kingcore.online.deal.mental import Event
>>> c = Checks()
>>> c.note([Event("audited", 3, "deal 3 audited: every card was dealt once and played by the rules")])
>>> c.missed(1, 4, came=1, joined=2)
>>> [(d, c.deals[d].code, c.deals[d].checked) for d in sorted(c.deals)]
[(1, 'before', False), (2, 'joined', False), (3, 'audited', True), (4, 'without', False)]
>>> c.deals[2].words
'not checked: you joined during this deal'

A friend's seat that a stand-in bot played at the host's page in the round audited (the round's ``owners``; its
page closed, or sitting the deal out) is kept with the check (:attr:`Check.hosted`): the host's device saw that
seat's cards — a bot's, not a person's —, and the result panel says so.

>>> c.note([Event("audited", 5, "deal 5 audited: …", owners=(0, 1, 0, 0))], friends=[1, 2])
>>> c.deals[5].hosted
(2,)
"""

from __future__ import annotations

import re
from collections.abc import Collection, Iterable
from dataclasses import dataclass

from .mental import Event, Out

CODES = ("audited", "renege", "before", "joined", "back", "without", "resent")
"""Every :attr:`Check.code`: audited here (with no renege, or naming one), or not checked here because the deal
was dealt before the page came, while it was joining or coming back to its seat (``back``), or without it, or
because its connection was lost at the deal's end (``resent``: it sent its keys again when it was back, and the
other pages audited the deal)."""
RESENT = "not checked here: this page's connection was lost at the deal's end; it sent its keys again when it " \
         "was back, and the other pages audited the deal"
"""What a page says of a deal whose audit it sent again (:meth:`~.mental.MentalPage.resend`)."""


@dataclass(frozen=True)
class Check:
    """One deal as one page checked it: ``code`` (:data:`CODES`) and the plain English words its result panel
    says (``"not checked: you joined during this deal"``, or an audit's words); ``hosted``: the friends' seats a
    stand-in bot played at the host's page in the round this page audited (its keys there: that page saw the
    seat's cards, a bot's), none for a deal not audited here."""

    code: str
    words: str
    hosted: tuple[int, ...] = ()

    @property
    def shuffled(self) -> int:
        """How often the deal was shuffled, as its audit says (1: dealt on its first try; its later tries say it:
        :func:`~.mental.shuffles_said`).

        >>> Check("audited", "deal 3 audited: …; shuffled 3 times, the first 2 annulled").shuffled
        3
        """
        m = re.search(r"; shuffled (\d+) times", self.words) if self.checked else None
        return int(m.group(1)) if m else 1

    @property
    def checked(self) -> bool:
        """Whether this page audited the deal itself."""
        return self.code in ("audited", "renege")


class Checks:
    """Each deal's :class:`Check` on one page (by deal number), kept across the page's connections: a page that
    audited a deal on an earlier connection still says so.

    Attributes:
        deals: deal number → its check; a deal still in play, or not yet dealt, has none.
    """

    def __init__(self) -> None:
        self.deals: dict[int, Check] = {}

    def note(self, events: Iterable[Out], friends: Collection[int] = ()) -> None:
        """Take what the page's events say of a deal: its audit here (which no later word replaces), with the
        seats of ``friends`` (the table's online seats) the host's page held in the round audited (its ``owners``:
        :attr:`Check.hosted`), or that it was dealt without this page (``left_out``, ``stood_in``) — until a later
        try deals this page in (``dealt``): the deal is in play again, and its verdict is that try's audit to
        come."""
        for e in events:
            if not isinstance(e, Event) or e.deal <= 0:
                continue
            if e.kind == "dealt" and e.deal in self.deals and not self.deals[e.deal].checked:
                del self.deals[e.deal]
            elif e.kind == "audited":
                renege = getattr(e.detail, "renege", None) is not None
                hosted = tuple(s for s in sorted(friends) if s < len(e.owners) and e.owners[s] == 0)
                self.deals[e.deal] = Check("renege" if renege else "audited", e.words, hosted)
            elif (e.kind == "stood_in" or (e.kind == "refused" and e.detail == "left_out")) \
                    and e.deal not in self.deals:
                self.deals[e.deal] = Check("without", e.words)

    def missed(self, first: int, last: int, came: int, joined: int, back: bool = False) -> None:
        """Deals ``first`` to ``last`` came to this page as the host's game so far, not by a round of its own:
        those with no check yet were dealt before it came (up to ``came``: the deals over when it was first
        seated), while it was joining (``joined``: the deal in play, or being dealt without it, when it was
        seated; ``back``: it took its own seat back then, not a seat anew), or else without it (a page back on
        a new connection: the deals played on while it was away)."""
        for deal in range(first, last + 1):
            if deal in self.deals:
                continue
            if deal <= came:
                self.deals[deal] = Check("before", "not checked: dealt before this page was at the table")
            elif deal == joined and back:
                self.deals[deal] = Check("back", "not checked: you came back during this deal")
            elif deal == joined:
                self.deals[deal] = Check("joined", "not checked: you joined during this deal")
            else:
                self.deals[deal] = Check("without", f"not checked: deal {deal} was dealt without this page")


__all__ = ["CODES", "RESENT", "Check", "Checks"]
