"""The top bar (contract, its scoring and rules, the deal number), each seat's box (name, dealer chip,
level, tricks, points, running total, card backs) placed around the table for 2–6 seats, and the kitty."""

from __future__ import annotations

from kingcore.web import ViewModel

from ..dom import Attr, Node, h
from ..words import Catalog, name, position, pts
from .cards import face, who


def bar(vm: ViewModel, cat: Catalog) -> dict[str, str]:
    """The bar's texts: ``name``, ``trump`` (the called trump after the name, `` — ♥ trump``, or ""), ``rules``
    (scoring · notes), ``sign`` (``plus``/``minus``/""), ``deal``. The trump apart, so that the bar can shorten
    the name and keep the trump whole."""
    c = vm["contract"]
    whole = cat.contract_name(c) if c else ""
    title = cat.t(f"contract.{c['id']}") if c else ""
    trump = whole[len(title):] if c and c.get("trump") and whole.startswith(title) else ""
    return {"name": title if trump else whole, "trump": trump, "rules": cat.contract_line(c) if c else "",
            "sign": ("plus" if c["positive"] else "minus") if c else "",
            "deal": cat.t("bar.deal", deal=vm["deal"], deals=vm["deals"]) if vm["deal"] else ""}


def dealing(vm: ViewModel | None, left: int, due: int | None) -> int | None:
    """The deal a mental table's bar names instead of ``vm``'s, or ``None``: the page shows the last deal's result
    (``vm``), which its person already left (``left``: the last deal whose result they left) — shown again while
    the next deal is dealt again after an annulment, or until its cards are open —, and ``due`` (the deal in play
    or due next) is the one after it.

    >>> over = {"phase": "deal_over", "deal": 2}
    >>> dealing(over, 2, 3), dealing(over, 1, 3), dealing(over, 2, 2), dealing({"phase": "play", "deal": 3}, 2, 3)
    (3, None, None, None)
    """
    if vm is None or due is None or vm["phase"] != "deal_over" or vm["deal"] > left or due != vm["deal"] + 1:
        return None
    return due


def dealer_chip(cat: Catalog) -> Node:
    return h("span", {"class": "chip", "title": cat.t("seat.dealer"), "aria-label": cat.t("seat.dealer_aria")},
             cat.t("seat.dealer_chip"))


PRESENCE_DOTS = {"here": "●", "reconnecting": "◌", "away": "○", "free": "◇", "bot": "◆", "sitting": "●"}
"""Each presence's sign before its word in a seat's badge (the word says it too: never the colour alone)."""


def level_badge(vm: ViewModel, cat: Catalog, seat: int, level: str, presence: str | None) -> Node | None:
    """A seat's badge beside its name: the viewer's own seat at a table with friends online says "You" (a friend's
    page: never "Friend"; the host's page too); a person online (or the host, on a friend's page) says who is
    there — ``presence``, one of ``here``, ``reconnecting``, ``away``, ``free`` (no one took it yet) — with a sign
    and a word; a bot its level (a friend's stand-in bot carries ``data-presence=bot``): a stand-in bot (``level``
    ``stand_in``) its level too, the view model's ``stand_in``, after the sign ◆ (``data-bot``: that level) — every
    page of the table says the same; its title says it plays the seat until its player is back, or, a seat with no
    name (given away), that it holds the seat until someone takes it — but a friend back (or newly seated) while it
    finishes the deal (``presence`` ``sitting``) is said here ("● here ◆ Strong", its title: the bot finishes this
    deal, they play the next), and the viewer's own seat says "You" whoever plays it (its title: a bot plays for
    you); ``None`` for another person at this device (hot seat)."""
    bot = vm.get("stand_in")
    if presence == "sitting" and not (level == "stand_in" and bot is not None):
        presence = "here"  # (its stand-in not in this view model: the person is here)
    if seat == vm["seat"] and (level in ("online", "stand_in") or (level == "human" and "online" in vm["levels"])):
        you: dict[str, Attr] = {"class": "seat-level", "data-level": "you"}  # (the host's too; a bot: its title)
        if level == "stand_in" and bot is not None:
            mine = "level.long.stand_in_you_back" if presence == "sitting" else "level.long.stand_in_you"
            you = {**you, "data-bot": bot, "title": cat.t(mine, level=cat.t(f"level.{bot}"))}
        return h("span", you, cat.t("position.south"))
    if level == "stand_in" and bot is not None and presence == "sitting":  # back: a bot finishes the deal for them
        words = cat.t(f"level.{bot}")
        return h("span", {"class": "seat-level seat-presence", "data-level": level, "data-bot": bot,
                          "data-presence": presence, "title": cat.t("level.long.stand_in_back", level=words),
                          "data-short": f"{PRESENCE_DOTS['here']} {PRESENCE_DOTS['bot']} "
                                        f"{cat.t(f'level.short.{bot}')}"},
                 f"{PRESENCE_DOTS['here']} {cat.t('presence.short.here')} {PRESENCE_DOTS['bot']} {words}")
    if presence in ("here", "reconnecting", "away", "free"):
        dot = PRESENCE_DOTS[presence]
        return h("span", {"class": "seat-level seat-presence", "data-level": level, "data-presence": presence,
                          "title": cat.t(f"presence.long.{presence}"),
                          "data-short": f"{dot} {cat.t(f'presence.short.{presence}')}"},
                 f"{dot} {cat.t(f'presence.{presence}')}")
    if level == "human":
        return None
    if level == "stand_in" and bot is not None:
        sign, words = PRESENCE_DOTS["bot"], cat.t(f"level.{bot}")
        names = vm.get("names")  # (a seat given away has no name: no friend is coming back to it)
        held = "level.long.stand_in_free" if names is not None and not names[seat] else "level.long.stand_in_as"
        return h("span", {"class": "seat-level", "title": cat.t(held, level=words),
                          "data-short": f"{sign} {cat.t(f'level.short.{bot}')}", "data-level": level, "data-bot": bot,
                          "data-presence": presence}, f"{sign} {words}")
    return h("span", {"class": "seat-level", "title": cat.t(f"level.long.{level}"),
                      "data-short": cat.t(f"level.short.{level}"), "data-level": level,
                      "data-presence": presence}, cat.t(f"level.{level}"))


def seat_info(vm: ViewModel, cat: Catalog, seat: int, stand_ins: frozenset[int] = frozenset(),
              presence: str | None = None) -> list[Node]:
    """What a seat's box says: name (dealer chip, :func:`level_badge`), tricks and points this deal, running
    total. A friend online's seat a bot plays until the friend is back — in ``stand_ins`` (the host's page) or
    in the view model's ``stand_ins`` (every page, a friend's too) — is badged as that stand-in bot, not as the
    friend; ``presence``: who is there at a person's seat online (``data-presence``, docs/NET.md "Rooms")."""
    away = seat in stand_ins or seat in (vm.get("stand_ins") or ())
    level = "stand_in" if away and vm["levels"][seat] == "online" else vm["levels"][seat]
    points, total = vm["points"][seat], vm["sheet"]["totals"][seat]
    return [
        h("span", {"class": "seat-name"}, who(cat, seat, vm), vm["dealer"] == seat and dealer_chip(cat),
          level_badge(vm, cat, seat, level, presence)),
        h("span", {"class": "seat-stats"},
          h("span", {"title": cat.t("seat.tricks_title")}, cat.n("seat.tricks", vm["tricks"][seat])),
          h("span", {"class": "seat-points", "data-sign": "minus" if points < 0 else "plus",
                     "title": cat.t("seat.points_title")}, pts(points),
            h("span", {"class": "seat-points-unit"}, " ", cat.n("seat.points_unit", abs(points))))),
        h("span", {"class": "seat-total", "title": cat.t("seat.total_title")}, cat.t("seat.total", total=pts(total))),
    ]


def backs(vm: ViewModel, seat: int) -> list[Node]:
    """The backs of the cards another seat holds (none for the viewer's: those cards are the hand)."""
    if seat == vm["seat"]:
        return []
    return [h("span", {"class": "back", "style": f"--i:{i}"}) for i in range(vm["counts"][seat])]


SIDES = {"west": "left", "east": "right"}
"""The seats at the sides of the table; every other seat but mine sits along the top, left to right."""


def seat_box(vm: ViewModel, cat: Catalog, seat: int, stand_ins: frozenset[int] = frozenset(),
             presence: list[str | None] | None = None) -> Node:
    """Another seat's box: ``section.seat`` with ``data-seat``, ``data-pos`` (where it sits), ``is-turn``,
    ``is-dealer``, ``data-presence`` (a person online's: ``presence``, per seat), its :func:`seat_info` and
    :func:`backs` (``data-count``: the cards it holds)."""
    classes = " ".join(["seat", *(["is-turn"] if vm["to_move"] == seat else []),
                        *(["is-dealer"] if vm["dealer"] == seat else [])])
    here = presence[seat] if presence is not None and seat < len(presence) else None
    return h("section", {"class": classes, "data-seat": seat, "data-pos": position(seat, vm),
                         "aria-label": name(cat, seat, vm), "data-presence": here},
             h("div", {"class": "seat-info"}, seat_info(vm, cat, seat, stand_ins, here)),
             h("div", {"class": "backs", "aria-hidden": "true", "data-count": vm["counts"][seat]}, backs(vm, seat)))


def seats(vm: ViewModel, cat: Catalog, stand_ins: frozenset[int] = frozenset(),
          presence: list[str | None] | None = None) -> dict[str, list[Node]]:
    """The other seats' boxes by where they go: ``top`` (left to right), ``left``, ``right`` — clockwise
    from the viewer's left, as play goes (RULES.md §2); the viewer (``vm["seat"]``) is at the bottom;
    ``stand_ins``: friends' seats a bot plays now (:func:`seat_info`); ``presence``: who is there, per seat."""
    out: dict[str, list[Node]] = {"top": [], "left": [], "right": []}
    n = vm["players"]
    for k in range(1, n):
        seat = (vm["seat"] + k) % n
        out[SIDES.get(position(seat, vm), "top")].append(seat_box(vm, cat, seat, stand_ins, presence))
    return out


def kitty(vm: ViewModel, cat: Catalog) -> list[Node]:
    """The kitty face down (RULES.md §2: 3 players, 32 cards, two nobody plays) — face up once its deal is
    over (§11.18) — or nothing."""
    n = vm.get("kitty", 0)
    if not n:
        return []
    shown = vm.get("kitty_cards") or []
    if shown:
        return [h("span", {"class": "kitty-label"}, cat.t("table.kitty")),
                h("span", {"class": "kitty-cards", "role": "group", "aria-label": cat.t("table.kitty")},
                  [h("span", {"class": "card card--kitty", "data-kitty": c, "data-suit": c[-1], "role": "img",
                              "aria-label": cat.card_name(c)}, face(cat, c)) for c in shown])]
    return [h("span", {"class": "kitty-label"}, cat.t("table.kitty")),
            h("span", {"class": "backs", "aria-hidden": "true", "data-count": n},
              [h("span", {"class": "back", "style": f"--i:{i}"}) for i in range(n)])]
