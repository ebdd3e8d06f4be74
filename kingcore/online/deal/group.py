"""The commutative cipher's group: NIST P-256, a prime-order elliptic-curve group (cofactor 1), for mental
poker's SRA / Pohlig–Hellman cipher (Shamir, Rivest, Adleman 1979; docs/NET.md "Mental poker").

A card is a fixed public :class:`Element`: RFC 9380's ``hash_to_curve`` (suite ``P256_XMD:SHA-256_SSWU_RO_``)
of the card's text under this project's own domain tag, so nobody knows a discrete logarithm between two
cards. A lock is a secret scalar ``k`` (1 ≤ k < :data:`ORDER`); locking is scalar multiplication, ``x * k``,
and unlocking multiplies by ``pow(k, -1, ORDER)``. Locks commute: ``x * a * b == x * b * a``.

The arithmetic is python-ecdsa's (pure Python, ``ecdsa.ellipticcurve.PointJacobi``): measured in docs/PERF.md
("Mental poker"), 2.0 ms a scalar multiplication in CPython 3.11 and 6.7 ms in the vendored Pyodide.

A peer's text never raises anything but :class:`GroupError` (``code`` ``bad_element`` or ``bad_scalar``):
:func:`read_element` accepts only the 44-character base64url text of a compressed point on the curve, and
:func:`read_scalar` only the 43-character text of a scalar in 1 … ORDER − 1.

>>> a, b = 0x1234, 0x5678
>>> x = card_element(0)
>>> (x * a * b) == (x * b * a), (x * a) * inverse(a) == x
(True, True)
>>> read_element((x * a).text()) == x * a
True
"""

from __future__ import annotations

import base64
import binascii
import hashlib
from collections.abc import Callable
from functools import lru_cache

from ecdsa import curves
from ecdsa.ellipticcurve import PointJacobi

from ...cards import Card

_CURVE = curves.NIST256p
ORDER: int = _CURVE.order
"""The group's prime order n (P-256)."""
_P: int = _CURVE.curve.p()
_A: int = _CURVE.curve.a() % _P
_B: int = _CURVE.curve.b()
_Z = _P - 10  # RFC 9380 §8.2: Z = -10 for P-256's simplified SWU map
ELEMENT_CHARS = 44
"""The text of an element: base64url (no padding) of its 33-byte compressed SEC 1 encoding."""
SCALAR_CHARS = 43
"""The text of a scalar: base64url (no padding) of 32 big-endian bytes."""
DST = b"KING-MENTAL-POKER-V1-CARDS_P256_XMD:SHA-256_SSWU_RO_"
"""The domain tag the cards are hashed under (RFC 9380 §3.1): a name of this use, nothing up the sleeve."""


class GroupError(ValueError):
    """A peer's element or scalar that is not one: ``code`` is ``bad_element`` or ``bad_scalar``."""

    def __init__(self, code: str, message: str) -> None:
        super().__init__(message)
        self.code = code


class Element:
    """A point of the group other than the identity (every element here is one: the cards, and a card
    locked by scalars in 1 … n − 1). Immutable; equal when the points are equal.

    ``x * k`` locks with the scalar ``k``; :meth:`text` is the 44-character wire form. A copy (``copy.copy``,
    ``copy.deepcopy``) is the element itself.
    """

    __slots__ = ("_point", "_text")

    def __init__(self, point: PointJacobi, text: str | None = None) -> None:
        self._point = point
        self._text = text

    def __mul__(self, k: int) -> Element:
        return Element(self._point * k)

    def __copy__(self) -> Element:
        return self  # immutable: a copy of a page's state shares its elements, as a copy of a str does

    def __deepcopy__(self, memo: dict[int, object]) -> Element:
        return self

    def text(self) -> str:
        """The wire form: base64url without padding of the compressed point (44 characters)."""
        if self._text is None:
            raw = self._point.to_bytes("compressed")
            self._text = base64.urlsafe_b64encode(raw).decode("ascii").rstrip("=")
        return self._text

    def __eq__(self, other: object) -> bool:
        return isinstance(other, Element) and self.text() == other.text()

    def __hash__(self) -> int:
        return hash(self.text())

    def __repr__(self) -> str:
        return f"Element({self.text()!r})"


def read_element(text: object) -> Element:
    """The element a peer sent as text.

    Raises:
        GroupError: ``bad_element``: not a string of 44 base64url characters, not a compressed point's
            encoding, or not on the curve (P-256 has cofactor 1: every point of the curve but the identity,
            which has no compressed encoding, is in the group).
    """
    if not isinstance(text, str) or len(text) != ELEMENT_CHARS:
        raise GroupError("bad_element", f"a group element is {ELEMENT_CHARS} base64url characters")
    try:
        raw = base64.urlsafe_b64decode(text + "=" * (-len(text) % 4))
    except (binascii.Error, ValueError):
        raise GroupError("bad_element", "a group element is base64url text") from None
    if len(raw) != 33 or raw[0] not in (2, 3):
        raise GroupError("bad_element", "a group element is a compressed point (33 bytes, 02 or 03 first)")
    x = int.from_bytes(raw[1:], "big")
    if x >= _P:
        raise GroupError("bad_element", "the point's x is not below the field's prime")
    y2 = (pow(x, 3, _P) + _A * x + _B) % _P
    y = pow(y2, (_P + 1) // 4, _P)  # p ≡ 3 (mod 4)
    if y * y % _P != y2:
        raise GroupError("bad_element", "the point is not on the curve")
    if y & 1 != raw[0] & 1:
        y = _P - y
    if y == 0 and raw[0] == 3:
        raise GroupError("bad_element", "the point's encoding is not canonical")
    return Element(PointJacobi(_CURVE.curve, x, y, 1, ORDER), text)


def scalar_text(k: int) -> str:
    """The wire form of a scalar: base64url without padding of 32 big-endian bytes (43 characters)."""
    return base64.urlsafe_b64encode(k.to_bytes(32, "big")).decode("ascii").rstrip("=")


def read_scalar(text: object) -> int:
    """The scalar a peer sent as text (a key: 1 … ORDER − 1, so invertible).

    Raises:
        GroupError: ``bad_scalar``: not 43 base64url characters, or not in 1 … ORDER − 1.
    """
    if not isinstance(text, str) or len(text) != SCALAR_CHARS:
        raise GroupError("bad_scalar", f"a key is {SCALAR_CHARS} base64url characters")
    try:
        raw = base64.urlsafe_b64decode(text + "=")
    except (binascii.Error, ValueError):
        raise GroupError("bad_scalar", "a key is base64url text") from None
    k = int.from_bytes(raw, "big")
    if not 0 < k < ORDER or scalar_text(k) != text:
        raise GroupError("bad_scalar", "a key is a number from 1 to the group's order less one")
    return k


def random_below(n: int, randbytes: Callable[[int], bytes]) -> int:
    """A uniform integer in 0 … n − 1 from ``randbytes(count) -> bytes`` (the platform's random source),
    by rejection: no modulo bias."""
    if n <= 0:
        raise ValueError("random_below needs n > 0")
    nbytes = (n.bit_length() + 7) // 8
    mask = (1 << n.bit_length()) - 1
    while True:
        r = int.from_bytes(randbytes(nbytes), "big") & mask
        if r < n:
            return r


def random_scalar(randbytes: Callable[[int], bytes]) -> int:
    """A uniform secret scalar in 1 … ORDER − 1 (every one is invertible: the order is prime)."""
    return 1 + random_below(ORDER - 1, randbytes)


def inverse(k: int) -> int:
    """The unlocking scalar of ``k``: ``pow(k, -1, ORDER)``."""
    return pow(k, -1, ORDER)


def expand_message_xmd(msg: bytes, dst: bytes, length: int) -> bytes:
    """RFC 9380 §5.3.1 with SHA-256: ``length`` uniform bytes from ``msg`` under the tag ``dst``."""
    ell = -(-length // 32)
    if ell > 255 or len(dst) > 255 or length > 65535:
        raise ValueError("expand_message_xmd: length or tag too long")
    dst_prime = dst + bytes([len(dst)])
    b0 = hashlib.sha256(bytes(64) + msg + length.to_bytes(2, "big") + b"\0" + dst_prime).digest()
    out = b = hashlib.sha256(b0 + b"\1" + dst_prime).digest()
    for i in range(2, ell + 1):
        b = hashlib.sha256(bytes(x ^ y for x, y in zip(b0, b, strict=True)) + bytes([i]) + dst_prime).digest()
        out += b
    return out[:length]


def hash_to_field(msg: bytes, dst: bytes, count: int = 2) -> list[int]:
    """RFC 9380 §5.2 for P-256 (L = 48 bytes an element)."""
    raw = expand_message_xmd(msg, dst, 48 * count)
    return [int.from_bytes(raw[48 * i:48 * (i + 1)], "big") % _P for i in range(count)]


def map_to_curve(u: int) -> tuple[int, int]:
    """RFC 9380 §6.6.2, the simplified SWU map for P-256 (A = −3, Z = −10): a field element to a point's
    affine ``(x, y)``."""
    def inv0(v: int) -> int:
        return pow(v, _P - 2, _P)

    u2 = u * u % _P
    tv1 = inv0((_Z * _Z * u2 * u2 + _Z * u2) % _P)
    x1 = (_P - _B) * inv0(_A) * (1 + tv1) % _P if tv1 else _B * inv0(_Z * _A) % _P
    gx1 = (x1 * x1 * x1 + _A * x1 + _B) % _P
    y1 = pow(gx1, (_P + 1) // 4, _P)
    if y1 * y1 % _P == gx1:
        x, y = x1, y1
    else:
        x = _Z * u2 * x1 % _P
        gx2 = (x * x * x + _A * x + _B) % _P
        y = pow(gx2, (_P + 1) // 4, _P)
    if u & 1 != y & 1:
        y = _P - y
    return x, y


def hash_to_group(msg: bytes, dst: bytes = DST) -> Element:
    """RFC 9380 ``hash_to_curve`` with suite ``P256_XMD:SHA-256_SSWU_RO_`` (the cofactor is 1)."""
    u0, u1 = hash_to_field(msg, dst)
    c = _CURVE.curve
    q = PointJacobi(c, *map_to_curve(u0), 1, ORDER) + PointJacobi(c, *map_to_curve(u1), 1, ORDER)
    return Element(q)


@lru_cache(maxsize=52)
def card_element(index: int) -> Element:
    """The public element of the card with bit index ``index`` (0 … 51, :attr:`kingcore.cards.Card.index`):
    :func:`hash_to_group` of its text, e.g. ``b"card:QS"``."""
    return hash_to_group(b"card:" + str(Card.from_index(index)).encode("ascii"))


def card_table(indexes: list[int]) -> dict[Element, int]:
    """Each card's element to its index, for the cards of a deck (to read an unlocked card back)."""
    return {card_element(i): i for i in indexes}
