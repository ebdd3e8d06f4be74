"""The display options (issue 13), pure: each option of the preferences' ``ui`` dict that changes how the
table looks becomes a data attribute of ``<body>``, and the style sheet does the rest — large cards
(``data-cards="large"``) and a four-colour deck (``data-deck="four"``: ♠ black, ♥ red, ♦ blue, ♣ green,
the suit's sign still on every card, so the colour is never the only difference).

>>> body_marks({"large_cards": True, "four_colour": False})
{'cards': 'large', 'deck': ''}
"""

from __future__ import annotations

from collections.abc import Mapping

DISPLAY_OPTIONS: dict[str, tuple[str, str]] = {
    "large_cards": ("cards", "large"),
    "four_colour": ("deck", "four"),
}
"""Each display option (a key of the preferences' ``ui``): the ``<body>`` data attribute (``dataset``
name) and the value it takes when the option is on."""


def body_marks(ui: Mapping[str, object]) -> dict[str, str]:
    """The ``<body>`` data attributes for the options ``ui`` (a missing option is off): name → value,
    ``""`` for an option that is off (the page removes the attribute)."""
    return {mark: value if ui.get(option) is True else "" for option, (mark, value) in DISPLAY_OPTIONS.items()}
