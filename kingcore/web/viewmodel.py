"""The page's view model: everything the web page draws for one seat, as JSON-ready data and codes — never
English (the page's catalog, :mod:`kingcore.web.text`, turns codes into words) (RULES.md §3–§9).

Built from the seat's :func:`~kingcore.view.seat_view` (its JSON), the public score sheet and the deal's
public facts only, for any number of seats (2–6). Keys:

* ``phase`` (a :class:`~kingcore.game.Phase` value), ``seat``, ``players``, ``rules`` (``king(...)``),
  ``deal``, ``deals``, ``hand_size``, ``kitty`` (cards face down that nobody plays), ``kitty_cards`` (the
  kitty face up once its deal is over, RULES.md §11.18; else ``[]``), ``dealer``,
  ``to_move``, ``my_turn``, ``leader``, ``levels``, ``stand_ins`` (the friends' seats online that a
  stand-in bot plays now, the host's choice while the friend is away: ``settings["online"]``), ``stand_in``
  (those bots' level: ``settings["stand_in"]``, the same on every page of the table), ``fast``; ``readers``
  (only while a mental table waits for people to read the last deal's result: their seats,
  :func:`kingcore.online.mentaltable.held_view`);
  ``names``: how the page names the seats
  (:func:`kingcore.web.hotseat.table_names`: ``None`` with one person, else a person's name or ``None``
  for a bot per seat); ``former`` (only when a seat changed hands online: its earlier holders, whose names the
  score sheet's past deals keep, :mod:`kingcore.web.holders`); ``pass_to``: ``None``, or behind the pass screen
  the person to take the device (:func:`kingcore.web.hotseat.cover`); ``rule_set``: the name of the rule set the
  rules are (:data:`kingcore.web.tables.RULE_SETS`) or ``None`` (custom);
* ``first_dealer``: ``{"seat", "card", "draw": [{"seat", "card"}]}`` (:func:`kingcore.game.draw_rounds`);
* ``contract``: ``{"id", "positive", "trump", "bid", "caller", "shown", "scoring", "notes"}`` — ``trump``
  is ``S``/``H``/``D``/``C``, ``nt``, ``misere`` or ``None`` (not a trump deal, or not called yet);
  ``scoring`` is :func:`scoring`'s data; ``notes`` are rule codes (``no_hearts_lead``, ``king_must_go``…);
* ``hand``: ``[{"card", "rank", "suit", "legal", "reason", "args"}]`` — ``reason`` an
  :class:`~kingcore.errors.Reason` value or ``None``, ``args`` ``{"led", "trump"}`` suit letters;
* ``counts`` (cards held per seat), ``trick`` ``[{"seat", "card"}]`` from the leader on, ``tricks_done``,
  ``trick_complete`` (no card on the table and a finished trick to show — also once the deal is over, so
  the trick that ended it stays in view), ``last_trick`` ``{"number", "winner", "cards"}``, ``seen`` (cards
  of completed tricks), ``tricks``, ``points``; ``history``: the deal's completed tricks
  (:func:`kingcore.web.history.deal_history`'s ``tricks``: number, leader, winner, cards, points);
* ``calls``: ``[{"seat", "token", "kind", "bid", "trump", "contract"}]``, ``high_bid`` ``{"seat",
  "tricks"}`` or ``None``, ``bid_order`` the seats in the order they bid
  (:meth:`kingcore.game.Game.auction_order`); ``moves``: the seat's legal non-card moves in the same
  shape, a contract to name with ``positive`` and ``scoring``;
* ``sheet``: ``{"rows": [{"deal", "contract", "dealer", "points", "running", "control", "note"}],
  "totals"}``, ``note`` a :func:`sheet_note`; ``schedule`` ``[{"contract"}]`` (fixed order);
  ``result`` (the deal just over: a row plus ``tricks`` and ``early``); ``final`` (standings,
  winners, settlement) once the rubber is over.
"""

from __future__ import annotations

from functools import lru_cache
from typing import Any

from ..cards import SUIT_LETTERS, Card
from ..contracts import NO_HEARTS_LEAD, Contract
from ..contracts import Scoring as ContractScoring
from ..errors import Reason
from ..game import DealInfo, Game, Phase, draw_rounds
from ..moves import Move
from ..position import Deal, Position
from ..rules import Rules
from ..view import seat_view
from .history import deal_history
from .hotseat import ONLINE, table_names
from .shapes import (
    CallView,
    ContractView,
    DrawCard,
    FirstDealer,
    HandCard,
    HighBid,
    LastTrick,
    MoveView,
    Scoring,
    SeatCard,
    SheetNote,
    SheetRow,
    SheetView,
    ViewModel,
)
from .tables import rule_set_name


def reason_args(pos: Position | None) -> dict[str, str | None]:
    """The suits a reason for a refused card names: ``{"led", "trump"}``, suit letters or ``None``."""
    if pos is None:
        return {"led": None, "trump": None}
    return {"led": SUIT_LETTERS[pos.led_suit] if pos.led_suit >= 0 else None,
            "trump": None if pos.deal.trump is None else SUIT_LETTERS[pos.deal.trump]}


def view_model(game: Game, seat: int, settings: dict[str, Any]) -> ViewModel:
    """Everything the page draws for ``seat`` (see the module docstring for the keys).

    Raises:
        RulesError: ``seat`` is not a seat of the game.
    """
    g = game
    v = seat_view(g, seat).to_dict()
    n = g.rules.players
    d = g.current
    pos = g.position
    my_turn = v["to_move"] == seat
    args = reason_args(pos)
    hand: list[HandCard] = []
    for text in v["hand"]:
        card = Card.parse(text)
        reason: Reason | None
        if g.phase is Phase.PLAY and pos is not None:
            reason = pos.why_illegal(card) if my_turn else Reason.NOT_YOUR_TURN
        else:
            reason = Reason.WRONG_PHASE
        hand.append({"card": text, "rank": card.rank.letter, "suit": card.suit.letter, "legal": reason is None,
                     "reason": reason.value if reason else None, "args": dict(args) if reason else None})
    if pos is not None:
        counts = [h.bit_count() for h in pos.hands]
    elif d is not None:  # what each seat has been dealt so far (a trump call may stop the deal at 3 cards)
        counts = [len(g.visible_hand(s)) for s in range(n)]
    else:
        counts = [g.rules.hand_size] * n
        counts[seat] = len(hand)
    trick: list[SeatCard] = [{"seat": s, "card": c} for s, c in v["trick"]]
    done = len(v["played"])
    last_trick: LastTrick | None = None
    if pos is not None and done >= n:
        last_trick = {"number": done // n, "winner": pos.leader,  # the winner of a trick leads the next
                      "cards": [{"seat": s, "card": c} for s, c in v["played"][done - n:done]]}
    calls: list[CallView] = [{"seat": s, **describe_move(t)} for s, t in v["calls"]]
    high: HighBid | None = None
    for call in calls:
        if call["kind"] == "bid":
            assert call["bid"] is not None
            high = {"seat": call["seat"], "tricks": call["bid"]}
    moves = [_offer(g, t) for t in v["legal"] if Move.parse(t).kind != "card"]
    # Game.dealer already names the next deal's dealer once a deal is over; the results panel is about the
    # deal just played, so the table keeps showing its dealer until the next deal.
    dealer = d.dealer if g.phase is Phase.DEAL_OVER and d is not None else v["dealer"]
    vm: ViewModel = {
        "phase": v["phase"], "seat": seat, "players": n, "rules": v["rules"], "rule_set": rule_set_name(g.rules),
        "deal": v["deal"],
        "deals": v["deals"], "hand_size": g.rules.hand_size, "kitty": g.rules.kitty_size, "dealer": dealer,
        "kitty_cards": [str(c) for c in d.kitty] if d is not None and g.phase in _DEAL_DONE else [],
        "first_dealer": _first_dealer(g),
        "to_move": v["to_move"], "my_turn": my_turn, "leader": v["leader"],
        "levels": list(settings["levels"]), "stand_ins": _stand_ins(settings),
        "stand_in": str(settings["stand_in"]), "fast": bool(settings["fast"]),
        "names": table_names(settings), "pass_to": None,
        "contract": _contract(g), "hand": hand, "counts": counts, "trick": trick, "tricks_done": done // n,
        "trick_complete": g.phase in _TRICK_SHOWN and not trick and last_trick is not None,
        "last_trick": last_trick, "seen": [c for _, c in v["played"]], "tricks": v["tricks"],
        "points": v["points"], "calls": calls, "high_bid": high,
        "bid_order": g.auction_order(), "moves": moves, "sheet": _sheet(g),
        "schedule": [{"contract": c.value} for c in g.order] if g.rules.order == "fixed" else [],
        "result": None, "final": None, "history": deal_history(g, d.number)["tricks"] if d is not None else [],
    }
    if settings.get("former"):
        vm["former"] = [{"seat": f["seat"], "name": f["name"], "to": f["to"]} for f in settings["former"]]
    if g.phase in (Phase.DEAL_OVER, Phase.RUBBER_OVER) and g.sheet.rows and pos is not None:
        vm["result"] = {**vm["sheet"]["rows"][-1], "tricks": list(pos.tricks), "early": any(h for h in pos.hands)}
    if g.phase is Phase.RUBBER_OVER:
        sheet = g.sheet
        vm["final"] = {
            "standings": [{"place": p, "seat": s, "total": t} for p, s, t in sheet.standings()],
            "winners": sheet.winners(),
            "settlement": [{"payer": p, "winner": w, "amount": a} for p, w, a in sheet.settlement()],
        }
    return vm


def _stand_ins(settings: dict[str, Any]) -> list[int]:
    """The online seats a stand-in bot plays now (``settings["online"][seat] == "bot"``), in seat order."""
    away = settings.get("online") or []
    return [seat for seat, level in enumerate(settings["levels"])
            if level == ONLINE and seat < len(away) and away[seat] == "bot"]


_DEAL_DONE = (Phase.DEAL_OVER, Phase.RUBBER_OVER)
"""Phases in which the deal just played is over: its kitty is turned face up (RULES.md §11.18)."""

_TRICK_SHOWN = (Phase.PLAY, Phase.DEAL_OVER, Phase.RUBBER_OVER)
"""Phases in which a finished trick stays on the table until the next card (or the next deal)."""


def describe_move(token: str) -> MoveView:
    """A move token as data: ``{"token", "kind", "card", "bid", "trump", "contract"}`` (``kind``: ``card``,
    ``pass``, ``bid``, ``trump`` or ``contract``; the others ``None`` unless of that kind).

    >>> describe_move("bid:3")["bid"], describe_move("trump:nt")["trump"], describe_move("contract:no-king")["contract"]
    (3, 'nt', 'no_king')

    Raises:
        NotationError: not a move token.
    """
    m = Move.parse(token)
    return {"token": token, "kind": m.kind, "card": str(m.card) if m.card is not None else None,
            "bid": m.bid, "trump": m.trump or None, "contract": m.contract.value if m.contract is not None else None}


def scoring(rules: Rules, contract: Contract, trick_value: int) -> Scoring:
    """What a contract scores, as data: ``{"positive", "parts": [{"item", "value"}], "eralash", "boys",
    "auction"}`` — ``item`` one of ``tricks``, ``boys``, ``girls``, ``hearts``, ``king``, ``last_two`` (a
    trump deal: ``tricks`` at ``trick_value``), ``value`` the points of one (unsigned; ``positive`` gives
    the sign), ``boys`` the rules' boys (``jacks``, ``kings``, ``kings_and_jacks``), ``auction`` whether
    the bidder scores only the tricks above the bid (RULES.md §5–§7).

    >>> scoring(Rules(), Contract.NO_KING, 0)["parts"]
    [{'item': 'king', 'value': 16}]
    """
    out: Scoring = {"positive": contract.positive, "parts": [], "eralash": False, "boys": rules.boys,
                    "auction": False}
    # the points of one of each item: the engine's own statement (Scoring.of), unsigned
    weights = ContractScoring.of(rules, contract, trick_value).weights
    values = dict(zip(("tricks", "hearts", "boys", "girls", "king", "last_two"), map(abs, weights), strict=True))
    if contract is Contract.TRUMPS:
        out["parts"], out["auction"] = [{"item": "tricks", "value": values["tricks"]}], rules.replay == "auction"
        return out
    basic = contract.basic
    assert basic is not None
    items = ("tricks", "boys", "girls", "hearts", "king", "last_two") if basic == "eralash" else (basic,)
    out["eralash"] = basic == "eralash"
    out["parts"] = [{"item": x, "value": values[x]} for x in items]
    return out


def rule_notes(contract: Contract, deal: Deal | None) -> list[str]:
    """Codes of the special rules of a deal in force (RULES.md §5): ``no_hearts_lead``, ``king_must_go``,
    ``hearts_must_go``, ``must_trump``, ``misere``, ``early_end``."""
    notes = []
    if contract in NO_HEARTS_LEAD:
        notes.append("no_hearts_lead")
    if deal is not None:
        if deal.king_must_go:
            notes.append("king_must_go")
        if deal.hearts_must_go:
            notes.append("hearts_must_go")
        if deal.trump_mask:
            notes.append("must_trump")
        if deal.misere:
            notes.append("misere")
        if deal.scoring.live is not None:
            notes.append("early_end")
    return notes


def sheet_note(game: Game, d: DealInfo) -> SheetNote | None:
    """The score-sheet note of a deal as data, or ``None``: ``{"trump", "shown", "bid", "caller",
    "named_by"}`` — ``trump`` as in the view model's contract (trump deals), ``shown`` the card called "by
    the last card", ``bid`` ``{"seat", "tricks"}`` (auction), ``caller`` the seat that called the trump
    (no auction), ``named_by`` the seat that named the contract (ordered King)."""
    note: SheetNote = {"trump": None, "shown": None, "bid": None, "caller": None, "named_by": None}
    if d.contract is Contract.TRUMPS:
        note["trump"] = _trump(d)
        note["shown"] = str(d.shown) if d.shown is not None else None
        if d.bid is not None:
            note["bid"] = {"seat": d.bid.seat, "tricks": d.bid.tricks}
        elif d.caller is not None:
            note["caller"] = d.caller
    if game.rules.order == "chosen":
        named = [s for s, m in d.calls if m.kind == "contract"]
        if named:
            note["named_by"] = named[0]
    return note if any(v is not None for v in note.values()) else None


# ----- pieces -----------------------------------------------------------------------------------------

def _trump(d: DealInfo) -> str | None:
    if d.contract is not Contract.TRUMPS:
        return None
    if d.misere:
        return "misere"
    if d.trump is not None:
        return SUIT_LETTERS[d.trump]
    return "nt" if d.position is not None else None  # no trump, once play has started


def _offer(g: Game, token: str) -> MoveView:
    out = describe_move(token)
    if out["kind"] == "contract":
        c = Contract(out["contract"])
        out["positive"], out["scoring"] = c.positive, scoring(g.rules, c, g.trick_value)
    return out


def _first_dealer(g: Game) -> FirstDealer | None:
    if g.first_dealer is None:
        return None
    if not g.draw:
        return {"seat": g.first_dealer, "card": None, "draw": []}
    card, draw = _draw(g.rules, tuple(g.draw))
    return {"seat": g.first_dealer, "card": card, "draw": [{"seat": d["seat"], "card": d["card"]} for d in draw]}


@lru_cache(maxsize=16)
def _draw(rules: Rules, cards: tuple[Card, ...]) -> tuple[str, tuple[DrawCard, ...]]:
    """The draw for the first dealer, replayed once per rubber (it never changes)."""
    rounds = draw_rounds(rules, list(cards))
    return str(rounds[-1][-1][1]), tuple({"seat": s, "card": str(c)} for r in rounds for s, c in r)


def _contract(g: Game) -> ContractView | None:
    d = g.current
    if d is None or d.contract is None:
        return None
    c = d.contract
    pos = d.position
    deal = pos.deal if pos is not None else (Deal(g.rules, c, d.dealer) if c is not Contract.TRUMPS else None)
    value = deal.trick_value if deal is not None else g.trick_value
    return {"id": c.value, "positive": c.positive, "trump": _trump(d),
            "bid": None if d.bid is None else {"seat": d.bid.seat, "tricks": d.bid.tricks},
            "caller": d.caller, "shown": str(d.shown) if d.shown else None,
            "scoring": scoring(g.rules, c, value), "notes": rule_notes(c, deal)}


def _sheet(g: Game) -> SheetView:
    deals = {d.number: d for d in g.deals}
    rows: list[SheetRow] = [{"deal": r.deal, "contract": r.contract, "dealer": r.dealer, "points": list(r.points),
             "running": list(r.running), "control": r.control, "note": sheet_note(g, deals[r.deal])}
            for r in g.sheet.rows]
    return {"rows": rows, "totals": list(g.sheet.totals)}
