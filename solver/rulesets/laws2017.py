"""The 2017 Laws of Duplicate Bridge (WBF), the default rule set."""

from __future__ import annotations

from rulings.solver.config import Decisions
from rulings.solver.rulesets.base import RuleSet, register
from rulings.solver.rulesets.catalog import edition_ruleset


@register("2017")
def laws_2017(decisions: Decisions, families: frozenset[str] | None = None) -> RuleSet:
    return edition_ruleset("2017", decisions, families=families)
