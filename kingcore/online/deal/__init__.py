"""How a deal is made fair between pages that do not trust each other (docs/NET.md, "Fair deals" and "Mental
poker: no device sees another's cards").

* :mod:`.commit` — commit, reveal, shuffle: every page's secret bound by its hash before any is shown, the
  deal the engine's shuffle of their joint seed, checked by each guest once the deal is over.
* mental poker, where no page sees another person's cards: :mod:`.group` (the commutative cipher's group,
  P-256), :mod:`.shuffle` (one page's locks of one deck), :mod:`.blind` (a deal played with hidden hands),
  :mod:`.audit` (the deal replayed through the engine at its end), :mod:`.wire` (its texts, read at the
  border), :mod:`.mental` (the protocol, sans-I/O: :class:`~.mental.MentalPage`), :mod:`.standin` (a page's
  session over a stand-in of the deal in play, for its views, bots and save), :mod:`.checks` (what a page
  says of each deal: audited here, or not checked and why), :mod:`.memory` (what a friend's page remembers of
  its table across connections and reloads) and :mod:`.simulate` (N pages over an in-memory
  network, for the tests and the bench).

No connection and no clock here: :mod:`kingcore.online.host` and :mod:`kingcore.online.guest` carry these
values in the messages of :mod:`kingcore.online.messages` (which a way of dealing may use; they never use it).
"""
