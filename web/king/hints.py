"""The hint for my decision now and the expert's review of my cards in the deal just played, each asked of
the bots' worker (``king.worker``) and kept in ``king.state`` under the position (or deal) it is for: an
answer for a position gone meanwhile is dropped."""

from __future__ import annotations

import json
from collections.abc import Callable
from typing import Any

from pyscript import document, window

from .render.status import hint_words
from .state import State, spawn
from .words import Catalog
from .worker import Bots


class Hints:
    """Hints and reviews of ``state``'s game, asked of ``bots`` (words from ``cat``)."""

    def __init__(self, state: State, bots: Bots, cat: Catalog) -> None:
        self.state, self.bots, self.cat = state, bots, cat

    def ask_hint(self) -> None:
        st = self.state
        s, vm = st.session, st.vm
        if s is None or vm is None or vm["to_move"] != vm["seat"] or s.covered or st.current_hint() is not None:
            return
        key = st.position_key()
        st.hint = {"key": key, "pending": True}
        st.refresh()
        spawn(self.fetch_hint(key, s.bot_request(vm["seat"]), s.bot_seed(vm["seat"]), s.bot_past))

    async def fetch_hint(self, key: Any, request: str, seed: int, feed: Callable[[str], str]) -> None:
        st = self.state
        try:
            answer = json.loads(await self.bots.ask("hint", request, seed, feed=feed))
        except Exception as e:
            window.console.warn(f"king: no hint: {e}")
            st.hint = None
            st.show_toast(self.cat.t("toast.no_hint"))
            st.refresh()
            return
        if st.hint is None or st.hint["key"] != key:
            return  # the position moved on while the bots thought
        st.hint = {"key": key, "pending": False, **hint_words(self.cat, answer)}
        st.refresh()

    def ask_review(self) -> None:
        st = self.state
        s, vm = st.session, st.vm
        if s is None or vm is None or not vm["deal"]:
            return
        key = (s.game_id, vm["deal"], vm["seat"])  # hot seat: the review of the person at the screen
        if st.review is not None and st.review["key"] == key:
            return
        st.review = {"key": key, "pending": True}
        st.refresh()
        spawn(self.fetch_review(key, s.record(), vm["deal"], vm["seat"]))

    async def fetch_review(self, key: Any, record: str, deal: int, seat: int) -> None:
        st = self.state
        try:
            data = json.loads(await self.bots.ask("analyse", record, seat, deal))
        except Exception as e:
            window.console.warn(f"king: no review: {e}")
            data = {"error": str(e)}
        if st.review is not None and st.review["key"] == key:
            st.review = {"key": key, "pending": False, "data": data}
            document.body.dataset.review = str(deal)
            st.refresh()
