"""The 2007 Laws: the same rules, with 2007 clause numbering where it differs.

The withdrawn-information law was 16D in 2007 (16C in 2017). Rules for clauses new in 2017
(such as 62C3) are not in this set; see ``Rule.editions``.
"""

from __future__ import annotations

from rulings.solver.config import Decisions
from rulings.solver.rulesets.base import RuleSet, register
from rulings.solver.rulesets.catalog import edition_ruleset

#: Logical clause names (2017 ids) that 2007 numbers differently.
CLAUSE_NAMES = {"16C": "16D", "16C1": "16D1", "16C2": "16D2", "47F1": "47F1", "53B": "53C", "53C": "53B", "57C3": "57C2",
               "45D1": "45D"}  # 2007 45D is 2017 45D1 in a single clause
#: 2007 57C1 is one clause for "declarer played from both hands" and
#: "dummy played or suggested a card" (2017 57C1 and 57C2).
CLAUSE_NAMES["57C2"] = "57C1"
#: 2007 63A3 covers agreeing to the opponents' claim (2017 63A4); 2007 64C is 2017 64C1.
CLAUSE_NAMES.update({"63A4": "63A3", "64C1": "64C"})


@register("2007")
def laws_2007(decisions: Decisions, families: frozenset[str] | None = None) -> RuleSet:
    return edition_ruleset("2007", decisions, CLAUSE_NAMES, families=families)
