"""A case's ruling: the engine's composition of the rule set of the case's edition.

This is the layer above the rule sets: the engine (:mod:`rulings.solver.engine`) knows
table states, steps and how to compose openings into one graph; the rule sets know the
Laws; :class:`Ruling` puts a case, its edition's rule set and the engine together.
"""

from __future__ import annotations

from rulings.models.case import Case
from rulings.solver.engine import Composition
from rulings.solver.rulesets import get_ruleset
from rulings.solver.rulesets.base import RuleSet


class Ruling(Composition):
    """Everything the solver says about one case: ``irregularities``, ``notices``, the
    ``root`` of the ruling graph, ``restorations()`` (a generator) and ``graph()``."""

    def __init__(self, case: Case, ruleset: RuleSet | None = None) -> None:
        self.ruleset = ruleset if ruleset is not None else get_ruleset(case.laws)
        super().__init__(case, self.ruleset)
