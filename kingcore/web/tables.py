"""The tables the page offers (RULES.md §2, §5, §7, §8, §10): the named rule sets, the "new game" dialog's
options for every table size (2–6 players, the four 3-player decks), and what a choice of options makes —
its rules text, the engine's own count of deals, the options that do not apply and why, or the engine's
refusal. Data and codes only (the page's catalog has the words: ``set.<name>``, ``off.<code>``).

>>> RULE_SETS["dos1993"]
Rules.parse('king(preset=dos1993,boys=kings_and_jacks,king_discard=never,order=chosen)')
>>> c = table_choice({"players": 3, "deck": "kitty", "preset": "three"})
>>> c["ok"], c["set"], c["deals"], c["hand_size"], c["kitty"], c["off"].get("deck")
(True, 'three_kitty', 14, 10, 2, None)
>>> table_choice({"preset": "three"})["refusal"]
'preset_three'
>>> rules_summary("king(players=3,deck=kitty,preset=three)")
{'set': 'three_kitty', 'base': 'three_kitty', 'changes': []}
>>> rules_summary("king(preset=club,boys=kings)")
{'set': None, 'base': 'club', 'changes': [['boys', 'kings']]}
"""

from __future__ import annotations

from functools import lru_cache
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


@lru_cache(maxsize=32)
def _summary(text: str) -> tuple[str | None, str, tuple[tuple[str, Any], ...]]:
    rules = Rules.parse(text)
    mine = applied(rules.to_dict())  # the options the rules leave unused say nothing

    def changed(name: str) -> list[str]:
        theirs = RULE_SETS[name].to_dict()
        return [k for k, v in mine.items() if v != theirs[k]]

    order = list(RULE_SETS)
    base = min(order, key=lambda n: (RULE_SETS[n].players != rules.players, len(changed(n)), order.index(n)))
    changes = tuple((k, tuple(mine[k].split(",")) if k == "deal_order" else mine[k]) for k in changed(base))
    return rule_set_name(rules) or (None if changes else base), base, changes


def rules_summary(rules: Rules | str) -> dict[str, Any]:
    """A game's rules as a player is told them (never as the rules text, RULES.md §10): ``{"set", "base",
    "changes"}`` — ``set`` the named rule set they are (:data:`RULE_SETS`) or ``None`` (custom); ``base`` the
    named set they are, or the nearest one (the same number of players first, then the fewest options
    changed, then the dialog's order; rules that differ from a set only in options they do not use are
    that set); ``changes`` the options that differ from ``base``, in the order of
    RULES.md §10, each ``[name, value]`` (JSON: ``deal_order`` a list of contract ids,
    ``trump_trick_value`` a number or ``"automatic"``), those that do not apply to these rules left out.
    The page's words: ``set.<name>``, ``option.<name>``, ``choice.<name>.<value>``.

    Raises:
        RulesError: a rules text that does not parse.
    """
    name, base, changes = _summary(str(rules))
    return {"set": name, "base": base,
            "changes": [[k, list(v) if isinstance(v, tuple) else v] for k, v in changes]}


def replay_of(rules: Rules | str) -> str:
    """The replay a game's rules play (RULES.md §7: ``mirror``, ``trumps`` or ``auction``) — what the page may
    say of the positive half: only a mirror replay repeats the deal order and makes the rubber sum to 0.

    >>> replay_of("king()"), replay_of("king(replay=trumps,deal_order=hearts,tricks,boys,girls,king,last_two)")
    ('mirror', 'trumps')

    Raises:
        RulesError: a rules text that does not parse.
    """
    return (rules if isinstance(rules, Rules) else Rules.parse(str(rules))).replay


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


REFUSALS = ("preset_three", "ordered_auction", "trick_value")
"""The combinations of the dialog's options the engine refuses (RULES.md §5, §8, §7), by code: the ``three``
scoring without 3 players, ordered King with the auction, a trick value that is not a whole number 1..1000.
The page's words: ``refusal.<code>``."""


def refusal(options: dict[str, Any]) -> str | None:
    """Which of :data:`REFUSALS` a choice of options (the dialog's, JSON) makes, or ``None``."""
    opts = applied(options)
    tv = opts.get("trump_trick_value", "automatic")
    if opts.get("preset") == "three" and opts.get("players", 4) != 3:
        return "preset_three"
    if opts.get("order") == "chosen" and opts.get("replay") == "auction":
        return "ordered_auction"
    if tv != "automatic" and not (type(tv) is int and 0 < tv <= 1000):
        return "trick_value"
    return None


def table_choice(options: dict[str, Any]) -> dict[str, Any]:
    """What the dialog's options make (those that do not apply are left out first): ``{"ok", "message",
    "refusal", "rules", "set", "players", "deals", "hand_size", "kitty", "deck_size", "trick_value", "replay",
    "off"}`` —
    ``message`` the engine's refusal (``ok`` false; the other numbers ``None``) and ``refusal`` its code
    (:func:`refusal`: the page's words; ``None`` for a refusal it does not name), ``rules`` the rules
    text, ``set`` the rule set's name or ``None`` (custom), ``deals`` the engine's count of deals in the
    rubber, ``trick_value`` the points of a trick in trump deals (``None`` without a trump replay), ``off``
    :func:`off_options`, ``replay`` the replay chosen (RULES.md §7; ``mirror`` unless another is)."""
    off = off_options(options)
    out: dict[str, Any] = {"ok": False, "message": None, "refusal": None, "rules": None, "set": None,
                           "players": options.get("players", 4), "deals": None, "hand_size": None, "kitty": None,
                           "deck_size": None, "trick_value": None, "off": off,
                           "replay": options.get("replay", "mirror")}
    try:
        rules = Rules.from_dict(applied(options))
    except (RulesError, TypeError, ValueError) as e:
        out.update(message=str(e), refusal=refusal(options))
        return out
    game = Game(rules)
    out.update(ok=True, rules=str(rules), set=rule_set_name(rules), players=rules.players,
               deals=game.total_deals, hand_size=rules.hand_size, kitty=rules.kitty_size,
               deck_size=rules.deck_size, trick_value=game.trick_value if rules.replay != "mirror" else None,
               replay=rules.replay)
    return out
