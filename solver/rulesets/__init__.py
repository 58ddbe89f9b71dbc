"""The registry of rule sets, one per Laws edition (``2017`` is the default)."""

from rulings.solver.rulesets import laws2007, laws2017  # noqa: F401  (registers them)
from rulings.solver.rulesets.base import Opening, Rule, RuleSet, get_ruleset, register, ruleset_names

__all__ = ["Opening", "Rule", "RuleSet", "get_ruleset", "register", "ruleset_names"]
