"""The cards of a deal in progress that one seat has not seen, and dealing such cards anew (RULES.md §4: a
seat sees its own hand and the cards played, nothing else).

A game record written for one seat in the middle of a deal (:func:`kingcore.notation.dumps` with
``seat``) shows that deal as the seat saw it: every card it has not seen (:func:`unseen_by`: the other
seats' unplayed cards, the kitty, and while a caller calls after three cards its own cards still to come)
is written ``?``. A reader cannot replay such a deal without cards in those places, so it deals them at
random (:func:`imagine`) — consistently with everything the record shows: the cards given, every card
played (a seat that did not follow suit gets none of that suit, …), the calls, and a deal that must still
be in progress at the record's end. The cards so dealt say nothing of the real ones (the record does not
hold them), and the deal marks them (:attr:`kingcore.game.DealInfo.unseen`) so that a viewer shows their
backs.

>>> import random
>>> from kingcore import Game, Rules
>>> g = Game(Rules()); g.set_first_dealer(3); g.deal(random.Random(7))
>>> g.play(g.legal_moves()[0])                 # seat 0 leads
>>> [bin(unseen_by(g, 0) & g.current.hand_mask(s)).count("1") for s in range(4)]   # seat 0's view
[0, 8, 8, 8]
"""

from __future__ import annotations

import copy
import random
from collections.abc import Callable, Sequence

from .cards import Card, iter_bits
from .errors import DealError, IllegalMoveError, NotationError, Reason
from .game import Game, Phase

HIDDEN = "?"
"""How a game record writes a card its seat has not seen."""

IN_PROGRESS = (Phase.CHOOSE_CONTRACT, Phase.AUCTION, Phase.CALL_TRUMP, Phase.PLAY)
"""The phases of a deal in progress: its cards are dealt and it is not over."""

HAND_RULES = (Reason.MUST_FOLLOW_SUIT, Reason.HEARTS_LEAD, Reason.KING_MUST_GO, Reason.MUST_PLAY_HEART,
              Reason.MUST_TRUMP)
"""The reasons a card is refused because of the other cards in the hand (RULES.md §4, §7)."""


def unseen_by(game: Game, seat: int) -> int:
    """The cards of the deal in progress that ``seat`` has not seen (a mask): the other seats' cards not
    yet played (the card shown by a trump call "by the last card" excepted), the kitty, and while a
    caller calls after three cards (RULES.md §7) its own cards still to come. 0 when no deal is in
    progress (none yet, or it is over: then every card may be shown).

    Raises:
        RulesError: not a seat of the game.
    """
    seen = 0
    for c in game.visible_hand(seat):
        seen |= c.mask
    d = game.current
    if d is None or game.phase not in IN_PROGRESS:
        return 0
    for _, c in d.plays:
        seen |= c.mask
    if d.shown is not None:
        seen |= d.shown.mask
    dealt = 0
    for s in range(game.rules.players):
        dealt |= d.hand_mask(s)
    for c in d.kitty:
        dealt |= c.mask
    return dealt & ~seen


def withheld(game: Game, seat: int) -> int:
    """The cards of the deal in progress a record written for ``seat`` shows as ``?`` (a mask): those it
    has not seen (:func:`unseen_by`) and the other seats' cards already played — shown in their tricks,
    not in their hands, where their places would tell in what order that seat received them. 0 when no
    deal is in progress.

    Raises:
        RulesError: not a seat of the game.
    """
    hide = unseen_by(game, seat)
    d = game.current
    if hide and d is not None:
        for s, c in d.plays:
            if s != seat and c != d.shown:
                hide |= c.mask
    return hide


def _match(cards: list[int], owners: list[int], allowed: Callable[[int, int], bool]) -> list[int] | None:
    """An owner for each card (``owners``: one entry per free place, the owner's number), each place
    taken once and each card where ``allowed(card, owner)``; ``None`` when there is none (Kuhn's
    augmenting paths over the places)."""
    taken: list[int] = [-1] * len(owners)  # the card (index into cards) in each place

    def place(i: int, tried: set[int]) -> bool:
        for p, owner in enumerate(owners):
            if p in tried or not allowed(cards[i], owner):
                continue
            tried.add(p)
            if taken[p] < 0 or place(taken[p], tried):
                taken[p] = i
                return True
        return False

    for i in range(len(cards)):
        if not place(i, set()):
            return None
    out = [0] * len(cards)
    for p, i in enumerate(taken):
        out[i] = owners[p]
    return out


def imagine(game: Game, hands: Sequence[Sequence[Card | None]], kitty: Sequence[Card | None],
            played: dict[int, list[Card]], replay: Callable[[Game], None],
            rng: random.Random) -> tuple[list[list[Card]], list[Card], int]:
    """Cards for a deal's hidden places (``None`` in ``hands``, each seat's in the order received, and in
    ``kitty``): the cards each seat played (``played``, by seat) that are not given go to that seat's
    places, the deck's other cards at random; ``game`` waits for this deal. ``replay(g)`` plays the deal's
    calls and cards on a copy ``g`` of ``game`` once it is dealt (raising the
    :class:`~kingcore.errors.IllegalMoveError` of a refused move, or a
    :class:`~kingcore.errors.NotationError` carrying it): each card refused because of the cards dealt to
    that seat (it held a card of the suit led, …) rules those cards out of that seat, each early end before
    the record's last card rules the kitty's scoring cards out of the kitty (RULES.md §4), and the cards
    are dealt again. Returns the hands, the kitty and the cards dealt at random (a mask). A deal whose
    moves fail for another reason is returned as it is: the caller's replay says what is wrong.

    Raises:
        DealError: the places cannot hold the cards left (too few or too many), a seat played more cards
            than it has places, or no deal of the cards left agrees with the cards played.
    """
    n = len(hands)
    given = 0
    for cards in [*hands, kitty]:
        for c in cards:
            if c is not None:
                given |= c.mask
    fill: list[list[Card]] = [[] for _ in range(n + 1)]  # the kitty is owner n
    for seat, cards in played.items():
        fill[seat] = [c for c in cards if not given & c.mask]
        if len(fill[seat]) > sum(c is None for c in hands[seat]):
            raise DealError(f"seat {seat} plays more cards than its hand in the record holds")
        for c in fill[seat]:
            given |= c.mask
    places = [*(sum(c is None for c in h) for h in hands), sum(c is None for c in kitty)]
    free = [places[o] - len(fill[o]) for o in range(n + 1)]
    pool = [Card.from_index(i) for i in iter_bits(game.rules.deck_mask & ~given)]
    if len(pool) != sum(free):
        raise DealError(f"the record hides {sum(free)} cards, but {len(pool)} cards of the deck are not in it")
    ruled_out = [0] * (n + 1)
    while True:
        rng.shuffle(pool)
        owners = [o for o in range(n + 1) for _ in range(free[o])]
        rng.shuffle(owners)
        chosen = _match([c.index for c in pool], owners, lambda c, o: not ruled_out[o] >> c & 1)
        if chosen is None:
            raise DealError("no deal of the hidden cards agrees with the cards played")
        got = [list(fill[o]) for o in range(n + 1)]
        for c, o in zip(pool, chosen, strict=True):
            got[o].append(c)
        for o in range(n + 1):
            rng.shuffle(got[o])
        out = [[c if c is not None else got[s].pop() for c in h] for s, h in enumerate(hands)]
        out_kitty = [c if c is not None else got[n].pop() for c in kitty]
        imagined = 0
        for c in pool:
            imagined |= c.mask
        where = {c.index: o for c, o in zip(pool, chosen, strict=True)}
        newly = _ruled_out(game, out, out_kitty, replay, where, n)
        if newly is None:
            return out, out_kitty, imagined
        owner, mask = newly
        if not mask & ~ruled_out[owner]:
            return out, out_kitty, imagined
        ruled_out[owner] |= mask


def _ruled_out(game: Game, hands: list[list[Card]], kitty: list[Card], replay: Callable[[Game], None],
               where: dict[int, int], n: int) -> tuple[int, int] | None:
    """Deal ``hands`` and ``kitty`` on a copy of ``game`` and replay the record's moves: ``None`` when they
    all pass (or fail for a reason the cards dealt at random cannot cause), else ``(owner, cards)``: the
    random cards (``where``: card index → owner) that made a move fail, which that owner cannot hold."""
    g = copy.deepcopy(game)
    g.deal_cards(hands, kitty)
    try:
        replay(g)
    except (IllegalMoveError, NotationError) as e:
        illegal = e if isinstance(e, IllegalMoveError) else e.illegal
        if illegal is None:
            return None
        if illegal.reason is Reason.DEAL_OVER:
            return _kitty_scoring(g, where, n)
        seat = g.to_move
        if illegal.reason not in HAND_RULES or seat is None:
            return None
        mask = 0
        for m in g.legal_moves():  # the cards the seat had to play instead: it held none of them
            if m.card is not None and where.get(m.card.index) == seat:
                mask |= m.card.mask
        return seat, mask
    if g.phase not in IN_PROGRESS:  # over at the record's end: the record shows a deal in progress
        return _kitty_scoring(g, where, n)
    return None


def _kitty_scoring(g: Game, where: dict[int, int], n: int) -> tuple[int, int] | None:
    """The random kitty's cards that can still score (an early end came because the kitty held every one)."""
    p = g.position
    live = p.deal.scoring.live if p is not None else None
    if live is None:
        return None
    return n, sum(1 << c for c, o in where.items() if o == n and live >> c & 1)


__all__ = ["HIDDEN", "IN_PROGRESS", "imagine", "unseen_by", "withheld"]
