"""A deliberately naive reference implementation of King's trick-play rules.

It exists only to cross-check the fast engine in ``kingcore``: it shares no code with it,
uses plain lists and strings (no bitmasks), and favours being obviously right over being fast.

The rules are those of ``RULES.md`` (sections 2, 4, 5, 7, 9, 10) and the deal-vector format of
``VECTORS.md``.  Two functions are public:

* :func:`evaluate` — the result object of a deal vector (without ``file`` and ``message``);
* :func:`legal_next` — the legal cards of the player to move after the vector's ``play``.

>>> hands = ["AS KS QS JS TS 9S 8S 7S", "AH KH QH JH TH 9H 8H 7H",
...          "AD KD QD JD TD 9D 8D 7D", "AC KC QC JC TC 9C 8C 7C"]
>>> evaluate({"rules": {}, "contract": "no_king", "dealer": 3, "hands": hands,
...           "play": ["AS", "KH", "7D", "7C"]})
{'points': [-16, 0, 0, 0], 'tricks': [1, 0, 0, 0], 'over': True}
>>> legal_next({"rules": {}, "contract": "no_king", "dealer": 3, "hands": hands, "play": ["AS"]})
['KH']
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

# ---------------------------------------------------------------------------
# Cards
# ---------------------------------------------------------------------------

SUITS: list[str] = ["S", "H", "D", "C"]
RANKS: list[str] = ["2", "3", "4", "5", "6", "7", "8", "9", "T", "J", "Q", "K", "A"]
KING_OF_HEARTS = "KH"

_SUIT_SYMBOLS: dict[str, str] = {"♠": "S", "♥": "H", "♦": "D", "♣": "C"}


def rank_of(card: str) -> str:
    """The rank letter of a normalised card: ``rank_of("TH") == "T"``."""
    return card[0]


def suit_of(card: str) -> str:
    """The suit letter of a normalised card: ``suit_of("TH") == "H"``."""
    return card[1]


def rank_value(card: str) -> int:
    """2 for a two … 14 for an ace."""
    return RANKS.index(rank_of(card)) + 2


def sort_cards(cards: list[str]) -> list[str]:
    """Suits in the order S, H, D, C; within a suit, ace first."""
    return sorted(cards, key=lambda c: (SUITS.index(suit_of(c)), -rank_value(c)))


class BadDeal(Exception):
    """The vector is malformed (kind ``bad_deal``)."""


def parse_card(text: Any) -> str:
    """Normalise a card's text to rank letter + suit letter, e.g. ``"10♥"`` → ``"TH"``.

    >>> parse_card("10♥"), parse_card("qs"), parse_card("Td")
    ('TH', 'QS', 'TD')
    """
    if not isinstance(text, str):
        raise BadDeal(f"a card must be a string, not {text!r}")
    raw = text.strip()
    if len(raw) < 2:
        raise BadDeal(f"unknown card {text!r}")
    rank_text = raw[:-1].upper()
    suit_text = raw[-1]
    suit = _SUIT_SYMBOLS.get(suit_text, suit_text.upper())
    if rank_text == "10":
        rank_text = "T"
    if rank_text not in RANKS or suit not in SUITS:
        raise BadDeal(f"unknown card {text!r}")
    return rank_text + suit


def parse_hand(text: Any) -> list[str]:
    """A hand is a string of cards separated by spaces."""
    if not isinstance(text, str):
        raise BadDeal(f"a hand must be a string, not {text!r}")
    return [parse_card(word) for word in text.split()]


# ---------------------------------------------------------------------------
# Rules options
# ---------------------------------------------------------------------------

BASIC_CONTRACTS: list[str] = ["tricks", "boys", "girls", "hearts", "king", "last_two"]

NEGATIVE_CONTRACTS: list[str] = [
    "no_tricks",
    "no_boys",
    "no_girls",
    "no_hearts",
    "no_king",
    "no_last_two",
    "eralash_minus",
]
POSITIVE_CONTRACTS: list[str] = [
    "take_tricks",
    "take_boys",
    "take_girls",
    "take_hearts",
    "take_king",
    "take_last_two",
    "eralash_plus",
]
ALL_CONTRACTS: list[str] = [*NEGATIVE_CONTRACTS, *POSITIVE_CONTRACTS, "trumps"]

# Contracts in which a heart may not be led while the leader holds another suit.
HEARTS_LEAD_CONTRACTS: list[str] = [
    "no_hearts",
    "no_king",
    "eralash_minus",
    "take_hearts",
    "take_king",
    "eralash_plus",
]

DEFAULT_RULES: dict[str, Any] = {
    "players": 4,
    "deck": "no_black_sevens",
    "first_dealer": "draw",
    "deal_by": 1,
    "preset": "classic",
    "boys": "jacks",
    "eralash": True,
    "deal_order": "tricks,boys,girls,hearts,king,last_two",
    "king_discard": "negative",
    "hearts_must_go": False,
    "early_end": True,
    "replay": "mirror",
    "trump_rounds": 1,
    "eralash_plus_after_trumps": True,
    "trump_trick_value": "automatic",
    "misere_allowed": True,
    "must_trump": True,
    "order": "fixed",
}

_CHOICES: dict[str, list[Any]] = {
    "players": [2, 3, 4, 5, 6],
    "deck": ["no_black_sevens", "no_black_aces", "kitty", "short"],
    "first_dealer": ["draw", "first_ace"],
    "deal_by": [1, 2],
    "preset": ["classic", "club", "ukrainian", "three", "dos1993"],
    "boys": ["jacks", "kings", "kings_and_jacks"],
    "king_discard": ["negative", "always", "never"],
    "replay": ["mirror", "trumps", "auction"],
    "trump_rounds": [1, 2],
    "order": ["fixed", "chosen"],
}
_BOOLEANS: list[str] = [
    "eralash",
    "hearts_must_go",
    "early_end",
    "eralash_plus_after_trumps",
    "misere_allowed",
    "must_trump",
]

# Per-item values: trick, heart, boy, girl, King, each of the last two.
PRESETS: dict[str, dict[str, int]] = {
    "classic": {"trick": 2, "heart": 2, "boy": 4, "girl": 4, "king": 16, "last": 8},
    "club": {"trick": 5, "heart": 5, "boy": 10, "girl": 10, "king": 40, "last": 20},
    "ukrainian": {"trick": 2, "heart": 2, "boy": 4, "girl": 4, "king": 16, "last": 6},
    "three": {"trick": 4, "heart": 5, "boy": 10, "girl": 10, "king": 40, "last": 20},
    "dos1993": {"trick": 20, "heart": 20, "boy": 40, "girl": 40, "king": 160, "last": 80},
}


def _is_int(value: Any) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)


def check_rules(given: Any) -> dict[str, Any]:
    """The rules with defaults filled in; raises :class:`BadDeal` on an unknown key or bad value."""
    if given is None:
        given = {}
    if not isinstance(given, dict):
        raise BadDeal("rules must be an object")
    rules = dict(DEFAULT_RULES)
    for key, value in given.items():
        if key not in DEFAULT_RULES:
            raise BadDeal(f"unknown rules key {key!r}")
        rules[key] = value
    for key, choices in _CHOICES.items():
        value = rules[key]
        # ints must really be ints (True == 1 in Python, which must not pass as a number)
        if isinstance(value, bool) or value not in choices:
            raise BadDeal(f"bad value {value!r} for {key}")
    for key in _BOOLEANS:
        if not isinstance(rules[key], bool):
            raise BadDeal(f"{key} must be true or false")
    if rules["players"] != 3 and rules["deck"] != "no_black_sevens":
        raise BadDeal("the deck option is for 3 players only")
    order = rules["deal_order"]
    if isinstance(order, str):
        order = [part.strip() for part in order.split(",")]
    if not isinstance(order, list) or sorted(str(x) for x in order) != sorted(BASIC_CONTRACTS):
        raise BadDeal(f"bad deal_order {rules['deal_order']!r}")
    ttv = rules["trump_trick_value"]
    if ttv != "automatic" and not (_is_int(ttv) and ttv >= 0):
        raise BadDeal(f"bad trump_trick_value {ttv!r}")
    return rules


def make_deck(rules: dict[str, Any]) -> list[str]:
    """The cards of the rules' deck (RULES.md §2)."""
    players = rules["players"]
    lowest = {2: "J", 3: "7", 4: "7", 5: "5", 6: "3"}[players]
    if players == 3 and rules["deck"] == "short":
        lowest = "9"
    ranks = RANKS[RANKS.index(lowest) :]
    deck = [rank + suit for suit in SUITS for rank in ranks]
    if players == 3:
        removed: list[str] = []
        if rules["deck"] == "no_black_sevens":
            removed = ["7S", "7C"]
        elif rules["deck"] == "no_black_aces":
            removed = ["AS", "AC"]
        deck = [card for card in deck if card not in removed]
    return deck


def hand_size(rules: dict[str, Any]) -> int:
    """Cards per hand, which is also the number of tricks in a deal."""
    if rules["players"] == 3 and rules["deck"] == "kitty":
        return 10
    return len(make_deck(rules)) // int(rules["players"])


def item_values(rules: dict[str, Any]) -> dict[str, int]:
    """Per-item values of the preset, with the boy value halved for kings-and-jacks."""
    values = dict(PRESETS[rules["preset"]])
    if rules["preset"] == "club" and rules["players"] == 3:
        values["trick"] = 4
    if rules["boys"] == "kings_and_jacks":
        values["boy"] = values["boy"] // 2
    return values


def is_boy(card: str, rules: dict[str, Any]) -> bool:
    if rules["boys"] == "jacks":
        return rank_of(card) == "J"
    if rules["boys"] == "kings":
        return rank_of(card) == "K"
    return rank_of(card) in ("J", "K")


def is_girl(card: str) -> bool:
    return rank_of(card) == "Q"


def is_heart(card: str) -> bool:
    return suit_of(card) == "H"


def basic_points(basic: str, cards: list[str], trick_number: int, rules: dict[str, Any]) -> int:
    """Unsigned points of one completed trick under one of the six basic contracts."""
    values = item_values(rules)
    n = hand_size(rules)
    if basic == "tricks":
        return values["trick"]
    if basic == "boys":
        return values["boy"] * len([c for c in cards if is_boy(c, rules)])
    if basic == "girls":
        return values["girl"] * len([c for c in cards if is_girl(c)])
    if basic == "hearts":
        return values["heart"] * len([c for c in cards if is_heart(c)])
    if basic == "king":
        return values["king"] if KING_OF_HEARTS in cards else 0
    if basic == "last_two":
        return values["last"] if trick_number in (n - 1, n) else 0
    raise AssertionError(basic)


def basic_total(basic: str, rules: dict[str, Any]) -> int:
    """Unsigned control total of one basic contract over the whole deck (all tricks)."""
    deck = make_deck(rules)
    if basic in ("tricks", "last_two"):
        return sum(basic_points(basic, [], t, rules) for t in range(1, hand_size(rules) + 1))
    return sum(basic_points(basic, [card], 1, rules) for card in deck)


def default_trick_value(rules: dict[str, Any]) -> int:
    """Points per trick in a trump deal when the vector gives no ``trick_value`` (RULES.md §7).

    A number in ``trump_trick_value`` wins; ``club`` fixes 8; otherwise (``automatic``) the whole
    number nearest to (all negative points − positive Eralash, if played) ÷ (trump deals × tricks).

    >>> default_trick_value(check_rules({}))
    3
    >>> default_trick_value(check_rules({"eralash_plus_after_trumps": False}))
    6
    """
    if rules["trump_trick_value"] != "automatic":
        return int(rules["trump_trick_value"])
    if rules["preset"] == "club":
        return 8
    six = sum(basic_total(basic, rules) for basic in BASIC_CONTRACTS)
    negative = six * 2 if rules["eralash"] else six
    if rules["eralash"] and rules["eralash_plus_after_trumps"]:
        negative -= six
    deals = int(rules["players"]) * int(rules["trump_rounds"])
    tricks = deals * hand_size(rules)
    # round half up, in whole numbers (Python's round() would round half to even)
    return (2 * negative + tricks) // (2 * tricks)


# ---------------------------------------------------------------------------
# One deal
# ---------------------------------------------------------------------------


@dataclass
class Deal:
    """Everything fixed by a vector, checked."""

    rules: dict[str, Any]
    contract: str
    trump: str | None
    misere: bool
    dealer: int
    hands: list[list[str]]
    play: list[str]
    trick_value: int
    bid_seat: int | None
    bid_tricks: int

    @property
    def players(self) -> int:
        return int(self.rules["players"])


def _contract_basics(contract: str) -> list[str]:
    """The basic contracts a contract scores (empty for 'trumps')."""
    if contract in ("eralash_minus", "eralash_plus"):
        return list(BASIC_CONTRACTS)
    if contract == "trumps":
        return []
    return [contract.split("_", 1)[1]]


def _sign(contract: str) -> int:
    return -1 if contract in NEGATIVE_CONTRACTS else 1


def read_vector(vector: Any) -> Deal:
    """Check a vector and turn it into a :class:`Deal`; raises :class:`BadDeal`."""
    if not isinstance(vector, dict):
        raise BadDeal("a vector must be an object")
    rules = check_rules(vector.get("rules", {}))
    players: int = rules["players"]

    contract = vector.get("contract")
    if contract not in ALL_CONTRACTS:
        raise BadDeal(f"unknown contract {contract!r}")
    assert isinstance(contract, str)

    trump = vector.get("trump")
    if trump is not None:
        if not isinstance(trump, str):
            raise BadDeal("trump must be a suit or null")
        trump = _SUIT_SYMBOLS.get(trump, trump.upper())
        if trump not in SUITS:
            raise BadDeal(f"unknown trump {vector.get('trump')!r}")
    misere = vector.get("misere", False)
    if misere is None:
        misere = False
    if not isinstance(misere, bool):
        raise BadDeal("misere must be true or false")
    trumps_only = [trump, vector.get("trick_value"), vector.get("bid")]
    if contract != "trumps" and (misere or any(value is not None for value in trumps_only)):
        # trump, misere, trick_value and bid belong to the 'trumps' contract only
        raise BadDeal("trump, misere, trick_value and bid are for the trumps contract only")
    if misere and trump is not None:
        raise BadDeal("misere is played without a trump")
    if misere and not rules["misere_allowed"]:
        raise BadDeal("misere is not allowed by the rules")

    trick_value = vector.get("trick_value")
    if trick_value is None:
        trick_value = default_trick_value(rules) if contract == "trumps" else 0
    if not _is_int(trick_value) or trick_value < 0:
        raise BadDeal(f"bad trick_value {trick_value!r}")

    bid_seat: int | None = None
    bid_tricks = 0
    bid = vector.get("bid")
    if bid is not None:
        if not isinstance(bid, dict) or set(bid) != {"seat", "tricks"}:
            raise BadDeal("bid must be {seat, tricks}")
        if not _is_int(bid["seat"]) or not 0 <= bid["seat"] < players:
            raise BadDeal("bad bid seat")
        if not _is_int(bid["tricks"]) or bid["tricks"] < 0:
            raise BadDeal("bad bid tricks")
        bid_seat = bid["seat"]
        bid_tricks = bid["tricks"]

    dealer = vector.get("dealer")
    if not isinstance(dealer, int) or isinstance(dealer, bool) or not 0 <= dealer < players:
        raise BadDeal(f"bad dealer {dealer!r}")

    raw_hands = vector.get("hands")
    if not isinstance(raw_hands, list) or len(raw_hands) != players:
        raise BadDeal("there must be one hand per player")
    hands = [parse_hand(text) for text in raw_hands]
    deck = make_deck(rules)
    size = hand_size(rules)
    seen: list[str] = []
    for hand in hands:
        if len(hand) != size:
            raise BadDeal(f"each hand must hold {size} cards")
        for card in hand:
            if card not in deck:
                raise BadDeal(f"{card} is not in the deck")
            if card in seen:
                raise BadDeal(f"{card} is held twice")
            seen.append(card)

    raw_play = vector.get("play", [])
    if not isinstance(raw_play, list):
        raise BadDeal("play must be a list")
    play = [parse_card(text) for text in raw_play]

    return Deal(rules, contract, trump, misere, dealer, hands, play, trick_value, bid_seat, bid_tricks)


# --- legality ---------------------------------------------------------------


def _hearts_lead_applies(deal: Deal) -> bool:
    return deal.contract in HEARTS_LEAD_CONTRACTS


def _king_must_go_applies(deal: Deal) -> bool:
    mode = deal.rules["king_discard"]
    if mode == "negative":
        return deal.contract in ("no_king", "eralash_minus")
    if mode == "always":
        return deal.contract in ("no_king", "eralash_minus", "take_king", "eralash_plus")
    return False


def _hearts_must_go_applies(deal: Deal) -> bool:
    return bool(deal.rules["hearts_must_go"]) and deal.contract in ("take_hearts", "take_king")


def _must_trump_applies(deal: Deal) -> bool:
    return deal.contract == "trumps" and deal.trump is not None and bool(deal.rules["must_trump"])


def why_illegal(deal: Deal, hand: list[str], trick: list[str], card: str) -> str | None:
    """The error kind if ``card`` may not be played now from ``hand`` into ``trick``; None if legal.

    The checks run in the project's priority order (``deal_over`` is checked by the caller).
    """
    if card not in hand:
        return "not_in_hand"
    if not trick:
        # leading
        if _hearts_lead_applies(deal) and is_heart(card) and any(not is_heart(c) for c in hand):
            return "hearts_lead"
        return None
    led = suit_of(trick[0])
    if any(suit_of(c) == led for c in hand):
        if suit_of(card) != led:
            return "must_follow_suit"
        return None
    # void in the led suit
    if _king_must_go_applies(deal) and KING_OF_HEARTS in hand and card != KING_OF_HEARTS:
        return "king_must_go"
    if _hearts_must_go_applies(deal) and any(is_heart(c) for c in hand) and not is_heart(card):
        return "must_play_heart"
    trump = deal.trump
    if _must_trump_applies(deal) and any(suit_of(c) == trump for c in hand) and suit_of(card) != trump:
        return "must_trump"
    return None


def legal_cards(deal: Deal, hand: list[str], trick: list[str]) -> list[str]:
    return sort_cards([card for card in hand if why_illegal(deal, hand, trick, card) is None])


# --- trick winner -----------------------------------------------------------


def trick_winner_index(deal: Deal, trick: list[str]) -> int:
    """Index within ``trick`` (0 = the leader) of the winning card."""
    if deal.trump is not None:
        trumps = [i for i, card in enumerate(trick) if suit_of(card) == deal.trump]
        if trumps:
            return max(trumps, key=lambda i: rank_value(trick[i]))
    led = suit_of(trick[0])
    followers = [i for i, card in enumerate(trick) if suit_of(card) == led]
    if deal.contract == "trumps" and deal.misere:
        return min(followers, key=lambda i: rank_value(trick[i]))
    return max(followers, key=lambda i: rank_value(trick[i]))


# --- early end --------------------------------------------------------------


def _scoring_card(deal: Deal, card: str) -> bool:
    """Whether ``card`` scores in a contract that may end early."""
    basic = _contract_basics(deal.contract)[0]
    if basic == "boys":
        return is_boy(card, deal.rules)
    if basic == "girls":
        return is_girl(card)
    if basic == "hearts":
        return is_heart(card)
    if basic == "king":
        return card == KING_OF_HEARTS
    raise AssertionError(basic)


def can_end_early(deal: Deal) -> bool:
    return bool(deal.rules["early_end"]) and deal.contract in (
        "no_boys",
        "no_girls",
        "no_hearts",
        "no_king",
        "take_boys",
        "take_girls",
        "take_hearts",
        "take_king",
    )


def is_over(deal: Deal, hands: list[list[str]]) -> bool:
    """Checked between tricks (and before the first card)."""
    if all(not hand for hand in hands):
        return True
    if can_end_early(deal):
        return not any(_scoring_card(deal, card) for hand in hands for card in hand)
    return False


# --- playing it out ---------------------------------------------------------


@dataclass
class Outcome:
    """Where a vector's play leads to."""

    error_index: int | None = None
    error_kind: str | None = None
    points: list[int] = field(default_factory=list)
    tricks: list[int] = field(default_factory=list)
    over: bool = False
    legal: list[str] | None = None


def run(vector: Any) -> Outcome:
    """Play the vector's cards one by one, naively."""
    try:
        deal = read_vector(vector)
    except BadDeal:
        return Outcome(error_index=-1, error_kind="bad_deal")

    players = deal.players
    hands = [list(hand) for hand in deal.hands]
    points = [0] * players
    tricks = [0] * players
    trick: list[str] = []
    trick_seats: list[int] = []
    to_move = (deal.dealer + 1) % players
    tricks_done = 0
    over = is_over(deal, hands)
    basics = _contract_basics(deal.contract)
    sign = _sign(deal.contract)

    for index, card in enumerate(deal.play):
        if over:
            return Outcome(error_index=index, error_kind="deal_over")
        kind = why_illegal(deal, hands[to_move], trick, card)
        if kind is not None:
            return Outcome(error_index=index, error_kind=kind)
        hands[to_move].remove(card)
        trick.append(card)
        trick_seats.append(to_move)
        to_move = (to_move + 1) % players
        if len(trick) == players:
            tricks_done += 1
            winner = trick_seats[trick_winner_index(deal, trick)]
            tricks[winner] += 1
            for basic in basics:
                points[winner] += sign * basic_points(basic, trick, tricks_done, deal.rules)
            trick = []
            trick_seats = []
            to_move = winner
            over = is_over(deal, hands)

    if deal.contract == "trumps":
        for seat in range(players):
            counted = tricks[seat]
            if seat == deal.bid_seat:
                counted = max(0, tricks[seat] - deal.bid_tricks)
            points[seat] = counted * deal.trick_value

    legal = None if over else legal_cards(deal, hands[to_move], trick)
    return Outcome(points=points, tricks=tricks, over=over, legal=legal)


# ---------------------------------------------------------------------------
# Public API
# ---------------------------------------------------------------------------


def evaluate(vector: dict[str, Any]) -> dict[str, Any]:
    """The result of a deal vector, as in VECTORS.md but without ``file`` and ``message``.

    Either ``{"points": [...], "tricks": [...], "over": bool}`` or
    ``{"error": {"index": K, "kind": KIND}}``.  ``name`` and ``expect`` are ignored.
    """
    outcome = run(vector)
    if outcome.error_kind is not None:
        return {"error": {"index": outcome.error_index, "kind": outcome.error_kind}}
    return {"points": outcome.points, "tricks": outcome.tricks, "over": outcome.over}


def legal_next(vector: dict[str, Any]) -> list[str] | None:
    """The legal cards of the player to move after the vector's ``play``, sorted S, H, D, C then A..2.

    None if the vector is malformed, a card of ``play`` is illegal, or the deal is over.
    """
    outcome = run(vector)
    if outcome.error_kind is not None:
        return None
    return outcome.legal
