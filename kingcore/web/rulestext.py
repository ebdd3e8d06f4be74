"""The rules help of one game, generated from its :class:`~kingcore.rules.Rules` value (RULES.md §2–§8):
the deck, the dealing, the play, the deal order with what each contract scores, the special rules in
force, the replay (mirror, khvalyonki or auction), ordered King and the settlement — as data and codes,
never English (the page's catalog, :mod:`kingcore.web.text`, has the words; ``help.*`` codes).

Nothing here is written per variant: every fact comes from the engine — the deal order from
:func:`kingcore.game.schedule`, the number of deals and the trick value from :class:`kingcore.game.Game`,
which rule binds which contract from :class:`kingcore.position.Deal`, what a contract scores from
:func:`kingcore.web.viewmodel.scoring` and its control total from :class:`kingcore.contracts.Scoring`.

Shape of :func:`rules_help`: ``{"rules": "king(...)", "players", "deals", "sections": [{"id", "section",
"items"}]}``; ``id`` one of :data:`SECTIONS` (the page's anchor ``help-<id>``, title ``help.title.<id>``),
``section`` the RULES.md § mark. An item is a paragraph ``{"kind": "p", "code", "n", "args"}`` (``n``:
the number that picks the plural form, or ``None``) or the list of deals ``{"kind": "deals", "deals":
[{"number", "contract", "scoring", "notes", "control"}]}``. An argument is a number, or one of
``{"pts": int}`` (signed points), ``{"t": code}`` (the code's words), ``{"rank": letter}`` (a rank's
name), ``{"contracts": [ids]}`` (names joined "a, b and c") and ``{"either": [codes]}`` (words joined
"a, b or c").

>>> h = rules_help(Rules(players=3, deck="kitty"))
>>> h["players"], h["deals"], [s["id"] for s in h["sections"]][:3]
(3, 14, ['deck', 'dealing', 'play'])
>>> [i["code"] for i in h["sections"][0]["items"]][:4]
['help.deck.players', 'help.deck.kitty', 'help.deck.hand', 'help.deck.kitty_cards']
>>> help_topic("king_discard"), help_topic("deck"), help_topic("no_such_option")
('special', 'deck', 'rules')
"""

from __future__ import annotations

from typing import Any

from ..cards import Card, iter_bits
from ..contracts import Contract, Scoring
from ..game import Game, schedule
from ..position import Deal
from ..rules import Rules
from .viewmodel import rule_notes, scoring

SECTIONS = ("deck", "dealing", "play", "contracts", "special", "replay", "order", "settlement", "friends")
"""The help's sections, in order (each always present; what it says depends on the rules). The last,
``friends``, is not a rule: how to play with friends online (issue 19) — the invite, what the connection
needs, and who can cheat (the trust model of the commit–reveal deal)."""

NO_CONNECTION_S = 20
"""Seconds after which a page that made no connection to a friend says so (issue 19); the help quotes it."""
NO_RELAY_S = 10
"""Seconds after a room's join with no relay answering before a page says so and offers the code links
(``web/peer.js``'s ``NO_RELAY_MS``); the help and the pages quote it."""

TOPICS: dict[str, str] = {
    "players": "deck", "deck": "deck", "first_dealer": "dealing", "deal_by": "dealing",
    "preset": "contracts", "boys": "contracts", "eralash": "contracts", "deal_order": "contracts",
    "king_discard": "special", "hearts_must_go": "special", "early_end": "special", "must_trump": "special",
    "replay": "replay", "trump_rounds": "replay", "eralash_plus_after_trumps": "replay",
    "trump_trick_value": "replay", "misere_allowed": "replay", "order": "order",
}
"""Which section of the help explains each option of RULES.md §10 (the dialog's "§" links)."""

_MARKS = {"deck": "§2", "dealing": "§3", "play": "§4", "contracts": "§5", "special": "§4", "replay": "§7",
          "order": "§8", "settlement": "§6", "friends": ""}


def help_topic(option: str) -> str:
    """The help section (:data:`SECTIONS`) that explains ``option`` (a RULES.md §10 name); ``"rules"``
    (the top of the help) for a name it does not know."""
    return TOPICS.get(option, "rules")


def _p(code: str, n: int | None = None, **args: Any) -> dict[str, Any]:
    return {"kind": "p", "code": code, "n": n, "args": args}


def _unique(contracts: list[Contract]) -> list[Contract]:
    return list(dict.fromkeys(contracts))


def _ids(contracts: list[Contract]) -> dict[str, list[str]]:
    return {"contracts": [c.value for c in contracts]}


def rules_help(rules: Rules | str) -> dict[str, Any]:
    """The rules help of a game with ``rules`` (a :class:`~kingcore.rules.Rules` or its text
    ``king(...)``), as data (see the module docstring for the shape).

    Raises:
        RulesError: a rules text that does not parse.
    """
    r = rules if isinstance(rules, Rules) else Rules.parse(rules)
    game = Game(r)  # the engine's own counts: deals in the rubber, the trump deals' trick value
    order = schedule(r)
    kinds = _unique(order)
    plain: list[Contract] = [c for c in kinds if c is not Contract.TRUMPS]
    trumps = Contract.TRUMPS in kinds
    deals: dict[Contract, Deal] = {c: Deal(r, c, 0) for c in plain}
    sections = {
        "deck": _deck(r), "dealing": _dealing(r), "play": [_p("help.play.follow")],
        "contracts": _contracts(r, game, order), "special": _special(r, plain, deals, trumps),
        "replay": _replay(r, game), "order": _order(r, game, order), "settlement": _settlement(r),
        "friends": [_p("help.friends.invite"), _p("help.friends.relays", NO_RELAY_S),
                    _p("help.friends.connection", NO_CONNECTION_S), _p("help.friends.trust")],
    }
    return {"rules": str(r), "players": r.players, "deals": game.total_deals,
            "sections": [{"id": k, "section": _MARKS[k], "items": sections[k]} for k in SECTIONS]}


def _low_rank(r: Rules) -> str:
    """The letter of the deck's lowest rank (``7`` for 32 cards, ``J`` for 2 players' 16)."""
    return min((Card.from_index(i).rank for i in iter_bits(r.deck_mask)), key=int).letter


def _deck(r: Rules) -> list[dict[str, Any]]:
    deck = r.deck if r.players == 3 else "standard"
    items = [_p("help.deck.players", r.players),
             _p(f"help.deck.{deck}", r.deck_size, low={"rank": _low_rank(r)}),
             _p("help.deck.hand", r.hand_size)]
    if r.kitty_size:
        items.append(_p("help.deck.kitty_cards", r.kitty_size))
    items.append(_p("help.deck.ranks", None, low={"rank": _low_rank(r)}))
    return items


def _dealing(r: Rules) -> list[dict[str, Any]]:
    return [_p(f"help.dealing.first.{r.first_dealer}"), _p("help.dealing.by", r.deal_by),
            _p("help.dealing.rotation")]


def _contracts(r: Rules, game: Game, order: list[Contract]) -> list[dict[str, Any]]:
    chosen = r.order == "chosen"
    items = [_p("help.contracts.owned", len(order)) if chosen else _p("help.contracts.count", game.total_deals)]
    listed = []
    for i, c in enumerate(order, 1):
        value = game.trick_value if c is Contract.TRUMPS else 0
        auction = c is Contract.TRUMPS and r.replay == "auction"
        notes = rule_notes(c, _deal_for(r, c))
        listed.append({"number": i, "contract": c.value, "scoring": scoring(r, c, value),
                       "notes": [n for n in notes if n != "early_end"],
                       "control": None if auction else Scoring.of(r, c, value).control_total(r.deck_mask, r.hand_size)})
    items.append({"kind": "deals", "deals": listed})
    items.append(_p("help.contracts.preset", None, name={"t": f"preset.{r.preset}"}))
    items.append(_p("help.contracts.boys", None, boys={"t": f"help.boys.{r.boys}"}))
    items.append(_p("help.contracts.eralash" if r.eralash else "help.contracts.no_eralash"))
    if r.kitty_size:
        items.append(_p("help.contracts.kitty_total", r.kitty_size))
    return items


def _deal_for(r: Rules, c: Contract) -> Deal | None:
    """A deal of contract ``c`` (dealer 0) for the rules it binds; ``None`` for a trump deal, whose rules
    depend on its call (see the replay section)."""
    return None if c is Contract.TRUMPS else Deal(r, c, 0)


def _special(r: Rules, plain: list[Contract], deals: dict[Contract, Deal], trumps: bool) -> list[dict[str, Any]]:
    items = []
    no_lead = [c for c in plain if deals[c].no_hearts_lead]
    if no_lead:
        items.append(_p("help.special.no_hearts_lead", None, contracts=_ids(no_lead)))
    king = [c for c in plain if deals[c].king_must_go]
    items.append(_p("help.special.king_must_go", None, contracts=_ids(king)) if king
                 else _p("help.special.king_free"))
    hearts = [c for c in plain if deals[c].hearts_must_go]
    if hearts:
        items.append(_p("help.special.hearts_must_go", None, contracts=_ids(hearts)))
    early = [c for c in plain if deals[c].scoring.live is not None]
    if early:
        items.append(_p("help.special.early_end", None, contracts=_ids(early)))
        rest = [c for c in plain if c not in early] + ([Contract.TRUMPS] if trumps else [])
        if rest:
            items.append(_p("help.special.to_the_end", None, contracts=_ids(rest)))
    else:
        items.append(_p("help.special.no_early_end"))
    if trumps:
        items.append(_p("help.special.must_trump" if r.must_trump else "help.special.may_discard"))
    return items


def _replay(r: Rules, game: Game) -> list[dict[str, Any]]:
    n = r.players * r.trump_rounds
    if r.replay == "mirror":
        return [_p("help.replay.mirror")]
    value = game.trick_value
    if r.replay == "auction":
        items = [_p("help.replay.auction", n), _p("help.replay.bidding", r.hand_size),
                 _p("help.replay.auction_score", value)]
    else:
        calls = ["help.call.suit", "trump.nt"]
        if r.misere_allowed:
            calls.append("trump.misere")
        last_card = r.order == "fixed"
        if last_card:
            calls.append("trump.last-card")
        items = [_p("help.replay.trumps", n),
                 _p("help.replay.caller.partial" if r.order == "fixed" else "help.replay.caller.full"),
                 _p("help.replay.calls", None, calls={"either": calls})]
        if last_card:
            items.append(_p("help.replay.last_card"))
        if r.misere_allowed:
            items.append(_p("help.replay.misere"))
        auto = not isinstance(r.trump_trick_value, int)
        items.append(_p("help.replay.value.auto" if auto else "help.replay.value.fixed", value))
    if r.eralash:
        items.append(_p("help.replay.eralash_after" if r.eralash_plus_after_trumps else "help.replay.no_eralash_after"))
    return items


def _order(r: Rules, game: Game, order: list[Contract]) -> list[dict[str, Any]]:
    if r.order == "fixed":
        return [_p("help.order.fixed")]
    return [_p("help.order.chosen"), _p("help.order.chosen_deals", game.total_deals, owned=len(order))]


def _settlement(r: Rules) -> list[dict[str, Any]]:
    items = [_p("help.settlement.sheet"), _p("help.settlement.pay")]
    if r.kitty_size:
        items.append(_p("help.settlement.kitty"))
    elif r.replay == "mirror":
        items.append(_p("help.settlement.zero"))
    elif r.replay == "auction":
        items.append(_p("help.settlement.auction"))
    elif not isinstance(r.trump_trick_value, int):
        items.append(_p("help.settlement.about_zero"))
    return items
