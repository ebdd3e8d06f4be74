"""The bot levels a player chooses from, in one registry (issue 20): each level's name, its bot spec, its
thinking budget, whether the page's own thread may play it while the bots' worker starts, and its place on
the ladder. Every other table of levels is read from :data:`REGISTRY`: :data:`kingcore.bots.LEVELS`, the
web session's ``BOT_LEVELS``, the preferences' budgets, the page's main-thread levels and the arena's
ladder (a test fails if a module lists the level names again).

Pure data, no bot imported: the page's session reads it before the bots are loaded.

>>> [lv.name for lv in ladder()]
['random', 'easy', 'medium', 'hard', 'expert']
>>> level("hard").page_spec, level("expert").page_spec
('pimc(samples=20,call_samples=8,budget_ms=350)', 'expert(budget_ms=350,play_ms=130)')
>>> level("expert").spec_at(2.5)
'expert(budget_ms=56,play_ms=52)'
>>> [lv.name for lv in REGISTRY if lv.main_thread]
['easy', 'medium', 'random']
"""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True)
class Level:
    """One bot level.

    Attributes:
        name: what the page, saves and preferences call it (``"hard"``).
        spec: the bot it plays without a wall-clock cap (:func:`kingcore.bots.make_bot` syntax): what the
            arena's ladder plays, so that its results do not depend on the machine's speed.
        rank: its place on the ladder, 0 the weakest.
        budget_ms: the wall-clock cap of one decision in ms (``budget_ms`` of the spec the page plays;
            0: none, the level decides in about a millisecond).
        play_ms: a tighter cap for the cards after the opening lead in ms (0: ``budget_ms`` throughout).
        main_thread: cheap enough (about 1 ms a move) for the page's own thread to play until the bots'
            worker is up.
    """

    name: str
    spec: str
    rank: int
    budget_ms: int = 0
    play_ms: int = 0
    main_thread: bool = False

    @property
    def page_spec(self) -> str:
        """The spec the page plays on the reference device: :attr:`spec` with its caps (``budget_ms``,
        ``play_ms``) when it has any."""
        return self.spec_at(1.0)

    def spec_at(self, slowness: float) -> str:
        """The spec the page plays on a device ``slowness`` (≥ 1) times slower than the reference one
        (:mod:`kingcore.bots.speed` measures it), each cap at least 1 ms: ``play_ms`` divided by the slowness,
        ``budget_ms`` (the opening lead's and the calls' longer time) by its square when the level has a
        ``play_ms`` (never below the new ``play_ms``) — those moves, about one in twenty, are what a player
        waits longest for: on a slow device their extra time goes first (at half a core, slowness ≈ 2.5–3, a
        lead waited 150–200 ms with ``budget_ms`` ÷ slowness); else by the slowness.

        Raises:
            ValueError: ``slowness`` below 1.
        """
        if not slowness >= 1.0:
            raise ValueError(f"a slowness is at least 1, not {slowness}")
        play = max(1, round(self.play_ms / slowness)) if self.play_ms else 0
        budget = max(1, round(self.budget_ms / (slowness * slowness if play else slowness))) if self.budget_ms else 0
        caps = ",".join(f"{k}={v}" for k, v in (("budget_ms", max(budget, play) if budget else 0), ("play_ms", play))
                        if v)
        if not caps:
            return self.spec
        return f"{self.spec[:-1]},{caps})" if self.spec.endswith(")") else f"{self.spec}({caps})"

    @property
    def title(self) -> str:
        """The ladder's name of the level (``"Hard"``)."""
        return self.name.capitalize()


REGISTRY: tuple[Level, ...] = (
    Level("easy", "heuristic(noise=0.2)", rank=1, main_thread=True),
    Level("medium", "heuristic", rank=2, main_thread=True),
    Level("hard", "pimc(samples=20,call_samples=8)", rank=3, budget_ms=350),
    Level("expert", "expert", rank=4, budget_ms=350, play_ms=130),
    Level("random", "random", rank=0, main_thread=True),
)
"""Every bot level, in the order the page offers them (``random``, uniform legal moves, last). The Monte
Carlo levels carry a wall-clock cap per decision (350 ms; *Expert*'s cards after the opening lead 130 ms —
issue 12's browser p95 target —, so that only the opening lead, where its adaptive thinking wants up to 640
deals, waits longer on a slow device; a decision is deterministic as long as the cap is not reached)."""

DEFAULT = "hard"
"""A bot seat's level unless the player chose another."""

LEGACY: dict[str, str] = {"basic": "medium", "random": "random"}
"""Version-1 saves written before per-seat levels had one ``level`` for every bot: what it becomes."""


def level(name: str) -> Level:
    """The level called ``name``.

    Raises:
        KeyError: no level has that name.
    """
    for lv in REGISTRY:
        if lv.name == name:
            return lv
    raise KeyError(f"unknown bot level {name!r} (known: {', '.join(names())})")


def names() -> tuple[str, ...]:
    """The levels' names in the page's order."""
    return tuple(lv.name for lv in REGISTRY)


def ladder() -> list[Level]:
    """The levels weakest first (the arena's ladder)."""
    return sorted(REGISTRY, key=lambda lv: lv.rank)
