"""Fair deals between friends online, without a server: commit, reveal, shuffle (issue 19; RULES.md §2–§3).

Before each deal (the first one also covers the draw for dealer) every connected page — the host's and each
guest's — makes a secret of 32 random bytes (:func:`new_secret`) and first sends only its hash
(:func:`commitment`, which binds the table, the deal and the seat). Once every hash is in, the guests send
their secrets to the host. The deal's seed is the hash of every secret in seat order (:func:`deal_seed`) and
the deal is exactly what ``Session.deal(random.Random(seed))`` makes — the engine's version-stable shuffle
(:func:`kingcore.cards.shuffle`). The host cannot choose the cards: its own secret is bound by its hash before
it sees any guest's secret. The secrets and the seed reach the guests only once the deal is over (with its
record): the seed names every hand. A guest then checks every secret against its hash, that its own secret
was used, and that the record's dealt cards are the shuffle of the seed (:func:`check_deal`).

Texts: a secret and a hash are 64 lowercase hexadecimal digits; ``table`` is the rubber's id
(:attr:`kingcore.web.Session.game_id`).

>>> s = new_secret(lambda n: bytes(range(n)))
>>> s[:16], len(s), commitment("t1", 1, 2, s)[:12]
('0001020304050607', 64, '6934cdea50c1')
>>> deal_seed("t1", 1, {0: s, 2: s}) == deal_seed("t1", 1, {2: s, 0: s})
True
"""

from __future__ import annotations

import hashlib
import json
import random
from collections.abc import Callable

from ...errors import KingError
from ...game import Game
from ...notation import loads

SECRET_BYTES = 32
"""The bytes of a page's secret (256 bits: never guessed, never repeated by chance)."""

def new_secret(randbytes: Callable[[int], bytes]) -> str:
    """A fresh secret: :data:`SECRET_BYTES` bytes of ``randbytes`` (the platform's random source —
    ``secrets.token_bytes``, the browser's ``crypto.getRandomValues``) as 64 hexadecimal digits.

    Raises:
        ValueError: ``randbytes`` gave another number of bytes.
    """
    raw = randbytes(SECRET_BYTES)
    if not isinstance(raw, bytes | bytearray) or len(raw) != SECRET_BYTES:
        raise ValueError(f"the random source must give {SECRET_BYTES} bytes")
    return bytes(raw).hex()


def kept_secret(text: object, table: str, deal: int, randbytes: Callable[[int], bytes]) -> tuple[str, str]:
    """The host page's secret for the fair round of ``deal`` at ``table``, and the text to keep (beside the room):
    the secret kept in ``text`` for that very deal — the host's page reloaded during the round asks the friends
    for the same round again (the same hash), which their pages answer alike, where a new secret would be a second
    round of the deal, which they refuse — else a new one (:func:`new_secret`). Never raises for ``text``.

    >>> secret, kept = kept_secret(None, "t1", 3, lambda n: bytes(n))
    >>> other = lambda n: b"y" * n
    >>> kept_secret(kept, "t1", 3, other)[0] == secret, kept_secret(kept, "t1", 4, other)[0] == secret
    (True, False)
    """
    try:
        doc = json.loads(text) if isinstance(text, str) and len(text) <= 1000 else None
    except (ValueError, RecursionError):
        doc = None
    if isinstance(doc, dict) and doc.get("table") == table and doc.get("deal") == deal:
        secret = doc.get("secret")
        if isinstance(secret, str) and len(secret) == 2 * SECRET_BYTES and all(c in HEX for c in secret):
            return secret, json.dumps(doc, separators=(",", ":"))
    secret = new_secret(randbytes)
    return secret, json.dumps({"table": table, "deal": deal, "secret": secret}, separators=(",", ":"))


HEX = frozenset("0123456789abcdef")
"""The digits of a secret's text."""


def commitment(table: str, deal: int, seat: int, secret: str) -> str:
    """The hash a page sends before its secret: ``sha256("table|deal|seat|secret")`` as 64 hexadecimal
    digits (the table, deal and seat are bound in, so a hash cannot be replayed at another deal or seat)."""
    return hashlib.sha256(f"{table}|{deal}|{seat}|{secret}".encode()).hexdigest()


def deal_seed(table: str, deal: int, secrets: dict[int, str]) -> int:
    """The deal's shuffle seed, a 256-bit whole number: ``sha256("table|deal|s0:secret0|s1:secret1…")``
    over the secrets in seat order (the host's under its own seat)."""
    parts = "|".join(f"{seat}:{secrets[seat]}" for seat in sorted(secrets))
    return int.from_bytes(hashlib.sha256(f"{table}|{deal}|{parts}".encode()).digest(), "big")


def seed_hex(seed: int) -> str:
    """A seed as 64 hexadecimal digits (JSON numbers of a message hold at most 18 digits)."""
    return f"{seed:064x}"


def check_deal(record_text: str, deal: int, seed: int) -> str | None:
    """Whether deal ``deal`` (1-based) of a game record was dealt by the agreed shuffle: ``None`` if its
    dealt cards (each hand in the order received, and the kitty) — and for deal 1 the draw for dealer — are
    exactly what ``random.Random(seed)`` makes through the engine's shuffle (RULES.md §2, §3), else one line
    saying what differs.

    The record is read with :func:`kingcore.notation.loads` (its limits and checks); the deal's dealer is the
    one the rules give (the record is replayed through the rules), so the shuffle is dealt from that dealer.

    >>> import random
    >>> from kingcore.notation import dumps
    >>> g = Game(); g.draw_dealer(random.Random(9)); g.deal(random.Random(9))
    >>> check_deal(dumps(g), 1, 9) is None
    False
    >>> g = Game(); rng = random.Random(9); g.draw_dealer(rng); g.deal(rng)
    >>> check_deal(dumps(g), 1, 9) is None, check_deal(dumps(g), 1, 10)
    (True, 'deal 1: the draw for dealer is not the agreed shuffle')
    """
    try:
        game = loads(record_text)
    except KingError as e:
        return f"the record does not replay: {e}"[:200]
    if not 1 <= deal <= len(game.deals):
        return f"the record has no deal {deal}"
    info = game.deals[deal - 1]
    fresh = Game(game.rules)
    rng = random.Random(seed)
    if deal == 1:
        fresh.draw_dealer(rng)
        if fresh.draw != game.draw:
            return "deal 1: the draw for dealer is not the agreed shuffle"
    else:
        fresh.set_first_dealer(info.dealer)
    fresh.deal(rng)
    want = fresh.deals[0]
    if want.dealer != info.dealer:
        return f"deal {deal}: dealt by seat {info.dealer}, not by seat {want.dealer}"
    for seat, (got, expected) in enumerate(zip(info.hands, want.hands, strict=True)):
        if got != expected:
            return f"deal {deal}: seat {seat} was dealt other cards than the agreed shuffle"
    if info.kitty != want.kitty:
        return f"deal {deal}: the kitty is not the agreed shuffle"
    return None


MAX_SHUFFLE_TABLES = 8
"""Tables whose fair-deal rounds a friend's page keeps (the latest first): older ones are forgotten."""
MAX_SHUFFLE_DEALS = 64
"""Deals of one table whose rounds it keeps (a rubber has at most 30)."""


class Shuffles:
    """The fair-deal rounds a friend's page committed to, by table and deal — ``(host_hash, secret, hash)`` — and
    the commitments it revealed its secret against (:meth:`revealed`), kept across its connections (one object
    shared by each connection's :class:`~kingcore.online.guest.Guest`) and across reloads (the page stores
    :meth:`to_text`). A host that drops the connection, or waits for a reload, then meets a page that answers the
    round of a deal it committed to with the same commitment, and refuses another round of it; a page reloaded
    after it revealed still checks the deal when it ends.

    >>> s = Shuffles.from_text(None)
    >>> s.put("t1", 3, "ab" * 32, "cd" * 16, "ef" * 32)
    >>> s.reveal("t1", 3, ["ab" * 32, "ef" * 32, None])
    >>> again = Shuffles.from_text(s.to_text())
    >>> again.get("t1", 3) == ("ab" * 32, "cd" * 16, "ef" * 32), again.revealed("t1", 3)[2]
    (True, None)
    >>> Shuffles.from_text("{not json").get("t1", 3) is None
    True
    """

    def __init__(self, tables: dict[str, dict[int, tuple[str, str, str]]] | None = None,
                 hashes: dict[tuple[str, int], list[str | None]] | None = None) -> None:
        self.tables = tables if tables is not None else {}
        self.hashes = hashes if hashes is not None else {}

    def reveal(self, table: str, deal: int, hashes: list[str | None]) -> None:
        """This page revealed its secret of ``deal``'s round at ``table`` against ``hashes`` (per seat)."""
        if self.get(table, deal) is not None:
            self.hashes[(table, deal)] = list(hashes)

    def revealed(self, table: str, deal: int) -> list[str | None] | None:
        """The commitments per seat this page revealed its secret of ``deal``'s round against, or ``None``."""
        return self.hashes.get((table, deal)) if self.get(table, deal) is not None else None

    def get(self, table: str, deal: int) -> tuple[str, str, str] | None:
        """The round of ``deal`` at ``table`` this page committed to, or ``None``."""
        return self.tables.get(table, {}).get(deal)

    def put(self, table: str, deal: int, host_hash: str, secret: str, hash_: str) -> None:
        """This page committed to ``deal``'s round at ``table``; the table becomes the latest kept."""
        deals = self.tables.pop(table, {})
        deals[deal] = (host_hash, secret, hash_)
        self.tables = {table: dict(sorted(deals.items())[-MAX_SHUFFLE_DEALS:]),
                       **dict(list(self.tables.items())[:MAX_SHUFFLE_TABLES - 1])}

    def to_text(self) -> str:
        """The rounds as JSON text, for the page's storage: per table and deal ``[host_hash, secret, hash]``, and
        the commitments revealed against once it revealed."""
        return json.dumps({t: {str(d): [*v, *([self.hashes[(t, d)]] if (t, d) in self.hashes else [])]
                               for d, v in deals.items()} for t, deals in self.tables.items()},
                          separators=(",", ":"))

    @classmethod
    def from_text(cls, text: object) -> Shuffles:
        """The rounds kept in ``text`` (:meth:`to_text`); none when it is missing or damaged (a damaged storage
        loses only them). Never raises."""
        try:
            doc = json.loads(text) if isinstance(text, str) and len(text) <= 200_000 else {}
            tables: dict[str, dict[int, tuple[str, str, str]]] = {}
            hashes: dict[tuple[str, int], list[str | None]] = {}
            for table, deals in list(doc.items())[:MAX_SHUFFLE_TABLES]:
                kept = {int(d): (str(v[0]), str(v[1]), str(v[2])) for d, v in deals.items() if len(v) in (3, 4)}
                tables[str(table)] = dict(sorted(kept.items())[-MAX_SHUFFLE_DEALS:])
                for d, v in deals.items():
                    if len(v) == 4 and isinstance(v[3], list) and len(v[3]) <= 6 and int(d) in tables[str(table)]:
                        hashes[(str(table), int(d))] = [h if isinstance(h, str) else None for h in v[3]]
            return cls(tables, hashes)
        except (ValueError, TypeError, AttributeError, KeyError, IndexError, RecursionError):
            return cls()
