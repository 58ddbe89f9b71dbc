"""A revoke established by a claim (63A3) is not corrected (63B): in the cascade of the
other side's revoke on the same trick, which is corrected, its card stays as an established
revoke, and the step says so (not "corrected in its turn")."""

from __future__ import annotations

from pathlib import Path

import pytest

from rulings.solver.casefile import load
from rulings.solver.ruling import Ruling

CASES = Path(__file__).resolve().parent.parent / "cases" / "established"


@pytest.mark.parametrize("edition", ["2017", "2007"])
def test_claimers_own_revoke_in_the_cascade_stays_established(edition: str) -> None:
    path = CASES / f"own-63a3-both-sides-revoke-on-one-trick-declarer-claims-at-once-{edition}.yaml"
    restorations = list(Ruling(load(path)).restorations())
    assert len(restorations) == 2
    for r in restorations:
        steps = [s for s in r.path if s.choice == "must leave it" and "SQ" in s.text]
        assert len(steps) == 1, [s.text for s in r.path]
        step = steps[0]
        assert step.clause == "63B", step.clause
        assert "established" in step.text and "corrected in its turn" not in step.text, step.text
