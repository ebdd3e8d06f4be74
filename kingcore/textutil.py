"""Small helpers for reading numbers from text safely (ASCII digits only, bounded length).

:func:`small_int` lives in :mod:`kingcore.limits` with the other input limits; it is re-exported here.
"""

from __future__ import annotations

from .limits import small_int

__all__ = ["small_int"]
