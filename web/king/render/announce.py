"""What the live region says after a move (issue 13): the card or call a bot made, and who took a trick
with how many points — for a screen reader, which does not see the table change."""

from __future__ import annotations

from kingcore.web import ViewModel, describe_move

from ..words import Catalog, name, pts


def announce(before: ViewModel, after: ViewModel, seat: int, token: str, cat: Catalog) -> list[str]:
    """The sentences for ``seat``'s move ``token`` that turned view model ``before`` into ``after`` (both the
    table's): another seat's card in words or its call (the viewer's are not said: they made them), then
    the trick's taker and its points (the change in the taker's points this deal) when the move completed a
    trick."""
    said, players = [], after
    if seat != before["seat"]:
        move = describe_move(token)
        if move["kind"] == "card":
            said.append(cat.t("say.card", name=name(cat, seat, players), card=cat.card_name(str(move["card"]))))
        else:
            said.append(cat.t("say.move", name=name(cat, seat, players), move=cat.move(move)))
    last = after["last_trick"]
    if last is not None and after["deal"] == before["deal"] and after["tricks_done"] > before["tricks_done"]:
        winner = last["winner"]
        points = after["points"][winner] - before["points"][winner]
        if points:
            said.append(cat.n("say.trick", abs(points), trick=last["number"], name=name(cat, winner, players),
                              points=pts(points)))
        else:
            said.append(cat.t("say.trick_none", trick=last["number"], name=name(cat, winner, players)))
    return said
