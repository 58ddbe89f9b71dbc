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


@pytest.mark.parametrize(("name", "why"), [
    ("own-63a4-nos-claim-then-attention-during-the-hand-revoke-corrected-2017.yaml",
     "play ended in S's claim, the non-offending side's; EW's agreement to it establishes the revoke only once 69A makes it "
     "agreed (no objection before the end of the round), and attention was drawn while the hands were still on the table (63A4)"),
    ("own-63a3-offending-side-objects-to-claim-at-once-2007.yaml",
     "the non-offending side's, and E, of the offending side, drew attention at once: EW did not agree to it (63A3)"),
])
def test_a_revoke_not_established_by_the_opponents_claim_says_why(name: str, why: str) -> None:
    """63A: the revoke's line and the step that finds no revoke standing after play say what
    was missing (2017 63A4: the offending side's agreement counts only under 69A; 2007 63A3:
    its member objected at once), not only "not established"."""
    ruling = Ruling(load(CASES / name))
    line = next(i for i in ruling.irregularities if "revoked" in i)
    assert "not established (63A): " in line and why in line, line
    for r in ruling.restorations():
        last = r.path[-1]
        assert last.clause == "62A" and "was not established: " in last.text and why in last.text, last.text


def test_a_revoke_attention_came_before_the_next_trick_says_so() -> None:
    ruling = Ruling(load(CASES.parent / "revoke" / "spec-47d-example.yaml"))
    line = next(i for i in ruling.irregularities if "revoked" in i)
    assert line.endswith("not established (63A): attention was drawn before EW's first lead or play to trick 3 after the revoke (63A1)"), line
