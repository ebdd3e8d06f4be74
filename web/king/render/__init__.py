"""Pure renderers: a view model (``kingcore.web``) and the catalog in, a tree of nodes (``king.dom``) out.
No document, no storage, no clock: each is unit-tested under CPython (tests/test_web_render.py)."""
