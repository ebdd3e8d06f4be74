"""The page's toast (web/king/toasts.py, drawn by king.screen): notes said while another is up join it — none
replaces another (a new user's «Раздача 2 отменена…» was replaced at once by «Петя: нет на месте…») —, each short
note goes on its own time, a lasting one stays until the person moves, and the same words said again show once."""

from __future__ import annotations

import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).parent.parent / "web"))
from king.toasts import MOST, SHORT_MS, Toasts

ANNULLED = "Раздача 2 отменена и будет сдана заново."
AWAY = "Петя: нет на месте — ждём или бот."


def test_a_note_said_while_another_is_up_joins_it() -> None:
    t = Toasts()
    t.add(ANNULLED, 0)
    t.add(AWAY, 100)
    assert t.text == f"{ANNULLED}\n{AWAY}"  # both read, oldest first
    assert not t.expire(SHORT_MS - 1)
    assert t.expire(SHORT_MS)  # the first goes on its own time…
    assert t.text == AWAY
    assert t.due() == 100 + SHORT_MS  # …the second on its own
    assert t.expire(100 + SHORT_MS) and t.text is None and t.due() is None


def test_the_same_words_show_once_and_their_time_starts_again() -> None:
    t = Toasts()
    for now in range(0, 1000, 10):  # a burst of one refusal
        t.add(AWAY, now)
    assert t.text == AWAY and t.due() == 990 + SHORT_MS


def test_notes_past_the_most_shown_wait_for_room_none_lost() -> None:
    t = Toasts()
    said = [f"note {i}" for i in range(MOST + 2)]
    for i, words in enumerate(said):
        t.add(words, i)
    assert t.text == "\n".join(said[:MOST])
    seen = set(said[:MOST])
    now = 0.0
    while t.text is not None:
        due = t.due()
        assert due is not None
        now = due
        t.expire(now)
        seen.update((t.text or "").split("\n"))
    assert seen - {""} == set(said)


def test_a_lasting_note_stays_until_the_person_moves_and_its_key_replaces_it() -> None:
    t = Toasts()
    t.add("Раздача 3 отменена: страница игрока Маша перезагружена — раздаём её заново…", 0, lasting=True,
          key="redeal:3")
    t.add(AWAY, 10)
    t.add("Раздача 3 сдана заново: страница игрока Маша перезагружена.", 20, lasting=True, key="redeal:3")
    assert t.text == f"Раздача 3 сдана заново: страница игрока Маша перезагружена.\n{AWAY}"
    t.expire(10 * SHORT_MS)
    assert t.text == "Раздача 3 сдана заново: страница игрока Маша перезагружена."  # still up
    assert t.due() is None
    t.clear(10 * SHORT_MS, lasting=False)  # (the short ones only)
    assert t.text is not None
    t.clear(10 * SHORT_MS)
    assert t.text is None


def test_lasting_notes_never_keep_a_refusal_waiting_and_a_later_deal_replaces_the_earlier() -> None:
    t = Toasts()
    t.add("Эта страница была перезагружена…", 0, lasting=True, key="reload:2")
    t.add("Раздача 2 отменена и сдана заново…", 1, lasting=True, key="redeal:2")
    t.add("Раздача 3 отменена и будет сдана заново…", 2, lasting=True, key="redeal:3")  # (deal 2's note replaced)
    for i in range(MOST):
        t.add(f"note {i}", 3 + i)
    assert t.text == "\n".join(["Эта страница была перезагружена…", "Раздача 3 отменена и будет сдана заново…",
                                 *(f"note {i}" for i in range(MOST))])
    t.add("Нельзя: нужно ходить в ♠.", 10)  # the short ones full: it waits for the first to go, not for a move
    assert "Нельзя" not in (t.text or "")
    t.expire(3 + SHORT_MS)
    assert (t.text or "").endswith("Нельзя: нужно ходить в ♠.")


def test_a_note_of_a_deal_goes_once_that_deal_is_over_or_untrue() -> None:
    t = Toasts()
    t.add("Раздача 3 отменена и будет сдана заново.", 0, lasting=True, key="redeal:3")
    t.add("Эта страница была перезагружена…", 0, lasting=True, key="reload:3")
    t.add(AWAY, 0)
    assert not t.over(2) and len(t.shown) == 3  # (deal 2 over, deal 3 being dealt again: still true)
    assert t.forget("reload:3") and not t.forget("reload:3")  # (dealt again: "will be dealt again" untrue)
    assert t.text == f"Раздача 3 отменена и будет сдана заново.\n{AWAY}"
    assert t.over(3) and t.text == AWAY  # (deal 3 over: a lasting note of it no longer stays up)
    t.add("Раздача 4 отменена и сдана заново.", 0, lasting=True, key="redeal:4")
    t.add("Дальше", 0)
    assert t.keys() == ["redeal:4"]  # (the keyed notes only: the page asks each whether it is still true)
