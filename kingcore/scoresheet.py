"""The score sheet: one row per deal, running totals, the control column, winners and settlement
(RULES.md §6).

>>> s = ScoreSheet(3)
>>> s.add(1, "no_tricks", 0, (-8, -4, -4), -16).running
(-8, -4, -4)
>>> s.add(2, "take_tricks", 1, (10, 2, 4), 16).running, s.winners(), s.settlement()
((2, -2, 0), [0], [(1, 0, 4), (2, 0, 2)])
"""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True, slots=True)
class Row:
    """One deal on the sheet.

    Attributes:
        deal: 1-based deal number.
        contract: the contract's name (``no_king``, ``trumps``, …).
        dealer: the dealer's seat.
        points: each seat's points for the deal (seat order).
        running: each seat's running total after the deal.
        control: the control total; always equals ``sum(points)``.
        note: trump, caller, bid or chooser, in words (may be empty).
    """

    deal: int
    contract: str
    dealer: int
    points: tuple[int, ...]
    running: tuple[int, ...]
    control: int
    note: str = ""


class ScoreSheet:
    """Rows of a rubber; :meth:`add` asserts each row sums to its control total."""

    def __init__(self, players: int) -> None:
        self.players = players
        self.rows: list[Row] = []

    def add(self, deal: int, contract: str, dealer: int, points: tuple[int, ...], control: int,
            note: str = "") -> Row:
        """Append a row; returns it. An ``AssertionError`` if the row does not sum to ``control``."""
        assert len(points) == self.players, "one score per seat"
        assert sum(points) == control, f"deal {deal}: row {points} sums to {sum(points)}, control total {control}"
        running = tuple(a + b for a, b in zip(self.totals, points, strict=True))
        row = Row(deal, contract, dealer, tuple(points), running, control, note)
        self.rows.append(row)
        return row

    @property
    def totals(self) -> tuple[int, ...]:
        """Each seat's running total (zeros before the first row)."""
        return self.rows[-1].running if self.rows else (0,) * self.players

    def winners(self) -> list[int]:
        """The seats with the highest total (ties share the place)."""
        t = self.totals
        best = max(t)
        return [s for s, v in enumerate(t) if v == best]

    def standings(self) -> list[tuple[int, int, int]]:
        """(place, seat, total), best first; tied totals share a place."""
        t = self.totals
        order = sorted(range(self.players), key=lambda s: (-t[s], s))
        out: list[tuple[int, int, int]] = []
        for i, s in enumerate(order):
            place = out[-1][0] if out and t[out[-1][1]] == t[s] else i + 1
            out.append((place, s, t[s]))
        return out

    def settlement(self) -> list[tuple[int, int, int]]:
        """What each winner won from each other player: (payer, winner, amount = difference of totals,
        RULES.md §6 after seed 000). Tied winners pay nothing to each other."""
        t = self.totals
        win = self.winners()
        return [(p, w, t[w] - t[p]) for w in win for p in range(self.players) if p not in win]

    def to_text(self, names: list[str] | None = None) -> str:
        """The sheet as a fixed-width table: deal, contract, dealer, each seat's points and running
        total, the control column."""
        names = names or [f"seat {i}" for i in range(self.players)]
        head = f"{'#':>3} {'contract':<14} {'dlr':>3} " + " ".join(f"{n:>13}" for n in names) + f" {'control':>8}"
        lines = [head, "-" * len(head)]
        for r in self.rows:
            cells = " ".join(f"{p:>5} ({t:>5})" for p, t in zip(r.points, r.running, strict=True))
            lines.append(f"{r.deal:>3} {r.contract:<14} {r.dealer:>3} {cells} {r.control:>8}"
                         + (f"  {r.note}" if r.note else ""))
        lines.append("-" * len(head))
        lines.append(f"{'':>3} {'total':<14} {'':>3} " + " ".join(f"{t:>13}" for t in self.totals)
                     + f" {sum(self.totals):>8}")
        places = ", ".join(f"{p}. {names[s]} {v}" for p, s, v in self.standings())
        lines.append(f"standings: {places}")
        settle = "; ".join(f"{names[p]} pays {names[w]} {a}" for p, w, a in self.settlement() if a)
        lines.append(f"settlement: {settle or 'nothing to pay'}")
        return "\n".join(lines)
