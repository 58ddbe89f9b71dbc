"""The 2017 Laws of Duplicate Bridge (WBF), the default rule set."""

from __future__ import annotations

from rulings.solver.config import Decisions
from rulings.solver.rulesets import revoke
from rulings.solver.rulesets.base import RuleSet, register

RULES = revoke.RULES
OPENERS = revoke.OPENERS


@register("2017")
def laws_2017(decisions: Decisions) -> RuleSet:
    return RuleSet(name="2017", edition="2017", rules=RULES, openers=OPENERS, decisions=decisions)
