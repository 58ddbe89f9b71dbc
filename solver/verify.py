"""Check a case's ``expect`` claims against every restoration the solver finds."""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass, field
from pathlib import Path

from rulings.models.case import Case
from rulings.models.errors import BudgetError, RulingError
from rulings.solver.casefile import case_files, load
from rulings.solver.claims import ClaimResult, check, parse_claim
from rulings.solver.engine import Restoration
from rulings.solver.ruling import Ruling
from rulings.solver.summary import distinct


@dataclass
class CaseReport:
    """The outcome of verifying one case file."""

    file: str
    case: Case | None = None
    ruling: Ruling | None = None
    restorations: list[Restoration] = field(default_factory=list)
    results: list[ClaimResult] = field(default_factory=list)
    error: RulingError | None = None
    #: a failure of the solver itself on this file (a bug, not the input's fault), in words
    crash: str | None = None

    @property
    def passed(self) -> int:
        return sum(1 for r in self.results if r.passed)

    @property
    def failed(self) -> int:
        return sum(1 for r in self.results if not r.passed) + (1 if self.error is not None or self.crash is not None else 0)


def verify_case(case: Case, budget: int | None = None) -> CaseReport:
    """Enumerate the case's restorations and check each claim.

    Raises RulingError (located) for a claim that cannot be parsed, and BudgetError for a
    ruling that needs more than ``budget`` expanded nodes (its claims cannot be decided on a
    part of it).
    """
    ruling = Ruling(case)
    claims = [parse_claim(c.text, line=c.line, edition=case.laws) for c in case.expect]
    restorations = distinct(ruling.restorations(budget=budget))
    if ruling.exhausted:
        raise BudgetError(
            f"the ruling needs more than {budget} expanded nodes ({len(restorations)} restorations found so far): "
            "its claims cannot be decided; raise --budget", file=case.file, line=1, token=str(budget))
    report = CaseReport(case.file or "<case>", case, ruling, restorations)
    report.results = [check(c, restorations) for c in claims]
    return report


def verify_paths(paths: list[str | Path], budget: int | None = None) -> Iterator[CaseReport]:
    """Verify every case file under ``paths``; a broken file yields a report with ``error``,
    a ruling past ``budget`` expanded nodes one with a BudgetError."""
    for path in case_files(paths):
        try:
            case = load(path)
            yield verify_case(case) if budget is None else verify_case(case, budget)
        except RulingError as err:
            err.located(file=str(path))
            yield CaseReport(str(path), error=err)
        except RecursionError:
            yield CaseReport(str(path), crash="RecursionError (the ruling is too deep)")
        except Exception as err:  # a bug: reported for this file, the others are still verified
            yield CaseReport(str(path), crash=f"{type(err).__name__}: {err}")
