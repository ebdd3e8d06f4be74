"""The page's keys (issue 13): one table of the single keys that work anywhere on the page — each clicks one
button of the page, so a key does exactly what that button does, and nothing when the button is hidden or
disabled — the rule that decides whether a key press is one of them (never while typing in a field, never
under a modal dialog other than the keys panel, never with Ctrl, Alt or Meta), and the "?" panel that lists
them with the hand's keys. Pure: no document.

>>> key_action("h", "KeyH")
'btn-hint'
>>> key_action("р", "KeyH")  # the same physical key on a Russian or Ukrainian layout
'btn-hint'
>>> key_action("h", "KeyH", target="INPUT", input_type="text"), key_action("h", "KeyH", modal="help-dialog")
(None, None)
>>> key_action("?", "Slash", shift=True, modal=KEYS_DIALOG)
'btn-keys'
"""

from __future__ import annotations

from dataclasses import dataclass

from ..dom import Node, h
from ..words import Catalog

KEYS_DIALOG = "keys-dialog"
"""The id of the keys panel (a modal ``<dialog>``): the one modal dialog under which the keys still work."""


@dataclass(frozen=True)
class Key:
    """One key: ``key`` is what it types on an English layout (``KeyboardEvent.key``, lower case),
    ``code`` the physical key (``KeyboardEvent.code``, so that it works on any layout; ``""``: by ``key``
    only), ``button`` the id of the page's button it clicks, ``text`` the catalog code of what it does."""

    key: str
    code: str
    button: str
    text: str


KEYS: tuple[Key, ...] = (
    Key("h", "KeyH", "btn-hint", "keys.hint"),
    Key("l", "KeyL", "btn-last", "keys.last"),
    Key("t", "KeyT", "btn-history", "keys.history"),
    Key("s", "KeyS", "btn-sheet", "keys.sheet"),
    Key("u", "KeyU", "btn-undo", "keys.undo"),
    Key("n", "KeyN", "btn-new", "keys.new"),
    Key("r", "KeyR", "btn-help", "keys.help"),
    Key("o", "KeyO", "btn-options", "keys.options"),
    Key("?", "", "btn-keys", "keys.keys"),
)
"""The page's keys, in the order the "?" panel lists them."""

OPTIONAL_BUTTONS = frozenset({"btn-undo"})
"""Buttons a key may name that a page can lack (undo is an option of its own): the key then does nothing
and the panel leaves it out."""

HAND_KEYS: tuple[tuple[tuple[str, ...], str], ...] = (
    (("←", "→", "↑", "↓"), "keys.move"),
    (("Home", "End"), "keys.ends"),
    (("Enter", "keys.k_space"), "keys.play"),
    (("Tab",), "keys.tab"),
    (("Esc",), "keys.close"),
)
"""The keys of the hand, the call screens and the dialogs (the browser's and the hand's own): their caps —
as printed on keyboards in every language, or a catalog code (``keys.…``) for a key named in words — and
the catalog code of what they do."""

TYPING_INPUTS = frozenset({"text", "search", "number", "email", "password", "tel", "url", "date", "time",
                           "datetime-local", "month", "week"})
"""``<input>`` types that take typed text (a key press there is typing, never a page key)."""


def is_typing(target: str, input_type: str = "", editable: bool = False) -> bool:
    """Whether a key press on an element (its tag name ``target``, upper case as the DOM gives it; its
    ``type`` when an input; whether it is content-editable) is typing rather than a page key.

    >>> is_typing("INPUT", "number"), is_typing("SELECT"), is_typing("INPUT", "checkbox"), is_typing("BUTTON")
    (True, True, False, False)
    """
    return editable or target in ("TEXTAREA", "SELECT") or (target == "INPUT" and input_type.lower() in TYPING_INPUTS)


def key_action(key: str, code: str, *, shift: bool = False, ctrl: bool = False, alt: bool = False,
               meta: bool = False, target: str = "BODY", input_type: str = "", editable: bool = False,
               modal: str = "") -> str | None:
    """The id of the button a key press clicks, or ``None`` when the press is not a page key.

    ``key`` and ``code`` are the event's ``key`` and ``code``; the modifiers its flags; ``target``,
    ``input_type`` and ``editable`` describe the focused element (see :func:`is_typing`); ``modal`` is the
    id of the modal dialog open (``""``: none). A letter matches by what it types when that is a Latin
    letter, else by its physical key (a Cyrillic layout); "?" by what it types, or Shift with the key that
    types "/" on an English layout.
    """
    if ctrl or alt or meta or is_typing(target, input_type, editable) or modal not in ("", KEYS_DIALOG):
        return None
    typed = key.lower()
    latin = len(typed) == 1 and "a" <= typed <= "z"
    for k in KEYS:
        if typed == k.key or (k.code and not latin and code == k.code and not shift):
            return k.button
    if shift and code == "Slash":
        return "btn-keys"
    return None


def key_name(k: Key) -> str:
    """What a key's cap shows: ``H``, ``?``."""
    return k.key.upper()


def caps(cat: Catalog, names: tuple[str, ...]) -> list[Node | str]:
    """Key caps (``<kbd>``), a space between them: each a cap's print, or a catalog code (``keys.…``)."""
    out: list[Node | str] = []
    for cap in names:
        out.extend([" "] if out else [])
        out.append(h("kbd", None, cat.t(cap) if cap.startswith("keys.") else cap))
    return out


def keys_panel(cat: Catalog, present: set[str] | frozenset[str]) -> list[Node]:
    """The "?" panel's content: a title and a table of keys — the page's keys whose button the page has
    (``present``: the ids of the page's buttons), then the hand's and the dialogs' keys."""
    rows = [h("tr", None, h("th", {"scope": "row"}, h("kbd", None, key_name(k))), h("td", None, cat.t(k.text)))
            for k in KEYS if k.button in present]
    hand_rows = [h("tr", None, h("th", {"scope": "row"}, caps(cat, codes)), h("td", None, cat.t(text)))
                 for codes, text in HAND_KEYS]
    head = h("thead", None, h("tr", None, h("th", {"scope": "col"}, cat.t("keys.key")),
                                h("th", {"scope": "col"}, cat.t("keys.does"))))
    return [h("h2", {"id": "keys-title"}, cat.t("keys.title")),
            h("p", {"class": "dialog-lead"}, cat.t("keys.lead")),
            h("table", {"class": "keys-table"}, head, h("tbody", None, rows, hand_rows))]
