"""The player's aids on the page (issue 13, item 3), each an option off by default (``king.options``; the
preferences' ``ui``): **undo** of my last card or call and the bots' moves after it (the ``#btn-undo`` button),
**auto-play** of my one legal move after a short pause, and **sounds** for a card played, a trick taken and
the King of hearts taken — short tones made with the Web Audio API (no audio files).

What is pure lives in ``kingcore.web`` (``Session.undo``, ``forced_move``, ``sound_events``); this module
holds the timers, the audio context and the button. The audio context is made on the first click with sounds
on (browsers start audio only after a user gesture); without Web Audio the game plays on silently.
Test marks: ``window.kingStats.sounds`` (sounds asked for with the option on), ``window.kingStats.autoplayed``
(moves auto-play made), ``window.kingStats.staleBots`` (bots' answers ignored: an undo or another tab
came first), ``body[data-autoplay]`` (``off``, ``choice``, ``wait``, ``undone`` or ``none`` at the position
drawn last) and ``body[data-undos]`` (undos done).
"""

from __future__ import annotations

import asyncio
from collections.abc import Callable
from typing import Any

from pyscript import document, window
from pyscript.ffi import create_proxy, is_none

from kingcore.web import ViewModel, forced_move, sound_events

from .state import Change, State, spawn
from .words import Catalog

AUTOPLAY_MS = 500
"""The pause before auto-play makes my one legal move (ms)."""
AUTOPLAY_FAST_MS = 200
"""The same pause with fast bots (ms)."""

TONES: dict[str, tuple[tuple[str, float, float, float, float], ...]] = {
    "card": (("triangle", 660.0, 0.0, 0.06, 0.12),),
    "trick": (("sine", 523.25, 0.0, 0.09, 0.14), ("sine", 783.99, 0.08, 0.12, 0.14)),
    "king": (("square", 196.0, 0.0, 0.16, 0.08), ("square", 146.83, 0.14, 0.30, 0.08)),
}
"""Each sound's notes: (waveform, frequency in Hz, start and length in s, peak gain 0..1)."""


class Assist:
    """Undo, auto-play and sounds for the page's ``state`` (a ``king.state`` subscriber): ``intent`` plays a
    move for the person at the screen, ``in_sync`` checks that no other tab is ahead before an undo."""

    def __init__(self, state: State, cat: Catalog, intent: Callable[[str], Any], in_sync: Callable[[], bool]) -> None:
        self.state, self.cat, self.intent, self.in_sync = state, cat, intent, in_sync
        self.audio: Any = None  # the AudioContext, made on the first click with sounds on
        self.auto_key: Any = None  # the position auto-play was last scheduled for
        self.skip_key: Any = None  # the position an undo returned to: not auto-played again
        self.undos = 0
        window.kingStats.sounds = 0
        window.kingStats.tones = 0
        window.kingStats.autoplayed = 0
        window.kingStats.staleBots = 0  # bots' answers ignored, their position gone (king.botloop)
        document.addEventListener("click", create_proxy(self.gesture), True)

    def on(self, name: str) -> bool:
        """Whether option ``name`` (``undo``, ``autoplay``, ``sounds``) is on."""
        ui = self.state.prefs.get("ui")
        return bool(ui.get(name, False)) if isinstance(ui, dict) else False

    def set_option(self, name: str, value: bool) -> None:
        """Turn option ``name`` on or off and remember it."""
        st = self.state
        ui = dict(st.prefs.get("ui") or {})
        ui[name] = value
        st.prefs["ui"] = ui
        st.store.save_prefs(st.prefs)
        if st.vm is not None:
            st.refresh()

    # ----- after each draw and each move ---------------------------------------------------------------

    def changed(self, change: Change) -> None:
        """A subscriber of the state: a move's sounds."""
        if change.moved and change.before is not None and self.state.vm is not None:
            self.moved(change.before, self.state.vm)

    def drawn(self) -> None:
        """After the table is drawn: the undo button's state; auto-play's timer for a forced move."""
        vm = self.state.vm
        button = document.getElementById("btn-undo")
        if not is_none(button):  # written only when it changes: the bar's observer measures the bar after a write
            hidden, disabled = not self.on("undo"), not (self.on("undo") and vm is not None and vm["undo"]["possible"])
            if bool(button.hidden) != hidden:
                button.hidden = hidden
            if bool(button.disabled) != disabled:
                button.disabled = disabled
        if vm is None or not self.on("autoplay"):
            document.body.dataset.autoplay = "off"
            return
        token = forced_move(vm)
        key = self.state.position_key()
        if token is None:
            document.body.dataset.autoplay = "choice" if vm["my_turn"] else "none"
            return
        if key == self.skip_key:  # an undo came back here: the player chooses again, even a forced move
            document.body.dataset.autoplay = "undone"
            return
        document.body.dataset.autoplay = "wait"
        if key == self.auto_key:
            return
        self.auto_key = key
        spawn(self.autoplay(key, token, AUTOPLAY_FAST_MS if vm["fast"] else AUTOPLAY_MS))

    async def autoplay(self, key: Any, token: str, pause_ms: int) -> None:
        """Play ``token`` for me after ``pause_ms`` unless the position or the option changed meanwhile."""
        await asyncio.sleep(pause_ms / 1000)
        if not self.on("autoplay") or self.state.position_key() != key or key == self.skip_key:
            return
        window.kingStats.autoplayed += 1
        self.intent(token)

    def moved(self, before: ViewModel, after: ViewModel) -> None:
        """After a move (mine or a bot's): its sounds, with the option on."""
        events = sound_events(before, after)
        if not events or not self.on("sounds"):
            return
        window.kingStats.sounds += len(events)
        document.body.dataset.sounds = str(window.kingStats.sounds)
        ctx = self.audio
        if ctx is None or is_none(ctx):
            return  # no click yet: browsers start audio only after a user gesture
        try:
            if str(ctx.state) == "suspended":
                ctx.resume()
            for i, event in enumerate(events):
                self.tone(ctx, event, 0.05 * i)
        except Exception as e:  # audio must never stop the game
            window.console.warn(f"king: no sound: {e}")

    # ----- undo -----------------------------------------------------------------------------------

    def undo(self) -> None:
        """Take back the last move of the person at the screen (hot seat: the viewer) and the bots' moves
        after it (the option on, and only when possible): a bot's move in flight is then ignored (the save's
        counter moves on: ``king.botloop``)."""
        st = self.state
        s = st.session
        start = float(window.performance.now())
        if s is None or s.covered or not self.on("undo") or not self.in_sync() or not s.undo(s.viewer):
            return
        window.kingStats.undoMs = float(window.performance.now()) - start  # the game rebuilt (ms)
        self.undos += 1
        document.body.dataset.undos = str(self.undos)
        st.review = None  # a review of the deal undone is no longer of its cards
        self.skip_key = st.position_key()
        st.commit("undo")  # hot seat: the person at the screen undid their own move

    # ----- sound ----------------------------------------------------------------------------------

    def gesture(self, *_: Any) -> None:
        """Any click: with sounds on, the audio context is made (or resumed) now, inside the gesture."""
        if not self.on("sounds"):
            return
        try:
            if self.audio is None:
                make = window.AudioContext if not is_none(getattr(window, "AudioContext", None)) else None
                if make is None:
                    return
                self.audio = make.new()
            if str(self.audio.state) == "suspended":
                self.audio.resume()
        except Exception as e:  # no Web Audio here: silence
            window.console.warn(f"king: no audio: {e}")
            self.audio = None

    def tone(self, ctx: Any, event: str, offset: float) -> None:
        """Play the notes of ``event`` (:data:`TONES`) ``offset`` seconds from now."""
        now = float(ctx.currentTime) + offset
        for wave, freq, start, length, peak in TONES[event]:
            osc, gain = ctx.createOscillator(), ctx.createGain()
            osc.type = wave
            osc.frequency.setValueAtTime(freq, now + start)
            gain.gain.setValueAtTime(0.0001, now + start)
            gain.gain.exponentialRampToValueAtTime(peak, now + start + 0.01)
            gain.gain.exponentialRampToValueAtTime(0.0001, now + start + length)
            osc.connect(gain)
            gain.connect(ctx.destination)
            osc.start(now + start)
            osc.stop(now + start + length + 0.02)
        window.kingStats.tones += 1
