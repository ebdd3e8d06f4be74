"""The host's side of friends online (docs/NET.md): :class:`Host` wraps the host page's
:class:`~kingcore.web.Session` and shares it with the friends at its online seats, through the messages of
:mod:`.messages`, and makes each deal fair by the commit–reveal round of :mod:`.deal.commit`.

Sans-I/O: the page moves the texts over a WebRTC data channel and passes the clock in; every method answers
what to send. Authority: the host's page owns the session, the save and the bots. A guest's page holds only
its seat's view model (:meth:`Session.view_model` of that seat, what a hot-seat player there sees) and sends
intents; another seat's cards are never in a message to a guest before the deal is over, then the deal's
secrets, seed and game record are shared for each guest to check (:mod:`.guest`).

An ``Out`` is ``(seat, text)``: send ``text`` to the guest at ``seat``; ``(seat, None)``: close that guest's
connection. :class:`Host` methods never raise on a guest's text: a bad message is answered by a
``refused`` message and changes nothing (the session's :meth:`~kingcore.web.Session.to_save` is as before).

Connections are not the host's: :class:`.lobby.Lobby` stands in front of it, takes each new connection from
its lobby to a seat (:meth:`Host.join`) and passes on what the seated friends send.

Size: over 400 lines because the host's side — joins, intents, the flood limit, the stand-in bots, the views
sent on change, the record at a deal's end and the fair-deal round with its clock — is one state machine over
one session, read best in one place.
"""

from __future__ import annotations

import json
import random
import time
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from ..game import Game, Phase
from ..rules import Rules
from ..web import HUMAN, ONLINE, Session, person_seats, stand_in_level
from ..web.holders import taken
from .deal.commit import commitment, deal_seed, seed_hex
from .messages import FLOOD_LIMIT, MAX_MESSAGE, Inbox, NetError, encode

__all__ = ["FAIR_TIMEOUT_S", "Host", "Out", "online_session"]

Out = tuple[int, str | None]
"""What the host's page sends: ``(seat, text)``, or ``(seat, None)`` to close that guest's connection."""

FAIR_TIMEOUT_S = 10.0
"""Seconds a guest has to send its commitment, then its secret, before it counts as away for that deal."""

_DONE = (Phase.DEAL_OVER, Phase.RUBBER_OVER)


def online_session(options: dict[str, Any], settings: dict[str, Any], rng: random.Random) -> Session:
    """A new rubber with friends online, before the draw for dealer: like
    :meth:`~kingcore.web.Session.new_game` (the bots' seed and the table's id from ``rng``) but not dealt —
    the first deal (and the draw) comes from the fair-deal round (:meth:`Host.start_deal`).

    Raises:
        RulesError: bad rules or settings.
    """
    s = dict(settings)
    s.setdefault("seed", int(rng.random() * 2**31))
    session = Session(Game(Rules.from_dict(options)), s, 0, f"{int(rng.random() * 2**48):012x}")
    people = person_seats(session.settings["levels"])
    if len(people) >= 2:
        session.settings.update(viewer=people[0], covered=True)
    return session


@dataclass
class _Guest:
    """The host's bookkeeping of one connected guest: its texts read (``inbox``), the counter and text of
    the last view sent, whether it said ``next``, the deals whose record it has."""

    inbox: Inbox
    at: int = 0
    shown: str = ""
    ready: bool = False
    record: int = 0  # the deals over whose record the guest has


@dataclass
class _Round:
    """One fair-deal round: the deal, its seats, the hashes and secrets in, and when the stage times out."""

    deal: int
    host_seat: int
    seats: set[int]
    hashes: dict[int, str]
    secrets: dict[int, str]
    stage: str
    deadline: float
    seed: int | None = None


class Host:
    """The host's side: a :class:`~kingcore.web.Session` shared with the friends at its online seats.

    Args:
        session: the rubber (its ``levels`` name the online seats).
        clock: seconds, monotonic (``time.monotonic``; the page passes ``performance.now() / 1000``).
        hints: whether guests may ask for hints.

    Attributes:
        session: the rubber.
        guests: the connected online seats' bookkeeping (by seat).
        hint_wanted: seats that asked for a hint (the page answers with :meth:`hint`).
        left_out: seats left out of the last fair-deal round (they did not commit or reveal in time, left,
            or sent a secret that did not match its hash).
        mental: the table deals by mental poker (:mod:`.mentaltable` sets it): no ``view``, ``dealt`` or
            ``record`` is sent on a change — each friend's page makes its own views from the moves — and a
            friend's moves, hints and fair round give way to the ``mp`` texts of :attr:`relayed`.
        relayed: at a mental table, the ``mp`` texts friends sent since the mental table last took them:
            ``(seat, to, text)``.
        went_on: at a mental table, the seats whose friend pressed *Continue* after a deal's result (``next``) since
            the mental table last took them (it knows which deal that was).
        back_here: at a mental table, the seats whose friend pressed *I'm back* (``here``) since the mental table
            last took them: the last deal's result counts as left.
        dealing: at a mental table, the deal its round is making or playing (``None`` between rounds): a
            friend seated meanwhile has no part in it (``welcome``'s ``joined_at``) — unless :attr:`deals_in` says
            the table deals them in.
        deals_in: at a mental table, ``seat -> bool``: whether a friend seated there now is dealt into the deal in
            play — no call or card made in its try, the table starts it again with their page (:mod:`.mentaltable`)
            —, so that deal is not one they joined during (``None``: never).
    """

    def __init__(self, session: Session, clock: Callable[[], float] = time.monotonic, hints: bool = False) -> None:
        self.session = session
        self.clock = clock
        self.hints = hints
        self.guests: dict[int, _Guest] = {}
        self.hint_wanted: list[int] = []
        self.left_out: list[int] = []
        self.mental = False
        self.relayed: list[tuple[int, int | None, str]] = []
        self.went_on: list[int] = []
        self.back_here: list[int] = []
        self.dealing: int | None = None
        self.deals_in: Callable[[int], bool] | None = None
        self._n = 0
        self._round: _Round | None = None
        self._done_rounds: dict[int, dict[str, Any]] = {}  # deal → its ``dealt`` fields, kept for its end

    # ----- helpers -------------------------------------------------------------------------------------

    def _msg(self, kind: str, **fields: Any) -> str:
        self._n += 1
        return encode(kind, self._n, **fields)

    @property
    def table(self) -> str:
        """The table's id: the rubber's :attr:`~kingcore.web.Session.game_id`."""
        return self.session.game_id

    @property
    def online_seats(self) -> list[int]:
        """The seats friends play from other browsers."""
        return [s for s, level in enumerate(self.session.settings["levels"]) if level == ONLINE]

    @property
    def host_seat(self) -> int:
        """The seat under which the host's page commits in the fair deal: the first seat not online."""
        return next(s for s, level in enumerate(self.session.settings["levels"]) if level != ONLINE)

    def _refuse(self, seat: int, reason: str, of: int | None, args: dict[str, Any] | None = None) -> Out:
        return seat, self._msg("refused", reason=reason, of=of, args=args)

    # ----- joins and leaves ----------------------------------------------------------------------------

    def message(self, kind: str, **fields: Any) -> str:
        """A message of the host's (:func:`.messages.encode`) numbered in the host's one sequence, so that
        ``n`` rises on every connection whoever sends on it (:mod:`.lobby` too)."""
        return self._msg(kind, **fields)

    def names(self) -> list[str | None]:
        """Each seat's name as the table shows it (``None`` for a bot's seat)."""
        return self._names()

    def join(self, seat: int, name: str, last_n: int, key: str | None = None, proof: str | None = None) -> list[Out]:
        """A friend took ``seat`` (or took it back) on a new connection whose last message was ``last_n``:
        the seat is theirs under ``name`` — ``welcome`` (with the seat's new ``key``, or the host's ``proof``
        that it holds the key the friend proved, :mod:`.room`), the seat's ``view``, and the others' views (the
        name is in them); the seat's stand-in bot, if any, leaves at once. :class:`.lobby.Lobby` checks the
        friend's claim first.

        Raises:
            NetError: ``no_seat`` when ``seat`` is not an online seat.
        """
        if seat not in self.online_seats:
            raise NetError("no_seat", f"seat {seat} is not played online")
        settings = self.session.settings
        taken(settings["former"], seat, name, self._joined_at(seat) + 1)  # (a seat given away: where it changed hands)
        settings["names"][seat] = name
        settings["online"][seat] = "wait"
        self.guests[seat] = _Guest(Inbox("guest", last_n))
        r = self._round
        joins = r if r is not None and r.stage == "commit" and r.seed is None else None  # in time for the round
        if joins is not None:
            joins.seats.add(seat)
        out = [(seat, self._welcome(seat, key, proof))]
        if joins is not None:
            out.append((seat, self._msg("commit?", deal=joins.deal, host_hash=joins.hashes[joins.host_seat])))
        return [*out, *self.changed()]

    def _welcome(self, seat: int, key: str | None = None, proof: str | None = None) -> str:
        settings = self.session.settings
        return self._msg("welcome", seat=seat, table=self.table, rules=str(self.session.game.rules),
                         names=self._names(), levels=list(settings["levels"]), stand_in=str(settings["stand_in"]),
                         hints=self.hints, key=key, proof=proof, joined_at=self._joined_at(seat), begun=self._begun(),
                         former=settings["former"])

    def _begun(self) -> bool:
        """Whether the game has begun: its first dealer drawn, a deal dealt or being dealt (a friend's page seated
        then does not wait for the host to start)."""
        game = self.session.game
        return game.first_dealer is not None or bool(game.deals) or game.current is not None \
            or self.dealing is not None or self._round is not None

    def _joined_at(self, seat: int) -> int:
        """The last deal ``seat``'s page has no part in dealing: the deal in play (or just over), or the deal
        a round under way is making without it — not a deal the table deals it into (:attr:`deals_in`): the one
        before."""
        if self.dealing is not None and self.deals_in is not None and self.deals_in(seat):
            return self.dealing - 1
        current = self.session.game.current
        number = current.number if current is not None else 0
        if self.dealing is not None:
            number = max(number, self.dealing)
        r = self._round
        if r is not None and seat not in r.seats and len(self.session.game.deals) < r.deal:
            number = max(number, r.deal)
        return number

    def allow_hints(self, on: bool) -> list[Out]:
        """The host's box *Friends online may ask for hints* changed: every connected friend learns it at once
        (a new ``welcome``, whose ``hints`` the page follows); turned off, the hints asked are dropped."""
        self.hints = on
        if not on:
            self.hint_wanted.clear()
        return self.welcomes()

    def welcomes(self) -> list[Out]:
        """A new ``welcome`` to every connected friend, whose page takes the names, levels and hints in it: at a
        mental table, where no view carries them, after a friend took a seat under a new name."""
        return [(seat, self._welcome(seat)) for seat in sorted(self.guests)]

    def _names(self) -> list[str | None]:
        s = self.session.settings
        return [s["names"][i] if lv in (HUMAN, ONLINE) else None for i, lv in enumerate(s["levels"])]

    def leave(self, seat: int) -> list[Out]:
        """The connection of ``seat`` closed (or timed out): the seat is away (the table waits, or its
        stand-in plays: :meth:`stand_in`); in a fair-deal round it counts as left out."""
        self.guests.pop(seat, None)
        out: list[Out] = [(seat, None)]
        r = self._round
        if r is not None and r.seed is None and seat in r.seats:
            r.seats.discard(seat)
            self.left_out.append(seat)
            out += self._advance()
        return out

    def close(self, reason: str = "new_game") -> list[Out]:
        """The host's page leaves this game (``reason``: ``"new_game"`` — the host started another): each
        connected friend is told (``bye``) before its connection closes, and no friend is connected after."""
        out: list[Out] = []
        for seat in sorted(self.guests):
            out += [(seat, self._msg("bye", reason=reason)), (seat, None)]
        self.guests.clear()
        return out

    def stand_in(self, seat: int, on: bool = True, idle: bool = False) -> None:
        """The host gives the away online ``seat`` to a stand-in bot (``on``), or takes it back to waiting;
        ``idle``: the seat's friend is connected but away (past the table's turn limit, :mod:`.lobby`).

        Raises:
            NetError: ``bad_message`` when ``seat`` is not online, or its friend is connected and not ``idle``.
        """
        if seat not in self.online_seats or (seat in self.guests and not idle):
            raise NetError("bad_message", f"seat {seat} is not an away online seat")
        self.session.settings["online"][seat] = "bot" if on else "wait"

    def seat_state(self, seat: int) -> str | None:
        """What the invite panel says of an online ``seat``: ``"connected"``, ``"bot"`` (a stand-in plays it
        while its friend is away) or ``"wait"`` (the table waits for the friend); ``None`` for a seat at
        this device."""
        if seat not in self.online_seats:
            return None
        return "connected" if seat in self.guests else str(self.session.settings["online"][seat])

    def none_awaited(self) -> bool:
        """Whether the table waits for no one: every online seat's friend connected, or a bot plays the seat (a
        stand-in the host chose, or a seat left to a bot) — after the host's reload the game goes on then by
        itself (a seat left to a bot, which no friend comes back to, once held it until the host acted)."""
        return all(self.seat_state(seat) in ("connected", "bot") for seat in self.online_seats)

    def goes_on(self, started: bool) -> bool:
        """Whether a game under way that its page holds since its reload (``started`` false: the page's bots' loop
        waits, its friends not all back) goes on now, after the host's choice for a seat (a stand-in, or the seat
        given away, which a stand-in plays): the table waits for no one (:meth:`none_awaited`) and the game's first
        dealer is drawn (before that it waits for *Start*). Else a stand-in's turn never comes to an end: the host's
        page, reloaded, gave a closed tab's seat away and its bot never played (web/king/net.py
        ``Online.resume``; simulated by tests/mental_sim.py)."""
        return not started and self.none_awaited() and self.session.game.phase is not Phase.DRAW_DEALER

    def all_connected(self) -> bool:
        """Whether every online seat's friend is connected now — however they got there (the first invites,
        or a re-invite after a friend was lost): the host's page closes its invite panel then."""
        return all(seat in self.guests for seat in self.online_seats)

    def bot_level(self, seat: int) -> str | None:
        """The level of the bot that plays ``seat`` now (:func:`kingcore.web.stand_in_level`)."""
        return stand_in_level(self.session.settings, seat)

    # ----- a guest's messages --------------------------------------------------------------------------

    def receive(self, seat: int, text: str) -> list[Out]:
        """A text from the guest at ``seat``: what to send (never raises; a refusal changes nothing)."""
        g = self.guests.get(seat)
        if g is None:
            return [(seat, None)]
        rate = g.inbox.rate(self.clock())
        if rate > 2 * FLOOD_LIMIT:
            self.guests.pop(seat, None)
            return [(seat, self._msg("bye", reason="flood")), (seat, None)]
        if rate > FLOOD_LIMIT:
            return [self._refuse(seat, "flood", None)]
        try:
            return self._dispatch(seat, g, g.inbox.read(text))
        except NetError as e:
            return [self._refuse(seat, e.reason, e.n)]
        except Exception:
            return [self._refuse(seat, "bad_message", None)]

    def _dispatch(self, seat: int, g: _Guest, doc: dict[str, Any]) -> list[Out]:
        kind, n = doc["kind"], doc["n"]
        game = self.session.game
        if kind == "ping":
            return [(seat, self._msg("pong"))]
        if kind in ("take", "back"):
            raise NetError("joined", "this connection holds a seat already", n)
        if kind == "here":  # (at a mental table: the last deal's result left too, *I'm back* — not waited for)
            self.back_here += [seat] if self.mental else []
            return []
        if kind == "mp" or (self.mental and kind in ("intent", "hint", "commit", "reveal")):
            return self._mental(seat, kind, doc)
        if kind == "intent":
            if doc["at"] != g.at:
                raise NetError("stale", f"the intent answers view {doc['at']}, the seat's view is {g.at}", n)
            if game.to_move != seat:
                raise NetError("not_your_turn", "it is not this seat's turn", n)
            answer = self.session.apply(doc["token"], seat)
            if not answer["ok"]:
                err = answer["error"]
                return [self._refuse(seat, err["reason"], n, dict(err["args"]))]
            return self.changed()
        if kind == "next" and self.mental:  # (the host's session may be in the next deal already)
            self.went_on.append(seat)
            return []
        if kind == "next":
            if game.phase is not Phase.DEAL_OVER:
                raise NetError("wrong_phase", "no deal is over", n)
            g.ready = True
            return []
        if kind == "hint":
            if not self.hints:
                raise NetError("hints_off", "the host does not allow hints", n)
            if doc["at"] != g.at or game.to_move != seat:
                raise NetError("stale" if doc["at"] != g.at else "not_your_turn", "no hint now", n)
            if seat not in self.hint_wanted:
                self.hint_wanted.append(seat)
            return []
        return self._fair(seat, kind, doc)

    def _mental(self, seat: int, kind: str, doc: dict[str, Any]) -> list[Out]:
        """A mental-poker text (``mp``) kept for the mental table; at a mental table a friend's page moves, and
        makes its hints, with its own session."""
        if not self.mental or kind != "mp":
            reason = "hints_off" if kind == "hint" else "wrong_phase"
            raise NetError(reason, f"{kind} {'at' if self.mental else 'outside'} a mental-poker table", doc["n"])
        self.relayed.append((seat, doc["to"], doc["text"]))
        return []

    def hint(self, seat: int, token: str) -> list[Out]:
        """The page's answer to a hint ``seat`` asked for (its bots' best move ``token``)."""
        if seat not in self.hint_wanted or seat not in self.guests:
            return []
        self.hint_wanted.remove(seat)
        return [(seat, self._msg("hint", token=token, at=self.guests[seat].at))]

    def no_hint(self, seat: int) -> list[Out]:
        """The host's bots found no hint for the one ``seat`` asked (they failed): the friend is told
        (``refused`` ``no_hint``), so its page stops waiting for one."""
        if seat not in self.hint_wanted:
            return []
        self.hint_wanted.remove(seat)
        return [self._refuse(seat, "no_hint", None)] if seat in self.guests else []

    def ready(self) -> list[int]:
        """The connected online seats that said ``next`` since the last deal began."""
        return [s for s, g in self.guests.items() if g.ready]

    # ----- views ---------------------------------------------------------------------------------------

    def changed(self) -> list[Out]:
        """After the session changed (a move, a deal, an undo, a name): a ``view`` for each connected seat
        whose view model changed, and once a deal is over its ``dealt`` (the fair round's secrets and seed)
        and ``record`` — the record only then, so no other seat's unplayed card reaches a guest before.
        Nothing at a mental table (:attr:`mental`)."""
        out: list[Out] = []
        if self.mental:  # each friend's page makes its own views from the moves (docs/NET.md "The mental table")
            return out
        game = self.session.game
        r = self._round
        if r is not None and r.seed is not None and len(game.deals) >= r.deal:
            self._round = None  # consumed: the deal was made with its seed
        over = len(game.deals) if game.phase in _DONE else 0  # a deal in play: its record is never sent
        for seat, g in sorted(self.guests.items()):
            vm = self.session.view_model(seat)
            text = json.dumps(vm, separators=(",", ":"), sort_keys=True)
            if text != g.shown:
                g.shown, g.at = text, g.at + 1
                out.append((seat, self._msg("view", vm=vm, at=g.at)))
            if game.phase is not Phase.DEAL_OVER:
                g.ready = False
            if over > g.record:
                out += self._share(seat, over)
                g.record = over
        return out

    def _share(self, seat: int, over: int) -> list[Out]:
        """The ``dealt`` of the deal just over (when a fair round made it) and the record, for ``seat``."""
        out: list[Out] = []
        fair = self._done_rounds.get(over)
        if fair is not None:
            out.append((seat, self._msg("dealt", **fair)))
        record = self.session.record()
        if len(record) < MAX_MESSAGE - 200:  # a record of a long 6-player rubber: not shared (said in NET.md)
            out.append((seat, self._msg("record", deal=over, text=record)))
        return out

    # ----- the fair deal -------------------------------------------------------------------------------

    def need_deal(self) -> bool:
        """Whether chance must act now (the draw and the first deal, or the next deal) and no fair-deal
        round is under way or complete."""
        phase = self.session.game.phase
        return phase in (Phase.DRAW_DEALER, Phase.DEAL, Phase.DEAL_OVER) and self._round is None

    def next_deal(self) -> int:
        """The number (1-based) of the deal whose fair round :meth:`start_deal` begins."""
        return len(self.session.game.deals) + 1

    def start_deal(self, secret: str) -> list[Out]:
        """Begin the fair-deal round of the next deal with the host page's ``secret``
        (:func:`.deal.commit.new_secret`): every connected guest is asked for its commitment
        (``commit?``). With no guest connected the round is complete at once (:attr:`dealt`). Nothing
        happens unless :meth:`need_deal`."""
        if not self.need_deal():
            return []
        deal = self.next_deal()
        hs = self.host_seat
        self._round = _Round(deal, hs, set(self.guests), {hs: commitment(self.table, deal, hs, secret)},
                             {hs: secret}, "commit", self.clock() + FAIR_TIMEOUT_S)
        self.left_out = []
        host_hash = self._round.hashes[hs]
        return [(s, self._msg("commit?", deal=deal, host_hash=host_hash)) for s in sorted(self.guests)] + \
            self._advance()

    def _fair(self, seat: int, kind: str, doc: dict[str, Any]) -> list[Out]:
        r, n = self._round, doc["n"]
        if r is None or r.seed is not None or doc["deal"] != r.deal or seat not in r.seats:
            raise NetError("wrong_phase", "no fair-deal round awaits this", n)
        if kind == "commit":
            if r.stage != "commit" or seat in r.hashes:
                raise NetError("wrong_phase", "not awaiting a commitment", n)
            r.hashes[seat] = doc["hash"]
        else:
            if r.stage != "reveal" or seat in r.secrets:
                raise NetError("wrong_phase", "not awaiting a secret", n)
            if commitment(self.table, r.deal, seat, doc["secret"]) != r.hashes[seat]:
                r.seats.discard(seat)
                self.left_out.append(seat)
                return [self._refuse(seat, "bad_secret", n), *self._advance()]
            r.secrets[seat] = doc["secret"]
        return self._advance()

    def _advance(self) -> list[Out]:
        r = self._round
        if r is None or r.seed is not None:
            return []
        if r.stage == "commit" and all(s in r.hashes for s in r.seats):
            for s in set(r.hashes) - r.seats - {r.host_seat}:
                del r.hashes[s]
            r.stage, r.deadline = "reveal", self.clock() + FAIR_TIMEOUT_S
            hashes = [r.hashes.get(s) for s in range(self.session.game.rules.players)]
            return [(s, self._msg("reveal?", deal=r.deal, hashes=hashes)) for s in sorted(r.seats)] + self._advance()
        if r.stage == "reveal" and all(s in r.secrets for s in r.seats):
            secrets = {s: v for s, v in r.secrets.items() if s in r.seats or s == r.host_seat}
            r.seed = deal_seed(self.table, r.deal, secrets)
            players = self.session.game.rules.players
            self._done_rounds[r.deal] = {"deal": r.deal, "secrets": [secrets.get(s) for s in range(players)],
                                         "seed": seed_hex(r.seed)}
        return []

    def tick(self) -> list[Out]:
        """Call now and then (the page: every second): a fair-deal stage past its time goes on without the
        guests that did not answer (:attr:`left_out`)."""
        r = self._round
        if r is None or r.seed is not None or self.clock() < r.deadline:
            return []
        late = {s for s in r.seats if s not in (r.hashes if r.stage == "commit" else r.secrets)}
        r.seats -= late
        self.left_out += sorted(late)
        return self._advance()

    @property
    def dealt(self) -> random.Random | None:
        """Once the fair-deal round is complete and the deal not made yet: the ``random.Random`` of the
        agreed seed, for ``session.deal(rng)`` (then call :meth:`changed`); else ``None``."""
        r = self._round
        if r is None or r.seed is None or len(self.session.game.deals) >= r.deal:
            return None
        return random.Random(r.seed)

    def deal(self) -> list[Out]:
        """Make the agreed deal (``session.deal(dealt)``) and send the views: :meth:`changed`. Nothing
        happens while the round is not complete."""
        rng = self.dealt
        if rng is None:
            return []
        self.session.deal(rng)
        return self.changed()
