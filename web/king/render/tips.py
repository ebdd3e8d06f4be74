"""The tips of a first deal (issue 30): one line on the felt saying what to do now, from the view model. Pure."""

from __future__ import annotations

from kingcore.web import ViewModel

from ..words import Catalog

CALLS = ("choose_contract", "call_trump", "auction")
"""The phases where a seat calls (a contract, a trump, a bid) rather than plays a card."""


def tip_code(vm: ViewModel) -> str | None:
    """Which tip fits the table now (``tip.<code>``), or ``None`` (a pass screen is up: nothing to say)."""
    if vm["pass_to"] is not None:
        return None
    if vm["phase"] in ("deal_over", "rubber_over"):
        return "over"
    if vm["phase"] in CALLS:
        return "call" if vm["my_turn"] else "wait"
    if vm["contract"] is not None and vm["tricks_done"] == 0 and not vm["trick"]:
        return "contract"
    if vm["my_turn"]:  # a finished trick stays on the table until the next lead
        return "lead" if not vm["trick"] or vm["trick_complete"] else "follow"
    return "trick" if vm["trick_complete"] else "wait"


def tip_text(vm: ViewModel, cat: Catalog) -> str | None:
    """The tip's words (the contract's name and scoring in the deal's first tip; the result panel's and the
    bar's button names in the last — the score sheet's by its short label, the words the button shows at every
    width, the wide label only adding to them), or ``None``."""
    code = tip_code(vm)
    if code is None:
        return None
    if code == "contract":
        c = vm["contract"]
        assert c is not None
        return cat.t("tip.contract", contract=cat.contract_name(c), scoring=cat.contract_line(c))
    if code == "over":
        return cat.t("tip.over", next=cat.t("panel.continue"), sheet=cat.t("bar.sheet"))
    return cat.t(f"tip.{code}")


def panel_tip(vm: ViewModel, cat: Catalog, on: bool) -> str | None:
    """The tip the result panel carries while the tips are ``on``: the last one, what its buttons do (on the
    felt it would lie under the panel, or over its buttons), or ``None``."""
    return tip_text(vm, cat) if on and tip_code(vm) == "over" else None
