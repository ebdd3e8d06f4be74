"""One :class:`Rules` value holding every option of RULES.md (§10), validated, printable and parseable.

>>> r = Rules(players=3, preset="three")
>>> str(r)
'king(players=3,preset=three)'
>>> Rules.parse(str(r)) == r, r.deck, r.hand_size, r.kitty_size
(True, 'no_black_sevens', 10, 0)
>>> Rules.parse("king(deal_order=tricks,hearts,boys,girls,king,last_two)").deal_order[1]
'hearts'
"""

from __future__ import annotations

from dataclasses import MISSING, dataclass, field, fields
from functools import cache
from typing import Any, Literal, get_args

from .cards import SUIT_MASKS, card_index, rank_mask
from .errors import RulesError
from .limits import MAX_SPEC, quote, small_int
from .spec import SpecError, parse_spec

Players = Literal[4, 2, 3, 5, 6]
Deck = Literal["standard", "no_black_sevens", "no_black_aces", "kitty", "short"]
FirstDealer = Literal["draw", "first_ace"]
Preset = Literal["classic", "club", "ukrainian", "three", "dos1993"]
Boys = Literal["jacks", "kings", "kings_and_jacks"]
KingDiscard = Literal["negative", "always", "never"]
Replay = Literal["mirror", "trumps", "auction"]
Order = Literal["fixed", "chosen"]

BASIC = ("tricks", "boys", "girls", "hearts", "king", "last_two")
"""The six basic contracts, by their RULES.md §10 names, in the default deal order."""

# Values per item (RULES.md §5 "Scoring presets"): trick, heart, boy, girl, King, each of last two.
PRESET_VALUES: dict[str, tuple[int, int, int, int, int, int]] = {
    "classic": (2, 2, 4, 4, 16, 8),
    "club": (5, 5, 10, 10, 40, 20),
    "ukrainian": (2, 2, 4, 4, 16, 6),
    "three": (4, 5, 10, 10, 40, 20),
    "dos1993": (20, 20, 40, 40, 160, 80),
}

_LOW_RANK = {2: 11, 4: 7, 5: 5, 6: 3}
_BOYS = {"jacks": rank_mask((11,)), "kings": rank_mask((13,)), "kings_and_jacks": rank_mask((11, 13))}
_GIRLS = rank_mask((12,))


@cache
def _deck_mask(players: int, deck: str) -> int:
    """The deck of ``players`` and the ``deck`` option as a card mask (RULES.md §2): made once for each pair
    (the engine asks for it at every card)."""
    if players == 3:
        full = rank_mask(range(7, 15))
        if deck == "no_black_sevens":
            return full & ~(1 << card_index(0, 7)) & ~(1 << card_index(3, 7))
        if deck == "no_black_aces":
            return full & ~(1 << card_index(0, 14)) & ~(1 << card_index(3, 14))
        if deck == "kitty":
            return full
        return rank_mask(range(9, 15))
    return rank_mask(range(_LOW_RANK.get(players, 7), 15))


def _opt(label: str, section: str, default: Any, choices: tuple[Any, ...] = (), **kw: Any) -> Any:
    meta = {"label": label, "section": section, "choices": choices}
    if isinstance(default, tuple):
        return field(default_factory=lambda: default, metadata=meta, **kw)
    return field(default=default, metadata=meta, **kw)


@dataclass(frozen=True)
class Rules:
    """Every option of RULES.md §10; the defaults are the marked defaults.

    Field metadata (``label``, ``section``, ``choices``) lets a UI build its "new game" dialog from
    this class: see :func:`options_schema`.

    Raises:
        RulesError: an unknown value, or options that make no sense together (e.g. ``deck="kitty"``
        with 4 players, or ``preset="three"`` without 3 players).
    """

    players: int = _opt("Players", "§2", 4, (4, 2, 3, 5, 6))
    deck: str = _opt("Deck (3 players)", "§2", "standard",
                     ("standard", "no_black_sevens", "no_black_aces", "kitty", "short"))
    first_dealer: str = _opt("First dealer", "§3", "draw", get_args(FirstDealer))
    deal_by: int = _opt("Cards dealt at a time", "§3", 1, (1, 2))
    preset: str = _opt("Scoring preset", "§5", "classic", get_args(Preset))
    boys: str = _opt("Boys", "§5", "jacks", get_args(Boys))
    eralash: bool = _opt("Eralash", "§5", True, (True, False))
    deal_order: tuple[str, ...] = _opt("Deal order", "§5", BASIC)
    king_discard: str = _opt("King must go", "§4", "negative", get_args(KingDiscard))
    hearts_must_go: bool = _opt("Hearts must go in positive hearts", "§4", False, (False, True))
    early_end: bool = _opt("Early end", "§4", True, (True, False))
    replay: str = _opt("Replay", "§7", "mirror", get_args(Replay))
    trump_rounds: int = _opt("Trump rounds", "§7", 1, (1, 2))
    eralash_plus_after_trumps: bool = _opt("Eralash + after trump deals", "§7", True, (True, False))
    trump_trick_value: int | str = _opt("Points per trick in trump deals", "§7", "automatic")
    misere_allowed: bool = _opt("Misère allowed", "§7", True, (True, False))
    must_trump: bool = _opt("Must trump when void", "§7", True, (True, False))
    order: str = _opt("Order of contracts", "§8", "fixed", get_args(Order))

    def __post_init__(self) -> None:
        def bad(msg: str) -> RulesError:
            return RulesError(msg)

        for f in fields(self):
            v = getattr(self, f.name)
            choices = f.metadata.get("choices", ())
            if f.type == "bool" and not isinstance(v, bool):
                raise bad(f"option {f.name} must be true or false, not {_q(v)}")
            if choices and f.name != "deck" and (v not in choices or type(v) is not type(choices[0])):
                raise bad(f"option {f.name}={_q(v)} is not one of {', '.join(map(str, choices))}")
        deck = self.deck
        if self.players == 3:
            if deck == "standard":
                object.__setattr__(self, "deck", "no_black_sevens")
            elif deck not in ("no_black_sevens", "no_black_aces", "kitty", "short"):
                raise bad(f"option deck={_q(deck)} is not one of no_black_sevens, no_black_aces, kitty, short")
        elif deck != "standard":
            raise bad(f"option deck={_q(deck)} is only for 3 players (with {self.players} players the deck "
                      "is the top 8 cards per player)")
        order = self.deal_order
        if isinstance(order, str):
            order = tuple(x.strip() for x in order.split(","))
            object.__setattr__(self, "deal_order", order)
        if not isinstance(order, tuple) or sorted(order) != sorted(BASIC):
            raise bad(f"option deal_order must be a permutation of {','.join(BASIC)}, not {_q(order)}")
        tv = self.trump_trick_value
        if tv != "automatic" and not (isinstance(tv, int) and not isinstance(tv, bool) and 0 < tv <= 1000):
            raise bad(f"option trump_trick_value must be automatic or a whole number 1..1000, not {_q(tv)}")
        if self.preset == "three" and self.players != 3:
            raise bad("preset three is the 3-player scoring (RULES.md §5); choose players=3 or another preset")
        if self.order == "chosen" and self.replay == "auction":
            raise bad("ordered King (order=chosen) is played with replay=mirror or trumps, not auction "
                      "(RULES.md §8 names no auction for it)")

    # ----- text form -------------------------------------------------------------------------

    def __str__(self) -> str:
        parts = []
        for f in fields(self):
            v = getattr(self, f.name)
            if f.name == "deck":
                if v in ("standard", "no_black_sevens"):
                    continue
            elif v == f.default or (f.default is MISSING and v == BASIC):
                continue
            parts.append(f"{f.name}={_fmt(v)}")
        return f"king({','.join(parts)})"

    def __repr__(self) -> str:
        return f"Rules.parse({str(self)!r})"

    @classmethod
    def parse(cls, text: str) -> Rules:
        """Parse ``king(players=3,preset=three)``; ``king()``, ``king`` and ``""`` give the defaults.

        The syntax is :mod:`kingcore.spec`'s (at most :data:`~kingcore.limits.MAX_SPEC` characters, read in
        linear time); a bare word continues the previous option's list (``deal_order=tricks,hearts,...``).

        Raises:
            RulesError: unknown option, bad value, bad syntax (with the column), too long.
        """
        if isinstance(text, str) and len(text) <= MAX_SPEC and not text.strip():
            return cls()
        try:
            name, items = parse_spec(text, lists=True, what="rules text")
        except SpecError as e:
            raise RulesError(e.message) from None
        if name != "king":
            raise RulesError(f"bad rules text {quote(text)}: expected king(option=value,...)")
        return cls.from_dict(items)

    @classmethod
    def from_dict(cls, d: dict[str, Any]) -> Rules:
        """Build from option names and values (JSON types or strings), as in vectors and saves.

        Raises:
            RulesError: an unknown option name or a bad value.
        """
        known = {f.name: f for f in fields(cls)}
        kw: dict[str, Any] = {}
        for k, v in d.items():
            if k not in known:
                raise RulesError(f"unknown option {_q(k)} (known: {', '.join(known)})")
            kw[k] = _coerce(k, known[k].type, v)
        return cls(**kw)

    def to_dict(self) -> dict[str, Any]:
        """Every option, as JSON-ready values (``deal_order`` as a comma-separated string)."""
        out: dict[str, Any] = {}
        for f in fields(self):
            v = getattr(self, f.name)
            out[f.name] = ",".join(v) if isinstance(v, tuple) else v
        return out

    # ----- derived values ---------------------------------------------------------------------

    @property
    def deck_mask(self) -> int:
        """The deck as a card mask (RULES.md §2)."""
        return _deck_mask(self.players, self.deck)

    @property
    def deck_size(self) -> int:
        """Cards in the deck."""
        return self.deck_mask.bit_count()

    @property
    def hand_size(self) -> int:
        """Cards per hand = tricks per deal."""
        return 10 if self.deck == "kitty" else self.deck_size // self.players

    @property
    def kitty_size(self) -> int:
        """Cards left face down that nobody plays (2 with the 3-player ``kitty`` deck, else 0)."""
        return self.deck_size - self.hand_size * self.players

    @property
    def values(self) -> tuple[int, int, int, int, int, int]:
        """Points per item (trick, heart, boy, girl, King, each of last two), positive (RULES.md §5).

        ``club`` counts 4 a trick with 3 players; boys are worth half with ``kings_and_jacks``.
        """
        t, h, b, g, k, last = PRESET_VALUES[self.preset]
        if self.preset == "club" and self.players == 3:
            t = 4
        if self.boys == "kings_and_jacks":
            b //= 2
        return (t, h, b, g, k, last)

    @property
    def boys_mask(self) -> int:
        """The boys: jacks, kings, or both, as they are in this deck."""
        return _BOYS[self.boys] & self.deck_mask

    @property
    def girls_mask(self) -> int:
        """The queens in this deck."""
        return _GIRLS & self.deck_mask

    @property
    def hearts_mask(self) -> int:
        """The hearts in this deck."""
        return SUIT_MASKS[1] & self.deck_mask


def _q(v: Any) -> str:
    """A value for a message: its ``repr``, at most about 80 characters."""
    if isinstance(v, str):
        return quote(v)
    r = repr(v)
    return r if len(r) <= 80 else r[:80] + "…"


def _fmt(v: Any) -> str:
    if isinstance(v, bool):
        return "true" if v else "false"
    if isinstance(v, tuple):
        return ",".join(v)
    return str(v)


def _coerce(name: str, typ: Any, v: Any) -> Any:
    if typ == "bool":
        if isinstance(v, bool):
            return v
        if isinstance(v, str) and v.lower() in ("true", "false", "on", "off", "yes", "no", "1", "0"):
            return v.lower() in ("true", "on", "yes", "1")
        raise RulesError(f"option {name} must be true or false, not {_q(v)}")
    if typ == "int":
        if isinstance(v, int) and not isinstance(v, bool):
            return v
        k = small_int(v) if isinstance(v, str) else None
        if k is not None:
            return k
        raise RulesError(f"option {name} must be a whole number, not {_q(v)}")
    if name == "trump_trick_value":
        k = small_int(v) if isinstance(v, str) else None
        return v if k is None else k
    if name == "deal_order":
        if isinstance(v, list | tuple):
            return tuple(str(x) for x in v)
        if isinstance(v, str):
            return tuple(x.strip() for x in v.split(","))
        raise RulesError(f"option deal_order must be a list of the six contracts, not {_q(v)}")
    if not isinstance(v, str):
        raise RulesError(f"option {name} must be text, not {_q(v)}")
    return v


def options_schema() -> list[dict[str, Any]]:
    """The options as data for a "new game" dialog: name, label, RULES.md section, choices, default."""
    out = []
    for f in fields(Rules):
        default = f.default if f.default is not MISSING else ",".join(BASIC)
        out.append({"name": f.name, "label": f.metadata["label"], "section": f.metadata["section"],
                    "choices": list(f.metadata["choices"]), "default": default})
    return out
