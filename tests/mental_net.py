"""The simulated table of the mental-poker tests: :class:`kingcore.online.deal.simulate.Table`, checking after
every delivery that no page knows another person's unplayed card — neither in the clear (``known_cards``) nor
enough keys to open one (``keys_held``)."""

from __future__ import annotations

from kingcore.online.deal import simulate


class Table(simulate.Table):
    """A table whose every step is checked for peeking (``checks`` counts the checks)."""

    checks = 0

    def check(self) -> None:
        """No page knows another person's unplayed card (the host may know its bots') before the deal's end, when
        the audit reveals every key."""
        self.checks += 1
        for p in self.pages:
            r = p.round
            known = p.known_cards()
            for q in self.pages:
                d = q.deal
                if q is p or d is None or d.over or q.round is None or q.round.key != (r.key if r else None):
                    continue
                for pos, card in d.cards.items():
                    seat = d.seat_of(pos)
                    if seat is None or q.round.owners[seat] != q.page or pos in d.played_positions or pos == d.shown:
                        continue
                    if seat in self.persons or p.page != 0:
                        assert not known >> card & 1, (p.page, seat, card)
                        assert q.page not in p.keys_held(pos), (p.page, seat, pos)
