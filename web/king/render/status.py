"""The status line under the table: whose turn, why a card is greyed, the calls so far, the hint."""

from __future__ import annotations

from typing import Any

from kingcore.web import HUMAN, ONLINE, ViewModel

from ..words import Catalog, name, percent, signed

CALL_PHASES = ("call_trump", "auction", "choose_contract")


def status(vm: ViewModel | None, cat: Catalog, bots_ready: bool, hint: dict[str, Any] | None) -> str:
    """The line's text. ``bots_ready``: the bots' worker is up (until then a hint waits for it; the bots' moves
    do not: the page plays them); ``hint``: the hint for this position (``{"pending"}`` or ``{"text"}``) or
    ``None``. A friend's page (its seat online) runs no bots: it never says they are starting."""
    if vm is None:
        return cat.t("status.no_game")
    phase, to_move, players, pass_to = vm["phase"], vm["to_move"], vm, vm["pass_to"]
    if pass_to is not None:  # hot seat: every hand hidden until the next person takes the device
        return cat.t("hotseat.status", name=name(cat, pass_to, vm))
    text = ""
    guest = vm["levels"][vm["seat"]] == ONLINE  # a friend's page: it runs no bots (the host's page does)
    if phase == "play":
        if vm["my_turn"]:
            text = cat.t("status.lead") if not vm["trick"] else cat.t("status.turn")
            reasons = {cat.why(c["reason"], c["args"]) for c in vm["hand"] if not c["legal"]}
            if len(reasons) == 1 and vm["trick"]:
                why = next(iter(reasons))
                text = cat.t("status.turn_why", why=why[:1].upper() + why[1:])  # "K♥ must go" keeps its K
        elif to_move is not None:  # (none while a mental table waits for its readers: ``king.netwait`` says them)
            level = vm["levels"][to_move]
            person = level in (ONLINE, HUMAN) and to_move not in vm["stand_ins"]  # (a stand-in: a bot, not waited)
            code = "net.waiting_for" if person else "status.bot"  # (the page plays a bot meanwhile)
            text = cat.t(code, name=name(cat, to_move, players))  # a friend online's (or a person's: the host)
    elif phase in CALL_PHASES and to_move is not None:  # (none while a mental table waits for its readers)
        what = cat.t(f"what.{phase}")
        calls = cat.t("list.sep").join(cat.t("status.call_entry", name=name(cat, c["seat"], players), move=cat.move(c))
                                       for c in vm["calls"])
        text = (cat.t("status.call_me", what=what) if vm["my_turn"]
                else cat.t("status.call_other", name=name(cat, to_move, players), what=what))
        if calls:
            text = cat.t("status.calls", status=text, calls=calls)
    elif phase in ("deal_over", "rubber_over"):
        text = cat.t(f"status.{phase}")
    elif phase in ("draw_dealer", "deal") and ONLINE in vm["levels"]:  # friends online, the game not begun
        text = waiting_to_start(vm, cat)
    if hint is not None:
        if hint["pending"]:
            return cat.t("status.asking" if bots_ready or guest else "status.asking_starting")
        return str(hint["text"])
    return text


def waiting_to_start(vm: ViewModel, cat: Catalog) -> str:
    """A game with friends online before its first deal: while an online seat other than mine has no friend
    yet (no name: the host learns it from the friend's hello), "Waiting for the other friends to connect…";
    then a friend's page waits for the host to start it ("Waiting for Olga to start the game…"), the host's
    own page says nothing more (its invite panel has *Start*)."""
    levels, names, me = vm["levels"], vm["names"] or [], vm["seat"]
    if any(level == ONLINE and s != me and not (s < len(names) and names[s]) for s, level in enumerate(levels)):
        return cat.t("net.wait_friends")
    if levels[me] != ONLINE:
        return ""
    host = next((s for s, level in enumerate(levels) if level == HUMAN), 0)
    return cat.t("net.wait_start", name=name(cat, host, vm))


def hint_words(cat: Catalog, answer: dict[str, Any]) -> dict[str, Any]:
    """A hint answer (``kingcore.web.hint_json``) for the page: ``best``, ``values`` (by token), ``shown``
    (texts by token: "−1.2" points, or "+40 %" of a fair share in ordered King) and the status ``text``."""
    moves = answer["moves"]
    best = moves[0]
    share = answer.get("measure") == "share"
    if share:  # ordered King: contracts against their fair share; a pass is the bar to clear
        bar = next((m["expected"] for m in moves if m["token"] == "pass"), None)
        text = (cat.t("hint.pass_share", bar=percent(bar)) if best["token"] == "pass"
                else cat.t("hint.share", move=move_hint(cat, best), share=percent(best["expected"])))
    elif len(moves) > 1:
        text = cat.t("hint.points_worst", move=move_hint(cat, best), value=signed(best["expected"], cat),
                     worst=signed(moves[-1]["expected"], cat))
    else:
        text = cat.t("hint.points", move=move_hint(cat, best), value=signed(best["expected"], cat))
    return {"best": best["token"], "text": text, "values": {m["token"]: m["expected"] for m in moves},
            "shown": {m["token"]: percent(m["expected"]) if share else signed(m["expected"], cat) for m in moves}}


def move_hint(cat: Catalog, move: dict[str, Any]) -> str:
    """What the hint says to do (a described move): "play Q♠", "call ♠ trump", "bid 3", "pass"."""
    kind = move["kind"]
    if kind == "card":
        return cat.t("hint.play", card=cat.card(move["card"]))
    if kind in ("trump", "contract"):
        return cat.t("hint.call" if kind == "trump" else "hint.name", move=cat.move(move))
    return cat.move(move)
