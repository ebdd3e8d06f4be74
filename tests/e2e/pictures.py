"""Pictures of the page for a person to look at (artifacts/), taken when asked for: ``KING_LAYOUT_SHOTS=all``
(the layout test's own pictures too). A test takes a picture of a screen that failed its check whatever
the setting. Every picture cost 0.3–0.6 s of Chromium on the shared 2-core machine (the tables' tests
95 → 45 s without them)."""

from __future__ import annotations

import os
from pathlib import Path
from typing import Any

PICTURES = os.environ.get("KING_LAYOUT_SHOTS") == "all"
"""Whether the browser tests keep a picture of every screen they check, not only of a failed one."""


def picture(page: Any, path: Path) -> None:
    """A picture of ``page``'s viewport at ``path``, when asked for (:data:`PICTURES`)."""
    if PICTURES:
        page.screenshot(path=str(path))
