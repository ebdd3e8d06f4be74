"""Friends online's rooms (issue 28) under CPython: the relays preference (``kingcore.web.relays``, kept by
``kingcore.web.prefs``) — the player's own list validated line by line with a reason the page can word, the stored
choice kept only in shape, and the relays a room is announced on; the words of each reason in every catalog."""

from __future__ import annotations

import json
import re

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from web_catalog import compiled

from kingcore.web import Catalog
from kingcore.web.prefs import sort_prefs
from kingcore.web.relays import (
    DEFAULT_RELAYS,
    MAX_RELAY_LINE,
    MAX_RELAYS,
    RELAY_MODES,
    RelayError,
    parse_relay_list,
    relay_urls,
)

REASONS = ("bad_line", "repeated", "too_long", "too_many", "empty")


@pytest.mark.parametrize("line", [
    "wss://relay.example.org",
    "wss://relay.example.org/",
    "wss://relay.example.org:443/nostr/v2",
    "ws://127.0.0.1:7447",
    "ws://192.0.2.7:7447/",
    "wss://[2001:db8::1]:7447",
    "wss://a.example.org/?x=1",
])
def test_an_own_relay_line(line: str) -> None:
    assert parse_relay_list(f"# our club's relays\n\n  {line}  \n") == [line]


def test_an_own_list_keeps_its_order() -> None:
    text = "wss://b.example.org\nws://127.0.0.1:7447\n# a note\nwss://a.example.org/x"
    assert parse_relay_list(text) == ["wss://b.example.org", "ws://127.0.0.1:7447", "wss://a.example.org/x"]


@pytest.mark.parametrize("text, reason, args", [
    ("https://relay.example.org", "bad_line", {"line": 1, "text": "https://relay.example.org"}),
    ("relay.example.org", "bad_line", {"line": 1, "text": "relay.example.org"}),
    ("WSS://relay.example.org", "bad_line", {"line": 1, "text": "WSS://relay.example.org"}),
    ("wss://", "bad_line", {"line": 1, "text": "wss://"}),
    ("wss://-bad-.example.org", "bad_line", {"line": 1, "text": "wss://-bad-.example.org"}),
    ("wss://relay.example.org:0", "bad_line", {"line": 1, "text": "wss://relay.example.org:0"}),
    ("wss://relay.example.org:65536", "bad_line", {"line": 1, "text": "wss://relay.example.org:65536"}),
    ("wss://user:pw@relay.example.org", "bad_line", {"line": 1, "text": "wss://user:pw@relay.example.org"}),
    ("wss://relay.example.org/#x", "bad_line", {"line": 1, "text": "wss://relay.example.org/#x"}),
    ("wss://rel ay.example.org", "bad_line", {"line": 1, "text": "wss://rel ay.example.org"}),
    ("wss://r\u00e9lay.example.org", "bad_line", {"line": 1, "text": "wss://r\u00e9lay.example.org"}),
    ("wss://relay.example.org\x07", "bad_line", {"line": 1, "text": "wss://relay.example.org\x07"}),
    ("wss://a.example.org\n\nwss://b.example.org\nnonsense", "bad_line", {"line": 4, "text": "nonsense"}),
    ("wss://a.example.org\nwss://A.example.ORG", "repeated", {"line": 2, "first": 1}),
    ("wss://" + "a" * MAX_RELAY_LINE, "too_long", {"line": 1, "n": MAX_RELAY_LINE}),
    ("\n".join(f"wss://r{i}.example.org" for i in range(MAX_RELAYS + 1)), "too_many", {"n": MAX_RELAYS}),
    ("x" * 100_000, "too_many", {"n": MAX_RELAYS}),
    ("", "empty", {}),
    ("# only a note\n\n   \n", "empty", {}),
])
def test_an_own_list_that_cannot_be_used_says_why(text: str, reason: str, args: dict[str, object]) -> None:
    with pytest.raises(RelayError) as e:
        parse_relay_list(text)
    assert (e.value.reason, e.value.args_, e.value.code) == (reason, args, f"relays.{reason}")


@settings(max_examples=300, deadline=None)
@given(st.text(max_size=400) | st.lists(st.sampled_from(
    ["wss://a.example.org", "ws://127.0.0.1:7447", "wss://x", "ws:/bad", "# note", "", "wss://a.example.org:99999"]),
    max_size=12).map("\n".join))
def test_any_text_is_a_list_or_a_reason(text: str) -> None:
    """Whatever the player types: a list of addresses within the limits that web/peer.js takes as they are, or a
    RelayError with one of the reasons the catalogs word — nothing else."""
    try:
        relays = parse_relay_list(text)
    except RelayError as e:
        assert e.reason in REASONS
        return
    assert 1 <= len(relays) <= MAX_RELAYS
    assert len({r.lower() for r in relays}) == len(relays)
    for r in relays:
        assert re.fullmatch(r"wss?://[^\s#@]+", r) and len(r) <= MAX_RELAY_LINE  # peer.js's own check, stricter


def test_the_relays_a_room_is_announced_on() -> None:
    own = "ws://127.0.0.1:7447\nwss://relay.example.org"
    assert relay_urls({}) == list(DEFAULT_RELAYS) == relay_urls({"relays": {"mode": "default", "text": own}})
    assert relay_urls({"relays": {"mode": "none"}}) == []
    assert relay_urls({"relays": {"mode": "own", "text": own}}) == ["ws://127.0.0.1:7447", "wss://relay.example.org"]
    assert relay_urls({"relays": {"mode": "own", "text": "nonsense"}}) == list(DEFAULT_RELAYS)
    assert relay_urls({"relays": "none"}) == list(DEFAULT_RELAYS)
    assert 3 <= len(DEFAULT_RELAYS) <= MAX_RELAYS  # several: one answering is enough
    assert parse_relay_list("\n".join(DEFAULT_RELAYS)) == list(DEFAULT_RELAYS)
    assert all(r.startswith("wss://") for r in DEFAULT_RELAYS)  # TLS: a page served over HTTPS may open them


@pytest.mark.parametrize("relays, kept", [
    ({"mode": "none"}, {"mode": "none"}),
    ({"mode": "default"}, {"mode": "default"}),
    ({"mode": "default", "text": "wss://a.example.org"}, {"mode": "default", "text": "wss://a.example.org"}),
    ({"mode": "own", "text": "ws://127.0.0.1:7447"}, {"mode": "own", "text": "ws://127.0.0.1:7447"}),
    ({"mode": "none", "text": "half typed wss://"}, None),
    ({"mode": "own"}, None),
    ({"mode": "own", "text": "https://a.example.org"}, None),
    ({"mode": "relay"}, None),
    ({"mode": "none", "text": 7}, None),
    ({"mode": "none", "later": True}, None),
    ("none", None),
    (["wss://a.example.org"], None),
])
def test_a_stored_relays_preference_is_kept_only_in_shape(relays: object, kept: object) -> None:
    prefs, dropped = sort_prefs(json.dumps({"relays": relays, "fast": True}))
    assert prefs.get("relays") == kept and prefs["fast"] is True
    assert dropped == ([] if kept else ["relays"])
    assert relay_urls(prefs) == ([] if kept == {"mode": "none"} else relay_urls({"relays": kept or {}}))


def test_the_modes_are_those_of_the_ice_choice() -> None:
    assert RELAY_MODES == ("default", "none", "own")


@pytest.mark.parametrize("lang", ["en", "ru", "uk"])
@pytest.mark.parametrize("text", ["nonsense", "wss://a.example.org\nwss://a.example.org",
                                  "wss://" + "a" * MAX_RELAY_LINE, "",
                                  "\n".join(f"wss://r{i}.example.org" for i in range(MAX_RELAYS + 1))])
def test_every_reason_has_its_words(lang: str, text: str) -> None:
    """Each refusal is said in each language with its line and values (a strict catalog raises on a missing
    code or placeholder): as the Options dialog says the ICE list's."""
    cat = Catalog.from_mo(compiled(lang), strict=True)
    with pytest.raises(RelayError) as e:
        parse_relay_list(text)
    args = {k: v for k, v in e.value.args_.items() if k != "n"}
    said = cat.n(e.value.code, int(e.value.args_["n"]), **args) if "n" in e.value.args_ else cat.t(e.value.code, **args)
    assert said and e.value.code not in said
    for value in args.values():
        assert str(value) in said
    if "n" in e.value.args_:
        assert str(e.value.args_["n"]) in said
