"""How a deal is made fair between pages that do not trust each other (docs/NET.md, "Fair deals").

* :mod:`.commit` — commit, reveal, shuffle: every page's secret bound by its hash before any is shown, the
  deal the engine's shuffle of their joint seed, checked by each guest once the deal is over.

No connection and no clock here: :mod:`kingcore.online.host` and :mod:`kingcore.online.guest` carry these
values in the messages of :mod:`kingcore.online.messages` (which a way of dealing may use; they never use it).
"""
