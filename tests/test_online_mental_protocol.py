"""Mental poker's protocol (kingcore.online.deal.mental): pages shuffle, deal, play and audit rubbers together,
no page ever knowing another person's unplayed card; every page ends with the engine's own score sheet."""

from __future__ import annotations

from kingcore.game import Phase
from mental_net import Table

BAD = ("cheat", "refused", "stalled", "annulled", "renege", "stood_in")


def test_two_pages_play_a_whole_rubber() -> None:
    t = Table("king(players=2)", guests=[1], seed=1)
    t.play()
    host, guest = t.pages
    assert host.game.phase is Phase.RUBBER_OVER and guest.game.phase is Phase.RUBBER_OVER
    assert host.game.sheet.rows == guest.game.sheet.rows and len(host.game.sheet.rows) == 14
    assert t.kinds(*BAD) == [] and t.checks > 14 * 16
