"""The page's catalog for the tests: web/locale/<lang>.po compiled by Babel as build.py does, read by
kingcore.web.Catalog (the standard library's gettext) — strict, so a code without an entry fails."""

from __future__ import annotations

from functools import cache
from pathlib import Path

from babel.messages.pofile import read_po

from kingcore.web import Catalog
from sitebuild.catalogs import compile_catalogs

LOCALE = Path(__file__).parent.parent / "web" / "locale"


@cache
def compiled(lang: str = "en") -> bytes:
    """The ``.mo`` bytes of ``web/locale/<lang>.po``, compiled by the build's own step (the site's bytes)."""
    files = {f"locale/{lang}.po": (LOCALE / f"{lang}.po").read_bytes()}
    compile_catalogs(files)
    return files[f"locale/{lang}.mo"]


def english(strict: bool = True) -> Catalog:
    """A fresh catalog of the English words (``strict``: a code with no entry raises MissingText)."""
    return Catalog.from_mo(compiled("en"), strict=strict)


def msgids(lang: str = "en") -> set[str]:
    """Every code of ``web/locale/<lang>.po``."""
    with open(LOCALE / f"{lang}.po", "rb") as f:
        return {str(m.id[0] if isinstance(m.id, tuple) else m.id) for m in read_po(f) if m.id}
