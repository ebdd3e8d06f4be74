"""Placeholder page script: proves the engine wheel loads in the browser (the real UI replaces this)."""

import sys
from importlib.metadata import version

import kingcore
from pyscript import document

kingcore_version = getattr(kingcore, "__version__", None) or version("kingcore")
document.querySelector("#status").textContent = (
    f"kingcore {kingcore_version} on Python {sys.version.split()[0]}"
)
document.body.dataset.ready = "true"
