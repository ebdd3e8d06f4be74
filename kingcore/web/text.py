"""The page's words: one gettext catalog keyed by codes, and the few rules that compose its messages from
the view model's data (:mod:`kingcore.web.viewmodel`).

Every word a person reads comes from the catalog (``web/locale/<lang>.po``, compiled to ``.mo`` by the
build): ``msgid`` is a code (``contract.no_tricks``, ``reason.must_follow_suit``, ``seat.tricks``…),
``msgstr`` the words, with ``{name}`` placeholders (python-brace-format) and gettext plural forms
(``Plural-Forms``: Russian needs three — 1 взятка, 2 взятки, 5 взяток). :class:`Catalog` reads a ``.mo``
with the standard library's :class:`gettext.GNUTranslations` (also in Pyodide).

>>> cat = Catalog()  # no compiled catalog: every code answers itself
>>> cat.t("move.pass"), cat.why("must_follow_suit", {"led": "D", "trump": None}), signed(-3)
('move.pass', 'reason.must_follow_suit', '−3')
"""

from __future__ import annotations

import gettext
import io
from collections.abc import Iterable, Mapping
from typing import Any

from ..cards import SUIT_LETTERS, Suit
from .viewmodel import describe_move

LANGUAGES = ("en", "ru", "uk")
"""The page's languages (``web/locale/<lang>.po``), English first (the source and the fallback)."""

BROWSER_LANGUAGES = {"en": "en", "ru": "ru", "uk": "uk", "be": "ru"}
"""A browser language's primary subtag -> the page's language (Belarusian readers get Russian)."""


FORMAT_WORDS = {"tag_draw": "[Draw]", "tag_first": "[FirstDealer]", "tag_players": "[Players]",
                "tag_former": "[Former]", "line_words": "deal, hand, kitty, call, trick, score", "human": "human:",
                "bot": "bot:", "card_example": "QS, 10H", "key_record": '"record"', "key_save": '"save"'}
"""The record format's own words (never translated), for :meth:`Catalog.detail`'s messages."""


class MissingText(KeyError):
    """A code the catalog has no entry for (raised only by a ``strict`` catalog: the tests' one)."""


class Catalog:
    """The words for one language.

    Args:
        translations: a :class:`gettext.GNUTranslations` (a compiled ``.mo``), or ``None`` for none: every
            lookup then answers its code (the page still works, showing codes).
        strict: raise :class:`MissingText` for a code with no entry (tests), instead of answering the code.
    """

    def __init__(self, translations: gettext.NullTranslations | None = None, strict: bool = False) -> None:
        self.translations = translations or gettext.NullTranslations()
        self.strict = strict
        self.used: set[str] = set()
        """Every code looked up (the tests check each one has an entry)."""

    @classmethod
    def from_mo(cls, data: bytes, strict: bool = False) -> Catalog:
        """A catalog from a compiled ``.mo`` file's bytes.

        Raises:
            OSError: not a ``.mo`` file.
        """
        return cls(gettext.GNUTranslations(io.BytesIO(data)), strict)

    def use(self, other: Catalog) -> None:
        """Take ``other``'s words in place (a language switch: every holder of this catalog follows)."""
        self.translations = other.translations

    def has(self, code: str) -> bool:
        """Whether ``code`` has an entry."""
        cat: dict[Any, str] = getattr(self.translations, "_catalog", {})
        return code in cat or (code, 0) in cat

    def _check(self, code: str) -> None:
        self.used.add(code)
        if self.strict and not self.has(code):
            raise MissingText(code)

    def t(self, code: str, **args: Any) -> str:
        """The words of ``code`` with ``args`` filled in."""
        self._check(code)
        text = self.translations.gettext(code)
        return text.format(**args) if args else text

    def n(self, code: str, count: int, **args: Any) -> str:
        """The words of ``code`` in the plural form for ``count`` (``{n}`` is ``count``)."""
        self._check(code)
        return self.translations.ngettext(code, code, count).format(n=count, **args)

    # ----- composed from the view model's data ----------------------------------------------------

    def suit(self, letter: str) -> str:
        """A suit's glyph (``S`` → ``♠``)."""
        return Suit.parse(letter).symbol

    def card(self, card: str) -> str:
        """A card as shown in text: ``QS`` → ``Q♠``, ``TH`` → ``10♥``."""
        return self.t(f"rank.{card[:-1]}") + self.suit(card[-1])

    def num(self, x: float, digits: int = 1, sign: bool = False) -> str:
        """A number with ``digits`` decimals in the language's way: its decimal mark (the catalog's
        ``num.point``: ``.`` in English, ``,`` in Russian and Ukrainian; ``.`` without one), a real minus
        sign, and with ``sign`` an explicit plus; zero has no sign: ``−2,5``, ``+1,2``, ``0,0``."""
        text = f"{abs(x):.{digits}f}"
        if self.has("num.point"):
            text = text.replace(".", self.t("num.point"))
        if not text.strip("0.,"):
            return text
        return ("−" if x < 0 else "+" if sign else "") + text

    def detail(self, error: Mapping[str, Any]) -> str:
        """What is wrong with a file or a save, for *Details*: the catalog's ``detail.<code>`` with the
        error's ``params`` (:class:`~kingcore.errors.NotationError`'s ``code``/``params``, from
        ``ReplayFileError.to_dict()`` or ``SaveError.to_dict()``; a nested record error under
        ``params["inner"]`` said in words as ``{detail}``); an error without a code (a rare kind) gives its
        English ``message`` as it is."""
        if error.get("reason"):
            return self.refused(error)
        code = error.get("code")
        if not code:
            return str(error.get("message", ""))
        params = {**FORMAT_WORDS, **(error.get("params") or {})}
        inner = params.pop("inner", None)
        if isinstance(inner, Mapping):
            params["detail"] = self.detail(inner)
        return self.t(f"detail.{code}", **params)

    def refused(self, error: Mapping[str, Any]) -> str:
        """Why the rules refuse a record's card or call, in the page's words (the reasons the table gives for
        a greyed card), from ``ReplayFileError.to_dict()``'s (or a save's record error's) ``reason``,
        ``args``, ``seat``, ``move`` — the card in the catalog's letters (``К♥`` in Russian), never the
        engine's; ``""`` for an error without a ``reason``."""
        reason = error.get("reason")
        if not reason:
            return ""
        why = self.why(str(reason), error.get("args"))
        token, seat = error.get("move"), error.get("seat")
        if token is None:
            return why
        try:
            m = describe_move(str(token))
            move = self.card(m["card"]) if m["card"] is not None else self.move(m)
        except ValueError:
            move = str(token)
        if seat is None:
            return self.t("replay.refused", move=move, reason=why)
        return self.t("replay.refused_seat", seat=seat, move=move, reason=why)

    def card_name(self, card: str) -> str:
        """A card in words, for screen readers: ``queen of spades``."""
        return self.t("card.name", rank=self.t(f"rank.name.{card[:-1]}"), suit=self.t(f"suit.name.{card[-1]}"))

    def why(self, reason: str | None, args: Mapping[str, str | None] | None = None) -> str:
        """Why a card or move is refused (a :class:`~kingcore.errors.Reason` value and its ``args``)."""
        if reason is None:
            return ""
        a = args or {}
        led_suit, trump_suit = a.get("led"), a.get("trump")
        led = self.suit(led_suit) if led_suit else self.t("word.led_suit")
        trump = self.suit(trump_suit) if trump_suit else self.t("word.trump")
        return self.t(f"reason.{reason}", led=led, trump=trump)

    def trump(self, code: str) -> str:
        """A trump call (``S``/``H``/``D``/``C``, ``nt``, ``misere``, ``last-card``): ``♠ trump``, ``no trump``…"""
        if code in SUIT_LETTERS:
            return self.t("trump.suit", suit=self.suit(code))
        return self.t(f"trump.{code}")

    def move(self, move: Mapping[str, Any]) -> str:
        """A move (:func:`~kingcore.web.viewmodel.describe_move` data) for buttons and the call log."""
        kind = move["kind"]
        if kind == "card":
            return str(self.card(move["card"]))
        if kind == "bid":
            return self.t("move.bid", n=move["bid"])
        if kind == "trump":
            return self.trump(move["trump"])
        if kind == "contract":
            return self.t(f"contract.{move['contract']}")
        return self.t(f"move.{kind}")

    def contract_name(self, contract: Mapping[str, Any]) -> str:
        """The view model's contract by name, with its trump once called: ``Trumps — ♠ trump``."""
        name = self.t(f"contract.{contract['id']}")
        if contract.get("trump"):
            return self.t("contract.with_trump", contract=name, trump=self.trump(contract["trump"]))
        return name

    def scoring(self, scoring: Mapping[str, Any]) -> str:
        """What a contract scores (:func:`~kingcore.web.viewmodel.scoring` data): ``−2 per trick``."""
        sign = "+" if scoring["positive"] else "−"
        parts = []
        for p in scoring["parts"]:
            item = p["item"] if p["item"] != "boys" else f"boys.{scoring['boys']}"
            parts.append(self.t(f"score.{item}", sign=sign, value=p["value"]))
        text = self.t("list.sep").join(parts)
        if scoring["eralash"]:
            return self.t("score.eralash", parts=text)
        if scoring["auction"]:
            return self.t("score.auction", parts=text)
        return text

    def notes(self, codes: Iterable[str]) -> list[str]:
        """The special rules in force, in words."""
        return [self.t(f"rule.{c}") for c in codes]

    def contract_line(self, contract: Mapping[str, Any]) -> str:
        """Scoring and rules notes on one line: ``−2 per trick · no ♥ lead while you hold another suit``."""
        return " · ".join([self.scoring(contract["scoring"]), *self.notes(contract["notes"])])

    def sheet_note(self, note: Mapping[str, Any] | None, name: Any) -> str:
        """A score-sheet note (:func:`~kingcore.web.viewmodel.sheet_note` data); ``name(seat)`` names seats."""
        if not note:
            return ""
        bits = []
        if note["trump"]:
            trump = note["trump"]
            text = self.t("note.trump", suit=self.suit(trump)) if trump in SUIT_LETTERS else self.trump(trump)
            if note["shown"]:
                text = self.t("note.shown", trump=text, card=self.card(note["shown"]))
            bits.append(text)
        if note["bid"]:
            bits.append(self.t("note.bid", name=name(note["bid"]["seat"]), n=note["bid"]["tricks"]))
        elif note["caller"] is not None:
            bits.append(self.t("note.called", name=name(note["caller"])))
        if note["named_by"] is not None:
            bits.append(self.t("note.named", name=name(note["named_by"])))
        return self.t("list.sep").join(bits)


def pick_language(chosen: object, browser: Iterable[object] = ()) -> str:
    """The page's language: ``chosen`` (the preferences' ``lang``) when it is one of :data:`LANGUAGES`, else
    the first of the ``browser``'s languages (``navigator.languages``, BCP 47 tags, most wanted first) whose
    primary subtag :data:`BROWSER_LANGUAGES` knows, else English. Never raises (any values are ignored).

    >>> pick_language(None, ["de-DE", "uk-UA", "ru"]), pick_language("en", ["ru"]), pick_language(1, ["be"])
    ('uk', 'en', 'ru')
    """
    if isinstance(chosen, str) and chosen in LANGUAGES:
        return chosen
    for tag in browser:
        if isinstance(tag, str):
            lang = BROWSER_LANGUAGES.get(tag.split("-")[0].split("_")[0].strip().lower())
            if lang:
                return lang
    return "en"


def signed(n: int) -> str:
    """Points with a real minus sign and an explicit plus: ``−3``, ``0``, ``+5``."""
    return f"−{-n}" if n < 0 else (f"+{n}" if n > 0 else "0")

