"""The spec mini-language shared by :class:`~kingcore.rules.Rules` and :func:`~kingcore.bots.base.make_bot`:
``name`` or ``name(key=value,key=value,...)``.

Grammar (ASCII only, blanks allowed around every token)::

    spec   := name [ "(" [ item ("," item)* ] ")" ]
    name   := [A-Za-z_][A-Za-z0-9_]*
    item   := key "=" value  |  word          # a bare word continues the previous value (lists)
    key    := [A-Za-z_][A-Za-z0-9_]*
    value  := [A-Za-z0-9_.+:-]*

A bare word after ``key=value`` continues that value as a comma-separated list when the caller allows
lists (``deal_order=tricks,hearts,boys,girls,king,last_two``); otherwise it is an error. The text is at most
:data:`~kingcore.limits.MAX_SPEC` characters, read in linear time; errors name the column.

>>> parse_spec("pimc(samples=40, budget_ms=5)")
('pimc', {'samples': '40', 'budget_ms': '5'})
>>> parse_spec("king(deal_order=tricks,hearts,boys,girls,king,last_two)", lists=True)[1]
{'deal_order': 'tricks,hearts,boys,girls,king,last_two'}
>>> split_specs("pimc(samples=20,budget_ms=5), heuristic")
['pimc(samples=20,budget_ms=5)', 'heuristic']
"""

from __future__ import annotations

import re

from .errors import NotationError
from .limits import MAX_SPEC, quote

_NAME = re.compile(r"[A-Za-z_][A-Za-z0-9_]*")
_VALUE = re.compile(r"[A-Za-z0-9_.+:\-]*")
_ALLOWED = re.compile(r"[A-Za-z0-9_.+:\-=,() \t]*")
_FLOAT = re.compile(r"-?[0-9]{1,9}(?:\.[0-9]{1,9})?")


class SpecError(NotationError):
    """A spec ``name(key=value,...)`` that cannot be read; ``column`` is 1-based."""


def parse_spec(text: str, lists: bool = False, what: str = "spec") -> tuple[str, dict[str, str]]:
    """Split ``name(a=1,b=x)`` into the name and the raw value texts, keys in the order given.

    Args:
        text: the spec; lists: a bare word continues the previous value (``a=x,y`` → ``"x,y"``);
        what: the kind of spec for messages (``"rules text"``, ``"bot"``).

    Raises:
        SpecError: too long, a character outside the grammar, bad syntax, or a key given twice — with
            the column and at most 80 characters of the text.
    """
    if not isinstance(text, str):
        raise SpecError(f"bad {what}: expected text, not {type(text).__name__}")
    if len(text) > MAX_SPEC:
        raise SpecError(f"bad {what}: {len(text):,} characters (at most {MAX_SPEC:,})", text[:80], 1, 1)

    def err(col: int, msg: str) -> SpecError:
        return SpecError(f"bad {what} {quote(text)} at column {col}: {msg}", text[:80], 1, col)

    ok = _ALLOWED.match(text)
    assert ok is not None
    if ok.end() != len(text):
        raise err(ok.end() + 1, f"character {text[ok.end()]!r} is not allowed")
    lead = len(text) - len(text.lstrip())
    t = text.strip()
    m = _NAME.match(t)
    if m is None:
        raise err(lead + 1, "expected a name")
    name = m.group(0)
    rest = t[m.end():].lstrip()
    if not rest:
        return name, {}
    open_at = lead + len(t) - len(rest)
    if not rest.startswith("(") or not rest.endswith(")"):
        raise err(open_at + 1, "expected name(key=value,...)")
    body = rest[1:-1]
    if "(" in body or ")" in body:
        k = body.find("(") if "(" in body else body.find(")")
        raise err(open_at + 2 + k, "parentheses do not nest in a spec")
    items: dict[str, list[str]] = {}
    last: list[str] | None = None
    col = open_at + 2
    for tok in body.split(","):
        here = col + len(tok) - len(tok.lstrip())
        col += len(tok) + 1
        s = tok.strip()
        key, eq, val = s.partition("=")
        key, val = key.strip(), val.strip()
        if eq:
            if not _NAME.fullmatch(key):
                raise err(here, f"{quote(key, 20)} is not a name")
            if not _VALUE.fullmatch(val):
                raise err(here, f"bad value {quote(val, 20)} for {key}")
            if key in items:
                raise err(here, f"{key} is given twice")
            last = items[key] = [val]
        elif not s and not items and body.strip() == "":
            continue  # name()
        elif lists and last is not None and _VALUE.fullmatch(s) and s:
            last.append(s)
        else:
            raise err(here, f"{quote(s, 20)} is not key=value")
    return name, {k: ",".join(v) for k, v in items.items()}


def split_specs(text: str) -> list[str]:
    """Split a comma-separated list of specs at the commas outside parentheses (linear time); a blank
    text is the empty list.

    Raises:
        SpecError: unbalanced parentheses, an empty item, or a text over the size limit.
    """
    if len(text) > MAX_SPEC:
        raise SpecError(f"bad spec list: {len(text):,} characters (at most {MAX_SPEC:,})", text[:80], 1, 1)
    if not text.strip():
        return []
    out: list[str] = []
    depth = 0
    start = 0
    for m in re.finditer(r"[(),]", text):
        ch = m.group(0)
        if ch == "(":
            depth += 1
        elif ch == ")":
            depth -= 1
            if depth < 0:
                raise SpecError(f"bad spec list {quote(text)}: ')' without '(' at column {m.start() + 1}",
                                text[:80], 1, m.start() + 1)
        elif depth == 0:
            out.append(text[start:m.start()].strip())
            start = m.end()
    if depth:
        raise SpecError(f"bad spec list {quote(text)}: '(' without ')'", text[:80], 1, len(text))
    out.append(text[start:].strip())
    if any(not s for s in out):
        raise SpecError(f"bad spec list {quote(text)}: an empty item", text[:80], 1, 1)
    return out


def spec_float(text: str) -> float | None:
    """The value of a decimal like ``0.25`` or ``-3`` (ASCII digits, at most 9 before and after the point),
    else ``None`` (no ``nan``, ``inf``, ``1e9``, ``1_0`` or non-ASCII digits, which ``float()`` accepts)."""
    t = text.strip()
    return float(t) if _FLOAT.fullmatch(t) else None


__all__ = ["SpecError", "parse_spec", "spec_float", "split_specs"]
