"""The build step "compile catalogs": gettext message catalogs ``web/**/*.po`` become ``.mo`` in the site.

The page loads the compiled ``.mo`` (Python's :mod:`gettext` reads it; plural forms such as Russian's
1 взятка / 2 взятки / 5 взяток come from the catalog's ``Plural-Forms`` header). The ``.po`` sources stay
out of the site. Compiling uses Babel (a well-kept library), imported only when a catalog exists and
pip-installed into the running Python the first time (as the build fetches its other tools once).
"""

from __future__ import annotations

import datetime
import importlib
import importlib.util
import io
import json
import re
import sys

from .common import BuildError, log, run

BABEL = "babel>=2.12"
"""The catalogs' compiler, the build's one Python dependency."""


def ensure_babel() -> None:
    """Babel importable: pip-installed into the running Python the first time."""
    if importlib.util.find_spec("babel") is None:
        log(f"  installing {BABEL} with pip (compiles the page's catalogs) ...")
        run([sys.executable, "-m", "pip", "install", "--disable-pip-version-check", BABEL], f"pip install {BABEL}")
        importlib.invalidate_caches()


NO_DATE = datetime.datetime(1970, 1, 1, tzinfo=datetime.UTC)
"""The ``POT-Creation-Date`` of a compiled catalog whose ``.po`` gives none (not the build's clock)."""


def compile_catalogs(files: dict[str, bytes]) -> list[str]:
    """Replace every ``X.po`` of ``files`` (relative path -> bytes, changed in place) by ``X.mo``.

    Returns the ``.mo`` paths written, sorted. The output depends only on the ``.po`` bytes: Babel puts a
    ``POT-Creation-Date`` header into the ``.mo`` and, when the ``.po`` has none, uses the clock — so a
    catalog without one gets the fixed :data:`NO_DATE` (two builds a minute apart used to differ).
    Raises BuildError for an unreadable catalog, a missing Babel, or an ``X.mo`` that ``web/`` already holds.
    """
    sources = sorted(rel for rel in files if rel.endswith(".po"))
    if not sources:
        return []
    ensure_babel()
    try:
        from babel.messages.mofile import write_mo
        from babel.messages.pofile import read_po
    except ImportError:
        raise BuildError(f"compiling {sources[0]} needs Babel (pip install babel)") from None
    written = []
    for rel in sources:
        target = rel[:-3] + ".mo"
        if target in files:
            raise BuildError(f"web/{target} exists beside web/{rel}: the build writes it; remove it")
        try:
            catalog = read_po(io.BytesIO(files[rel]), abort_invalid=True)
        except Exception as e:  # Babel raises PoFileError and others for a broken catalog
            raise BuildError(f"web/{rel}: unreadable catalog: {e}") from None
        if b"POT-Creation-Date" not in files[rel]:
            catalog.creation_date = NO_DATE
        out = io.BytesIO()
        write_mo(out, catalog, use_fuzzy=False)
        del files[rel]
        files[target] = out.getvalue()
        written.append(target)
    return written


PAGE_WORDS_MARK = "/*__KING_PAGE_WORDS__*/{}"
"""In web/start.js: replaced by :func:`page_words` (the words the page shows before Python starts)."""


def page_words(files: dict[str, bytes], page: str = "index.html") -> dict[str, object]:
    """What ``start.js`` needs to show the page in its language before Python starts (the loading text,
    the service worker's banners): ``{"words": {lang: {code: text}}, "browser": {subtag: lang}}`` for every
    ``data-t``/``data-t-<attribute>`` code of ``page`` and every ``web/locale/<lang>.po`` of ``files``
    (read before :func:`compile_catalogs` replaces them), and the browser-language map the page's Python
    uses (:data:`kingcore.web.text.BROWSER_LANGUAGES`), so that both threads pick the same language.
    Raises BuildError for an unreadable catalog."""
    from kingcore.web.text import BROWSER_LANGUAGES

    html = files.get(page, b"").decode("utf-8", "replace")
    codes = sorted(set(re.findall(r'\bdata-t(?:-[a-z-]+)?="([^"]+)"', html)))
    words: dict[str, dict[str, str]] = {}
    for rel in sorted(files):
        m = re.fullmatch(r"locale/([a-z]{2,3})\.po", rel)
        if not m or not codes:
            continue
        ensure_babel()
        from babel.messages.pofile import read_po

        try:
            catalog = read_po(io.BytesIO(files[rel]), abort_invalid=True)
        except Exception as e:  # Babel raises PoFileError and others for a broken catalog
            raise BuildError(f"web/{rel}: unreadable catalog: {e}") from None
        words[m.group(1)] = {c: str(catalog[c].string) for c in codes if c in catalog and catalog[c].string}
    return {"words": words, "browser": dict(BROWSER_LANGUAGES)}


def put_page_words(files: dict[str, bytes], script: str = "start.js") -> None:
    """Write :func:`page_words` into ``script`` at :data:`PAGE_WORDS_MARK` (``files`` changed in place;
    nothing when the script or its mark is absent)."""
    text = files.get(script, b"").decode()
    if PAGE_WORDS_MARK in text:
        data = json.dumps(page_words(files), ensure_ascii=False, sort_keys=True, separators=(",", ":"))
        files[script] = text.replace(PAGE_WORDS_MARK, data).encode()
