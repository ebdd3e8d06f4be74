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
from ..web import ONLINE, HandCard, ViewModel
from .deal.commit import check_deal, commitment, deal_seed, new_secret, seed_hex
from .messages import HOST_KINDS, NetError, check_view, decode, encode

__all__ = ["Guest"]


@dataclass
class _Pending:
    """A guest's side of one fair-deal round."""

    host_hash: str
    secret: str
    hash: str
    revealed: bool = False
    hashes: list[str | None] = field(default_factory=list)
    seed: int | None = None


class Guest:
    """A guest's side: the page of a friend at ``seat`` of the host's ``table``.

    Args:
        seat, table: from the invite.
        clock: seconds, monotonic (for the page's own timeouts; kept for symmetry with :class:`Host`).
        randbytes: the platform's random source for the fair deal's secrets.

    Attributes:
        vm: the last view model drawn (checked), or ``None``; ``at``: its counter.
        welcome: the host's ``welcome`` fields once received.
        fair: the deals checked as the agreed shuffle.
        unchecked: the deals over whose fair-deal round this ``Guest`` was not in (it joined or rejoined
            after the round): not checked, since it holds nothing to check them by — not an error.
    """

    def __init__(self, seat: int, table: str, clock: Callable[[], float] = time.monotonic,
                 randbytes: Callable[[int], bytes] = _secrets.token_bytes) -> None:
        self.seat = seat
        self.table = table
        self.clock = clock
        self.randbytes = randbytes
        self.vm: ViewModel | None = None
        self.at = 0
        self.welcome: dict[str, Any] | None = None
        self.fair: list[int] = []
        self.unchecked: list[int] = []
        self._n = 0
        self._last = -1
        self._rounds: dict[int, _Pending] = {}

    def _msg(self, kind: str, **fields: Any) -> str:
        self._n += 1
        return encode(kind, self._n, **fields)

    def hello(self, name: str) -> str:
        """The ``hello`` to send first (``name`` as the friend typed it, trimmed)."""
        return self._msg("hello", name=name.strip(), table=self.table, seat=self.seat)

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

    @staticmethod
    def closed_view(vm: ViewModel) -> ViewModel:
        """The last view ``vm`` as a friend's page draws it once the host is gone (lost, or closed the table):
        not this seat's turn — no card playable, no call offered — the cards and the table as they were."""
        hand = [HandCard(card=c["card"], rank=c["rank"], suit=c["suit"], legal=False, reason="not_your_turn", args={})
                for c in vm["hand"]]
        return {**vm, "my_turn": False, "moves": [], "hand": hand}

    @staticmethod
    def check_view(vm: Any) -> ViewModel:
        """A host's view model, checked before drawing (:func:`.messages.check_view`).

        Raises:
            NetError: ``bad_message`` naming the first bad field.
        """
        return check_view(vm)

    def receive(self, text: str) -> dict[str, Any]:
        """A text from the host, checked: ``{"view": vm}``, ``{"welcome": fields}``, ``{"refused": {"reason",
        "of", "args"}}``, ``{"commit": text_to_send}``, ``{"reveal": text_to_send}``, ``{"dealt": deal}``
        (``{"dealt": deal, "checked": False}`` for a deal whose round this page was not in: see :attr:`unchecked`),
        ``{"record": text, "fair": [deals checked]}``, ``{"unfair": deal, "why": text}`` (the deal was not
        the agreed shuffle), ``{"hint": token}``, ``{"bye": reason}``, ``{"pong": True}``, or ``{"error":
        reason, "message": text}`` for a message refused (never raises)."""
        try:
            doc = decode(text, "host")
            if doc["n"] <= self._last:
                raise NetError("replayed", f"n {doc['n']} is not above {self._last}", doc["n"])
            self._last = doc["n"]
            return self._handle(doc)
        except NetError as e:
            return {"error": e.reason, "message": e.detail}
        except Exception as e:
            return {"error": "bad_message", "message": f"{type(e).__name__}"}

    def _handle(self, doc: dict[str, Any]) -> dict[str, Any]:
        kind = doc["kind"]
        if kind == "welcome":
            if doc["seat"] != self.seat or doc["table"] != self.table:
                raise NetError("wrong_table", "a welcome to another table or seat")
            self.welcome = {k: doc[k] for k in HOST_KINDS["welcome"]}
            return {"welcome": self.welcome}
        if kind == "view":
            vm = doc["vm"]
            if vm["seat"] != self.seat:
                raise NetError("bad_message", "view: another seat's view")
            self.vm, self.at = vm, doc["at"]
            return {"view": vm}
        if kind == "refused":
            return {"refused": {k: doc[k] for k in ("reason", "of", "args")}}
        if kind in ("bye", "hint"):
            return {kind: doc["reason" if kind == "bye" else "token"]}
        if kind == "pong":
            return {"pong": True}
        return self._fair(kind, doc)

    def _fair(self, kind: str, doc: dict[str, Any]) -> dict[str, Any]:
        deal = doc["deal"]
        if kind == "commit?":
            secret = new_secret(self.randbytes)
            h = commitment(self.table, deal, self.seat, secret)
            self._rounds[deal] = _Pending(doc["host_hash"], secret, h)
            return {"commit": self._msg("commit", deal=deal, hash=h)}
        if kind == "record":
            return self._check_record(doc["text"])
        p = self._rounds.get(deal)
        if p is None and kind == "dealt":  # a round this page was not in (it joined mid-deal): not checked
            if deal not in self.unchecked:
                self.unchecked.append(deal)
            return {"dealt": deal, "checked": False}
        if p is None:
            raise NetError("wrong_phase", f"{kind}: no fair-deal round of deal {deal}")
        if kind == "reveal?":
            hashes = doc["hashes"]
            if self.seat >= len(hashes) or hashes[self.seat] != p.hash or p.host_hash not in hashes:
                return {"unfair": deal, "why": "the host changed the commitments"}
            if not self._may_commit(hashes):
                return {"unfair": deal, "why": "a seat not online committed"}
            p.hashes, p.revealed = hashes, True
            return {"reveal": self._msg("reveal", deal=deal, secret=p.secret)}
        secrets = doc["secrets"]  # dealt
        if not p.revealed:  # this page was left out of the round (late): nothing to check the deal by
            if deal not in self.unchecked:
                self.unchecked.append(deal)
            return {"dealt": deal, "checked": False}
        if len(secrets) != len(p.hashes):
            return {"unfair": deal, "why": "the secrets do not match the commitments"}
        for seat, secret in enumerate(secrets):
            if secret is not None and (p.hashes[seat] is None or
                                       commitment(self.table, deal, seat, secret) != p.hashes[seat]):
                return {"unfair": deal, "why": f"the secret of seat {seat} does not match its hash"}
        if secrets[self.seat] != p.secret or commitment(self.table, deal, self.seat, p.secret) != p.hash:
            return {"unfair": deal, "why": "this page's secret was left out"}
        if p.host_hash not in [commitment(self.table, deal, s, v) for s, v in enumerate(secrets) if v]:
            return {"unfair": deal, "why": "the host's secret is not its commitment"}
        seed = deal_seed(self.table, deal, {s: v for s, v in enumerate(secrets) if v is not None})
        if seed_hex(seed) != doc["seed"]:
            return {"unfair": deal, "why": "the seed is not the hash of the secrets"}
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
        try:
            count = len(loads(text).deals)
        except Exception:
            return {"error": "bad_message", "message": "record: not a game record"}
        checked = []
        for deal, p in sorted(self._rounds.items()):
            if deal > count or deal in self.fair:
                continue
            if p.seed is None:
                if p.revealed:
                    return {"unfair": deal, "why": "the deal's secrets were not shared"}
                continue
            why = check_deal(text, deal, p.seed)
            if why is not None:
                return {"unfair": deal, "why": why}
            self.fair.append(deal)
            checked.append(deal)
        return {"record": text, "fair": checked}
