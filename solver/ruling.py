"""A case's ruling: the engine's composition of the rule set of the case's edition.

This is the layer above the rule sets: the engine (:mod:`rulings.solver.engine`) knows
table states, steps and how to compose openings into one graph; the rule sets know the
Laws; :class:`Ruling` puts a case, its edition's rule set and the engine together.
"""

from __future__ import annotations

from rulings.models.case import Case
from rulings.solver.config import decisions_for
from rulings.solver.engine import Composition
from rulings.solver.rulesets import get_ruleset
from rulings.solver.rulesets.base import RuleSet
from rulings.solver.rulesets.catalog import families_for


class Ruling(Composition):
    """Everything the solver says about one case: ``irregularities``, ``notices``, the
    ``root`` of the ruling graph, ``restorations()`` (a generator) and ``graph()``."""

    def __init__(self, case: Case, ruleset: RuleSet | None = None) -> None:
        """``ruleset``: by default the case's edition's under the case's decisions (its
        ``decisions`` field: ``config.decisions_for``; a given ``ruleset`` keeps its own), made
        of the rule families its record may need (``catalog.families_for`` its lines: the same
        ruling). Raises CaseFileError (located) for a switch the case names that does not exist."""
        if ruleset is None:
            ruleset = get_ruleset(case.laws, decisions_for(case), families=families_for(case.line_kinds))
        self.ruleset = ruleset
        super().__init__(case, ruleset.for_one_ruling())  # (what its rules keep by position is this ruling's)
