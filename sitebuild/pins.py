"""Pinned third-party versions: the ONE place to change them.

Hashes are checked on download; when a version is bumped, set its hash to ``""`` once: the build then
prints the hash it saw, to pin here.
"""

from __future__ import annotations

PYODIDE_VERSION = "314.0.2"  # npm `pyodide` (Python 3.14 inside); PyScript 0.7.31's own default
PYODIDE_INTEGRITY = (
    "sha512-rXkXOriXhzRkEV/coVGELjz4da77oNQEOu8hOf8dtBHEKOzqoIAmSJGeKuPl4wbLDv9EDibfKOchnC73CVX4DQ=="
)
PYSCRIPT_VERSION = "0.7.31"  # npm `@pyscript/core`
PYSCRIPT_INTEGRITY = (
    "sha512-GqM1aonc1N4RTkNZ1zJ8jJk8+i2cqeztZslPsAiQtn+wHHkUX9Z1FgIg4HjCvhBylB68UKmbTVTzOobpgPIMVQ=="
)
MICROPIP_VERSION = "0.11.1"  # PyPI wheel, vendored next to pyodide.mjs (the npm package has no wheels)
MICROPIP_SHA256 = "768de165adb8e66906039d8fec4127a57f522dfdf8e6fbff877a4616941ecfd3"
SEGNO_VERSION = "1.6.6"  # PyPI wheel (pure Python): the friends-online QR codes, installed in the page on first use
SEGNO_SHA256 = "28c7d081ed0cf935e0411293a465efd4d500704072cdb039778a2ab8736190c7"
# PyPI wheels (pure Python, py2.py3): mental poker's group (python-ecdsa, P-256) and its one dependency, which
# Pyodide does not ship; installed with the friends-online wheel (web/king/netload.py); pyproject.toml's pin too
ECDSA_VERSION = "0.19.2"
ECDSA_SHA256 = "840f5dc5e375c68f36c1a7a5b9caad28f95daa65185c9253c0c08dd952bb7399"
SIX_VERSION = "1.17.0"
SIX_SHA256 = "4721f391ed90541fddacab5acf947aa0d3dc7d27b2e1e8eda2be8970586c3274"
# npm `@trystero-p2p/core` and `@trystero-p2p/nostr` (all that npm `trystero` re-exports): the rooms' serverless
# signalling over public Nostr relays, which web/peer.js loads on a room's first join
TRYSTERO_VERSION = "0.25.4"
TRYSTERO_CORE_INTEGRITY = (
    "sha512-ehvSL1FqW962XyEctXngeDF/IOM1bWmfCKBNR4vwmVa0JGfM0+dlY4TEzSEGghYp3qqGCrpFIVTxdvlBUGVO6Q=="
)
TRYSTERO_NOSTR_INTEGRITY = (
    "sha512-QDox1VVHl0ro/CLfQVUtMS9EQbtJhQM7CCsO4SGv9KrPBT+x3bmOqQ4Y6iugsLzQ6sW+a2cwUTxjDRz/BywqMg=="
)
SECP256K1_VERSION = "3.2.0"  # npm `@noble/secp256k1`: the Nostr events' Schnorr signatures (trystero needs ^3.1)
SECP256K1_INTEGRITY = (
    "sha512-Z3ZAWOTxJ0EuTuZTi7Y69iK7GgrLHh8sgm45lVDhg/b3Nk1TpAiKhick2KkZisHuupeepSkyIydN/J459SdX1w=="
)
NOSTR_RELAY_VERSION = "1.14"  # PyPI `nostr-relay`: `python build.py relay` and the browser tests' relay on the loopback
AXE_VERSION = "4.14.1"  # npm `axe-core`: the browser tests' accessibility scan only, never in the site
AXE_INTEGRITY = (
    "sha512-FHfa+lmNjQZfJz1q8wKqIDwC6DExcHt/pkjNQb09a3NPjCKg2rhu5qb2S4r76ASyFNNtuFooJpZe37OgudVGtQ=="
)
