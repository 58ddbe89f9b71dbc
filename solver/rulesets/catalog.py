"""The rule modules and the order their openers run in.

A rule module defines ``RULES`` (a tuple of :class:`Rule`) and ``OPENERS`` (a tuple of
``(name, opener)``). The editions take every rule whose ``editions`` include them, so a
clause new in 2017 is a rule with ``editions=frozenset({"2017"})`` and simply absent from
the 2007 set. Every opener runs whose record lines or table state (``OPENER_LINES``,
``OPENER_STATE``) say it may find something; the engine composes what they find in record order.
OPENER_PRIORITY is the order where two families would rule the same event: the earlier,
more specific family rules it (a card placed after a refused lead is ruled under 60B, not
as a revoke).
"""

from __future__ import annotations

from collections.abc import Callable
from types import ModuleType

from rulings.models.case import Replay
from rulings.models.table import TableState
from rulings.solver.config import Decisions
from rulings.solver.rulesets import (
    designation,
    dummy_misplay,
    established_revoke,
    exposure,
    leads,
    misinformation,
    penalty,
    revoke,
)
from rulings.solver.rulesets.base import Closer, Opener, Rule, RuleSet

MODULES: tuple[ModuleType, ...] = (misinformation, dummy_misplay, designation, revoke, exposure, leads, penalty, established_revoke)

#: Opener priority where two families would rule the same event (the earlier, more specific
#: one rules it): a card placed after a refused lead (60B) is not also a revoke; a revoke
#: created by dummy's wrong card is ruled with the misplay; a fifth card before an exposure.
OPENER_PRIORITY: tuple[str, ...] = ("misinformation", "designation", "dummy_misplay", "plays_out_of_turn", "revoke", "exposure",
                                    "leads", "penalty")


def rules_for(edition: str) -> tuple[Rule, ...]:
    return tuple(r for m in MODULES for r in m.RULES if edition in r.editions)


def openers_for(edition: str) -> tuple[tuple[str, Opener], ...]:
    """Every module's openers, in :data:`OPENER_PRIORITY` (then module) order."""
    found = [(name, op) for m in MODULES for name, op in m.OPENERS]
    rank = {name: i for i, name in enumerate(OPENER_PRIORITY)}
    return tuple(sorted(found, key=lambda item: rank.get(item[0], len(rank))))


def reopenable() -> frozenset[str]:
    """The openers whose modules declare ``REOPENABLE``: they read only the table."""
    return frozenset(name for m in MODULES for name, _ in m.OPENERS if getattr(m, "REOPENABLE", False))


def opener_lines() -> dict[str, tuple[type, ...]]:
    """The record lines each opener needs (``OPENER_LINES`` of a rule module)."""
    return {name: kinds for m in MODULES for name, kinds in getattr(m, "OPENER_LINES", {}).items()}


def opener_states() -> dict[str, Callable[[TableState], bool]]:
    """What on the table lets an opener find something without one of its record lines
    (``OPENER_STATE`` of a rule module; see ``RuleSet.states``)."""
    return {name: test for m in MODULES for name, test in getattr(m, "OPENER_STATE", {}).items()}


def reopen_states() -> dict[str, Callable[[TableState, Replay], bool]]:
    """What a reopenable opener needs on a rectified table (and in the record's line kinds)
    to find anything there (``REOPEN_STATE`` of a rule module; see ``RuleSet.reopen_states``)."""
    return {name: test for m in MODULES for name, test in getattr(m, "REOPEN_STATE", {}).items()}


def closers_for(edition: str) -> tuple[Closer, ...]:
    """Closers (``CLOSERS`` of a rule module), in module order: what follows every
    rectification of a record (Law 64 after play)."""
    return tuple(c for m in MODULES for c in getattr(m, "CLOSERS", ()))


def edition_ruleset(edition: str, decisions: Decisions, clause_names: dict[str, str] | None = None) -> RuleSet:
    """The rule set of one edition: every rule module's rules, openers and closers for it,
    with this edition's clause ids where they differ from the logical names."""
    return RuleSet(name=edition, edition=edition, rules=rules_for(edition), openers=openers_for(edition), reopenable=reopenable(),
                   closers=closers_for(edition), lines=opener_lines(), states=opener_states(), reopen_states=reopen_states(),
                   clause_names=clause_names or {}, decisions=decisions)
