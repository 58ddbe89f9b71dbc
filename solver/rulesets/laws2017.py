"""The 2017 Laws of Duplicate Bridge (WBF), the default rule set."""

from __future__ import annotations

from rulings.solver.config import Decisions
from rulings.solver.rulesets.base import RuleSet, register
from rulings.solver.rulesets.catalog import (
    closers_for,
    opener_lines,
    opener_states,
    openers_for,
    reopen_states,
    reopenable,
    rules_for,
)


@register("2017")
def laws_2017(decisions: Decisions) -> RuleSet:
    return RuleSet(name="2017", edition="2017", rules=rules_for("2017"), openers=openers_for("2017"), reopenable=reopenable(), closers=closers_for("2017"), lines=opener_lines(), states=opener_states(), reopen_states=reopen_states(), decisions=decisions)
