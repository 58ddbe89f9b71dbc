"""The rule modules and the order their openers run in.

A rule module defines ``RULES`` (a tuple of :class:`Rule`) and ``OPENERS`` (a tuple of
``(name, opener)``). The editions take every rule whose ``editions`` include them, so a
clause new in 2017 is a rule with ``editions=frozenset({"2017"})`` and simply absent from
the 2007 set. Every opener runs whose record lines or table state (``OPENER_LINES``,
``OPENER_STATE``) say it may find something; the engine composes what they find in record order.
A module whose branches record the director's findings of fact names them in ``FINDINGS``
(the words a claim's ``finding`` atom may use). OPENER_PRIORITY is the order where two
families would rule the same event: the earlier, more specific family rules it (a card
placed after a refused lead is ruled under 60B, not as a revoke).
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from importlib import import_module
from types import ModuleType

from rulings.models.case import Replay
from rulings.models.events import (
    Call,
    ChangeDesignation,
    CorrectExplanation,
    Expose,
    FifthCard,
    Inquiry,
    LeadWarning,
    LostRights,
    Misinformed,
    Name,
    NamePlay,
    Omit,
    PlayBeforeTurn,
    Simultaneous,
    Touch,
)
from rulings.models.table import TableState
from rulings.solver.config import Decisions
from rulings.solver.rulesets import established_revoke, leads, penalty, revoke  # noqa: F401  (loaded with the catalog)
from rulings.solver.rulesets.base import Answerer, Closer, Cutter, LeftDue, Opener, Rule, RuleSet

#: the rule families (their modules), in the order their rules, openers and closers are taken
FAMILIES: tuple[str, ...] = ("dummy_limits", "misinformation", "dummy_misplay", "designation", "revoke", "exposure", "leads", "penalty",
                             "defective", "established_revoke")

#: The families a record need not load: every opener of theirs needs one of these record lines
#: (their ``OPENER_LINES``), and they have no table test (``OPENER_STATE``), reopening or
#: closer, so in a record without one of these lines they cannot find anything; a task of
#: theirs another family makes is still ruled (``RuleSet.expand``). Loaded only for a record
#: that has such a line (start-up: the four cost about 3 ms to import, and the bundled case
#: has none of their lines). ``tests/test_rulesets.py`` checks this table against the modules.
ON_LINES: dict[str, tuple[type, ...]] = {
    "dummy_limits": (LostRights, Inquiry, LeadWarning),
    "misinformation": (Misinformed, CorrectExplanation),
    "dummy_misplay": (Call,),
    "designation": (Call, ChangeDesignation, Touch, Name, NamePlay),
    "exposure": (Expose, Name, FifthCard, Simultaneous, PlayBeforeTurn),
    "defective": (Omit,),
}


def modules(families: frozenset[str] | None = None) -> tuple[ModuleType, ...]:
    """The rule modules of ``families`` (None: all), in :data:`FAMILIES` order, each
    imported when first asked for."""
    return tuple(import_module(f"rulings.solver.rulesets.{name}") for name in FAMILIES if families is None or name in families)


def families_for(kinds: Iterable[type]) -> frozenset[str]:
    """The families a record whose lines are of ``kinds`` may need: all but those of
    :data:`ON_LINES` with none of their lines among them (worked out once per set of kinds)."""
    present = frozenset(kinds)
    found = _FAMILIES_OF.get(present)
    if found is None:
        if len(_FAMILIES_OF) >= 256:
            _FAMILIES_OF.clear()
        found = _FAMILIES_OF[present] = frozenset(name for name in FAMILIES if name not in ON_LINES or present.intersection(ON_LINES[name]))
    return found


#: :func:`families_for` of each set of kinds of line asked about (a few dozen sets at most)
_FAMILIES_OF: dict[frozenset[type], frozenset[str]] = {}


def __getattr__(name: str) -> tuple[ModuleType, ...]:
    if name == "MODULES":  # every rule module, in FAMILIES order
        return modules()
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")


#: Opener priority where two families would rule the same event (the earlier, more specific
#: one rules it): a defender's irregularity dummy first pointed out after breaking 43A2 gets
#: no rectification (43B3), so no other family rectifies it; a card placed after a refused
#: lead (60B) is not also a revoke; a revoke created by dummy's wrong card is ruled with the misplay; a fifth card before an exposure.
OPENER_PRIORITY: tuple[str, ...] = ("dummy_limits", "misinformation", "designation", "dummy_misplay", "plays_out_of_turn", "revoke", "exposure",
                                    "leads", "penalty")


def rules_for(edition: str, mods: tuple[ModuleType, ...] | None = None) -> tuple[Rule, ...]:
    return tuple(r for m in (mods if mods is not None else modules()) for r in m.RULES if edition in r.editions)


def openers_for(edition: str, mods: tuple[ModuleType, ...] | None = None) -> tuple[tuple[str, Opener], ...]:
    """Every module's openers, in :data:`OPENER_PRIORITY` (then module) order."""
    found = [(name, op) for m in (mods if mods is not None else modules()) for name, op in m.OPENERS]
    rank = {name: i for i, name in enumerate(OPENER_PRIORITY)}
    return tuple(sorted(found, key=lambda item: rank.get(item[0], len(rank))))


def reopenable(mods: tuple[ModuleType, ...] | None = None) -> frozenset[str]:
    """The openers a module declares ``REOPENABLE`` (True: all of its openers; else the
    names of those): they read only the table."""
    found: set[str] = set()
    for m in mods if mods is not None else modules():
        declared = getattr(m, "REOPENABLE", False)
        found.update(name for name, _ in m.OPENERS if declared is True or (declared and name in declared))
    return frozenset(found)


def opener_lines(mods: tuple[ModuleType, ...] | None = None) -> dict[str, tuple[type, ...]]:
    """The record lines each opener needs (``OPENER_LINES`` of a rule module)."""
    return {name: kinds for m in (mods if mods is not None else modules()) for name, kinds in getattr(m, "OPENER_LINES", {}).items()}


def opener_states(mods: tuple[ModuleType, ...] | None = None) -> dict[str, Callable[[TableState], bool]]:
    """What on the table lets an opener find something without one of its record lines
    (``OPENER_STATE`` of a rule module; see ``RuleSet.states``)."""
    return {name: test for m in (mods if mods is not None else modules()) for name, test in getattr(m, "OPENER_STATE", {}).items()}


def reopen_states(mods: tuple[ModuleType, ...] | None = None,
                  decisions: Decisions | None = None) -> dict[str, Callable[[TableState, Replay], bool]]:
    """What a reopenable opener needs on a rectified table (and in the record's line kinds)
    to find anything there (``REOPEN_STATE`` of a rule module; see ``RuleSet.reopen_states``)."""
    out: dict[str, Callable[[TableState, Replay], bool]] = {}
    for m in mods if mods is not None else modules():
        made = getattr(m, "REOPEN_STATE_FOR", None)  # (a test that depends on the decisions)
        out.update(made(decisions) if made is not None and decisions is not None else getattr(m, "REOPEN_STATE", {}))
    return out


def reopen_reads_leader(decisions: Decisions, mods: tuple[ModuleType, ...] | None = None) -> bool:
    """Whether a module's reopening test under ``decisions`` reads who leads next on a
    rectified table (``REOPEN_READS_LEADER`` of a rule module; see ``RuleSet.look_reads_leader``)."""
    return any(test(decisions) for m in (mods if mods is not None else modules())
               if (test := getattr(m, "REOPEN_READS_LEADER", None)) is not None)


def findings(mods: tuple[ModuleType, ...] | None = None) -> frozenset[str]:
    """The findings of fact a branch may record (``FINDINGS`` of a rule module): the words
    of the claim atom ``finding <finding>``."""
    return frozenset(f for m in (mods if mods is not None else modules()) for f in getattr(m, "FINDINGS", ()))


def closers_for(edition: str, mods: tuple[ModuleType, ...] | None = None) -> tuple[Closer, ...]:
    """Closers (``CLOSERS`` of a rule module), in module order: what follows every
    rectification of a record (Law 64 after play)."""
    return tuple(c for m in (mods if mods is not None else modules()) for c in getattr(m, "CLOSERS", ()))


def cutters_for(mods: tuple[ModuleType, ...] | None = None) -> tuple[Cutter, ...]:
    """What finds a line of the record's first part after which the table played on from a
    choice ruled there without the director (``PLAYED_ON_FROM`` of a rule module: 54A)."""
    return tuple(c for m in (mods if mods is not None else modules()) for c in getattr(m, "PLAYED_ON_FROM", ()))


def answerers_for(mods: tuple[ModuleType, ...] | None = None) -> tuple[Answerer, ...]:
    """What reads the choices stated after attention for whichever rule offers them
    (``ANSWERS`` of a rule module: declarer's 50D2/51B choice at a lead)."""
    return tuple(a for m in (mods if mods is not None else modules()) for a in getattr(m, "ANSWERS", ()))


def leftovers_for(mods: tuple[ModuleType, ...] | None = None) -> tuple[LeftDue, ...]:
    """What reads a restoration for what it leaves due unenumerated (``LEFT_DUE`` of a rule
    module: declarer's 50D2/51B choice at the partner's lead)."""
    return tuple(a for m in (mods if mods is not None else modules()) for a in getattr(m, "LEFT_DUE", ()))


def edition_ruleset(edition: str, decisions: Decisions, clause_names: dict[str, str] | None = None, *,
                    families: frozenset[str] | None = None) -> RuleSet:
    """The rule set of one edition: every rule module's rules, openers and closers for it
    (those of ``families`` only, when given), with this edition's clause ids where they
    differ from the logical names."""
    mods = modules(families)
    return RuleSet(name=edition, edition=edition, rules=rules_for(edition, mods), openers=openers_for(edition, mods),
                   reopenable=reopenable(mods), closers=closers_for(edition, mods), cutters=cutters_for(mods),
                   answerers=answerers_for(mods), leftovers=leftovers_for(mods),
                   lines=opener_lines(mods),
                   states=opener_states(mods), reopen_states=reopen_states(mods, decisions), clause_names=clause_names or {},
                   decisions=decisions, families=families, look_reads_leader=reopen_reads_leader(decisions, mods))
