"""The tables the page offers (RULES.md §2, §5, §7, §8, §10): the named rule sets, the "new game" dialog's
options for every table size (2–6 players, the four 3-player decks), and what a choice of options makes —
its rules text, the engine's own count of deals, the options that do not apply and why, or the engine's
refusal. Data and codes only (the page's catalog has the words: ``set.<name>``, ``off.<code>``).

>>> RULE_SETS["dos1993"]
Rules.parse('king(preset=dos1993,boys=kings_and_jacks,king_discard=never,order=chosen)')
>>> c = table_choice({"players": 3, "deck": "kitty", "preset": "three"})
>>> c["ok"], c["set"], c["deals"], c["hand_size"], c["kitty"], c["off"].get("deck")
(True, 'three_kitty', 14, 10, 2, None)
>>> table_choice({"preset": "three"})["message"]
'preset three is the 3-player scoring (RULES.md §5); choose players=3 or another preset'
"""

from __future__ import annotations

from typing import Any

from ..errors import RulesError
from ..game import Game
from ..rules import PRESET_VALUES, Rules, options_schema

RULE_SET_TEXTS: dict[str, str] = {
    "classic": "king()",
    "club": "king(preset=club)",
    "khvalyonki": "king(replay=trumps)",
    "auction": "king(replay=auction)",
    "ordered": "king(order=chosen)",
    "dos1993": "king(preset=dos1993,boys=kings_and_jacks,king_discard=never,order=chosen)",
    "ukrainian": "king(preset=ukrainian)",
    "three": "king(players=3,preset=three)",
    "three_kitty": "king(players=3,deck=kitty,preset=three)",
    "two": "king(players=2)",
    "five": "king(players=5)",
    "six": "king(players=6)",
}
"""The named rule sets, as rules texts (RULES.md §10), in the order the dialog offers them: *Classic*
(seeds 000–004, 14 deals), *Club* (seed 001's 5/10/40 scoring), *Khvalyonki* (the trump replay, §7),
*Auction* (§7), *Ordered King* (§8), *DOS 1993* (the 1993 DOS program «Кинг»: its scoring, kings and
jacks as boys, the King never forced, ordered naming — §5), *Ukrainian* (seed 003), *Three players*
(30 cards without the black sevens, the ``three`` scoring, seed 004), *Three with a kitty* (32 cards,
two face down, seed 004), *Two players*, *Five*, *Six* (seed 000: 8 cards each)."""

TABLE_SIZES: tuple[int, ...] = tuple(sorted(next(o["choices"] for o in options_schema() if o["name"] == "players")))
"""The numbers of players a table can have (RULES.md §2: the ``players`` option's choices), smallest first."""

RULE_SETS: dict[str, Rules] = {name: Rules.parse(text) for name, text in RULE_SET_TEXTS.items()}
"""The named rule sets as :class:`~kingcore.rules.Rules` values."""

THREE_DECKS = ("no_black_sevens", "no_black_aces", "kitty", "short")
"""The 3-player decks (RULES.md §2), the default first."""

MORE_VARIANTS = ("replay", "trump_rounds", "eralash_plus_after_trumps", "trump_trick_value", "misere_allowed",
                 "must_trump", "order")
"""The options the dialog shows under "More variants" (RULES.md §7, §8)."""


def rule_set_name(rules: Rules) -> str | None:
    """The name of the rule set ``rules`` is, or ``None`` (a custom choice)."""
    return next((name for name, r in RULE_SETS.items() if r == rules), None)


def new_game_options() -> list[dict[str, Any]]:
    """The options of the page's "new game" dialog, every table size: ``{"name", "section", "default",
    "choices", "kind"}`` for each option of :func:`~kingcore.rules.options_schema`, ``kind`` ``choice``,
    ``bool``, ``order`` (the deal order) or ``number`` (``trump_trick_value``: empty for automatic, else
    1..1000); ``deck`` offers the four 3-player decks; ``preset`` has ``values`` (the points each preset
    gives: trick, heart, boy, girl, K♥, last two); ``more`` says it belongs under "More variants". Labels
    are catalog codes (``option.<name>``, ``choice.<name>.<value>``), not part of this data.

    >>> [o["name"] for o in new_game_options()][:4]
    ['players', 'deck', 'first_dealer', 'deal_by']
    >>> next(o for o in new_game_options() if o["name"] == "preset")["choices"]
    ['classic', 'club', 'ukrainian', 'three', 'dos1993']
    """
    out = []
    for opt in options_schema():
        name = opt["name"]
        entry: dict[str, Any] = {"name": name, "section": opt["section"], "default": opt["default"],
                                 "more": name in MORE_VARIANTS}
        if name == "deal_order":
            out.append({**entry, "kind": "order", "choices": str(opt["default"]).split(",")})
        elif name == "trump_trick_value":
            out.append({**entry, "kind": "number", "choices": []})
        elif name == "deck":
            out.append({**entry, "kind": "choice", "default": THREE_DECKS[0], "choices": list(THREE_DECKS)})
        else:
            choices = list(opt["choices"])
            if name == "players":
                choices.sort()
            kind = "bool" if all(isinstance(c, bool) for c in choices) else "choice"
            if name == "preset":
                entry["values"] = {c: list(PRESET_VALUES[c]) for c in choices}
            out.append({**entry, "kind": kind, "choices": choices})
    return out


def off_options(options: dict[str, Any]) -> dict[str, str]:
    """The options that do not apply to a choice (by RULES.md §10 name), each with the reason's code:
    ``three_only`` (the deck: 3 players), ``trump_replay`` (trump and auction options with the mirror
    replay), ``khvalyonka_only`` (misère: the trump replay), ``no_eralash`` (Eralash + after the trump deals,
    without Eralash), ``mirror_only`` (hearts must go: only the mirror replay has *take hearts*).
    ``options`` are the dialog's values (JSON, possibly an invalid combination)."""
    players = options.get("players", 4)
    replay = options.get("replay", "mirror")
    off: dict[str, str] = {}
    if players != 3:
        off["deck"] = "three_only"
    if replay not in ("trumps", "auction"):
        for name in ("trump_rounds", "eralash_plus_after_trumps", "trump_trick_value", "must_trump"):
            off[name] = "trump_replay"
    elif options.get("eralash", True) is False:
        off["eralash_plus_after_trumps"] = "no_eralash"
    if replay != "trumps":
        off["misere_allowed"] = "khvalyonka_only"
    if replay != "mirror":
        off["hearts_must_go"] = "mirror_only"
    return off


def applied(options: dict[str, Any]) -> dict[str, Any]:
    """``options`` without those that do not apply (:func:`off_options`) — what the dialog deals with."""
    off = off_options(options)
    return {k: v for k, v in options.items() if k not in off}


def table_choice(options: dict[str, Any]) -> dict[str, Any]:
    """What the dialog's options make (those that do not apply are left out first): ``{"ok", "message",
    "rules", "set", "players", "deals", "hand_size", "kitty", "deck_size", "trick_value", "off"}`` —
    ``message`` the engine's refusal (``ok`` false; the other numbers ``None``), ``rules`` the rules
    text, ``set`` the rule set's name or ``None`` (custom), ``deals`` the engine's count of deals in the
    rubber, ``trick_value`` the points of a trick in trump deals (``None`` without a trump replay), ``off``
    :func:`off_options`."""
    off = off_options(options)
    out: dict[str, Any] = {"ok": False, "message": None, "rules": None, "set": None,
                           "players": options.get("players", 4), "deals": None, "hand_size": None, "kitty": None,
                           "deck_size": None, "trick_value": None, "off": off}
    try:
        rules = Rules.from_dict(applied(options))
    except (RulesError, TypeError, ValueError) as e:
        out["message"] = str(e)
        return out
    game = Game(rules)
    out.update(ok=True, rules=str(rules), set=rule_set_name(rules), players=rules.players,
               deals=game.total_deals, hand_size=rules.hand_size, kitty=rules.kitty_size,
               deck_size=rules.deck_size, trick_value=game.trick_value if rules.replay != "mirror" else None)
    return out
