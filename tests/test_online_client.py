"""A friend's client written from docs/NET.md alone — JSON texts, SHA-256 and HMAC, nothing of
``kingcore.online``'s guest side — against the host's objects (``Lobby`` in front of ``Host``): the lobby,
taking a free seat, the fair round's commitment and secret, a whole deal played from the views, the deal's
secrets and seed checked, and the seat taken back on a new connection with the key's proof, the host's proof
checked in return. If the documents leave out something a client needs, this test cannot pass."""

from __future__ import annotations

import hashlib
import hmac
import json
import random
import secrets
from typing import Any

from kingcore.game import Phase
from kingcore.online import Host, Lobby, online_session
from kingcore.online.deal.commit import check_deal
from kingcore.online.room import new_room
from kingcore.web import ONLINE


class DocClient:
    """One connection of a friend's page, as docs/NET.md describes the texts ("Messages", "Rooms", "Fair
    deals")."""

    def __init__(self, lobby: Lobby, peer: str) -> None:
        self.lobby, self.peer, self.n = lobby, peer, 0
        self.inbox: list[dict[str, Any]] = []
        self.secrets: dict[int, str] = {}
        self.hashes: dict[int, str] = {}
        self.nonce = secrets.token_hex(16)
        self.host_nonce = ""
        self.deliver(lobby.connect(peer))

    def deliver(self, outs: list[tuple[str, str | None]]) -> None:
        for peer, text in outs:
            if peer == self.peer and text is not None:
                doc = json.loads(text)
                assert doc["v"] == 2 and isinstance(doc["n"], int), doc  # "Every message is one JSON object"
                self.inbox.append(doc)

    def send(self, kind: str, **fields: Any) -> list[tuple[str, str | None]]:
        self.n += 1
        outs = self.lobby.receive(self.peer, json.dumps({"v": 2, "kind": kind, "n": self.n, **fields}))
        self.deliver(outs)
        return outs

    def last(self, kind: str) -> dict[str, Any]:
        return next(doc for doc in reversed(self.inbox) if doc["kind"] == kind)

    def kinds(self) -> list[str]:
        return [doc["kind"] for doc in self.inbox]


def answer_round(client: DocClient, table: str, seat: int, done: set[int]) -> None:
    """The fair round as "Fair deals" says: commit sha256("table|deal|seat|secret"), then reveal the secret."""
    for i, doc in enumerate(list(client.inbox)):
        if i in done:
            continue
        done.add(i)
        if doc["kind"] == "commit?":
            secret = secrets.token_hex(32)
            deal = doc["deal"]
            client.secrets[deal] = secret
            client.hashes[deal] = hashlib.sha256(f"{table}|{deal}|{seat}|{secret}".encode()).hexdigest()
            client.send("commit", deal=deal, hash=client.hashes[deal])
        elif doc["kind"] == "reveal?":
            deal = doc["deal"]
            assert doc["hashes"][seat] == client.hashes[deal]
            client.send("reveal", deal=deal, secret=client.secrets[deal])


def test_a_client_from_the_documents_takes_a_seat_plays_a_deal_checks_it_and_comes_back() -> None:
    levels = ["human", ONLINE, "random", "random"]
    session = online_session({}, {"levels": levels}, random.Random(11))
    host = Host(session)
    rng = random.Random(12)
    lobby = Lobby(host, new_room(4, rng.randbytes), randbytes=rng.randbytes)
    client = DocClient(lobby, "docs")
    first = client.inbox[0]
    assert first["kind"] == "lobby" and first["taken"] == [True, False, True, True] and first["levels"] == levels
    table, seat = first["table"], 1
    client.host_nonce = first["nonce"]
    client.send("take", table=table, seat=seat, name="Docs", **{"pass": None})
    welcome = client.last("welcome")
    key = welcome["key"]
    assert welcome["seat"] == seat and len(key) == 64 and welcome["proof"] is None

    # the host's page deals through the fair round, then plays its own seat and the bots; the client plays its
    done: set[int] = set()
    client.deliver(lobby.send(host.start_deal(secrets.token_hex(32))))
    answer_round(client, table, seat, done)
    answer_round(client, table, seat, done)
    assert host.dealt is not None
    client.deliver(lobby.send(host.deal()))
    moves = 0
    while session.game.phase not in (Phase.DEAL_OVER, Phase.RUBBER_OVER):
        to_move = session.game.to_move
        if to_move == seat:
            vm = client.last("view")["vm"]
            assert vm["my_turn"] and vm["seat"] == seat
            legal = [c["card"] for c in vm["hand"] if c["legal"]] + [m["token"] for m in vm["moves"]]
            client.send("intent", token=rng.choice(legal), at=client.last("view")["at"])
            moves += 1
        else:
            assert to_move is not None
            options = [str(m) for m in session.game.legal_moves()]
            assert session.apply(rng.choice(options), to_move)["ok"]
            client.deliver(lobby.changed())
    assert moves >= 1
    # "Check": the deal's secrets and seed, then its record
    dealt = client.last("dealt")
    parts = "|".join(f"{s}:{x}" for s, x in enumerate(dealt["secrets"]) if x is not None)
    seed = int.from_bytes(hashlib.sha256(f"{table}|{dealt['deal']}|{parts}".encode()).digest(), "big")
    assert dealt["secrets"][seat] == client.secrets[1] and dealt["seed"] == f"{seed:064x}"
    record = client.last("record")
    assert record["deal"] == 1 and check_deal(record["text"], 1, seed) is None  # the record is the seed's shuffle

    # the page reloads: a new connection takes the seat back with the key's proof ("Rooms")
    lobby.lost("docs")
    again = DocClient(lobby, "docs-2")
    host_nonce = again.inbox[0]["nonce"]
    proof = hmac.new(bytes.fromhex(key), f"back|{table}|{seat}|{host_nonce}|{again.nonce}".encode(),
                     hashlib.sha256).hexdigest()
    again.send("back", table=table, seat=seat, nonce=again.nonce, proof=proof)
    back = again.last("welcome")
    expected = hmac.new(bytes.fromhex(key), f"host|{table}|{seat}|{host_nonce}|{again.nonce}".encode(),
                        hashlib.sha256).hexdigest()
    assert back["proof"] == expected and back["key"] is None and back["joined_at"] == 1
    assert again.last("view")["vm"]["seat"] == seat and lobby.presence()[seat] == "here"
    # a wrong proof takes nothing
    stranger = DocClient(lobby, "stranger")
    stranger.send("back", table=table, seat=seat, nonce=stranger.nonce, proof="00" * 32)
    assert stranger.last("refused")["reason"] == "bad_key" and lobby.peer_of(seat) == "docs-2"
