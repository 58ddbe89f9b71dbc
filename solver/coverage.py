"""Which clauses a body of cases exercises: the clauses on the paths of their restorations.

>>> from importlib.resources import files
>>> cov = Coverage()
>>> cov.add(load(str(files("rulings.solver").joinpath("data/example-47d.yaml"))))
>>> rep = cov.report("2017")
>>> "62C2" in rep["by_clause"], "45D1" in rep["uncovered"], "45D1" in rep["unexercised"], "67A1" in rep["out_of_scope"]
(True, True, True, True)
"""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Iterable
from dataclasses import field
from pathlib import Path
from typing import Any

from rulings.models.case import Case
from rulings.models.dataclass import dataclass
from rulings.models.errors import RulingError
from rulings.solver.casefile import iter_case_files, load
from rulings.solver.clauses import ClauseBook
from rulings.solver.ruling import Ruling

EDITIONS = ("2017", "2007")


@dataclass
class Coverage:
    """Clause id -> the case files whose restorations apply it, per edition."""

    used: dict[str, dict[str, set[str]]] = field(default_factory=lambda: {e: defaultdict(set) for e in EDITIONS})
    cases: dict[str, int] = field(default_factory=lambda: dict.fromkeys(EDITIONS, 0))
    errors: list[str] = field(default_factory=list)
    crashes: list[str] = field(default_factory=list)

    def add(self, case: Case, *, limit: int | None = 10_000, budget: int | None = None) -> None:
        """Add the clauses of every restoration of ``case`` (up to ``limit`` of them, within
        ``budget`` expanded nodes: a ruling stopped there is named in ``errors``)."""
        name = case.file or "<case>"
        self.cases[case.laws] += 1
        ruling = Ruling(case)
        for r in ruling.restorations(limit=limit, budget=budget):
            for clause in r.laws:
                self.used[case.laws][clause].add(name)
        if ruling.exhausted:
            self.errors.append(f"{name}:1: the ruling needs more than {budget} expanded nodes: "
                               "the clauses counted are those of the restorations found so far; raise --budget")

    def report(self, edition: str) -> dict[str, Any]:
        book = ClauseBook.load()
        all_ids = book.ids(edition)
        used = self.used[edition]
        covered = [c for c in all_ids if c in used]
        ruled = implemented(edition) | set(used)
        return {
            "edition": edition,
            "cases": self.cases[edition],
            "clauses": len(all_ids),
            "covered": len(covered),
            "by_clause": {c: sorted(used[c]) for c in covered},
            "uncovered": [c for c in all_ids if c not in used],
            # of the clauses no case applies: those a rule of this edition cites (implemented,
            # not exercised by these cases) and those no rule cites (out of scope)
            "unexercised": [c for c in all_ids if c not in used and c in ruled],
            "out_of_scope": [c for c in all_ids if c not in ruled],
        }


def implemented(edition: str) -> set[str]:
    """The clause ids the rules of ``edition`` cite (each rule's ``cites``, in this edition's
    numbering)."""
    from rulings.solver.rulesets import get_ruleset

    rs = get_ruleset(edition)
    return {rs.cite(c) for rule in rs.rules for c in rule.cites}


def measure(paths: Iterable[str | Path], budget: int | None = None) -> Coverage:
    """Coverage of every case file under ``paths``; unreadable files are listed in ``errors``,
    files that make this package fail unexpectedly in ``crashes`` (the others still count)."""
    from rulings.solver.lawful import lawful_cards

    cov = Coverage()
    for path in iter_case_files(list(paths)):
        lawful_cards.cache_clear()  # rulings are independent: memory flat in the number of files (as verify)
        try:
            cov.add(load(path), budget=budget)
        except RulingError as err:
            cov.errors.append(str(err.located(file=str(path))))
        except (KeyboardInterrupt, SystemExit, GeneratorExit):
            raise
        except BaseException as err:
            cov.crashes.append(f"{path}: internal error: {type(err).__name__}: {str(err)[:200]}")
    return cov
