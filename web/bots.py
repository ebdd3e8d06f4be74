"""The bots' worker (a named PyScript worker): the same kingcore wheel as the page, one function across.

Only JSON text and numbers cross the thread boundary: the page sends one seat's view
(``SeatView.to_dict()`` as JSON), the bot level and a seed, and gets a move token back.
"""

from kingcore.webapi import bot_move


def choose(view_json: str, level: str, seed: int) -> str:
    """A legal move token for the seat whose view ``view_json`` is (see ``kingcore.webapi.choose``)."""
    return bot_move(str(view_json), str(level), int(seed))


__export__ = ["choose"]
