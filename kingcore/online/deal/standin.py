"""A page's stand-in world: the page's :class:`~kingcore.web.Session` kept over a deal that agrees with
everything the page knows and nothing it does not (docs/NET.md "Stand-in worlds").

Under mental poker (:mod:`.mental`) no page holds every hand, but the page's renderers, view models, bots,
hints and saves are the engine's and want a :class:`~kingcore.game.Game` with every hand. A page therefore
keeps its session over a *stand-in* deal:

- its own seats' real cards (a friend's page: its seat; the host's page: its own seat and its bots'), in the
  order dealt;
- every other seat's unplayed cards, and the kitty, sampled consistently with everything public — the cards
  played and the voids they prove (RULES.md §4, §7: :func:`kingcore.bots.knowledge.knowledge`, conditioned on
  every hand the page holds with :func:`~kingcore.bots.knowledge.condition`), the caller's last card once
  shown, the kitty once opened (§11.19) — and the cards each seat played where they were played, so every
  public move replays legally.

Every public move of the deal in play (a call, a card) is applied with the session's own
:meth:`~kingcore.web.Session.apply`. A card played that the stand-in put in another hand, a last card or a
kitty that is not the stand-in's, or the page's own cards opened after a khvalyonka call (§7) make the page
sample a new stand-in consistent with the new facts and replay the deal's moves on it (at most 84: a few
milliseconds, docs/PERF.md). When no deal fits what was shown — a card played against the rules in public,
such as a suit shown void and then led — it says so (``no_world``) and keeps the last consistent table; the
audit names the renege. At the audit the stand-in is replaced by the audited game
(:attr:`.mental.MentalPage.game`): the score sheet, the record and the save are the engine's real game.

What it holds: the stand-in's cards of another page's seats are a function of the public facts the page saw
(in the order it saw them), its own seats' cards and its own random source — never of another page's hidden
cards, which the page does not hold (:meth:`.mental.MentalPage.known_cards`); a stand-in holds another
person's real unplayed card only where the sampler happened to put it there.

While the page knows a move that no stand-in can show yet — its own cards are still being opened after a
khvalyonka call, the caller's last card is not shown yet, the kitty is being opened for the early end, or the
deal ended with the kitty still closed — the session stays at the moment before it (:attr:`StandIn.behind`),
and the page offers no move meanwhile (:meth:`kingcore.online.Guest.closed_view`). The stand-in's cards nobody
showed the page are its deal's :attr:`~kingcore.game.DealInfo.unseen` ones, as a record's hidden cards dealt
anew are (:mod:`kingcore.hidden`): a replay of the page's game shows their backs.
"""

from __future__ import annotations

import dataclasses
import random
from collections.abc import Callable

from ...bots.knowledge import condition, knowledge, sample_hands
from ...cards import Card, iter_bits
from ...errors import IllegalMoveError, KingError
from ...game import Game, Phase
from ...moves import Move
from ...web import Session
from .blind import BlindDeal, fork
from .mental import Event, MentalPage

TRIES = 8
"""Stand-ins sampled for one set of facts before the page gives up: the sampler deals consistently with every
void the play proves, so the first one replays; the others guard an inference the sampler might lack."""


class StandIn:
    """A page's session over a stand-in world of the deal in play.

    Args:
        session: the page's session: the host's page's own (the one its save keeps), or a friend's page's,
            made from the host's welcome. Its :attr:`~kingcore.web.Session.game` is replaced as the deal goes on.
        randbytes: the page's random source (the sampler's seed; ``secrets.token_bytes`` in the page).

    Attributes:
        behind: the page knows a move the stand-in cannot show yet (the module docstring).
        broken: no deal fits what was shown in this deal (a renege in public): the session stays where it was.
        applied: how many of the deal's moves (calls, then cards) the session shows.
        samples: how many stand-ins were sampled (for the bench).
    """

    def __init__(self, session: Session, randbytes: Callable[[int], bytes]) -> None:
        self.session = session
        self.rng = random.Random(int.from_bytes(randbytes(16), "big"))
        self.behind = False
        self.broken = False
        self.applied = 0
        self.samples = 0
        self._blind: BlindDeal | None = None
        self._hands: list[int] = []  # the stand-in: each seat's dealt cards (a mask); [] before it is dealt
        self._order: list[list[int]] = []  # each seat's cards in the order dealt, then the kitty's
        self._source: tuple[int, int, Phase, int] | None = None  # the audited game the session shows a fork of
        self._nth: list[int] = []  # each dealt position's place in its seat's hand

    # ----- what the page asks -----------------------------------------------------------------------------

    @property
    def dealt(self) -> bool:
        """Whether the session shows a stand-in of the deal in play (else the audited game)."""
        return bool(self._hands)

    def hands(self) -> list[int]:
        """The stand-in's cards per seat (masks, as dealt; ``[]`` while the session shows the audited game)."""
        return list(self._hands)

    def sync(self, page: MentalPage) -> list[Event]:
        """Bring the session up to what ``page`` knows now (call after each of its ``receive``, ``move``,
        ``tick``, ``start``): :meth:`follow` of its audited game and the deal in play."""
        r = page.round
        playing = r is not None and r.draw < 0 and r.state not in ("done", "annulled")
        return self.follow(page.game, page.deal if playing else None)

    def follow(self, game: Game, deal: BlindDeal | None) -> list[Event]:
        """Bring the session up to ``game`` (the page's audited game: every deal finished and audited) and
        ``deal`` (the deal in play, ``None`` between deals): a ``no_world`` event when no stand-in fits. A deal
        annulled (``None``, or another try's deal) takes its stand-in with it: the session shows the audited game
        until the new try's cards are open, never the annulled deal's turn."""
        if deal is not self._blind and self._hands:  # the stand-in of a deal gone (annulled, or over)
            self._source = None  # the session shows the audited game again, not that deal's last moment
        if deal is None:
            self._blind, self._hands, self._order, self.applied, self.broken = None, [], [], 0, False
            self._show_audited(game)
            return []
        if deal is not self._blind:
            self._blind, self._hands, self._order, self.applied, self.broken = deal, [], [], 0, False
            self._nth = [deal.seats[:pos].count(seat) for pos, seat in enumerate(deal.seats)]
            self._show_audited(game)
        if self.broken:
            return []
        moves = _moves(deal)
        upto = self._applicable(deal, len(moves))
        self.behind = upto is None or upto < len(moves)
        if upto is None:
            return []
        if not self._hands or upto < self.applied or not self._fits(deal):
            return self._sample(game, deal, moves[:upto])
        for seat, move in moves[self.applied:upto]:
            if move.card is not None and not self._hands[seat] >> move.card.index & 1:
                return self._sample(game, deal, moves[:upto])  # a card the stand-in put elsewhere
            if not self.session.apply(str(move), seat, viewer=min(deal.mine))["ok"]:
                return self._sample(game, deal, moves[:upto])  # a void the stand-in did not know of
            self.applied += 1
        self._mark(deal)
        return []

    # ----- internals --------------------------------------------------------------------------------------

    def _show_audited(self, game: Game) -> None:
        """The session shows (a fork of) the audited game, made again only when it changed."""
        self.behind = False
        source = (id(game), len(game.deals), game.phase, len(game.sheet.rows))
        if source != self._source:
            self._source = source
            self.session.game = fork(game)
            self.session.follow_turn()

    def _applicable(self, d: BlindDeal, moves: int) -> int | None:
        """How many of the deal's ``moves`` a stand-in can show now, or ``None`` when it cannot even be dealt
        (the page's own cards are not open yet)."""
        own = [p for p in range(d.dealt()) if d.seats[p] in d.mine]
        if any(p not in d.cards for p in own):  # own cards still being opened (the deal, or after the call)
            return self.applied if self._hands else None
        if d.last_card_called and d.play_deal is None:
            return moves - 1  # the call "by the last card" waits for its card
        if d.need_kitty or (d.over and not d.kitty_known):  # the early end or the result need the kitty
            return moves - 1 if moves else None
        return moves

    def _fits(self, d: BlindDeal) -> bool:
        """Whether the stand-in agrees with every card the page knows by position: its own, the shown last card,
        the kitty once open (the cards played are checked as they are applied)."""
        players = d.players
        for pos, card in d.cards.items():
            seat = d.seat_of(pos)
            if seat is None:
                if d.kitty_known and self._order[players][pos - len(d.seats)] != card:
                    return False
            elif (seat in d.mine or pos == d.shown) and self._order[seat][self._nth[pos]] != card:
                return False
        return True

    def _sample(self, game: Game, d: BlindDeal, moves: list[tuple[int, Move]]) -> list[Event]:
        """A new stand-in consistent with everything the page knows, the deal dealt to a fork of ``game`` and
        ``moves`` replayed on it; a ``no_world`` event (the session unchanged) when none fits."""
        me = min(d.mine)
        view = d.view(me)
        if view.phase is Phase.DEAL_OVER:  # the same public facts as the moment before the deal's last card
            view = dataclasses.replace(view, phase=Phase.PLAY)
        kitty = None
        if d.kitty_known:
            kitty = 0
            for pos in d.kitty_positions():
                kitty |= 1 << d.cards[pos]
        k = condition(knowledge(view), {s: d.hand(s) for s in d.mine}, kitty)
        played = [0] * d.players
        for seat, card in d.plays:
            played[seat] |= card.mask
        for _ in range(TRIES):
            try:
                current = sample_hands(k, self.rng)
            except ValueError:
                break
            self.samples += 1
            hands = [current[s] | played[s] for s in range(d.players)]
            order = self._deal_order(d, hands)
            g = fork(game)
            try:
                g.deal_cards([[Card.from_index(c) for c in cards] for cards in order[:-1]],
                             [Card.from_index(c) for c in order[-1]])
                for seat, move in moves:
                    g.play(move, seat)
            except (IllegalMoveError, KingError):
                continue
            self._hands, self._order, self.applied = hands, order, len(moves)
            self.session.game = g
            self.session.follow_turn()
            self._mark(d)
            return []
        self.broken = self.behind = True
        words = (f"deal {d.number}: no deal of the hidden cards fits the cards shown — a card was played against "
                 "the rules; the audit names it")
        return [Event("no_world", d.number, words)]

    def _mark(self, d: BlindDeal) -> None:
        """The stand-in's cards nobody showed this page are its deal's :attr:`~kingcore.game.DealInfo.unseen`
        ones (a replay shows their backs), as :func:`kingcore.hidden.unseen_by` counts them: the unplayed cards
        of the seats it does not hold but the last card shown, and the kitty until it is opened."""
        unseen = 0
        for seat, cards in enumerate(self._hands):
            if seat not in d.mine:
                unseen |= cards
        if not d.kitty_known:
            for c in self._order[-1]:
                unseen |= 1 << c
        for _, card in d.plays:
            unseen &= ~card.mask
        if d.shown is not None:
            unseen &= ~(1 << d.cards[d.shown])
        self.session.game.deals[d.number - 1].unseen = unseen

    @staticmethod
    def _deal_order(d: BlindDeal, hands: list[int]) -> list[list[int]]:
        """Each seat's cards in the order dealt, then the kitty's: a position the page knows gets its card, the
        others the seat's remaining stand-in cards, lowest first."""
        dealt = 0
        for h in hands:
            dealt |= h
        known = set(d.cards.values())
        pools = [[c for c in iter_bits(h) if c not in known] for h in hands]
        pools.append([c for c in iter_bits(d.rules.deck_mask & ~dealt) if c not in known])
        order: list[list[int]] = [[] for _ in range(d.players + 1)]
        for pos in range(d.size):
            seat = d.seat_of(pos)
            slot = d.players if seat is None else seat
            card = d.cards.get(pos)
            order[slot].append(card if card is not None else pools[slot].pop(0))
        return order


def _moves(d: BlindDeal) -> list[tuple[int, Move]]:
    """The deal's public moves in order: every call, then every card (King has no call after the first card)."""
    return [*d.calls, *((seat, Move.play(card)) for seat, card in d.plays)]
