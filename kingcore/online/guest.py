"""A friend's side of friends online (docs/NET.md): :class:`Guest`, the page of a friend at one seat of
the host's table. It makes the friend's messages (:mod:`.messages`) and reads the host's, checking every one
before the page draws it — a view model key by key (:func:`.messages.check_view`), and once a deal is over
that it was the agreed shuffle (:mod:`.deal.commit`). Sans-I/O, as :mod:`.host`: texts in, what happened
out; :meth:`Guest.receive` never raises.
"""

from __future__ import annotations

import secrets as _secrets
import time
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from ..notation import loads
from ..rules import Rules
from ..web import ONLINE, HandCard, ViewModel
from .deal.commit import Shuffles, check_deal, commitment, deal_seed, new_secret, seed_hex
from .messages import HOST_KINDS, Inbox, NetError, check_view, encode, public_table
from .room import Ticket, back_proof, host_proof, new_nonce, proof_ok

__all__ = ["Guest", "Shuffles"]


@dataclass
class _Pending:
    """A guest's side of one fair-deal round."""

    host_hash: str
    secret: str
    hash: str
    revealed: bool = False
    hashes: list[str | None] = field(default_factory=list)
    seed: int | None = None


HOST_FLOOD_LIMIT = 100
"""Messages a second a friend's page reads from the host; more are dropped unread (a hostile host's burst of
views froze a friend's page): a real host sends a view per move, a few a second."""


class Guest:
    """A friend's side: the page of a friend at the host's table, from its first connection's ``lobby`` on.

    Args:
        clock: seconds, monotonic (the page passes ``performance.now() / 1000``): the flood limit.
        randbytes: the platform's random source (the fair deal's secrets, this connection's nonce).
        room: the room this page joined (:func:`.room.room_id`), for its :meth:`ticket`.
        shuffles: the fair-deal rounds this page committed to on its earlier connections, or read back from its
            storage (:class:`Shuffles`, shared: this connection adds to it), else none.

    Attributes:
        lobby: the host's ``lobby`` fields once received (``None`` before).
        seat, table: the seat taken (or taken back) and the host's table, once welcomed (``None`` before).
        rules: the table's :class:`~kingcore.rules.Rules` once welcomed: every view is bounded by them.
        key: the seat's key the host gave when the seat was taken (kept in a :class:`.room.Ticket`), or ``None``.
        vm: the last view model drawn (checked), or ``None``; ``at``: its counter.
        welcome, presence: the host's ``welcome`` fields once received; each seat's presence as the host last said.
        fair: the deals checked as the agreed shuffle.
        unchecked: the deals over whose fair-deal round this ``Guest`` was not in (it joined or rejoined
            after the round, and its :attr:`shuffles` keep no secret it revealed for the deal): not checked, since
            it holds nothing to check them by — said on the page.
        forgotten: the deals of :attr:`unchecked` whose round this page *was* in (its :attr:`shuffles` keep its
            part) but whose secrets never came: the host's page was reloaded during the deal and lost its own
            part — said as such on the page, never "you were not at the table".
        joined_during: the deal in play when this ``Guest`` was welcomed (0: none), whose round it missed.
        taken: whether the seat was taken anew (``take``: a new person, given a new key), not taken back.
        begun: whether the host's game had begun when it last welcomed this page (``False`` before).
        mental: this connection's page number at a mental-poker table (the host's ``mental``), else ``None``.
        host_reloaded, host_lost: the deal the host's page was reloaded during, as its ``mental`` says (0: none),
            and the tries of that deal its reloads cut off.
    """

    def __init__(self, clock: Callable[[], float] = time.monotonic,
                 randbytes: Callable[[int], bytes] = _secrets.token_bytes, room: str = "",
                 shuffles: Shuffles | None = None) -> None:
        self.room = room
        self.shuffles = shuffles if shuffles is not None else Shuffles()
        self.clock = clock
        self.randbytes = randbytes
        self.lobby: dict[str, Any] | None = None
        self.seat: int | None = None
        self.table: str | None = None
        self.rules: Rules | None = None
        self.key: str | None = None
        self.vm: ViewModel | None = None
        self.at = 0
        self.welcome: dict[str, Any] | None = None
        self.presence: list[str | None] = []
        self.reading: list[bool] = []
        """At a mental table, per seat: the table waits for that person to leave the last deal's result before
        anyone moves in the next deal (the host's ``reading``: ``MentalTable.readers``)."""
        self.watch: ViewModel | None = None  # a mental table's public table of a deal this page sits out (``watch``)
        self.fair: list[int] = []
        self.unchecked: list[int] = []
        self.forgotten: list[int] = []
        self.joined_during, self.taken, self.begun = 0, False, False
        self.unshuffled: list[int] = []
        self.mental: int | None = None
        self.host_reloaded = 0
        self.host_lost: list[int] = []
        self._n = 0
        self._inbox = Inbox("host")
        self._rounds: dict[int, _Pending] = {}
        self._asked: tuple[str, int, str | None, str | None] | None = None  # take/back, seat, key, nonce
        self._flooded = False

    def _msg(self, kind: str, **fields: Any) -> str:
        self._n += 1
        return encode(kind, self._n, **fields)

    # ----- the lobby -----------------------------------------------------------------------------------

    def take(self, seat: int, name: str, pass_: str | None = None) -> str:
        """``take``: a free ``seat`` of the lobby's table under ``name`` (trimmed), with a reserved seat's
        ``pass_`` (from its link).

        Raises:
            NetError: ``wrong_phase`` before the lobby came.
        """
        if self.lobby is None:
            raise NetError("wrong_phase", "no lobby yet")
        self._asked = ("take", seat, None, None)
        return self._msg("take", table=self.lobby["table"], seat=seat, name=name.strip(), **{"pass": pass_})

    def back(self, ticket: Ticket) -> str:
        """``back``: the seat of ``ticket`` taken back, with the proof that this page holds its key. Asked again
        before the host's welcome (a new ``lobby`` came first), it is the same ask — the same nonce — so that the
        welcome to either proves the host.

        Raises:
            NetError: ``wrong_phase`` before the lobby came; ``wrong_table`` when the ticket is of another table.
        """
        if self.lobby is None:
            raise NetError("wrong_phase", "no lobby yet")
        if ticket.table != self.lobby["table"]:
            raise NetError("wrong_table", "the ticket is for another table")
        asked = self._asked
        nonce = asked[3] if asked is not None and asked[:3] == ("back", ticket.seat, ticket.key) else None
        nonce = nonce or new_nonce(self.randbytes)  # asked again (a new lobby came first): the same ask
        self._asked = ("back", ticket.seat, ticket.key, nonce)
        proof = back_proof(ticket.key, ticket.table, ticket.seat, self.lobby["nonce"], nonce)
        return self._msg("back", table=ticket.table, seat=ticket.seat, nonce=nonce, proof=proof)

    def free_seats(self, pass_seat: int | None = None) -> list[int]:
        """The seats this page may take (from the lobby): online, not taken, and not kept for another link's
        holder — ``pass_seat`` is the seat this page's own link reserves, if any."""
        lobby = self.lobby
        if lobby is None:
            return []
        return [seat for seat, level in enumerate(lobby["levels"]) if level == ONLINE and not lobby["taken"][seat]
                and (not lobby["reserved"][seat] or seat == pass_seat)]

    def ticket(self, name: str) -> Ticket | None:
        """The page's way back to its seat once welcomed with a new key (``name``: the name it joined with)."""
        if self.key is None or self.seat is None or self.table is None or self.lobby is None:
            return None
        return Ticket(self.room, self.table, self.seat, self.key, name)

    def intent(self, token: str) -> str:
        """An ``intent`` answering the last view."""
        return self._msg("intent", token=token, at=self.at)

    def next(self) -> str:
        """``next``: ready for the next deal."""
        return self._msg("next")

    def hint(self) -> str:
        """``hint``: ask the host's bots for a hint (refused unless the host allows hints)."""
        return self._msg("hint", at=self.at)

    def ping(self) -> str:
        """``ping`` (the host answers ``pong``)."""
        return self._msg("ping")

    def mp(self, to: int | None, text: str) -> str:
        """``mp``: a mental-poker text for page ``to`` (``None``: every page of the round), which the host's page
        relays (docs/NET.md "The mental table")."""
        return self._msg("mp", to=to, text=text)

    def here(self) -> str:
        """``here``: the friend acts again after the table's turn limit made the seat away."""
        return self._msg("here")

    @staticmethod
    def closed_view(vm: ViewModel) -> ViewModel:
        """``vm`` once the host is gone (lost, closed): no card playable (``not_your_turn``; ``deal_over``), no call."""
        why = "deal_over" if vm["phase"] in ("deal_over", "rubber_over") else "not_your_turn"
        hand = [HandCard(card=c["card"], rank=c["rank"], suit=c["suit"], legal=False, reason=why, args={})
                for c in vm["hand"]]
        return {**vm, "my_turn": False, "moves": [], "hand": hand}

    def check_view(self, vm: Any) -> ViewModel:
        """A host's view model, checked before drawing (:func:`.messages.check_view`, bounded by the table's
        rules once welcomed).

        Raises:
            NetError: ``bad_message`` naming the first bad field.
        """
        return check_view(vm, self.rules)

    def receive(self, text: str) -> dict[str, Any]:
        """A text from the host, checked: ``{"lobby": fields}``, ``{"welcome": fields}`` (with ``"key"``: the
        seat's new key, to keep), ``{"presence": per seat}``, ``{"view": vm}`` (with ``"unshuffled": deal``
        when the host dealt, without this page's part, a deal that began while it was connected),
        ``{"refused": {"reason", "of", "args"}}``, ``{"commit": text_to_send}``, ``{"reveal": text_to_send}``,
        ``{"dealt": deal}`` (``{"dealt": deal, "checked": False}`` for a deal whose round this page was not in:
        see :attr:`unchecked`), ``{"record": text, "fair": [deals checked]}``, ``{"unfair": deal, "code":
        code, "why": text}`` (``code``: ``reshuffle`` — a second round for a deal; ``mismatch`` — not the agreed
        shuffle), at a mental-poker table ``{"mental": page}``, ``{"mp": {"from", "text"}}`` (for
        :mod:`.mentaltable`), ``{"watch": vm}`` (the public table of a deal this page sits out) and
        ``{"reading": per seat}``, ``{"hint": token}``, ``{"bye": reason}``,
        ``{"pong": True}``, or ``{"error": reason, "message": text}`` for a message refused (``flood``: more than
        :data:`HOST_FLOOD_LIMIT` in a second, dropped unread; ``bad_key``: a welcome whose proof does not show the
        seat's key — not the host; ``stale``: a view older than the one drawn, whose ``at`` a move would answer in
        vain).
        Never raises."""
        if self._inbox.rate(self.clock()) > HOST_FLOOD_LIMIT:
            return {"error": "flood", "message": f"more than {HOST_FLOOD_LIMIT} messages in a second"}
        try:
            return self._handle(self._inbox.read(text, self.rules))
        except NetError as e:
            return {"error": e.reason, "message": e.detail}
        except Exception as e:
            return {"error": "bad_message", "message": f"{type(e).__name__}"}

    def _handle(self, doc: dict[str, Any]) -> dict[str, Any]:
        kind = doc["kind"]
        if kind == "lobby":
            if self.welcome is not None:
                raise NetError("wrong_phase", "a lobby on a seated connection")
            self.lobby = {k: doc[k] for k in HOST_KINDS["lobby"]}
            self.presence = list(doc["presence"])
            return {"lobby": self.lobby}
        if kind == "welcome":
            return self._welcomed(doc)
        if self.welcome is None and kind not in ("refused", "bye", "pong"):
            raise NetError("wrong_phase", f"{kind} before this page took a seat")
        if kind == "presence":
            self.presence = list(doc["seats"])
            return {"presence": self.presence}
        if kind == "view":
            vm = doc["vm"]
            if vm["seat"] != self.seat:
                raise NetError("bad_message", "view: another seat's view")
            if doc["at"] < self.at:  # a copy sent on after a newer view: drawn, it undid the move just taken
                raise NetError("stale", f"view {doc['at']} is older than the view drawn, {self.at}")
            self.vm, self.at = vm, doc["at"]
            out: dict[str, Any] = {"view": vm}
            deal = vm["deal"]
            if deal > self.joined_during and deal not in self._rounds and vm["phase"] != "draw_dealer":
                if deal not in self.unshuffled:
                    self.unshuffled.append(deal)
                out["unshuffled"] = deal
            return out
        if kind == "watch":
            vm = doc["vm"]
            if not public_table(vm, self.seat, self.joined_during):
                raise NetError("bad_message", "watch: not this seat's public table of the deal it sits out")
            self.watch = vm
            return {"watch": vm}
        if kind == "refused":
            return {"refused": {k: doc[k] for k in ("reason", "of", "args")}}
        if kind == "mental":
            self.mental, self.host_reloaded, self.host_lost = doc["page"], doc["reloaded"], list(doc["lost"])
            return {"mental": doc["page"]}
        if kind == "mp":
            return {"mp": {"from": doc["from"], "text": doc["text"]}}
        if kind == "reading":
            self.reading = list(doc["seats"])
            return {"reading": self.reading}
        if kind in ("bye", "hint"):
            return {kind: doc["reason" if kind == "bye" else "token"]}
        if kind == "pong":
            return {"pong": True}
        return self._fair(kind, doc)

    def _welcomed(self, doc: dict[str, Any]) -> dict[str, Any]:
        """The host's ``welcome``: the first one checked against what this page asked (``take``: a new key;
        ``back``: the host's proof of the seat's key); a later one (hints allowed or not) only updates."""
        fields = {k: doc[k] for k in HOST_KINDS["welcome"]}
        if self.welcome is not None:
            if doc["seat"] != self.seat or doc["table"] != self.table:
                raise NetError("wrong_table", "a welcome to another table or seat")
            self.welcome, self.begun = fields, doc["begun"]
            return {"welcome": fields}
        asked, lobby = self._asked, self.lobby
        if asked is None or lobby is None:
            raise NetError("wrong_phase", "a welcome before this page asked for a seat")
        how, seat, key, nonce = asked
        if doc["seat"] != seat or doc["table"] != lobby["table"] or doc["rules"] != lobby["rules"]:
            raise NetError("wrong_table", "a welcome to another table or seat")
        if how == "take":
            if doc["key"] is None or doc["proof"] is not None:
                raise NetError("bad_message", "welcome: a seat taken needs its new key")
            self.key = doc["key"]
        else:
            assert key is not None and nonce is not None
            if doc["key"] is not None or doc["proof"] is None or not proof_ok(
                    doc["proof"], host_proof(key, lobby["table"], seat, lobby["nonce"], nonce)):
                raise NetError("bad_key", "the welcome's proof does not show this seat's key: not the host")
        self.seat, self.table, self.rules = seat, lobby["table"], Rules.parse(doc["rules"])
        self.joined_during, self.begun = doc["joined_at"], doc["begun"]
        self.welcome, self.taken = fields, how == "take"
        return {"welcome": fields, "key": self.key} if how == "take" else {"welcome": fields}

    def _fair(self, kind: str, doc: dict[str, Any]) -> dict[str, Any]:
        deal, table, me = doc["deal"], self.table, self.seat
        assert table is not None and me is not None  # welcomed: _handle refuses the round before
        if kind == "commit?":
            kept = self.shuffles.get(table, deal)
            if deal in self._rounds or (self.vm is not None and deal <= self.vm["deal"]) or (
                    kept is not None and kept[0] != doc["host_hash"]):
                return {"unfair": deal, "code": "reshuffle", "why": f"the host asked to shuffle deal {deal} again"}
            if kept is not None:  # the round this page committed to on an earlier connection: the same commitment
                secret, h = kept[1], kept[2]
            else:
                secret = new_secret(self.randbytes)
                h = commitment(table, deal, me, secret)
                self.shuffles.put(table, deal, doc["host_hash"], secret, h)
            self._rounds[deal] = _Pending(doc["host_hash"], secret, h)
            return {"commit": self._msg("commit", deal=deal, hash=h)}
        if kind == "record":
            return self._check_record(doc["text"])
        p = self._rounds.get(deal)
        hashes = self.shuffles.revealed(table, deal)
        kept = self.shuffles.get(table, deal)
        if p is None and kind == "dealt" and hashes is not None and kept is not None:
            p = self._rounds[deal] = _Pending(*kept, revealed=True, hashes=hashes)  # revealed, then reloaded
        if p is None and kind == "dealt":  # a round this page was not in (it joined mid-deal): not checked
            if deal not in self.unchecked:
                self.unchecked.append(deal)
            return {"dealt": deal, "checked": False}
        if p is None:
            raise NetError("wrong_phase", f"{kind}: no fair-deal round of deal {deal}")
        if kind == "reveal?":
            hashes = list(doc["hashes"])
            if me >= len(hashes) or hashes[me] != p.hash or p.host_hash not in hashes:
                return {"unfair": deal, "code": "mismatch", "why": "the host changed the commitments"}
            if not self._may_commit(hashes):
                return {"unfair": deal, "code": "mismatch", "why": "a seat not online committed"}
            p.hashes, p.revealed = hashes, True
            self.shuffles.reveal(table, deal, hashes)
            return {"reveal": self._msg("reveal", deal=deal, secret=p.secret)}
        secrets = doc["secrets"]  # dealt
        if not p.revealed:  # this page was left out of the round (late): nothing to check the deal by
            if deal not in self.unchecked:
                self.unchecked.append(deal)
            return {"dealt": deal, "checked": False}
        if len(secrets) != len(p.hashes):
            return {"unfair": deal, "code": "mismatch", "why": "the secrets do not match the commitments"}
        for seat, secret in enumerate(secrets):
            if secret is not None and (p.hashes[seat] is None or
                                       commitment(table, deal, seat, secret) != p.hashes[seat]):
                return {"unfair": deal, "code": "mismatch", "why": f"the secret of seat {seat} does not match its hash"}
        if secrets[me] != p.secret or commitment(table, deal, me, p.secret) != p.hash:
            return {"unfair": deal, "code": "mismatch", "why": "this page's secret was left out"}
        if p.host_hash not in [commitment(table, deal, s, v) for s, v in enumerate(secrets) if v]:
            return {"unfair": deal, "code": "mismatch", "why": "the host's secret is not its commitment"}
        seed = deal_seed(table, deal, {s: v for s, v in enumerate(secrets) if v is not None})
        if seed_hex(seed) != doc["seed"]:
            return {"unfair": deal, "code": "mismatch", "why": "the seed is not the hash of the secrets"}
        p.seed = seed
        return {"dealt": deal}

    def _may_commit(self, hashes: list[str | None]) -> bool:
        """Whether only the host's seat (the first not online) and online seats have hashes: a host that
        made up more commitments could later leave some out and so choose among several deals."""
        levels = (self.welcome or {}).get("levels")
        if not isinstance(levels, list) or len(levels) != len(hashes):
            return False
        host_seat = next((s for s, lv in enumerate(levels) if lv != ONLINE), None)
        return all(h is None or s == host_seat or levels[s] == ONLINE for s, h in enumerate(hashes))

    def _check_record(self, text: str) -> dict[str, Any]:
        assert self.table is not None
        try:
            count = len(loads(text).deals)
        except Exception:
            return {"error": "bad_message", "message": "record: not a game record"}
        checked = []
        missed = self.joined_during
        if 0 < missed <= count and missed not in self._rounds and missed not in self.unchecked:
            self.unchecked.append(missed)  # its round was before this page (a reload, a host's reload): unchecked
            if self.table is not None and self.shuffles.revealed(self.table, missed) is not None:
                self.forgotten.append(missed)  # this page was in it: the host's page forgot its part
        for deal, p in sorted(self._rounds.items()):
            if deal > count or deal in self.fair:
                continue
            if p.seed is None:
                if p.revealed:
                    return {"unfair": deal, "code": "mismatch", "why": "the deal's secrets were not shared"}
                continue
            why = check_deal(text, deal, p.seed)
            if why is not None:
                return {"unfair": deal, "code": "mismatch", "why": why}
            self.fair.append(deal)
            checked.append(deal)
        return {"record": text, "fair": checked}
