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

Size: over 400 lines because the host's side — joins and invites, intents, the flood limit, the stand-in
bots, the views sent on change, the record at a deal's end and the fair-deal round with its clock — is one
state machine over one session, read best in one place.
"""

from __future__ import annotations

import json
import os
import random
import time
from collections import deque
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from ..game import Game, Phase
from ..rules import Rules
from ..web import HUMAN, ONLINE, Session, person_seats, stand_in_level
from .deal.commit import commitment, deal_seed, seed_hex
from .messages import (
    FLOOD_LIMIT,
    INVITE_ID_DIGITS,
    MAX_MESSAGE,
    PROTOCOL,
    NetError,
    decode,
    encode,
    is_answer,
)

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
    """The host's bookkeeping of one connected guest."""

    last_n: int = -1
    at: int = 0
    shown: str = ""
    times: deque[float] = field(default_factory=deque)
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
        randbytes: the random source of the invites' ids (``os.urandom``).

    Attributes:
        session: the rubber.
        guests: the connected online seats' bookkeeping (by seat).
        hint_wanted: seats that asked for a hint (the page answers with :meth:`hint`).
        left_out: seats left out of the last fair-deal round (they did not commit or reveal in time, left,
            or sent a secret that did not match its hash).
    """

    def __init__(self, session: Session, clock: Callable[[], float] = time.monotonic, hints: bool = False,
                 randbytes: Callable[[int], bytes] = os.urandom) -> None:
        self.session = session
        self.randbytes = randbytes
        self.clock = clock
        self.hints = hints
        self.guests: dict[int, _Guest] = {}
        self.hint_wanted: list[int] = []
        self.left_out: list[int] = []
        self._n = 0
        self._round: _Round | None = None
        self._done_rounds: dict[int, dict[str, Any]] = {}  # deal → its ``dealt`` fields, kept for its end
        self._answers: dict[int, str] = {}  # seat → "applying" | "answered": its current invite's answer
        self._invites: dict[int, list[str]] = {}  # seat → the ids of its invites, the current one last

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

    def invite(self, seat: int) -> dict[str, Any]:
        """What an invite link carries besides the WebRTC offer: ``{"v", "table", "seat", "players", "rules",
        "host", "hints", "id", "name"}`` (``host``: the name of the host's seat, ``""`` for the default;
        ``id``: this invite's own id, which the friend's answer names; ``name``: the seat's name, ``""`` for
        none, for the join screen to fill in). A new invite for the seat: its older ones take no answer any
        more, no answer taken to it yet (:meth:`take_answer`).

        Raises:
            NetError: ``bad_message`` when ``seat`` is not an online seat.
        """
        if seat not in self.online_seats:
            raise NetError("bad_message", f"seat {seat} is not played online")
        names = self.session.settings["names"]
        self._answers.pop(seat, None)
        ident = self.randbytes(INVITE_ID_DIGITS // 2).hex()
        self._invites.setdefault(seat, []).append(ident)
        return {"v": PROTOCOL, "table": self.table, "seat": seat, "players": self.session.game.rules.players,
                "rules": str(self.session.game.rules), "host": names[self.host_seat], "hints": self.hints,
                "id": ident, "name": names[seat]}

    def join(self, seat: int, hello_text: str) -> list[Out]:
        """A friend's ``hello`` on a new connection for ``seat``: ``welcome`` and the seat's ``view``, and the
        others' views (the friend's name is in them); the seat's stand-in bot, if any, leaves at once. A
        bad ``hello`` is refused and the connection closed."""
        try:
            if seat not in self.online_seats:
                raise NetError("wrong_table", f"seat {seat} is not played online")
            doc = decode(hello_text, "guest")
            if doc["kind"] != "hello":
                raise NetError("bad_message", "the first message must be hello", doc["n"])
            if doc["table"] != self.table or doc["seat"] != seat:
                raise NetError("wrong_table", "a hello for another table or seat", doc["n"])
        except NetError as e:
            return [self._refuse(seat, e.reason, e.n), (seat, None)]
        except Exception:  # a guest's text must never stop the host's page
            return [self._refuse(seat, "bad_message", None), (seat, None)]
        settings = self.session.settings
        settings["names"][seat] = doc["name"]
        settings["online"][seat] = "wait"
        self.guests[seat] = _Guest(last_n=doc["n"])
        return [(seat, self._welcome(seat)), *self.changed()]

    def _welcome(self, seat: int) -> str:
        settings = self.session.settings
        return self._msg("welcome", seat=seat, table=self.table, rules=str(self.session.game.rules),
                         names=self._names(), levels=list(settings["levels"]), hints=self.hints)

    def allow_hints(self, on: bool) -> list[Out]:
        """The host's box *Friends online may ask for hints* changed: every connected friend learns it at once
        (a new ``welcome``, whose ``hints`` the page follows); turned off, the hints asked are dropped."""
        self.hints = on
        if not on:
            self.hint_wanted.clear()
        return [(seat, self._welcome(seat)) for seat in sorted(self.guests)]

    def take_answer(self, seat: int, answer: Any) -> str | None:
        """Whether the host's page may apply a friend's answer code to the current invite of ``seat`` now
        (a WebRTC offer takes one answer); ``answer`` is the invite the code names (:func:`.messages.read_answer`'s
        second item: ``{"table", "seat", "invite"}``, untrusted). ``None`` — yes, and the invite counts as
        being answered until :meth:`answer_done`; else why not, every one checked before the invite is used
        up: ``"not_answer"`` (``answer`` ill-formed), ``"other_table"``, ``"other_seat"`` (the answer to
        another seat's invite: pasted in the wrong box), ``"seat_taken"`` (a friend is connected at the
        seat the answer names, this one or another: a second person's answer to a used link),
        ``"old_invite"`` (the answer to an older invite of this seat, or to one of before the host's
        reload), ``"applying"`` (an answer is being applied: ignore this one, e.g. a double click) or
        ``"invite_used"`` (the invite was answered already: only a new one, :meth:`invite`, takes another
        answer). Issue 19's testers: a second person opening a used link, West's answer in North's box.

        Raises:
            NetError: ``bad_message`` when ``seat`` is not an online seat.
        """
        if seat not in self.online_seats:
            raise NetError("bad_message", f"seat {seat} is not played online")
        if not is_answer(answer):
            return "not_answer"
        if answer["table"] != self.table:
            return "other_table"
        if answer["seat"] in self.guests:  # at this seat or another: a friend plays there (a used link)
            return "seat_taken"
        if answer["seat"] != seat:
            return "other_seat"
        if answer["invite"] != (self._invites.get(seat) or [""])[-1]:
            return "old_invite"
        used = self._answers.get(seat)
        if used is not None:
            return "applying" if used == "applying" else "invite_used"
        self._answers[seat] = "applying"
        return None

    def answer_done(self, seat: int, ok: bool) -> None:
        """The answer :meth:`take_answer` allowed was applied (``ok``: the invite is used) or refused (not a
        code to this invite: the invite takes another answer)."""
        if ok:
            self._answers[seat] = "answered"
        else:
            self._answers.pop(seat, None)

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

    def stand_in(self, seat: int, on: bool = True) -> None:
        """The host gives the away online ``seat`` to a stand-in bot (``on``), or takes it back to waiting.

        Raises:
            NetError: ``bad_message`` when ``seat`` is not online or its friend is connected.
        """
        if seat not in self.online_seats or seat in self.guests:
            raise NetError("bad_message", f"seat {seat} is not an away online seat")
        self.session.settings["online"][seat] = "bot" if on else "wait"

    def seat_state(self, seat: int) -> str | None:
        """What the invite panel says of an online ``seat``: ``"connected"``, ``"bot"`` (a stand-in plays it
        while its friend is away) or ``"wait"`` (the table waits for the friend); ``None`` for a seat at
        this device."""
        if seat not in self.online_seats:
            return None
        return "connected" if seat in self.guests else str(self.session.settings["online"][seat])

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
        now = self.clock()
        g.times.append(now)
        while g.times and g.times[0] <= now - 1.0:
            g.times.popleft()
        if len(g.times) > 2 * FLOOD_LIMIT:
            self.guests.pop(seat, None)
            return [(seat, self._msg("bye", reason="flood")), (seat, None)]
        if len(g.times) > FLOOD_LIMIT:
            return [self._refuse(seat, "flood", None)]
        try:
            doc = decode(text, "guest")
            if doc["n"] <= g.last_n:
                raise NetError("replayed", f"n {doc['n']} is not above {g.last_n}", doc["n"])
            g.last_n = doc["n"]
            return self._dispatch(seat, g, doc)
        except NetError as e:
            return [self._refuse(seat, e.reason, e.n)]
        except Exception:
            return [self._refuse(seat, "bad_message", None)]

    def _dispatch(self, seat: int, g: _Guest, doc: dict[str, Any]) -> list[Out]:
        kind, n = doc["kind"], doc["n"]
        game = self.session.game
        if kind == "ping":
            return [(seat, self._msg("pong"))]
        if kind == "hello":
            raise NetError("joined", "this seat has joined already", n)
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
        and ``record`` — the record only then, so no other seat's unplayed card reaches a guest before."""
        out: list[Out] = []
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

    def start_deal(self, secret: str) -> list[Out]:
        """Begin the fair-deal round of the next deal with the host page's ``secret``
        (:func:`.deal.commit.new_secret`): every connected guest is asked for its commitment
        (``commit?``). With no guest connected the round is complete at once (:attr:`dealt`). Nothing
        happens unless :meth:`need_deal`."""
        if not self.need_deal():
            return []
        deal = len(self.session.game.deals) + 1
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
