"""Friends online (docs/NET.md): a rubber of the host's page shared with friends in other browsers, with no
server of ours. Pure Python, sans-I/O — texts and the time in, texts to send and what happened out; the page
(``web/king/net.py``, ``guest.py``) moves them over WebRTC data channels. Read top-down:

* :mod:`.lobby` — :class:`Lobby`, the host's door: every connection from the lobby (take a free seat, take
  one's own back with its key) to a seat of the :class:`Host`; who is there (presence); the turn limit;
* :mod:`.host` — :class:`Host`, the host's side of the table: wraps the host page's
  :class:`kingcore.web.Session`; :func:`online_session`, a new rubber whose first deal the fair round makes;
* :mod:`.guest` — :class:`Guest`, a friend's side: checks every message before its page draws it;
* :mod:`.messages` — the protocol's kinds, version and limits, and the one reader that checks a peer's text
  at the border (:func:`decode`, :func:`check_view`, :func:`check_invite`, :func:`read_answer`);
* :mod:`.room` — the room: the table's link and secret, seat keys and the proofs of them, a friend's tickets;
* :mod:`.deal` — how a deal is made fair: today's commit–reveal–shuffle (:mod:`.deal.commit`);
* :mod:`.qr` — the QR code of an invite link or an answer code (segno, imported on first use).

Layers: this package reads :mod:`kingcore.web` (the session) and the engine; nothing of them reads it
(``tests/test_layers.py``). The page's start-up wheel leaves the whole package out: it ships in the
friends-online wheel, installed on first use (``web/king/netload.py``).
"""

from .deal.commit import check_deal, commitment, deal_seed, kept_secret, new_secret
from .guest import Guest, Shuffles
from .host import FAIR_TIMEOUT_S, Host, Out, online_session
from .lobby import Lobby, POut
from .messages import (
    FLOOD_LIMIT,
    GUEST_KINDS,
    HOST_KINDS,
    MAX_MESSAGE,
    PROTOCOL,
    REASONS,
    NetError,
    answer_text,
    check_invite,
    check_view,
    decode,
    encode,
    read_answer,
)
from .qr import QrError, qr_svg

__all__ = [
    "FAIR_TIMEOUT_S",
    "FLOOD_LIMIT",
    "GUEST_KINDS",
    "HOST_KINDS",
    "MAX_MESSAGE",
    "PROTOCOL",
    "REASONS",
    "Guest",
    "Host",
    "Lobby",
    "NetError",
    "Out",
    "POut",
    "QrError",
    "Shuffles",
    "answer_text",
    "check_deal",
    "check_invite",
    "check_view",
    "commitment",
    "deal_seed",
    "decode",
    "encode",
    "kept_secret",
    "new_secret",
    "online_session",
    "qr_svg",
    "read_answer",
]
