"""The 2007 Laws: the same rules, with 2007 clause numbering where it differs.

The withdrawn-information law was 16D in 2007 (16C in 2017); 62C3 (both sides revoke on one
trick) did not exist, so the 2007 set has no rule for it.
"""

from __future__ import annotations

from rulings.solver.config import Decisions
from rulings.solver.rulesets import revoke
from rulings.solver.rulesets.base import RuleSet, register

CLAUSE_NAMES = {"16C": "16D", "16C1": "16D1", "16C2": "16D2"}


@register("2007")
def laws_2007(decisions: Decisions) -> RuleSet:
    return RuleSet(
        name="2007",
        edition="2007",
        rules=revoke.RULES,
        openers=revoke.OPENERS,
        clause_names=CLAUSE_NAMES,
        decisions=decisions,
    )
