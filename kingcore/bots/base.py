"""The bot interface and the registry: ``make_bot("pimc(samples=40)")``.

A bot is a frozen dataclass whose fields are its parameters; :meth:`Bot.choose` gets a
:class:`~kingcore.view.SeatView` (what one seat may see, nothing more), an ``rng`` and the rubber's
earlier deals (:func:`~kingcore.view.earlier_deals`: public, the same for every seat; only a bot that
learns from them reads them) and returns one of the view's legal :class:`~kingcore.moves.Move` s, for
every decision of RULES.md: a card (§4), a trump call (§7), a bid or pass (§7 auction) and a contract
name or pass (§8 ordered King). The same view, earlier deals and ``rng`` state always give the same move.

A bot's text form is ``name(param=value,...)`` like :class:`~kingcore.rules.Rules`, defaults left out,
and :func:`make_bot` parses it back.

>>> b = make_bot("heuristic(noise=0.2)")
>>> str(b), str(make_bot(str(b))) == str(b)
('heuristic(noise=0.2)', True)
"""

from __future__ import annotations

import random
from abc import ABC, abstractmethod
from collections.abc import Callable, Sequence
from dataclasses import MISSING, dataclass, fields
from typing import Any, ClassVar, TypeVar

from ..errors import KingError
from ..limits import MAX_DIGITS, quote, small_int
from ..moves import Move
from ..spec import SpecError, spec_float
from ..spec import parse_spec as _parse_spec
from ..view import EarlierDeal, SeatView


class BotSpecError(KingError, ValueError):
    """A bot name or parameter that :func:`make_bot` does not know, or a bad parameter value."""


@dataclass(frozen=True)
class Bot(ABC):
    """A player that sees one seat's view only.

    Subclasses are frozen dataclasses; their fields are the parameters of the text form.
    """

    name: ClassVar[str] = "bot"

    def choose(self, view: SeatView, rng: random.Random, earlier: Sequence[EarlierDeal] = ()) -> Move:
        """The move for ``view.seat``, which must be the seat to move.

        Args:
            view: the seat's view (``view.legal`` lists the legal move tokens).
            rng: the only source of randomness; only ``rng.random()`` is used.
            earlier: the rubber's finished deals before this one (:func:`~kingcore.view.earlier_deals`;
                empty: a table that played none, or a bot that does not learn from them).

        Returns:
            One of the moves in ``view.legal``.

        Raises:
            ValueError: the seat has no move to make (not its turn, or a chance phase).
        """
        legal = legal_moves(view)
        if len(legal) == 1:
            return legal[0]
        if self.learns():
            return self.decide(view, legal, rng, tuple(earlier))
        return self.decide(view, legal, rng)  # a bot that does not learn may define decide(view, legal, rng)

    @abstractmethod
    def decide(self, view: SeatView, legal: list[Move], rng: random.Random,
               earlier: tuple[EarlierDeal, ...] = ()) -> Move:
        """Choose among ``legal`` (at least two moves, in the view's order); ``earlier`` as in :meth:`choose`."""

    def learns(self) -> bool:
        """Whether the bot reads the rubber's earlier deals (``False``: ``earlier`` never changes its move,
        so a caller need not gather them)."""
        return False

    def __str__(self) -> str:
        parts = []
        for f in fields(self):
            v = getattr(self, f.name)
            if f.default is not MISSING and v == f.default:
                continue
            parts.append(f"{f.name}={_fmt(v)}")
        return f"{self.name}({','.join(parts)})" if parts else self.name


def legal_moves(view: SeatView) -> list[Move]:
    """The legal moves of a view, parsed from ``view.legal``.

    Raises:
        ValueError: ``view.seat`` is not to move (empty ``legal``).
    """
    if not view.legal:
        raise ValueError(f"seat {view.seat} has no move to make (phase {view.phase}, seat {view.to_move} to move)")
    return [Move.parse(t) for t in view.legal]


def _fmt(v: Any) -> str:
    if isinstance(v, bool):
        return "true" if v else "false"
    if isinstance(v, float):
        g = f"{v:g}"
        return g if "e" not in g else f"{v:.9f}".rstrip("0").rstrip(".")
    return str(v)


B = TypeVar("B", bound=type[Bot])
_REGISTRY: dict[str, type[Bot]] = {}
_ALIASES: dict[str, str] = {}
_LOADERS: list[Callable[[], None]] = []


def on_first_use(loader: Callable[[], None]) -> None:
    """Have ``loader`` called once, before :func:`make_bot` or :func:`bot_names` first looks a name up:
    :mod:`kingcore.bots` imports its built-in bots so, when a bot is first needed (the page's session
    reads the levels without loading any bot)."""
    _LOADERS.append(loader)


def _loaded() -> None:
    while _LOADERS:
        _LOADERS.pop()()


def register(cls: B) -> B:
    """Class decorator: make ``cls`` known to :func:`make_bot` under ``cls.name``."""
    _REGISTRY[cls.name] = cls
    return cls


def alias(name: str, spec: str) -> None:
    """Make ``name`` (optionally with parameters) stand for the bot ``spec`` (e.g. ``expert`` → ``pimc(...)``)."""
    _ALIASES[name] = spec


def bot_names() -> list[str]:
    """Every registered bot name and alias, sorted."""
    _loaded()
    return sorted({*_REGISTRY, *_ALIASES})


def parse_spec(text: str) -> tuple[str, dict[str, str]]:
    """Split ``name(a=1,b=x)`` into the lower-case name and the raw parameter texts
    (the :mod:`kingcore.spec` syntax shared with :class:`~kingcore.rules.Rules`).

    Raises:
        BotSpecError: bad syntax (with the column), a parameter given twice, or a spec over
            :data:`~kingcore.limits.MAX_SPEC` characters.
    """
    try:
        name, params = _parse_spec(text, what="bot")
    except SpecError as e:
        raise BotSpecError(e.message) from None
    return name.lower(), params


MAX_BOT_INT = 1_000_000
"""The largest whole-number bot parameter (deals, swaps, tricks searched…): more would never finish."""


def make_bot(spec: str) -> Bot:
    """The bot named by ``spec``: ``random``, ``heuristic(noise=0.2)``, ``pimc(samples=40)``, ``expert``…

    Raises:
        BotSpecError: an unknown bot or parameter, or a value of the wrong type.
    """
    _loaded()
    name, params = parse_spec(spec)
    if name in _ALIASES:
        base_name, base_params = parse_spec(_ALIASES[name])
        name, params = base_name, {**base_params, **params}
    cls = _REGISTRY.get(name)
    if cls is None:
        raise BotSpecError(f"unknown bot {quote(name, 40)} (known: {', '.join(bot_names())})")
    kw: dict[str, Any] = {}
    known = {f.name: f for f in fields(cls)}
    for k, v in params.items():
        f = known.get(k)
        if f is None:
            raise BotSpecError(f"bot {name} has no parameter {quote(k, 40)} (known: {', '.join(known) or 'none'})")
        kw[k] = _coerce(name, k, f.type, v)
    try:
        return cls(**kw)
    except (TypeError, ValueError) as e:
        raise BotSpecError(f"bad bot {quote(spec)}: {e}") from None


def _coerce(bot: str, key: str, typ: Any, text: str) -> Any:
    t = str(typ)
    if t == "bool":
        if text.lower() in ("true", "false", "1", "0", "yes", "no", "on", "off"):
            return text.lower() in ("true", "1", "yes", "on")
        raise BotSpecError(f"bot {bot}: {key} must be true or false, not {quote(text)}")
    if t == "int":
        k = small_int(text, signed=True)
        if k is None:
            raise BotSpecError(f"bot {bot}: {key} must be a whole number of at most {MAX_DIGITS} digits, "
                               f"not {quote(text)}")
        if abs(k) > MAX_BOT_INT:
            raise BotSpecError(f"bot {bot}: {key} must be at most {MAX_BOT_INT:,}, not {quote(text)}")
        return k
    if t == "float":
        x = spec_float(text)
        if x is None:
            raise BotSpecError(f"bot {bot}: {key} must be a decimal number like 0.25, not {quote(text)}")
        return x
    if not text:
        raise BotSpecError(f"bot {bot}: {key} has no value (leave it out for the default)")
    return text


def view_from_dict(d: dict[str, Any]) -> SeatView:
    """The :class:`SeatView` back from its JSON form (:meth:`SeatView.from_dict`, what a web worker gets).

    Raises:
        KeyError, ValueError: not a view's dict (a missing field, a bad card).
    """
    return SeatView.from_dict(d)


def choose_token(view: dict[str, Any], spec: str, seed: int, earlier: Sequence[EarlierDeal] = ()) -> str:
    """The move token bot ``spec`` chooses for a view in JSON form, with ``rng = Random(seed)`` and the
    rubber's ``earlier`` deals: the one call a web worker needs (deterministic for the same view, earlier
    deals, spec and seed).

    Raises:
        BotSpecError: a bad spec. ValueError: the view's seat is not to move.
    """
    return str(make_bot(spec).choose(view_from_dict(view), random.Random(seed), earlier))
