"""2017 Law 62C3 (both sides revoke on one trick, only one side has played to the next):
both revokes are corrected, the cards played after them are ruled once as in the 62C
cascade (the next trick's lead stays unless withdrawn, 44G), and every card the defending
side withdraws becomes a penalty card (62C3, 50B); declarer's side's never (48A)."""

from __future__ import annotations

from pathlib import Path

import pytest

from rulings.models.table import PenaltyKind
from rulings.solver.casefile import load
from rulings.solver.engine import Restoration
from rulings.solver.ruling import Ruling
from rulings.solver.summary import distinct

CASES = Path(__file__).resolve().parent.parent / "cases"


def _c3_cases() -> list[Path]:
    return sorted(p for p in CASES.rglob("*.yaml") if "62C3" in p.read_text(encoding="utf-8") and "laws: 2017" in p.read_text(encoding="utf-8"))


def _c3_restorations(path: Path) -> list[Restoration]:
    return [r for r in Ruling(load(path)).restorations() if "62C3" in r.laws and r.path[0].clause == "62C3"]


@pytest.mark.parametrize("path", _c3_cases(), ids=lambda p: p.stem)
def test_each_outcome_once(path: Path) -> None:
    """The cascade walks each card once: no two paths end in one outcome."""
    leaves = list(Ruling(load(path)).restorations())
    assert len(leaves) == len(distinct(leaves))


@pytest.mark.parametrize("path", _c3_cases(), ids=lambda p: p.stem)
def test_every_card_the_defenders_withdraw_is_a_major_penalty_card(path: Path) -> None:
    if "- resume" in path.read_text(encoding="utf-8"):
        pytest.skip("play resumed: a penalty card may since have been played")
    for r in _c3_restorations(path):
        table = r.table
        pcs = {(p.seat, p.card): p.kind for p in table.penalty_cards}
        # (a card taken off the next trick to be played to the revoke trick, the revoker's
        # one card of the suit led, is played again, not withdrawn to the hand)
        standing = {(s, c) for _, s, c in table.plays()}
        for w in table.withdrawn:
            if (w.seat, w.card) in standing:
                continue
            if table.is_defender(w.seat):
                assert pcs.get((w.seat, w.card)) is PenaltyKind.MAJOR, (path.name, r.number, w)
            else:
                assert (w.seat, w.card) not in pcs, (path.name, r.number, w)


def test_the_lead_to_the_next_trick_stays_or_goes_back() -> None:
    """Dummy led to the next trick: the lead stays in some restorations (dummy still wins
    the revoke trick), declarer takes it back in others (62C1), and 44G sends it back where
    another card wins; never a penalty card."""
    rs = _c3_restorations(CASES / "combined" / "two-revokes-one-trick-62c3.yaml")
    kept = [r for r in rs if r.table.trick(3) is not None]
    by_44g = [r for r in rs if "44G" in r.laws]
    assert kept and by_44g and len(kept) + len(by_44g) < len(rs)
    assert all(r.lead is not None and r.lead.name == "N" for r in kept)
