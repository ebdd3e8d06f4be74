"""The build step "compile catalogs": gettext message catalogs ``web/**/*.po`` become ``.mo`` in the site.

The page loads the compiled ``.mo`` (Python's :mod:`gettext` reads it; plural forms such as Russian's
1 взятка / 2 взятки / 5 взяток come from the catalog's ``Plural-Forms`` header). The ``.po`` sources stay
out of the site. Compiling uses Babel (a well-kept library), imported only when a catalog exists and
pip-installed into the running Python the first time (as the build fetches its other tools once).
"""

from __future__ import annotations

import importlib
import importlib.util
import io
import sys

from .common import BuildError, log, run

BABEL = "babel>=2.12"
"""The catalogs' compiler, the build's one Python dependency."""


def compile_catalogs(files: dict[str, bytes]) -> list[str]:
    """Replace every ``X.po`` of ``files`` (relative path -> bytes, changed in place) by ``X.mo``.

    Returns the ``.mo`` paths written, sorted. The output depends only on the ``.po`` bytes (Babel writes
    no timestamp into a ``.mo``). Raises BuildError for an unreadable catalog, a missing Babel, or an
    ``X.mo`` that ``web/`` already holds.
    """
    sources = sorted(rel for rel in files if rel.endswith(".po"))
    if not sources:
        return []
    if importlib.util.find_spec("babel") is None:
        log(f"  installing {BABEL} with pip (compiles the page's catalogs) ...")
        run([sys.executable, "-m", "pip", "install", "--disable-pip-version-check", BABEL], f"pip install {BABEL}")
        importlib.invalidate_caches()
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
        out = io.BytesIO()
        write_mo(out, catalog, use_fuzzy=False)
        del files[rel]
        files[target] = out.getvalue()
        written.append(target)
    return written
