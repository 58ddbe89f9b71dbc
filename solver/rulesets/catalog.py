"""The rule modules and the order their openers run in.

A rule module defines ``RULES`` (a tuple of :class:`Rule`) and ``OPENERS`` (a tuple of
``(name, opener)``). The editions take every rule whose ``editions`` include them, so a
clause new in 2017 is a rule with ``editions=frozenset({"2017"})`` and simply absent from
the 2007 set. Openers run in module order; the first that finds something to rule on wins.
"""

from __future__ import annotations

from types import ModuleType

from rulings.solver.rulesets import (
    designation,
    dummy_misplay,
    established_revoke,
    exposure,
    leads,
    leads_gaps,
    misinformation,
    penalty,
    revoke,
    revoke_leads,
)
from rulings.solver.rulesets.base import Closer, Opener, Rule

MODULES: tuple[ModuleType, ...] = (misinformation, dummy_misplay, designation, revoke_leads, revoke, exposure, leads_gaps, leads, penalty,
                                   established_revoke)


def rules_for(edition: str) -> tuple[Rule, ...]:
    return tuple(r for m in MODULES for r in m.RULES if edition in r.editions)


def openers_for(edition: str) -> tuple[tuple[str, Opener], ...]:
    return tuple((name, op) for m in MODULES for name, op in m.OPENERS)


def closers_for(edition: str) -> tuple[Closer, ...]:
    """Closers (``CLOSERS`` of a rule module), in module order: they run after the opener."""
    return tuple(c for m in MODULES for c in getattr(m, "CLOSERS", ()))
