"""64B3 for a revoker who held a penalty card of the suit led and also an unfaced card of
that suit, and played another suit: by default a failure to play the penalty card (64B3, no
transfer); with the switch ``revoke_with_unfaced_card_of_the_suit_counts_64a`` an ordinary
revoke (64A). Revokes that hold no unfaced card of the suit, or that follow suit, are 64B3
either way."""

from __future__ import annotations

from pathlib import Path

import pytest

from rulings.solver.casefile import load, loads
from rulings.solver.config import Decisions
from rulings.solver.rulesets import get_ruleset
from rulings.solver.ruling import Ruling

CASES = Path(__file__).resolve().parent.parent / "cases"
UNFACED = "established/own-64b3-penalty-card-holder-discards-holding-an-unfaced-card-of-the-suit{}.yaml"
SWITCH = Decisions(revoke_with_unfaced_card_of_the_suit_counts_64a=True)


def _counts(path: Path | str, edition: str, decisions: Decisions | None = None) -> list[tuple[int, tuple[str, ...]]]:
    case = load(path) if isinstance(path, Path) else loads(path)
    ruling = Ruling(case, get_ruleset(edition, decisions or Decisions()))
    return [(r.node.transfer or 0, tuple(sorted(c for c in r.laws if c.startswith("64") and not c.startswith("64C")))) for r in ruling.restorations()]


@pytest.mark.parametrize(("edition", "suffix"), [("2017", ""), ("2007", "-2007")])
def test_unfaced_card_of_the_suit_switch(edition: str, suffix: str) -> None:
    path = CASES / UNFACED.format(suffix)
    assert _counts(path, edition) == [(0, ("64B3",))]
    assert _counts(path, edition, SWITCH) == [(1, ("64A2",))]


def test_switch_leaves_a_revoke_with_only_the_penalty_card_of_the_suit() -> None:
    # (East's D9 is a club here: the DK, faced, was his only diamond)
    text = (CASES / UNFACED.format("")).read_text().replace('98.A5.K9.6', '98.A5.K.96')
    assert _counts(text, "2017") == _counts(text, "2017", SWITCH) == [(0, ("64B3",))]


def test_switch_leaves_a_penalty_card_not_played_while_following_suit() -> None:
    path = CASES / "combined/major-penalty-card-not-played-established-64b3.yaml"
    assert _counts(path, "2017") == _counts(path, "2017", SWITCH)
    assert all("64B3" in laws for _, laws in _counts(path, "2017", SWITCH))
